//! A stepped pay-as-you-go price (Tencent's 三级阶梯价), billed as published.
//!
//! * The price falls after set hours of an instance's use: Tencent's
//!   `ItemPrice` gives step 1 for (0, 96) h, step 2 for (96, 360) h and
//!   step 3 after 360 h (API reference 213/15726); its pricing page
//!   (213/2176) counts the hours per configuration, restarting only when
//!   the configuration changes, and states no monthly reset. So the
//!   hours are counted over the instance's life: month `k` of `H` billed
//!   hours covers hours `((k − 1)·H, k·H]`, each at its step's rate.
//! * The steps are quoted for the inquired configuration (instance and its
//!   default system disk) and cover the instance only (213/2176: not disk
//!   or network), so the instance alone pays `hourly − (steps[0] −
//!   steps[i])` in step `i`, where `hourly` is the catalog's price.
//! * The negotiated discount, where the provider's rule applies it to
//!   pay-as-you-go hours, applies to every step.
//! * With a student price the fleet's student-priced hours are the same
//!   each month ([`on_demand`](super::on_demand)): they are a fixed part
//!   of every month, and the rest is that share of each instance's hours
//!   at the stepped rates. A promotion never raises a month: once the
//!   steps fall below the student price, the month is billed at the steps
//!   alone (`cap`).
use rust_decimal::Decimal;

use super::{negotiated, Scene};
use crate::domain::catalog::{Price, PriceKind};
use crate::domain::error::EngineError;
use crate::domain::money::{add, mul, sub};

/// At most this many steps (validation refuses more).
pub(crate) const MAX_STEPS: usize = 3;

/// No step starts after a year of use, 366 × 24 h (validation refuses it;
/// Tencent's start at 96 and 360 h).
pub(crate) const MAX_FROM_HOURS: u32 = 8784;

/// Does the price step down (an on-demand price with two or three steps,
/// not all equal: equal steps, a type without them, are one price)?
pub fn stepped(price: &Price) -> bool {
    matches!(price.kind, PriceKind::OnDemand { .. })
        && (2..=MAX_STEPS).contains(&price.steps.len())
        && price
            .steps
            .iter()
            .any(|s| s.hourly != price.steps[0].hourly)
}

/// A stepped price's steps as the instance alone pays them: (from hour,
/// per hour in the price's currency), `hourly − (steps[0] − steps[i])`;
/// empty for a price that does not step down.
pub fn instance_steps(price: &Price) -> Result<Vec<(u32, Decimal)>, EngineError> {
    let (PriceKind::OnDemand { hourly }, Some(first), true) =
        (&price.kind, price.steps.first(), stepped(price))
    else {
        return Ok(Vec::new());
    };
    price
        .steps
        .iter()
        .map(|s| Ok((s.from_hours, sub(*hourly, sub(first.hourly, s.hourly)?)?)))
        .collect()
}

/// Each month's usage charge of a stepped price (display currency, full
/// precision, fleet). Copied into the cash flow, which asks it for the
/// months whose hours are not all in the last step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ramp {
    /// Billed hours per instance per month (> 0).
    hours: Decimal,
    /// Instances' worth of hours charged at the stepped rate.
    fleet: Decimal,
    /// The part of each month charged at a fixed rate (student hours, or
    /// the spot mix's spot share).
    base: Decimal,
    /// With a promotion in `base`: the instances whose every hour at the
    /// steps caps each month (a promotion never raises a month).
    cap: Option<Decimal>,
    /// (from hour, rate per instance-hour) of each step, ascending; the
    /// unused ones after `n` are never read.
    steps: [(Decimal, Decimal); MAX_STEPS],
    n: usize,
}

impl Ramp {
    /// The ramp of an on-demand catalog price with steps, for `hours`
    /// billed per instance a month; None without steps (or hours).
    pub(crate) fn of(
        scene: &Scene,
        price: &Price,
        nd: Option<Decimal>,
        hours: Decimal,
        fleet: Decimal,
        base: Decimal,
        cap: Option<Decimal>,
    ) -> Result<Option<Ramp>, EngineError> {
        if !stepped(price) || hours <= Decimal::ZERO {
            return Ok(None);
        }
        let mut steps = [(Decimal::ZERO, Decimal::ZERO); MAX_STEPS];
        for (slot, (from, bare)) in steps.iter_mut().zip(instance_steps(price)?) {
            let rate = negotiated(nd, scene.fx.conv(bare, price.currency)?)?;
            *slot = (Decimal::from(from), rate);
        }
        let ramp = Ramp {
            hours,
            fleet,
            base,
            cap,
            steps,
            n: price.steps.len(),
        };
        // the largest month's figures computed once, checked: every month's
        // figures are no larger (`month` then cannot overflow)
        add(base, mul(mul(fleet, hours)?, ramp.steps[0].1)?)?;
        mul(mul(cap.unwrap_or_default(), hours)?, ramp.steps[0].1)?;
        mul(
            Decimal::from(ramp.months_stepping().saturating_add(1)),
            hours,
        )?;
        Ok(Some(ramp))
    }

    /// The fleet's usage charge in month `k` (1-based).
    pub(crate) fn month(&self, k: u32) -> Decimal {
        let start = Decimal::from(k - 1) * self.hours;
        let end = start + self.hours;
        let mut charge = Decimal::ZERO;
        for i in 0..self.n {
            let (from, rate) = self.steps[i];
            let to = self
                .steps
                .get(i + 1)
                .filter(|_| i + 1 < self.n)
                .map(|s| s.0);
            let lo = start.max(from);
            let hi = to.map_or(end, |t| end.min(t));
            if hi > lo {
                charge += (hi - lo) * rate;
            }
        }
        let month = self.base + self.fleet * charge;
        match self.cap {
            Some(all) => month.min(all * charge),
            None => month,
        }
    }

    /// The months with hours before the last step: every later month is
    /// [`month`](Self::month)`(months_stepping() + 1)`.
    pub(crate) fn months_stepping(&self) -> u32 {
        let last = self.steps[self.n - 1].0;
        // (k − 1)·H ≥ last ⇔ k ≥ last / H + 1
        u32::try_from((last / self.hours).ceil().mantissa()).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalog::{Currency, Step};
    use crate::domain::embedded::test_catalog;
    use crate::domain::scenario::Scenario;

    fn price(hourly: &str, steps: &[(u32, &str)]) -> Price {
        let mut p = test_catalog()
            .offers
            .iter()
            .find_map(|o| o.on_demand())
            .unwrap()
            .clone();
        p.kind = PriceKind::OnDemand {
            hourly: hourly.parse().unwrap(),
        };
        p.currency = Currency::USD;
        p.steps = steps
            .iter()
            .map(|(h, v)| Step {
                from_hours: *h,
                hourly: v.parse().unwrap(),
            })
            .collect();
        p
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    /// Months cover consecutive hours of the instance's life; the steps
    /// are those of the configuration, less its disk's constant share.
    #[test]
    fn each_month_bills_its_own_hours_at_their_steps() {
        let s = Scenario::default();
        let scene = Scene::new(test_catalog(), &s, None, None).unwrap();
        // the instance alone 9.5; the configuration 10 → 5 → 3.4 (disk 0.5):
        // the instance 9.5, 4.5, 2.9
        let p = price("9.5", &[(0, "10"), (96, "5"), (360, "3.4")]);
        let r = Ramp::of(&scene, &p, None, d("100"), d("2"), d("1"), None)
            .unwrap()
            .unwrap();
        // month 1: 96 × 9.5 + 4 × 4.5 = 912 + 18 = 930; × 2 + 1 = 1861
        assert_eq!(r.month(1), d("1861"));
        // month 2 (100, 200]: 100 × 4.5 = 450 → 901
        assert_eq!(r.month(2), d("901"));
        // month 4 (300, 400]: 60 × 4.5 + 40 × 2.9 = 270 + 116 = 386 → 773
        assert_eq!(r.month(4), d("773"));
        // month 5 (400, 500]: 100 × 2.9 = 290 → 581, and so on
        assert_eq!(r.months_stepping(), 4);
        assert_eq!(r.month(5), d("581"));
        assert_eq!(r.month(60), d("581"));
        // a month longer than every step: 730 h
        let r = Ramp::of(&scene, &p, Some(d("0.9")), d("730"), d("1"), d("0"), None)
            .unwrap()
            .unwrap();
        // 0.9 × (96 × 9.5 + 264 × 4.5 + 370 × 2.9) = 0.9 × (912 + 1188 + 1073)
        // = 0.9 × 3173 = 2855.7; then 0.9 × 730 × 2.9 = 1905.3
        assert_eq!(r.months_stepping(), 1);
        assert_eq!(r.month(1), d("2855.7"));
        assert_eq!(r.month(2), d("1905.3"));
        // no steps: no ramp
        let flat = price("9.5", &[]);
        assert!(
            Ramp::of(&scene, &flat, None, d("730"), d("1"), d("0"), None)
                .unwrap()
                .is_none()
        );
    }
}
