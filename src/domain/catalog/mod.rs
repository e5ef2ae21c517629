//! The catalog: GPU specs, providers, regions and offers with sourced prices.
//!
//! The data lives in `src/data/catalog.json` and is embedded at compile time
//! in a compact binary form (see `domain::embedded` and `domain::wire`). Every price carries a source id and an as-of
//! date; validation lives in [`crate::domain::validate`].

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::codes::code_enum;

/// The bundled catalog file.
pub const CATALOG_JSON: &str = include_str!("../../data/catalog.json");

/// Content hash of the bundled catalog (FNV-1a 64, first 8 hex digits),
/// computed at compile time so the dataset version changes with any edit.
pub const CATALOG_HASH: &str = {
    match core::str::from_utf8(&hex8(fnv1a64(CATALOG_JSON.as_bytes()))) {
        Ok(s) => s,
        Err(_) => panic!("hex digits are ASCII"),
    }
};

const fn fnv1a64(bytes: &[u8]) -> u64 {
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

/// Declare a string id newtype over `Arc<str>`: cloning one (done per offer
/// per quote) shares the text instead of copying it. It serializes as the
/// bare string (JSON and the wire string table are unchanged), prints and
/// debugs as the string, reads as `&str` ([`Deref`](core::ops::Deref)) and
/// looks up `&str` keys in maps and sets ([`Borrow<str>`](core::borrow::Borrow)).
/// Each id is its own type, so an offer id cannot be passed where a GPU id
/// is expected.
macro_rules! string_id {
    ($(#[$meta:meta])* $t:ident) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $t(std::sync::Arc<str>);

        impl $t {
            pub fn new(id: impl Into<std::sync::Arc<str>>) -> $t {
                $t(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl core::ops::Deref for $t {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl core::borrow::Borrow<str> for $t {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $t {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl core::fmt::Display for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// Debugs as the bare string, like the `String` it replaces.
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(&*self.0, f)
            }
        }

        impl From<&str> for $t {
            fn from(id: &str) -> $t {
                $t::new(id)
            }
        }

        impl From<String> for $t {
            fn from(id: String) -> $t {
                $t::new(id)
            }
        }

        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                *self.0 == *other
            }
        }

        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                *self.0 == **other
            }
        }
    };
}

string_id! {
    /// An offer id, `provider:region:instance_type`, e.g. `aws:us-east-1:p4d.24xlarge`.
    OfferId
}

string_id! {
    /// A GPU id, e.g. `a100-40-sxm`.
    GpuId
}

string_id! {
    /// The key of a user-entered usage rate, `provider:region:kind` (the
    /// link's `ur` item, `UsageRateKey::code`), e.g. `azure:eastus:eg`.
    /// Backed like the other ids, so maps keyed by it share their code
    /// with maps keyed by offer ids in the wasm.
    UsageRateCode
}

string_id! {
    /// A provider's region code, e.g. `us-east-1`, `cn-hangzhou`
    /// (unique only together with the provider).
    RegionCode
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
    pub kind: SourceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
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
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Upfront {
        All = "all",
        Partial = "partial",
        No = "no",
    }
}

code_enum! {
    /// Multi-node RDMA an instance offers.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum RdmaKind {
        /// AWS Elastic Fabric Adapter.
        Efa = "efa",
        Infiniband = "infiniband",
        /// None stated by the sources read.
        None = "none",
    }
}

code_enum! {
    /// How the accelerators inside one instance talk to each other.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum GpuLink {
        /// One accelerator: nothing to connect.
        Single = "single",
        #[serde(rename = "nvswitch")]
        NvSwitch = "nvswitch",
        #[serde(rename = "nvlink")]
        NvLink = "nvlink",
        /// AWS NeuronLink (Trainium / Inferentia chip-to-chip; not NVLink).
        #[serde(rename = "neuronlink")]
        NeuronLink = "neuronlink",
        /// PCIe only as far as the sources state (no NVLink stated: not a denial).
        Pcie = "pcie",
        Unknown = "unknown",
    }
}

impl GpuLink {
    /// NVLink (directly or through NVSwitches) between the accelerators.
    pub fn is_nvlink(self) -> bool {
        matches!(self, GpuLink::NvLink | GpuLink::NvSwitch)
    }
}

/// An offer's network facts (supplement 2026-12, `network.csv`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Network {
    /// Network bandwidth, Gbit/s, as the provider states it (AWS baseline,
    /// Azure Ethernet NIC, Alibaba baseline, Tencent private network).
    pub gbps: Decimal,
    pub rdma: RdmaKind,
    /// InfiniBand fabric bandwidth per instance, Gbit/s, where stated (Azure ND).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fabric_gbps: Option<Decimal>,
    pub gpu_link: GpuLink,
    pub source: String,
    /// The oldest date of its fields' sources.
    pub as_of: String,
    /// The interconnect as stated and each field's source and date (full catalog only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One published price of an offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "snake_case")]
pub enum PriceKind {
    /// On-demand / pay-as-you-go, per instance-hour.
    OnDemand { hourly: Decimal },
    /// Spot / preemptible snapshot range per instance-hour.
    Spot {
        hourly_min: Decimal,
        hourly_max: Decimal,
    },
    /// Reservation: upfront payment plus an hourly charge for every hour of the term.
    Reserved {
        term_months: u32,
        payment: Upfront,
        upfront: Decimal,
        hourly: Decimal,
    },
    /// Savings-plan rate per instance-hour under a commitment of this term.
    SavingsPlan {
        term_months: u32,
        payment: Upfront,
        hourly: Decimal,
    },
    /// Monthly subscription (包年包月), per instance-month.
    Subscription { monthly: Decimal },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Price {
    #[serde(flatten)]
    pub kind: PriceKind,
    pub currency: Currency,
    /// Source id (shared: every result that cites the price clones it cheaply).
    pub source: std::sync::Arc<str>,
    pub as_of: std::sync::Arc<str>,
    /// True when this is not a list price for the bare instance (e.g. a
    /// third-party quote that includes a disk); `note` states the basis.
    #[serde(default)]
    pub indicative: bool,
    /// Lower end of a published range (e.g. Tencent's zone-dependent list
    /// prices); the value in `kind` is then the upper end. Same unit as `kind`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_min: Option<Decimal>,
    /// Set only when a source states that this spot price may exceed the
    /// on-demand price; validation then skips the spot ≤ on-demand check.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spot_exceeds_on_demand_sourced: bool,
    /// A partial-upfront reservation stored as upfront 0 + its effective
    /// hourly rate because the source does not publish the split: the term
    /// total is right, the month-by-month cash (the upfront paid at purchase)
    /// is unknown.
    #[serde(default, skip_serializing_if = "is_false")]
    pub split_unknown: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// `provider:region:instance_type`, unique.
    pub id: OfferId,
    pub provider: ProviderId,
    /// Region code; must exist in `regions` for this provider.
    pub region: RegionCode,
    pub instance_type: String,
    pub family: String,
    /// GPU id; must exist in `gpus`.
    pub gpu: GpuId,
    pub gpu_count: u32,
    /// Total GPU memory as the offer states it (GB); `None` = unknown (the
    /// GPU's memory variant is not stated). Unknown never meets a VRAM need.
    #[serde(default)]
    pub gpu_memory_gb: Option<u32>,
    pub vcpu: u32,
    pub ram_gib: Decimal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_storage: Option<String>,
    /// Current prices (newest dated source per model). Empty = no sourced price.
    pub prices: Vec<Price>,
    /// Older prices superseded by newer sources, kept for history.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub price_history: Vec<Price>,
    /// Prices for the same SKU and region from another billing site, usually
    /// in another currency (e.g. Tencent/Aliyun international-site USD for a
    /// mainland region). Reference only; not used as the offer's price.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alt_prices: Vec<Price>,
    /// Source ids for the specs.
    pub spec_sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Network bandwidth, RDMA fabric and GPU interconnect (sourced); `None` = not in the catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<Network>,
}

code_enum! {
    /// A usage charge; the code is the link's volume key (`eg xr st bw`).
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
    /// prices, the promotions list, history beyond the newest superseded
    /// price, sources' locators, sources no remaining figure cites) and what
    /// only the worker reads (SLAs, GPU architectures, framework lists,
    /// per-field sources). Keeps
    /// the first load small;
    /// a screen that needs these loads them itself.
    pub fn for_browser(&self) -> Catalog {
        let mut c = self.clone();
        for p in &mut c.providers {
            p.facts.clear();
        }
        // the data screen's list (with each locator) is made in the worker
        // from the whole catalog; here a source is its title and date
        for s in &mut c.sources {
            s.note = None;
            s.reference.clear();
        }
        // what only the worker (job estimates, the advise checks, the
        // providers screen) reads, from the whole catalog
        for g in &mut c.gpus {
            g.note = None;
            // spec sources are cited by the data screen and the exports (worker)
            g.sources.clear();
            g.field_sources.clear();
            g.architecture = None;
            g.kind_source = None;
            g.frameworks = None;
            g.frameworks_source = None;
        }
        for p in &mut c.providers {
            p.sla.clear();
        }
        for o in &mut c.offers {
            o.note = None;
            o.spec_sources.clear();
            if let Some(n) = &mut o.net {
                n.note = None;
            }
            o.alt_prices.clear();
            // the browser shows only the newest superseded figure's date
            o.price_history.truncate(1);
            for p in o.prices.iter_mut().chain(o.price_history.iter_mut()) {
                p.note = None;
            }
        }
        // quotes with data charges, promotions and jobs are the worker's
        // (compare panel, plan, advise): the app's table prices neither
        c.usage_rates.clear();
        c.promotions.clear();
        c.benchmarks.clear();
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
    pub fn from_json(json: &str) -> Result<Catalog, CatalogError> {
        serde_json::from_str(json).map_err(|e| CatalogError(e.to_string()))
    }

    /// Dataset version id: as-of date plus content hash, e.g. `2026-11-29+1a2b3c4d`.
    pub fn version(&self) -> String {
        format!("{}+{}", self.as_of, CATALOG_HASH)
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
        self.regions
            .iter()
            .find(|r| r.provider == provider && r.code == *code)
    }

    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    /// A source's title, or its id when the catalog lacks it.
    pub fn source_title<'a>(&'a self, id: &'a str) -> &'a str {
        self.source(id).map_or(id, |s| s.title.as_str())
    }
}

/// Days since 1970-01-01 of the first day an `as_of` can mean: `YYYY-MM-DD`,
/// `YYYY-MM` (first of the month) or `YYYY` (1 January). Anything else,
/// including "undated" or text after the date, is `None`.
///
/// Read without allocating or splitting: every priced result of a quote
/// measures the age of its prices with it (about two calls per result). A
/// `Vec` of the parts here was a heap allocation per call (a fifth of a
/// quote's instructions, callgrind); reading the parts with `split('-')`
/// and `parse` was still ~9 % of the 10x plan request (perf).
pub fn as_of_days(as_of: &str) -> Option<i64> {
    // the number written in `b`, all of whose bytes must be digits
    let num = |b: &[u8]| -> Option<i64> {
        b.iter().try_fold(0i64, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0'))
        })
    };
    let b = as_of.as_bytes();
    let dash = |i: usize| b[i] == b'-';
    let y = num(b.get(..4)?)?;
    let (m, d) = match b.len() {
        4 => (1, 1),
        7 if dash(4) => (num(&b[5..7])?, 1),
        10 if dash(4) && dash(7) => (num(&b[5..7])?, num(&b[8..10])?),
        _ => return None,
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_len = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > month_len[(m - 1) as usize] {
        return None;
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// A price is stale when its as-of is more than this many days before the
/// catalog's own as-of (12 months).
pub const STALE_AFTER_DAYS: i64 = 365;

impl Catalog {
    /// Is a price dated `as_of` more than 12 months older than the catalog?
    /// Measured against the catalog's date, not the clock, so a build shows
    /// the same badges every day; an unreadable date counts as stale.
    /// Offers with a current price dated after `date` (`YYYY-MM-DD`, e.g.
    /// the dataset date of an old link), each with its newest such date, in
    /// catalog order: the figures that may differ from when the link was
    /// made. Empty when `date` is not a date.
    pub fn prices_dated_after(&self, date: &str) -> Vec<(&Offer, &str)> {
        let Some(since) = as_of_days(date) else {
            return Vec::new();
        };
        self.offers
            .iter()
            .filter_map(|o| {
                o.prices
                    .iter()
                    .filter(|p| as_of_days(&p.as_of).is_some_and(|d| d > since))
                    .map(|p| &*p.as_of)
                    .max()
                    .map(|d| (o, d))
            })
            .collect()
    }

    pub fn is_stale(&self, as_of: &str) -> bool {
        match (as_of_days(&self.as_of), as_of_days(as_of)) {
            (Some(c), Some(p)) => c - p > STALE_AFTER_DAYS,
            _ => true,
        }
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

/// The rule for an offer with several prices of one kind (e.g. a list price
/// and an indicative quote, or two subscription prices): a list price before
/// an indicative one, then the newest `as_of`, then the lowest figure (the
/// value in `kind`), then the first listed. Every part of the engine reads
/// prices through this rule.
pub fn preferred<'a>(
    prices: &'a [Price],
    is_kind: &dyn Fn(&PriceKind) -> bool,
) -> Option<&'a Price> {
    // one instance of this function for every caller (dyn): smaller wasm
    let mut best: Option<&Price> = None;
    for p in prices.iter().filter(|p| is_kind(&p.kind)) {
        if best.is_none_or(|b| p.preferred_over(b)) {
            best = Some(p);
        }
    }
    best
}

impl Price {
    /// The [`preferred`] rule between two prices of one kind.
    pub fn preferred_over(&self, other: &Price) -> bool {
        (
            self.indicative,
            std::cmp::Reverse(&*self.as_of),
            self.kind.figure(),
        ) < (
            other.indicative,
            std::cmp::Reverse(&*other.as_of),
            other.kind.figure(),
        )
    }
}

impl PriceKind {
    /// The figure used to break ties between prices of one kind.
    pub fn figure(&self) -> Decimal {
        match self {
            PriceKind::OnDemand { hourly }
            | PriceKind::Reserved { hourly, .. }
            | PriceKind::SavingsPlan { hourly, .. } => *hourly,
            PriceKind::Spot { hourly_max, .. } => *hourly_max,
            PriceKind::Subscription { monthly } => *monthly,
        }
    }
}

impl Offer {
    /// NVLink between the GPUs of one instance: the offer's sourced network
    /// fact (NVLink or NVSwitch), or, for a catalog without one, the GPU's
    /// stated interconnect. One GPU has nothing to link.
    pub fn has_nvlink(&self, gpu: Option<&Gpu>) -> bool {
        if self.gpu_count < 2 {
            return false;
        }
        match &self.net {
            Some(n) => n.gpu_link.is_nvlink(),
            None => {
                let ic = gpu
                    .map(|g| g.interconnect.to_ascii_lowercase())
                    .unwrap_or_default();
                ic.contains("nvlink") && !ic.contains("no nvlink") && !ic.contains("not in sources")
            }
        }
    }

    /// RDMA between instances (EFA or InfiniBand) as the offer's sourced
    /// network fact states it; no fact is no RDMA.
    pub fn has_rdma(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.rdma != RdmaKind::None)
    }

    /// The current on-demand price, if sourced (see [`preferred`]).
    pub fn on_demand(&self) -> Option<&Price> {
        preferred(&self.prices, &|k| matches!(k, PriceKind::OnDemand { .. }))
    }

    /// The current spot price range, if sourced (see [`preferred`]).
    pub fn spot(&self) -> Option<&Price> {
        preferred(&self.prices, &|k| matches!(k, PriceKind::Spot { .. }))
    }

    /// The billing currency of this offer's prices (the first price's), if priced.
    pub fn currency(&self) -> Option<Currency> {
        self.prices.first().map(|p| p.currency)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn as_of_days_reads_only_the_three_forms() {
        use super::as_of_days;
        assert_eq!(as_of_days("2026-11"), as_of_days("2026-11-01"));
        assert_eq!(as_of_days("2026"), as_of_days("2026-01-01"));
        for bad in [
            "",
            "-",
            "2026-",
            "2026-11-",
            "2026-11-01-",
            "2026-11-01-02",
            "26-11-01",
            "2026-1",
            "undated",
            "2026-11-01x",
            "2023-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-1-01",
            "+026-11",
            "2026_11",
            "２０２６",
        ] {
            assert_eq!(as_of_days(bad), None, "{bad:?}");
        }
        // the days of the reading by parts (`split('-')` and `parse`) it
        // replaced, for every date of the catalog and every day, month and
        // year form (valid or not) of 1999-2031
        fn by_parts(as_of: &str) -> Option<i64> {
            let num = |s: &str, len: usize| -> Option<i64> {
                (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse().ok())
                    .flatten()
            };
            let mut parts = as_of.split('-');
            let y = num(parts.next()?, 4)?;
            let (m, d) = match (parts.next(), parts.next(), parts.next()) {
                (None, _, _) => (1, 1),
                (Some(m), None, _) => (num(m, 2)?, 1),
                (Some(m), Some(d), None) => (num(m, 2)?, num(d, 2)?),
                _ => return None,
            };
            // the calendar and the day count, as as_of_days has them
            as_of_days(&format!("{y:04}-{m:02}-{d:02}"))
        }
        let cat = Catalog::embedded().unwrap();
        let mut dates: Vec<String> = cat
            .offers
            .iter()
            .flat_map(|o| o.prices.iter().map(|p| p.as_of.to_string()))
            .collect();
        for y in 1999..=2031 {
            dates.push(format!("{y}"));
            for m in 0..=13 {
                dates.push(format!("{y}-{m:02}"));
                dates.push(format!("{y}-{m}"));
                for d in 0..=32 {
                    dates.push(format!("{y}-{m:02}-{d:02}"));
                    dates.push(format!("{y}-{m:02}-{d}"));
                }
            }
        }
        let mut read = 0;
        for d in &dates {
            assert_eq!(as_of_days(d), by_parts(d), "{d}");
            read += usize::from(as_of_days(d).is_some());
        }
        assert!(read > 12_000, "{read}");
        // the calendar's edges
        assert_eq!(as_of_days("1970-01-01"), Some(0));
        assert_eq!(as_of_days("2000-03-01"), Some(11_017));
        assert_eq!(as_of_days("2024-02-29"), Some(19_782));
        assert_eq!(as_of_days("2026-12-31"), Some(20_818));
    }
    use super::*;

    fn sub(monthly: i64, as_of: &str, indicative: bool) -> Price {
        Price {
            kind: PriceKind::Subscription {
                monthly: Decimal::from(monthly),
            },
            currency: Currency::CNY,
            source: "s".into(),
            as_of: as_of.into(),
            indicative,
            range_min: None,
            spot_exceeds_on_demand_sourced: false,
            split_unknown: false,
            note: None,
        }
    }

    #[test]
    fn preferred_price_rule() {
        let is_sub = &|k: &PriceKind| matches!(k, PriceKind::Subscription { .. });
        // a list price beats a newer indicative quote (the gn7i case:
        // 2023-06 list 4575.66 vs 2026-09-24 quote incl. disk 4675.66)
        let ps = [sub(4675, "2026-09-24", true), sub(4575, "2023-06", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(4575)
        );
        // among list prices the newest wins, whatever the order
        let ps = [sub(100, "2023-06", false), sub(120, "2026-01-21", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(120)
        );
        // same date: the lower figure, not the first listed
        let ps = [sub(130, "2026-01", false), sub(110, "2026-01", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(110)
        );
        assert!(preferred(&ps, &|k| matches!(k, PriceKind::OnDemand { .. })).is_none());
    }
}
