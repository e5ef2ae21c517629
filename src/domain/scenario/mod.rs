//! The user's scenario: what to run, for how long, how to pay, and the
//! assumptions (spot behaviour, promotions, data volumes, user prices).
//!
//! All numbers are [`Decimal`] so a scenario can be compared exactly and
//! round-trips through the link format. Every field has a documented range;
//! [`Scenario::validate`] checks them and returns typed errors. The same
//! bounds keep every engine computation far from `Decimal` overflow.
use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use crate::domain::catalog::SpotBand;
use crate::domain::catalog::{
    Catalog, Currency, GpuId, OfferId, ProviderId, RegionCode, RegionGroup, UsageKind,
    UsageRateCode,
};
use crate::domain::codes::code_enum;
pub use crate::domain::error::ScenarioError;
use crate::domain::money::Money;

mod checks;
mod job_spec;
pub mod narrow;
mod workload_figures;

pub use checks::{check_pct, check_positive, check_range, decimal_from_f64};
pub use job_spec::{JobKind, JobSpec};
pub use narrow::Narrow;
pub use workload_figures::{
    BERT_EPOCHS, BERT_LARGE_GFLOP_PER_SAMPLE, DEFAULT_BERT_LARGE_EFFICIENCY_PCT,
    DEFAULT_LLM_PARAMS_B, DEFAULT_LLM_SERVE_EFFICIENCY_PCT, DEFAULT_LLM_TOKENS_B,
    DEFAULT_LLM_TRAIN_MFU_PCT, DEFAULT_RESNET50_EFFICIENCY_PCT, DEFAULT_SCALING_PCT,
    DEFAULT_SERVE_HOURS, DEFAULT_SERVE_TOKENS_PER_S, IMAGENET_TRAIN_IMAGES, JOB_MONTH_HOURS,
    MAX_JOB_EPOCHS, MAX_JOB_PARAMS_B, MAX_JOB_SAMPLES, MAX_JOB_TOKENS_B, MAX_SERVE_HOURS,
    MAX_SERVE_TOKENS_PER_S, RESNET50_EPOCHS, RESNET50_GFLOP_PER_SAMPLE, SERVE_BYTES_PER_PARAM,
    SQUAD11_TRAIN_EXAMPLES, TRAIN_BYTES_PER_PARAM,
};

/// Hours in a calendar month at most (31 × 24).
pub const MAX_HOURS_PER_MONTH: u32 = 744;
pub const DEFAULT_HOURS_PER_MONTH: u32 = 730;
pub const MIN_MONTHS: u32 = 1;
pub const MAX_MONTHS: u32 = 60;
pub const DEFAULT_MONTHS: u32 = 12;
pub const MAX_GPUS: u32 = 4096;
pub const MAX_VRAM_GB: u32 = 1_000_000;
/// Upper bound of any money input (credits, prices) in its currency.
pub const MAX_MONEY_INPUT: i64 = 1_000_000_000;
/// Upper bound of data volumes (GB per month or GB stored).
pub const MAX_VOLUME_GB: i64 = 1_000_000_000;
pub const MAX_BANDWIDTH_MBPS: i64 = 1_000_000;
/// Public IPv4 addresses per instance: the instance's own address or none
/// (Alibaba and Tencent charge no fee for that one only; docs/PRICING.md).
pub const MAX_PUBLIC_IPV4: u32 = 1;
/// Upper bound of a boot disk, GB: 64 Ki, well above the 1–4 TiB system
/// disks the providers allow (the providers size disks in GiB; the
/// catalog's storage rates are per GB or GiB as each provider bills).
pub const MAX_BOOT_DISK_GB: u32 = 65_536;
/// Bounds of the CNY-per-USD rate (an accepted rate can never make a
/// converted figure overflow: see `tests/properties.rs`).
pub const MAX_FX: i64 = 1000;
/// Lowest accepted CNY-per-USD rate, 0.01.
pub const MIN_FX: Decimal = Decimal::from_parts(1, 0, 0, false, 2);
/// Most decimal places accepted in a numeric input (keeps every product exact).
pub const MAX_INPUT_DP: u32 = 6;
/// Upper bound of checkpoint interval / restart overhead (one week, minutes).
pub const MAX_MINUTES: i64 = 10_080;
/// Upper bound of job length and deadline (hours).
pub const MAX_JOB_HOURS: i64 = 100_000;
/// Highest negotiated discount, percent (`nd`): a price, not a gift.
pub const MAX_NEGOTIATED_PCT: u32 = 99;

code_enum! {
    /// How to pay. Codes are stable (used in links and JSON).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    pub enum BillingModel {
        #[serde(rename = "od")]
        OnDemand = "od",
        #[serde(rename = "ri1n")]
        Ri1No = "ri1n",
        #[serde(rename = "ri1p")]
        Ri1Partial = "ri1p",
        #[serde(rename = "ri1a")]
        Ri1All = "ri1a",
        #[serde(rename = "ri3n")]
        Ri3No = "ri3n",
        #[serde(rename = "ri3p")]
        Ri3Partial = "ri3p",
        #[serde(rename = "ri3a")]
        Ri3All = "ri3a",
        /// 5-year reservation (Azure publishes 5-year terms), no upfront.
        #[serde(rename = "ri5n")]
        Ri5No = "ri5n",
        #[serde(rename = "ri5p")]
        Ri5Partial = "ri5p",
        #[serde(rename = "ri5a")]
        Ri5All = "ri5a",
        #[serde(rename = "sp1")]
        Sp1 = "sp1",
        #[serde(rename = "sp3")]
        Sp3 = "sp3",
        /// Monthly subscription (包年包月), bought month by month.
        #[serde(rename = "sub")]
        Subscription = "sub",
        /// 12-month commitment paid monthly (Tencent-style installment).
        #[serde(rename = "inst")]
        Installment = "inst",
        #[serde(rename = "spot")]
        Spot = "spot",
        /// On-demand baseline plus a spot burst share.
        #[serde(rename = "mix")]
        Mix = "mix",
        /// EC2 Capacity Block for ML: whole days reserved and paid upfront
        /// (see `billing::capacity_block`).
        #[serde(rename = "cb")]
        CapacityBlock = "cb",
    }
}

impl BillingModel {
    /// The models a scenario computes when it names none (`bm` absent): every
    /// model of link v2 when it was defined. The 5-year reservations
    /// (`ri5n ri5p ri5a`, added later) are computed only when named, so a link
    /// written before them keeps its meaning.
    pub const DEFAULT: [BillingModel; 13] = [
        BillingModel::OnDemand,
        BillingModel::Ri1No,
        BillingModel::Ri1Partial,
        BillingModel::Ri1All,
        BillingModel::Ri3No,
        BillingModel::Ri3Partial,
        BillingModel::Ri3All,
        BillingModel::Sp1,
        BillingModel::Sp3,
        BillingModel::Subscription,
        BillingModel::Installment,
        BillingModel::Spot,
        BillingModel::Mix,
    ];

    /// Commitment term in months (None for pay-as-you-go style models).
    pub fn term_months(self) -> Option<u32> {
        match self {
            BillingModel::Ri1No
            | BillingModel::Ri1Partial
            | BillingModel::Ri1All
            | BillingModel::Sp1
            | BillingModel::Installment => Some(12),
            BillingModel::Ri3No
            | BillingModel::Ri3Partial
            | BillingModel::Ri3All
            | BillingModel::Sp3 => Some(36),
            BillingModel::Ri5No | BillingModel::Ri5Partial | BillingModel::Ri5All => Some(60),
            BillingModel::Subscription => Some(1),
            BillingModel::OnDemand
            | BillingModel::Spot
            | BillingModel::Mix
            | BillingModel::CapacityBlock => None,
        }
    }

    /// True for models that commit to paying regardless of usage.
    pub fn is_commitment(self) -> bool {
        self.term_months().is_some()
    }

    /// Models the non-spot share of a spot + on-demand mix can run on.
    pub fn is_mix_baseline(self) -> bool {
        self == BillingModel::OnDemand || self.is_commitment()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct RegionRef {
    pub provider: ProviderId,
    pub code: RegionCode,
}

impl RegionRef {
    /// `provider:code`, e.g. `aws:us-east-1` (links, keys, select values).
    pub fn code(&self) -> String {
        format!("{}:{}", self.provider.code(), self.code)
    }

    /// Parse `provider:code` (the region is not checked against a catalog).
    pub fn from_code(s: &str) -> Option<RegionRef> {
        let (p, code) = s.split_once(':')?;
        if code.is_empty() {
            return None;
        }
        Some(RegionRef {
            provider: ProviderId::from_code(p)?,
            code: RegionCode::new(code),
        })
    }
}

/// How often spot capacity is reclaimed, in the terms it is published.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum InterruptionRate {
    /// Share of instances interrupted in a month, percent (0 ≤ p < 100), as
    /// AWS Spot Advisor and the articles state it.
    MonthlyPct(Decimal),
    /// An AWS Spot Advisor band (see [`SpotBand::assumed_monthly_pct`]).
    Band(SpotBand),
    /// Interruptions per instance-hour, percent (link v1's `si`, now `sih`).
    HourlyPct(Decimal),
}

/// Hours of the month a monthly interruption share refers to (an instance
/// running all month).
pub const SPOT_MONTH_HOURS: u32 = 730;
/// Highest accepted monthly interruption share (100 % would mean a hazard
/// without bound).
pub const MAX_MONTHLY_INTERRUPTION_PCT: Decimal = Decimal::from_parts(9999, 0, 0, false, 2);

impl InterruptionRate {
    /// The monthly share in percent, when the rate was given per month.
    pub fn monthly_pct(self) -> Option<Decimal> {
        match self {
            InterruptionRate::MonthlyPct(p) => Some(p),
            InterruptionRate::Band(b) => Some(b.assumed_monthly_pct()),
            InterruptionRate::HourlyPct(_) => None,
        }
    }
}

/// Spot / preemptible assumptions (see [`crate::domain::spot`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpotSettings {
    /// How often an instance is interrupted.
    pub interruption: InterruptionRate,
    /// Checkpoint interval in minutes (0 = continuous checkpointing).
    pub checkpoint_minutes: Decimal,
    /// Restart overhead per interruption in minutes.
    pub restart_minutes: Decimal,
    /// Job length in hours of useful work (for the deadline probability).
    pub job_hours: Option<Decimal>,
    /// Deadline in wall-clock hours from the start.
    pub deadline_hours: Option<Decimal>,
}

/// Default monthly interruption share, percent (the articles' figure; AWS's
/// 10–15 % band).
pub const DEFAULT_INTERRUPTION_MONTHLY_PCT: u32 = 15;

impl SpotSettings {
    /// Does it keep the default interruption assumption? (Then an offer's
    /// own Spot Advisor band or published rate is used where it has one.)
    pub fn keeps_default_rate(&self) -> bool {
        self.interruption
            == InterruptionRate::MonthlyPct(Decimal::from(DEFAULT_INTERRUPTION_MONTHLY_PCT))
    }
}

impl Default for SpotSettings {
    fn default() -> Self {
        SpotSettings {
            interruption: InterruptionRate::MonthlyPct(Decimal::from(
                DEFAULT_INTERRUPTION_MONTHLY_PCT,
            )),
            checkpoint_minutes: Decimal::from(60),
            restart_minutes: Decimal::from(10),
            job_hours: None,
            deadline_hours: None,
        }
    }
}

/// Student pricing: a fixed hourly price in a stated currency, or a discount.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum StudentPrice {
    /// Price per instance-hour, in the currency it was offered in.
    Hourly(Money),
    /// Percent off the on-demand price (0–100).
    DiscountPct(Decimal),
}

/// Promotions, each scoped the way providers scope them (see `tco` docs):
/// the first-month discount applies to pay-as-you-go usage and to a first
/// subscription month, never to reservations or savings plans; the credit
/// is an amount in its own currency (converted at the scenario's rate); the
/// student price applies to on-demand hours under an account-wide daily cap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Promotions {
    /// Percent off month 1's pay-as-you-go usage and first subscription month (0–100).
    pub first_month_discount_pct: Decimal,
    /// Credit in its own currency, consumed by spend until used or expired.
    pub credit: Option<Money>,
    /// Last month (1-based) in which the credit can be used; None = no expiry.
    pub credit_expiry_month: Option<u32>,
    pub student: Option<StudentPrice>,
    /// Student-priced hours per day for the whole account (0–24); hours
    /// above, on any instance, at the normal price.
    pub student_daily_cap_hours: Decimal,
}

impl Default for Promotions {
    fn default() -> Self {
        Promotions {
            first_month_discount_pct: Decimal::ZERO,
            credit: None,
            credit_expiry_month: None,
            student: None,
            student_daily_cap_hours: Decimal::from(24),
        }
    }
}

/// The user's assumed commitment discounts, percent off on-demand, per
/// payment option, for offers without a sourced commitment rate. Partial
/// and all-upfront default to the no-upfront figure plus the gap the
/// catalog's sourced reservations show (see `pricing::payment_gaps`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AssumedDiscount {
    /// No upfront; also savings plans, subscriptions and installments.
    pub no_upfront_pct: Decimal,
    pub partial_upfront_pct: Option<Decimal>,
    pub all_upfront_pct: Option<Decimal>,
}

/// What a user-entered usage rate is for: a provider's region and a kind.
/// Stored in the scenario by its code `provider:region:kind` (the link's
/// `ur` item), which keeps the map a plain string map.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UsageRateKey {
    pub provider: ProviderId,
    pub region: RegionCode,
    pub kind: UsageKind,
}

impl UsageRateKey {
    /// `provider:region:kind`, e.g. `azure:eastus:eg`.
    pub fn code(&self) -> String {
        format!(
            "{}:{}:{}",
            self.provider.code(),
            self.region,
            self.kind.code()
        )
    }

    /// Parse a code; the region is not checked against a catalog here.
    pub fn from_code(code: &str) -> Option<UsageRateKey> {
        let mut it = code.split(':');
        let (p, region, kind) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || region.is_empty() {
            return None;
        }
        Some(UsageRateKey {
            provider: ProviderId::from_code(p)?,
            region: RegionCode::new(region),
            kind: UsageKind::from_code(kind)?,
        })
    }
}

/// A percent per provider (`None`: list prices), in [`ProviderId::ALL`]'s
/// order: a fixed array, not a map, so the app's wasm carries no map code
/// for it (docs/SIZE.md).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct NegotiatedDiscounts([Option<Decimal>; 4]);

impl NegotiatedDiscounts {
    pub fn get(&self, p: ProviderId) -> Option<Decimal> {
        self.0[p.index()]
    }

    pub fn set(&mut self, p: ProviderId, pct: Option<Decimal>) {
        self.0[p.index()] = pct;
    }

    /// Each provider with a discount, in [`ProviderId::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = (ProviderId, Decimal)> + '_ {
        ProviderId::ALL
            .into_iter()
            .filter_map(|p| Some((p, self.get(p)?)))
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DataVolumes {
    /// Internet egress, GB per month.
    pub egress_gb: Decimal,
    /// Cross-region transfer, GB per month.
    pub cross_region_gb: Decimal,
    /// Block storage kept, GB (charged per GB-month).
    pub storage_gb: Decimal,
    /// The disk each instance boots from, GB: charged per GB-month at the
    /// same storage rate, once per instance.
    #[serde(default)]
    pub boot_disk_gb: Decimal,
    /// Fixed public bandwidth, Mbps (fixed-bandwidth mode; see tco docs).
    pub bandwidth_mbps: Decimal,
    /// Public IPv4 addresses per instance (0 or 1), charged per
    /// address-hour for the instance's hours.
    #[serde(default)]
    pub public_ipv4: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// GPU ids to consider (empty = any GPU).
    pub gpu_models: Vec<GpuId>,
    /// GPUs needed in total; the engine buys `ceil(min_gpus / gpus per instance)` instances.
    pub min_gpus: u32,
    /// Total GPU memory needed (GB); also raises the instance count.
    pub min_vram_gb: Option<u32>,
    /// Usage hours per month per instance (0–744).
    pub hours_per_month: Decimal,
    /// Horizon in months (1–60).
    pub months: u32,
    pub providers: Vec<ProviderId>,
    pub region_groups: Vec<RegionGroup>,
    pub regions: Vec<RegionRef>,
    /// Filters a link gave only unknown values for (key, value as given,
    /// e.g. `gpu`, `h300`): while one is here no offer matches (never the
    /// whole catalog), and the link writes it back. Editing a filter clears
    /// them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_match: Vec<(String, String)>,
    /// Explicit offer ids; when given (even empty, e.g. every id in a link
    /// was unknown) the filters above are ignored and only these are quoted.
    pub offers: Option<Vec<OfferId>>,
    /// Display currency.
    pub currency: Currency,
    /// CNY per USD; None = the catalog's default.
    pub fx_cny_per_usd: Option<Decimal>,
    /// Billing models to compare (empty = all).
    pub billing_models: Vec<BillingModel>,
    pub spot: SpotSettings,
    /// Spot share of the mix model, percent (0–100).
    pub mix_spot_share_pct: Decimal,
    /// What the non-spot share of the mix runs on: on-demand (default) or a
    /// commitment (reserved / savings plan / subscription / installment).
    pub mix_baseline: BillingModel,
    pub promotions: Promotions,
    pub data: DataVolumes,
    /// User-entered hourly prices for unpriced offers (offer id → hourly in the offer's currency).
    pub user_prices: BTreeMap<OfferId, Decimal>,
    /// User-entered usage rates where the catalog has none (flat, per unit,
    /// in the region's billing currency).
    /// Keyed by [`UsageRateKey::code`].
    pub user_usage_rates: BTreeMap<UsageRateCode, Decimal>,
    /// User-assumed commitment discounts for offers with no sourced commitment rate.
    pub assumed_discount: Option<AssumedDiscount>,
    /// The user's negotiated discount per provider, percent off list
    /// (0 < d ≤ 99; `nd`), applied to the prices that provider's rule
    /// names ([`crate::domain::billing::rules::negotiated_rule`]).
    #[serde(default, skip_serializing_if = "NegotiatedDiscounts::is_empty")]
    pub negotiated: NegotiatedDiscounts,
    /// A job to cost (`domain::job`); `None` = no job (the default).
    #[serde(default)]
    pub job: Option<JobSpec>,
    /// The date ages of prices are measured at (`YYYY-MM-DD`); `None` or an
    /// unreadable date = the catalog's as-of. Not part of the link (the CLI's
    /// `--today`).
    #[serde(default)]
    pub today: Option<String>,
    /// The hours of one run back to back: a job's wall hours, set when the
    /// engine prices a job (`job::pricing_scenario`); a Capacity Block then
    /// covers the run with one block. `None` = the horizon's months of
    /// `hours_per_month`. Not part of the link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_hours: Option<Decimal>,
    /// The compare screen's own filters, when a screen picks offers for
    /// the compare screen's filters (see [`narrow`] and [`Scenario::narrow`]).
    /// Written in a link as the compare view's keys. Only the workers and
    /// the native build have it: the app's wasm never sets it, and every
    /// copy and comparison of a scenario there would carry it (docs/SIZE.md).
    #[cfg(any(feature = "worker-html", not(target_arch = "wasm32")))]
    #[serde(skip)]
    pub narrow: Option<Narrow>,
}

impl Scenario {
    /// The compare screen's own filters it carries: [`crate::domain::tco::picks`]
    /// and the plan's choice of offers apply them (always None in the app's wasm).
    pub fn narrow(&self) -> Option<&Narrow> {
        #[cfg(any(feature = "worker-html", not(target_arch = "wasm32")))]
        return self.narrow.as_ref();
        #[cfg(not(any(feature = "worker-html", not(target_arch = "wasm32"))))]
        None
    }

    /// Carry the compare screen's own filters (a no-op in the app's wasm).
    pub fn set_narrow(&mut self, n: Option<Narrow>) {
        #[cfg(any(feature = "worker-html", not(target_arch = "wasm32")))]
        {
            self.narrow = n;
        }
        #[cfg(not(any(feature = "worker-html", not(target_arch = "wasm32"))))]
        drop(n);
    }
}

code_enum! {
    /// An input that makes figures zero (stable codes; the UI says what each means).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum ScenarioWarning {
        /// `stu=0…` or `stu=100off`: on-demand hours under the student cap cost nothing.
        StudentPriceZero = "student_price_zero",
        /// `disc` of 100 %: every assumed commitment is free.
        AssumedDiscountFull = "assumed_discount_full",
        /// `fmd=100`: month 1's pay-as-you-go usage costs nothing.
        FirstMonthFree = "first_month_free",
    }
}

pub const DEFAULT_MIX_SHARE_PCT: u32 = 50;

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            gpu_models: Vec::new(),
            min_gpus: 1,
            min_vram_gb: None,
            hours_per_month: Decimal::from(DEFAULT_HOURS_PER_MONTH),
            months: DEFAULT_MONTHS,
            providers: Vec::new(),
            region_groups: Vec::new(),
            regions: Vec::new(),
            no_match: Vec::new(),
            offers: None,
            currency: Currency::USD,
            fx_cny_per_usd: None,
            billing_models: Vec::new(),
            spot: SpotSettings::default(),
            mix_spot_share_pct: Decimal::from(DEFAULT_MIX_SHARE_PCT),
            mix_baseline: BillingModel::OnDemand,
            promotions: Promotions::default(),
            data: DataVolumes::default(),
            user_prices: BTreeMap::new(),
            user_usage_rates: BTreeMap::new(),
            assumed_discount: None,
            negotiated: NegotiatedDiscounts::default(),
            job: None,
            today: None,
            run_hours: None,
            #[cfg(any(feature = "worker-html", not(target_arch = "wasm32")))]
            narrow: None,
        }
    }
}

impl Scenario {
    /// The exchange rate in force (CNY per USD).
    pub fn fx(&self, catalog: &Catalog) -> Decimal {
        self.fx_cny_per_usd.unwrap_or(catalog.fx.cny_per_usd)
    }

    /// The billing models to compute for one offer: [`Scenario::models`],
    /// and, when none are chosen, the Capacity Block where the offer is
    /// sold as one (offered where it exists; a link without `bm` keeps
    /// every other offer's models).
    pub fn models_for<'a>(
        &'a self,
        offer: &crate::domain::catalog::Offer,
    ) -> impl Iterator<Item = BillingModel> + 'a {
        self.models_selling(offer.capacity_block().is_some())
    }

    /// [`Scenario::models_for`] an offer that is (or is not) sold as a
    /// Capacity Block.
    pub fn models_selling(&self, capacity_block: bool) -> impl Iterator<Item = BillingModel> + '_ {
        let cb = (self.billing_models.is_empty() && capacity_block)
            .then_some(BillingModel::CapacityBlock);
        self.models().iter().copied().chain(cb)
    }

    /// The billing models to compute ([`BillingModel::DEFAULT`] when none are chosen).
    pub fn models(&self) -> &[BillingModel] {
        if self.billing_models.is_empty() {
            &BillingModel::DEFAULT
        } else {
            &self.billing_models
        }
    }

    /// Inputs that make figures zero or free, said instead of silent: a
    /// student price of 0 or 100 % off, an assumed commitment discount of
    /// 100 %, a 100 % first-month discount.
    pub fn warnings(&self) -> Vec<ScenarioWarning> {
        let mut w = Vec::new();
        let p = &self.promotions;
        match p.student {
            Some(StudentPrice::Hourly(m)) if m.amount().is_zero() => {
                w.push(ScenarioWarning::StudentPriceZero)
            }
            Some(StudentPrice::DiscountPct(d)) if d >= Decimal::ONE_HUNDRED => {
                w.push(ScenarioWarning::StudentPriceZero)
            }
            _ => {}
        }
        if let Some(a) = self.assumed_discount {
            let full = [
                Some(a.no_upfront_pct),
                a.partial_upfront_pct,
                a.all_upfront_pct,
            ]
            .into_iter()
            .flatten()
            .any(|d| d >= Decimal::ONE_HUNDRED);
            if full {
                w.push(ScenarioWarning::AssumedDiscountFull);
            }
        }
        if p.first_month_discount_pct >= Decimal::ONE_HUNDRED {
            w.push(ScenarioWarning::FirstMonthFree);
        }
        w
    }
}
