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

/// Where a provider's negotiated discount (`nd`: an EDP or private pricing
/// term, an enterprise agreement's price sheet, a 商务折扣) applies, as the
/// provider's billing documents say ([`negotiated_source`]). A charge they
/// do not settle keeps its list price and the results say "list": the
/// figure is then at most what the buyer pays, never a guess below it.
///
/// The discount applies to the rate, before promotions: the first-month
/// discount and a student price's percent apply to the negotiated
/// on-demand rate, and a credit pays what is left (Tencent documents this
/// order; the others document none, see `docs/PRICING.md`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NegotiatedRule {
    /// Pay-as-you-go hours at the catalog's price (a user-entered price is
    /// already what the user pays).
    pub on_demand: bool,
    /// Reservations, upfront and monthly.
    pub reservations: bool,
    pub savings_plans: bool,
    /// Subscriptions (包年包月) and installments.
    pub subscriptions: bool,
    pub spot: bool,
    pub capacity_block: bool,
    /// Egress, cross-region transfer, storage and fixed bandwidth at the
    /// catalog's rates.
    pub data: bool,
}

/// The negotiated-discount rule of a provider.
pub const fn negotiated_rule(p: ProviderId) -> NegotiatedRule {
    const NONE: NegotiatedRule = NegotiatedRule {
        on_demand: false,
        reservations: false,
        savings_plans: false,
        subscriptions: false,
        spot: false,
        capacity_block: false,
        data: false,
    };
    match p {
        ProviderId::Aws => NegotiatedRule {
            on_demand: true,
            reservations: true,
            savings_plans: true,
            ..NONE
        },
        ProviderId::Azure => NegotiatedRule {
            on_demand: true,
            reservations: true,
            ..NONE
        },
        ProviderId::Alibaba => NegotiatedRule {
            on_demand: true,
            ..NONE
        },
        ProviderId::Tencent => NegotiatedRule {
            on_demand: true,
            subscriptions: true,
            ..NONE
        },
    }
}

/// Where [`negotiated_rule`] was read, apart from it so the app's wasm,
/// which applies the rule, does not carry the quotations (the worker's
/// reasons and the docs cite them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleSource {
    /// The documents: title, address, date read.
    pub source: &'static str,
    /// What they say that the rule rests on.
    pub says: &'static str,
}

/// The source of a provider's negotiated-discount rule.
pub const fn negotiated_source(p: ProviderId) -> RuleSource {
    match p {
        ProviderId::Aws => RuleSource {
            source: "AWS Data Exports user guide, \"Discount columns\" and \"Reservation \
                     columns\" (docs.aws.amazon.com/cur/latest/userguide/\
                     table-dictionary-cur2-discount.html, …-reservation.html, read 2026-12-06)",
            says: "an EDP or private rate discount is its own discount on the usage line it \
                   applies to; the net reservation and savings plan cost columns are included \
                   only when the account has a discount. Spot, Capacity Blocks and data \
                   charges: not stated",
        },
        ProviderId::Azure => RuleSource {
            source: "Microsoft Learn, MCA price sheet \"unitPrice\" and \"How a savings plan \
                     discount is applied\" (learn.microsoft.com/azure/cost-management-billing/\
                     savings-plan/discount-application, dated 2025-01-07, read 2026-12-06)",
            says: "the unit price is inclusive of any negotiated discounts on top of the market \
                   price; for reservations it reflects the total cost of the commitment \
                   including discounts; a savings plan keeps its own rate (Azure uses the lower \
                   of it and a discounted pay-as-you-go rate). Spot, disks and bandwidth: not \
                   stated",
        },
        ProviderId::Alibaba => RuleSource {
            source: "Alibaba Cloud billing FAQ, \"How is the bill amount of pay-as-you-go \
                     services calculated\" (alibabacloud.com/help/faq-detail/106922.html, \
                     read 2026-12-06)",
            says: "for pay-as-you-go services the system records the original cost, discounts \
                   and coupons. Subscriptions, spot, disks and traffic: not stated",
        },
        ProviderId::Tencent => RuleSource {
            source: "Tencent Cloud, 云服务退货说明 and 资源账单 2.0 \
                     (cloud.tencent.com/document/product/555, qcloud-documents, read 2026-12-06)",
            says:
                "已消耗金额 = 包月价格 × 已使用整月月份 × 当前折扣 + 按量计费时长 × 当前按量单价 × \
                   当前折扣; 折后总费用 = 代金券支付 + 赠送金支付 + 现金支付 (the discount first, \
                   then vouchers). Reserved instances, spot, disks and bandwidth: not stated",
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

    #[test]
    fn every_negotiated_rule_names_its_source() {
        for p in ProviderId::ALL {
            let r = negotiated_rule(p);
            assert!(
                r.on_demand,
                "{p:?}: every provider documents a discount on pay-as-you-go"
            );
            let s = negotiated_source(p);
            assert!(!s.source.is_empty() && !s.says.is_empty(), "{p:?}");
            // not documented anywhere: kept at list
            assert!(!r.spot && !r.capacity_block && !r.data, "{p:?}");
        }
        assert!(!negotiated_rule(ProviderId::Azure).savings_plans);
        assert!(negotiated_rule(ProviderId::Tencent).subscriptions);
    }
}
