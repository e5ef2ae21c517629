//! EC2 Capacity Blocks for ML (`cb`): GPU instances reserved for a window
//! of whole days in one Availability Zone, paid upfront when bought, not
//! cancellable.
//!
//! AWS's rules (EC2 User Guide, "Find and purchase Capacity Blocks"; API
//! `DescribeCapacityBlockOfferings`, `CapacityDurationHours`): a block lasts
//! 1 to 14 days in steps of a day, then up to 182 days in steps of 7 days;
//! one block holds up to 64 instances and an account up to 256 across its
//! blocks. The catalog's price is the reservation fee per instance-hour
//! (`PriceKind::CapacityBlock`); a Linux instance's operating-system fee in
//! a block is $0.00 in the price list, so the fee is the whole price.
//!
//! How the scenario's hours become blocks:
//! * **One run** (a job: `Scenario::run_hours`, its wall hours back to
//!   back), or a scenario that runs all month (`hours_per_month` ≥ 730):
//!   one block covering every hour of the horizon, `⌈hours ÷ 24⌉` days
//!   rounded up to the durations sold, paid upfront in month 1 (term = the
//!   horizon).
//! * **Part of each month** (fewer than 730 hours a month): the month's
//!   hours are taken to run back to back, one block of `⌈h ÷ 24⌉` days
//!   (rounded as above) bought each month (term = 1 month); when that
//!   block would be as long as the month (more than 28 days), blocks would
//!   overlap, so the horizon's 730-hour months are one block as above.
//! * Longer than 182 days, or more than 256 instances: not offered
//!   (`capacity_block_limits`); no price in the catalog:
//!   `no_capacity_block`.
//!
//! Promotional credits never pay the block (`Book::credit_pays_upfront`
//! follows the provider's rule for upfronts, [`super::rules`]).
use rust_decimal::Decimal;

use super::{Book, Few, ModelNotice, PriceRef, Reason, Scene, Shape};
use crate::domain::catalog::PriceKind;
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul};
use crate::domain::scenario::{BillingModel, DEFAULT_HOURS_PER_MONTH};

/// The longest block sold, days.
pub const MAX_DAYS: u32 = 182;
/// Days sold one by one up to this; beyond, in steps of [`WEEK`].
pub const DAILY_UP_TO: u32 = 14;
const WEEK: u32 = 7;
/// Most instances one account holds across its blocks.
pub const MAX_INSTANCES: u32 = 256;

/// The days of the shortest block sold that covers `hours` (≥ 1 day), or
/// None beyond [`MAX_DAYS`].
pub fn block_days(hours: Decimal) -> Option<u32> {
    let days = div(hours, Decimal::from(24)).ok()?.ceil();
    let days = u32::try_from(days.mantissa()).ok()?.max(1);
    let days = if days <= DAILY_UP_TO {
        days
    } else {
        days.div_ceil(WEEK) * WEEK
    };
    (days <= MAX_DAYS).then_some(days)
}

pub(crate) fn shape(scene: &Scene, book: &Book) -> Result<Result<Shape, Reason>, EngineError> {
    let sc = scene.scenario;
    let Some(p) = book.capacity_block else {
        return Ok(Err(Reason::NoCapacityBlock));
    };
    let PriceKind::CapacityBlock { hourly } = p.kind else {
        return Ok(Err(Reason::NoCapacityBlock));
    };
    let rate = super::negotiated(
        book.negotiated.capacity_block(),
        scene.fx.conv(hourly, p.currency)?,
    )?;
    let h = sc.hours_per_month;
    let months = Decimal::from(sc.months);
    // (hours one block covers, its term in months)
    let month = Decimal::from(DEFAULT_HOURS_PER_MONTH);
    let (covered, term) = match sc.run_hours {
        Some(run) => (run, sc.months),
        None if h >= month => (mul(h, months)?, sc.months),
        // a month's block as long as the month would overlap the next
        // one's: the horizon is one block
        None if block_days(h).is_none_or(|d| Decimal::from(d * 24) >= month) => {
            (mul(month, months)?, sc.months)
        }
        None => (h, 1),
    };
    let instances = book.instances;
    let Some(days) = block_days(covered) else {
        return Ok(Err(Reason::CapacityBlockLimits));
    };
    if instances > Decimal::from(MAX_INSTANCES) {
        return Ok(Err(Reason::CapacityBlockLimits));
    }
    let block_hours = Decimal::from(days * 24);
    let per_instance = mul(rate, block_hours)?;
    let upfront = mul(per_instance, instances)?;
    // per instance-hour used: what the blocks cost ÷ the hours they serve
    let used = mul(h, months)?;
    let blocks = Decimal::from(sc.months.div_ceil(term.max(1)));
    let effective_hourly = if used > Decimal::ZERO {
        div(mul(per_instance, blocks)?, used)?
    } else {
        rate
    };
    let mut sources = Few::default();
    sources.push(PriceRef::catalog(BillingModel::CapacityBlock, p));
    let mut notices = Few::default();
    notices.push(ModelNotice::CapacityBlockDays { days });
    Ok(Ok(Shape {
        upfront_per_term: upfront,
        term: Some(term),
        effective_hourly,
        negotiated: book.negotiated.capacity_block().is_some(),
        ..Shape::empty(sources, notices)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn blocks_are_whole_days_then_weeks_up_to_182_days() {
        assert_eq!(block_days(d("0.5")), Some(1));
        assert_eq!(block_days(d("24")), Some(1));
        assert_eq!(block_days(d("24.01")), Some(2));
        // 14 days exactly, then the next step is 21
        assert_eq!(block_days(d("336")), Some(14));
        assert_eq!(block_days(d("337")), Some(21));
        // 3 months of 730 h: 2,190 h = 91.25 days → 92 → 14 weeks = 98 days
        assert_eq!(block_days(d("2190")), Some(98));
        // 182 days = 4,368 h is the longest; an hour more is not sold
        assert_eq!(block_days(d("4368")), Some(182));
        assert_eq!(block_days(d("4369")), None);
    }
}
