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
//! *incomplete*: its figures exclude that charge, and it ranks on them plus
//! the charge's bound at the highest published rate of its kind
//! ([`crate::domain::compare_basis`]).
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
//!
//! # Its parts
//!
//! This module holds what a quote says (its public types), which offers it
//! prices, and the entry points; the work is in its parts:
//! * `price`: one offer priced, model by model (the one pricing path);
//! * `books`: what the plan worker keeps of a scenario's offers between
//!   keystrokes ([`OfferBooks`]), and the choice it serves ([`best_per_offer`]);
//! * `cheapest`: the search for a quote's best result ([`Cheapest`]).

mod books;
mod cheapest;
mod price;
pub mod then;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::age::PriceAge;
use crate::domain::billing::assumed::{assumed_rates, AssumedRates};
use crate::domain::billing::cashflow::serialize_lines;
use crate::domain::billing::{PriceRef, Reason, Scene};
use crate::domain::catalog::{Catalog, Currency, Offer, OfferId, ProviderId, UsageKind};
use crate::domain::error::EngineError;
use crate::domain::money::Money;
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{BillingModel, Scenario, ScenarioWarning};
use crate::domain::spot::{self, SpotOutcome};

pub use crate::domain::billing::cashflow::{CashFlow, MonthLine};
pub use crate::domain::billing::data::{tiered, DataCharge, MissingRate, QuoteNotice, RateBound};
pub use crate::domain::billing::{Few, ModelNotice};

use crate::domain::compare_basis::Basis;
pub(crate) use books::best_per_offer;
pub use books::{OfferBest, OfferBooks};
pub use cheapest::ranked_results;
use cheapest::CheapestSearch;
use price::offer_quote;
pub use price::quote_offer;
pub(crate) use price::{OfferPricing, Settlement};

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
    /// A reservation paid monthly whose payment is derived from its
    /// all-upfront price by the provider's rule (`billing::rules`: the
    /// upfront total ÷ the term's months, the same total), not a sourced
    /// price of its own; `sources` cites the all-upfront price.
    pub monthly_from_upfront: bool,
    /// The price is the user's negotiated one: the provider's rule applies
    /// `nd` to this billing model (false: the list price).
    pub negotiated: bool,
    pub indicative: bool,
    pub user_price: bool,
    /// Remarks on this result (the data notices are the offer's).
    pub notices: Few<ModelNotice, 4>,
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

/// The best result of a quote: the lowest of what each result prices plus
/// the bound of what it does not (`crate::domain::compare_basis`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cheapest {
    pub offer: OfferId,
    pub model: BillingModel,
    pub decision_cost: Money,
    /// Paid within the horizon.
    pub total: Money,
    pub complete: bool,
    /// What it lacks (the decision cost is then a lower bound), each rate
    /// with its bound and where that was taken.
    pub missing: Vec<MissingRate>,
    /// The most the missing charges add to the decision cost over the
    /// horizon (0 when complete; None: some charge has no published rate
    /// of its kind anywhere, unbounded).
    pub bound: Option<Decimal>,
    /// What it was ranked on: `basis.priced` (at least) and `basis.upper`
    /// (at most, when bounded).
    pub basis: Basis,
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
    /// Work out each result's saving against on-demand
    /// (`saving_vs_on_demand_pct`; false: None, for callers that never read
    /// it, such as the plan's flip search).
    pub savings: bool,
}

impl QuoteOptions {
    /// Totals and flags only, savings included (compare tables, the job's
    /// per-offer quotes).
    pub const TOTALS: QuoteOptions = QuoteOptions {
        lines: false,
        savings: true,
    };
}

impl Default for QuoteOptions {
    fn default() -> Self {
        QuoteOptions {
            lines: true,
            savings: true,
        }
    }
}

/// Does the offer match the scenario's filters?
pub fn matches(catalog: &Catalog, scenario: &Scenario, offer: &Offer) -> bool {
    if let Some(ids) = &scenario.offers {
        return ids.contains(&offer.id);
    }
    // a filter given only unknown values matches nothing
    if !scenario.no_match.is_empty() {
        return false;
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

/// [`matches`], and the compare screen's own filters when the scenario
/// carries them ([`Scenario::narrow`]): the offers a screen prices "for
/// these filters" (the compare table applies its own filters itself).
pub fn picks(catalog: &Catalog, scenario: &Scenario, offer: &Offer) -> bool {
    matches(catalog, scenario, offer)
        && scenario
            .narrow()
            .is_none_or(|n| n.keeps(catalog, scenario, offer))
}

/// The offers a quote prices, in catalog order: those matching the
/// scenario's filters whose instance count is known, each with it, and
/// the ones left out for unknown GPU memory.
pub(crate) fn eligible<'a>(
    catalog: &'a Catalog,
    scenario: &Scenario,
) -> (Vec<(&'a Offer, u32)>, Vec<Excluded>) {
    let mut offers = Vec::new();
    let mut excluded = Vec::new();
    for offer in catalog
        .offers
        .iter()
        .filter(|o| matches(catalog, scenario, o))
    {
        match instances_needed(scenario, offer) {
            Some(n) => offers.push((offer, n)),
            None => excluded.push(Excluded {
                offer: offer.id.clone(),
                reason: ExcludedReason::GpuMemoryUnknown,
            }),
        }
    }
    (offers, excluded)
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
    // the eligible offers once; the result is then sized once
    let (chosen, excluded) = eligible(catalog, scenario);
    quote_offers(catalog, scenario, opts, assumed, &chosen, excluded)
}

/// [`quote_with_assumed`] of the offers it prices and leaves out
/// ([`eligible`]), found by the caller: once for a caller quoting
/// many hours and horizons of one scenario (the plan's flip search; only
/// the filters, the explicit offers and the GPUs needed decide them).
pub(crate) fn quote_offers(
    catalog: &Catalog,
    scenario: &Scenario,
    opts: QuoteOptions,
    assumed: Option<Vec<AssumedRates>>,
    chosen: &[(&Offer, u32)],
    excluded: Vec<Excluded>,
) -> Result<Quote, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let sp = spot::params(&scenario.spot);
    let mut offers = Vec::with_capacity(chosen.len());
    let mut search = CheapestSearch::default();
    // built only when an offer is eligible (a catalog rate ≤ 0 is an error
    // only when something is quoted)
    if !chosen.is_empty() {
        let scene = Scene::new(catalog, scenario, sp, assumed.as_deref())?;
        for &(offer, instances) in chosen {
            let oq = offer_quote(&scene, offer, instances, opts)?;
            search.add(offers.len(), &oq, scenario.months);
            offers.push(oq);
        }
    }
    let cheapest = search.cheapest(&offers);
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

#[cfg(test)]
mod tests {
    use super::*;

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
                let Ok(q) = quote_with(&cat, &s, QuoteOptions::default()) else {
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

    /// Links over every input that moves a decision cost or what an offer
    /// misses: data volumes with and without sourced rates, promotions,
    /// currency, fleet size, memory, filters, spot and mix settings, terms
    /// that outlast the horizon, assumed discounts, user prices.
    pub(super) const VARIED_LINKS: [&str; 15] = [
        "v=2",
        "v=2&ip=1&bd=100&h=300&rg=cn,amer",
        "v=2&h=5&m=1",
        "v=2&h=730&m=60&bm=od,ri1n,ri1p,ri1a,ri3n,ri3p,ri3a,ri5n,ri5p,ri5a,sp1,sp3",
        "v=2&eg=500&xr=250&st=2000&m=7",
        "v=2&eg=800&st=100&bw=50&p=tencent&m=13",
        "v=2&bw=100&p=alibaba&cur=CNY",
        "v=2&fmd=30&cr=5000usd&crx=4&m=25",
        "v=2&cr=200000usd&m=14&bm=ri3n,ri1n,od",
        "v=2&gpus=16&vram=640&h=300",
        "v=2&si=gt20&mix=80&mixb=ri1n&bm=spot,mix,od",
        "v=2&stu=30off&stucap=8&h=400&bm=od,ri1a",
        "v=2&disc=40&rg=cn&m=18",
        "v=2&cur=CNY&fx=7.5&eg=100&rg=apac,eu&m=9",
        "v=2&p=azure&h=0.5&m=2&bm=od,spot",
    ];

    /// A quote of offers found once ([`quote_offers`], the plan's flip
    /// search) is the quote that finds them ([`quote_with_assumed`]) at
    /// every hours and horizon the search tries: links in turn, with and
    /// without explicit offers.
    #[test]
    fn offers_found_once_quote_as_offers_found_each_time() {
        let cat = Catalog::embedded().unwrap();
        let mut quoted = 0;
        for link in VARIED_LINKS {
            let (mut s, _) = crate::domain::link::parse_scenario(link, &cat);
            for ids in [
                None,
                Some(cat.offers.iter().step_by(7).map(|o| o.id.clone()).collect()),
            ] {
                s.offers = ids;
                let (chosen, excluded) = eligible(&cat, &s);
                let assumed = assumed_rates(&cat, &s);
                for (h, m) in [(10, 1), (300, 12), (744, 60), (5, 37)] {
                    s.hours_per_month = Decimal::from(h);
                    s.months = m;
                    let want = quote_with_assumed(&cat, &s, QuoteOptions::TOTALS, assumed.clone());
                    let got = quote_offers(
                        &cat,
                        &s,
                        QuoteOptions::TOTALS,
                        assumed.clone(),
                        &chosen,
                        excluded.clone(),
                    );
                    assert_eq!(got, want, "{link} h={h} m={m}");
                    quoted += got.map_or(0, |q| q.offers.len());
                }
            }
        }
        assert!(quoted > 1000, "{quoted}");
    }
}
