//! The catalog: GPU specs, providers, regions and offers with sourced prices.
//!
//! The data lives in `src/data/catalog.json` and is embedded at compile time
//! in a compact binary form (see `domain::embedded` and `domain::wire`). Every price carries a source id and an as-of
//! date; validation lives in [`crate::domain::validate`].

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::codes::code_enum;

mod dates;
mod ids;
mod offers;

// build.rs compiles this module too and reads only some of these (in the
// library they are public paths, never unused)
#[allow(unused_imports)]
pub use dates::{as_of_days, date_of_days, is_stale_at, STALE_AFTER_DAYS};
#[allow(unused_imports)]
pub use ids::{GpuId, OfferId, RegionCode, UsageRateCode};
#[allow(unused_imports)]
pub use offers::{
    preferred, Fabric, GpuLink, Network, Offer, Price, PriceKind, RdmaKind, SpotBand, Step, Upfront,
};

/// The bundled catalog file.
pub const CATALOG_JSON: &str = include_str!("../../data/catalog.json");

/// A catalog file's content hash: the first 8 hex digits of its FNV-1a 64
/// hash, so the dataset version changes with any edit.
pub fn catalog_hash(json: &[u8]) -> String {
    core::str::from_utf8(&hex8(fnv1a64(json)))
        .expect("hex digits are ASCII")
        .to_owned()
}

/// FNV-1a 64 of `bytes`.
pub const fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

const fn hex8(v: u64) -> [u8; 8] {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = [0u8; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = DIGITS[((v >> (60 - 4 * i)) & 0xf) as usize];
        i += 1;
    }
    out
}

code_enum! {
    /// A cloud provider; the code is used in ids and links.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum ProviderId {
        Aws = "aws",
        Azure = "azure",
        Alibaba = "alibaba",
        Tencent = "tencent",
    }
}

code_enum! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    pub enum Currency {
        USD = "USD",
        CNY = "CNY",
    }
}

code_enum! {
    /// JSON uses the snake-case name, links the short code.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum RegionGroup {
        MainlandChina = "cn",
        AsiaPacific = "apac",
        Americas = "amer",
        Europe = "eu",
    }
}

code_enum! {
    /// How much to trust a source.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum SourceKind {
        /// The vendor's own page, API or docs repository.
        Primary = "primary",
        /// Built from the vendor's API by a third party (e.g. instances.vantage.sh, SkyPilot).
        Aggregator = "aggregator",
        /// Blog, article or other second-hand copy.
        Secondary = "secondary",
        /// Computed by us from other sourced figures; the note says how.
        Derived = "derived",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// Short id referenced by prices, GPUs and facts.
    pub id: String,
    pub title: String,
    /// Repository path @ commit, or URL.
    pub reference: String,
    /// Date (or period) the source's figures are valid for, ISO-like.
    pub as_of: String,
    /// `as_of` in Chinese, where it says more than a date (the data
    /// screen shows it; the worker's data only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of_zh: Option<String>,
    pub kind: SourceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// `note` in Chinese (the worker's data only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_zh: Option<String>,
}

code_enum! {
    /// What an accelerator is: a GPU, or a chip that is not one (the catalog
    /// counts both as "GPUs" per instance).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    #[serde(rename_all = "snake_case")]
    pub enum AcceleratorKind {
        #[default]
        Gpu = "gpu",
        /// AWS Inferentia (inference chip, Neuron SDK).
        Inferentia = "inferentia",
        /// AWS Trainium (training and inference chip, Neuron SDK).
        Trainium = "trainium",
    }
}

code_enum! {
    /// The software stack an accelerator runs (what frameworks and images need).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Stack {
        Cuda = "cuda",
        Rocm = "rocm",
        Neuron = "neuron",
    }
}

code_enum! {
    /// What an accelerator is for, as its vendor states it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum AcceleratorUse {
        Training = "training",
        Inference = "inference",
    }
}

/// The document cited for one field of a GPU record (it overrides the
/// reference CSV cell: the vendor's exact figure, not a rounded one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldSource {
    /// `memory_type`, `fp16` (dense and sparse), `tf32`, `fp8`, `int8`, `tdp_w`, …
    pub field: String,
    pub source: String,
}

/// GPU specification. Throughput figures are per GPU; dense and sparse are
/// always separate fields. `None` means "not found in the sources read".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gpu {
    pub id: GpuId,
    pub name: String,
    pub vendor: String,
    pub form_factor: String,
    /// Per-GPU memory in GB. `None` = not stated in any source read (e.g. an
    /// A100 whose 40/80 GB variant is unknown).
    #[serde(default)]
    pub memory_gb: Option<u32>,
    pub memory_type: Option<String>,
    pub memory_bandwidth_gbs: Option<u32>,
    pub fp32_tflops: Option<f64>,
    pub tf32_tflops_dense: Option<f64>,
    pub tf32_tflops_sparse: Option<f64>,
    pub fp16_tflops_dense: Option<f64>,
    pub fp16_tflops_sparse: Option<f64>,
    pub fp8_tflops_dense: Option<f64>,
    pub fp8_tflops_sparse: Option<f64>,
    pub int8_tops_dense: Option<f64>,
    pub int8_tops_sparse: Option<f64>,
    /// True where the vendor defines sparse throughput as 2 × dense (2:4 structured sparsity).
    pub sparsity_2to1: bool,
    pub interconnect: String,
    pub tdp_w: Option<u32>,
    pub release_year: Option<u16>,
    /// GPU, Inferentia, Trainium (what the accelerator is).
    #[serde(default)]
    pub kind: AcceleratorKind,
    /// Its software stack; `None` = not stated.
    #[serde(default)]
    pub stack: Option<Stack>,
    /// What it is for; empty = not stated (nothing is ruled out).
    #[serde(default)]
    pub uses: Vec<AcceleratorUse>,
    /// Architecture code (`ampere`, `hopper`, `blackwell`, `neuroncore-v2`, …):
    /// job estimates scale from a measured GPU of the same architecture.
    #[serde(default)]
    pub architecture: Option<String>,
    /// Source of `kind` and `uses` for an accelerator that is not a GPU.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind_source: Option<String>,
    /// The only frameworks its stack runs (claims `fw:…`), when a source
    /// limits them (Neuron); `None` = not limited by a source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frameworks: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frameworks_source: Option<String>,
    /// Documents cited per field (the vendor's figure where it differs from
    /// the reference CSV).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub field_sources: Vec<FieldSource>,
    /// Source ids.
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Gpu {
    /// Can it be used for `u`? An accelerator whose uses are not stated is not ruled out.
    pub fn can(&self, u: AcceleratorUse) -> bool {
        self.uses.is_empty() || self.uses.contains(&u)
    }

    /// Does its stack run the framework claim `fw` (`fw:pytorch`)? `Some(false)`
    /// only when a source lists the stack's frameworks and `fw` is not among them.
    pub fn runs_framework(&self, fw: &str) -> Option<bool> {
        self.frameworks
            .as_ref()
            .map(|list| list.iter().any(|f| f == fw))
    }
}

/// A sourced fact about a provider (billing, ecosystem, compliance, support).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    /// Machine-readable topic, e.g. `billing_granularity`, `spot_notice`, `ml_platform`.
    pub topic: String,
    pub text_en: String,
    pub text_zh: String,
    pub source: String,
    pub as_of: String,
    /// Machine-readable claims the text states (`kind:value`, e.g.
    /// `fw:pytorch`, `mlp:sagemaker`, `icp:mainland`, `dl:images`): what the
    /// advise screen checks ecosystem and compliance needs against. The
    /// vocabulary is [`CLAIMS`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<String>,
    /// The accelerator stacks the claims hold for (frameworks and images are
    /// the accelerator's software); empty = every accelerator of the provider.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub applies_to: Vec<Stack>,
}

/// The claim vocabulary provider facts may carry ([`Fact::claims`]): what
/// the advise screen checks needs against, and what `validate` accepts.
pub const CLAIMS: &[&str] = &[
    "fw:pytorch",
    "fw:tensorflow",
    "fw:paddle",
    "fw:mindspore",
    "mlp:sagemaker",
    "mlp:azureml",
    "mlp:pai",
    "mlp:tione",
    "dl:images",
    "icp:mainland",
];

impl Fact {
    /// Does the fact hold for an accelerator running `stack` (None = not stated)?
    pub fn holds_for(&self, stack: Option<Stack>) -> bool {
        self.applies_to.is_empty() || stack.is_some_and(|s| self.applies_to.contains(&s))
    }
}

code_enum! {
    /// The deployment an SLA figure is for.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum SlaScope {
        /// One instance on its own.
        SingleInstance = "single_instance",
        /// Two or more instances in one availability set.
        AvailabilitySet = "availability_set",
        /// Instances across two or more zones of one region.
        MultiZone = "multi_zone",
    }
}

/// A provider's compute SLA (monthly uptime commitment) for one scope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sla {
    pub scope: SlaScope,
    /// Monthly uptime percentage, e.g. 99.99.
    pub pct: Decimal,
    pub source: String,
    /// `None` = undated: such a figure never confirms an SLA need.
    pub as_of: Option<String>,
    pub undated: bool,
    /// Stated by a second-hand source only.
    pub secondary: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Billing rules the engine needs, each backed by a fact with its source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BillingRules {
    /// Pay-as-you-go billing granularity in seconds (1 = per second).
    pub granularity_seconds: u32,
    /// Minimum billed seconds per start.
    pub minimum_seconds: u32,
    /// Spot/preemptible interruption notice in seconds, where sourced.
    pub spot_notice_seconds: Option<u32>,
    /// Optional protection period during which a preemptible instance is not reclaimed.
    pub spot_protection_hours: Option<u32>,
    /// Hours in a billing month used to turn hourly into monthly list prices.
    pub hours_per_month: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provider {
    pub id: ProviderId,
    pub name_en: String,
    pub name_zh: String,
    pub billing: BillingRules,
    /// Billing, promotion, network, ecosystem and compliance facts.
    pub facts: Vec<Fact>,
    /// Compute SLAs per scope (sourced; Alibaba's undated).
    #[serde(default)]
    pub sla: Vec<Sla>,
}

impl Provider {
    /// The SLA figure of a scope.
    pub fn sla(&self, scope: SlaScope) -> Option<&Sla> {
        self.sla.iter().find(|s| s.scope == scope)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Region {
    pub provider: ProviderId,
    /// Provider's region code, e.g. `us-east-1`, `cn-hangzhou`, `ap-guangzhou`.
    pub code: RegionCode,
    pub name_en: String,
    pub name_zh: String,
    pub group: RegionGroup,
}

code_enum! {
    /// A usage charge; the code is the link's volume key (`eg xr st bw ip`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum UsageKind {
        /// Internet egress per GB (tiered).
        EgressPerGb = "eg",
        /// Transfer between regions of the same provider per GB.
        InterRegionPerGb = "xr",
        /// Block storage per GB-month.
        StoragePerGbMonth = "st",
        /// Fixed bandwidth per Mbps-month.
        BandwidthPerMbpsMonth = "bw",
        /// A public IPv4 address per address-hour (the instance's own
        /// address, held while it runs); 0 where a provider documents no
        /// fee for it (the only kind a zero rate is valid for).
        PublicIpv4PerHour = "ip",
    }
}

/// One tier of a usage rate; `up_to` is the cumulative upper bound of the
/// tier in the rate's unit per month (`None` = no upper bound).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tier {
    pub up_to: Option<u64>,
    pub price: Decimal,
}

/// A sourced network or storage rate for a reference region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsageRate {
    pub provider: ProviderId,
    pub region: RegionCode,
    pub kind: UsageKind,
    pub currency: Currency,
    /// Tiers in ascending order; the last has `up_to: None`.
    pub tiers: Vec<Tier>,
    pub source: String,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A promotion a source confirms (free quota, voucher, discounted plan).
/// Reference data: the engine does not apply it automatically. Free text is
/// as the source states it; `cap`/`expiry` are `None` when not stated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Promotion {
    pub provider: ProviderId,
    pub name: String,
    /// Products or SKUs it applies to.
    pub applies_to: String,
    /// What the user gets (price, discount or quota), with its unit.
    pub benefit: String,
    pub eligibility: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry: Option<String>,
    /// Source id.
    pub source: String,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Default exchange rate; the user can change it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FxDefault {
    pub cny_per_usd: Decimal,
    pub as_of: String,
    pub source: String,
}

code_enum! {
    /// A benchmarked training workload (the job kinds with measured throughput).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Workload {
        /// ResNet-50 training on ImageNet (images/s).
        Resnet50 = "resnet50",
        /// BERT-large fine-tuning on SQuAD (sequences/s).
        BertLarge = "bert_large",
        /// Llama 2 70B served, MLPerf Inference Offline scenario (tokens/s).
        #[serde(rename = "llama2_70b_offline")]
        Llama2_70bOffline = "llama2_70b_offline",
    }
}

code_enum! {
    /// The numeric precision of a benchmark run.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Precision {
        /// FP16 mixed precision (automatic mixed precision).
        Fp16Mixed = "fp16_mixed",
        /// The submitter's own precision (an MLPerf closed-division run meets
        /// the benchmark's accuracy target; the files read do not state it).
        AsSubmitted = "as_submitted",
    }
}

/// A measured training throughput: `gpu_count` GPUs of one model running
/// `workload` together, in samples per second for the whole system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Benchmark {
    /// GPU id; must exist in `gpus`.
    pub gpu: GpuId,
    pub gpu_count: u32,
    pub workload: Workload,
    pub precision: Precision,
    /// Samples per second for all `gpu_count` GPUs (images/s, sequences/s).
    pub samples_per_sec: Decimal,
    /// The measured system as the source names it (empty in the browser build).
    pub system: String,
    /// Source id.
    pub source: String,
    pub as_of: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    /// Schema version of the file format.
    pub schema: u32,
    /// Date the dataset was compiled.
    pub as_of: String,
    pub fx: FxDefault,
    pub sources: Vec<Source>,
    pub gpus: Vec<Gpu>,
    pub providers: Vec<Provider>,
    pub regions: Vec<Region>,
    pub offers: Vec<Offer>,
    pub usage_rates: Vec<UsageRate>,
    /// Promotions confirmed by a source (unconfirmed claims are listed as
    /// unverified in `src/data/README.md`, not here).
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// Measured training throughputs (the cost-per-job engine, `domain::job`).
    #[serde(default)]
    pub benchmarks: Vec<Benchmark>,
    /// The content hash of the JSON file this catalog was read from
    /// ([`catalog_hash`]; the data files carry it), part of [`Self::version`].
    #[serde(skip)]
    pub hash: String,
    /// Where [`Self::region`] found the last region it was asked for.
    #[serde(skip)]
    pub region_hint: RegionHint,
}

/// The index of the region [`Catalog::region`] found last: offers come
/// grouped by region, so the next lookup is most often the same one, and a
/// catalog of every region has hundreds. A hint, always checked; it never
/// makes two catalogs differ.
#[derive(Debug, Default)]
pub struct RegionHint(core::sync::atomic::AtomicU32);

impl Clone for RegionHint {
    fn clone(&self) -> Self {
        RegionHint(self.get().into())
    }
}

impl PartialEq for RegionHint {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl RegionHint {
    fn get(&self) -> u32 {
        self.0.load(core::sync::atomic::Ordering::Relaxed)
    }

    fn set(&self, i: usize) {
        self.0
            .store(i as u32, core::sync::atomic::Ordering::Relaxed)
    }
}

/// Every offer's kept price history (superseded prices), apart from the
/// rest of the catalog: the worker's `history.bin`, fetched when a screen
/// asks for it (the side-by-side history row, a plan's prices then and
/// now), never with the first load. It names no dataset: a refresh that
/// supersedes no price leaves the file's bytes alone, so a returning
/// visitor keeps it from the cache.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct History {
    /// The hash of the newest superseded price of every offer of the
    /// catalog it was split off (what that catalog keeps): checked
    /// against the catalog it is joined to ([`Catalog::with_history`]).
    pub kept: String,
    /// Offers with more history than the worker's data file keeps, in
    /// catalog order.
    pub offers: Vec<OfferHistory>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OfferHistory {
    pub id: OfferId,
    pub prices: Vec<Price>,
}

impl Catalog {
    /// The catalog with each offer's newest superseded price only (the
    /// worker's: the app's data file keeps its date, the rest the price),
    /// and the history apart.
    pub fn split_history(&self) -> (Catalog, History) {
        let mut c = self.clone();
        let mut offers = Vec::new();
        for o in &mut c.offers {
            if o.price_history.len() > 1 {
                offers.push(OfferHistory {
                    id: o.id.clone(),
                    prices: o.price_history.clone(),
                });
                o.price_history.truncate(1);
            }
        }
        let kept = c.kept_digest();
        (c, History { kept, offers })
    }

    /// The hash of every offer's newest superseded price (what the
    /// worker's data file keeps of the history): a history split off
    /// another catalog names another.
    fn kept_digest(&self) -> String {
        let offers = self
            .offers
            .iter()
            .filter_map(|o| {
                Some(OfferHistory {
                    id: o.id.clone(),
                    prices: vec![o.price_history.first()?.clone()],
                })
            })
            .collect();
        let kept = History {
            kept: String::new(),
            offers,
        };
        catalog_hash(&super::wire::encode_history(&kept))
    }

    /// What the worker's data file is laid out along (`wire::encode_rest`):
    /// the providers, GPUs and offers in order, with each offer's price
    /// kinds, whether it has a superseded price, its network, and every
    /// source a current figure cites (the rest holds the sources list and
    /// the newest superseded price whole, whose date `decode_with_rest`
    /// compares with the app's file). No figure or date is in it, so a
    /// refresh that moves prices in place keeps it (and the file); one
    /// that supersedes a price of an offer without history or cites a new
    /// source changes it.
    pub fn shape(&self) -> u64 {
        use core::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "fx {}", self.fx.source);
        for p in &self.providers {
            let _ = writeln!(s, "p {}", p.id.code());
        }
        for g in &self.gpus {
            let _ = writeln!(s, "g {}", g.id);
        }
        for o in &self.offers {
            let net = o.net.as_ref().map_or("-", |n| n.source.as_str());
            let _ = write!(s, "o {} {net}", o.id);
            for p in &o.prices {
                let _ = write!(s, " {}", p.source);
                let _ = match &p.kind {
                    PriceKind::OnDemand { .. } => write!(s, " od"),
                    PriceKind::Spot { .. } => write!(s, " spot"),
                    PriceKind::Reserved {
                        term_months,
                        payment,
                        ..
                    } => write!(s, " ri{term_months}{payment:?}"),
                    PriceKind::SavingsPlan {
                        term_months,
                        payment,
                        ..
                    } => write!(s, " sp{term_months}{payment:?}"),
                    PriceKind::Subscription { .. } => write!(s, " sub"),
                    PriceKind::CapacityBlock { .. } => write!(s, " cb"),
                };
            }
            // the newest superseded price: whole in the rest, its date in
            // the app's file (which decode_with_rest compares)
            let _ = writeln!(s, " {}", u8::from(o.superseded_as_of().is_some()));
        }
        fnv1a64(s.as_bytes())
    }

    /// The catalog with its offers' whole history back
    /// ([`Catalog::split_history`]); an error when the history is another
    /// dataset's: split off a catalog that kept other superseded prices,
    /// or naming an offer the catalog lacks or one whose newest superseded
    /// price is not the one the catalog kept.
    pub fn with_history(&self, h: History) -> Result<Catalog, CatalogError> {
        let other = || CatalogError("the price history is of another dataset".into());
        if h.kept != self.kept_digest() {
            return Err(other());
        }
        let mut c = self.clone();
        for oh in h.offers {
            let Some(o) = c.offers.iter_mut().find(|o| o.id == oh.id) else {
                return Err(CatalogError(format!(
                    "price history of an unknown offer {}",
                    oh.id
                )));
            };
            if o.price_history.first() != oh.prices.first() {
                return Err(other());
            }
            o.price_history = oh.prices;
        }
        Ok(c)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CatalogError(pub String);

impl core::fmt::Display for CatalogError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "catalog: {}", self.0)
    }
}

impl std::error::Error for CatalogError {}

impl Catalog {
    /// The catalog as the browser build embeds it: every figure, id, date
    /// and source the engine and the UI read, without the text only the
    /// JSON file and the CLI show (provider facts, notes, alternative-site
    /// prices, the promotions list, the price history but the newest
    /// superseded price's date, sources' locators, sources no remaining
    /// figure cites) and what
    /// only the worker reads (SLAs, GPU architectures, framework lists,
    /// per-field sources). Keeps the first load small; a screen that needs
    /// these loads them itself.
    ///
    /// What it leaves out of the offers, GPUs and providers is what
    /// `wire::take_rest` takes for the worker's rest: one list of every
    /// field, kept or taken, for both files. A source's fields are named
    /// here too (the rest has every source whole).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn for_browser(&self) -> Catalog {
        let mut c = self.clone();
        // the browser shows only the newest superseded figure's date; the
        // figure is the rest's (take_rest)
        for o in &mut c.offers {
            o.price_history.truncate(1);
            o.superseded_on = o
                .price_history
                .first()
                .map(|p| p.as_of.clone())
                .or(o.superseded_on.take());
        }
        super::wire::take_rest(&mut c, 0, Vec::new());
        // the data screen's list (with each locator) is made in the worker
        // from the whole catalog; here a source is its title and date
        for s in &mut c.sources {
            let Source {
                id: _,
                title: _,
                reference,
                as_of: _,
                as_of_zh,
                kind: _,
                note,
                note_zh,
            } = s;
            *note = None;
            *as_of_zh = None;
            *note_zh = None;
            reference.clear();
        }
        // only the sources behind a figure the browser shows
        let mut used: Vec<&str> = vec![c.fx.source.as_str()];
        for o in &c.offers {
            used.extend(o.prices.iter().chain(&o.price_history).map(|p| &*p.source));
        }
        for o in &c.offers {
            used.extend(o.net.iter().map(|n| n.source.as_str()));
        }
        let keep: Vec<bool> = c
            .sources
            .iter()
            .map(|s| used.contains(&s.id.as_str()))
            .collect();
        let mut keep = keep.into_iter();
        c.sources.retain(|_| keep.next().unwrap_or(false));
        c
    }

    /// Parse a catalog from JSON.
    /// Each offer's price history is put newest first (by `as_of`, a
    /// partial date from its first day, an unreadable one last; equal
    /// dates in the file's order): the pipeline appends what a refresh
    /// replaced after the research history, and every reader of "the
    /// newest superseded price" takes the first.
    pub fn from_json(json: &str) -> Result<Catalog, CatalogError> {
        let mut c: Catalog = serde_json::from_str(json).map_err(|e| CatalogError(e.to_string()))?;
        c.hash = catalog_hash(json.as_bytes());
        for o in &mut c.offers {
            o.price_history
                .sort_by_key(|p| core::cmp::Reverse(as_of_days(&p.as_of)));
        }
        Ok(c)
    }

    /// Dataset version id: as-of date plus content hash, e.g. `2026-11-29+1a2b3c4d`.
    pub fn version(&self) -> String {
        format!("{}+{}", self.as_of, self.hash)
    }

    pub fn gpu(&self, id: &str) -> Option<&Gpu> {
        self.gpus.iter().find(|g| g.id == *id)
    }

    pub fn offer(&self, id: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == *id)
    }

    pub fn provider(&self, id: ProviderId) -> Option<&Provider> {
        self.providers.iter().find(|p| p.id == id)
    }

    pub fn region(&self, provider: ProviderId, code: &str) -> Option<&Region> {
        let is = |r: &Region| r.provider == provider && r.code == *code;
        if let Some(r) = self.regions.get(self.region_hint.get() as usize) {
            if is(r) {
                return Some(r);
            }
        }
        let i = self.regions.iter().position(is)?;
        self.region_hint.set(i);
        Some(&self.regions[i])
    }

    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    /// A source's title, or its id when the catalog lacks it.
    pub fn source_title<'a>(&'a self, id: &'a str) -> &'a str {
        self.source(id).map_or(id, |s| s.title.as_str())
    }
}

impl Region {
    /// The currency this region bills in: CNY for mainland-China regions
    /// (including AWS China), USD elsewhere.
    pub fn billing_currency(&self) -> Currency {
        match self.group {
            RegionGroup::MainlandChina => Currency::CNY,
            _ => Currency::USD,
        }
    }
}
