//! Plan goldens (issue #11), worked by hand on the frozen fixture catalog
//! (`tests/fixtures/catalog.json`) unless stated otherwise. Money is rounded
//! to cents half-away-from-zero once per line (src/domain/money.rs).
//! p4d.24xlarge (us-east-1): on-demand 21.957642/h → 730 h × 21.957642 =
//! 16029.07866 → 16029.08 a month; 1-yr no-upfront RI 13.921094/h × 730 =
//! 10162.39862 → 10162.40 a month; 1-yr all-upfront 113819.00 per term.
#![cfg(not(target_arch = "wasm32"))] // native tests; the wasm build runs src/ui tests
use std::str::FromStr;

use gpucost::domain::catalog::{Catalog, Offer, OfferId, PriceKind, ProviderId};
use gpucost::domain::plan::{
    breakeven_distribution, breakeven_inputs, plan, plan_without_flips, BreakEvenGroup, FlipSearch,
    Plan, PlanOption, MAX_PLAN_OFFERS,
};
use gpucost::domain::scenario::{BillingModel, Scenario};
use rust_decimal::Decimal;

mod support;
use support::parse_query;

fn fixture() -> Catalog {
    Catalog::from_json(include_str!("fixtures/catalog.json")).expect("fixture parses")
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn scenario(c: &Catalog, query: &str) -> Scenario {
    let st = parse_query(query, c);
    assert!(st.notices.is_empty(), "{:?}", st.notices);
    st.scenario
}

fn plan_of(query: &str) -> Plan {
    let c = fixture();
    plan(&c, &scenario(&c, query)).expect("plan")
}

fn opt<'a>(p: &'a Plan, offer: &str, m: BillingModel) -> &'a PlanOption {
    p.options
        .iter()
        .find(|o| o.offer.ends_with(offer) && o.model == m)
        .unwrap_or_else(|| panic!("{offer} {m:?}"))
}

/// The components of every option add up to its decision cost, and the
/// month-line columns to what is paid within the horizon.
fn assert_components_add_up(p: &Plan) {
    for o in &p.options {
        let c = &o.components;
        assert_eq!(c.sum().unwrap(), o.decision_cost, "{o:?}");
        let paid = c.usage + c.upfront + c.commitment + c.data + c.credits;
        assert_eq!(paid, o.paid, "{o:?}");
        assert_eq!(o.cumulative.last().copied(), Some(o.paid));
        assert_eq!(c.still_owed, o.still_owed);
    }
}

const P4D: &str = "aws:us-east-1:p4d.24xlarge";
const H100: &str = "azure:westeurope:Standard_ND96isr_H100_v5";

#[test]
fn a_two_offers_on_demand_vs_one_year_reservations_over_18_months() {
    let p = plan_of(&format!("v=2&o={P4D},{H100}&bm=od,ri1n,ri1a&m=18"));
    assert_eq!(p.offers, vec![OfferId::from(P4D), OfferId::from(H100)]);
    assert!(!p.auto_selected && p.dropped.is_empty());
    // H100 has no sourced 1-yr no-upfront rate; Azure lets a reservation's
    // upfront be paid monthly at the same total (billing/rules.rs), so its
    // 1-yr no-upfront option is derived from the all-upfront price
    let models: Vec<(&str, BillingModel)> =
        p.options.iter().map(|o| (&o.offer[..3], o.model)).collect();
    use BillingModel::{OnDemand as Od, Ri1All, Ri1No};
    assert_eq!(
        models,
        vec![
            ("aws", Od),
            ("aws", Ri1No),
            ("aws", Ri1All),
            ("azu", Od),
            ("azu", Ri1No),
            ("azu", Ri1All)
        ]
    );
    // p4d on-demand: 16029.08 a month; month k: 16029.08 k; 18 months 288523.44
    let od = opt(&p, P4D, Od);
    assert_eq!(od.cumulative.len(), 18);
    assert_eq!(od.cumulative[0], d("16029.08"));
    assert_eq!(od.cumulative[7], d("128232.64"));
    assert_eq!(od.cumulative[12], d("208378.04"));
    assert_eq!(od.decision_cost, d("288523.44"));
    // p4d 1-yr NU: 10162.40 a month, 18 × = 182923.20 paid; the second term
    // (months 13–24) still owes 6 × 10162.40 = 60974.40; decision 243897.60
    let n = opt(&p, P4D, Ri1No);
    assert_eq!(n.cumulative[17], d("182923.20"));
    assert_eq!(n.still_owed, d("60974.40"));
    assert_eq!(n.components.commitment, d("182923.20"));
    assert_eq!(n.decision_cost, d("243897.60"));
    // p4d 1-yr all upfront: 113819.00 in month 1 and again in month 13;
    // nothing owed (a started term's upfront is paid): 227638.00
    let a = opt(&p, P4D, Ri1All);
    assert_eq!(a.cumulative[11], d("113819.00"));
    assert_eq!(a.cumulative[12], d("227638.00"));
    assert_eq!(a.components.upfront, d("227638.00"));
    assert_eq!(a.still_owed, d("0.00"));
    assert_eq!(a.decision_cost, d("227638.00"));
    // H100: od 127.816 × 730 = 93305.68 a month; RI 716588 per term
    let h = opt(&p, H100, Ri1All);
    assert_eq!(h.decision_cost, d("1433176.00"));
    assert!(!h.monthly_from_upfront && !opt(&p, P4D, Ri1No).monthly_from_upfront);
    // H100 1-yr paid monthly (derived): 716588 / 12 = 59715.666… → 59715.67
    // every month, no upfront; 18 months paid 18 × 59715.67 = 1074882.06;
    // the second term's months 19–24 still owe 6 × 59715.67 = 358294.02;
    // decision 1433176.08 (the cents rounding of 12 payments: 4 cents over
    // the 716588.00 per term paid upfront)
    let m = opt(&p, H100, Ri1No);
    assert!(m.monthly_from_upfront && !m.assumed);
    assert_eq!(m.components.upfront, d("0.00"));
    assert_eq!(m.cumulative[0], d("59715.67"));
    assert_eq!(m.cumulative[11], d("716588.04"));
    assert_eq!(m.cumulative[12], d("776303.71"));
    assert_eq!(m.paid, d("1074882.06"));
    assert_eq!(m.still_owed, d("358294.02"));
    assert_eq!(m.decision_cost, d("1433176.08"));
    assert_components_add_up(&p);

    // Crossings (first month cumulative cash ≤ on-demand's):
    // NU: 10162.40 ≤ 16029.08 in month 1.
    // AU: 113819 vs 16029.08 k: k = 7 → 112203.56 < 113819; k = 8 → 128232.64 ≥ → month 8.
    // H100 paid monthly: 59715.67 ≤ 93305.68 in month 1; decision saving
    // 18 × 93305.68 = 1679502.24 − 1433176.08 = 246326.16.
    // H100 AU: 716588 vs 93305.68 k: 7 → 653139.76; 8 → 746445.44 → month 8.
    let cross: Vec<(&str, BillingModel, Option<u32>, bool)> = p
        .crossings
        .iter()
        .map(|c| (&c.offer[..3], c.model, c.month, c.beats_on_demand))
        .collect();
    assert_eq!(
        cross,
        vec![
            ("aws", Ri1No, Some(1), true),
            ("aws", Ri1All, Some(8), true),
            ("azu", Ri1No, Some(1), true),
            ("azu", Ri1All, Some(8), true)
        ]
    );
    assert_eq!(p.crossings[2].decision_saving, d("246326.16"));
    // decision view at 18 months: 288523.44 − 227638.00 = 60885.44
    assert_eq!(p.crossings[1].decision_saving, d("60885.44"));

    // Summary: p4d all upfront wins; saving 60885.44 / 288523.44 = 21.1026 % → 21.10
    let s = &p.summary;
    let b = s.cheapest.as_ref().unwrap();
    assert_eq!((b.offer.as_str(), b.model), (P4D, Ri1All));
    assert_eq!(b.decision_cost, d("227638.00"));
    assert_eq!(b.paid, d("227638.00"));
    assert_eq!(b.upfront, d("227638.00"));
    assert_eq!(b.still_owed, d("0.00"));
    assert_eq!(s.saving_vs_on_demand, Some(d("60885.44")));
    assert_eq!(s.saving_vs_on_demand_pct, Some(d("21.10")));
    assert_eq!(s.breakeven_month, Some(8));
    assert_eq!(s.spot_completion_probability, None);
    // What changes it. Shorter: at 17, 16, 15 months od (272494.36,
    // 256465.28, 240436.20) > 227638; at 14 months od 224407.12 < 227638
    // (NU 243897.60) → on-demand.
    let w = &s.what_changes;
    let f = w.months_shorter.as_ref().unwrap();
    assert_eq!(f.at, d("14"));
    assert_eq!((f.best.offer.as_str(), f.best.model), (P4D, Od));
    assert_eq!(f.best.decision_cost, d("224407.12"));
    // Longer: AU costs 113819 per started year, od 192348.96 a year; at
    // 12k + 1 months AU (k + 1) × 113819 vs od (12k + 1) × 16029.08:
    // k = 2 → 341457 < 400727.00, and the gap only grows → none up to 60.
    assert_eq!(w.months_longer, None);
    // Lower usage: od = 18 × round(h × 21.957642) < 227638 ⇔ h < 575.96…;
    // h = 580 → 12735.43 × 18 = 229237.74 > 227638; h = 570 → 12515.855…
    // → 12515.86 × 18 = 225285.48 < 227638 → on-demand at 570 h.
    let f = w.hours_lower.as_ref().unwrap();
    assert_eq!(f.at, d("570"));
    assert_eq!((f.best.offer.as_str(), f.best.model), (P4D, Od));
    assert_eq!(f.best.decision_cost, d("225285.48"));
    // 730 h is the top of the grid
    assert_eq!(w.hours_higher, None);
}

#[test]
fn b_four_a100_for_seven_days_on_demand_beats_a_reservation() {
    // The articles' "4 × A100 for 7 days": gpus=4, 168 h, 1 month, the p4d
    // (8 × A100, one instance) on-demand vs 1-yr no-upfront RI.
    // od: 168 × 21.957642 = 3688.883856 → 3688.88.
    // RI: a reservation bills every hour: 10162.40 in month 1, and the other
    // 11 months are still owed: 11 × 10162.40 = 111786.40; decision
    // 10162.40 + 111786.40 = 121948.80 — what is owed is 91.7 % of it.
    let p = plan_of(&format!("v=2&o={P4D}&gpus=4&h=168&m=1&bm=od,ri1n"));
    use BillingModel::{OnDemand as Od, Ri1No};
    let od = opt(&p, P4D, Od);
    assert_eq!(od.cumulative, vec![d("3688.88")]);
    assert_eq!(od.decision_cost, d("3688.88"));
    let ri = opt(&p, P4D, Ri1No);
    assert_eq!(ri.cumulative, vec![d("10162.40")]);
    assert_eq!(ri.components.still_owed, d("111786.40"));
    assert_eq!(ri.decision_cost, d("121948.80"));
    assert!(ri.components.still_owed > ri.paid * Decimal::TEN);
    assert_components_add_up(&p);
    // never crosses within the month; 3688.88 − 121948.80 = −118259.92
    let c = &p.crossings[0];
    assert_eq!((c.model, c.month, c.beats_on_demand), (Ri1No, None, false));
    assert_eq!(c.decision_saving, d("-118259.92"));
    // the summary: on-demand wins, nothing upfront, nothing owed
    let s = &p.summary;
    let b = s.cheapest.as_ref().unwrap();
    assert_eq!(b.model, Od);
    assert_eq!(b.decision_cost, d("3688.88"));
    assert_eq!((b.upfront, b.still_owed), (d("0.00"), d("0.00")));
    assert_eq!(s.saving_vs_on_demand, Some(d("0.00")));
    assert_eq!(s.saving_vs_on_demand_pct, Some(d("0.00")));
    assert_eq!(s.breakeven_month, None);
    // nothing in range changes it: at 168 h, N months of od cost
    // 3688.88 N < 10162.40 N ≤ the RI's decision cost (whole years);
    // at 1 month and up to 730 h od costs ≤ 16029.08 < 121948.80.
    let w = &s.what_changes;
    assert_eq!(w.months_shorter, None);
    assert_eq!(w.months_longer, None);
    assert_eq!(w.hours_lower, None);
    assert_eq!(w.hours_higher, None);
}

#[test]
fn c_a_second_term_flips_12_to_13_months() {
    // p4d od vs 1-yr all upfront, 730 h, 12 months: AU 113819.00 < od
    // 12 × 16029.08 = 192348.96: the reservation wins, saving 78529.96 /
    // 192348.96 = 40.8268 % → 40.83. At 13 months a second term starts:
    // AU 2 × 113819 = 227638 > od 13 × 16029.08 = 208378.04 → N = 13.
    let p = plan_of(&format!("v=2&o={P4D}&bm=od,ri1a&m=12"));
    let s = &p.summary;
    let b = s.cheapest.as_ref().unwrap();
    assert_eq!(b.model, BillingModel::Ri1All);
    assert_eq!(s.saving_vs_on_demand, Some(d("78529.96")));
    assert_eq!(s.saving_vs_on_demand_pct, Some(d("40.83")));
    let w = &s.what_changes;
    let f = w.months_longer.as_ref().unwrap();
    assert_eq!(f.at, d("13"));
    assert_eq!(f.best.model, BillingModel::OnDemand);
    assert_eq!(f.best.decision_cost, d("208378.04"));
    // shorter: 8 × 16029.08 = 128232.64 > 113819; 7 × = 112203.56 < → 7
    let f = w.months_shorter.as_ref().unwrap();
    assert_eq!((f.at, f.best.decision_cost), (d("7"), d("112203.56")));
    // lower usage: 440 h → 9661.36248 → 9661.36 × 12 = 115936.32 > 113819;
    // 430 h → 9441.78606 → 9441.79 × 12 = 113301.48 < 113819 → 430
    let f = w.hours_lower.as_ref().unwrap();
    assert_eq!((f.at, f.best.decision_cost), (d("430"), d("113301.48")));
    assert_eq!(w.hours_higher, None);
}

#[test]
fn c_a_free_first_month_flips_12_to_24_months() {
    // 460 h, first month 100 % off pay-as-you-go (never reservations):
    // od a month 460 × 21.957642 = 10100.51532 → 10100.52, month 1 free.
    // 12 months: od 11 × 10100.52 = 111105.72 < AU 113819 → on-demand.
    // 13..=24 months AU 227638: od (N − 1) × 10100.52 > 227638 ⇔ N − 1 >
    // 22.54 → N = 24 (23 × 10100.52 = 232311.96; N = 23: 222211.44 < 227638).
    let p = plan_of(&format!("v=2&o={P4D}&bm=od,ri1a&m=12&h=460&fmd=100"));
    let s = &p.summary;
    assert_eq!(s.cheapest.as_ref().unwrap().decision_cost, d("111105.72"));
    let w = &s.what_changes;
    let f = w.months_longer.as_ref().unwrap();
    assert_eq!(f.at, d("24"));
    assert_eq!(f.best.model, BillingModel::Ri1All);
    assert_eq!(f.best.decision_cost, d("227638.00"));
    // shorter horizons favour on-demand even more (month 1 is free)
    assert_eq!(w.months_shorter, None);
    // higher usage: od 11 × round(h × 21.957642) > 113819 ⇔ h > 471.2…;
    // 470 h → 10320.09 × 11 = 113520.99 < 113819; 480 h → 10539.67 × 11 =
    // 115936.37 > 113819 → the reservation at 480 h
    let f = w.hours_higher.as_ref().unwrap();
    assert_eq!((f.at, f.best.model), (d("480"), BillingModel::Ri1All));
    assert_eq!(w.hours_lower, None);
    // the crossing: AU cumulative 113819 from month 1; od 0, 10100.52 k − …:
    // month 12 od 111105.72 < 113819 → never within 12 months
    assert_eq!(p.crossings[0].month, None);
}

#[test]
fn equal_cash_is_a_crossing() {
    // AWS bills by the second: 462.8183 h = 1666145.88 s → 1666146 s;
    // 1666146 / 3600 × 21.957642 = 10162.399274… → 10162.40 a month on
    // demand, exactly the RI's 10162.40: cumulative cash is equal in month 1,
    // which counts as the crossing (≤). At equal decision cost the
    // commitment does not beat on-demand, and the first listed wins.
    let p = plan_of(&format!("v=2&o={P4D}&bm=od,ri1n&m=12&h=462.8183"));
    let c = &p.crossings[0];
    assert_eq!(c.month, Some(1));
    assert_eq!(c.decision_saving, d("0.00"));
    assert!(!c.beats_on_demand);
    assert_eq!(
        p.summary.cheapest.as_ref().unwrap().model,
        BillingModel::OnDemand
    );
}

#[test]
fn offers_capped_in_order_and_chosen_by_cost() {
    let c = fixture();
    // explicit: the first four in the order given, the rest reported
    let ids = [
        "tencent:ap-guangzhou:GT4.4XLARGE96",
        P4D,
        "aws:us-east-1:p3.2xlarge",
        "azure:eastus:Standard_ND96asr_v4",
        H100,
        P4D,
    ];
    let p = plan(
        &c,
        &scenario(&c, &format!("v=2&o={}&m=1&bm=od", ids.join(","))),
    )
    .unwrap();
    assert_eq!(p.offers.len(), MAX_PLAN_OFFERS);
    assert_eq!(p.offers[0], "tencent:ap-guangzhou:GT4.4XLARGE96");
    assert_eq!(p.offers[1], P4D);
    assert_eq!(p.dropped, vec![OfferId::from(H100)]);
    assert_eq!(p.options[0].offer, p.offers[0]);
    // chosen: 4 × A100 for a week (g02): od GT4.4XLARGE96 ×4 2677.72,
    // gn7 3xlarge ×4 2952.59, p4d 3688.88, ND96asr 4569.10 are the four cheapest
    let p = plan(
        &c,
        &scenario(&c, "v=2&gpu=a100-40gb&gpus=4&h=168&m=1&bm=od"),
    )
    .unwrap();
    assert!(p.auto_selected);
    let got: Vec<&str> = p.offers.iter().map(|o| o.as_str()).collect();
    assert_eq!(
        got,
        vec![
            "tencent:ap-guangzhou:GT4.4XLARGE96",
            "alibaba:cn-shanghai:ecs.gn7-c12g1.3xlarge",
            P4D,
            "azure:eastus:Standard_ND96asr_v4"
        ]
    );
    assert_eq!(
        p.summary.cheapest.as_ref().unwrap().decision_cost,
        d("2677.72")
    );
}

#[test]
fn on_demand_is_the_baseline_when_not_requested() {
    let p = plan_of(&format!("v=2&o={P4D}&bm=ri1n&m=6"));
    let od = opt(&p, P4D, BillingModel::OnDemand);
    assert!(od.baseline);
    // 6 months: RI paid 60974.40 + owed 60974.40 = 121948.80 is the only
    // requested option; od 6 × 16029.08 = 96174.48 would be cheaper but is
    // not a choice; the saving is −25774.32 (121948.80 − 96174.48)
    let s = &p.summary;
    assert_eq!(s.cheapest.as_ref().unwrap().model, BillingModel::Ri1No);
    assert_eq!(s.saving_vs_on_demand, Some(d("-25774.32")));
    assert_eq!(s.breakeven_month, Some(1));
}

#[test]
fn credit_on_what_is_owed_is_a_component() {
    // g24: 6 months of the p4d 1-yr NU RI with a $100,000 credit: paid 0.00
    // (60974.40 of credit used in the horizon), owed 60974.40, of which the
    // remaining 39025.60 of credit pays: decision 21948.80.
    let p = plan_of(&format!("v=2&o={P4D}&bm=ri1n&m=6&cr=100000usd"));
    let ri = opt(&p, P4D, BillingModel::Ri1No);
    assert_eq!(ri.components.commitment, d("60974.40"));
    assert_eq!(ri.components.credits, d("-60974.40"));
    assert_eq!(ri.components.still_owed, d("60974.40"));
    assert_eq!(ri.components.credits_on_owed, d("-39025.60"));
    assert_eq!(ri.decision_cost, d("21948.80"));
    assert_components_add_up(&p);
}

#[test]
fn spot_completion_probability_by_the_deadline() {
    // g04: λ = 0.15/h, L = 0.416667 h, job 100 h by 112 h: k = 28,
    // μ = 16.75, P(Poisson(16.75) ≤ 28) = 0.99590
    let p = plan_of("v=2&o=aws:us-east-1:p3.2xlarge&m=1&bm=spot&sih=15&ck=30&job=100&dl=112");
    let pr = p.summary.spot_completion_probability.unwrap();
    assert!((pr - 0.99590).abs() < 0.00001, "{pr}");
    // no job given → none
    let p = plan_of("v=2&o=aws:us-east-1:p3.2xlarge&m=1&bm=spot&sih=15&ck=30");
    assert_eq!(p.summary.spot_completion_probability, None);
}

// ------------------------------------------------------------------
// Break-even distribution

fn synthetic_offer(base: &Offer, name: &str, od: &str, ri1n: &str) -> Offer {
    let mut o = base.clone();
    o.id = OfferId::from(format!("aws:us-east-1:{name}"));
    o.instance_type = name.to_string();
    let mut p_od = base.prices[0].clone();
    p_od.kind = PriceKind::OnDemand { hourly: d(od) };
    let mut p_ri = base.prices[1].clone();
    let PriceKind::Reserved {
        term_months,
        payment,
        upfront,
        ..
    } = p_ri.kind
    else {
        panic!("fixture p4d's second price is its 1-yr NU RI");
    };
    p_ri.kind = PriceKind::Reserved {
        term_months,
        payment,
        upfront,
        hourly: d(ri1n),
    };
    o.prices = vec![p_od, p_ri];
    o
}

/// The fixture with four synthetic AWS us-east-1 offers (on-demand 10/h).
fn synthetic() -> Catalog {
    let mut c = fixture();
    let base = c.offer(P4D).unwrap().clone();
    for (name, ri) in [
        ("syn.a", "4"),        // 730 × 4 / 10 = 292.00
        ("syn.b", "5.000137"), // 730 × 5.000137 / 10 = 365.010001 → 365.01
        ("syn.c", "2.5"),      // 730 × 2.5 / 10 = 182.50
        ("syn.d", "11"),       // 730 × 11 / 10 = 803 > 730: never pays off
    ] {
        c.offers.push(synthetic_offer(&base, name, "10", ri));
    }
    c
}

fn group(groups: &[BreakEvenGroup], p: ProviderId, m: BillingModel) -> &BreakEvenGroup {
    groups
        .iter()
        .find(|g| g.provider == p && g.model == m)
        .unwrap_or_else(|| panic!("{p:?} {m:?}"))
}

#[test]
fn d_break_even_distribution_on_a_synthetic_catalog() {
    let c = synthetic();
    let s = scenario(&c, "v=2&p=aws&bm=ri1n");
    let dist = breakeven_distribution(&c, &s).unwrap();
    assert_eq!(dist.article_claim_hours, 300);
    assert_eq!(dist.groups.len(), 1);
    let g = &dist.groups[0];
    // sourced and paying off, sorted: 182.50 (c), 292.00 (a), 365.01 (b),
    // 462.82 (p4d: 730 × 13.921094 / 21.957642 = 462.818…); syn.d never;
    // p3.2xlarge has no RI rate (and no assumed discount): not counted.
    assert_eq!(
        (g.provider, g.model),
        (ProviderId::Aws, BillingModel::Ri1No)
    );
    assert_eq!(g.offers, 5);
    assert_eq!(g.never_pays_off, 1);
    // even count: (292.00 + 365.01) / 2 = 328.505 → 328.51 (half away from zero)
    assert_eq!(g.median_hours, Some(d("328.51")));
    assert_eq!(g.min_hours, Some(d("182.50")));
    assert_eq!(g.min_offer.as_deref(), Some("aws:us-east-1:syn.c"));
    assert_eq!(g.max_hours, Some(d("462.82")));
    assert_eq!(g.max_offer.as_deref(), Some(P4D));
    // 182.50 and 292.00 are ≤ 300: "reserve above about 300 h" holds for 2 of 5
    assert_eq!(g.at_or_below_claim, 2);
    assert_eq!(g.assumed, 0);

    // odd count: without syn.b the paying values are 182.50, 292.00, 462.82
    let mut c2 = c.clone();
    c2.offers.retain(|o| o.instance_type != "syn.b");
    let g = &breakeven_distribution(&c2, &s).unwrap().groups[0];
    assert_eq!(g.median_hours, Some(d("292.00")));

    // assumed discounts are counted apart: with disc=30 the p3.2xlarge (no
    // sourced RI) is priced from the assumption and only counted. Azure's
    // two offers have no sourced 1-yr NU rate either: ND96asr_v4 is
    // assumed; ND96isr_H100_v5's all-upfront 716588 paid monthly (Azure's
    // rule, not an assumption) is 716588 / 12 = 59715.666… a month against
    // on-demand 127.816/h: 59715.666… / 127.816 = 467.1978… → 467.20 h.
    let s = scenario(&c, "v=2&p=aws,azure&bm=ri1n&disc=30");
    let dist = breakeven_distribution(&c, &s).unwrap();
    let g = group(&dist.groups, ProviderId::Aws, BillingModel::Ri1No);
    assert_eq!((g.offers, g.assumed), (5, 1));
    assert_eq!(g.median_hours, Some(d("328.51")));
    let g = group(&dist.groups, ProviderId::Azure, BillingModel::Ri1No);
    assert_eq!(
        (g.offers, g.assumed, g.median_hours),
        (1, 1, Some(d("467.20")))
    );
    assert_eq!(g.min_offer.as_deref(), Some(H100));
    // sorted by provider, then model
    let keys: Vec<(ProviderId, BillingModel)> =
        dist.groups.iter().map(|g| (g.provider, g.model)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);

    // every commitment model when none is requested; an explicit offer
    // selection does not narrow the catalog's distribution
    let all = breakeven_distribution(&c, &scenario(&c, "v=2&p=aws&bm=od")).unwrap();
    let g = group(&all.groups, ProviderId::Aws, BillingModel::Ri1All);
    // p4d AU: 113819 / 12 / 21.957642 = 431.964… → 431.96
    assert_eq!((g.offers, g.median_hours), (1, Some(d("431.96"))));
    let one = breakeven_distribution(&c, &scenario(&c, &format!("v=2&o={P4D}&bm=ri1n"))).unwrap();
    assert_eq!(
        group(&one.groups, ProviderId::Aws, BillingModel::Ri1No).offers,
        5
    );
}

#[test]
fn d_break_even_distribution_on_the_embedded_catalog() {
    // Sourced figures (src/data/catalog.json, vantage): AWS us-east-1 1-yr
    // no-upfront reservations, break-even = 730 × RI hourly / on-demand hourly.
    let c = Catalog::embedded().unwrap();
    // p4d.24xlarge alone: 730 × 13.921094 / 21.957642 = 462.818… → 462.82
    let s = scenario(&c, "v=2&gpu=a100-40-sxm&r=aws:us-east-1&bm=ri1n");
    let dist = breakeven_distribution(&c, &s).unwrap();
    let g = group(&dist.groups, ProviderId::Aws, BillingModel::Ri1No);
    assert_eq!(g.offers, 1);
    assert_eq!(g.median_hours, Some(d("462.82")));
    assert_eq!(g.at_or_below_claim, 0);
    // the whole region: 43 offers, none ≤ 300 h. Lowest: trn1.2xlarge
    // 730 × 0.82681 / 1.34375 = 449.17 (trn1.32xlarge, trn1n.32xlarge tie);
    // highest: p5 730 × 5.418 / 6.88 = 574.88; the 22nd of 43 (median):
    // g6e.xlarge 730 × 1.17243 / 1.861 = 459.90.
    let s = scenario(&c, "v=2&r=aws:us-east-1&bm=ri1n");
    let dist = breakeven_distribution(&c, &s).unwrap();
    let g = group(&dist.groups, ProviderId::Aws, BillingModel::Ri1No);
    assert_eq!((g.offers, g.never_pays_off, g.assumed), (43, 0, 0));
    assert_eq!(g.min_hours, Some(d("449.17")));
    assert_eq!(g.min_offer.as_deref(), Some("aws:us-east-1:trn1.2xlarge"));
    assert_eq!(g.max_hours, Some(d("574.88")));
    assert_eq!(g.median_hours, Some(d("459.90")));
    assert_eq!(g.at_or_below_claim, 0);
}

// ------------------------------------------------------------------
// Properties

mod props {
    use super::*;
    use gpucost::domain::catalog::Currency;
    use gpucost::domain::money::Money;
    use gpucost::domain::scenario::AssumedDiscount;
    use proptest::prelude::*;

    const OFFERS: [&str; 6] = [
        P4D,
        "aws:us-east-1:p3.2xlarge",
        "azure:eastus:Standard_ND96asr_v4",
        H100,
        "alibaba:cn-shanghai:ecs.gn7-c13g1.26xlarge",
        "tencent:ap-guangzhou:GT4.4XLARGE96",
    ];

    fn arb_scenario() -> impl Strategy<Value = Scenario> {
        (
            proptest::collection::vec(0usize..6, 0..6),
            proptest::sample::subsequence(BillingModel::ALL.to_vec(), 0..5),
            0i64..74400,
            1u32..=60,
            1u32..64,
            proptest::option::of((0i64..2_000_000, proptest::option::of(1u32..=60))),
            proptest::option::of(0i64..100),
            (0i64..=100, 0i64..3000),
        )
            .prop_map(|(offers, models, h, m, gpus, credit, disc, (fmd, eg))| {
                let offers = if offers.is_empty() {
                    None
                } else {
                    Some(offers.iter().map(|i| OfferId::from(OFFERS[*i])).collect())
                };
                let mut s = Scenario {
                    offers,
                    billing_models: models,
                    hours_per_month: Decimal::new(h, 2),
                    months: m,
                    min_gpus: gpus,
                    ..Scenario::default()
                };
                s.promotions.first_month_discount_pct = Decimal::from(fmd);
                if let Some((amount, expiry)) = credit {
                    s.promotions.credit = Some(Money::new(Decimal::from(amount), Currency::USD));
                    s.promotions.credit_expiry_month = expiry;
                }
                s.assumed_discount = disc.map(|n| AssumedDiscount {
                    no_upfront_pct: Decimal::from(n),
                    partial_upfront_pct: None,
                    all_upfront_pct: None,
                });
                s.data.egress_gb = Decimal::from(eg);
                s
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn plan_invariants(s in arb_scenario()) {
            let c = fixture();
            let p = plan(&c, &s).unwrap();
            prop_assert!(p.offers.len() <= MAX_PLAN_OFFERS);
            for o in &p.options {
                let k = &o.components;
                // every component adds up to the decision cost …
                prop_assert_eq!(k.sum().unwrap(), o.decision_cost);
                // … the month-line columns to what is paid in the horizon …
                let paid = k.usage + k.upfront + k.commitment + k.data + k.credits;
                prop_assert_eq!(paid, o.paid);
                prop_assert_eq!(o.cumulative.len(), s.months as usize);
                prop_assert_eq!(o.cumulative.last().copied(), Some(o.paid));
                // … and credits only ever lower it, never below what is owed
                prop_assert!(k.credits <= Decimal::ZERO);
                prop_assert!(k.credits_on_owed <= Decimal::ZERO);
                prop_assert!(-k.credits_on_owed <= k.still_owed);
                if s.promotions.credit.is_none() {
                    prop_assert_eq!(k.credits_on_owed, Decimal::ZERO);
                    for w in o.cumulative.windows(2) {
                        prop_assert!(w[0] <= w[1], "{:?}", o.cumulative);
                    }
                }
            }
            for x in &p.crossings {
                prop_assert!(x.model.is_commitment());
                if let Some(m) = x.month {
                    prop_assert!(m >= 1 && m <= s.months);
                }
                prop_assert_eq!(x.beats_on_demand, x.decision_saving > Decimal::ZERO);
            }
            // the cheapest is a requested option with the lowest rank: what
            // it prices plus its bound is at most any complete option's
            // cost, and at most its own offer's other options' (same bound)
            if let Some(b) = &p.summary.cheapest {
                let o = p.options.iter().find(|o| o.offer == b.offer && o.model == b.model).unwrap();
                prop_assert!(!o.baseline);
                prop_assert_eq!(b.bound, b.basis.bound());
                prop_assert_eq!(b.basis.priced, b.decision_cost.max(Decimal::ZERO));
                for x in p.options.iter().filter(|x| !x.baseline) {
                    if x.complete {
                        prop_assert!(b.bound.is_some());
                        prop_assert!(b.basis.upper <= x.decision_cost.max(Decimal::ZERO));
                    }
                    if x.offer == b.offer {
                        prop_assert!(b.decision_cost <= x.decision_cost);
                    }
                }
                let w = &p.summary.what_changes;
                for f in [&w.months_shorter, &w.months_longer, &w.hours_lower, &w.hours_higher].into_iter().flatten() {
                    prop_assert!(f.best.offer != b.offer || f.best.model != b.model);
                }
                if let Some(f) = &w.months_shorter { prop_assert!(f.at < Decimal::from(s.months)); }
                if let Some(f) = &w.months_longer { prop_assert!(f.at > Decimal::from(s.months)); }
                if let Some(f) = &w.hours_lower { prop_assert!(f.at < s.hours_per_month); }
                if let Some(f) = &w.hours_higher { prop_assert!(f.at > s.hours_per_month); }
            } else {
                prop_assert!(p.options.iter().all(|o| o.baseline));
            }
        }
    }
}

/// The app's worker reuses a break-even distribution while
/// `breakeven_inputs` stay the same: over the catalog, the horizon, the
/// usage, the explicit offers and the job never change it.
#[test]
fn the_breakeven_distribution_reads_only_its_inputs() {
    let c = Catalog::embedded().unwrap();
    for base in [
        "v=2",
        "v=2&p=aws,azure&bm=ri1n,ri3a,sp1",
        "v=2&cur=CNY&p=alibaba,tencent",
        "v=2&gpu=a100-80-sxm,h100-sxm",
    ] {
        let s0 = scenario(&c, base);
        let want = breakeven_distribution(&c, &breakeven_inputs(&s0)).unwrap();
        assert!(!want.groups.is_empty(), "{base}");
        for extra in [
            "&m=1",
            "&m=60&h=10",
            "&h=730",
            "&m=7&h=123.5",
            "&jk=resnet50&m=3",
            "&o=aws:us-east-1:p4d.24xlarge",
        ] {
            let s = scenario(&c, &format!("{base}{extra}"));
            assert_eq!(breakeven_inputs(&s), breakeven_inputs(&s0), "{base}{extra}");
            assert_eq!(
                breakeven_distribution(&c, &s).unwrap(),
                want,
                "{base}{extra}"
            );
        }
    }
}

/// The flip search run a step at a time finds what the plan's own search
/// finds, and a plan made without it is the same plan otherwise.
#[test]
fn the_flip_search_in_steps_finds_what_the_plan_finds() {
    let c = Catalog::embedded().unwrap();
    for q in [
        "v=2&m=12",
        "v=2&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix",
        "v=2&m=6&h=200&p=azure",
        "v=2&m=18&h=500&gpu=a100-80-sxm&bm=od,ri1n,ri3n",
    ] {
        let s = scenario(&c, q);
        let full = plan(&c, &s).unwrap();
        let mut bare = plan_without_flips(&c, &s).unwrap();
        assert_eq!(bare.summary.what_changes, Default::default(), "{q}");
        let mut search = FlipSearch::new(&c, &s, &bare).expect("a cheapest option");
        let mut steps = 0;
        while !search.step(&c) {
            steps += 1;
        }
        assert!(steps > 0 && steps <= 59 + 73, "{q}: {steps} steps");
        bare.summary.what_changes = search.found().clone();
        assert_eq!(bare, full, "{q}");
    }
}
