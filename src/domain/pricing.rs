//! Per-offer metrics for the compare table, and the price resolution shared
//! by the billing models (what an offer costs per hour/month under each
//! model, in the display currency, and which sourced price backs it).
//!
//! Everything here is O(prices of the offer) with a handful of Decimal ops,
//! so the compare table can call [`offer_metrics`] for every offer on every
//! keystroke.
use std::sync::Arc;

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, Offer, Price, PriceKind, ProviderId, Upfront};
use crate::domain::error::EngineError;
use crate::domain::money::{add, convert, div, mul, round_money, round_rate, sub};
use crate::domain::scenario::{AssumedDiscount, BillingModel, Scenario};

/// Why a figure is missing. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// No sourced on-demand price and no user price.
    NoSourcedPrice,
    /// No sourced rate for this commitment and no assumed discount.
    NoCommitmentRate,
    NoSpotPrice,
    /// Interruption rate × loss per interruption ≥ 0.9: the job barely progresses.
    SpotNoProgress,
}

/// A price used for a figure: where it comes from. Serialized only (the
/// model code is static, so a quote of thousands of results does not
/// allocate a string per reference).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceRef {
    /// Billing model code of the price (`od`, `spot`, `ri1n`, `sp1`, `sub`, …).
    pub model: &'static str,
    /// Source id (`user` for a user-entered price). Shared, not copied,
    /// by every result that uses the price.
    pub source: Arc<str>,
    pub as_of: Arc<str>,
    pub indicative: bool,
}

impl PriceRef {
    fn of(model: &'static str, p: &Price) -> PriceRef {
        PriceRef {
            model,
            source: p.source.clone(),
            as_of: p.as_of.clone(),
            indicative: p.indicative,
        }
    }
    fn user() -> PriceRef {
        PriceRef {
            model: "od",
            source: Arc::from("user"),
            as_of: Arc::from(""),
            indicative: false,
        }
    }
}

/// Billing parameters of the offer's provider (defaults when the provider
/// is missing from the catalog: per-second, 60 s minimum, 730 h/month).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Billing {
    pub granularity_s: u32,
    pub minimum_s: u32,
    pub hours_per_month: Decimal,
}

pub(crate) fn billing(catalog: &Catalog, provider: ProviderId) -> Billing {
    match catalog.provider(provider) {
        Some(p) => Billing {
            granularity_s: p.billing.granularity_seconds.max(1),
            minimum_s: p.billing.minimum_seconds,
            hours_per_month: Decimal::from(if p.billing.hours_per_month == 0 {
                730
            } else {
                p.billing.hours_per_month
            }),
        },
        None => Billing {
            granularity_s: 1,
            minimum_s: 60,
            hours_per_month: Decimal::from(730),
        },
    }
}

/// On-demand hourly per instance in the display currency.
#[derive(Debug, Clone)]
pub(crate) struct OdRate {
    pub hourly: Decimal,
    pub user: bool,
    pub src: PriceRef,
}

pub(crate) fn od_rate(
    scenario: &Scenario,
    offer: &Offer,
    fx: Decimal,
) -> Result<Option<OdRate>, EngineError> {
    if let Some(p) = offer.on_demand() {
        if let PriceKind::OnDemand { hourly } = p.kind {
            return Ok(Some(OdRate {
                hourly: convert(hourly, p.currency, scenario.currency, fx)?,
                user: false,
                src: PriceRef::of("od", p),
            }));
        }
    }
    if let Some(v) = scenario.user_prices.get(&offer.id) {
        let cur = user_price_currency(offer);
        return Ok(Some(OdRate {
            hourly: convert(*v, cur, scenario.currency, fx)?,
            user: true,
            src: PriceRef::user(),
        }));
    }
    Ok(None)
}

/// The currency a user-entered price for this offer is in: the offer's own
/// (its first price's), or the provider's usual one for an unpriced offer.
/// The UI labels the price box with this, so the two never disagree.
pub fn user_price_currency(offer: &Offer) -> Currency {
    offer.currency().unwrap_or(match offer.provider {
        ProviderId::Alibaba | ProviderId::Tencent => Currency::CNY,
        _ => Currency::USD,
    })
}

/// Spot range (min, max) per instance-hour in the display currency.
pub(crate) fn spot_range(
    scenario: &Scenario,
    offer: &Offer,
    fx: Decimal,
) -> Result<Option<(Decimal, Decimal, PriceRef)>, EngineError> {
    if let Some(p) = offer.spot() {
        if let PriceKind::Spot {
            hourly_min,
            hourly_max,
        } = p.kind
        {
            let a = convert(hourly_min, p.currency, scenario.currency, fx)?;
            let b = convert(hourly_max, p.currency, scenario.currency, fx)?;
            return Ok(Some((a.min(b), a.max(b), PriceRef::of("spot", p))));
        }
    }
    Ok(None)
}

/// A commitment's terms per instance, display currency, full precision.
#[derive(Debug, Clone)]
pub(crate) struct Commitment {
    /// Paid at the start of each term.
    pub upfront: Decimal,
    /// Paid every month of the term regardless of usage.
    pub monthly: Decimal,
    pub term_months: u32,
    /// Derived from the user's assumed discount, not a sourced rate.
    pub assumed: bool,
    pub src: Option<PriceRef>,
}

impl Commitment {
    /// Effective hourly = (upfront / term + monthly) / hours per month.
    pub fn effective_hourly(&self, hpm: Decimal) -> Result<Decimal, EngineError> {
        let per_month = add(
            div(self.upfront, Decimal::from(self.term_months.max(1)))?,
            self.monthly,
        )?;
        div(per_month, hpm)
    }
}

/// The prices of one offer that the commitment models use, picked in one
/// pass over the offer's prices by the [`preferred`](crate::domain::catalog::preferred) rule (savings plans:
/// the cheapest plan of the term). Each model then reads its slot instead
/// of scanning the prices again: quoting stays linear and cache-friendly
/// over large catalogs.
pub(crate) struct PriceBook<'a> {
    /// Reserved: [1y no, 1y partial, 1y all, 3y no, 3y partial, 3y all].
    reserved: [Option<&'a Price>; 6],
    /// Savings plans: [1y, 3y].
    savings: [Option<&'a Price>; 2],
    subscription: Option<&'a Price>,
}

/// Index of a commitment term in the book (1 and 3 years).
fn term_slot(term: u32) -> Option<usize> {
    match term {
        12 => Some(0),
        36 => Some(1),
        _ => None,
    }
}

/// Index of a reservation (term × payment option) in the book.
fn reserved_slot(term: u32, pay: Upfront) -> Option<usize> {
    let p = match pay {
        Upfront::No => 0,
        Upfront::Partial => 1,
        Upfront::All => 2,
    };
    term_slot(term).map(|t| t * 3 + p)
}

impl<'a> PriceBook<'a> {
    pub fn of(offer: &'a Offer) -> PriceBook<'a> {
        let mut b = PriceBook {
            reserved: [None; 6],
            savings: [None; 2],
            subscription: None,
        };
        for p in &offer.prices {
            let slot = match p.kind {
                PriceKind::Reserved {
                    term_months,
                    payment,
                    ..
                } => reserved_slot(term_months, payment).map(|i| &mut b.reserved[i]),
                PriceKind::SavingsPlan { term_months, .. } => {
                    let Some(t) = term_slot(term_months) else {
                        continue;
                    };
                    let cur = &mut b.savings[t];
                    if cur.is_none_or(|c| {
                        (p.indicative, p.kind.figure()) < (c.indicative, c.kind.figure())
                    }) {
                        *cur = Some(p);
                    }
                    continue;
                }
                PriceKind::Subscription { .. } => Some(&mut b.subscription),
                PriceKind::OnDemand { .. } | PriceKind::Spot { .. } => None,
            };
            if let Some(cur) = slot {
                if cur.is_none_or(|c| p.preferred_over(c)) {
                    *cur = Some(p);
                }
            }
        }
        b
    }

    /// The sourced reservation of a term (12 or 36 months) and payment option.
    fn reserved(&self, term: u32, pay: Upfront) -> Option<&'a Price> {
        reserved_slot(term, pay).and_then(|i| self.reserved[i])
    }

    /// The sourced price of a commitment model, if any.
    fn price(&self, model: BillingModel) -> Option<&'a Price> {
        match model {
            BillingModel::Ri1No => self.reserved(12, Upfront::No),
            BillingModel::Ri1Partial => self.reserved(12, Upfront::Partial),
            BillingModel::Ri1All => self.reserved(12, Upfront::All),
            BillingModel::Ri3No => self.reserved(36, Upfront::No),
            BillingModel::Ri3Partial => self.reserved(36, Upfront::Partial),
            BillingModel::Ri3All => self.reserved(36, Upfront::All),
            BillingModel::Sp1 => self.savings[0],
            BillingModel::Sp3 => self.savings[1],
            BillingModel::Subscription => self.subscription,
            BillingModel::Installment
            | BillingModel::OnDemand
            | BillingModel::Spot
            | BillingModel::Mix => None,
        }
    }
}

/// Where an assumed partial- or all-upfront discount comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GapBasis {
    /// Entered by the user (`disc=no,partial,all`).
    User,
    /// The no-upfront figure plus the median gap between payment options
    /// of this many sourced reservations of the same term in the catalog.
    CatalogMedian { reservations: u32 },
    /// The catalog has no sourced reservation with every payment option for
    /// this term: the no-upfront figure is used (prepaying gains nothing).
    NoData,
}

/// The assumed discounts in force for one commitment term, percent off
/// on-demand (2 dp). Shown beside every result that uses them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssumedRates {
    pub term_months: u32,
    /// No upfront; also savings plans, subscriptions and installments.
    pub no_upfront_pct: Decimal,
    pub partial_upfront_pct: Decimal,
    pub all_upfront_pct: Decimal,
    pub partial_basis: GapBasis,
    pub all_basis: GapBasis,
}

/// Median gap (percentage points of discount vs on-demand) between a
/// payment option and no upfront, over the catalog's offers with a sourced
/// on-demand price and sourced reservations of `term` with both options in
/// one currency. Returns (median gap, number of reservations), or None.
fn payment_gap(catalog: &Catalog, term: u32, pay: Upfront) -> Option<(Decimal, u32)> {
    let mut gaps = Vec::new();
    for o in &catalog.offers {
        let Some(od) = o.on_demand() else { continue };
        let PriceKind::OnDemand { hourly: od_h } = od.kind else {
            continue;
        };
        if od_h <= Decimal::ZERO {
            continue;
        }
        let hpm = billing(catalog, o.provider).hours_per_month;
        let book = PriceBook::of(o);
        // discount of a sourced reservation, by the same effective-rate
        // formula the commitment models use, in the offer's own currency
        let disc = |want: Upfront| -> Option<Decimal> {
            let p = book.reserved(term, want)?;
            if p.currency != od.currency || p.indicative {
                return None;
            }
            let PriceKind::Reserved {
                upfront, hourly, ..
            } = p.kind
            else {
                return None;
            };
            let c = Commitment {
                upfront,
                monthly: hourly.checked_mul(hpm)?,
                term_months: term,
                assumed: false,
                src: None,
            };
            let eff = c.effective_hourly(hpm).ok()?;
            Some((Decimal::ONE - eff.checked_div(od_h)?) * Decimal::ONE_HUNDRED)
        };
        if let (Some(n), Some(x)) = (disc(Upfront::No), disc(pay)) {
            gaps.push(x - n);
        }
    }
    // The median by counting (no sort: a few reservations, and a sort
    // of Decimals costs more bytes in the browser than this loop).
    let n = gaps.len();
    let kth = |k: usize| -> Option<Decimal> {
        gaps.iter().copied().find(|g| {
            let below = gaps.iter().filter(|x| *x < g).count();
            let equal = gaps.iter().filter(|x| *x == g).count();
            below <= k && k < below + equal
        })
    };
    let median = match n {
        0 => return None,
        _ if n % 2 == 1 => kth(n / 2)?,
        _ => (kth(n / 2 - 1)? + kth(n / 2)?) / Decimal::TWO,
    };
    Some((median, u32::try_from(n).unwrap_or(u32::MAX)))
}

/// The assumed discounts for each commitment term (12 and 36 months, and
/// 1 for subscriptions), or None when the scenario assumes none. Costs one
/// pass over the catalog: call once per quote, not per offer.
pub fn assumed_rates(catalog: &Catalog, scenario: &Scenario) -> Option<Vec<AssumedRates>> {
    let a: AssumedDiscount = scenario.assumed_discount?;
    let cap = |v: Decimal| round_money(v.clamp(Decimal::ZERO, Decimal::ONE_HUNDRED));
    let mut out = Vec::new();
    for term in [1u32, 12, 36] {
        let pick = |user: Option<Decimal>, pay: Upfront| match user {
            Some(v) => (cap(v), GapBasis::User),
            None => match payment_gap(catalog, term, pay) {
                Some((g, n)) => (
                    cap(a.no_upfront_pct + g.max(Decimal::ZERO)),
                    GapBasis::CatalogMedian { reservations: n },
                ),
                None => (cap(a.no_upfront_pct), GapBasis::NoData),
            },
        };
        let (partial, partial_basis) = pick(a.partial_upfront_pct, Upfront::Partial);
        let (all, all_basis) = pick(a.all_upfront_pct, Upfront::All);
        out.push(AssumedRates {
            term_months: term,
            no_upfront_pct: cap(a.no_upfront_pct),
            partial_upfront_pct: partial,
            all_upfront_pct: all,
            partial_basis,
            all_basis,
        });
    }
    Some(out)
}

/// Resolve a commitment model for an offer. Sourced rates first (several
/// of one kind: [`preferred`](crate::domain::catalog::preferred)); otherwise the assumed discount of its
/// payment option on the on-demand rate (flagged assumed): no-upfront /
/// savings plan / subscription / installment pay `od × (1 − d) ×
/// hours_per_month` monthly; partial upfront pays half of the term's cost
/// upfront and half monthly; all upfront pays it all upfront.
pub(crate) fn commitment(
    scenario: &Scenario,
    book: &PriceBook,
    model: BillingModel,
    od: Option<&OdRate>,
    hpm: Decimal,
    fx: Decimal,
    assumed: Option<&[AssumedRates]>,
) -> Result<Option<Commitment>, EngineError> {
    let Some(term) = model.term_months() else {
        return Ok(None);
    };
    let cur = scenario.currency;
    let want_payment = match model {
        BillingModel::Ri1No | BillingModel::Ri3No => Some(Upfront::No),
        BillingModel::Ri1Partial | BillingModel::Ri3Partial => Some(Upfront::Partial),
        BillingModel::Ri1All | BillingModel::Ri3All => Some(Upfront::All),
        BillingModel::OnDemand
        | BillingModel::Sp1
        | BillingModel::Sp3
        | BillingModel::Subscription
        | BillingModel::Installment
        | BillingModel::Spot
        | BillingModel::Mix => None,
    };
    let sourced = book.price(model);
    if let Some(p) = sourced {
        let conv = |v: Decimal| convert(v, p.currency, cur, fx);
        let (upfront, monthly) = match p.kind {
            PriceKind::Reserved {
                upfront, hourly, ..
            } => (conv(upfront)?, mul(conv(hourly)?, hpm)?),
            PriceKind::SavingsPlan { hourly, .. } => (Decimal::ZERO, mul(conv(hourly)?, hpm)?),
            PriceKind::Subscription { monthly } => (Decimal::ZERO, conv(monthly)?),
            PriceKind::OnDemand { .. } | PriceKind::Spot { .. } => return Ok(None),
        };
        return Ok(Some(Commitment {
            upfront,
            monthly,
            term_months: term,
            assumed: false,
            src: Some(PriceRef::of(model.code(), p)),
        }));
    }
    let (Some(rates), Some(od)) = (assumed, od) else {
        return Ok(None);
    };
    let Some(r) = rates.iter().find(|r| r.term_months == term) else {
        return Ok(None);
    };
    let d = match want_payment {
        Some(Upfront::All) => r.all_upfront_pct,
        Some(Upfront::Partial) => r.partial_upfront_pct,
        Some(Upfront::No) | None => r.no_upfront_pct,
    };
    let factor = sub(Decimal::ONE, div(d, Decimal::ONE_HUNDRED)?)?;
    let monthly_full = mul(mul(od.hourly, factor)?, hpm)?;
    let term_cost = mul(monthly_full, Decimal::from(term))?;
    let (upfront, monthly) = match want_payment {
        Some(Upfront::All) => (term_cost, Decimal::ZERO),
        Some(Upfront::Partial) => (
            div(term_cost, Decimal::TWO)?,
            div(monthly_full, Decimal::TWO)?,
        ),
        Some(Upfront::No) | None => (Decimal::ZERO, monthly_full),
    };
    Ok(Some(Commitment {
        upfront,
        monthly,
        term_months: term,
        assumed: true,
        src: None,
    }))
}

impl Commitment {
    /// What the contract costs to cover `months` months: every term started
    /// within the horizon is paid in full (upfront + every monthly charge),
    /// whatever the usage. Per instance, full precision.
    pub fn contract_cost(&self, months: u32) -> Result<Decimal, EngineError> {
        let term = self.term_months.max(1);
        let terms = months.div_ceil(term);
        let per_term = add(self.upfront, mul(self.monthly, Decimal::from(term))?)?;
        mul(per_term, Decimal::from(terms))
    }
}

/// Instances needed: enough for `min_gpus` GPUs and `min_vram_gb` GB.
/// `None` = not eligible: a VRAM need that the offer can never meet (its
/// GPU memory is unknown, or zero).
pub fn instances_needed(scenario: &Scenario, offer: &Offer) -> Option<u32> {
    let gc = offer.gpu_count.max(1);
    let by_gpu = scenario.min_gpus.max(1).div_ceil(gc);
    let by_vram = match scenario.min_vram_gb {
        Some(v) if v > 0 => v.div_ceil(offer.gpu_memory_gb.filter(|m| *m > 0)?),
        _ => 1,
    };
    Some(by_gpu.max(by_vram).max(1))
}

/// The best commitment for an offer over the scenario's horizon: the one
/// with the lowest decision cost (every term started within the horizon
/// paid in full), per hour actually used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BestCommitment {
    pub model: BillingModel,
    /// Decision cost per instance ÷ (hours per month × months), 6 dp.
    pub per_used_hour: Decimal,
    /// (upfront / term + monthly) / hours per month, per instance: the rate
    /// at full use of the whole term.
    pub effective_hourly: Decimal,
    pub assumed: bool,
}
/// One row of the compare table. Money rates are per instance, in the
/// display currency, rounded to 6 dp; `monthly` is rounded to cents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferMetrics {
    pub offer: String,
    pub currency: Currency,
    /// Instances needed for the scenario's GPU count / VRAM; `None` = the
    /// offer cannot meet the VRAM need (memory unknown).
    pub instances: Option<u32>,
    pub hourly: Option<Decimal>,
    /// Set when `hourly` is None.
    pub reason: Option<Reason>,
    /// The hourly comes from the scenario's user prices.
    pub user_price: bool,
    pub per_gpu_hour: Option<Decimal>,
    /// Per dense FP16 tensor TFLOPS-hour.
    pub per_fp16_tflops_hour: Option<Decimal>,
    /// Per dense TF32 tensor TFLOPS-hour.
    pub per_tf32_tflops_hour: Option<Decimal>,
    pub per_fp32_tflops_hour: Option<Decimal>,
    pub per_vram_gb_hour: Option<Decimal>,
    /// hourly × scenario hours per month (per instance).
    pub monthly: Option<Decimal>,
    /// monthly × instances.
    pub fleet_monthly: Option<Decimal>,
    pub spot_min_hourly: Option<Decimal>,
    pub spot_max_hourly: Option<Decimal>,
    pub best_commitment: Option<BestCommitment>,
    /// Any price used is indicative (not a bare list price).
    pub indicative: bool,
    pub sources: Vec<PriceRef>,
}

fn per_unit(hourly: Option<Decimal>, units: Option<Decimal>) -> Option<Decimal> {
    let (h, u) = (hourly?, units?);
    if u <= Decimal::ZERO {
        return None;
    }
    h.checked_div(u).map(round_rate)
}

fn tflops(v: Option<f64>, gpus: u32) -> Option<Decimal> {
    let v = v?;
    if !v.is_finite() || v <= 0.0 {
        return None;
    }
    Decimal::from_f64(v)?.checked_mul(Decimal::from(gpus))
}

/// Metrics of one offer under the scenario (display currency). For many
/// offers use [`all_offer_metrics`] (or pass [`assumed_rates`] computed
/// once to [`offer_metrics_with`]).
pub fn offer_metrics(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
) -> Result<OfferMetrics, EngineError> {
    let assumed = assumed_rates(catalog, scenario);
    offer_metrics_with(catalog, scenario, offer, assumed.as_deref())
}

/// [`offer_metrics`] with the scenario's assumed rates already resolved.
pub fn offer_metrics_with(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    assumed: Option<&[AssumedRates]>,
) -> Result<OfferMetrics, EngineError> {
    let fx = scenario.fx(catalog);
    if fx <= Decimal::ZERO {
        return Err(EngineError::InvalidRate);
    }
    let b = billing(catalog, offer.provider);
    let od = od_rate(scenario, offer, fx)?;
    let hourly = od.as_ref().map(|o| o.hourly);
    let mut sources = Vec::new();
    let mut indicative = false;
    if let Some(o) = &od {
        indicative |= o.src.indicative;
        sources.push(o.src.clone());
    }
    let spot = spot_range(scenario, offer, fx)?;
    if let Some((_, _, s)) = &spot {
        indicative |= s.indicative;
        sources.push(s.clone());
    }
    let used_hours = mul(scenario.hours_per_month, Decimal::from(scenario.months))?;
    let mut best: Option<(BillingModel, Decimal, Commitment)> = None;
    if used_hours > Decimal::ZERO {
        let book = PriceBook::of(offer);
        for m in BillingModel::ALL.into_iter().filter(|m| m.is_commitment()) {
            if let Some(c) = commitment(
                scenario,
                &book,
                m,
                od.as_ref(),
                b.hours_per_month,
                fx,
                assumed,
            )? {
                let per_used = div(c.contract_cost(scenario.months)?, used_hours)?;
                if best.as_ref().is_none_or(|x| per_used < x.1) {
                    best = Some((m, per_used, c));
                }
            }
        }
    }
    let best_commitment = match best {
        Some((model, per_used, c)) => {
            if let Some(s) = &c.src {
                indicative |= s.indicative;
                sources.push(s.clone());
            }
            Some(BestCommitment {
                model,
                per_used_hour: round_rate(per_used),
                effective_hourly: round_rate(c.effective_hourly(b.hours_per_month)?),
                assumed: c.assumed,
            })
        }
        None => None,
    };
    let gpu = catalog.gpu(&offer.gpu);
    let gc = offer.gpu_count;
    let instances = instances_needed(scenario, offer);
    let monthly = match hourly {
        Some(h) => Some(mul(h, scenario.hours_per_month)?),
        None => None,
    };
    let fleet_monthly = match (monthly, instances) {
        (Some(m), Some(n)) => Some(round_money(mul(m, Decimal::from(n))?)),
        _ => None,
    };
    Ok(OfferMetrics {
        offer: offer.id.clone(),
        currency: scenario.currency,
        instances,
        hourly: hourly.map(round_rate),
        reason: if hourly.is_none() {
            Some(Reason::NoSourcedPrice)
        } else {
            None
        },
        user_price: od.as_ref().is_some_and(|o| o.user),
        per_gpu_hour: per_unit(hourly, Some(Decimal::from(gc))),
        per_fp16_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.fp16_tflops_dense, gc))),
        per_tf32_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.tf32_tflops_dense, gc))),
        per_fp32_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.fp32_tflops, gc))),
        per_vram_gb_hour: per_unit(hourly, offer.gpu_memory_gb.map(Decimal::from)),
        monthly: monthly.map(round_money),
        fleet_monthly,
        spot_min_hourly: spot.as_ref().map(|s| round_rate(s.0)),
        spot_max_hourly: spot.as_ref().map(|s| round_rate(s.1)),
        best_commitment,
        indicative,
        sources,
    })
}

/// Metrics for every offer of the catalog (the compare table).
pub fn all_offer_metrics(
    catalog: &Catalog,
    scenario: &Scenario,
) -> Result<Vec<OfferMetrics>, EngineError> {
    let assumed = assumed_rates(catalog, scenario);
    catalog
        .offers
        .iter()
        .map(|o| offer_metrics_with(catalog, scenario, o, assumed.as_deref()))
        .collect()
}
