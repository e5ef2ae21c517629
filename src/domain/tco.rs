//! Billing models → month-by-month cash flows, and the top-level [`quote`].
//!
//! # How each model is billed (per instance, × instances needed)
//!
//! * **On-demand / PAYG (`od`)**: one session per month of `h` hours. Billed
//!   hours = `h` rounded **up** to the provider's granularity
//!   (`granularity_seconds`), and at least `minimum_seconds` when `h > 0`.
//!   Student pricing (if set) replaces the on-demand rate for at most
//!   `stucap × hours_per_month / 24` hours a month; the rest is on-demand.
//! * **Reserved (`ri1n/ri1p/ri1a/ri3n/ri3p/ri3a`)**: the upfront is paid in
//!   the first month of each term (column `upfront`); the hourly charge is
//!   paid for **every** hour of the term, `provider.hours_per_month` per
//!   month (column `commitment`), whatever the usage. Hours above
//!   `hours_per_month` (a 744-hour month) are billed on-demand (`usage`).
//!   Terms renew at the same price when the horizon is longer than the term.
//!   If the horizon ends inside a term, the months still owed are reported
//!   in `remaining_commitment` (never hidden, never added to `total`).
//! * **Savings plans (`sp1/sp3`)**: commitment = plan rate × hours per month,
//!   paid every month of the term; like a no-upfront reservation.
//! * **Subscription (`sub`, 包年包月)**: the monthly price, every month.
//! * **Installment (`inst`)**: a 12-month commitment paid monthly; no
//!   sourced rates exist, so only with the assumed discount (flag `assumed`).
//! * Any commitment without a sourced rate uses the scenario's assumed
//!   discount if given (flag `assumed`), else it is unavailable
//!   (`no_commitment_rate`).
//! * **Spot (`spot`)** and **mix (`mix`)**: see [`crate::domain::spot`].
//!   Spot billed hours = `h × f`; the mix bills `(1 − s)·h` on-demand hours
//!   plus `s·h·f` spot hours (baseline on on-demand).
//! * **Promotions**: the first-month discount applies to month 1's usage and
//!   commitment charges (not upfront, not data). Credits (display currency)
//!   are consumed by each month's total (all columns) until used up or past
//!   `crx`. Student pricing applies to `od` only. Promotions apply to every
//!   model.
//! * **Data** (same for every model of an offer; volumes are totals, not per
//!   instance): egress per GB (tiered, `eg`), cross-region per GB (`xr`),
//!   storage per GB-month (`st`), from the catalog's usage rates for the
//!   offer's provider and region, else the provider's first (reference)
//!   region with notice `usage_rate_fallback`, else notice `no_usage_rate`
//!   and no charge. Fixed-bandwidth mode (`bw > 0` and a bandwidth rate
//!   exists): `bw` Mbps-months are charged on the bandwidth tiers and
//!   internet egress GB are not charged separately.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, Offer, ProviderId, UsageKind, UsageRate};
use crate::domain::error::EngineError;
use crate::domain::money::{add, convert, div, mul, round_money, round_rate, sub, Money};
use crate::domain::pricing::{
    billing, commitment, instances_needed, od_rate, spot_range, Billing, Commitment, OdRate,
    PriceRef, Reason,
};
use crate::domain::scenario::{BillingModel, Scenario, ScenarioError, StudentPrice};
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

/// Non-fatal remarks on a quote. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum QuoteNotice {
    /// No usage rate for the offer's region; the provider's reference region was used.
    UsageRateFallback {
        kind: UsageKind,
        region: String,
    },
    /// No usage rate for this provider at all; not charged.
    NoUsageRate {
        kind: UsageKind,
    },
    /// Fixed-bandwidth mode: internet egress GB are included in the bandwidth.
    EgressInBandwidth,
    /// Spot cost uses the midpoint of the snapshot range.
    SpotMidpoint,
    /// The horizon is longer than the term; renewed at the same price.
    CommitmentRenewed,
    /// Usage hours above the committed hours per month billed on-demand.
    ExtraHoursOnDemand,
    StudentPriceApplied,
}

/// One billing model of one offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelQuote {
    pub model: BillingModel,
    /// Set when the model can't be priced; then `total` is None and `lines` empty.
    pub unavailable: Option<Reason>,
    pub total: Option<Money>,
    pub upfront_total: Decimal,
    /// Committed cost still owed after the horizon (not in `total`).
    pub remaining_commitment: Decimal,
    /// Effective per-instance hourly of the model (6 dp).
    pub effective_hourly: Option<Decimal>,
    /// Saving vs on-demand for the same offer, percent (positive = cheaper), 2 dp.
    pub saving_vs_on_demand_pct: Option<Decimal>,
    /// Computed from the user's assumed discount.
    pub assumed: bool,
    pub indicative: bool,
    pub user_price: bool,
    pub notices: Vec<QuoteNotice>,
    pub sources: Vec<PriceRef>,
    pub lines: Vec<MonthLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OfferQuote {
    pub offer: String,
    pub provider: ProviderId,
    pub region: String,
    pub instance_type: String,
    pub gpu: String,
    pub gpus_per_instance: u32,
    pub instances: u32,
    /// Data cost per month (rounded), same for every model.
    pub data_monthly: Decimal,
    pub models: Vec<ModelQuote>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cheapest {
    pub offer: String,
    pub model: BillingModel,
    pub total: Money,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quote {
    pub currency: Currency,
    pub fx_cny_per_usd: Decimal,
    pub months: u32,
    pub hours_per_month: Decimal,
    pub catalog_version: String,
    /// Spot behaviour (None when the scenario's spot settings give no progress).
    pub spot: Option<SpotOutcome>,
    pub offers: Vec<OfferQuote>,
    /// Lowest available total over all offers and models.
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

fn find_rate<'a>(
    catalog: &'a Catalog,
    offer: &Offer,
    kind: UsageKind,
) -> (Option<&'a UsageRate>, bool) {
    let mut fallback = None;
    for r in &catalog.usage_rates {
        if r.provider == offer.provider && r.kind == kind {
            if r.region == offer.region {
                return (Some(r), false);
            }
            if fallback.is_none() {
                fallback = Some(r);
            }
        }
    }
    (fallback, fallback.is_some())
}

/// Monthly data cost of an offer (full precision) and its notices.
pub(crate) fn data_cost(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    fx: Decimal,
) -> Result<(Decimal, Vec<QuoteNotice>), EngineError> {
    let d = &scenario.data;
    let mut total = Decimal::ZERO;
    let mut notices = Vec::new();
    let mut charge = |kind: UsageKind, qty: Decimal, notices: &mut Vec<QuoteNotice>| {
        if qty <= Decimal::ZERO {
            return Ok::<bool, EngineError>(false);
        }
        match find_rate(catalog, offer, kind) {
            (Some(r), fb) => {
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
            (None, _) => {
                notices.push(QuoteNotice::NoUsageRate { kind });
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
    Ok((total, notices))
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
    offer: &'a Offer,
    b: Billing,
    inst: Decimal,
    od: Option<OdRate>,
    spot: Option<(Decimal, Decimal, PriceRef)>,
    data: Decimal,
    data_notices: Vec<QuoteNotice>,
}

/// The monthly shape of a model before promotions (full precision, fleet).
struct Shape {
    upfront_per_term: Decimal,
    term: Option<u32>,
    usage: Decimal,
    commit: Decimal,
    effective_hourly: Decimal,
    assumed: bool,
    user_price: bool,
    sources: Vec<PriceRef>,
    notices: Vec<QuoteNotice>,
}

fn unavailable(model: BillingModel, r: Reason) -> ModelQuote {
    ModelQuote {
        model,
        unavailable: Some(r),
        total: None,
        upfront_total: round_money(Decimal::ZERO),
        remaining_commitment: round_money(Decimal::ZERO),
        effective_hourly: None,
        saving_vs_on_demand_pct: None,
        assumed: false,
        indicative: false,
        user_price: false,
        notices: Vec::new(),
        sources: Vec::new(),
        lines: Vec::new(),
    }
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
    let hpm = ctx.b.hours_per_month;
    let mut notices = Vec::new();
    let mut sources = Vec::new();
    let od = ctx.od.as_ref();
    let spot_mid = |notices: &mut Vec<QuoteNotice>, sources: &mut Vec<PriceRef>| {
        ctx.spot.as_ref().map(|(a, b, s)| {
            if a != b {
                notices.push(QuoteNotice::SpotMidpoint);
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
            let mut per_inst = mul(billed, od.hourly)?;
            if let Some(stu) = scenario.promotions.student {
                let cap = div(
                    mul(scenario.promotions.student_daily_cap_hours, hpm)?,
                    Decimal::from(24),
                )?;
                let sh = billed.min(cap);
                let price = match stu {
                    StudentPrice::Hourly(v) => v,
                    StudentPrice::DiscountPct(d) => {
                        mul(od.hourly, sub(Decimal::ONE, div(d, Decimal::ONE_HUNDRED)?)?)?
                    }
                };
                per_inst = add(mul(sh, price)?, mul(sub(billed, sh)?, od.hourly)?)?;
                notices.push(QuoteNotice::StudentPriceApplied);
            }
            let eff = if h > Decimal::ZERO {
                div(per_inst, h)?
            } else {
                od.hourly
            };
            Ok(Ok(Shape {
                upfront_per_term: Decimal::ZERO,
                term: None,
                usage: mul(per_inst, inst)?,
                commit: Decimal::ZERO,
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
            let (hourly, user) = if model == BillingModel::Spot {
                (spot_hourly, false)
            } else {
                let Some(od) = od else {
                    return Ok(Err(Reason::NoSourcedPrice));
                };
                sources.insert(0, od.src.clone());
                let s = div(scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
                let blended = add(mul(sub(Decimal::ONE, s)?, od.hourly)?, mul(s, spot_hourly)?)?;
                (blended, od.user)
            };
            Ok(Ok(Shape {
                upfront_per_term: Decimal::ZERO,
                term: None,
                usage: mul(mul(h, hourly)?, inst)?,
                commit: Decimal::ZERO,
                effective_hourly: hourly,
                assumed: false,
                user_price: user,
                sources,
                notices,
            }))
        }
        _ => {
            let Some(c): Option<Commitment> = commitment(scenario, ctx.offer, model, od, hpm, fx)?
            else {
                return Ok(Err(Reason::NoCommitmentRate));
            };
            if let Some(s) = &c.src {
                sources.push(s.clone());
            } else if let Some(od) = od {
                sources.push(od.src.clone());
            }
            // Subscriptions cover the whole month; others cover hpm hours.
            let mut usage = Decimal::ZERO;
            if model != BillingModel::Subscription && h > hpm {
                match od {
                    Some(od) => {
                        usage = mul(mul(sub(h, hpm)?, od.hourly)?, inst)?;
                        notices.push(QuoteNotice::ExtraHoursOnDemand);
                    }
                    None => return Ok(Err(Reason::NoSourcedPrice)),
                }
            }
            if scenario.months > c.term_months && c.term_months > 1 {
                notices.push(QuoteNotice::CommitmentRenewed);
            }
            Ok(Ok(Shape {
                upfront_per_term: mul(c.upfront, inst)?,
                term: Some(c.term_months),
                usage,
                commit: mul(c.monthly, inst)?,
                effective_hourly: c.effective_hourly(hpm)?,
                assumed: c.assumed,
                user_price: c.src.is_none() && od.is_some_and(|o| o.user),
                sources,
                notices,
            }))
        }
    }
}

/// The mix with a committed baseline: the non-spot share `1 − s` of the
/// fleet is committed (upfront and monthly charges for the whole term,
/// whatever the usage; hours above the commitment's hours per month at
/// on-demand), and the share `s` of the usage hours runs on spot at its
/// expected (rework-inflated) price. Shares are taken as expected fractions
/// of the fleet, like the on-demand mix.
fn mix_on_commitment(
    scenario: &Scenario,
    ctx: &OfferCtx,
    spot_hourly: Decimal,
    fx: Decimal,
    mut sources: Vec<PriceRef>,
    mut notices: Vec<QuoteNotice>,
) -> Result<Result<Shape, Reason>, EngineError> {
    let base = scenario.mix_baseline;
    let hpm = ctx.b.hours_per_month;
    let od = ctx.od.as_ref();
    let Some(c) = commitment(scenario, ctx.offer, base, od, hpm, fx)? else {
        return Ok(Err(Reason::NoCommitmentRate));
    };
    if let Some(src) = &c.src {
        sources.insert(0, src.clone());
    }
    let h = scenario.hours_per_month;
    let s = div(scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
    let base_share = sub(Decimal::ONE, s)?;
    let base_inst = mul(base_share, ctx.inst)?;
    let mut usage = mul(mul(mul(h, spot_hourly)?, s)?, ctx.inst)?;
    if base != BillingModel::Subscription && h > hpm {
        let Some(od) = od else {
            return Ok(Err(Reason::NoSourcedPrice));
        };
        usage = add(usage, mul(mul(sub(h, hpm)?, od.hourly)?, base_inst)?)?;
        notices.push(QuoteNotice::ExtraHoursOnDemand);
    }
    if scenario.months > c.term_months && c.term_months > 1 {
        notices.push(QuoteNotice::CommitmentRenewed);
    }
    let effective_hourly = add(
        mul(base_share, c.effective_hourly(hpm)?)?,
        mul(s, spot_hourly)?,
    )?;
    Ok(Ok(Shape {
        upfront_per_term: mul(c.upfront, base_inst)?,
        term: Some(c.term_months),
        usage,
        commit: mul(c.monthly, base_inst)?,
        effective_hourly,
        assumed: c.assumed,
        user_price: c.src.is_none() && od.is_some_and(|o| o.user),
        sources,
        notices,
    }))
}

/// Turn a shape into month lines, applying promotions and data.
fn cash_flow(
    scenario: &Scenario,
    model: BillingModel,
    s: Shape,
    data_rounded: Decimal,
    data_notices: &[QuoteNotice],
    keep_lines: bool,
) -> Result<ModelQuote, EngineError> {
    let months = scenario.months;
    let promo = &scenario.promotions;
    let usage_r = round_money(s.usage);
    let commit_r = round_money(s.commit);
    let upfront_r = round_money(s.upfront_per_term);
    let fmd = promo.first_month_discount_pct;
    let (usage_m1, commit_m1) = if fmd > Decimal::ZERO {
        let keep = sub(Decimal::ONE, div(fmd, Decimal::ONE_HUNDRED)?)?;
        (
            round_money(mul(s.usage, keep)?),
            round_money(mul(s.commit, keep)?),
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
    let mut credit_left = cents(round_money(promo.credit))?;
    let mut lines = Vec::with_capacity(if keep_lines { months as usize } else { 0 });
    let mut cumulative: i64 = 0;
    let mut upfront_total: i64 = 0;
    for m in 1..=months {
        let upfront = match s.term {
            Some(t) if t > 0 && (m - 1) % t == 0 => upfront_c,
            _ => 0,
        };
        let (usage, commitment) = if m == 1 {
            (usage_m1_c, commit_m1_c)
        } else {
            (usage_c, commit_c)
        };
        let gross = checked_sum(&[upfront, usage, commitment, data_c])?;
        let credits = if credit_left > 0 && promo.credit_expiry_month.is_none_or(|x| m <= x) {
            let used = credit_left.min(gross.max(0));
            credit_left -= used;
            -used
        } else {
            0
        };
        let total = checked_sum(&[gross, credits])?;
        upfront_total = checked_sum(&[upfront_total, upfront])?;
        cumulative = checked_sum(&[cumulative, total])?;
        if keep_lines {
            lines.push(MonthLine {
                month: m,
                upfront: from_cents(upfront),
                usage: from_cents(usage),
                commitment: from_cents(commitment),
                data: data_rounded,
                credits: from_cents(credits),
                total: from_cents(total),
                cumulative: from_cents(cumulative),
            });
        }
    }
    let cumulative = from_cents(cumulative);
    let upfront_total = from_cents(upfront_total);
    let remaining_commitment = match s.term {
        Some(t) if t > 1 && !months.is_multiple_of(t) => {
            mul(commit_r, Decimal::from(t - months % t))?
        }
        _ => round_money(Decimal::ZERO),
    };
    let mut notices = s.notices;
    notices.extend_from_slice(data_notices);
    Ok(ModelQuote {
        model,
        unavailable: None,
        total: Some(Money::new(cumulative, scenario.currency)),
        upfront_total,
        remaining_commitment,
        effective_hourly: Some(round_rate(s.effective_hourly)),
        saving_vs_on_demand_pct: None,
        assumed: s.assumed,
        indicative: s.sources.iter().any(|p| p.indicative),
        user_price: s.user_price,
        notices,
        sources: s.sources,
        lines,
    })
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
    if instances_needed(scenario, offer).is_none() {
        return false; // can never meet the VRAM need (memory unknown)
    }
    if !scenario.offers.is_empty() {
        return scenario.offers.contains(&offer.id);
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

/// Quote one offer for the scenario's models.
pub fn quote_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    sp: Option<&SpotParams>,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let fx = scenario.fx(catalog);
    if fx <= Decimal::ZERO {
        return Err(EngineError::InvalidRate);
    }
    // `quote` filters with `matches`; a direct call for an offer that can
    // never meet the VRAM need (memory unknown) is not eligible.
    let Some(instances) = instances_needed(scenario, offer) else {
        return Err(EngineError::InvalidScenario {
            errors: vec![ScenarioError::ValueOutOfRange {
                field: "vram".into(),
                value: Decimal::from(scenario.min_vram_gb.unwrap_or(0)),
            }],
        });
    };
    let (data, data_notices) = data_cost(catalog, scenario, offer, fx)?;
    let ctx = OfferCtx {
        offer,
        b: billing(catalog, offer.provider),
        inst: Decimal::from(instances),
        od: od_rate(scenario, offer, fx)?,
        spot: spot_range(scenario, offer, fx)?,
        data,
        data_notices,
    };
    let data_r = round_money(ctx.data);
    let mut models = Vec::with_capacity(scenario.models().len());
    let mut od_total: Option<Decimal> = None;
    for &m in scenario.models() {
        let q = match shape(scenario, &ctx, m, sp, fx)? {
            Ok(s) => cash_flow(scenario, m, s, data_r, &ctx.data_notices, opts.lines)?,
            Err(r) => unavailable(m, r),
        };
        if m == BillingModel::OnDemand {
            od_total = q.total.map(|t| t.amount());
        }
        models.push(q);
    }
    if od_total.is_none()
        && ctx.od.is_some()
        && !scenario.models().contains(&BillingModel::OnDemand)
    {
        if let Ok(s) = shape(scenario, &ctx, BillingModel::OnDemand, sp, fx)? {
            od_total = cash_flow(scenario, BillingModel::OnDemand, s, data_r, &[], false)?
                .total
                .map(|t| t.amount());
        }
    }
    if let Some(od) = od_total.filter(|v| *v > Decimal::ZERO) {
        for q in &mut models {
            if let Some(t) = q.total {
                let pct = mul(div(sub(od, t.amount())?, od)?, Decimal::ONE_HUNDRED)?;
                q.saving_vs_on_demand_pct = Some(round_money(pct));
            }
        }
    }
    Ok(OfferQuote {
        offer: offer.id.clone(),
        provider: offer.provider,
        region: offer.region.clone(),
        instance_type: offer.instance_type.clone(),
        gpu: offer.gpu.clone(),
        gpus_per_instance: offer.gpu_count,
        instances,
        data_monthly: data_r,
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
    let mut offers = Vec::new();
    let mut cheapest: Option<Cheapest> = None;
    for offer in catalog
        .offers
        .iter()
        .filter(|o| matches(catalog, scenario, o))
    {
        let oq = quote_offer(catalog, scenario, offer, sp.as_ref(), opts)?;
        for m in &oq.models {
            if let Some(t) = m.total {
                if cheapest
                    .as_ref()
                    .is_none_or(|c| t.amount() < c.total.amount())
                {
                    cheapest = Some(Cheapest {
                        offer: oq.offer.clone(),
                        model: m.model,
                        total: t,
                    });
                }
            }
        }
        offers.push(oq);
    }
    Ok(Quote {
        currency: scenario.currency,
        fx_cny_per_usd: scenario.fx(catalog),
        months: scenario.months,
        hours_per_month: scenario.hours_per_month,
        catalog_version: catalog.version(),
        spot: sp.map(|p| spot::outcome(&p, &scenario.spot, scenario.hours_per_month)),
        offers,
        cheapest,
    })
}
