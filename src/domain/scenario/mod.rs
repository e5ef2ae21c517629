//! The user's scenario: what to run, for how long, how to pay, and the
//! assumptions (spot behaviour, promotions, data volumes, user prices).
//!
//! All numbers are [`Decimal`] so a scenario can be compared exactly and
//! round-trips through the link format. Every field has a documented range;
//! [`Scenario::validate`] checks them and returns typed errors. The same
//! bounds keep every engine computation far from `Decimal` overflow.
use std::collections::BTreeMap;

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{
    Catalog, Currency, GpuId, OfferId, ProviderId, RegionCode, RegionGroup, UsageKind,
    UsageRateCode,
};
use crate::domain::codes::code_enum;
pub use crate::domain::error::ScenarioError;
use crate::domain::money::Money;

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
            BillingModel::OnDemand | BillingModel::Spot | BillingModel::Mix => None,
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

code_enum! {
    /// An AWS Spot Advisor "frequency of interruption" band: the share of
    /// instances interrupted in a month. The code is the link's (`si=lt5`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum SpotBand {
        #[serde(rename = "lt5")]
        Lt5 = "lt5",
        #[serde(rename = "5-10")]
        B5To10 = "5-10",
        #[serde(rename = "10-15")]
        B10To15 = "10-15",
        #[serde(rename = "15-20")]
        B15To20 = "15-20",
        #[serde(rename = "gt20")]
        Gt20 = "gt20",
    }
}

impl SpotBand {
    /// The monthly share the engine assumes for the band, percent: the
    /// band's upper edge (the conservative end); "> 20 %" has no published
    /// upper edge and is taken as 25 %.
    pub fn assumed_monthly_pct(self) -> Decimal {
        Decimal::from(match self {
            SpotBand::Lt5 => 5,
            SpotBand::B5To10 => 10,
            SpotBand::B10To15 => 15,
            SpotBand::B15To20 => 20,
            SpotBand::Gt20 => 25,
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

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DataVolumes {
    /// Internet egress, GB per month.
    pub egress_gb: Decimal,
    /// Cross-region transfer, GB per month.
    pub cross_region_gb: Decimal,
    /// Block storage kept, GB (charged per GB-month).
    pub storage_gb: Decimal,
    /// Fixed public bandwidth, Mbps (fixed-bandwidth mode; see tco docs).
    pub bandwidth_mbps: Decimal,
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
    /// A job to cost (`domain::job`); `None` = no job (the default).
    #[serde(default)]
    pub job: Option<JobSpec>,
    /// The date ages of prices are measured at (`YYYY-MM-DD`); `None` or an
    /// unreadable date = the catalog's as-of. Not part of the link (the CLI's
    /// `--today`).
    #[serde(default)]
    pub today: Option<String>,
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
            job: None,
            today: None,
        }
    }
}

impl ScenarioError {
    pub fn code(&self) -> &'static str {
        match self {
            ScenarioError::HoursOutOfRange { .. } => "hours_out_of_range",
            ScenarioError::ZeroGpus => "zero_gpus",
            ScenarioError::TooManyGpus { .. } => "too_many_gpus",
            ScenarioError::MonthsOutOfRange { .. } => "months_out_of_range",
            ScenarioError::UnknownOffer { .. } => "unknown_offer",
            ScenarioError::UnknownRegion { .. } => "unknown_region",
            ScenarioError::UnknownGpu { .. } => "unknown_gpu",
            ScenarioError::RateNotPositive { .. } => "rate_not_positive",
            ScenarioError::NotFinite { .. } => "not_finite",
            ScenarioError::PercentOutOfRange { .. } => "percent_out_of_range",
            ScenarioError::ValueOutOfRange { .. } => "value_out_of_range",
        }
    }
}

/// Convert a UI float to a Decimal; NaN/inf → [`ScenarioError::NotFinite`].
pub fn decimal_from_f64(field: &str, x: f64) -> Result<Decimal, ScenarioError> {
    if !x.is_finite() {
        return Err(ScenarioError::NotFinite {
            field: field.to_string(),
        });
    }
    Decimal::from_f64(x).ok_or(ScenarioError::NotFinite {
        field: field.to_string(),
    })
}

/// Percent in 0–100.
pub fn check_pct(field: &str, v: Decimal) -> Result<(), ScenarioError> {
    if v < Decimal::ZERO || v > Decimal::ONE_HUNDRED {
        return Err(ScenarioError::PercentOutOfRange {
            field: field.to_string(),
            value: v,
        });
    }
    Ok(())
}

/// Value in `0..=max`.
pub fn check_range(field: &str, v: Decimal, max: Decimal) -> Result<(), ScenarioError> {
    if v < Decimal::ZERO || v > max {
        return Err(ScenarioError::ValueOutOfRange {
            field: field.to_string(),
            value: v,
        });
    }
    Ok(())
}

/// Positive and at most `max`.
pub fn check_positive(field: &str, v: Decimal, max: Decimal) -> Result<(), ScenarioError> {
    if v <= Decimal::ZERO {
        return Err(ScenarioError::RateNotPositive {
            field: field.to_string(),
        });
    }
    check_range(field, v, max)
}

impl Scenario {
    /// The exchange rate in force (CNY per USD).
    pub fn fx(&self, catalog: &Catalog) -> Decimal {
        self.fx_cny_per_usd.unwrap_or(catalog.fx.cny_per_usd)
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

    /// Every decimal input with its link key (for the precision bound).
    fn decimal_inputs(&self) -> Vec<(&'static str, Decimal)> {
        let mut v = vec![
            ("h", self.hours_per_month),
            ("ck", self.spot.checkpoint_minutes),
            ("ro", self.spot.restart_minutes),
            ("mix", self.mix_spot_share_pct),
            ("fmd", self.promotions.first_month_discount_pct),
            ("stucap", self.promotions.student_daily_cap_hours),
            ("eg", self.data.egress_gb),
            ("xr", self.data.cross_region_gb),
            ("st", self.data.storage_gb),
            ("bw", self.data.bandwidth_mbps),
        ];
        v.extend(self.fx_cny_per_usd.map(|x| ("fx", x)));
        v.extend(self.spot.job_hours.map(|x| ("job", x)));
        v.extend(self.spot.deadline_hours.map(|x| ("dl", x)));
        v.extend(self.promotions.credit.map(|x| ("cr", x.amount())));
        if let Some(StudentPrice::Hourly(x)) = self.promotions.student {
            v.push(("stu", x.amount()));
        }
        v.extend(self.user_prices.values().map(|x| ("up", *x)));
        v.extend(self.user_usage_rates.values().map(|x| ("ur", *x)));
        if let Some(j) = &self.job {
            v.extend(j.decimal_inputs());
        }
        match self.spot.interruption {
            InterruptionRate::MonthlyPct(x) => v.push(("si", x)),
            InterruptionRate::HourlyPct(x) => v.push(("sih", x)),
            InterruptionRate::Band(_) => {}
        }
        v
    }

    /// Check every field against its documented range and the catalog.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), Vec<ScenarioError>> {
        let mut errs = Vec::new();
        let mut push = |r: Result<(), ScenarioError>| {
            if let Err(e) = r {
                errs.push(e);
            }
        };
        let h = self.hours_per_month;
        if h < Decimal::ZERO || h > Decimal::from(MAX_HOURS_PER_MONTH) {
            push(Err(ScenarioError::HoursOutOfRange { value: h }));
        }
        if self.min_gpus == 0 {
            push(Err(ScenarioError::ZeroGpus));
        } else if self.min_gpus > MAX_GPUS {
            push(Err(ScenarioError::TooManyGpus {
                value: self.min_gpus,
            }));
        }
        if let Some(v) = self.min_vram_gb {
            push(check_range(
                "vram",
                Decimal::from(v),
                Decimal::from(MAX_VRAM_GB),
            ));
        }
        if !(MIN_MONTHS..=MAX_MONTHS).contains(&self.months) {
            push(Err(ScenarioError::MonthsOutOfRange { value: self.months }));
        }
        for g in &self.gpu_models {
            if catalog.gpu(g).is_none() {
                push(Err(ScenarioError::UnknownGpu { id: g.clone() }));
            }
        }
        for r in &self.regions {
            if catalog.region(r.provider, &r.code).is_none() {
                push(Err(ScenarioError::UnknownRegion {
                    provider: r.provider,
                    region: r.code.clone(),
                }));
            }
        }
        for o in self.offers.iter().flatten().chain(self.user_prices.keys()) {
            if catalog.offer(o).is_none() {
                push(Err(ScenarioError::UnknownOffer { id: o.clone() }));
            }
        }
        if let Some(fx) = self.fx_cny_per_usd {
            push(check_positive("fx", fx, Decimal::from(MAX_FX)));
            if fx < MIN_FX {
                push(Err(ScenarioError::ValueOutOfRange {
                    field: "fx".into(),
                    value: fx,
                }));
            }
        }
        let money_max = Decimal::from(MAX_MONEY_INPUT);
        for p in self.user_prices.values() {
            push(check_positive("up", *p, money_max));
        }
        for (code, p) in &self.user_usage_rates {
            match UsageRateKey::from_code(code) {
                Some(k) if catalog.region(k.provider, &k.region).is_some() => {}
                Some(k) => push(Err(ScenarioError::UnknownRegion {
                    provider: k.provider,
                    region: k.region,
                })),
                None => push(Err(ScenarioError::ValueOutOfRange {
                    field: "ur".into(),
                    value: *p,
                })),
            }
            push(check_range("ur", *p, money_max));
        }
        let s = &self.spot;
        match s.interruption {
            InterruptionRate::MonthlyPct(p) => {
                push(check_range("si", p, MAX_MONTHLY_INTERRUPTION_PCT))
            }
            InterruptionRate::Band(_) => {}
            InterruptionRate::HourlyPct(p) => push(check_pct("sih", p)),
        }
        push(check_range(
            "ck",
            s.checkpoint_minutes,
            Decimal::from(MAX_MINUTES),
        ));
        push(check_range(
            "ro",
            s.restart_minutes,
            Decimal::from(MAX_MINUTES),
        ));
        if let Some(j) = s.job_hours {
            push(check_positive("job", j, Decimal::from(MAX_JOB_HOURS)));
        }
        if let Some(d) = s.deadline_hours {
            push(check_positive("dl", d, Decimal::from(MAX_JOB_HOURS)));
        }
        push(check_pct("mix", self.mix_spot_share_pct));
        let p = &self.promotions;
        push(check_pct("fmd", p.first_month_discount_pct));
        if let Some(c) = p.credit {
            push(check_range("cr", c.amount(), money_max));
        }
        if let Some(m) = p.credit_expiry_month {
            if !(MIN_MONTHS..=MAX_MONTHS).contains(&m) {
                push(Err(ScenarioError::MonthsOutOfRange { value: m }));
            }
        }
        match p.student {
            Some(StudentPrice::Hourly(v)) => push(check_range("stu", v.amount(), money_max)),
            Some(StudentPrice::DiscountPct(v)) => push(check_pct("stu", v)),
            None => {}
        }
        push(check_range(
            "stucap",
            p.student_daily_cap_hours,
            Decimal::from(24),
        ));
        let d = &self.data;
        let vol = Decimal::from(MAX_VOLUME_GB);
        push(check_range("eg", d.egress_gb, vol));
        push(check_range("xr", d.cross_region_gb, vol));
        push(check_range("st", d.storage_gb, vol));
        push(check_range(
            "bw",
            d.bandwidth_mbps,
            Decimal::from(MAX_BANDWIDTH_MBPS),
        ));
        if let Some(a) = self.assumed_discount {
            push(check_pct("disc", a.no_upfront_pct));
            for v in [a.partial_upfront_pct, a.all_upfront_pct]
                .into_iter()
                .flatten()
            {
                push(check_pct("disc", v));
            }
        }
        for e in self.job.iter().flat_map(JobSpec::check) {
            push(Err(e));
        }
        for (field, v) in self.decimal_inputs() {
            if v.scale() > MAX_INPUT_DP {
                push(Err(ScenarioError::ValueOutOfRange {
                    field: field.into(),
                    value: v,
                }));
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs)
        }
    }
}

// ---------------------------------------------------------------------
// The job to cost (cost per job, `crate::domain::job`): part of the
// scenario, so it lives here and `job` computes with it.

code_enum! {
    /// What the job is; the code is the link's `jk` value.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum JobKind {
        /// ResNet-50 training on ImageNet-1k.
        Resnet50 = "resnet50",
        /// BERT-large fine-tuning on SQuAD v1.1.
        BertLarge = "bert_large",
        /// LLM pre-training or fine-tuning: 6·N·T FLOPs.
        LlmTrain = "llm_train",
        /// LLM inference: a token rate served for some hours.
        LlmServe = "llm_serve",
    }
}

const fn dec(v: u32) -> Decimal {
    Decimal::from_parts(v, 0, 0, false, 0)
}

/// ImageNet-1k (ILSVRC-2012) training images: 1,281,167 (Russakovsky et
/// al., "ImageNet Large Scale Visual Recognition Challenge", 2015, Table 2).
pub const IMAGENET_TRAIN_IMAGES: u32 = 1_281_167;
/// The usual ResNet-50 schedule: 90 epochs (He et al. 2015; the MLPerf and
/// NVIDIA reference recipes).
pub const RESNET50_EPOCHS: u32 = 90;
/// SQuAD v1.1 training questions: 87,599 (the `train-v1.1.json` file;
/// Rajpurkar et al. 2016 report 107,785 questions in all, 80 % train).
/// Tokenized with BERT's 384-token windows and a 128-token stride the
/// features are about 1 % more; the question count is used.
pub const SQUAD11_TRAIN_EXAMPLES: u32 = 87_599;
/// BERT's SQuAD v1.1 fine-tuning recipe: 2 epochs (Devlin et al. 2018, §4.2
/// uses 3; the Google and NVIDIA reference scripts use 2). An input.
pub const BERT_EPOCHS: u32 = 2;

/// Training FLOPs per ResNet-50 sample: 3 × 4.1 GFLOPs forward for a
/// 224×224 image (backward ≈ 2 × forward) = 12.3 GFLOPs. (4.1 G is the
/// usual published figure; it counts multiply-adds. The constant cancels
/// out of the estimate, whose efficiency is derived with the same constant
/// from the catalog's measured runs; see [`DEFAULT_RESNET50_EFFICIENCY_PCT`].)
pub const RESNET50_GFLOP_PER_SAMPLE: Decimal = Decimal::from_parts(123, 0, 0, false, 1);
/// Training FLOPs per BERT-large sample: 6 × 340 M parameters × 384 tokens
/// = 783.36 GFLOPs (the 6·N FLOPs per token rule of Kaplan et al. 2020).
pub const BERT_LARGE_GFLOP_PER_SAMPLE: Decimal = Decimal::from_parts(78336, 0, 0, false, 2);

/// Default estimate efficiency for ResNet-50 (% of dense FP16 TFLOPS): the
/// median of the catalog's single-GPU fp16 runs (Lambda, 2024-07-24),
/// efficiency = samples/s × 12.3 GFLOP ÷ dense FP16 TFLOPS:
///   V100 833×12.3/125 = 8.20 %, A10 638×12.3/125 = 6.28 %,
///   A100 40 PCIe 1396×12.3/312 = 5.50 %, A100 80 PCIe 1527×12.3/312 = 6.02 %,
///   A100 80 SXM 1582×12.3/312 = 6.24 %, H100 PCIe 1866×12.3/756 = 3.04 %,
///   H100 SXM 2616×12.3/989 = 3.25 %; sorted, the 4th of 7 is 6.02 → 6.0 %.
/// `tests::default_efficiencies_match_the_catalog` recomputes it.
pub const DEFAULT_RESNET50_EFFICIENCY_PCT: Decimal = Decimal::from_parts(60, 0, 0, false, 1);
/// Default estimate efficiency for BERT-large, derived the same way with
/// 783.36 GFLOP: V100 57→35.72 %, A10 42→26.32 %, A100 40 PCIe 117→29.38 %,
/// A100 80 PCIe 140→35.15 %, A100 80 SXM 152→38.16 %, H100 PCIe 203→21.03 %,
/// H100 SXM 301→23.84 %; median 29.38 → 29.4 %.
pub const DEFAULT_BERT_LARGE_EFFICIENCY_PCT: Decimal = Decimal::from_parts(294, 0, 0, false, 1);
/// Default LLM training MFU, % (an estimate): Meta reports 38–43 % BF16 MFU
/// for Llama 3 405B pre-training on 8K–16K H100s ("The Llama 3 Herd of
/// Models", 2024, Table 4); PaLM reports 46.2 % (Chowdhery et al. 2022).
/// MFU is measured at scale, so it already includes multi-GPU losses.
pub const DEFAULT_LLM_TRAIN_MFU_PCT: Decimal = dec(40);
/// Default LLM serving efficiency, % of dense FP16 FLOPs (an assumption,
/// not sourced: batched decoding is memory-bandwidth bound and reaches a
/// small fraction of peak compute; the catalog has no serving benchmark).
/// Set `mfu=` to a measured figure.
pub const DEFAULT_LLM_SERVE_EFFICIENCY_PCT: Decimal = dec(10);
/// Fallback multi-GPU scaling efficiency, %, used only where the catalog has
/// no multi-GPU run of the workload (LLM kinds, a catalog without runs). The
/// default for ResNet-50 and BERT-large is the catalog's own measured 1 → 8
/// GPU scaling (`job::default_scaling_pct`): the median of V100, A100 80 GB
/// SXM and H100 SXM (ResNet-50 6174/(8×833) = 92.6 %, 11439/(8×1582) =
/// 90.4 %, 20728/(8×2616) = 99.0 % → 92.6 %; BERT-large 286/(8×57) = 62.7 %,
/// 746/(8×152) = 61.3 %, 2167/(8×301) = 90.0 % → 62.7 %), the lowest where
/// the GPUs are slower connected than those runs (PCIe only, or several
/// instances without RDMA).
pub const DEFAULT_SCALING_PCT: Decimal = dec(90);
/// Default LLM size, billions of parameters (an example input).
pub const DEFAULT_LLM_PARAMS_B: Decimal = dec(7);
/// Default LLM training tokens, billions: 20 tokens per parameter for the
/// default 7 B model (the compute-optimal ratio of Hoffmann et al. 2022).
pub const DEFAULT_LLM_TOKENS_B: Decimal = dec(140);
/// Default served tokens per second (an example input).
pub const DEFAULT_SERVE_TOKENS_PER_S: Decimal = dec(1000);
/// Default serving hours: one 730-hour month (an example input).
pub const DEFAULT_SERVE_HOURS: Decimal = dec(730);

/// Bytes per parameter for mixed-precision Adam training: FP16 weights and
/// gradients (2 + 2) plus FP32 master weights, momentum and variance
/// (4 + 4 + 4) = 16 (Rajbhandari et al., ZeRO, 2020). Activations excluded.
pub const TRAIN_BYTES_PER_PARAM: u32 = 16;
/// Bytes per parameter to serve FP16/BF16 weights (KV cache excluded).
pub const SERVE_BYTES_PER_PARAM: u32 = 2;
/// Hours in the month the job's hours are spread over.
pub const JOB_MONTH_HOURS: u32 = 730;

/// Upper bounds of the job inputs (lower bounds: > 0).
pub const MAX_JOB_EPOCHS: u32 = 10_000;
pub const MAX_JOB_SAMPLES: u32 = 4_000_000_000;
/// Ten trillion parameters.
pub const MAX_JOB_PARAMS_B: u32 = 10_000;
/// A quadrillion tokens (Llama 3 used 15 T).
pub const MAX_JOB_TOKENS_B: u32 = 1_000_000;
pub const MAX_SERVE_TOKENS_PER_S: u32 = 1_000_000_000;
pub const MAX_SERVE_HOURS: u32 = MAX_JOB_HOURS as u32;

/// The job. `None` fields take the kind's default (the `default_*`
/// functions), so a link can give them in any order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobSpec {
    pub kind: JobKind,
    /// Epochs (ResNet-50, BERT-large); fractions allowed.
    pub epochs: Option<Decimal>,
    /// Samples per epoch (ResNet-50, BERT-large).
    pub samples: Option<Decimal>,
    /// Model size N, billions of parameters (LLM kinds).
    pub params_b: Option<Decimal>,
    /// Training tokens T, billions (LLM training).
    pub tokens_b: Option<Decimal>,
    /// Efficiency of an estimate, % of dense FP16 TFLOPS: MFU for LLM
    /// training, serving efficiency for LLM serving, the estimate's
    /// efficiency for ResNet-50 / BERT-large on GPUs without a benchmark.
    pub mfu_pct: Option<Decimal>,
    /// Multi-GPU scaling efficiency, %.
    pub scaling_pct: Option<Decimal>,
    /// Served tokens per second (LLM serving).
    pub serve_tokens_per_s: Option<Decimal>,
    /// Serving hours (LLM serving).
    pub serve_hours: Option<Decimal>,
}

impl JobSpec {
    /// A job of this kind with every input at its default.
    pub fn new(kind: JobKind) -> JobSpec {
        JobSpec {
            kind,
            epochs: None,
            samples: None,
            params_b: None,
            tokens_b: None,
            mfu_pct: None,
            scaling_pct: None,
            serve_tokens_per_s: None,
            serve_hours: None,
        }
    }

    pub fn epochs(&self) -> Decimal {
        self.epochs.unwrap_or(match self.kind {
            JobKind::BertLarge => dec(BERT_EPOCHS),
            _ => dec(RESNET50_EPOCHS),
        })
    }

    pub fn samples(&self) -> Decimal {
        self.samples.unwrap_or(match self.kind {
            JobKind::BertLarge => dec(SQUAD11_TRAIN_EXAMPLES),
            _ => dec(IMAGENET_TRAIN_IMAGES),
        })
    }

    pub fn params_b(&self) -> Decimal {
        self.params_b.unwrap_or(DEFAULT_LLM_PARAMS_B)
    }

    pub fn tokens_b(&self) -> Decimal {
        self.tokens_b.unwrap_or(DEFAULT_LLM_TOKENS_B)
    }

    /// The kind's default efficiency (% of dense FP16 TFLOPS).
    pub fn default_efficiency_pct(kind: JobKind) -> Decimal {
        match kind {
            JobKind::Resnet50 => DEFAULT_RESNET50_EFFICIENCY_PCT,
            JobKind::BertLarge => DEFAULT_BERT_LARGE_EFFICIENCY_PCT,
            JobKind::LlmTrain => DEFAULT_LLM_TRAIN_MFU_PCT,
            JobKind::LlmServe => DEFAULT_LLM_SERVE_EFFICIENCY_PCT,
        }
    }

    pub fn efficiency_pct(&self) -> Decimal {
        self.mfu_pct
            .unwrap_or(JobSpec::default_efficiency_pct(self.kind))
    }

    pub fn scaling_pct(&self) -> Decimal {
        self.scaling_pct.unwrap_or(DEFAULT_SCALING_PCT)
    }

    pub fn serve_tokens_per_s(&self) -> Decimal {
        self.serve_tokens_per_s
            .unwrap_or(DEFAULT_SERVE_TOKENS_PER_S)
    }

    pub fn serve_hours(&self) -> Decimal {
        self.serve_hours.unwrap_or(DEFAULT_SERVE_HOURS)
    }

    /// The job with every input filled in (the kind's defaults where not given).
    pub fn resolved(&self) -> JobSpec {
        JobSpec {
            kind: self.kind,
            epochs: Some(self.epochs()),
            samples: Some(self.samples()),
            params_b: Some(self.params_b()),
            tokens_b: Some(self.tokens_b()),
            mfu_pct: Some(self.efficiency_pct()),
            scaling_pct: Some(self.scaling_pct()),
            serve_tokens_per_s: Some(self.serve_tokens_per_s()),
            serve_hours: Some(self.serve_hours()),
        }
    }

    /// Every given input with its link key (for the precision bound).
    pub fn decimal_inputs(&self) -> Vec<(&'static str, Decimal)> {
        [
            ("jep", self.epochs),
            ("jn", self.samples),
            ("jp", self.params_b),
            ("jt", self.tokens_b),
            ("mfu", self.mfu_pct),
            ("jsc", self.scaling_pct),
            ("jtps", self.serve_tokens_per_s),
            ("jh", self.serve_hours),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
    }

    /// Range checks of the given inputs: every one positive and at most its
    /// bound; samples whole; percentages at most 100.
    pub fn check(&self) -> Vec<ScenarioError> {
        let mut errs = Vec::new();
        let bounds: [(&str, Option<Decimal>, u32); 8] = [
            ("jep", self.epochs, MAX_JOB_EPOCHS),
            ("jn", self.samples, MAX_JOB_SAMPLES),
            ("jp", self.params_b, MAX_JOB_PARAMS_B),
            ("jt", self.tokens_b, MAX_JOB_TOKENS_B),
            ("mfu", self.mfu_pct, 100),
            ("jsc", self.scaling_pct, 100),
            ("jtps", self.serve_tokens_per_s, MAX_SERVE_TOKENS_PER_S),
            ("jh", self.serve_hours, MAX_SERVE_HOURS),
        ];
        for (field, v, max) in bounds {
            let Some(v) = v else { continue };
            let r = if field == "mfu" || field == "jsc" {
                if v <= Decimal::ZERO || v > Decimal::ONE_HUNDRED {
                    Err(ScenarioError::PercentOutOfRange {
                        field: field.into(),
                        value: v,
                    })
                } else {
                    Ok(())
                }
            } else {
                check_positive(field, v, dec(max))
            };
            if let Err(e) = r {
                errs.push(e);
            }
        }
        if let Some(n) = self.samples {
            if !crate::domain::money::is_whole(n) {
                errs.push(ScenarioError::ValueOutOfRange {
                    field: "jn".into(),
                    value: n,
                });
            }
        }
        errs
    }
}
