//! Issue 49 point 2, Tencent's stepped pay-as-you-go price billed as
//! published (`billing::steps`): hand-worked goldens. The catalog has no
//! published steps yet (the refresh reads them from
//! `InquiryPriceRunInstances`), so the tests give one offer the steps a
//! refresh would write: GN10Xp.2XLARGE40 in Guangzhou, 11.98 ¥/h for the
//! instance alone; the configuration with its 0.40 ¥/h system disk quoted
//! at 12.38 / 6.39 / 4.47 ¥/h from 0, 96 and 360 h (Tencent's 50 % and
//! 34 % of the instance's step 1: 5.99 and 4.0732 → 4.07, plus the disk).
//! The instance alone then pays 11.98, 11.98 − (12.38 − 6.39) = 5.99 and
//! 11.98 − (12.38 − 4.47) = 4.07 ¥/h. Month lines are rounded to cents
//! half away from zero, then summed (src/domain/money.rs).
#![cfg(not(target_arch = "wasm32"))]

use gpucost::domain::catalog::{Catalog, PriceKind, Step};
use gpucost::domain::tco::{quote, ModelNotice};
use gpucost::domain::validate::{validate, ValidationError};
use gpucost::ui::link;
use rust_decimal::Decimal;

mod support;
use support::{cat, d};

const GN: &str = "tencent:ap-guangzhou:GN10Xp.2XLARGE40";

fn steps(s: &[(u32, &str)]) -> Vec<Step> {
    s.iter()
        .map(|(h, v)| Step {
            from_hours: *h,
            hourly: d(v),
        })
        .collect()
}

/// The catalog with GN's on-demand price given `s` as its steps.
fn stepped(s: &[(u32, &str)]) -> Catalog {
    let mut c = cat().clone();
    let o = c.offers.iter_mut().find(|o| o.id.as_str() == GN).unwrap();
    let p = o
        .prices
        .iter_mut()
        .find(|p| matches!(p.kind, PriceKind::OnDemand { .. }))
        .unwrap();
    assert_eq!(p.kind, PriceKind::OnDemand { hourly: d("11.98") });
    assert!(p.steps.is_empty() && p.range_min.is_none());
    p.steps = steps(s).into();
    c
}

fn published() -> Catalog {
    let c = stepped(&[(0, "12.38"), (96, "6.39"), (360, "4.47")]);
    assert_eq!(validate(&c), vec![], "the steps validate");
    c
}

/// (decision cost, month usages, notices) of the link's one offer, on-demand.
fn od(c: &Catalog, q: &str) -> (Decimal, Vec<Decimal>, Vec<ModelNotice>) {
    let (l, notices) = link::parse(q, c);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    let out = quote(c, &l.scenario).unwrap();
    let m = &out.offers[0].models[0];
    let usage = m.lines().iter().map(|l| l.usage).collect();
    (
        m.decision_cost.unwrap().amount(),
        usage,
        m.notices.iter().copied().collect(),
    )
}

/// 730 h a month, 12 months:
/// * month 1, hours 0–730: 96 × 11.98 = 1,150.08; 264 × 5.99 = 1,581.36;
///   370 × 4.07 = 1,505.90; together 4,237.34.
/// * months 2–12, all in step 3: 730 × 4.07 = 2,971.10; × 11 = 32,682.10.
/// * 36,919.44, against 730 × 11.98 × 12 = 104,944.80 at step 1 alone.
/// * Per hour over the horizon: 36,919.44 / (12 × 730) = 4.2145479452…
///   → 4.214548 (month 1's 4,237.34 / 730 = 5.80 would overstate it).
#[test]
fn a_full_month_passes_every_step_in_month_one() {
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=od");
    let (l, _) = link::parse(&q, &published());
    let out = quote(&published(), &l.scenario).unwrap();
    assert_eq!(
        out.offers[0].models[0].effective_hourly,
        Some(d("4.214548"))
    );
    let (total, usage, notices) = od(&published(), &q);
    assert_eq!(total, d("36919.44"));
    assert_eq!(usage[0], d("4237.34"));
    assert!(usage[1..].iter().all(|u| *u == d("2971.10")), "{usage:?}");
    assert_eq!(notices, vec![ModelNotice::SteppedPrice]);
    // the bundled catalog (no steps) bills step 1 at every hour
    let (flat, _, notices) = od(cat(), &q);
    assert_eq!(flat, d("104944.80"));
    assert!(notices.is_empty());
}

/// 100 h a month, 6 months: the hours run on from month to month.
/// * month 1 (0, 100]: 96 × 11.98 + 4 × 5.99 = 1,150.08 + 23.96 = 1,174.04
/// * months 2 and 3 (100, 300]: 100 × 5.99 = 599.00 each
/// * month 4 (300, 400]: 60 × 5.99 + 40 × 4.07 = 359.40 + 162.80 = 522.20
/// * months 5 and 6: 100 × 4.07 = 407.00 each
/// * 1,174.04 + 599.00 × 2 + 522.20 + 407.00 × 2 = 3,708.24
#[test]
fn the_hours_count_over_the_instances_life_not_per_month() {
    let q = format!("v=2&o={GN}&cur=CNY&m=6&h=100&bm=od");
    let (total, usage, _) = od(&published(), &q);
    let want: Vec<Decimal> = ["1174.04", "599.00", "599.00", "522.20", "407.00", "407.00"]
        .map(d)
        .to_vec();
    assert_eq!(usage, want);
    assert_eq!(total, d("3708.24"));
    // the same months over a longer horizon: the later ones are step 3
    let q = format!("v=2&o={GN}&cur=CNY&m=24&h=100&bm=od");
    let (total, usage, _) = od(&published(), &q);
    assert_eq!(usage.len(), 24);
    // 3,708.24 + 18 × 407.00 = 3,708.24 + 7,326.00 = 11,034.24
    assert_eq!(total, d("11034.24"));
}

/// The negotiated discount applies to every step (Tencent's 当前折扣 applies
/// to 按量, `billing::rules`), 10 % at 730 h, 12 months:
/// * month 1: 0.9 × (96 × 11.98 + 264 × 5.99 + 370 × 4.07) = 0.9 × 4,237.34
///   = 3,813.606 → 3,813.61
/// * months 2–12: 0.9 × 2,971.10 = 2,673.99; × 11 = 29,413.89
/// * 33,227.50
#[test]
fn a_negotiated_discount_applies_to_every_step() {
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=od&nd=tencent:10");
    let (total, usage, _) = od(&published(), &q);
    assert_eq!(usage[0], d("3813.61"));
    assert_eq!(total, d("33227.50"));
}

/// A student price never raises a month above the steps alone (every
/// hour student-priced at the default cap of 24 h a day), 730 h, 12 months:
/// * 2 ¥/h, below every step: 2 × 730 = 1,460.00 a month, 17,520.00;
/// * 6 ¥/h: month 1 min(6 × 730 = 4,380.00, 4,237.34) = 4,237.34, then
///   min(4,380.00, 2,971.10) = 2,971.10: the steps alone, 36,919.44 (it
///   was 6 × 730 × 12 = 52,560.00 before the cap).
#[test]
fn a_student_price_never_raises_a_stepped_month() {
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=od&stu=2cny");
    assert_eq!(od(&published(), &q).0, d("17520.00"));
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=od&stu=6cny");
    let (total, usage, notices) = od(&published(), &q);
    assert_eq!(total, d("36919.44"));
    assert_eq!(usage[0], d("4237.34"));
    assert!(notices.contains(&ModelNotice::StudentPriceApplied));
}

/// Equal steps (a type without them, like the documented S5.16XLARGE256)
/// bill what step 1 alone bills.
#[test]
fn equal_steps_bill_the_one_price() {
    let c = stepped(&[(0, "12.38"), (96, "12.38"), (360, "12.38")]);
    assert_eq!(validate(&c), vec![]);
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=od");
    assert_eq!(od(&c, &q).0, d("104944.80"));
}

/// Steps that cannot be billed as published are refused, each with why.
#[test]
fn steps_that_cannot_be_billed_are_refused() {
    let bad = |c: Catalog, why: &str| {
        let errs = validate(&c);
        assert!(
            errs.iter()
                .any(|e| matches!(e, ValidationError::StepsInvalid { why: w, .. } if *w == why)),
            "{why}: {errs:?}"
        );
    };
    bad(stepped(&[(0, "12.38")]), "not two or three steps");
    bad(
        stepped(&[(0, "12.38"), (96, "6"), (200, "5"), (360, "4")]),
        "not two or three steps",
    );
    bad(
        stepped(&[(1, "12.38"), (96, "6.39")]),
        "not starting at hour 0",
    );
    bad(
        stepped(&[(0, "12.38"), (360, "6.39"), (96, "4.47")]),
        "whose hours do not ascend",
    );
    bad(
        stepped(&[(0, "12.38"), (96, "4.47"), (360, "6.39")]),
        "with a step above the one before it",
    );
    bad(
        stepped(&[(0, "11"), (96, "6.39")]),
        "whose first step is below the price (it includes the instance)",
    );
    bad(
        stepped(&[(0, "30"), (96, "10")]),
        "leaving the instance nothing to pay in the last step",
    );
    // on a subscription
    let mut c = cat().clone();
    let o = c.offers.iter_mut().find(|o| o.id.as_str() == GN).unwrap();
    let sub = o
        .prices
        .iter_mut()
        .find(|p| matches!(p.kind, PriceKind::Subscription { .. }))
        .unwrap();
    sub.steps = steps(&[(0, "5750"), (96, "3000")]).into();
    bad(c, "on a price that is not on-demand");
}

/// The totals come in closed form (`CashFlow::settle`) and the lines month
/// by month: for a stepped price they agree for every horizon, hours a
/// month, first-month discount and credit.
#[test]
fn the_totals_are_the_sum_of_the_month_lines() {
    let c = published();
    let mut checked = 0;
    for h in ["1", "7.5", "96", "100", "180", "359", "360", "361", "730"] {
        for m in [1, 2, 3, 4, 5, 13, 60] {
            for promo in ["", "&fmd=10", "&cr=500cny", "&fmd=20&cr=20000cny"] {
                let q = format!("v=2&o={GN}&cur=CNY&m={m}&h={h}&bm=od{promo}");
                let (l, notices) = link::parse(&q, &c);
                assert!(notices.is_empty(), "{q}: {notices:?}");
                let out = quote(&c, &l.scenario).unwrap();
                let mq = &out.offers[0].models[0];
                let lines = mq.lines();
                let sum: Decimal = lines.iter().map(|l| l.total).sum();
                assert_eq!(mq.total.unwrap().amount(), sum, "{q}");
                assert_eq!(lines.last().unwrap().cumulative, sum, "{q}");
                let peak = lines.iter().map(|l| l.total).max().unwrap();
                assert_eq!(mq.peak_and_first_upfront().0, peak, "{q}");
                // a month never costs more than the month before it, but
                // month 1 after its discount
                let usage: Vec<Decimal> = lines.iter().map(|l| l.usage).collect();
                assert!(
                    usage.windows(2).skip(1).all(|w| w[1] <= w[0]),
                    "{q}: {usage:?}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 9 * 7 * 4);
}

/// The spot mix on an on-demand baseline: the on-demand share steps down
/// with its own instances' hours, the spot share does not. GN10Xp with a
/// spot price of 3 ¥/h (given for the test), half the hours on spot, no
/// interruptions (`si=0`: the spot figure is its price), 730 h, 12 months:
/// * spot, each month: 0.5 × 730 × 3 = 1,095.00
/// * on-demand, 365 h a month: month 1 (0, 365]: 96 × 11.98 + 264 × 5.99 +
///   5 × 4.07 = 1,150.08 + 1,581.36 + 20.35 = 2,751.79; months 2–12
///   (365, 730] and on: 365 × 4.07 = 1,485.55.
/// * month 1: 3,846.79; months 2–12: 2,580.55 × 11 = 28,386.05
/// * 32,232.84 (at step 1 alone: 365 × 11.98 + 1,095 = 5,467.70 a month,
///   65,612.40)
#[test]
fn the_spot_mix_steps_down_its_on_demand_share() {
    let with_spot = |mut c: Catalog| {
        let o = c.offers.iter_mut().find(|o| o.id.as_str() == GN).unwrap();
        let mut spot = o.on_demand().unwrap().clone();
        spot.kind = PriceKind::Spot {
            hourly_min: d("3"),
            hourly_max: d("3"),
        };
        spot.steps = Default::default();
        o.prices.push(spot);
        assert_eq!(validate(&c), vec![]);
        c
    };
    let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=mix&mix=50&si=0");
    let (total, usage, notices) = od(&with_spot(published()), &q);
    assert_eq!(usage[0], d("3846.79"));
    assert!(usage[1..].iter().all(|u| *u == d("2580.55")), "{usage:?}");
    assert_eq!(total, d("32232.84"));
    assert!(notices.contains(&ModelNotice::SteppedPrice), "{notices:?}");
    let (flat, _, notices) = od(&with_spot(stepped(&[])), &q);
    assert_eq!(flat, d("65612.40"));
    assert!(!notices.contains(&ModelNotice::SteppedPrice));
}

/// The break-even against a subscription: its crossover month is billed
/// by the steps. GN10Xp's subscription is 5,750 ¥ a month; at 730 h
/// on-demand costs 8,745.40 a month at step 1 alone (the subscription is
/// cheaper from month 1), but 4,237.34 and then 2,971.10 with the steps
/// (on-demand stays cheaper every month: no crossover).
#[test]
fn the_break_even_crossover_is_billed_by_the_steps() {
    use gpucost::domain::breakeven::break_even;
    let crossover = |c: &Catalog| {
        let q = format!("v=2&o={GN}&cur=CNY&m=12&bm=sub");
        let (l, _) = link::parse(&q, c);
        let r = break_even(c, &l.scenario).unwrap();
        let item = r
            .items
            .iter()
            .find(|i| i.offer.as_str() == GN)
            .expect("GN's subscription");
        item.crossover_month
    };
    assert_eq!(crossover(cat()), Some(1));
    assert_eq!(crossover(&published()), None);
}

/// The plan says which options are billed by steps (a tag on screen):
/// on-demand, not the subscription; its figures are the quote's.
#[test]
fn the_plan_tags_a_stepped_option() {
    use gpucost::domain::plan::plan;
    use gpucost::domain::scenario::BillingModel;
    let c = published();
    let q = format!("v=2&screen=plan&o={GN}&cur=CNY&m=12&bm=od,sub");
    let (l, notices) = link::parse(&q, &c);
    assert!(notices.is_empty(), "{notices:?}");
    let p = plan(&c, &l.scenario).unwrap();
    let of = |m: BillingModel| {
        p.options
            .iter()
            .find(|o| o.offer.as_str() == GN && o.model == m)
            .unwrap()
    };
    assert_eq!(of(BillingModel::OnDemand).decision_cost, d("36919.44"));
    assert!(of(BillingModel::OnDemand).stepped);
    assert!(!of(BillingModel::Subscription).stepped);
}
