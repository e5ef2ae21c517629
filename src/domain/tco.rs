//! The top-level [`quote`]: every matching offer × every requested billing
//! model, and what each result says.
//!
//! # What a result says (the decision rule)
//!
//! Every model result carries three figures:
//! * **paid within the horizon** (`total`): the cash paid in months 1..=m;
//! * **still owed after it** (`still_owed`): commitment charges of a term
//!   that started within the horizon but ends after it (a 3-year
//!   reservation bought for a 1-month need still owes 35 months);
//! * **decision cost** (`decision_cost`) = paid within the horizon + still
//!   owed − credit still usable on what is owed. This is what `cheapest`,
//!   `saving_vs_on_demand_pct`, the compare panel's best cells and the
//!   best-commitment column rank by, so one contract ranks the same whether
//!   it is paid upfront or monthly.
//!
//! A result that needs a rate the catalog lacks (e.g. egress in a region with
//! no sourced rate, and none entered with `ur=`) lists it in `missing`; it is
//! *incomplete*: its figures exclude that charge and it ranks after every
//! complete result.
//!
//! # How a result is computed
//!
//! For each offer: its prices are resolved into the display currency once
//! (the price book, [`crate::domain::billing`]); the data charges are
//! computed once ([`crate::domain::billing::data`]); then for each billing
//! model its family gives the month shape (`billing::shape`)
//! and the cash flow turns it into month lines and totals
//! ([`crate::domain::billing::cashflow`]). How each model is billed is
//! documented by its family: [`crate::domain::billing::on_demand`],
//! [`crate::domain::billing::commitment`], [`crate::domain::billing::spot`].

use std::sync::Arc;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::age::{reference_date, PriceAge};
use crate::domain::billing::assumed::{assumed_rates, AssumedRates};
use crate::domain::billing::cashflow::{cents, from_cents, serialize_lines, Settled};
use crate::domain::billing::{self, data, Book, PriceRef, Reason, Scene, Shape};
use crate::domain::catalog::{
    as_of_days, Catalog, Currency, Offer, OfferId, ProviderId, UsageKind,
};
use crate::domain::compare_basis::{bases, comparable, Basis, Candidate};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, round_money, round_rate, sub, Money};
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{BillingModel, Scenario, ScenarioError, ScenarioWarning};
use crate::domain::spot::{self, SpotOutcome, SpotParams};

pub use crate::domain::billing::cashflow::{CashFlow, MonthLine};
pub use crate::domain::billing::data::{tiered, DataCharge, MissingRate, QuoteNotice};
pub use crate::domain::billing::{Few, ModelNotice};

/// One billing model of one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ModelQuote {
    pub model: BillingModel,
    /// Set when the model can't be priced; then the totals are None and `lines` empty.
    pub unavailable: Option<Reason>,
    /// Paid within the horizon (the last cumulative line).
    pub total: Option<Money>,
    pub upfront_total: Decimal,
    /// Commitment charges due after the horizon for terms started within it
    /// (not in `total`; before credits).
    pub still_owed: Decimal,
    /// `total` + `still_owed` − credit still usable on what is owed: the
    /// figure results are ranked by (see the module docs).
    pub decision_cost: Option<Money>,
    /// Rates the result needs but nobody has: it is incomplete.
    pub missing: Vec<MissingRate>,
    /// The figures are a lower bound (a charge in `missing` is not in them).
    pub lower_bound: bool,
    /// False when the month-by-month cash is unknown: a partial-upfront
    /// reservation whose upfront/monthly split the source does not publish
    /// (`split_unknown`). The lines then spread the term evenly (upfront 0);
    /// the decision cost (the term total) is right, the months are not.
    pub cash_timing_known: bool,
    /// False when `total` (paid within the horizon) and `still_owed` depend
    /// on that unknown split (the horizon ends inside a term); their sum is
    /// still right.
    pub paid_known: bool,
    /// Month 1's cash (None when unavailable or when the timing is unknown).
    pub month1_cash: Option<Decimal>,
    /// The age of the prices the result rests on (None: user prices only).
    pub age: Option<PriceAge>,
    /// Effective per-instance hourly of the model (6 dp).
    pub effective_hourly: Option<Decimal>,
    /// Decision-cost saving vs on-demand for the same offer, percent
    /// (positive = cheaper), 2 dp.
    pub saving_vs_on_demand_pct: Option<Decimal>,
    /// Computed from the user's assumed discount.
    pub assumed: bool,
    pub indicative: bool,
    pub user_price: bool,
    /// Remarks on this result (the data notices are the offer's).
    pub notices: Few<ModelNotice, 3>,
    pub sources: Few<PriceRef, 2>,
    /// The month lines, generated on demand (`lines()`; `lines` in JSON);
    /// None for totals-only quotes and unavailable models.
    #[serde(rename = "lines", serialize_with = "serialize_lines")]
    pub flow: Option<CashFlow>,
}

impl ModelQuote {
    /// The month-by-month lines (empty when unavailable or totals-only).
    pub fn lines(&self) -> Vec<MonthLine> {
        self.flow.map(|f| f.lines()).unwrap_or_default()
    }

    /// The highest month total of [`lines`](Self::lines) and month 1's
    /// upfront, without making the lines (zeros with no cash flow).
    pub fn peak_and_first_upfront(&self) -> (Decimal, Decimal) {
        self.flow.map_or((Decimal::ZERO, Decimal::ZERO), |f| {
            f.peak_and_first_upfront()
        })
    }

    /// True when every charge the result needs has a rate.
    pub fn complete(&self) -> bool {
        self.missing.is_empty()
    }

    /// The charge kinds the result misses.
    pub fn missing_kinds(&self) -> Vec<UsageKind> {
        self.missing.iter().map(|m| m.kind).collect()
    }

    /// The ranking key: complete before incomplete, then decision cost.
    /// None when the model is unavailable.
    pub fn rank_key(&self) -> Option<(bool, Decimal)> {
        self.decision_cost.map(|d| (!self.complete(), d.amount()))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferQuote {
    /// `provider:region:instance_type`; the specs are the catalog's
    /// (`gpucost catalog --offer <id>`), not copied into every quote.
    pub offer: OfferId,
    pub provider: ProviderId,
    pub gpus_per_instance: u32,
    pub instances: u32,
    /// Data cost per month (rounded), same for every model; excludes `missing`.
    pub data_monthly: Decimal,
    /// Remarks on the data charges (rate fallbacks, user rates, bandwidth mode).
    pub notices: Vec<QuoteNotice>,
    /// The data charges per kind per month (rounded; priced kinds only).
    pub data_charges: Vec<DataCharge>,
    pub models: Vec<ModelQuote>,
}

/// The best result of a quote: lowest decision cost among complete
/// results; when none is complete, the results missing the fewest charge
/// kinds, compared on what all of them price (`crate::domain::compare_basis`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cheapest {
    pub offer: OfferId,
    pub model: BillingModel,
    pub decision_cost: Money,
    /// Paid within the horizon.
    pub total: Money,
    pub complete: bool,
    /// What it lacks (the decision cost is then a lower bound).
    pub missing: Vec<MissingRate>,
    /// The figure it was ranked by: the decision cost without the charge
    /// kinds in `compared_without` (equal to it for a complete result).
    pub comparable_cost: Decimal,
    /// Charge kinds left out of the comparison because some result of its
    /// group misses them.
    pub compared_without: Vec<UsageKind>,
    pub age: Option<PriceAge>,
}

/// Why a matching offer was left out of a quote. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExcludedReason {
    /// A VRAM need is set and the offer's GPU memory is not known: unknown
    /// memory never counts as enough.
    GpuMemoryUnknown,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Excluded {
    pub offer: OfferId,
    pub reason: ExcludedReason,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quote {
    pub currency: Currency,
    pub fx_cny_per_usd: Decimal,
    pub months: u32,
    pub hours_per_month: Decimal,
    pub catalog_version: String,
    /// Spot behaviour (None when the scenario's spot settings give no progress).
    pub spot: Option<SpotOutcome>,
    /// The assumed commitment discounts in force (None when none assumed).
    pub assumed_rates: Option<Vec<AssumedRates>>,
    pub offers: Vec<OfferQuote>,
    /// Offers the filters match that cannot be quoted for this need.
    pub excluded: Vec<Excluded>,
    /// Lowest decision cost over all offers and models (see [`Cheapest`]).
    pub cheapest: Option<Cheapest>,
    /// Inputs that make figures zero or free (a student price of 0, a 100 %
    /// assumed discount, a 100 % first-month discount): said, not silent.
    pub warnings: Vec<ScenarioWarning>,
}

/// What [`quote_with`] computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteOptions {
    /// Include the month-by-month lines (false: totals and flags only, for
    /// compare tables over many offers; totals are identical).
    pub lines: bool,
}

impl Default for QuoteOptions {
    fn default() -> Self {
        QuoteOptions { lines: true }
    }
}

/// Does the offer match the scenario's filters?
pub fn matches(catalog: &Catalog, scenario: &Scenario, offer: &Offer) -> bool {
    if let Some(ids) = &scenario.offers {
        return ids.contains(&offer.id);
    }
    if !scenario.gpu_models.is_empty() && !scenario.gpu_models.contains(&offer.gpu) {
        return false;
    }
    if !scenario.providers.is_empty() && !scenario.providers.contains(&offer.provider) {
        return false;
    }
    if !scenario.regions.is_empty()
        && !scenario
            .regions
            .iter()
            .any(|r| r.provider == offer.provider && r.code == offer.region)
    {
        return false;
    }
    if !scenario.region_groups.is_empty() {
        match catalog.region(offer.provider, &offer.region) {
            Some(r) if scenario.region_groups.contains(&r.group) => {}
            _ => return false,
        }
    }
    true
}

/// 0.00, as [`round_money`] reports a zero.
const ZERO_CENTS: Decimal = Decimal::from_parts(0, 0, 0, false, 2);

/// A result that can't be priced.
fn unavailable(model: BillingModel, r: Reason) -> ModelQuote {
    ModelQuote {
        model,
        unavailable: Some(r),
        total: None,
        upfront_total: ZERO_CENTS,
        still_owed: ZERO_CENTS,
        decision_cost: None,
        missing: Vec::new(),
        lower_bound: false,
        cash_timing_known: true,
        paid_known: true,
        month1_cash: None,
        age: None,
        effective_hourly: None,
        saving_vs_on_demand_pct: None,
        assumed: false,
        indicative: false,
        user_price: false,
        notices: Few::default(),
        sources: Few::default(),
        flow: None,
    }
}

/// What every model of one offer shares: its missing rates, the oldest
/// usage rate it uses and the date ages are measured at.
struct OfferCtx<'a> {
    currency: Currency,
    missing: &'a [MissingRate],
    usage_as_of: Option<&'a Arc<str>>,
    reference: Arc<str>,
    /// `reference` read as days (`as_of_days`).
    reference_days: Option<i64>,
    keep_lines: bool,
}

/// The result of a priced shape and its settled cash flow.
fn priced(model: BillingModel, s: Shape, flow: CashFlow, t: Settled, o: &OfferCtx) -> ModelQuote {
    let currency = o.currency;
    let indicative = s.sources.iter().any(PriceRef::indicative);
    let timing = !s.cash_unknown;
    let age = PriceAge::oldest_at(
        s.sources
            .iter()
            .filter_map(PriceRef::as_of_shared)
            .chain(o.usage_as_of),
        &o.reference,
        o.reference_days,
    );
    ModelQuote {
        model,
        unavailable: None,
        total: Some(Money::new(from_cents(t.paid), currency)),
        upfront_total: from_cents(t.upfront),
        still_owed: from_cents(t.still_owed),
        decision_cost: Some(Money::new(from_cents(t.decision), currency)),
        missing: o.missing.to_vec(),
        lower_bound: !o.missing.is_empty(),
        cash_timing_known: timing,
        paid_known: timing || flow.covers_whole_terms(),
        month1_cash: timing.then(|| flow.month1()),
        age,
        effective_hourly: Some(round_rate(s.effective_hourly)),
        saving_vs_on_demand_pct: None,
        assumed: s.assumed,
        indicative,
        user_price: s.user_price,
        notices: s.notices,
        sources: s.sources,
        flow: o.keep_lines.then_some(flow),
    }
}

/// Quote one offer for the scenario's models. `assumed` is
/// [`assumed_rates`] of the scenario, computed once per quote.
pub fn quote_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    sp: Option<&SpotParams>,
    assumed: Option<&[AssumedRates]>,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let scene = Scene::new(catalog, scenario, sp.copied(), assumed)?;
    // `quote` leaves out (and reports) offers that can never meet the VRAM
    // need (memory unknown); a direct call for one is not eligible.
    let Some(instances) = instances_needed(scenario, offer) else {
        return Err(EngineError::InvalidScenario {
            errors: vec![ScenarioError::ValueOutOfRange {
                field: "vram".into(),
                value: Decimal::from(scenario.min_vram_gb.unwrap_or(0)),
            }],
        });
    };
    offer_quote(&scene, offer, instances, opts)
}

/// Book → for each model: shape → cash flow.
fn offer_quote(
    scene: &Scene,
    offer: &Offer,
    instances: u32,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let scenario = scene.scenario;
    let dm = data::monthly(scene.catalog, scenario, offer, scene.fx)?;
    let data_r = round_money(dm.total);
    let reference = reference_date(scene.catalog, scenario);
    let octx = OfferCtx {
        currency: scenario.currency,
        missing: &dm.missing,
        usage_as_of: dm.oldest_as_of.as_ref(),
        reference: Arc::from(reference),
        reference_days: as_of_days(reference),
        keep_lines: opts.lines,
    };
    let book = Book::build(scene, offer, instances)?;
    let (data_c, credit_c) = (cents(data_r)?, cents(scene.credit)?);
    let flow_of = |s: &Shape| CashFlow::new(scenario, s, data_c, credit_c);
    let mut models = Vec::with_capacity(scenario.models().len());
    let mut od_decision: Option<Decimal> = None;
    for &m in scenario.models() {
        let q = match billing::shape(m, scene, &book)? {
            Ok(s) => {
                let flow = flow_of(&s)?;
                let t = flow.settle()?;
                if m == BillingModel::OnDemand {
                    od_decision = Some(from_cents(t.decision));
                }
                priced(m, s, flow, t, &octx)
            }
            Err(r) => unavailable(m, r),
        };
        models.push(q);
    }
    // the saving is against on-demand even when it is not requested
    if od_decision.is_none()
        && book.on_demand.is_some()
        && !scenario.models().contains(&BillingModel::OnDemand)
    {
        if let Ok(s) = billing::shape(BillingModel::OnDemand, scene, &book)? {
            od_decision = Some(from_cents(flow_of(&s)?.settle()?.decision));
        }
    }
    if let Some(od) = od_decision.filter(|v| *v > Decimal::ZERO) {
        for q in &mut models {
            if let Some(t) = q.decision_cost {
                let pct = mul(div(sub(od, t.amount())?, od)?, Decimal::ONE_HUNDRED)?;
                q.saving_vs_on_demand_pct = Some(round_money(pct));
            }
        }
    }
    Ok(OfferQuote {
        offer: offer.id.clone(),
        provider: offer.provider,
        gpus_per_instance: offer.gpu_count,
        instances,
        data_monthly: data_r,
        notices: dm.notices,
        data_charges: dm.charges,
        models,
    })
}

/// The quote: every matching offer × every requested billing model, with
/// month-by-month lines.
pub fn quote(catalog: &Catalog, scenario: &Scenario) -> Result<Quote, EngineError> {
    quote_with(catalog, scenario, QuoteOptions::default())
}

/// [`quote`] with options (e.g. totals only for large compare tables).
pub fn quote_with(
    catalog: &Catalog,
    scenario: &Scenario,
    opts: QuoteOptions,
) -> Result<Quote, EngineError> {
    quote_with_assumed(catalog, scenario, opts, assumed_rates(catalog, scenario))
}

/// [`quote_with`] with the assumed rates given: `assumed_rates(catalog,
/// scenario)`, which depends only on the catalog and the scenario's assumed
/// discount and costs a pass over the catalog, so callers quoting many
/// variations of one scenario (`plan`'s flip search) compute it once.
pub(crate) fn quote_with_assumed(
    catalog: &Catalog,
    scenario: &Scenario,
    opts: QuoteOptions,
    assumed: Option<Vec<AssumedRates>>,
) -> Result<Quote, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let sp = spot::params(&scenario.spot);
    // built for the first eligible offer (a catalog rate ≤ 0 is an error
    // only when something is quoted)
    let mut scene = None;
    // the matching offers once; the result is then sized once
    let matching: Vec<&Offer> = catalog
        .offers
        .iter()
        .filter(|o| matches(catalog, scenario, o))
        .collect();
    let mut offers = Vec::with_capacity(matching.len());
    let mut excluded = Vec::new();
    let mut search = CheapestSearch::default();
    for offer in matching {
        let Some(instances) = instances_needed(scenario, offer) else {
            excluded.push(Excluded {
                offer: offer.id.clone(),
                reason: ExcludedReason::GpuMemoryUnknown,
            });
            continue;
        };
        let scene = match &mut scene {
            Some(s) => &*s,
            slot @ None => &*slot.insert(Scene::new(catalog, scenario, sp, assumed.as_deref())?),
        };
        let oq = offer_quote(scene, offer, instances, opts)?;
        search.add(offers.len(), &oq);
        offers.push(oq);
    }
    let cheapest = search.cheapest(&offers, scenario.months);
    Ok(Quote {
        currency: scenario.currency,
        fx_cny_per_usd: scenario.fx(catalog),
        months: scenario.months,
        hours_per_month: scenario.hours_per_month,
        catalog_version: catalog.version(),
        spot: sp.map(|p| spot::outcome(&p, &scenario.spot, scenario.hours_per_month)),
        assumed_rates: assumed,
        offers,
        excluded,
        cheapest,
        warnings: scenario.warnings(),
    })
}

/// The comparison key of every priced result of `offers` (offer index,
/// model index, basis, kinds left out), see [`crate::domain::compare_basis`].
pub fn ranked_results(
    offers: &[OfferQuote],
    months: u32,
) -> Vec<(usize, usize, Basis, Vec<UsageKind>)> {
    let mut at = Vec::new();
    let mut kinds = Vec::new();
    for (o, oq) in offers.iter().enumerate() {
        for (k, m) in oq.models.iter().enumerate() {
            if let Some(d) = m.decision_cost {
                at.push((o, k, d.amount()));
                kinds.push(m.missing_kinds());
            }
        }
    }
    let items: Vec<Candidate> = at
        .iter()
        .zip(&kinds)
        .map(|((o, _, d), k)| Candidate {
            missing: k,
            decision: *d,
            charges: &offers[*o].data_charges,
            months,
        })
        .collect();
    bases(&items)
        .into_iter()
        .zip(at)
        .map(|((b, w), (o, k, _))| (o, k, b, w))
        .collect()
}

/// The search for the best result (see [`Cheapest`]), fed each offer's
/// results as the quote is built, while they are still in cache.
///
/// The rule is [`ranked_results`]' (`crate::domain::compare_basis`), and the
/// best is its minimum: ties keep catalog and model order. Ranking the whole
/// quote afterwards was a second pass over every result of every offer
/// (~5 KB per offer) plus five vectors of one entry per result; on the 10×
/// benchmark catalog that pass no longer ran from cache and took 15× its 1×
/// time (0.11 → 1.7 ms), the one part of `quote` that grew faster than the
/// catalog. Only results of the group missing the fewest charge kinds can
/// be the best, so only they are kept; among complete results (the group
/// that misses none, compared on the whole decision cost) only the lowest so
/// far is.
#[derive(Default)]
struct CheapestSearch {
    /// The fewest missing charge kinds seen (the group of `kept`).
    kinds: usize,
    /// The results of that group that can still be the best, in catalog and
    /// model order.
    kept: Vec<Seen>,
}

/// A result kept by [`CheapestSearch`].
struct Seen {
    offer: usize,
    model: usize,
    decision: Decimal,
    /// The charge kinds it misses, sorted, each once.
    kinds: Vec<UsageKind>,
}

impl CheapestSearch {
    /// Consider the results of `oq`, the quote's offer number `offer`.
    fn add(&mut self, offer: usize, oq: &OfferQuote) {
        for (model, m) in oq.models.iter().enumerate() {
            let Some(d) = m.decision_cost else { continue };
            let mut kinds = m.missing_kinds();
            kinds.sort();
            kinds.dedup();
            let n = kinds.len();
            if self.kept.is_empty() || n < self.kinds {
                self.kinds = n;
                self.kept.clear();
            } else if n > self.kinds {
                continue;
            }
            if n == 0 {
                // complete results compare on their whole decision cost
                // (`comparable` with no kind left out: the cost, or 0 when
                // below); a later one wins only when strictly lower
                if let Some(best) = self.kept.first() {
                    let whole = |d: Decimal| d.max(Decimal::ZERO);
                    if whole(best.decision) <= whole(d.amount()) {
                        continue;
                    }
                    self.kept.clear();
                }
            }
            self.kept.push(Seen {
                offer,
                model,
                decision: d.amount(),
                kinds,
            });
        }
    }

    /// The best result of the quote `offers` the search was fed.
    fn cheapest(self, offers: &[OfferQuote], months: u32) -> Option<Cheapest> {
        // the kinds some result of the group misses are left out of all of them
        let mut without: Vec<UsageKind> = self
            .kept
            .iter()
            .flat_map(|s| s.kinds.iter().copied())
            .collect();
        without.sort();
        without.dedup();
        let (best, basis) = self
            .kept
            .iter()
            .map(|s| {
                let c = Candidate {
                    missing: &s.kinds,
                    decision: s.decision,
                    charges: &offers[s.offer].data_charges,
                    months,
                };
                let basis = Basis {
                    missing_kinds: self.kinds,
                    comparable: comparable(&c, &without),
                };
                (s, basis)
            })
            .min_by(|a, b| a.1.cmp(&b.1))?;
        let oq = &offers[best.offer];
        let m = &oq.models[best.model];
        Some(Cheapest {
            offer: oq.offer.clone(),
            model: m.model,
            decision_cost: m.decision_cost?,
            total: m.total?,
            complete: m.complete(),
            missing: m.missing.clone(),
            comparable_cost: basis.comparable,
            compared_without: without,
            age: m.age.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best result as the minimum of [`ranked_results`] (what
    /// [`CheapestSearch`] must find).
    fn ranked_min(q: &Quote) -> Option<(OfferId, BillingModel, Decimal, Vec<UsageKind>)> {
        let (o, k, basis, without) = ranked_results(&q.offers, q.months)
            .into_iter()
            .min_by(|a, b| a.2.cmp(&b.2))?;
        let oq = &q.offers[o];
        Some((
            oq.offer.clone(),
            oq.models[k].model,
            basis.comparable,
            without,
        ))
    }

    /// The peak month and month 1's upfront read without the lines are the
    /// lines' own, for every result of the catalog: with terms that end
    /// inside and at the horizon, a first-month discount, and credits that
    /// run out, expire, or outlast the horizon.
    #[test]
    fn the_peak_and_first_upfront_are_the_lines_own() {
        use crate::domain::catalog::Currency;
        let cat = Catalog::embedded().unwrap();
        let mut checked = 0;
        for months in [0, 1, 7, 12, 36] {
            for (credit, expiry) in [
                (0, None),
                (3_000, Some(2)),
                (50_000, None),
                (10_000_000, None),
            ] {
                let mut s = Scenario {
                    months,
                    ..Scenario::default()
                };
                s.promotions.first_month_discount_pct = Decimal::from(months % 20);
                s.promotions.credit =
                    (credit > 0).then(|| Money::new(Decimal::from(credit), Currency::USD));
                s.promotions.credit_expiry_month = expiry;
                let Ok(q) = quote_with(&cat, &s, QuoteOptions { lines: true }) else {
                    continue;
                };
                for m in q.offers.iter().flat_map(|o| &o.models) {
                    let lines = m.lines();
                    let peak = lines.iter().map(|l| l.total).max().unwrap_or(Decimal::ZERO);
                    let first = lines.first().map_or(Decimal::ZERO, |l| l.upfront);
                    let (p, f) = m.peak_and_first_upfront();
                    assert_eq!(
                        (p, f),
                        (peak, first),
                        "{months} months, credit {credit}: {:?}",
                        m.model
                    );
                    assert_eq!(p.to_string(), peak.to_string());
                    checked += usize::from(!lines.is_empty());
                }
            }
        }
        assert!(checked > 1_000, "{checked}");
    }

    #[test]
    fn the_search_finds_the_minimum_of_ranked_results() {
        let cat = Catalog::embedded().unwrap();
        let mut scenarios = vec![Scenario::default()];
        let mut incomplete = 0;
        for (egress, storage, mbps) in [(500, 0, 0), (0, 2000, 0), (800, 100, 50), (0, 0, 100)] {
            let data = crate::domain::scenario::DataVolumes {
                egress_gb: Decimal::from(egress),
                cross_region_gb: Decimal::from(egress / 2),
                storage_gb: Decimal::from(storage),
                bandwidth_mbps: Decimal::from(mbps),
            };
            scenarios.push(Scenario {
                data: data.clone(),
                ..Scenario::default()
            });
            // one provider at a time, so that some quotes have no complete result
            for p in &cat.providers {
                scenarios.push(Scenario {
                    data: data.clone(),
                    providers: vec![p.id],
                    months: 7,
                    ..Scenario::default()
                });
            }
        }
        for s in &scenarios {
            let q = quote_with(&cat, s, QuoteOptions { lines: false }).unwrap();
            let got = q.cheapest.as_ref().map(|c| {
                (
                    c.offer.clone(),
                    c.model,
                    c.comparable_cost,
                    c.compared_without.clone(),
                )
            });
            assert_eq!(got, ranked_min(&q), "{s:?}");
            incomplete += usize::from(q.cheapest.as_ref().is_some_and(|c| !c.complete));
        }
        assert!(incomplete > 0, "no scenario ranks incomplete results");
    }
}
