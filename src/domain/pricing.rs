//! Per-offer metrics for the compare table, and the price resolution shared
//! by the billing models (what an offer costs per hour/month under each
//! model, in the display currency, and which sourced price backs it).
//!
//! Everything here is O(prices of the offer) with a handful of Decimal ops,
//! so the compare table can call [`offer_metrics`] for every offer on every
//! keystroke.
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, Offer, Price, PriceKind, ProviderId, Upfront};
use crate::domain::error::EngineError;
use crate::domain::money::{add, convert, div, mul, round_money, round_rate, sub};
use crate::domain::scenario::{BillingModel, Scenario};

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

/// A price used for a figure: where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PriceRef {
    /// Billing model code of the price (`od`, `spot`, `ri1n`, `sp1`, `sub`, …).
    pub model: String,
    /// Source id (`user` for a user-entered price).
    pub source: String,
    pub as_of: String,
    pub indicative: bool,
}

impl PriceRef {
    fn of(model: &str, p: &Price) -> PriceRef {
        PriceRef {
            model: model.to_string(),
            source: p.source.clone(),
            as_of: p.as_of.clone(),
            indicative: p.indicative,
        }
    }
    fn user() -> PriceRef {
        PriceRef {
            model: "od".to_string(),
            source: "user".to_string(),
            as_of: String::new(),
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

/// Resolve a commitment model for an offer. Sourced rates first; otherwise
/// the scenario's assumed discount on the on-demand rate (flagged assumed):
/// no-upfront / savings plan / subscription / installment pay
/// `od × (1 − d) × hours_per_month` monthly; partial upfront pays half of the
/// term's cost upfront and half monthly; all upfront pays it all upfront.
pub(crate) fn commitment(
    scenario: &Scenario,
    offer: &Offer,
    model: BillingModel,
    od: Option<&OdRate>,
    hpm: Decimal,
    fx: Decimal,
) -> Result<Option<Commitment>, EngineError> {
    let Some(term) = model.term_months() else {
        return Ok(None);
    };
    let cur = scenario.currency;
    let want_payment = match model {
        BillingModel::Ri1No | BillingModel::Ri3No => Some(Upfront::No),
        BillingModel::Ri1Partial | BillingModel::Ri3Partial => Some(Upfront::Partial),
        BillingModel::Ri1All | BillingModel::Ri3All => Some(Upfront::All),
        _ => None,
    };
    let mut best_sp: Option<(&Price, Decimal)> = None;
    for p in &offer.prices {
        match (&p.kind, model) {
            (
                PriceKind::Reserved {
                    term_months,
                    payment,
                    upfront,
                    hourly,
                },
                _,
            ) if *term_months == term && Some(*payment) == want_payment => {
                return Ok(Some(Commitment {
                    upfront: convert(*upfront, p.currency, cur, fx)?,
                    monthly: mul(convert(*hourly, p.currency, cur, fx)?, hpm)?,
                    term_months: term,
                    assumed: false,
                    src: Some(PriceRef::of(model.code(), p)),
                }));
            }
            (
                PriceKind::SavingsPlan {
                    term_months,
                    hourly,
                    ..
                },
                BillingModel::Sp1 | BillingModel::Sp3,
            ) if *term_months == term => {
                let h = convert(*hourly, p.currency, cur, fx)?;
                if best_sp.is_none_or(|(_, b)| h < b) {
                    best_sp = Some((p, h));
                }
            }
            (PriceKind::Subscription { monthly }, BillingModel::Subscription) => {
                return Ok(Some(Commitment {
                    upfront: Decimal::ZERO,
                    monthly: convert(*monthly, p.currency, cur, fx)?,
                    term_months: 1,
                    assumed: false,
                    src: Some(PriceRef::of("sub", p)),
                }));
            }
            _ => {}
        }
    }
    if let Some((p, h)) = best_sp {
        return Ok(Some(Commitment {
            upfront: Decimal::ZERO,
            monthly: mul(h, hpm)?,
            term_months: term,
            assumed: false,
            src: Some(PriceRef::of(model.code(), p)),
        }));
    }
    let (Some(d), Some(od)) = (scenario.assumed_discount_pct, od) else {
        return Ok(None);
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
        _ => (Decimal::ZERO, monthly_full),
    };
    Ok(Some(Commitment {
        upfront,
        monthly,
        term_months: term,
        assumed: true,
        src: None,
    }))
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

/// The best commitment for an offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BestCommitment {
    pub model: BillingModel,
    /// (upfront / term + monthly) / hours per month, per instance.
    pub effective_hourly: Decimal,
    pub assumed: bool,
}

/// One row of the compare table. Money rates are per instance, in the
/// display currency, rounded to 6 dp; `monthly` is rounded to cents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// Metrics of one offer under the scenario (display currency).
pub fn offer_metrics(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
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
    let mut best: Option<(BillingModel, Decimal, bool, Option<PriceRef>)> = None;
    for m in BillingModel::ALL.into_iter().filter(|m| m.is_commitment()) {
        if let Some(c) = commitment(scenario, offer, m, od.as_ref(), b.hours_per_month, fx)? {
            let eff = c.effective_hourly(b.hours_per_month)?;
            if best.as_ref().is_none_or(|x| eff < x.1) {
                best = Some((m, eff, c.assumed, c.src));
            }
        }
    }
    let best_commitment = best.map(|(model, eff, assumed, src)| {
        if let Some(s) = src {
            indicative |= s.indicative;
            sources.push(s);
        }
        BestCommitment {
            model,
            effective_hourly: round_rate(eff),
            assumed,
        }
    });
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
    catalog
        .offers
        .iter()
        .map(|o| offer_metrics(catalog, scenario, o))
        .collect()
}
