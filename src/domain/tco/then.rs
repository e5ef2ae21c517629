//! Links that remember their prices: a link names the dataset it was made
//! with (`d=DATE+hash`); opened on newer data, what its view totals is
//! priced twice, through the same engine: once on the catalog as its
//! prices stood on DATE ([`catalog_at`], from each offer's current prices
//! and the history it keeps) and once on today's. A billing model whose
//! price on DATE the history does not hold says so; it is never taken as
//! unchanged.
use rust_decimal::Decimal;
use serde::Serialize;

use super::quote;
use crate::domain::catalog::{as_of_days, Catalog, OfferId, Price, PriceKind, Upfront};
use crate::domain::error::EngineError;
use crate::domain::scenario::{BillingModel, Scenario};

/// Which published price a price is (its billing model and, for
/// commitments, term and payment option): the newer price of the same
/// slot supersedes an older one.
fn slot(k: &PriceKind) -> (u8, u32, Option<Upfront>) {
    match *k {
        PriceKind::OnDemand { .. } => (0, 0, None),
        PriceKind::Spot { .. } => (1, 0, None),
        PriceKind::Reserved {
            term_months,
            payment,
            ..
        } => (2, term_months, Some(payment)),
        PriceKind::SavingsPlan {
            term_months,
            payment,
            ..
        } => (3, term_months, Some(payment)),
        PriceKind::Subscription { .. } => (4, 0, None),
        PriceKind::CapacityBlock { .. } => (5, 0, None),
    }
}

/// The catalog as its prices stood on `date` (`YYYY`, `YYYY-MM` or
/// `YYYY-MM-DD`): for every offer and price slot, the newest price dated on
/// or before it among the current prices and the kept history (a partial
/// date counts from its first day, as the catalog dates its snapshots). A
/// slot with none is left out. Everything else (usage rates, exchange rate,
/// specs) is today's. None when the date cannot be read.
pub fn catalog_at(c: &Catalog, date: &str) -> Option<Catalog> {
    let day = as_of_days(date)?;
    let mut then = c.clone();
    for o in &mut then.offers {
        let mut kept: Vec<Price> = Vec::new();
        for p in o.prices.iter().chain(&o.price_history) {
            if as_of_days(&p.as_of).is_none_or(|d| d > day) {
                continue;
            }
            match kept.iter_mut().find(|k| slot(&k.kind) == slot(&p.kind)) {
                Some(k) if as_of_days(&k.as_of) >= as_of_days(&p.as_of) => {}
                Some(k) => *k = p.clone(),
                None => kept.push(p.clone()),
            }
        }
        o.prices = kept;
        o.price_history.clear();
    }
    Some(then)
}

/// One billing model of one offer, then and now (decision cost over the
/// scenario's horizon, display currency).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThenNowRow {
    pub offer: OfferId,
    pub model: BillingModel,
    /// None: the history does not hold this model's price on the date (or
    /// it could not be priced then).
    pub then: Option<Decimal>,
    pub now: Option<Decimal>,
    /// (now − then) ÷ then × 100, 1 dp; None without both.
    pub change_pct: Option<Decimal>,
}

/// What a link's view totals, priced on its dataset's date and today.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThenNow {
    /// The date the link's dataset was made (`d=`).
    pub then_date: String,
    /// Today's dataset date.
    pub now_date: String,
    pub rows: Vec<ThenNowRow>,
}

/// Every offer and billing model the scenario quotes, then and now; None
/// when `date` cannot be read as a date.
pub fn then_vs_now(c: &Catalog, s: &Scenario, date: &str) -> Result<Option<ThenNow>, EngineError> {
    let Some(then_cat) = catalog_at(c, date) else {
        return Ok(None);
    };
    let now = quote(c, s)?;
    let then = quote(&then_cat, s)?;
    let mut rows = Vec::new();
    for o in &now.offers {
        let old = then.offers.iter().find(|t| t.offer == o.offer);
        for m in &o.models {
            let now_cost = m.decision_cost.map(|d| d.amount());
            let then_cost = old
                .and_then(|t| t.models.iter().find(|x| x.model == m.model))
                .and_then(|x| x.decision_cost.map(|d| d.amount()));
            let change_pct = match (then_cost, now_cost) {
                (Some(a), Some(b)) if !a.is_zero() => {
                    Some(((b - a) / a * Decimal::ONE_HUNDRED).round_dp(1))
                }
                _ => None,
            };
            rows.push(ThenNowRow {
                offer: o.offer.clone(),
                model: m.model,
                then: then_cost,
                now: now_cost,
                change_pct,
            });
        }
    }
    Ok(Some(ThenNow {
        then_date: date.to_string(),
        now_date: c.as_of.clone(),
        rows,
    }))
}
