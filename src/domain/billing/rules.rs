//! Each provider's payment rules that change what is owed, with the source
//! each was read from: one table, so a rule is changed in one place and a
//! provider without a row follows the scenario as given.
//!
//! * What a promotional credit (`cr`) may pay. AWS: not the upfront of a
//!   Partial or All Upfront Reserved Instance or of a Savings Plan; the
//!   hourly and monthly charges, yes.
//! * Whether a reservation bought upfront may be paid monthly instead.
//!   Azure: yes, the upfront total divided evenly over the months of the
//!   term, the same total, no extra fee. Where the catalog has an Azure
//!   reservation's all-upfront price and no sourced no-upfront price of
//!   that term, the book derives the no-upfront option from it
//!   (`commitment::Commitments::build`); the result says so
//!   (`ModelQuote::monthly_from_upfront`) and cites the all-upfront price.
use crate::domain::catalog::ProviderId;

/// A provider's payment rules and where they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentRules {
    /// Whether a promotional credit may pay a commitment's upfront.
    pub credits_pay_upfront: bool,
    /// Whether a reservation's all-upfront total may be paid in equal
    /// monthly payments over its term at the same total.
    pub reservations_paid_monthly: bool,
    /// The document the rules were read from: its title, address and
    /// date (None: no rule read; the credit pays every charge, as the
    /// scenario states it, and a reservation is paid as its sourced prices
    /// say).
    pub source: Option<&'static str>,
    /// What the document says that the rules rest on.
    pub says: &'static str,
}

/// The payment rules of a provider.
pub const fn payment_rules(p: ProviderId) -> PaymentRules {
    match p {
        ProviderId::Aws => PaymentRules {
            credits_pay_upfront: false,
            reservations_paid_monthly: false,
            source: Some(
                "AWS Knowledge Center, \"Can I use AWS promotional credits to purchase a Reserved \
                 Instance or Savings Plan?\" (repost.aws/knowledge-center/credits-ri)",
            ),
            says: "credits can't be applied to upfront costs for Partial Upfront RIs, All \
                   Upfront RIs or Savings Plans; the hourly rates can be covered",
        },
        ProviderId::Azure => PaymentRules {
            credits_pay_upfront: true,
            reservations_paid_monthly: true,
            source: Some(
                "Microsoft Learn, \"Purchase reservations with monthly payments\" \
                 (learn.microsoft.com/azure/cost-management-billing/reservations/\
                 monthly-payments-reservations, dated 2020-03-24, read 2026-12-06)",
            ),
            says: "the monthly payment option divides the total cost of the reservation evenly \
                   over each month of the term; the total cost of up-front and monthly \
                   reservations is the same, with no extra fees",
        },
        ProviderId::Alibaba | ProviderId::Tencent => PaymentRules {
            credits_pay_upfront: true,
            reservations_paid_monthly: false,
            source: None,
            says: "",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_that_changes_a_figure_has_its_source() {
        for p in ProviderId::ALL {
            let r = payment_rules(p);
            let default = r.credits_pay_upfront && !r.reservations_paid_monthly;
            assert_eq!(r.source.is_none(), default, "{p:?}");
            assert_eq!(r.says.is_empty(), default, "{p:?}");
        }
        assert!(payment_rules(ProviderId::Azure).reservations_paid_monthly);
        assert!(!payment_rules(ProviderId::Aws).reservations_paid_monthly);
    }
}
