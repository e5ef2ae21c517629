//! What each commitment model commits to (term, payment option, where its
//! sourced price sits), and an offer's commitment prices picked once into
//! those slots. Shared by the per-offer resolution (`commitment`) and the
//! catalog-wide assumed rates (`assumed`).
use rust_decimal::Decimal;

use crate::domain::catalog::{Offer, Price, PriceKind, Upfront};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div};
use crate::domain::scenario::BillingModel;

/// Where a commitment's sourced price sits in the book.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Slot {
    /// A reservation of the contract's term and payment option.
    Reserved,
    /// The savings plan of the contract's term.
    SavingsPlan,
    Subscription,
    /// Never sourced (installments).
    None,
}

/// What a commitment model commits to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Contract {
    pub term_months: u32,
    /// Payment option; also picks the assumed discount (savings plans,
    /// subscriptions and installments: no upfront).
    pub payment: Upfront,
    /// The first-month discount applies to the first month's commitment.
    pub first_month_discount: bool,
    pub slot: Slot,
}

/// The contract of a commitment model; None for pay-as-you-go models.
pub(crate) fn contract(model: BillingModel) -> Option<Contract> {
    let c = |term_months, payment, slot| {
        Some(Contract {
            term_months,
            payment,
            first_month_discount: false,
            slot,
        })
    };
    match model {
        BillingModel::Ri1No => c(12, Upfront::No, Slot::Reserved),
        BillingModel::Ri1Partial => c(12, Upfront::Partial, Slot::Reserved),
        BillingModel::Ri1All => c(12, Upfront::All, Slot::Reserved),
        BillingModel::Ri3No => c(36, Upfront::No, Slot::Reserved),
        BillingModel::Ri3Partial => c(36, Upfront::Partial, Slot::Reserved),
        BillingModel::Ri3All => c(36, Upfront::All, Slot::Reserved),
        BillingModel::Ri5No => c(60, Upfront::No, Slot::Reserved),
        BillingModel::Ri5Partial => c(60, Upfront::Partial, Slot::Reserved),
        BillingModel::Ri5All => c(60, Upfront::All, Slot::Reserved),
        BillingModel::Sp1 => c(12, Upfront::No, Slot::SavingsPlan),
        BillingModel::Sp3 => c(36, Upfront::No, Slot::SavingsPlan),
        BillingModel::Subscription => Some(Contract {
            term_months: 1,
            payment: Upfront::No,
            first_month_discount: true,
            slot: Slot::Subscription,
        }),
        BillingModel::Installment => c(12, Upfront::No, Slot::None),
        // a Capacity Block's window is the need's, not a fixed term
        BillingModel::OnDemand
        | BillingModel::Spot
        | BillingModel::Mix
        | BillingModel::CapacityBlock => None,
    }
}

/// The all-upfront reservation model of a term (12, 36 or 60 months).
pub(crate) fn all_upfront_model(term: u32) -> Option<BillingModel> {
    match term {
        12 => Some(BillingModel::Ri1All),
        36 => Some(BillingModel::Ri3All),
        60 => Some(BillingModel::Ri5All),
        _ => None,
    }
}

/// Index of a commitment term in the book (1, 3 and 5 years).
pub(crate) fn term_slot(term: u32) -> Option<usize> {
    match term {
        12 => Some(0),
        36 => Some(1),
        60 => Some(2),
        _ => None,
    }
}

/// Index of a reservation (term × payment option) in the book.
pub(crate) fn reserved_slot(term: u32, pay: Upfront) -> Option<usize> {
    let p = match pay {
        Upfront::No => 0,
        Upfront::Partial => 1,
        Upfront::All => 2,
    };
    term_slot(term).map(|t| t * 3 + p)
}

/// The commitment prices of one offer as published (offer's currency),
/// picked in one pass over its prices: each model then reads its slot
/// instead of scanning the prices again.
pub(crate) struct Slots<'a> {
    /// Reserved: [1y no, partial, all, 3y no, partial, all, 5y no, partial, all].
    pub reserved: [Option<&'a Price>; 9],
    /// Savings plans: [1y, 3y, 5y].
    pub savings: [Option<&'a Price>; 3],
    pub subscription: Option<&'a Price>,
}

impl<'a> Slots<'a> {
    pub fn of(offer: &'a Offer) -> Slots<'a> {
        let mut b = Slots {
            reserved: [None; 9],
            savings: [None; 3],
            subscription: None,
        };
        for p in &offer.prices {
            let slot = match p.kind {
                PriceKind::Reserved {
                    term_months,
                    payment,
                    ..
                } => reserved_slot(term_months, payment).map(|i| &mut b.reserved[i]),
                PriceKind::SavingsPlan { term_months, .. } => {
                    let Some(t) = term_slot(term_months) else {
                        continue;
                    };
                    let cur = &mut b.savings[t];
                    if cur.is_none_or(|c| {
                        (p.indicative, p.kind.figure()) < (c.indicative, c.kind.figure())
                    }) {
                        *cur = Some(p);
                    }
                    continue;
                }
                PriceKind::Subscription { .. } => Some(&mut b.subscription),
                PriceKind::OnDemand { .. }
                | PriceKind::Spot { .. }
                | PriceKind::CapacityBlock { .. } => None,
            };
            if let Some(cur) = slot {
                if cur.is_none_or(|c| p.preferred_over(c)) {
                    *cur = Some(p);
                }
            }
        }
        b
    }

    /// The sourced reservation of a term (12 or 36 months) and payment option.
    pub fn reserved(&self, term: u32, pay: Upfront) -> Option<&'a Price> {
        reserved_slot(term, pay).and_then(|i| self.reserved[i])
    }
}

/// Effective hourly = (upfront / term + monthly) / hours per month.
pub(crate) fn effective_hourly(
    upfront: Decimal,
    monthly: Decimal,
    term_months: u32,
    hpm: Decimal,
) -> Result<Decimal, EngineError> {
    let per_month = add(div(upfront, Decimal::from(term_months.max(1)))?, monthly)?;
    div(per_month, hpm)
}
