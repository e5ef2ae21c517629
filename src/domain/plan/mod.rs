//! The plan: money over months for a few offers, what each way of paying
//! costs and when it pays off, the best choice, and what would change it.
//!
//! # Which offers
//!
//! The scenario's explicit `offers` when set (the first [`MAX_PLAN_OFFERS`],
//! in the order given, duplicates removed; the rest are listed in
//! [`Plan::dropped`]); otherwise the [`MAX_PLAN_OFFERS`] matching offers
//! whose best result is cheapest (the [`tco`] ranking: complete results
//! before incomplete ones, then decision cost; ties keep catalog order).
//!
//! # Options
//!
//! One [`PlanOption`] per offer × requested billing model that can be
//! priced. On-demand is the reference every crossing and saving is measured
//! against, so it is always computed; when the scenario does not request it
//! its options are marked `baseline` and never chosen as the cheapest.
//!
//! [`Components`] sum the month lines over the horizon; they add up to the
//! decision cost: `usage + upfront + commitment + data + credits +
//! still_owed + credits_on_owed = decision_cost`, where `credits` is the
//! credit used within the horizon (≤ 0, the month lines' column) and
//! `credits_on_owed` the credit still usable on what is owed after it (≤ 0;
//! see `tco`'s decision rule and `billing::cashflow`).
//!
//! # Crossings
//!
//! For each commitment option with an on-demand option of the same offer:
//! the first month whose cumulative cash is ≤ on-demand's (the chart's
//! break-even marker; None when it never happens within the horizon), and
//! the decision-cost view at the horizon: does the commitment, counting what
//! it still owes, cost less than on-demand?
//!
//! # What would change the answer
//!
//! With the plan's offers and the requested models only (totals-only quotes,
//! [`QuoteOptions`] `lines: false`), the engine moves one input at a time
//! away from the scenario and stops at the first value whose cheapest
//! option (offer and model) differs from the plan's:
//! * horizon: months − 1 down to 1, and months + 1 up to 60;
//! * usage: the grid 10, 20, …, 730 h/month ([`FLIP_HOURS_STEP`],
//!   [`FLIP_HOURS_MAX`]), below the scenario's hours going down and above it
//!   going up.
//!
//! A value whose quote fails is skipped. At most 59 + 73 totals-only quotes
//! of at most 4 offers.
//!
//! # Break-even across the catalog
//!
//! [`breakeven_distribution`] answers "reserve above about 300 h/month" with
//! the catalog's own numbers: see its docs.
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::age::PriceAge;
use crate::domain::billing::assumed::{assumed_rates, AssumedRates};
use crate::domain::billing::data::{DataCharge, MissingRate};
use crate::domain::catalog::{Catalog, Currency, OfferId, ProviderId};
use crate::domain::compare::view::CompareView;
use crate::domain::compare_basis::{bases, Basis, Candidate};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, round_money, sub};
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::tco::{
    best_per_offer, quote_with_assumed, ranked_results, Excluded, ModelQuote, OfferBooks, Quote,
    QuoteOptions,
};

mod catalog_breakeven;
mod flip_search;

pub use catalog_breakeven::{
    breakeven_distribution, breakeven_inputs, BreakEvenDistribution, BreakEvenGroup,
};
pub use flip_search::{FlipSearch, FLIP_HOURS_MAX, FLIP_HOURS_STEP};

/// Most offers a plan shows.
pub const MAX_PLAN_OFFERS: usize = 4;

/// An option's figures summed over the horizon (display currency, 2 dp).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Components {
    pub usage: Decimal,
    pub upfront: Decimal,
    pub commitment: Decimal,
    /// What is priced of the data charges: a lower bound when the option
    /// misses a rate (`PlanOption::missing`; shown as unknown).
    pub data: Decimal,
    /// Credit used within the horizon (≤ 0).
    pub credits: Decimal,
    /// Commitment charges due after the horizon (before credits).
    pub still_owed: Decimal,
    /// Credit left after the horizon that still pays what is owed (≤ 0).
    pub credits_on_owed: Decimal,
}

impl Components {
    /// The sum of every component: the decision cost.
    pub fn sum(&self) -> Result<Decimal, EngineError> {
        let mut s = self.usage;
        for v in [
            self.upfront,
            self.commitment,
            self.data,
            self.credits,
            self.still_owed,
            self.credits_on_owed,
        ] {
            s = add(s, v)?;
        }
        Ok(s)
    }
}

/// One offer × billing model over the horizon.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanOption {
    pub offer: OfferId,
    pub model: BillingModel,
    /// On-demand computed only as the reference (not requested): never the
    /// cheapest.
    pub baseline: bool,
    /// Cash paid by the end of month 1, 2, …, months.
    pub cumulative: Vec<Decimal>,
    /// Paid within the horizon (the last cumulative value).
    pub paid: Decimal,
    /// Upfront paid within the horizon.
    pub upfront_total: Decimal,
    /// Commitment charges due after the horizon (before credits).
    pub still_owed: Decimal,
    /// Paid + still owed − credit usable on what is owed (the ranking figure).
    pub decision_cost: Decimal,
    /// False when a rate the result needs is missing (figures exclude it).
    pub complete: bool,
    /// Priced from the user's assumed discount.
    pub assumed: bool,
    /// A reservation's all-upfront price paid monthly by the provider's
    /// rule, not a sourced price ([`ModelQuote::monthly_from_upfront`]).
    pub monthly_from_upfront: bool,
    /// At the user's negotiated price ([`ModelQuote::negotiated`]).
    pub negotiated: bool,
    /// A Capacity Block's length in days (each block, when one is bought
    /// each month).
    pub block_days: Option<u32>,
    /// Billed at a stepped on-demand price (its months cost less as the
    /// hours add up, [`ModelNotice::SteppedPrice`](crate::domain::tco::ModelNotice::SteppedPrice)).
    pub stepped: bool,
    /// Uses an indicative price.
    pub indicative: bool,
    /// The charge kinds it lacks (`complete` false: its figures are a lower bound).
    pub missing: Vec<crate::domain::catalog::UsageKind>,
    /// False for a partial-upfront reservation whose split the source does
    /// not publish: `cumulative`, `paid` and the crossing month are then the
    /// term spread evenly, not the real timing (the decision cost is right).
    pub cash_timing_known: bool,
    /// The age of the prices it rests on.
    pub age: Option<PriceAge>,
    pub components: Components,
}

/// Where a commitment meets on-demand for the same offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Crossing {
    pub offer: OfferId,
    pub model: BillingModel,
    /// First month (1-based) whose cumulative cash is ≤ on-demand's; None
    /// when it never is within the horizon, or when it cannot be known
    /// (`month_known` false: the commitment's cash timing is unknown).
    pub month: Option<u32>,
    pub month_known: bool,
    /// On-demand's decision cost for the same offer.
    pub on_demand_decision_cost: Decimal,
    /// On-demand's decision cost − the commitment's (positive = the
    /// commitment, counting what it still owes, is cheaper at the horizon).
    pub decision_saving: Decimal,
    /// `decision_saving > 0`.
    pub beats_on_demand: bool,
}

/// A chosen option in short.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Best {
    pub offer: OfferId,
    pub model: BillingModel,
    pub decision_cost: Decimal,
    /// Paid within the horizon.
    pub paid: Decimal,
    /// Upfront cash needed within the horizon.
    pub upfront: Decimal,
    /// Owed after the horizon (before credits).
    pub still_owed: Decimal,
    pub complete: bool,
    /// What it lacks (its figures are then a lower bound).
    pub missing: Vec<crate::domain::catalog::UsageKind>,
    /// The rates it lacks, each with its bound and where that was taken.
    pub missing_rates: Vec<crate::domain::tco::MissingRate>,
    /// The most the missing charges add to `decision_cost` (0 when
    /// complete; None: unbounded, no published rate of a kind).
    pub bound: Option<Decimal>,
    /// What it was ranked on: `priced` plus the bounds (`upper`).
    pub basis: Basis,
    pub cash_timing_known: bool,
    pub age: Option<PriceAge>,
}

/// The input value at which another option becomes the cheapest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Flip {
    /// Months (horizon flips) or hours per month (usage flips).
    pub at: Decimal,
    /// The cheapest option there.
    pub best: Best,
}

/// The nearest inputs that change the answer (None: nothing in the searched
/// range does; see the module docs).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct WhatChanges {
    /// The longest shorter horizon with another cheapest option.
    pub months_shorter: Option<Flip>,
    /// The shortest longer horizon (≤ 60) with another cheapest option.
    pub months_longer: Option<Flip>,
    /// The highest grid usage below the scenario's with another cheapest option.
    pub hours_lower: Option<Flip>,
    /// The lowest grid usage above the scenario's with another cheapest option.
    pub hours_higher: Option<Flip>,
}

/// The plan's answer in numbers (the UI writes the sentences).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Summary {
    /// Lowest decision cost among requested options (complete first).
    pub cheapest: Option<Best>,
    /// On-demand's decision cost for the cheapest option's offer.
    pub on_demand_decision_cost: Option<Decimal>,
    /// On-demand − cheapest, decision cost (0 when on-demand is cheapest).
    pub saving_vs_on_demand: Option<Decimal>,
    /// The same as a percentage of on-demand, 2 dp.
    pub saving_vs_on_demand_pct: Option<Decimal>,
    /// The cheapest option's crossing month, when it is a commitment (None
    /// also when its cash timing is unknown).
    pub breakeven_month: Option<u32>,
    /// Options resting on prices over 12 months old, and the oldest age.
    pub stale_options: usize,
    pub oldest: Option<PriceAge>,
    /// P(a spot job finishes by its deadline), when spot settings, a job
    /// length and a deadline are given (see `spot::job_outcome`).
    pub spot_completion_probability: Option<f64>,
    pub what_changes: WhatChanges,
}

/// What an offer bills a month besides its compute, line by line: each
/// data charge with its quantity, rate and source, and the charges the
/// catalog has no rate for (the result a lower bound).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bill {
    pub offer: OfferId,
    pub provider: ProviderId,
    pub instances: u32,
    pub lines: Vec<DataCharge>,
    pub missing: Vec<MissingRate>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub currency: Currency,
    pub months: u32,
    pub hours_per_month: Decimal,
    /// The offers planned, in order.
    pub offers: Vec<OfferId>,
    /// True when the offers were chosen as the cheapest (no explicit offers).
    pub auto_selected: bool,
    /// Explicit offers beyond [`MAX_PLAN_OFFERS`], left out.
    pub dropped: Vec<OfferId>,
    /// Offers that cannot be quoted for this need (see `tco::Excluded`).
    pub excluded: Vec<Excluded>,
    pub options: Vec<PlanOption>,
    pub crossings: Vec<Crossing>,
    pub summary: Summary,
    /// Each planned offer's month besides compute, in the offers' order.
    pub bills: Vec<Bill>,
}

/// Each option of a plan priced on `date`'s prices beside its decision
/// cost today ([`crate::domain::tco::then`]): a link shared with an older
/// dataset. The same scenario, quoting the plan's offers and models only,
/// on the past prices only (today's are the plan's own); None when the
/// date cannot be read.
pub fn then_and_now(
    catalog: &Catalog,
    s: &Scenario,
    plan: &Plan,
    date: &str,
) -> Result<Option<crate::domain::tco::then::ThenNow>, EngineError> {
    let mut q = s.clone();
    q.set_narrow(None);
    q.offers = Some(plan.offers.clone());
    q.billing_models = Vec::new();
    for o in &plan.options {
        if !q.billing_models.contains(&o.model) {
            q.billing_models.push(o.model);
        }
    }
    let today = plan
        .options
        .iter()
        .map(|o| (&o.offer, o.model, Some(o.decision_cost)));
    crate::domain::tco::then::then_beside(catalog, &q, date, today)
}

/// The scenario the plan engine gets: the shared one, with the offers
/// picked (the compare selection) when there are any, else the compare
/// screen's own filters (search, interconnect, max price), so that the
/// cheapest offers "for these filters" are among those the compare table
/// shows.
pub fn plan_scenario(s: &Scenario, view: &CompareView) -> Scenario {
    let mut out = with_selection(s, &view.selected);
    if view.selected.is_empty() {
        out.set_narrow(view.narrow());
    }
    out
}

/// The scenario with the offers picked (the compare selection) when there
/// are any.
pub fn with_selection(s: &Scenario, selected: &[OfferId]) -> Scenario {
    let mut out = s.clone();
    if !selected.is_empty() {
        out.offers = Some(selected.to_vec());
    }
    out
}

/// The figure columns of an option, in the order the options table and the
/// exports show them ([`PlanOption::figures`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    Usage,
    Upfront,
    Commitment,
    Data,
    Credits,
    Paid,
    Owed,
    Decision,
}

impl Figure {
    pub const ALL: [Figure; 8] = [
        Figure::Usage,
        Figure::Upfront,
        Figure::Commitment,
        Figure::Data,
        Figure::Credits,
        Figure::Paid,
        Figure::Owed,
        Figure::Decision,
    ];
}

impl PlanOption {
    /// One figure: what is paid within the horizon (its parts, credits used
    /// there ≤ 0, and their sum), what stays owed after it, and the decision
    /// cost (paid + owed − credit usable on what is owed).
    pub fn figure(&self, f: Figure) -> Decimal {
        let c = &self.components;
        match f {
            Figure::Usage => c.usage,
            Figure::Upfront => c.upfront,
            Figure::Commitment => c.commitment,
            Figure::Data => c.data,
            Figure::Credits => c.credits,
            Figure::Paid => self.paid,
            Figure::Owed => self.still_owed,
            Figure::Decision => self.decision_cost,
        }
    }

    /// Every figure in [`Figure::ALL`] order.
    pub fn figures(&self) -> [Decimal; 8] {
        Figure::ALL.map(|f| self.figure(f))
    }
}

/// An option's break-even against on-demand, as the options table and the
/// plan's export both say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakEven {
    /// Not a commitment (on-demand, spot, a mix): nothing to break even.
    NotCommitment,
    /// The first month whose cumulative cash is ≤ on-demand's.
    Month(u32),
    /// Known never to within the horizon.
    Never,
    /// Cannot be known (the commitment's cash timing is not sourced);
    /// `cheaper`: its decision cost still beats on-demand's at the horizon.
    Unknown { cheaper: bool },
}

impl Plan {
    /// The break-even of an option (see [`BreakEven`]).
    pub fn break_even(&self, o: &PlanOption) -> BreakEven {
        match self
            .crossings
            .iter()
            .find(|x| x.offer == o.offer && x.model == o.model)
        {
            None => BreakEven::NotCommitment,
            Some(x) => match (x.month, x.month_known) {
                (Some(m), _) => BreakEven::Month(m),
                (None, true) => BreakEven::Never,
                (None, false) => BreakEven::Unknown {
                    cheaper: x.beats_on_demand,
                },
            },
        }
    }
}

/// The plan for the scenario (see the module docs), with what would
/// change its answer (the flip search).
pub fn plan(catalog: &Catalog, scenario: &Scenario) -> Result<Plan, EngineError> {
    let mut p = plan_without_flips(catalog, scenario)?;
    if let Some(search) = FlipSearch::new(catalog, scenario, &p) {
        p.summary.what_changes = search.run(catalog);
    }
    Ok(p)
}

/// The plan without what would change its answer ([`Summary::what_changes`]
/// is empty): the app's worker runs the [`FlipSearch`] on its own, off the
/// path of a keystroke.
pub fn plan_without_flips(catalog: &Catalog, scenario: &Scenario) -> Result<Plan, EngineError> {
    plan_kept(catalog, scenario, &mut None)
}

/// [`plan_without_flips`], with what an earlier plan left of its offers
/// ([`OfferBooks`]: used when it was made for the same inputs but the hours
/// per month and months, else made again, and left for the next): the
/// plan worker's way from one keystroke to the next. The same plan either way.
pub fn plan_kept<'a>(
    catalog: &'a Catalog,
    scenario: &Scenario,
    kept: &mut Option<OfferBooks<'a>>,
) -> Result<Plan, EngineError> {
    let requested = scenario.models();
    // depends on the catalog and the assumed discount only: once per plan
    let assumed = assumed_rates(catalog, scenario);
    let (ids, dropped, auto_selected) = plan_offers(catalog, scenario, &assumed, kept)?;
    // the plan's scenario: its offers, and on-demand as the reference
    let mut s = scenario.clone();
    s.offers = Some(ids.clone());
    let od_requested = requested.contains(&BillingModel::OnDemand);
    if !od_requested {
        s.billing_models.push(BillingModel::OnDemand);
    }
    let q = quote_with_assumed(catalog, &s, QuoteOptions::default(), assumed.clone())?;
    let mut options = Vec::new();
    let mut bills = Vec::new();
    for id in &ids {
        let Some(oq) = q.offers.iter().find(|o| o.offer == *id) else {
            continue;
        };
        bills.push(Bill {
            offer: id.clone(),
            provider: oq.provider,
            instances: oq.instances,
            lines: oq.data_charges.clone(),
            // the same for every priced billing model of an offer (one
            // that could not be priced lists none)
            missing: oq
                .models
                .iter()
                .find(|m| m.unavailable.is_none())
                .map(|m| m.missing.clone())
                .unwrap_or_default(),
        });
        for m in &oq.models {
            if let Some(o) = option(id, m, !od_requested)? {
                options.push(o);
            }
        }
    }
    let crossings = crossings(&options)?;
    let best = best_of(&q, &ids, requested);
    let mut summary = Summary {
        spot_completion_probability: spot_odds(&q, &s, best.as_ref()),
        ..Summary::default()
    };
    if let Some(b) = &best {
        let od = options
            .iter()
            .find(|o| o.offer == b.offer && o.model == BillingModel::OnDemand);
        if let Some(od) = od {
            let saving = sub(od.decision_cost, b.decision_cost)?;
            summary.on_demand_decision_cost = Some(od.decision_cost);
            summary.saving_vs_on_demand = Some(saving);
            if od.decision_cost > Decimal::ZERO {
                summary.saving_vs_on_demand_pct = Some(round_money(div(
                    mul(saving, Decimal::ONE_HUNDRED)?,
                    od.decision_cost,
                )?));
            }
        }
        summary.breakeven_month = crossings
            .iter()
            .find(|c| c.offer == b.offer && c.model == b.model)
            .and_then(|c| c.month);
        summary.stale_options = options
            .iter()
            .filter(|o| o.age.as_ref().is_some_and(|a| a.stale))
            .count();
        summary.oldest = options
            .iter()
            .fold(None, |acc, o| PriceAge::older(acc, o.age.clone()));
    }
    summary.cheapest = best;
    Ok(Plan {
        currency: q.currency,
        months: q.months,
        hours_per_month: q.hours_per_month,
        offers: ids,
        auto_selected,
        dropped,
        excluded: q.excluded,
        options,
        crossings,
        summary,
        bills,
    })
}

/// (offers, dropped, auto-selected): see the module docs.
fn plan_offers<'a>(
    catalog: &'a Catalog,
    scenario: &Scenario,
    assumed: &Option<Vec<AssumedRates>>,
    kept: &mut Option<OfferBooks<'a>>,
) -> Result<(Vec<OfferId>, Vec<OfferId>, bool), EngineError> {
    if let Some(given) = &scenario.offers {
        let mut ids: Vec<OfferId> = Vec::new();
        let mut dropped = Vec::new();
        for id in given {
            if ids.contains(id) || dropped.contains(id) {
                continue;
            }
            if ids.len() < MAX_PLAN_OFFERS {
                ids.push(id.clone());
            } else {
                dropped.push(id.clone());
            }
        }
        return Ok((ids, dropped, false));
    }
    // each offer by its best result: what it prices plus the bounds of
    // what it does not (compare_basis). Every priced result of an offer
    // misses the same rates, so their bounds are the same and its best
    // result is its lowest decision cost: only that is computed for each
    // offer (best_per_offer), not the whole result
    let best = best_per_offer(catalog, scenario, assumed.as_deref(), kept)?;
    // the compare screen's own filters, when the scenario carries them
    let narrow = |b: &crate::domain::tco::OfferBest| {
        scenario
            .narrow()
            .is_none_or(|n| n.keeps(catalog, scenario, b.offer))
    };
    let priced: Vec<(usize, Decimal)> = best
        .iter()
        .enumerate()
        .filter(|(_, b)| narrow(b))
        .filter_map(|(o, b)| Some((o, b.decision?)))
        .collect();
    let items: Vec<Candidate> = priced
        .iter()
        .map(|&(o, d)| Candidate {
            missing: best[o].missing,
            decision: d,
            months: scenario.months,
        })
        .collect();
    let mut ranked: Vec<(Basis, usize)> = bases(&items)
        .into_iter()
        .zip(&priced)
        .map(|(b, &(o, _))| (b, o))
        .collect();
    // ties keep catalog order (the place decides, so the order is total);
    // only the first few are needed in order: they are selected first
    // (linear in the offers) and only they are sorted
    let order = |a: &(Basis, usize), b: &(Basis, usize)| a.0.cmp(&b.0).then(a.1.cmp(&b.1));
    if ranked.len() > MAX_PLAN_OFFERS {
        ranked.select_nth_unstable_by(MAX_PLAN_OFFERS - 1, order);
        ranked.truncate(MAX_PLAN_OFFERS);
    }
    ranked.sort_by(order);
    let mut ids = Vec::with_capacity(MAX_PLAN_OFFERS);
    for (_, i) in ranked.iter().take(MAX_PLAN_OFFERS) {
        ids.push(best[*i].offer.id.clone());
    }
    Ok((ids, Vec::new(), true))
}

/// The option of a priced result (None when the model is unavailable).
fn option(
    offer: &OfferId,
    m: &ModelQuote,
    od_is_baseline: bool,
) -> Result<Option<PlanOption>, EngineError> {
    let (Some(paid), Some(decision)) = (m.total, m.decision_cost) else {
        return Ok(None);
    };
    let (paid, decision) = (paid.amount(), decision.amount());
    let lines = m.lines();
    let zero = Decimal::new(0, 2);
    let mut c = Components {
        usage: zero,
        upfront: zero,
        commitment: zero,
        data: zero,
        credits: zero,
        still_owed: m.still_owed,
        credits_on_owed: zero,
    };
    let mut cumulative = Vec::with_capacity(lines.len());
    for l in &lines {
        c.usage = add(c.usage, l.usage)?;
        c.upfront = add(c.upfront, l.upfront)?;
        c.commitment = add(c.commitment, l.commitment)?;
        // what is priced of it (the line says unknown when a rate is missing)
        c.data = add(c.data, m.flow.map_or(zero, |f| f.data_priced()))?;
        c.credits = add(c.credits, l.credits)?;
        cumulative.push(l.cumulative);
    }
    c.credits_on_owed = sub(sub(decision, paid)?, m.still_owed)?;
    Ok(Some(PlanOption {
        offer: offer.clone(),
        model: m.model,
        baseline: od_is_baseline && m.model == BillingModel::OnDemand,
        cumulative,
        paid,
        upfront_total: m.upfront_total,
        still_owed: m.still_owed,
        decision_cost: decision,
        complete: m.complete(),
        assumed: m.assumed,
        monthly_from_upfront: m.monthly_from_upfront,
        negotiated: m.negotiated,
        block_days: m.notices.iter().find_map(|n| match n {
            crate::domain::tco::ModelNotice::CapacityBlockDays { days } => Some(*days),
            _ => None,
        }),
        stepped: m
            .notices
            .contains(&crate::domain::tco::ModelNotice::SteppedPrice),
        indicative: m.indicative,
        missing: m.missing_kinds(),
        cash_timing_known: m.cash_timing_known,
        age: m.age.clone(),
        components: c,
    }))
}

/// Each commitment option against the same offer's on-demand option.
fn crossings(options: &[PlanOption]) -> Result<Vec<Crossing>, EngineError> {
    let mut out = Vec::new();
    for c in options {
        if !c.model.is_commitment() {
            continue;
        }
        let Some(od) = options
            .iter()
            .find(|o| o.offer == c.offer && o.model == BillingModel::OnDemand)
        else {
            continue;
        };
        let mut month = None;
        if c.cash_timing_known {
            for (i, (a, b)) in c.cumulative.iter().zip(&od.cumulative).enumerate() {
                if a <= b {
                    month = u32::try_from(i + 1).ok();
                    break;
                }
            }
        }
        let decision_saving = sub(od.decision_cost, c.decision_cost)?;
        out.push(Crossing {
            offer: c.offer.clone(),
            model: c.model,
            month,
            month_known: c.cash_timing_known,
            on_demand_decision_cost: od.decision_cost,
            decision_saving,
            beats_on_demand: decision_saving > Decimal::ZERO,
        });
    }
    Ok(out)
}

/// The odds a spot job meets its deadline: at the best's own interruption
/// rate when the best runs on spot with one (a published rate or a Spot
/// Advisor band), else at the scenario's.
fn spot_odds(q: &Quote, s: &Scenario, best: Option<&Best>) -> Option<f64> {
    use crate::domain::scenario::{InterruptionRate, SpotSettings};
    use crate::domain::spot;
    let own = best.and_then(|b| {
        let o = q.offers.iter().find(|o| o.offer == b.offer)?;
        let m = o.models.iter().find(|m| m.model == b.model)?;
        m.notices.own_spot_rate()
    });
    let outcome = match own {
        Some((pct, _)) => {
            let settings = SpotSettings {
                interruption: InterruptionRate::MonthlyPct(pct),
                ..s.spot.clone()
            };
            spot::params(&settings).map(|p| spot::outcome(&p, &settings, s.hours_per_month))
        }
        None => q.spot.clone(),
    };
    outcome
        .and_then(|sp| sp.job)
        .map(|j| j.completion_probability)
}

/// The cheapest requested result of a quote over `ids`, in their order
/// (by its basis, `compare_basis`; the first of equals).
fn best_of(q: &Quote, ids: &[OfferId], requested: &[BillingModel]) -> Option<Best> {
    let mut best: Option<(usize, usize, Basis)> = None;
    let order = |o: usize| ids.iter().position(|id| *id == q.offers[o].offer);
    for (o, k, basis) in ranked_results(&q.offers, q.months) {
        if order(o).is_none() || !requested.contains(&q.offers[o].models[k].model) {
            continue;
        }
        let better = best
            .as_ref()
            .is_none_or(|b| (&basis, order(o), k) < (&b.2, order(b.0), b.1));
        if better {
            best = Some((o, k, basis));
        }
    }
    let (o, k, basis) = best?;
    let (id, m) = (&q.offers[o].offer, &q.offers[o].models[k]);
    Some(Best {
        offer: id.clone(),
        model: m.model,
        decision_cost: m.decision_cost?.amount(),
        paid: m.total?.amount(),
        upfront: m.upfront_total,
        still_owed: m.still_owed,
        complete: m.complete(),
        missing: m.missing_kinds(),
        missing_rates: m.missing.clone(),
        bound: basis.bound(),
        basis,
        cash_timing_known: m.cash_timing_known,
        age: m.age.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The offers picked for a plan are the first of every matching offer
    /// sorted by its best result, ties in catalog order: on a catalog of
    /// copies (each offer ties with its copies) at a few usages.
    #[test]
    fn the_offers_picked_are_the_first_of_all_sorted_ties_in_catalog_order() {
        let c = crate::domain::synthetic::scaled(crate::domain::embedded::test_catalog(), 3);
        // at a few usages, and where some results miss charge kinds (the
        // group rule) and some offers have no priced result
        let links = [
            "v=2&h=5",
            "v=2&h=200",
            "v=2&h=730",
            "v=2&eg=800&st=100&bw=50&m=13",
            "v=2&eg=500&xr=250&p=tencent,alibaba&cur=CNY&m=7",
            "v=2&bm=ri1n,ri3a&fmd=20&cr=3000usd&m=30",
            "v=2&gpus=16&vram=640&si=gt20&mix=70&bm=spot,mix",
        ];
        for link in links {
            let (s, _) = crate::domain::link::parse_scenario(link, &c);
            let assumed = assumed_rates(&c, &s);
            let (ids, _, auto) = plan_offers(&c, &s, &assumed, &mut None).unwrap();
            assert!(auto);
            // all of them, each by its best result, sorted (stable)
            let q = quote_with_assumed(&c, &s, QuoteOptions::TOTALS, assumed).unwrap();
            let mut best: Vec<Option<crate::domain::compare_basis::Basis>> =
                vec![None; q.offers.len()];
            for (o, _, basis) in ranked_results(&q.offers, q.months) {
                if best[o].as_ref().is_none_or(|b| basis < *b) {
                    best[o] = Some(basis);
                }
            }
            let mut all: Vec<_> = best
                .into_iter()
                .enumerate()
                .filter_map(|(o, b)| Some((b?, o)))
                .collect();
            all.sort_by(|a, b| a.0.cmp(&b.0));
            let want: Vec<OfferId> = all
                .iter()
                .take(MAX_PLAN_OFFERS)
                .map(|(_, o)| q.offers[*o].offer.clone())
                .collect();
            assert_eq!(ids, want, "{link}");
            // four are picked (the catalog has more)
            assert_eq!(ids.len(), MAX_PLAN_OFFERS, "{link}");
        }
    }

    /// With the compare screen's search, interconnect or max price set,
    /// the cheapest offers planned are among the rows the compare table
    /// shows for the same link (they were T4 and Inferentia boxes for a
    /// search "A100"), and as many as it shows up to four.
    /// A link's scenario and compare view.
    fn scenario_and_view(link: &str, c: &Catalog) -> (Scenario, CompareView) {
        use crate::domain::link::{finish_scenario, read, read_key, SCENARIO_KEYS};
        let (mut s, mut v) = (Scenario::default(), CompareView::default());
        let mut r = read(link, c, |r, k, raw| {
            read_key(SCENARIO_KEYS, &mut s, r, k, raw)
                || read_key(
                    crate::domain::compare::view::COMPARE_KEYS,
                    &mut v,
                    r,
                    k,
                    raw,
                )
        });
        finish_scenario(&mut s, &mut r);
        assert!(r.into_notices().is_empty(), "{link}");
        (s, v)
    }

    #[test]
    fn the_cheapest_offers_are_picked_among_the_compare_tables_rows() {
        use crate::domain::compare::{price_all, rows::passes};
        let c = crate::domain::embedded::test_catalog();
        let links = [
            "v=2&q=A100",
            "v=2&q=a100%2080&p=azure,aws",
            "v=2&fab=nvlink&h=200",
            "v=2&fab=rdma,nvlink&p=aws,azure",
            "v=2&maxp=5&m=36",
            "v=2&maxp=30&cur=CNY&q=tencent",
            "v=2&q=h100&maxp=1",
            "v=2&q=no-such-offer",
        ];
        for link in links {
            let (scenario, view) = scenario_and_view(link, c);
            let s = plan_scenario(&scenario, &view);
            assert!(s.narrow().is_some(), "{link}");
            let shown: Vec<OfferId> = price_all(c, &crate::domain::compare::pricing_inputs(&s))
                .iter()
                .filter(|p| passes(c, &scenario, &view, p))
                .map(|p| p.offer.id.clone())
                .collect();
            let p = plan(c, &s).unwrap();
            assert!(p.auto_selected, "{link}");
            for id in &p.offers {
                assert!(shown.contains(id), "{link}: {id} is not a compare row");
            }
            let priced = shown
                .iter()
                .filter(|id| p.excluded.iter().all(|e| e.offer != **id))
                .count();
            assert_eq!(p.offers.len(), priced.min(MAX_PLAN_OFFERS), "{link}");
        }
        // the search that planned T4 boxes plans A100s only
        let (scenario, view) = scenario_and_view("v=2&q=A100", c);
        let p = plan(c, &plan_scenario(&scenario, &view)).unwrap();
        assert!(p
            .offers
            .iter()
            .all(|id| c.offer(id).unwrap().gpu.as_str().starts_with("a100")));
        // a selection is planned as it is: the filters pick nothing then
        let mut view = view.clone();
        view.selected = vec![c.offers[0].id.clone()];
        let s = plan_scenario(&scenario, &view);
        assert_eq!(s.narrow(), None);
        assert_eq!(s.offers, Some(view.selected.clone()));
    }
}
