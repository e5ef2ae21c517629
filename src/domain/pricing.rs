//! Per-offer metrics for the compare table: what an offer costs per hour,
//! per GPU-hour, per TFLOPS-hour…, its spot range and its best commitment,
//! read from the offer's price book ([`crate::domain::billing`]).
//!
//! Everything here is O(prices of the offer) with a handful of Decimal ops,
//! so the compare table can price every offer on every keystroke; what the
//! hours per month do not change ([`Rates`]) it keeps while only they
//! change, and [`Rates::at`] then only multiplies.
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
    /// The list price when `hourly` is the user's negotiated one (its
    /// provider's rule applies `nd` to pay-as-you-go hours).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_hourly: Option<Decimal>,
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

/// An offer's metrics less what the hours per month change (`monthly`,
/// `fleet_monthly` and the best commitment's `per_used_hour`, which
/// [`Rates::at`] fills in), with what those are made from. The compare
/// table keeps these while only its hours box changes: the per-unit rates,
/// TFLOPS conversions and the choice of commitment are most of an offer's
/// pricing, and none of them reads the hours.
#[derive(Debug, Clone)]
pub struct Rates {
    metrics: OfferMetrics,
    months: u32,
    /// The on-demand hourly at full precision.
    hourly: Option<Decimal>,
    /// The best commitment's cost per instance over the horizon, at full
    /// precision (every term started paid in full).
    best_cost: Option<Decimal>,
    /// The best commitment's price is the last of `metrics.sources`.
    best_cited: bool,
    /// `metrics.indicative` without the best commitment's price.
    indicative_without_best: bool,
}

impl Rates {
    /// The metrics at `hours` per month. Hours of 0 use no hour, so no
    /// commitment is best (nor cited).
    pub fn at(&self, hours: Decimal) -> Result<OfferMetrics, EngineError> {
        let mut m = self.metrics.clone();
        let used_hours = mul(hours, Decimal::from(self.months))?;
        match (&mut m.best_commitment, self.best_cost) {
            (Some(b), Some(cost)) if used_hours > Decimal::ZERO => {
                b.per_used_hour = round_rate(div(cost, used_hours)?);
            }
            _ => {
                if m.best_commitment.take().is_some() && self.best_cited {
                    m.sources.pop();
                }
                m.indicative = self.indicative_without_best;
            }
        }
        if let Some(h) = self.hourly {
            let monthly = mul(h, hours)?;
            m.monthly = Some(round_money(monthly));
            if let Some(n) = m.instances {
                m.fleet_monthly = Some(round_money(mul(monthly, Decimal::from(n))?));
            }
        }
        Ok(m)
    }
}

fn metrics(scene: &Scene, offer: &Offer) -> Result<OfferMetrics, EngineError> {
    rates(scene, offer)?.at(scene.scenario.hours_per_month)
}

/// Every figure of an offer's metrics that the hours per month leave alone.
/// The best commitment is the one whose contract costs least over the
/// horizon: the same as the least per hour used, as every commitment's cost
/// is divided by the same hours.
pub(crate) fn rates(scene: &Scene, offer: &Offer) -> Result<Rates, EngineError> {
    let (catalog, scenario) = (scene.catalog, scene.scenario);
    let instances = instances_needed(scenario, offer);
    let book = Book::build(scene, offer, 1)?;
    let hpm = book.billing.hours_per_month;
    let od = book.on_demand.as_ref();
    let hourly = od.map(|o| o.hourly);
    let mut sources: Vec<PriceRef> = od.map(|o| o.src()).into_iter().collect();
    sources.extend(book.spot.as_ref().map(|s| s.src()));
    let indicative_without_best = sources.iter().any(|r| r.indicative());
    let mut best: Option<(Decimal, Commitment)> = None;
    for m in BillingModel::ALL {
        if let Some(c) = commitment::resolve(&book, m, scene.assumed)? {
            let cost = c.contract_cost(scenario.months)?;
            if best.as_ref().is_none_or(|x| cost < x.0) {
                best = Some((cost, c));
            }
        }
    }
    let mut best_cited = false;
    let (best_cost, best_commitment) = match best {
        Some((cost, c)) => {
            if let Some(s) = c.src() {
                sources.push(s);
                best_cited = true;
            }
            let b = BestCommitment {
                model: c.model,
                per_used_hour: Decimal::ZERO,
                effective_hourly: round_rate(c.effective_hourly(hpm)?),
                assumed: c.assumed,
            };
            (Some(cost), Some(b))
        }
        None => (None, None),
    };
    let gpu = catalog.gpu(&offer.gpu);
    let gc = offer.gpu_count;
    Ok(Rates {
        metrics: OfferMetrics {
            offer: offer.id.clone(),
            currency: scenario.currency,
            instances,
            hourly: hourly.map(round_rate),
            list_hourly: od
                .filter(|o| o.hourly != o.list)
                .map(|o| round_rate(o.list)),
            reason: if hourly.is_none() {
                Some(Reason::NoSourcedPrice)
            } else {
                None
            },
            user_price: od.is_some_and(|o| o.user()),
            per_gpu_hour: per_unit(hourly, Some(Decimal::from(gc))),
            per_fp16_tflops_hour: per_unit(
                hourly,
                gpu.and_then(|g| tflops(g.fp16_tflops_dense, gc)),
            ),
            per_tf32_tflops_hour: per_unit(
                hourly,
                gpu.and_then(|g| tflops(g.tf32_tflops_dense, gc)),
            ),
            per_fp32_tflops_hour: per_unit(hourly, gpu.and_then(|g| tflops(g.fp32_tflops, gc))),
            per_vram_gb_hour: per_unit(hourly, offer.gpu_memory_gb.map(Decimal::from)),
            monthly: None,
            fleet_monthly: None,
            spot_min_hourly: book.spot.as_ref().map(|s| round_rate(s.min)),
            spot_max_hourly: book.spot.as_ref().map(|s| round_rate(s.max)),
            best_commitment,
            indicative: sources.iter().any(|r| r.indicative()),
            sources,
        },
        months: scenario.months,
        hourly,
        best_cost,
        best_cited,
        indicative_without_best,
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
