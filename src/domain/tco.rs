//! Billing models → month-by-month cash flows, and the top-level [`quote`].
//!
//! # What a result says (the decision rule)
//!
//! Every model result carries three figures:
//! * **paid within the horizon** (`total`): the cash paid in months 1..=m;
//! * **still owed after it** (`still_owed`): commitment charges of a term
//!   that started within the horizon but ends after it (a 3-year
//!   reservation bought for a 1-month need still owes 35 months);
//! * **decision cost** (`decision_cost`) = paid within the horizon + still
//!   owed − credit still usable on what is owed. This is what `cheapest`,
//!   `saving_vs_on_demand_pct`, the compare panel's best cells and the
//!   best-commitment column rank by, so one contract ranks the same whether
//!   it is paid upfront or monthly.
//!
//! A result that needs a rate the catalog lacks (e.g. egress in a region with
//! no sourced rate, and none entered with `ur=`) lists it in `missing`; it is
//! *incomplete*: its figures exclude that charge and it ranks after every
//! complete result.
//!
//! # How each model is billed (per instance, × instances needed)
//!
//! * **On-demand / PAYG (`od`)**: one session per month of `h` hours. Billed
//!   hours = `h` rounded **up** to the provider's granularity
//!   (`granularity_seconds`), and at least `minimum_seconds` when `h > 0`.
//! * **Reserved (`ri1n/ri1p/ri1a/ri3n/ri3p/ri3a`)**: the upfront is paid in
//!   the first month of each term (column `upfront`); the hourly charge is
//!   paid for **every** hour of the term, `provider.hours_per_month` per
//!   month (column `commitment`), whatever the usage. The reservation covers
//!   every hour the instance runs (a 744-hour month included: 12 × 730 h is
//!   the year), so no hour is billed on-demand. Terms renew at the same
//!   price when the horizon is longer than the term.
//! * **Savings plans (`sp1/sp3`)**: commitment = plan rate × hours per month,
//!   paid every month of the term; like a no-upfront reservation.
//! * **Subscription (`sub`, 包月)**: the monthly price, every month.
//! * **Installment (`inst`)**: a 12-month commitment paid monthly; no
//!   sourced rates exist, so only with the assumed discount (flag `assumed`).
//! * Any commitment without a sourced rate uses the scenario's assumed
//!   discount for its payment option if given (flag `assumed`; the rates in
//!   force are in `Quote::assumed_rates`), else it is unavailable
//!   (`no_commitment_rate`).
//! * **Spot (`spot`)** and **mix (`mix`)**: see [`crate::domain::spot`].
//!   Spot billed hours = `h × f`; the mix bills `(1 − s)·h` on-demand hours
//!   plus `s·h·f` spot hours (baseline on on-demand).
//! * **Promotions**, scoped as providers scope them:
//!   - the first-month discount (`fmd`) applies to month 1's pay-as-you-go
//!     usage (`od`, and the on-demand share of a mix) and to the first month
//!     of a monthly subscription (`sub`) — never to reservations, savings
//!     plans, installments, spot, upfront fees or data;
//!   - the credit (`cr`) is an amount in its own currency, converted at the
//!     scenario's rate, consumed by each month's total (all columns) until
//!     used up or past `crx`, and then by what is still owed;
//!   - the student price applies to on-demand hours only, at most `stucap`
//!     hours a day for the **whole account** (`stucap × hours_per_month / 24`
//!     hours a month across every instance); a student hourly price is in
//!     its own currency.
//! * **Data** (same for every model of an offer; volumes are totals, not per
//!   instance): egress per GB (tiered, free allowances as zero-priced first
//!   tiers, `eg`), cross-region per GB (`xr`), storage per GB-month (`st`).
//!   The rate is the catalog's for the offer's region; else the user's
//!   (`ur=provider:region:kind~rate`, flat, in the region's billing
//!   currency); else the catalog's for another region of the provider in the
//!   same region group *and* currency (notice `usage_rate_fallback`); else
//!   the charge is **missing** and the result incomplete. Fixed-bandwidth
//!   mode (`bw > 0` and a bandwidth rate exists): `bw` Mbps-months are
//!   charged on the bandwidth tiers and internet egress GB are not charged
//!   separately.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, Offer, ProviderId, Region, UsageKind, UsageRate};
use crate::domain::error::EngineError;
use crate::domain::money::{add, convert, div, mul, round_money, round_rate, sub, Money};
use crate::domain::pricing::{
    assumed_rates, billing, commitment, instances_needed, od_rate, spot_range, AssumedRates,
    Billing, Commitment, OdRate, PriceBook, PriceRef, Reason,
};
use crate::domain::scenario::{BillingModel, Scenario, ScenarioError, StudentPrice, UsageRateKey};
use crate::domain::spot::{self, SpotOutcome, SpotParams};

/// One month of cash flow, display currency, rounded (see money.rs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonthLine {
    /// 1-based.
    pub month: u32,
    pub upfront: Decimal,
    pub usage: Decimal,
    pub commitment: Decimal,
    pub data: Decimal,
    /// Credits used this month (≤ 0).
    pub credits: Decimal,
    pub total: Decimal,
    pub cumulative: Decimal,
}

/// Remarks on an offer's data charges. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum QuoteNotice {
    /// No usage rate for the offer's region; another region's of the same
    /// provider, region group and currency was used.
    UsageRateFallback { kind: UsageKind, region: String },
    /// The user's rate for this region was used (`ur=`).
    UsageRateUser { kind: UsageKind },
    /// Fixed-bandwidth mode: internet egress GB are included in the bandwidth.
    EgressInBandwidth,
}

/// Remarks on one billing model's result. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ModelNotice {
    /// Spot cost uses the midpoint of the snapshot range.
    SpotMidpoint,
    /// The horizon is longer than the term; renewed at the same price.
    CommitmentRenewed,
    /// The horizon ends inside a term: `still_owed` is due after it.
    CommitmentOwedAfterHorizon,
    StudentPriceApplied,
}

/// A short list kept inline (no heap allocation): a result carries at most
/// three notices of its own and at most two price references, and a quote
/// over thousands of offers should not allocate for each of them.
/// Serialized as a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Few<T, const N: usize> {
    items: [Option<T>; N],
}

impl<T, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Few {
            items: [const { None }; N],
        }
    }
}

impl<T: PartialEq, const N: usize> Few<T, N> {
    /// Append; by construction a result never has more than `N`.
    fn push(&mut self, x: T) {
        let slot = self.items.iter_mut().find(|s| s.is_none());
        debug_assert!(slot.is_some(), "Few: more than {N} items");
        if let Some(slot) = slot {
            *slot = Some(x);
        }
    }

    /// Insert at the front (shifting the others).
    fn insert_first(&mut self, x: T) {
        let mut carry = Some(x);
        for slot in self.items.iter_mut() {
            carry = std::mem::replace(slot, carry);
            if carry.is_none() {
                break;
            }
        }
        debug_assert!(carry.is_none(), "Few: more than {N} items");
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().flatten()
    }

    pub fn contains(&self, x: &T) -> bool {
        self.iter().any(|y| y == x)
    }

    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

impl<T: Serialize, const N: usize> Serialize for Few<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.items.iter().flatten())
    }
}

/// A charge the result needs but the catalog has no rate for (and the user
/// entered none): the result is incomplete and ranks after complete ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissingRate {
    pub kind: UsageKind,
    pub provider: ProviderId,
    pub region: String,
}

/// One billing model of one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelQuote {
    pub model: BillingModel,
    /// Set when the model can't be priced; then the totals are None and `lines` empty.
    pub unavailable: Option<Reason>,
    /// Paid within the horizon (the last cumulative line).
    pub total: Option<Money>,
    pub upfront_total: Decimal,
    /// Commitment charges due after the horizon for terms started within it
    /// (not in `total`; before credits).
    pub still_owed: Decimal,
    /// `total` + `still_owed` − credit still usable on what is owed: the
    /// figure results are ranked by (see the module docs).
    pub decision_cost: Option<Money>,
    /// Rates the result needs but nobody has: it is incomplete.
    pub missing: Vec<MissingRate>,
    /// Effective per-instance hourly of the model (6 dp).
    pub effective_hourly: Option<Decimal>,
    /// Decision-cost saving vs on-demand for the same offer, percent
    /// (positive = cheaper), 2 dp.
    pub saving_vs_on_demand_pct: Option<Decimal>,
    /// Computed from the user's assumed discount.
    pub assumed: bool,
    pub indicative: bool,
    pub user_price: bool,
    /// Remarks on this result (the data notices are the offer's).
    pub notices: Few<ModelNotice, 3>,
    pub sources: Few<PriceRef, 2>,
    /// The month lines, generated on demand (`lines()`; `lines` in JSON);
    /// None for totals-only quotes and unavailable models.
    #[serde(rename = "lines", serialize_with = "serialize_lines")]
    pub flow: Option<CashFlow>,
}

impl ModelQuote {
    /// The month-by-month lines (empty when unavailable or totals-only).
    pub fn lines(&self) -> Vec<MonthLine> {
        self.flow.map(|f| f.lines()).unwrap_or_default()
    }

    /// True when every charge the result needs has a rate.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
    }

    /// The ranking key: complete before incomplete, then decision cost.
    /// None when the model is unavailable.
    pub fn rank_key(&self) -> Option<(bool, Decimal)> {
        self.decision_cost.map(|d| (!self.complete(), d.amount()))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferQuote {
    /// `provider:region:instance_type`; the specs are the catalog's
    /// (`gpucost catalog --offer <id>`), not copied into every quote.
    pub offer: String,
    pub provider: ProviderId,
    pub gpus_per_instance: u32,
    pub instances: u32,
    /// Data cost per month (rounded), same for every model; excludes `missing`.
    pub data_monthly: Decimal,
    /// Remarks on the data charges (rate fallbacks, user rates, bandwidth mode).
    pub notices: Vec<QuoteNotice>,
    pub models: Vec<ModelQuote>,
}

/// The best result of a quote: lowest decision cost among complete
/// results (incomplete ones only when no result is complete).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cheapest {
    pub offer: String,
    pub model: BillingModel,
    pub decision_cost: Money,
    /// Paid within the horizon.
    pub total: Money,
    pub complete: bool,
}

/// Why a matching offer was left out of a quote. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExcludedReason {
    /// A VRAM need is set and the offer's GPU memory is not known: unknown
    /// memory never counts as enough.
    GpuMemoryUnknown,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Excluded {
    pub offer: String,
    pub reason: ExcludedReason,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quote {
    pub currency: Currency,
    pub fx_cny_per_usd: Decimal,
    pub months: u32,
    pub hours_per_month: Decimal,
    pub catalog_version: String,
    /// Spot behaviour (None when the scenario's spot settings give no progress).
    pub spot: Option<SpotOutcome>,
    /// The assumed commitment discounts in force (None when none assumed).
    pub assumed_rates: Option<Vec<AssumedRates>>,
    pub offers: Vec<OfferQuote>,
    /// Offers the filters match that cannot be quoted for this need.
    pub excluded: Vec<Excluded>,
    /// Lowest decision cost over all offers and models (see [`Cheapest`]).
    pub cheapest: Option<Cheapest>,
}

/// What [`quote_with`] computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteOptions {
    /// Include the month-by-month lines (false: totals and flags only, for
    /// compare tables over many offers; totals are identical).
    pub lines: bool,
}

impl Default for QuoteOptions {
    fn default() -> Self {
        QuoteOptions { lines: true }
    }
}

/// Tiered charge: `qty` units against ascending cumulative tiers.
pub fn tiered(rate: &UsageRate, qty: Decimal) -> Result<Decimal, EngineError> {
    let mut total = Decimal::ZERO;
    let mut lower = Decimal::ZERO;
    for t in &rate.tiers {
        if qty <= lower {
            break;
        }
        let upper = match t.up_to {
            Some(u) => Decimal::from(u).min(qty),
            None => qty,
        };
        if upper > lower {
            total = add(total, mul(sub(upper, lower)?, t.price)?)?;
            lower = upper;
        }
        if t.up_to.is_none() {
            break;
        }
    }
    Ok(total)
}

/// Where a usage rate comes from.
enum RateFound<'a> {
    Catalog(&'a UsageRate, bool),
    User(Decimal),
    Missing,
}

fn find_rate<'a>(
    catalog: &'a Catalog,
    scenario: &Scenario,
    offer: &Offer,
    region: Option<&Region>,
    kind: UsageKind,
) -> RateFound<'a> {
    let mut fallback = None;
    for r in &catalog.usage_rates {
        if r.provider == offer.provider && r.kind == kind {
            if r.region == offer.region {
                return RateFound::Catalog(r, false);
            }
            let same_kind_of_region = match (region, catalog.region(r.provider, &r.region)) {
                (Some(a), Some(b)) => a.group == b.group && a.billing_currency() == r.currency,
                _ => false,
            };
            if fallback.is_none() && same_kind_of_region {
                fallback = Some(r);
            }
        }
    }
    let key = UsageRateKey {
        provider: offer.provider,
        region: offer.region.clone(),
        kind,
    };
    if let Some(v) = scenario.user_usage_rates.get(&key.code()) {
        return RateFound::User(*v);
    }
    match fallback {
        Some(r) => RateFound::Catalog(r, true),
        None => RateFound::Missing,
    }
}

/// Monthly data cost of an offer (full precision), its notices and the
/// charges no rate exists for.
pub(crate) fn data_cost(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    fx: Decimal,
) -> Result<(Decimal, Vec<QuoteNotice>, Vec<MissingRate>), EngineError> {
    let d = &scenario.data;
    let mut total = Decimal::ZERO;
    let mut notices = Vec::new();
    let mut missing = Vec::new();
    let region = catalog.region(offer.provider, &offer.region);
    let region_currency = region
        .map(|r| r.billing_currency())
        .unwrap_or_else(|| crate::domain::pricing::user_price_currency(offer));
    let mut charge = |kind: UsageKind, qty: Decimal, notices: &mut Vec<QuoteNotice>| {
        if qty <= Decimal::ZERO {
            return Ok::<bool, EngineError>(false);
        }
        match find_rate(catalog, scenario, offer, region, kind) {
            RateFound::Catalog(r, fb) => {
                if fb {
                    notices.push(QuoteNotice::UsageRateFallback {
                        kind,
                        region: r.region.clone(),
                    });
                }
                let c = convert(tiered(r, qty)?, r.currency, scenario.currency, fx)?;
                total = add(total, c)?;
                Ok(true)
            }
            RateFound::User(rate) => {
                notices.push(QuoteNotice::UsageRateUser { kind });
                let c = convert(mul(qty, rate)?, region_currency, scenario.currency, fx)?;
                total = add(total, c)?;
                Ok(true)
            }
            RateFound::Missing => {
                missing.push(MissingRate {
                    kind,
                    provider: offer.provider,
                    region: offer.region.clone(),
                });
                Ok(false)
            }
        }
    };
    let bw_mode = d.bandwidth_mbps > Decimal::ZERO
        && charge(
            UsageKind::BandwidthPerMbpsMonth,
            d.bandwidth_mbps,
            &mut notices,
        )?;
    if bw_mode {
        if d.egress_gb > Decimal::ZERO {
            notices.push(QuoteNotice::EgressInBandwidth);
        }
    } else {
        charge(UsageKind::EgressPerGb, d.egress_gb, &mut notices)?;
    }
    charge(UsageKind::InterRegionPerGb, d.cross_region_gb, &mut notices)?;
    charge(UsageKind::StoragePerGbMonth, d.storage_gb, &mut notices)?;
    Ok((total, notices, missing))
}

/// Billed on-demand hours for `h` hours in one session (see module docs).
pub(crate) fn billed_hours(h: Decimal, b: &Billing) -> Result<Decimal, EngineError> {
    if h <= Decimal::ZERO {
        return Ok(Decimal::ZERO);
    }
    let secs = mul(h, Decimal::from(3600))?;
    let g = Decimal::from(b.granularity_s);
    let billed = mul(div(secs, g)?.ceil(), g)?.max(Decimal::from(b.minimum_s));
    div(billed, Decimal::from(3600))
}

/// Per-offer context shared by all models.
struct OfferCtx<'a> {
    book: PriceBook<'a>,
    b: Billing,
    inst: Decimal,
    od: Option<OdRate>,
    spot: Option<(Decimal, Decimal, PriceRef)>,
    data_notices: Vec<QuoteNotice>,
    missing: Vec<MissingRate>,
    assumed: Option<&'a [AssumedRates]>,
}

/// The monthly shape of a model before promotions (full precision, fleet).
struct Shape {
    upfront_per_term: Decimal,
    term: Option<u32>,
    usage: Decimal,
    /// The part of `usage` the first-month discount applies to (pay-as-you-go).
    usage_fmd: Decimal,
    commit: Decimal,
    /// The first-month discount applies to month 1's `commit` (a monthly
    /// subscription's first month).
    commit_fmd: bool,
    effective_hourly: Decimal,
    assumed: bool,
    user_price: bool,
    sources: Few<PriceRef, 2>,
    notices: Few<ModelNotice, 3>,
}

fn unavailable(model: BillingModel, r: Reason) -> ModelQuote {
    ModelQuote {
        model,
        unavailable: Some(r),
        total: None,
        upfront_total: round_money(Decimal::ZERO),
        still_owed: round_money(Decimal::ZERO),
        decision_cost: None,
        missing: Vec::new(),
        effective_hourly: None,
        saving_vs_on_demand_pct: None,
        assumed: false,
        indicative: false,
        user_price: false,
        notices: Few::default(),
        sources: Few::default(),
        flow: None,
    }
}

/// On-demand charge of the fleet for a month with the student promotion:
/// student-priced hours are capped for the whole account.
fn on_demand_fleet(
    scenario: &Scenario,
    ctx: &OfferCtx,
    od: &OdRate,
    billed: Decimal,
    fx: Decimal,
    notices: &mut Few<ModelNotice, 3>,
) -> Result<Decimal, EngineError> {
    let fleet_hours = mul(billed, ctx.inst)?;
    let Some(stu) = scenario.promotions.student else {
        return mul(fleet_hours, od.hourly);
    };
    let cap = div(
        mul(
            scenario.promotions.student_daily_cap_hours,
            ctx.b.hours_per_month,
        )?,
        Decimal::from(24),
    )?;
    let sh = fleet_hours.min(cap);
    let price = match stu {
        StudentPrice::Hourly(m) => convert(m.amount(), m.currency(), scenario.currency, fx)?,
        StudentPrice::DiscountPct(d) => {
            mul(od.hourly, sub(Decimal::ONE, div(d, Decimal::ONE_HUNDRED)?)?)?
        }
    };
    notices.push(ModelNotice::StudentPriceApplied);
    // never above the on-demand price: a promotion cannot raise a total
    let price = price.min(od.hourly);
    add(mul(sh, price)?, mul(sub(fleet_hours, sh)?, od.hourly)?)
}

fn shape(
    scenario: &Scenario,
    ctx: &OfferCtx,
    model: BillingModel,
    sp: Option<&SpotParams>,
    fx: Decimal,
) -> Result<Result<Shape, Reason>, EngineError> {
    let h = scenario.hours_per_month;
    let inst = ctx.inst;
    let mut notices = Few::default();
    let mut sources = Few::default();
    let od = ctx.od.as_ref();
    let spot_mid = |notices: &mut Few<ModelNotice, 3>, sources: &mut Few<PriceRef, 2>| {
        ctx.spot.as_ref().map(|(a, b, s)| {
            if a != b {
                notices.push(ModelNotice::SpotMidpoint);
            }
            sources.push(s.clone());
            (*a + *b) / Decimal::TWO
        })
    };
    match model {
        BillingModel::OnDemand => {
            let Some(od) = od else {
                return Ok(Err(Reason::NoSourcedPrice));
            };
            sources.push(od.src.clone());
            let billed = billed_hours(h, &ctx.b)?;
            let fleet = on_demand_fleet(scenario, ctx, od, billed, fx, &mut notices)?;
            let eff = if h > Decimal::ZERO {
                div(div(fleet, inst)?, h)?
            } else {
                od.hourly
            };
            Ok(Ok(Shape {
                upfront_per_term: Decimal::ZERO,
                term: None,
                usage: fleet,
                usage_fmd: fleet,
                commit: Decimal::ZERO,
                commit_fmd: false,
                effective_hourly: eff,
                assumed: false,
                user_price: od.user,
                sources,
                notices,
            }))
        }
        BillingModel::Spot | BillingModel::Mix => {
            let Some(p) = sp else {
                return Ok(Err(Reason::SpotNoProgress));
            };
            let Some(mid) = spot_mid(&mut notices, &mut sources) else {
                return Ok(Err(Reason::NoSpotPrice));
            };
            let spot_hourly = mul(mid, p.overhead_factor)?;
            if model == BillingModel::Mix && scenario.mix_baseline != BillingModel::OnDemand {
                return mix_on_commitment(scenario, ctx, spot_hourly, fx, sources, notices);
            }
            if model == BillingModel::Spot {
                return Ok(Ok(Shape {
                    upfront_per_term: Decimal::ZERO,
                    term: None,
                    usage: mul(mul(h, spot_hourly)?, inst)?,
                    usage_fmd: Decimal::ZERO,
                    commit: Decimal::ZERO,
                    commit_fmd: false,
                    effective_hourly: spot_hourly,
                    assumed: false,
                    user_price: false,
                    sources,
                    notices,
                }));
            }
            let Some(od) = od else {
                return Ok(Err(Reason::NoSourcedPrice));
            };
            sources.insert_first(od.src.clone());
            let s = div(scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
            let od_part = mul(mul(mul(sub(Decimal::ONE, s)?, h)?, od.hourly)?, inst)?;
            let spot_part = mul(mul(mul(s, h)?, spot_hourly)?, inst)?;
            let blended = add(mul(sub(Decimal::ONE, s)?, od.hourly)?, mul(s, spot_hourly)?)?;
            Ok(Ok(Shape {
                upfront_per_term: Decimal::ZERO,
                term: None,
                usage: add(od_part, spot_part)?,
                usage_fmd: od_part,
                commit: Decimal::ZERO,
                commit_fmd: false,
                effective_hourly: blended,
                assumed: false,
                user_price: od.user,
                sources,
                notices,
            }))
        }
        BillingModel::Ri1No
        | BillingModel::Ri1Partial
        | BillingModel::Ri1All
        | BillingModel::Ri3No
        | BillingModel::Ri3Partial
        | BillingModel::Ri3All
        | BillingModel::Sp1
        | BillingModel::Sp3
        | BillingModel::Subscription
        | BillingModel::Installment => {
            let hpm = ctx.b.hours_per_month;
            let Some(c): Option<Commitment> =
                commitment(scenario, &ctx.book, model, od, hpm, fx, ctx.assumed)?
            else {
                return Ok(Err(Reason::NoCommitmentRate));
            };
            if let Some(s) = &c.src {
                sources.push(s.clone());
            } else if let Some(od) = od {
                sources.push(od.src.clone());
            }
            commitment_notices(scenario, c.term_months, &mut notices);
            Ok(Ok(Shape {
                upfront_per_term: mul(c.upfront, inst)?,
                term: Some(c.term_months),
                usage: Decimal::ZERO,
                usage_fmd: Decimal::ZERO,
                commit: mul(c.monthly, inst)?,
                commit_fmd: model == BillingModel::Subscription,
                effective_hourly: c.effective_hourly(hpm)?,
                assumed: c.assumed,
                user_price: c.src.is_none() && od.is_some_and(|o| o.user),
                sources,
                notices,
            }))
        }
    }
}

fn commitment_notices(scenario: &Scenario, term: u32, notices: &mut Few<ModelNotice, 3>) {
    if term > 1 && scenario.months > term {
        notices.push(ModelNotice::CommitmentRenewed);
    }
    if term > 1 && !scenario.months.is_multiple_of(term) {
        notices.push(ModelNotice::CommitmentOwedAfterHorizon);
    }
}

/// The mix with a committed baseline: the non-spot share `1 − s` of the
/// fleet is committed (upfront and monthly charges for the whole term,
/// whatever the usage; the commitment covers every hour those instances
/// run), and the share `s` of the usage hours runs on spot at its expected
/// (rework-inflated) price. Shares are taken as expected fractions of the
/// fleet, like the on-demand mix.
fn mix_on_commitment(
    scenario: &Scenario,
    ctx: &OfferCtx,
    spot_hourly: Decimal,
    fx: Decimal,
    mut sources: Few<PriceRef, 2>,
    mut notices: Few<ModelNotice, 3>,
) -> Result<Result<Shape, Reason>, EngineError> {
    let base = scenario.mix_baseline;
    let hpm = ctx.b.hours_per_month;
    let od = ctx.od.as_ref();
    let Some(c) = commitment(scenario, &ctx.book, base, od, hpm, fx, ctx.assumed)? else {
        return Ok(Err(Reason::NoCommitmentRate));
    };
    if let Some(src) = &c.src {
        sources.insert_first(src.clone());
    }
    let h = scenario.hours_per_month;
    let s = div(scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
    let base_share = sub(Decimal::ONE, s)?;
    let base_inst = mul(base_share, ctx.inst)?;
    let usage = mul(mul(mul(h, spot_hourly)?, s)?, ctx.inst)?;
    commitment_notices(scenario, c.term_months, &mut notices);
    let effective_hourly = add(
        mul(base_share, c.effective_hourly(hpm)?)?,
        mul(s, spot_hourly)?,
    )?;
    Ok(Ok(Shape {
        upfront_per_term: mul(c.upfront, base_inst)?,
        term: Some(c.term_months),
        usage,
        usage_fmd: Decimal::ZERO,
        commit: mul(c.monthly, base_inst)?,
        commit_fmd: base == BillingModel::Subscription,
        effective_hourly,
        assumed: c.assumed,
        user_price: c.src.is_none() && od.is_some_and(|o| o.user),
        sources,
        notices,
    }))
}

/// Turn a shape into month lines, applying promotions and data; then what
/// is still owed after the horizon and the decision cost.
fn cash_flow(
    scenario: &Scenario,
    model: BillingModel,
    s: Shape,
    data_rounded: Decimal,
    ctx: &OfferCtx,
    keep_lines: bool,
    fx: Decimal,
) -> Result<ModelQuote, EngineError> {
    let months = scenario.months;
    let promo = &scenario.promotions;
    let usage_r = round_money(s.usage);
    let commit_r = round_money(s.commit);
    let upfront_r = round_money(s.upfront_per_term);
    let fmd = promo.first_month_discount_pct;
    let (usage_m1, commit_m1) = if fmd > Decimal::ZERO {
        let off = div(fmd, Decimal::ONE_HUNDRED)?;
        let commit_m1 = if s.commit_fmd {
            round_money(mul(s.commit, sub(Decimal::ONE, off)?)?)
        } else {
            commit_r
        };
        (
            round_money(sub(s.usage, mul(s.usage_fmd, off)?)?),
            commit_m1,
        )
    } else {
        (usage_r, commit_r)
    };
    // Every reported figure is already rounded to cents, so the month loop
    // runs in exact integer cents (fast) and converts back for the lines.
    let usage_c = cents(usage_r)?;
    let commit_c = cents(commit_r)?;
    let upfront_c = cents(upfront_r)?;
    let usage_m1_c = cents(usage_m1)?;
    let commit_m1_c = cents(commit_m1)?;
    let data_c = cents(data_rounded)?;
    let credit = match promo.credit {
        Some(c) => round_money(convert(c.amount(), c.currency(), scenario.currency, fx)?),
        None => Decimal::ZERO,
    };
    let flow = CashFlow {
        months,
        term: s.term.filter(|t| *t > 0),
        upfront_c,
        usage_m1_c,
        usage_c,
        commit_m1_c,
        commit_c,
        data_c,
        credit_c: cents(credit)?,
        credit_expiry_month: promo.credit_expiry_month,
    };
    let (cumulative, upfront_total, credit_left) = flow.totals()?;
    // Still owed: the monthly charges of the last term after the horizon
    // (the upfront of a started term is already paid). The credit keeps
    // paying them while it lasts and has not expired.
    let owed_months = match s.term {
        Some(t) if t > 1 && !months.is_multiple_of(t) => t - months % t,
        _ => 0,
    };
    // (credit is usable in month m while m ≤ crx, so in `usable` of them)
    let still_owed = commit_c
        .checked_mul(i64::from(owed_months))
        .ok_or(EngineError::Overflow)?;
    let usable = match promo.credit_expiry_month {
        None => owed_months,
        Some(x) => x.saturating_sub(months).min(owed_months),
    };
    let usable_owed = commit_c
        .max(0)
        .checked_mul(i64::from(usable))
        .ok_or(EngineError::Overflow)?;
    let credit_after = credit_left.min(usable_owed);
    let decision = checked_sum(&[cumulative, still_owed, -credit_after])?;
    let notices = s.notices;
    let indicative = s.sources.iter().any(|p| p.indicative);
    Ok(ModelQuote {
        model,
        unavailable: None,
        total: Some(Money::new(from_cents(cumulative), scenario.currency)),
        upfront_total: from_cents(upfront_total),
        still_owed: from_cents(still_owed),
        decision_cost: Some(Money::new(from_cents(decision), scenario.currency)),
        missing: ctx.missing.clone(),
        effective_hourly: Some(round_rate(s.effective_hourly)),
        saving_vs_on_demand_pct: None,
        assumed: s.assumed,
        indicative,
        user_price: s.user_price,
        notices,
        sources: s.sources,
        flow: keep_lines.then_some(flow),
    })
}

/// A model's month-by-month cash flow in a few integer-cent figures: the
/// month lines are generated from it when asked for ([`ModelQuote::lines`],
/// and in the JSON), so a quote over thousands of offers keeps a few dozen
/// bytes per result instead of a line per month, and its totals come in
/// closed form (time linear in the number of results, not in months).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CashFlow {
    months: u32,
    term: Option<u32>,
    upfront_c: i64,
    usage_m1_c: i64,
    usage_c: i64,
    commit_m1_c: i64,
    commit_c: i64,
    data_c: i64,
    credit_c: i64,
    credit_expiry_month: Option<u32>,
}

impl CashFlow {
    /// Gross charges (before credits) of months 1..=n, and the upfront part.
    fn gross_through(&self, n: u32) -> Result<(i64, i64), EngineError> {
        if n == 0 {
            return Ok((0, 0));
        }
        let starts = self.term.map_or(0, |t| n.div_ceil(t));
        let times = |v: i64, k: u32| v.checked_mul(i64::from(k)).ok_or(EngineError::Overflow);
        let upfront = times(self.upfront_c, starts)?;
        let gross = checked_sum(&[
            upfront,
            self.usage_m1_c,
            times(self.usage_c, n - 1)?,
            self.commit_m1_c,
            times(self.commit_c, n - 1)?,
            times(self.data_c, n)?,
        ])?;
        Ok((gross, upfront))
    }

    /// (paid within the period, upfront paid, credit left) in cents. Every
    /// month's gross is ≥ 0, so the credit pays `min(credit, gross of the
    /// months it is usable in)`.
    fn totals(&self) -> Result<(i64, i64, i64), EngineError> {
        let (gross, upfront) = self.gross_through(self.months)?;
        let usable = self
            .credit_expiry_month
            .map_or(self.months, |x| x.min(self.months));
        let (usable_gross, _) = self.gross_through(usable)?;
        let used = self.credit_c.min(usable_gross.max(0)).max(0);
        Ok((checked_sum(&[gross, -used])?, upfront, self.credit_c - used))
    }

    /// The month lines (display figures, rounded; see money.rs).
    pub fn lines(&self) -> Vec<MonthLine> {
        let mut credit_left = self.credit_c;
        let mut cumulative: i64 = 0;
        let data = from_cents(self.data_c);
        (1..=self.months)
            .map(|m| {
                let upfront = match self.term {
                    Some(t) if (m - 1) % t == 0 => self.upfront_c,
                    _ => 0,
                };
                let (usage, commitment) = if m == 1 {
                    (self.usage_m1_c, self.commit_m1_c)
                } else {
                    (self.usage_c, self.commit_c)
                };
                let gross = upfront + usage + commitment + self.data_c;
                let credits = if credit_left > 0 && self.credit_expiry_month.is_none_or(|x| m <= x)
                {
                    let used = credit_left.min(gross.max(0));
                    credit_left -= used;
                    -used
                } else {
                    0
                };
                let total = gross + credits;
                cumulative += total;
                MonthLine {
                    month: m,
                    upfront: from_cents(upfront),
                    usage: from_cents(usage),
                    commitment: from_cents(commitment),
                    data,
                    credits: from_cents(credits),
                    total: from_cents(total),
                    cumulative: from_cents(cumulative),
                }
            })
            .collect()
    }
}

fn serialize_lines<S: serde::Serializer>(flow: &Option<CashFlow>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let lines = flow.map(|f| f.lines()).unwrap_or_default();
    let mut seq = s.serialize_seq(Some(lines.len()))?;
    for l in &lines {
        seq.serialize_element(l)?;
    }
    seq.end()
}

/// A money figure already rounded to 2 dp, as integer cents.
fn cents(d: Decimal) -> Result<i64, EngineError> {
    let r = round_money(d);
    i64::try_from(r.mantissa()).map_err(|_| EngineError::Overflow)
}

fn from_cents(c: i64) -> Decimal {
    Decimal::new(c, 2)
}

fn checked_sum(parts: &[i64]) -> Result<i64, EngineError> {
    parts
        .iter()
        .try_fold(0i64, |acc, x| acc.checked_add(*x))
        .ok_or(EngineError::Overflow)
}

/// Does the offer match the scenario's filters?
pub fn matches(catalog: &Catalog, scenario: &Scenario, offer: &Offer) -> bool {
    if let Some(ids) = &scenario.offers {
        return ids.contains(&offer.id);
    }
    if !scenario.gpu_models.is_empty() && !scenario.gpu_models.contains(&offer.gpu) {
        return false;
    }
    if !scenario.providers.is_empty() && !scenario.providers.contains(&offer.provider) {
        return false;
    }
    if !scenario.regions.is_empty()
        && !scenario
            .regions
            .iter()
            .any(|r| r.provider == offer.provider && r.code == offer.region)
    {
        return false;
    }
    if !scenario.region_groups.is_empty() {
        match catalog.region(offer.provider, &offer.region) {
            Some(r) if scenario.region_groups.contains(&r.group) => {}
            _ => return false,
        }
    }
    true
}

/// Quote one offer for the scenario's models. `assumed` is
/// [`assumed_rates`] of the scenario, computed once per quote.
pub fn quote_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    sp: Option<&SpotParams>,
    assumed: Option<&[AssumedRates]>,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let fx = scenario.fx(catalog);
    if fx <= Decimal::ZERO {
        return Err(EngineError::InvalidRate);
    }
    // `quote` leaves out (and reports) offers that can never meet the VRAM
    // need (memory unknown); a direct call for one is not eligible.
    let Some(instances) = instances_needed(scenario, offer) else {
        return Err(EngineError::InvalidScenario {
            errors: vec![ScenarioError::ValueOutOfRange {
                field: "vram".into(),
                value: Decimal::from(scenario.min_vram_gb.unwrap_or(0)),
            }],
        });
    };
    let (data, data_notices, missing) = data_cost(catalog, scenario, offer, fx)?;
    let ctx = OfferCtx {
        book: PriceBook::of(offer),
        b: billing(catalog, offer.provider),
        inst: Decimal::from(instances),
        od: od_rate(scenario, offer, fx)?,
        spot: spot_range(scenario, offer, fx)?,
        data_notices,
        missing,
        assumed,
    };
    let data_r = round_money(data);
    let mut models = Vec::with_capacity(scenario.models().len());
    let mut od_decision: Option<Decimal> = None;
    for &m in scenario.models() {
        let q = match shape(scenario, &ctx, m, sp, fx)? {
            Ok(s) => cash_flow(scenario, m, s, data_r, &ctx, opts.lines, fx)?,
            Err(r) => unavailable(m, r),
        };
        if m == BillingModel::OnDemand {
            od_decision = q.decision_cost.map(|t| t.amount());
        }
        models.push(q);
    }
    if od_decision.is_none()
        && ctx.od.is_some()
        && !scenario.models().contains(&BillingModel::OnDemand)
    {
        if let Ok(s) = shape(scenario, &ctx, BillingModel::OnDemand, sp, fx)? {
            od_decision = cash_flow(scenario, BillingModel::OnDemand, s, data_r, &ctx, false, fx)?
                .decision_cost
                .map(|t| t.amount());
        }
    }
    if let Some(od) = od_decision.filter(|v| *v > Decimal::ZERO) {
        for q in &mut models {
            if let Some(t) = q.decision_cost {
                let pct = mul(div(sub(od, t.amount())?, od)?, Decimal::ONE_HUNDRED)?;
                q.saving_vs_on_demand_pct = Some(round_money(pct));
            }
        }
    }
    Ok(OfferQuote {
        offer: offer.id.clone(),
        provider: offer.provider,
        gpus_per_instance: offer.gpu_count,
        instances,
        data_monthly: data_r,
        notices: ctx.data_notices,
        models,
    })
}

/// The quote: every matching offer × every requested billing model, with
/// month-by-month lines.
pub fn quote(catalog: &Catalog, scenario: &Scenario) -> Result<Quote, EngineError> {
    quote_with(catalog, scenario, QuoteOptions::default())
}

/// [`quote`] with options (e.g. totals only for large compare tables).
pub fn quote_with(
    catalog: &Catalog,
    scenario: &Scenario,
    opts: QuoteOptions,
) -> Result<Quote, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let sp = spot::params(&scenario.spot);
    let assumed = assumed_rates(catalog, scenario);
    // the matching offers once; the result is then sized once
    let matching: Vec<&Offer> = catalog
        .offers
        .iter()
        .filter(|o| matches(catalog, scenario, o))
        .collect();
    let mut offers = Vec::with_capacity(matching.len());
    let mut best: Option<((bool, Decimal), usize, usize)> = None;
    let mut excluded = Vec::new();
    for offer in matching {
        if instances_needed(scenario, offer).is_none() {
            excluded.push(Excluded {
                offer: offer.id.clone(),
                reason: ExcludedReason::GpuMemoryUnknown,
            });
            continue;
        }
        let oq = quote_offer(
            catalog,
            scenario,
            offer,
            sp.as_ref(),
            assumed.as_deref(),
            opts,
        )?;
        for (k, m) in oq.models.iter().enumerate() {
            if let Some(key) = m.rank_key() {
                if best.as_ref().is_none_or(|(b, _, _)| key < *b) {
                    best = Some((key, offers.len(), k));
                }
            }
        }
        offers.push(oq);
    }
    let cheapest = best.and_then(|(_, o, k)| {
        let oq = &offers[o];
        let m = &oq.models[k];
        Some(Cheapest {
            offer: oq.offer.clone(),
            model: m.model,
            decision_cost: m.decision_cost?,
            total: m.total?,
            complete: m.complete(),
        })
    });
    Ok(Quote {
        currency: scenario.currency,
        fx_cny_per_usd: scenario.fx(catalog),
        months: scenario.months,
        hours_per_month: scenario.hours_per_month,
        catalog_version: catalog.version(),
        spot: sp.map(|p| spot::outcome(&p, &scenario.spot, scenario.hours_per_month)),
        assumed_rates: assumed,
        offers,
        excluded,
        cheapest,
    })
}
