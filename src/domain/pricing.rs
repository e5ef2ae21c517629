//! Per-offer metrics for the compare table: what an offer costs per hour,
//! per GPU-hour, per TFLOPS-hour…, its spot range and its best commitment,
//! read from the offer's price book ([`crate::domain::billing`]).
//!
//! Everything here is O(prices of the offer) with a handful of Decimal ops,
//! so the compare table can call [`offer_metrics`] for every offer on every
//! keystroke.
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::billing::commitment::{self, Commitment};
use crate::domain::billing::{Book, Scene};
use crate::domain::catalog::{Catalog, Currency, Offer, OfferId};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, round_money, round_rate};
use crate::domain::scenario::{BillingModel, Scenario};

pub use crate::domain::billing::assumed::{assumed_rates, AssumedRates, GapBasis};
pub use crate::domain::billing::{user_price_currency, PriceOrigin, PriceRef, Reason};

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
    pub offer: OfferId,
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

pub fn offer_metrics_with(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    assumed: Option<&[AssumedRates]>,
) -> Result<OfferMetrics, EngineError> {
    let scene = Scene::new(catalog, scenario, None, assumed)?;
    metrics(&scene, offer)
}

fn metrics(scene: &Scene, offer: &Offer) -> Result<OfferMetrics, EngineError> {
    let (catalog, scenario) = (scene.catalog, scene.scenario);
    let instances = instances_needed(scenario, offer);
    let book = Book::build(scene, offer, 1)?;
    let hpm = book.billing.hours_per_month;
    let od = book.on_demand.as_ref();
    let hourly = od.map(|o| o.hourly);
    let mut sources = Vec::new();
    let mut indicative = false;
    let mut cite = |r: PriceRef| {
        indicative |= r.indicative();
        sources.push(r);
    };
    if let Some(o) = od {
        cite(o.src());
    }
    if let Some(s) = &book.spot {
        cite(s.src());
    }
    let used_hours = mul(scenario.hours_per_month, Decimal::from(scenario.months))?;
    let mut best: Option<(Decimal, Commitment)> = None;
    if used_hours > Decimal::ZERO {
        for m in BillingModel::ALL {
            if let Some(c) = commitment::resolve(&book, m, scene.assumed)? {
                let per_used = div(c.contract_cost(scenario.months)?, used_hours)?;
                if best.as_ref().is_none_or(|x| per_used < x.0) {
                    best = Some((per_used, c));
                }
            }
        }
    }
    let best_commitment = match best {
        Some((per_used, c)) => {
            if let Some(s) = c.src() {
                cite(s);
            }
            Some(BestCommitment {
                model: c.model,
                per_used_hour: round_rate(per_used),
                effective_hourly: round_rate(c.effective_hourly(hpm)?),
                assumed: c.assumed,
            })
        }
        None => None,
    };
    let gpu = catalog.gpu(&offer.gpu);
    let gc = offer.gpu_count;
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
        user_price: od.is_some_and(|o| o.user()),
        per_gpu_hour: per_unit(hourly, Some(Decimal::from(gc))),
        per_fp16_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.fp16_tflops_dense, gc))),
        per_tf32_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.tf32_tflops_dense, gc))),
        per_fp32_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.fp32_tflops, gc))),
        per_vram_gb_hour: per_unit(hourly, offer.gpu_memory_gb.map(Decimal::from)),
        monthly: monthly.map(round_money),
        fleet_monthly,
        spot_min_hourly: book.spot.as_ref().map(|s| round_rate(s.min)),
        spot_max_hourly: book.spot.as_ref().map(|s| round_rate(s.max)),
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
    let scene = Scene::new(catalog, scenario, None, assumed.as_deref())?;
    catalog.offers.iter().map(|o| metrics(&scene, o)).collect()
}
