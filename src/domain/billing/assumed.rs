//! Assumed commitment discounts: what a commitment without a sourced rate
//! costs when the scenario assumes a discount off on-demand (`disc=`), and
//! the payment gaps the catalog's sourced reservations show.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::contract::{effective_hourly, Slots};
use super::Granularity;
use crate::domain::catalog::{Catalog, PriceKind, Upfront};
use crate::domain::money::round_money;
use crate::domain::scenario::{AssumedDiscount, Scenario};

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
        let hpm = Granularity::of(catalog, o.provider).hours_per_month;
        let book = Slots::of(o);
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
            let eff = effective_hourly(upfront, hourly.checked_mul(hpm)?, term, hpm).ok()?;
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
    // the 5-year term only when a 5-year model is asked for (it is opt-in)
    let five = scenario
        .models()
        .iter()
        .any(|m| m.term_months() == Some(60));
    for term in [1u32, 12, 36, 60] {
        if term == 60 && !five {
            continue;
        }
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
