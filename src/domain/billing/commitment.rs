//! Commitments: reservations, savings plans, subscription, installment.
//!
//! Per instance, × instances needed:
//!
//! * **Reserved (`ri1n/ri1p/ri1a/ri3n/ri3p/ri3a`)**: the upfront is paid in
//!   the first month of each term (column `upfront`); the hourly charge is
//!   paid for **every** hour of the term, `provider.hours_per_month` per
//!   month (column `commitment`), whatever the usage. The reservation covers
//!   every hour the instance runs (a 744-hour month included: 12 × 730 h is
//!   the year), so no hour is billed on-demand. Terms renew at the same
//!   price when the horizon is longer than the term.
//! * **Savings plans (`sp1/sp3`)**: commitment = plan rate × hours per month,
//!   paid every month of the term; like a no-upfront reservation.
//! * **Subscription (`sub`, 包月)**: the monthly price, every month; the
//!   first-month discount (`fmd`) applies to its first month (to no other
//!   commitment).
//! * **Installment (`inst`)**: a 12-month commitment paid monthly; no
//!   sourced rates exist, so only with the assumed discount (flag `assumed`).
//! * **Paid monthly by the provider's rule**: where the provider lets a
//!   reservation's upfront total be paid in equal monthly payments at the
//!   same total ([`super::rules`]: Azure) and the catalog has the term's
//!   all-upfront price but no sourced no-upfront one, the no-upfront
//!   option is derived from it: no upfront, (upfront ÷ term months +
//!   hourly × hours per month) every month of the term. It is marked
//!   (`Commitment::derived`) and cites the all-upfront price.
//! * Any commitment without a sourced rate uses the scenario's assumed
//!   discount for its payment option if given (flag `assumed`; the rates in
//!   force are in `Quote::assumed_rates`, see [`super::assumed`]), else it
//!   is unavailable (`no_commitment_rate`).
//!
//! Several sourced prices of one kind: the
//! [`preferred`](crate::domain::catalog::preferred) one (savings plans: the
//! cheapest plan of the term).
use rust_decimal::Decimal;

use super::assumed::AssumedRates;
use super::contract::{
    all_upfront_model, contract, effective_hourly, reserved_slot, term_slot, Contract, Slot, Slots,
};
use super::{negotiated, Book, Few, Fx, ModelNotice, Negotiated, PriceRef, Reason, Scene, Shape};
use crate::domain::catalog::{Offer, Price, PriceKind, Upfront};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, sub};
use crate::domain::scenario::{BillingModel, Scenario};

/// A sourced commitment price per instance in the display currency.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sourced<'a> {
    pub upfront: Decimal,
    /// Per month of the term (hourly × hours per month for hourly rates).
    pub monthly: Decimal,
    pub price: &'a Price,
    /// Derived from the all-upfront `price` by the provider's rule
    /// ([`super::rules`]): a reservation's upfront paid monthly.
    pub derived: bool,
}

impl<'a> Sourced<'a> {
    fn of(
        p: &'a Price,
        fx: Fx,
        hpm: Decimal,
        nd: Negotiated,
    ) -> Result<Option<Sourced<'a>>, EngineError> {
        let f = match p.kind {
            PriceKind::Reserved { .. } => nd.commitment(Slot::Reserved),
            PriceKind::SavingsPlan { .. } => nd.commitment(Slot::SavingsPlan),
            PriceKind::Subscription { .. } => nd.commitment(Slot::Subscription),
            PriceKind::OnDemand { .. }
            | PriceKind::Spot { .. }
            | PriceKind::CapacityBlock { .. } => None,
        };
        let conv = |v: Decimal| negotiated(f, fx.conv(v, p.currency)?);
        let (upfront, monthly) = match p.kind {
            PriceKind::Reserved {
                upfront, hourly, ..
            } => (conv(upfront)?, mul(conv(hourly)?, hpm)?),
            PriceKind::SavingsPlan { hourly, .. } => (Decimal::ZERO, mul(conv(hourly)?, hpm)?),
            PriceKind::Subscription { monthly } => (Decimal::ZERO, conv(monthly)?),
            PriceKind::OnDemand { .. }
            | PriceKind::Spot { .. }
            | PriceKind::CapacityBlock { .. } => return Ok(None),
        };
        Ok(Some(Sourced {
            upfront,
            monthly,
            price: p,
            derived: false,
        }))
    }

    /// The all-upfront reservation `self` paid in equal monthly payments
    /// over its term of `term` months, at the same total.
    fn paid_monthly(&self, term: u32) -> Result<Sourced<'a>, EngineError> {
        Ok(Sourced {
            upfront: Decimal::ZERO,
            monthly: add(div(self.upfront, Decimal::from(term.max(1)))?, self.monthly)?,
            price: self.price,
            derived: true,
        })
    }
}

/// The sourced commitment prices of one offer in the display currency
/// (the book's commitment part).
pub(crate) struct Commitments<'a> {
    reserved: [Option<Sourced<'a>>; 9],
    savings: [Option<Sourced<'a>>; 3],
    subscription: Option<Sourced<'a>>,
}

impl<'a> Commitments<'a> {
    /// `nd`: the negotiated discount as the provider's rule applies it.
    pub fn build(
        offer: &'a Offer,
        fx: Fx,
        hpm: Decimal,
        nd: Negotiated,
    ) -> Result<Commitments<'a>, EngineError> {
        let slots = Slots::of(offer);
        let conv = |p: Option<&'a Price>| match p {
            Some(p) => Sourced::of(p, fx, hpm, nd),
            None => Ok(None),
        };
        let mut reserved = [None; 9];
        for (r, p) in reserved.iter_mut().zip(slots.reserved) {
            *r = conv(p)?;
        }
        if super::rules::payment_rules(offer.provider).reservations_paid_monthly {
            for term in [12, 36, 60] {
                let (Some(no), Some(all)) = (
                    reserved_slot(term, Upfront::No),
                    reserved_slot(term, Upfront::All),
                ) else {
                    continue;
                };
                if reserved[no].is_some() {
                    continue;
                }
                if let Some(a) = reserved[all].filter(|a| !a.price.split_unknown) {
                    reserved[no] = Some(a.paid_monthly(term)?);
                }
            }
        }
        Ok(Commitments {
            reserved,
            savings: [
                conv(slots.savings[0])?,
                conv(slots.savings[1])?,
                conv(slots.savings[2])?,
            ],
            subscription: conv(slots.subscription)?,
        })
    }

    fn get(&self, c: &Contract) -> Option<&Sourced<'a>> {
        match c.slot {
            Slot::Reserved => {
                reserved_slot(c.term_months, c.payment).and_then(|i| self.reserved[i].as_ref())
            }
            Slot::SavingsPlan => term_slot(c.term_months).and_then(|i| self.savings[i].as_ref()),
            Slot::Subscription => self.subscription.as_ref(),
            Slot::None => None,
        }
    }
}

/// A commitment's terms per instance, display currency, full precision.
#[derive(Debug, Clone)]
pub(crate) struct Commitment<'a> {
    pub model: BillingModel,
    /// Paid at the start of each term.
    pub upfront: Decimal,
    /// Paid every month of the term regardless of usage.
    pub monthly: Decimal,
    pub term_months: u32,
    /// Derived from the user's assumed discount, not a sourced rate.
    pub assumed: bool,
    /// The sourced price (None when assumed; the all-upfront price when
    /// `derived`).
    pub price: Option<&'a Price>,
    /// A reservation's all-upfront price paid monthly by the provider's
    /// rule ([`super::rules`]), not a sourced price of its own.
    pub derived: bool,
}

impl Commitment<'_> {
    /// Effective hourly = (upfront / term + monthly) / hours per month.
    pub fn effective_hourly(&self, hpm: Decimal) -> Result<Decimal, EngineError> {
        effective_hourly(self.upfront, self.monthly, self.term_months, hpm)
    }

    /// What the contract costs to cover `months` months: every term started
    /// within the horizon is paid in full (upfront + every monthly charge),
    /// whatever the usage. Per instance, full precision.
    pub fn contract_cost(&self, months: u32) -> Result<Decimal, EngineError> {
        let term = self.term_months.max(1);
        let terms = months.div_ceil(term);
        let per_term = add(self.upfront, mul(self.monthly, Decimal::from(term))?)?;
        mul(per_term, Decimal::from(terms))
    }

    /// The source does not publish the upfront/monthly split (see
    /// `Price::split_unknown`): the term total is right, its timing is not.
    pub fn split_unknown(&self) -> bool {
        self.price.is_some_and(|p| p.split_unknown)
    }

    /// The sourced price used (None when assumed): for a derived
    /// monthly payment, the all-upfront price it is derived from.
    pub fn src(&self) -> Option<PriceRef> {
        let model = match self.derived {
            true => all_upfront_model(self.term_months).unwrap_or(self.model),
            false => self.model,
        };
        self.price.map(|p| PriceRef::catalog(model, p))
    }
}

/// Resolve a commitment model for an offer. Sourced rates first; otherwise
/// the assumed discount of its payment option on the on-demand rate
/// (flagged assumed): no-upfront / savings plan / subscription /
/// installment pay `od × (1 − d) × hours_per_month` monthly; partial
/// upfront pays half of the term's cost upfront and half monthly; all
/// upfront pays it all upfront. None for pay-as-you-go models.
pub(crate) fn resolve<'a>(
    book: &Book<'a>,
    model: BillingModel,
    assumed: Option<&[AssumedRates]>,
) -> Result<Option<Commitment<'a>>, EngineError> {
    let Some(c) = contract(model) else {
        return Ok(None);
    };
    let term = c.term_months;
    if let Some(s) = book.commitments.get(&c) {
        return Ok(Some(Commitment {
            model,
            upfront: s.upfront,
            monthly: s.monthly,
            term_months: term,
            assumed: false,
            price: Some(s.price),
            derived: s.derived,
        }));
    }
    let (Some(rates), Some(od)) = (assumed, &book.on_demand) else {
        return Ok(None);
    };
    let Some(r) = rates.iter().find(|r| r.term_months == term) else {
        return Ok(None);
    };
    let d = match c.payment {
        Upfront::All => r.all_upfront_pct,
        Upfront::Partial => r.partial_upfront_pct,
        Upfront::No => r.no_upfront_pct,
    };
    let hpm = book.billing.hours_per_month;
    let factor = sub(Decimal::ONE, div(d, Decimal::ONE_HUNDRED)?)?;
    // a commitment is priced off the list rate; the negotiated discount
    // then applies as the provider's rule says for commitments (a user's
    // own on-demand price is already what they pay)
    let base = match od.user() {
        true => od.hourly,
        false => negotiated(book.negotiated.commitment(c.slot), od.list)?,
    };
    let monthly_full = mul(mul(base, factor)?, hpm)?;
    let term_cost = mul(monthly_full, Decimal::from(term))?;
    let (upfront, monthly) = match c.payment {
        Upfront::All => (term_cost, Decimal::ZERO),
        Upfront::Partial => (
            div(term_cost, Decimal::TWO)?,
            div(monthly_full, Decimal::TWO)?,
        ),
        Upfront::No => (Decimal::ZERO, monthly_full),
    };
    Ok(Some(Commitment {
        model,
        upfront,
        monthly,
        term_months: term,
        assumed: true,
        price: None,
        derived: false,
    }))
}

/// The month shape of a commitment model.
pub(crate) fn shape(
    model: BillingModel,
    scene: &Scene,
    book: &Book,
) -> Result<Result<Shape, Reason>, EngineError> {
    let Some(c) = resolve(book, model, scene.assumed)? else {
        return Ok(Err(Reason::NoCommitmentRate));
    };
    let od = book.on_demand.as_ref();
    let mut sources = Few::default();
    let mut notices = Few::default();
    if let Some(s) = c.src() {
        sources.push(s);
    } else if let Some(od) = od {
        sources.push(od.src());
    }
    term_notices(scene.scenario, c.term_months, &mut notices);
    let inst = book.instances;
    let user_price = c.price.is_none() && od.is_some_and(|o| o.user());
    Ok(Ok(Shape {
        upfront_per_term: mul(c.upfront, inst)?,
        term: Some(c.term_months),
        commit: mul(c.monthly, inst)?,
        commit_fmd: first_month_discount(model),
        effective_hourly: c.effective_hourly(book.billing.hours_per_month)?,
        assumed: c.assumed,
        monthly_from_upfront: c.derived,
        user_price,
        negotiated: !user_price && book.negotiated.commitment_model(model),
        cash_unknown: c.split_unknown(),
        ..Shape::empty(sources, notices)
    }))
}

/// Does the first-month discount apply to this commitment's first month?
pub(crate) fn first_month_discount(model: BillingModel) -> bool {
    contract(model).is_some_and(|c| c.first_month_discount)
}

/// Renewal and still-owed notices of a term.
pub(crate) fn term_notices(scenario: &Scenario, term: u32, notices: &mut Few<ModelNotice, 4>) {
    if term > 1 && scenario.months > term {
        notices.push(ModelNotice::CommitmentRenewed);
    }
    if term > 1 && !scenario.months.is_multiple_of(term) {
        notices.push(ModelNotice::CommitmentOwedAfterHorizon);
    }
}
