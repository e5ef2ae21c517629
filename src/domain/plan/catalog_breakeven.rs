//! Break-even across the catalog: for each provider × commitment model, the
//! spread of break-even hours per month over every offer the scenario's
//! filters match ("reserve above about 300 h/month", with the catalog's own
//! numbers). Apart from the plan because it reads the whole catalog, not
//! the plan's few offers, and the app computes it on its own.
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::breakeven::{break_even, ARTICLE_CLAIM_HOURS};
use crate::domain::catalog::{Catalog, OfferId, ProviderId};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, round_money};
use crate::domain::scenario::{BillingModel, Scenario};

/// Break-even hours per month of one provider × commitment model over the
/// catalog offers the scenario's filters match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BreakEvenGroup {
    pub provider: ProviderId,
    pub model: BillingModel,
    /// Offers with an on-demand price and a sourced rate for the model.
    pub offers: u32,
    /// Of those, how many never pay off (break-even above the hours a
    /// provider bills a month).
    pub never_pays_off: u32,
    /// Median of the break-even hours of the offers that pay off (2 dp; an
    /// even count takes the mean of the two middle values, rounded half
    /// away from zero).
    pub median_hours: Option<Decimal>,
    pub min_hours: Option<Decimal>,
    pub min_offer: Option<OfferId>,
    pub max_hours: Option<Decimal>,
    pub max_offer: Option<OfferId>,
    /// Offers whose break-even is at or below the articles' 300 h/month
    /// (where "reserve above about 300 h/month" holds).
    pub at_or_below_claim: u32,
    /// Offers priced only from the user's assumed discount: counted here,
    /// left out of every figure above.
    pub assumed: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BreakEvenDistribution {
    pub article_claim_hours: u32,
    /// Sorted by provider, then model (declaration order).
    pub groups: Vec<BreakEvenGroup>,
}

/// What [`breakeven_distribution`] reads of a scenario: the scenario with
/// the inputs it does not read put back to their defaults — the explicit
/// offers (the question is about the catalog), the horizon, the usage (a
/// break-even is in hours per month of the provider's billing month; the
/// horizon only moves the crossover month, which the distribution does not
/// show) and the job. Two scenarios with equal inputs have the same
/// distribution (`tests/plan_goldens.rs` checks it over the catalog), so
/// the app's worker computes it again only when these change.
pub fn breakeven_inputs(scenario: &Scenario) -> Scenario {
    let d = Scenario::default();
    Scenario {
        offers: None,
        months: d.months,
        hours_per_month: d.hours_per_month,
        job: None,
        ..scenario.clone()
    }
}

/// Break-even hours per month across every catalog offer the scenario's
/// provider / region / GPU filters match (its explicit offer selection is
/// ignored: the question is about the catalog), for each provider × the
/// commitment models the scenario requests (every commitment model when it
/// requests none). Sourced and assumed rates are kept apart: results priced
/// from the user's assumed discount are only counted (`assumed`), so the
/// distribution is the sources' own. Figures per `breakeven::break_even`
/// (per instance, compute only, rounded to 2 dp before any statistic).
pub fn breakeven_distribution(
    catalog: &Catalog,
    scenario: &Scenario,
) -> Result<BreakEvenDistribution, EngineError> {
    let mut s = scenario.clone();
    s.offers = None;
    let mut models = Vec::new();
    for m in scenario.models() {
        if m.is_commitment() {
            models.push(*m);
        }
    }
    if models.is_empty() {
        for m in BillingModel::ALL {
            if m.is_commitment() {
                models.push(m);
            }
        }
    }
    s.billing_models = models;
    let rep = break_even(catalog, &s)?;
    // (provider, model, sourced (hours, offer) that pay off, never, assumed)
    type Acc<'a> = (
        ProviderId,
        BillingModel,
        Vec<(Decimal, &'a OfferId)>,
        u32,
        u32,
    );
    let mut acc: Vec<Acc> = Vec::new();
    let mut cur = 0;
    for it in &rep.items {
        // items come in catalog order: find the provider with a cursor
        while cur < catalog.offers.len() && catalog.offers[cur].id != it.offer {
            cur += 1;
        }
        let Some(o) = catalog.offers.get(cur) else {
            break;
        };
        let k = match acc
            .iter()
            .position(|a| a.0 == o.provider && a.1 == it.model)
        {
            Some(k) => k,
            None => {
                acc.push((o.provider, it.model, Vec::new(), 0, 0));
                acc.len() - 1
            }
        };
        let a = &mut acc[k];
        if it.assumed {
            a.4 += 1;
        } else {
            match it.breakeven_hours_per_month {
                Some(h) => a.2.push((h, &it.offer)),
                None => a.3 += 1,
            }
        }
    }
    acc.sort_by_key(|a| (a.0, a.1));
    let claim = Decimal::from(ARTICLE_CLAIM_HOURS);
    let mut groups = Vec::with_capacity(acc.len());
    for (provider, model, mut v, never, assumed) in acc {
        v.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
        let n = v.len();
        let median = match n {
            0 => None,
            _ if n % 2 == 1 => Some(v[n / 2].0),
            _ => Some(round_money(div(
                add(v[n / 2 - 1].0, v[n / 2].0)?,
                Decimal::TWO,
            )?)),
        };
        let mut at_or_below = 0;
        for (h, _) in &v {
            if *h <= claim {
                at_or_below += 1;
            }
        }
        groups.push(BreakEvenGroup {
            provider,
            model,
            offers: u32::try_from(n).unwrap_or(u32::MAX).saturating_add(never),
            never_pays_off: never,
            median_hours: median,
            min_hours: v.first().map(|x| x.0),
            min_offer: v.first().map(|x| x.1.clone()),
            max_hours: v.last().map(|x| x.0),
            max_offer: v.last().map(|x| x.1.clone()),
            at_or_below_claim: at_or_below,
            assumed,
        });
    }
    Ok(BreakEvenDistribution {
        article_claim_hours: ARTICLE_CLAIM_HOURS,
        groups,
    })
}
