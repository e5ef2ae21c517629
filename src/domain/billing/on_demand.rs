//! On-demand / pay-as-you-go (`od`).
//!
//! * One session per month of `h` hours. Billed hours = `h` rounded **up**
//!   to the provider's granularity (`granularity_seconds`), and at least
//!   `minimum_seconds` when `h > 0`.
//! * The first-month discount (`fmd`) applies to month 1's usage.
//! * The **student price** (`stu`) applies to on-demand hours only, at most
//!   `stucap` hours a day for the **whole account** (`stucap ×
//!   hours_per_month / 24` hours a month across every instance); a student
//!   hourly price is in its own currency (converted once, in the
//!   `Scene`), and never above the on-demand price (step 1's).
//! * A **stepped price** (Tencent's) is billed month by month as
//!   [`steps`](super::steps) says: `usage` is month 1's, the cash flow
//!   asks the ramp for the others.
use rust_decimal::Decimal;

use super::steps::Ramp;
use super::{Book, Few, Granularity, ModelNotice, OnDemandRate, Reason, Scene, Shape, Student};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, sub};

/// Billed on-demand hours for `h` hours in one session (see module docs).
/// Hours carry at most 6 decimals (3.6 ms), so the seconds are read to the
/// centisecond before rounding up: an hours figure that is a whole number of
/// seconds at 6 dp (a job's) is billed as those seconds, not one more.
pub(crate) fn billed_hours(h: Decimal, b: &Granularity) -> Result<Decimal, EngineError> {
    if h <= Decimal::ZERO {
        return Ok(Decimal::ZERO);
    }
    let secs = mul(h, Decimal::from(3600))?.round_dp(2);
    let g = Decimal::from(b.granularity_s);
    let billed = mul(div(secs, g)?.ceil(), g)?.max(Decimal::from(b.minimum_s));
    div(billed, Decimal::from(3600))
}

pub(crate) fn shape(scene: &Scene, book: &Book) -> Result<Result<Shape, Reason>, EngineError> {
    let Some(od) = &book.on_demand else {
        return Ok(Err(Reason::NoSourcedPrice));
    };
    let h = scene.scenario.hours_per_month;
    let mut sources = Few::default();
    let mut notices = Few::default();
    sources.push(od.src());
    let billed = scene.billed_hours(&book.billing)?;
    let charge = fleet_charge(scene, book, od, billed, &mut notices)?;
    let nd = book.negotiated.on_demand().filter(|_| !od.user());
    let ramp = match od.price {
        Some(p) if billed > Decimal::ZERO && p.steps.len() > 1 => {
            let fleet = div(charge.at_od_hours, billed)?;
            // a student price never raises a month above the steps alone
            let cap = (scene.student.is_some()).then_some(book.instances);
            Ramp::of(scene, p, nd, billed, fleet, charge.fixed, cap)?
        }
        _ => None,
    };
    if ramp.is_some() {
        notices.push(ModelNotice::SteppedPrice);
    }
    let fleet = match &ramp {
        Some(r) => r.month(1),
        None => add(charge.fixed, mul(charge.at_od_hours, od.hourly)?)?,
    };
    let effective_hourly = if h > Decimal::ZERO {
        div(div(fleet, book.instances)?, h)?
    } else {
        od.hourly
    };
    Ok(Ok(Shape {
        usage: fleet,
        usage_fmd: fleet,
        effective_hourly,
        user_price: od.user(),
        // a negotiated rate goes in where hours are charged at it
        negotiated: charge.at_rate && !od.user() && book.negotiated.on_demand().is_some(),
        ramp: ramp.map(Box::new),
        ..Shape::empty(sources, notices)
    }))
}

/// A month's on-demand charge of the fleet, in two parts: what the
/// student promotion prices (a fixed sum) and the hours charged at the
/// on-demand rate.
struct FleetCharge {
    fixed: Decimal,
    at_od_hours: Decimal,
    /// Whether any of it is charged at (or from) the on-demand rate: not
    /// when a student hourly price below it takes every hour.
    at_rate: bool,
}

/// On-demand charge of the fleet for a month with the student promotion:
/// student-priced hours are capped for the whole account.
fn fleet_charge(
    scene: &Scene,
    book: &Book,
    od: &OnDemandRate,
    billed: Decimal,
    notices: &mut Few<ModelNotice, 4>,
) -> Result<FleetCharge, EngineError> {
    let fleet_hours = mul(billed, book.instances)?;
    let Some(stu) = scene.student else {
        return Ok(FleetCharge {
            fixed: Decimal::ZERO,
            at_od_hours: fleet_hours,
            at_rate: true,
        });
    };
    let cap = div(
        mul(
            scene.scenario.promotions.student_daily_cap_hours,
            book.billing.hours_per_month,
        )?,
        Decimal::from(24),
    )?;
    let sh = fleet_hours.min(cap);
    let price = match stu {
        Student::Hourly(v) => v,
        Student::DiscountPct(d) => {
            mul(od.hourly, sub(Decimal::ONE, div(d, Decimal::ONE_HUNDRED)?)?)?
        }
    };
    notices.push(ModelNotice::StudentPriceApplied);
    // never above the on-demand price: a promotion cannot raise a total
    let at_rate = matches!(stu, Student::DiscountPct(_)) || sh < fleet_hours || price >= od.hourly;
    let price = price.min(od.hourly);
    Ok(FleetCharge {
        fixed: mul(sh, price)?,
        at_od_hours: sub(fleet_hours, sh)?,
        at_rate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::billing::Scene;
    use crate::domain::embedded::test_catalog;
    use crate::domain::scenario::Scenario;

    /// The scene answers each granularity and minimum as `billed_hours`
    /// does, whichever it was asked before (it keeps the last answer).
    #[test]
    fn the_scene_keeps_billed_hours_per_granularity_and_minimum() {
        let s = Scenario {
            hours_per_month: "0.0101".parse().unwrap(),
            ..Scenario::default()
        };
        let scene = Scene::new(test_catalog(), &s, None, None).unwrap();
        let g = |granularity_s, minimum_s| Granularity {
            granularity_s,
            minimum_s,
            hours_per_month: Decimal::from(730),
        };
        // 0.0101 h = 36.36 s: per second 37 s, per minute 60 s, 60 s minimum
        // 60 s, per hour 3600 s; each asked after another
        let asked = [
            g(1, 0),
            g(1, 0),
            g(60, 0),
            g(1, 60),
            g(1, 0),
            g(3600, 0),
            g(60, 0),
        ];
        let billed: Vec<Decimal> = asked
            .iter()
            .map(|b| scene.billed_hours(b).unwrap())
            .collect();
        for (b, got) in asked.iter().zip(&billed) {
            assert_eq!(*got, billed_hours(s.hours_per_month, b).unwrap());
        }
        let secs: Vec<Decimal> = billed
            .iter()
            .map(|h| (*h * Decimal::from(3600)).round_dp(9))
            .collect();
        let want: Vec<Decimal> = [37, 37, 60, 60, 37, 3600, 60].map(Decimal::from).to_vec();
        assert_eq!(secs, want);
    }
}
