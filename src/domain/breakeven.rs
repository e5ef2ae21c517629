//! Break-even of commitments against on-demand.
//!
//! For an offer and a commitment model (per instance, display currency,
//! compute only — data and promotions are the same on both sides and left
//! out):
//!
//! * **Break-even hours per month** = `(upfront / term + monthly commitment)
//!   / on-demand hourly`. Above it the commitment is cheaper. None when it
//!   exceeds the provider's hours per month (never pays off), or when there
//!   is no on-demand price.
//! * **Crossover month**: at the scenario's hours per month, the first month
//!   in which the commitment's cumulative cash (upfront paid at each term
//!   start + monthly commitment) is ≤ on-demand's cumulative cash
//!   (billed hours × hourly; a stepped price's months as
//!   [`steps`](crate::domain::billing::steps) bills them). None if it never
//!   happens within the horizon.
//! * The break-even hours compare with a stepped price's first step (the
//!   hourly price shown), so they overstate on-demand for it; the
//!   crossover month is billed by the steps.
//!
//! Articles say a typical 1-year reservation breaks even at "about 300
//! instance-hours/month" ([`ARTICLE_CLAIM_HOURS`]); with the sourced AWS
//! p4d.24xlarge us-east-1 1-yr No-Upfront RI the data says
//! 730 × 13.921094 / 21.957642 ≈ 462.8 h/month.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::billing::assumed::assumed_rates;
use crate::domain::billing::commitment;
use crate::domain::billing::on_demand::billed_hours;
use crate::domain::billing::steps::Ramp;
use crate::domain::billing::{Book, Scene};
use crate::domain::catalog::{Catalog, OfferId};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, round_money, round_rate};
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::tco::picks;

/// "About 300 instance-hours/month", the articles' rule of thumb.
pub const ARTICLE_CLAIM_HOURS: u32 = 300;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakEven {
    pub offer: OfferId,
    pub model: BillingModel,
    /// On-demand hourly (6 dp).
    pub on_demand_hourly: Decimal,
    /// Commitment effective hourly at full use (6 dp).
    pub effective_hourly: Decimal,
    /// Hours per month above which the commitment wins (2 dp); None = never.
    pub breakeven_hours_per_month: Option<Decimal>,
    /// Hours per month the provider bills a commitment for.
    pub hours_per_month_cap: Decimal,
    /// First month where cumulative commitment cash ≤ on-demand cash.
    pub crossover_month: Option<u32>,
    pub assumed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakEvenReport {
    pub article_claim_hours: u32,
    pub items: Vec<BreakEven>,
}

/// Break-even for every matching offer and every commitment model the
/// scenario requests (all commitment models when none are chosen).
pub fn break_even(catalog: &Catalog, scenario: &Scenario) -> Result<BreakEvenReport, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let assumed = assumed_rates(catalog, scenario);
    let scene = Scene::new(catalog, scenario, None, assumed.as_deref())?;
    let mut items = Vec::new();
    for offer in catalog
        .offers
        .iter()
        .filter(|o| picks(catalog, scenario, o))
    {
        let book = Book::build(&scene, offer, 1)?;
        let Some(od) = book.on_demand else {
            continue;
        };
        if od.hourly <= Decimal::ZERO {
            continue;
        }
        let hpm = book.billing.hours_per_month;
        let billed = billed_hours(scenario.hours_per_month, &book.billing)?;
        let od_month = mul(billed, od.hourly)?;
        // a stepped price's months cost less as its hours add up
        let ramp = match od.price {
            Some(p) => Ramp::of(
                &scene,
                p,
                book.negotiated.on_demand(),
                billed,
                Decimal::ONE,
                Decimal::ZERO,
                None,
            )?,
            None => None,
        };
        for &m in scenario.models() {
            // None for pay-as-you-go models
            let Some(c) = commitment::resolve(&book, m, scene.assumed)? else {
                continue;
            };
            let eff = c.effective_hourly(hpm)?;
            let per_month = mul(eff, hpm)?;
            let be = div(per_month, od.hourly)?;
            let term = c.term_months.max(1);
            let mut od_cum = Decimal::ZERO;
            let mut c_cum = Decimal::ZERO;
            let mut crossover = None;
            for month in 1..=scenario.months {
                od_cum = add(od_cum, ramp.map_or(od_month, |r| r.month(month)))?;
                if (month - 1) % term == 0 {
                    c_cum = add(c_cum, c.upfront)?;
                }
                c_cum = add(c_cum, c.monthly)?;
                if c_cum <= od_cum {
                    crossover = Some(month);
                    break;
                }
            }
            items.push(BreakEven {
                offer: offer.id.clone(),
                model: m,
                on_demand_hourly: round_rate(od.hourly),
                effective_hourly: round_rate(eff),
                breakeven_hours_per_month: (be <= hpm).then(|| round_money(be)),
                hours_per_month_cap: hpm,
                crossover_month: crossover,
                assumed: c.assumed,
            });
        }
    }
    Ok(BreakEvenReport {
        article_claim_hours: ARTICLE_CLAIM_HOURS,
        items,
    })
}
