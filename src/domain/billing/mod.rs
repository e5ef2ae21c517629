//! The engine by billing model.
//!
//! Quoting one offer under one billing model goes one way, through three
//! steps:
//!
//! 1. **Price book** (`Book::build`): the offer's prices are resolved into
//!    the display currency once — on-demand (sourced or the user's), the
//!    spot range, every reservation, savings plan and subscription — with
//!    the provider's billing granularity. The scenario-level amounts (the
//!    credit, a student hourly price) are converted once per quote
//!    (`Scene`). All currency conversion of prices happens there, never
//!    later (data charges convert their usage rates in [`data`]).
//! 2. **Month shape** (`shape`): one module per billing family turns the
//!    book into what a month costs (upfront per term, usage, commitment,
//!    effective hourly, flags, sources, notices):
//!    [`on_demand`] (pay-as-you-go, student price), [`commitment`]
//!    (reservations, savings plans, subscription, installment; sourced or
//!    assumed rates, see also [`assumed`]), [`spot`] (spot and the spot
//!    mix) and [`capacity_block`] (EC2 Capacity Blocks for ML).
//! 3. **Cash flow** ([`cashflow`]): the shape, promotions and data make the
//!    month lines, what is paid within the horizon, what is still owed after
//!    it and the decision cost.
//!
//! Per instance figures are multiplied by the instances the fleet needs
//! (`Book::instances`) in the shape.
//!
//! # Adding a billing model
//!
//! Add the variant (and its link code) to `BillingModel` in `scenario/mod.rs`
//! and to `BillingModel::ALL` (a list the compiler does not check), then
//! either create `billing/<family>.rs` with a
//! `pub(crate) fn shape(scene, book) -> Result<Result<Shape, Reason>, EngineError>`
//! or extend an existing family. Building then fails at every exhaustive
//! match that must decide about it (none of them has a `_` arm):
//! * `shape` below: which family prices it;
//! * `commitment::contract`: is it a commitment (term, payment option,
//!   sourced price slot, first-month discount);
//! * `spot::mix`: can the mix's non-spot share run on it;
//! * `BillingModel::code` (scenario/mod.rs) and the UI's labels
//!   (`ui/compare/panel.rs`).
//!
//! `BillingModel::term_months` (scenario/mod.rs) still ends with `_ => None`:
//! the engine does not use it, it reads `commitment::contract`.
pub mod assumed;
pub mod capacity_block;
pub mod cashflow;
pub mod commitment;
pub mod contract;
pub mod data;
pub mod on_demand;
pub mod rules;
pub mod spot;
pub mod steps;

use std::cell::Cell;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, Offer, Price, PriceKind, ProviderId};
use crate::domain::error::EngineError;
use crate::domain::money::{convert, div, mul, round_money, Money};
use crate::domain::scenario::{BillingModel, Scenario, StudentPrice};
use crate::domain::spot::SpotParams;

use self::assumed::AssumedRates;
use self::commitment::Commitments;

/// Why a figure is missing. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// No sourced on-demand price and no user price.
    NoSourcedPrice,
    /// No sourced rate for this commitment and no assumed discount.
    NoCommitmentRate,
    NoSpotPrice,
    /// Interruption rate × loss per interruption ≥ 0.9: the job barely progresses.
    SpotNoProgress,
    /// Not sold as a Capacity Block here (no sourced rate).
    NoCapacityBlock,
    /// The need is longer than a Capacity Block lasts (182 days) or holds
    /// more instances than an account's blocks may (256).
    CapacityBlockLimits,
}

/// Where a price used for a figure comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum PriceOrigin {
    /// A catalog price. The strings are shared, not copied, by every result
    /// that uses the price.
    Catalog {
        source: Arc<str>,
        as_of: Arc<str>,
        indicative: bool,
    },
    /// Entered by the user (`up=`).
    User,
}

/// A price used for a figure: the billing model it prices and where it
/// comes from. Serialized only, as
/// `{"model":"od","source":"…","as_of":"…","indicative":false}` (a user
/// price: source `user`, empty `as_of`).
#[derive(Debug, Clone, PartialEq)]
pub struct PriceRef {
    /// The billing model the price is for (`od`, `spot`, `ri1n`, `sp1`, `sub`, …).
    pub model: BillingModel,
    pub origin: PriceOrigin,
}

impl PriceRef {
    fn catalog(model: BillingModel, p: &Price) -> PriceRef {
        PriceRef {
            model,
            origin: PriceOrigin::Catalog {
                source: p.source.clone(),
                as_of: p.as_of.clone(),
                indicative: p.indicative,
            },
        }
    }

    /// Not a bare list price (a user price never is).
    pub fn indicative(&self) -> bool {
        match &self.origin {
            PriceOrigin::Catalog { indicative, .. } => *indicative,
            PriceOrigin::User => false,
        }
    }

    /// [`PriceRef::as_of`], the catalog's shared string.
    pub fn as_of_shared(&self) -> Option<&Arc<str>> {
        match &self.origin {
            PriceOrigin::Catalog { as_of, .. } => Some(as_of),
            PriceOrigin::User => None,
        }
    }

    /// The as-of date of a catalog price (None for a user price).
    pub fn as_of(&self) -> Option<&str> {
        match &self.origin {
            PriceOrigin::Catalog { as_of, .. } => Some(as_of),
            PriceOrigin::User => None,
        }
    }
}

impl Serialize for PriceRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let (source, as_of, indicative) = match &self.origin {
            PriceOrigin::Catalog {
                source,
                as_of,
                indicative,
            } => (&**source, &**as_of, *indicative),
            PriceOrigin::User => ("user", "", false),
        };
        let mut st = s.serialize_struct("PriceRef", 4)?;
        st.serialize_field("model", &self.model)?;
        st.serialize_field("source", source)?;
        st.serialize_field("as_of", as_of)?;
        st.serialize_field("indicative", &indicative)?;
        st.end()
    }
}

/// Remarks on one billing model's result. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ModelNotice {
    /// Spot cost uses the midpoint of the snapshot range.
    SpotMidpoint,
    /// The horizon is longer than the term; renewed at the same price.
    CommitmentRenewed,
    /// The horizon ends inside a term: `still_owed` is due after it.
    CommitmentOwedAfterHorizon,
    StudentPriceApplied,
    /// Priced as Capacity Blocks of this many days each.
    CapacityBlockDays {
        days: u32,
    },
    /// Spot's interruptions taken from the offer's Spot Advisor band, not
    /// the default assumption.
    SpotAdvisorBand {
        band: crate::domain::catalog::SpotBand,
    },
    /// Spot's interruptions taken from the share the provider publishes for
    /// the offer (percent of instances a month), not the default assumption.
    SpotPublishedRate {
        monthly_pct: Decimal,
    },
    /// Billed at the offer's published steps: the hourly price falls
    /// after set hours of each instance's use ([`steps`]).
    SteppedPrice,
}

impl Few<ModelNotice, 4> {
    /// The offer's own monthly interruption share a result's spot figure
    /// rests on, if any ([`ModelNotice::own_spot_rate`]).
    pub fn own_spot_rate(&self) -> Option<(Decimal, bool)> {
        self.iter().find_map(ModelNotice::own_spot_rate)
    }
}

impl ModelNotice {
    /// The monthly interruption share an offer's own spot data set (a
    /// band at its upper edge, or a published rate), with whether it was
    /// published as a rate.
    pub fn own_spot_rate(&self) -> Option<(Decimal, bool)> {
        match self {
            ModelNotice::SpotAdvisorBand { band } => Some((band.assumed_monthly_pct(), false)),
            ModelNotice::SpotPublishedRate { monthly_pct } => Some((*monthly_pct, true)),
            _ => None,
        }
    }
}

/// A short list kept inline (no heap allocation): a result carries at most
/// four notices of its own and at most two price references, and a quote
/// over thousands of offers should not allocate for each of them.
/// Serialized as a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Few<T, const N: usize> {
    items: [Option<T>; N],
}

impl<T, const N: usize> Default for Few<T, N> {
    // (always: two are built for every shape; a call cost more than the
    // building, docs/PERFORMANCE.md)
    #[inline(always)]
    fn default() -> Self {
        Few {
            items: [const { None }; N],
        }
    }
}

impl<T: PartialEq, const N: usize> Few<T, N> {
    /// Append; by construction a result never has more than `N`.
    pub(crate) fn push(&mut self, x: T) {
        let slot = self.items.iter_mut().find(|s| s.is_none());
        debug_assert!(slot.is_some(), "Few: more than {N} items");
        if let Some(slot) = slot {
            *slot = Some(x);
        }
    }

    /// Insert at the front (shifting the others).
    pub(crate) fn insert_first(&mut self, x: T) {
        let mut carry = Some(x);
        for slot in self.items.iter_mut() {
            carry = std::mem::replace(slot, carry);
            if carry.is_none() {
                break;
            }
        }
        debug_assert!(carry.is_none(), "Few: more than {N} items");
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.items.iter().flatten()
    }

    pub fn contains(&self, x: &T) -> bool {
        self.iter().any(|y| y == x)
    }

    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

impl<T: Serialize, const N: usize> Serialize for Few<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.items.iter().flatten())
    }
}

/// Conversion into the display currency at the scenario's rate.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fx {
    pub to: Currency,
    /// CNY per USD, > 0.
    pub cny_per_usd: Decimal,
}

impl Fx {
    /// The scenario's display currency and rate (an error when the rate is ≤ 0).
    pub fn of(catalog: &Catalog, scenario: &Scenario) -> Result<Fx, EngineError> {
        let cny_per_usd = scenario.fx(catalog);
        if cny_per_usd <= Decimal::ZERO {
            return Err(EngineError::InvalidRate);
        }
        Ok(Fx {
            to: scenario.currency,
            cny_per_usd,
        })
    }

    /// `amount` in `from` → display currency, full precision.
    pub fn conv(self, amount: Decimal, from: Currency) -> Result<Decimal, EngineError> {
        convert(amount, from, self.to, self.cny_per_usd)
    }

    /// An amount with its currency → display currency, full precision.
    pub fn money(self, m: Money) -> Result<Decimal, EngineError> {
        Ok(m.convert(self.to, self.cny_per_usd)?.amount())
    }
}

/// The student price in the display currency.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Student {
    Hourly(Decimal),
    DiscountPct(Decimal),
}

/// The scenario resolved once per quote: display currency and rate, the
/// promotion amounts converted, the spot parameters and the assumed rates.
pub(crate) struct Scene<'a> {
    pub catalog: &'a Catalog,
    pub scenario: &'a Scenario,
    pub fx: Fx,
    /// The credit in the display currency, rounded (0 when none).
    pub credit: Decimal,
    pub student: Option<Student>,
    /// None when the spot settings give no progress.
    pub spot: Option<SpotParams>,
    /// The scenario keeps the default interruption assumption (then an
    /// offer's own Spot Advisor band or published rate is used where the
    /// catalog has one).
    pub default_interruption: bool,
    pub assumed: Option<&'a [AssumedRates]>,
    /// Each provider's negotiated discount ([`ProviderId::index`]).
    pub negotiated: [Negotiated; 4],
    /// The last billing granularity and minimum asked of
    /// [`Scene::billed_hours`], with its answer (offers come provider by
    /// provider, so one is enough).
    billed: Cell<Option<(u32, u32, Decimal)>>,
}

impl<'a> Scene<'a> {
    pub fn new(
        catalog: &'a Catalog,
        scenario: &'a Scenario,
        spot: Option<SpotParams>,
        assumed: Option<&'a [AssumedRates]>,
    ) -> Result<Scene<'a>, EngineError> {
        let fx = Fx::of(catalog, scenario)?;
        let promo = &scenario.promotions;
        let credit = match promo.credit {
            Some(c) => round_money(fx.money(c)?),
            None => Decimal::ZERO,
        };
        let mut negotiated = [Negotiated::default(); 4];
        for p in ProviderId::ALL {
            negotiated[p.index()] = Negotiated::of(scenario, p)?;
        }
        let student = match promo.student {
            Some(StudentPrice::Hourly(m)) => Some(Student::Hourly(fx.money(m)?)),
            Some(StudentPrice::DiscountPct(d)) => Some(Student::DiscountPct(d)),
            None => None,
        };
        Ok(Scene {
            catalog,
            scenario,
            fx,
            credit,
            student,
            spot,
            default_interruption: scenario.spot.keeps_default_rate(),
            assumed,
            negotiated,
            billed: Cell::new(None),
        })
    }

    /// The hours billed in a month of the scenario's hours under a
    /// provider's granularity and minimum ([`on_demand::billed_hours`]).
    pub fn billed_hours(&self, b: &Granularity) -> Result<Decimal, EngineError> {
        let key = (b.granularity_s, b.minimum_s);
        if let Some((g, m, h)) = self.billed.get() {
            if (g, m) == key {
                return Ok(h);
            }
        }
        let h = on_demand::billed_hours(self.scenario.hours_per_month, b)?;
        self.billed.set(Some((key.0, key.1, h)));
        Ok(h)
    }
}

/// Billing parameters of the offer's provider (defaults when the provider
/// is missing from the catalog: per-second, 60 s minimum, 730 h/month).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Granularity {
    pub granularity_s: u32,
    pub minimum_s: u32,
    pub hours_per_month: Decimal,
}

impl Granularity {
    pub fn of(catalog: &Catalog, provider: ProviderId) -> Granularity {
        match catalog.provider(provider) {
            Some(p) => Granularity {
                granularity_s: p.billing.granularity_seconds.max(1),
                minimum_s: p.billing.minimum_seconds,
                hours_per_month: Decimal::from(if p.billing.hours_per_month == 0 {
                    730
                } else {
                    p.billing.hours_per_month
                }),
            },
            None => Granularity {
                granularity_s: 1,
                minimum_s: 60,
                hours_per_month: Decimal::from(730),
            },
        }
    }
}

/// On-demand hourly per instance in the display currency, and its origin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OnDemandRate<'a> {
    /// What the user pays: the list price at the negotiated discount, if
    /// the provider's rule applies it to pay-as-you-go hours.
    pub hourly: Decimal,
    /// The list price (the user's own price for a user price).
    pub list: Decimal,
    /// The catalog price; None = the user's price.
    pub price: Option<&'a Price>,
}

impl OnDemandRate<'_> {
    /// The hourly is the user's (`up=`).
    pub fn user(&self) -> bool {
        self.price.is_none()
    }

    pub fn src(&self) -> PriceRef {
        match self.price {
            Some(p) => PriceRef::catalog(BillingModel::OnDemand, p),
            None => PriceRef {
                model: BillingModel::OnDemand,
                origin: PriceOrigin::User,
            },
        }
    }
}

/// Spot range per instance-hour in the display currency (min ≤ max).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SpotRange<'a> {
    pub min: Decimal,
    pub max: Decimal,
    pub price: &'a Price,
}

impl SpotRange<'_> {
    pub fn src(&self) -> PriceRef {
        PriceRef::catalog(BillingModel::Spot, self.price)
    }
}

/// One offer's prices for one scenario, in the display currency: built once
/// per offer, read by every billing model (and by the compare table's
/// metrics and the break-even report).
pub(crate) struct Book<'a> {
    pub billing: Granularity,
    /// Instances the scenario needs (1 when built for per-instance figures).
    pub instances: Decimal,
    pub on_demand: Option<OnDemandRate<'a>>,
    pub spot: Option<SpotRange<'a>>,
    /// Reservations, savings plans and the subscription.
    pub commitments: Commitments<'a>,
    /// The Capacity Block rate (catalog currency; see [`capacity_block`]).
    pub capacity_block: Option<&'a Price>,
    /// Whether a credit may pay a commitment's upfront ([`rules`]).
    pub credit_pays_upfront: bool,
    /// The user's negotiated discount as its provider applies it.
    pub negotiated: Negotiated,
}

impl<'a> Book<'a> {
    pub fn build(scene: &Scene, offer: &'a Offer, instances: u32) -> Result<Book<'a>, EngineError> {
        let fx = scene.fx;
        let billing = Granularity::of(scene.catalog, offer.provider);
        let nd = scene.negotiated[offer.provider.index()];
        Ok(Book {
            billing,
            instances: Decimal::from(instances),
            on_demand: on_demand_rate(scene.scenario, offer, fx, nd)?,
            spot: spot_range(offer, fx, nd)?,
            commitments: Commitments::build(offer, fx, billing.hours_per_month, nd)?,
            capacity_block: offer.capacity_block(),
            credit_pays_upfront: rules::payment_rules(offer.provider).credits_pay_upfront,
            negotiated: nd,
        })
    }
}

/// The user's negotiated discount of one provider as its rule applies it
/// ([`rules::negotiated_rule`]): the factor (1 − d ÷ 100) for each kind of
/// charge the rule covers, None for the list price.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Negotiated {
    /// None without a discount.
    factor: Option<Decimal>,
    rule: rules::NegotiatedRule,
}

impl Negotiated {
    pub fn of(scenario: &Scenario, provider: ProviderId) -> Result<Negotiated, EngineError> {
        let Some(d) = scenario
            .negotiated
            .get(provider)
            .filter(|d| *d > Decimal::ZERO && *d < Decimal::ONE_HUNDRED)
        else {
            return Ok(Negotiated::default());
        };
        Ok(Negotiated {
            factor: Some(div(Decimal::ONE_HUNDRED - d, Decimal::ONE_HUNDRED)?),
            rule: rules::negotiated_rule(provider),
        })
    }

    fn on(&self, covered: bool) -> Option<Decimal> {
        self.factor.filter(|_| covered)
    }
    pub fn on_demand(&self) -> Option<Decimal> {
        self.on(self.rule.on_demand)
    }
    pub fn spot(&self) -> Option<Decimal> {
        self.on(self.rule.spot)
    }
    pub fn capacity_block(&self) -> Option<Decimal> {
        self.on(self.rule.capacity_block)
    }
    pub fn data(&self) -> Option<Decimal> {
        self.on(self.rule.data)
    }

    /// The factor of a commitment's slot (installments: subscriptions').
    pub fn commitment(&self, slot: contract::Slot) -> Option<Decimal> {
        let r = &self.rule;
        self.on(match slot {
            contract::Slot::Reserved => r.reservations,
            contract::Slot::SavingsPlan => r.savings_plans,
            contract::Slot::Subscription | contract::Slot::None => r.subscriptions,
        })
    }

    /// Does the discount apply to this commitment model's rate?
    pub fn commitment_model(&self, m: BillingModel) -> bool {
        contract::contract(m).is_some_and(|c| self.commitment(c.slot).is_some())
    }
}

/// `v` at the negotiated factor `f` (unchanged without one).
pub(crate) fn negotiated(f: Option<Decimal>, v: Decimal) -> Result<Decimal, EngineError> {
    match f {
        Some(f) => mul(v, f),
        None => Ok(v),
    }
}

fn on_demand_rate<'a>(
    scenario: &Scenario,
    offer: &'a Offer,
    fx: Fx,
    nd: Negotiated,
) -> Result<Option<OnDemandRate<'a>>, EngineError> {
    if let Some(p) = offer.on_demand() {
        if let PriceKind::OnDemand { hourly } = p.kind {
            let list = fx.conv(hourly, p.currency)?;
            return Ok(Some(OnDemandRate {
                hourly: negotiated(nd.on_demand(), list)?,
                list,
                price: Some(p),
            }));
        }
    }
    if let Some(v) = scenario.user_prices.get(&offer.id) {
        let hourly = fx.conv(*v, user_price_currency(offer))?;
        return Ok(Some(OnDemandRate {
            hourly,
            list: hourly,
            price: None,
        }));
    }
    Ok(None)
}

/// The on-demand price per instance-hour of an offer in the scenario's
/// currency, rounded as the compare table shows it (`OfferMetrics::hourly`);
/// None without one (or with an exchange rate ≤ 0).
pub(crate) fn on_demand_hourly(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
) -> Option<Decimal> {
    let fx = Fx::of(catalog, scenario).ok()?;
    let nd = Negotiated::of(scenario, offer.provider).ok()?;
    let od = on_demand_rate(scenario, offer, fx, nd).ok()??;
    Some(crate::domain::money::round_rate(od.hourly))
}

fn spot_range(offer: &Offer, fx: Fx, nd: Negotiated) -> Result<Option<SpotRange<'_>>, EngineError> {
    if let Some(p) = offer.spot() {
        if let PriceKind::Spot {
            hourly_min,
            hourly_max,
        } = p.kind
        {
            let a = negotiated(nd.spot(), fx.conv(hourly_min, p.currency)?)?;
            let b = negotiated(nd.spot(), fx.conv(hourly_max, p.currency)?)?;
            return Ok(Some(SpotRange {
                min: a.min(b),
                max: a.max(b),
                price: p,
            }));
        }
    }
    Ok(None)
}

/// The currency a user-entered price for this offer is in: the offer's own
/// (its first price's), or the provider's usual one for an unpriced offer.
/// The UI labels the price box with this, so the two never disagree.
pub fn user_price_currency(offer: &Offer) -> Currency {
    offer.currency().unwrap_or(match offer.provider {
        ProviderId::Alibaba | ProviderId::Tencent => Currency::CNY,
        ProviderId::Aws | ProviderId::Azure => Currency::USD,
    })
}

/// The monthly shape of a model before promotions (full precision, fleet).
#[derive(Debug)]
pub(crate) struct Shape {
    pub upfront_per_term: Decimal,
    /// Commitment term in months (None: pay as you go).
    pub term: Option<u32>,
    pub usage: Decimal,
    /// The part of `usage` the first-month discount applies to (pay-as-you-go).
    pub usage_fmd: Decimal,
    pub commit: Decimal,
    /// The first-month discount applies to month 1's `commit` (a monthly
    /// subscription's first month).
    pub commit_fmd: bool,
    /// Per instance.
    pub effective_hourly: Decimal,
    pub assumed: bool,
    /// A reservation's all-upfront price paid monthly by the provider's
    /// rule ([`rules`]): the commitment is derived, not sourced.
    pub monthly_from_upfront: bool,
    pub user_price: bool,
    /// The user's negotiated discount went into this figure (a discounted
    /// rate was charged for some of it): each family says, where it
    /// charges the rate.
    pub negotiated: bool,
    /// The commitment's upfront/monthly split is not published (a partial
    /// upfront stored as its effective rate): month-by-month cash is unknown.
    pub cash_unknown: bool,
    /// A stepped price's usage month by month ([`steps`]): `usage` is then
    /// month 1's.
    /// (boxed: few prices have steps, and every shape is moved a few times)
    pub ramp: Option<Box<steps::Ramp>>,
    pub sources: Few<PriceRef, 2>,
    pub notices: Few<ModelNotice, 4>,
}

impl Shape {
    /// Nothing to pay yet: the families fill in their charges (without
    /// building and dropping default lists for every result).
    pub fn empty(sources: Few<PriceRef, 2>, notices: Few<ModelNotice, 4>) -> Shape {
        Shape {
            upfront_per_term: Decimal::ZERO,
            term: None,
            usage: Decimal::ZERO,
            usage_fmd: Decimal::ZERO,
            commit: Decimal::ZERO,
            commit_fmd: false,
            effective_hourly: Decimal::ZERO,
            assumed: false,
            monthly_from_upfront: false,
            user_price: false,
            negotiated: false,
            cash_unknown: false,
            ramp: None,
            sources,
            notices,
        }
    }
}

/// The month shape of `model` for the offer of `book`, or why it can't be
/// priced. One arm per billing model, no catch-all: a new model must be
/// given a family here.
pub(crate) fn shape(
    model: BillingModel,
    scene: &Scene,
    book: &Book,
) -> Result<Result<Shape, Reason>, EngineError> {
    match model {
        BillingModel::OnDemand => on_demand::shape(scene, book),
        BillingModel::Ri1No
        | BillingModel::Ri1Partial
        | BillingModel::Ri1All
        | BillingModel::Ri3No
        | BillingModel::Ri3Partial
        | BillingModel::Ri3All
        | BillingModel::Ri5No
        | BillingModel::Ri5Partial
        | BillingModel::Ri5All
        | BillingModel::Sp1
        | BillingModel::Sp3
        | BillingModel::Subscription
        | BillingModel::Installment => commitment::shape(model, scene, book),
        BillingModel::Spot => spot::spot(scene, book),
        BillingModel::Mix => spot::mix(scene, book),
        BillingModel::CapacityBlock => capacity_block::shape(scene, book),
    }
}
