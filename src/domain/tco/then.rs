//! Links that remember their prices: a link names the dataset it was made
//! with (`d=DATE+hash`); opened on newer data, what its view totals is
//! priced twice, through the same engine: once on the catalog as its
//! prices stood on DATE ([`catalog_at`], from each offer's current prices
//! and the history it keeps) and once on today's. A billing model whose
//! price on DATE the history does not hold says so; it is never taken as
//! unchanged.
use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use super::quote;
use crate::domain::catalog::{as_of_days, Catalog, OfferId, Price, PriceKind, Upfront};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, sub};
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
/// `YYYY-MM-DD`; a partial date counts from its first day, as the catalog
/// dates its snapshots): every offer's prices, current and kept in its
/// history, dated on or before it, for the slots the offer still has a
/// price of; the engine then picks among them by its one rule
/// ([`preferred`](crate::domain::catalog::preferred): a list price before
/// an indicative one, then the newest). A slot sold no more (only in the
/// history) is left out: when it was withdrawn is not known. Everything
/// else (usage rates, exchange rate, specs) is today's. None when the date
/// cannot be read.
pub fn catalog_at(c: &Catalog, date: &str) -> Option<Catalog> {
    let day = as_of_days(date)?;
    let mut then = c.clone();
    for o in &mut then.offers {
        let current: Vec<_> = o.prices.iter().map(|p| slot(&p.kind)).collect();
        let kept: Vec<Price> = o
            .prices
            .iter()
            .chain(&o.price_history)
            .filter(|p| as_of_days(&p.as_of).is_some_and(|d| d <= day))
            .filter(|p| current.contains(&slot(&p.kind)))
            .cloned()
            .collect();
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

/// (b − a) ÷ a × 100, 1 dp, halves away from zero (the one rounding
/// policy, `money`).
fn change(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    let pct = mul(div(sub(b, a)?, a)?, Decimal::ONE_HUNDRED)?;
    Ok(pct.round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero))
}

/// Every offer and billing model the scenario quotes, then and now; None
/// when `date` cannot be read as a date.
pub fn then_vs_now(c: &Catalog, s: &Scenario, date: &str) -> Result<Option<ThenNow>, EngineError> {
    if as_of_days(date).is_none() {
        return Ok(None);
    }
    let now = quote(c, s)?;
    let today = now.offers.iter().flat_map(|o| {
        o.models
            .iter()
            .map(|m| (&o.offer, m.model, m.decision_cost.map(|d| d.amount())))
    });
    then_beside(c, s, date, today)
}

/// Each of `today`'s results (offer, billing model, today's decision cost,
/// in that order) beside its decision cost on `date`'s prices: the
/// scenario quoted once more, on [`catalog_at`] (a plan passes the costs it
/// already has). None when `date` cannot be read as a date.
pub fn then_beside<'a>(
    c: &Catalog,
    s: &Scenario,
    date: &str,
    today: impl IntoIterator<Item = (&'a OfferId, BillingModel, Option<Decimal>)>,
) -> Result<Option<ThenNow>, EngineError> {
    let Some(then_cat) = catalog_at(c, date) else {
        return Ok(None);
    };
    let then = quote(&then_cat, s)?;
    let mut rows = Vec::new();
    for (offer, model, now_cost) in today {
        let then_cost = then
            .offers
            .iter()
            .find(|t| t.offer == *offer)
            .and_then(|t| t.models.iter().find(|x| x.model == model))
            .and_then(|x| x.decision_cost.map(|d| d.amount()));
        let change_pct = match (then_cost, now_cost) {
            (Some(a), Some(b)) if !a.is_zero() => Some(change(a, b)?),
            _ => None,
        };
        rows.push(ThenNowRow {
            offer: offer.clone(),
            model,
            then: then_cost,
            now: now_cost,
            change_pct,
        });
    }
    Ok(Some(ThenNow {
        then_date: date.to_string(),
        now_date: c.as_of.clone(),
        rows,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Halves away from zero, as every rounded figure: 400 → 401 is
    /// +0.25 % → +0.3 %, 400 → 399 is −0.3 %.
    #[test]
    fn the_change_rounds_halves_away_from_zero() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(change(d("400"), d("401")).unwrap(), d("0.3"));
        assert_eq!(change(d("400"), d("399")).unwrap(), d("-0.3"));
        assert_eq!(change(d("98.32"), d("55.04")).unwrap(), d("-44.0"));
    }
}
