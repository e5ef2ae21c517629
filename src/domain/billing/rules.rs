//! Each provider's payment rules that change what is owed, with the source
//! each was read from: one table, so a rule is changed in one place and a
//! provider without a row follows the scenario as given.
//!
//! * What a promotional credit (`cr`) may pay. AWS: not the upfront of a
//!   Partial or All Upfront Reserved Instance or of a Savings Plan; the
//!   hourly and monthly charges, yes.
use crate::domain::catalog::ProviderId;

/// A provider's payment rules and where they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentRules {
    /// Whether a promotional credit may pay a commitment's upfront.
    pub credits_pay_upfront: bool,
    /// The document the rules were read from (None: no rule read; the
    /// credit pays every charge, as the scenario states it).
    pub source: Option<&'static str>,
}

/// The payment rules of a provider.
pub const fn payment_rules(p: ProviderId) -> PaymentRules {
    match p {
        ProviderId::Aws => PaymentRules {
            credits_pay_upfront: false,
            source: Some(
                "AWS Knowledge Center, \"Can I use AWS promotional credits to purchase a Reserved \
                 Instance or Savings Plan?\" (repost.aws/knowledge-center/credits-ri): credits \
                 can't be applied to upfront costs for Partial Upfront RIs, All Upfront RIs or \
                 Savings Plans; the hourly rates can be covered",
            ),
        },
        _ => PaymentRules {
            credits_pay_upfront: true,
            source: None,
        },
    }
}
