//! Issue 49 point 1, your negotiated price: one hand-worked golden per
//! provider's rule (`billing::rules::negotiated_rule`, with its source), on
//! the embedded catalog; each price used is asserted first, so a catalog
//! update fails with the price that moved. Month lines are rounded to cents
//! half away from zero, then summed (src/domain/money.rs).
#![cfg(not(target_arch = "wasm32"))]

use gpucost::domain::billing::rules::negotiated_rule;
use gpucost::domain::catalog::{PriceKind, ProviderId, Upfront};
use gpucost::domain::pricing::offer_metrics;
use gpucost::domain::tco::{quote, ModelQuote};
use gpucost::ui::link;
use rust_decimal::Decimal;

mod support;
use support::{cat, d};

/// Every model of the link's one offer: (code, decision cost, negotiated).
fn models(q: &str) -> Vec<(String, Option<Decimal>, bool)> {
    let (l, notices) = link::parse(q, cat());
    assert!(notices.is_empty(), "{q}: {notices:?}");
    let out = quote(cat(), &l.scenario).unwrap();
    assert_eq!(out.offers.len(), 1, "{q}");
    out.offers[0]
        .models
        .iter()
        .map(|m: &ModelQuote| {
            (
                m.model.code().to_string(),
                m.decision_cost.map(|c| c.amount()),
                m.negotiated,
            )
        })
        .collect()
}

fn row(code: &str, cost: &str, negotiated: bool) -> (String, Option<Decimal>, bool) {
    (code.to_string(), Some(d(cost)), negotiated)
}

/// The catalog's price of `id` for a model kind, as (first, second) figure:
/// on-demand (hourly, 0), reserved (upfront, hourly), savings plan
/// (hourly, 0), subscription (monthly, 0), spot (min, max).
fn price(id: &str, model: &str) -> (Decimal, Decimal) {
    let o = cat().offer(id).unwrap();
    o.prices
        .iter()
        .find_map(|p| match (model, p.kind.clone()) {
            ("od", PriceKind::OnDemand { hourly }) => Some((hourly, Decimal::ZERO)),
            (
                "ri1a",
                PriceKind::Reserved {
                    term_months: 12,
                    payment: Upfront::All,
                    upfront,
                    hourly,
                },
            ) => Some((upfront, hourly)),
            (
                "ri1n",
                PriceKind::Reserved {
                    term_months: 12,
                    payment: Upfront::No,
                    upfront,
                    hourly,
                },
            ) => Some((upfront, hourly)),
            (
                "sp1",
                PriceKind::SavingsPlan {
                    term_months: 12,
                    hourly,
                    ..
                },
            ) => Some((hourly, Decimal::ZERO)),
            ("sub", PriceKind::Subscription { monthly }) => Some((monthly, Decimal::ZERO)),
            (
                "spot",
                PriceKind::Spot {
                    hourly_min,
                    hourly_max,
                },
            ) => Some((hourly_min, hourly_max)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{id} has no {model} price"))
}

const P4DE: &str = "aws:us-east-1:p4de.24xlarge";

/// AWS, 8 % (EDP / private pricing: on-demand, reservations and savings
/// plans; spot and Capacity Blocks not stated, so at list). 12 months at
/// 730 h:
/// * od 27.44705 × 0.92 = 25.251286 $/h; × 730 = 18,433.43878 → 18,433.44
///   a month; × 12 = 221,201.28.
/// * ri1n 17.401365 × 0.92 = 16.0092558; × 730 = 11,686.756734 → 11,686.76;
///   × 12 = 140,241.12.
/// * ri1a 142,274 × 0.92 = 130,892.08 upfront.
/// * sp1 17.40137 × 0.92 = 16.0092604; × 730 = 11,686.760092 → 11,686.76;
///   × 12 = 140,241.12.
/// * spot at list: the midpoint 21.453 plus the interruptions' lost work
///   (unchanged from a link without `nd`).
#[test]
fn aws_discounts_on_demand_reservations_and_savings_plans_not_spot() {
    assert_eq!(price(P4DE, "od").0, d("27.44705"));
    assert_eq!(price(P4DE, "ri1n"), (d("0"), d("17.401365")));
    assert_eq!(price(P4DE, "ri1a"), (d("142274"), d("0")));
    assert_eq!(price(P4DE, "sp1").0, d("17.40137"));
    assert_eq!(price(P4DE, "spot"), (d("21.453"), d("21.453")));
    let base = "v=2&o=aws:us-east-1:p4de.24xlarge&m=12&bm=od,ri1n,ri1a,sp1,spot";
    let list = models(base);
    let spot_list = list.iter().find(|m| m.0 == "spot").unwrap().1;
    let got = models(&format!("{base}&nd=aws:8"));
    assert_eq!(
        got,
        vec![
            row("od", "221201.28", true),
            row("ri1n", "140241.12", true),
            row("ri1a", "130892.08", true),
            row("sp1", "140241.12", true),
            ("spot".into(), spot_list, false),
        ]
    );
    // the compare table's row: yours, and the list price beside it
    let (l, _) = link::parse(&format!("{base}&nd=aws:8"), cat());
    let m = offer_metrics(cat(), &l.scenario, cat().offer(P4DE).unwrap()).unwrap();
    assert_eq!(
        (m.hourly, m.list_hourly),
        (Some(d("25.251286")), Some(d("27.44705")))
    );
    let r = negotiated_rule(ProviderId::Aws);
    assert!(r.on_demand && r.reservations && r.savings_plans && !r.spot && !r.capacity_block);
}

/// Azure, 12 % (the price sheet's negotiated unit prices: pay-as-you-go
/// and reservations; a savings plan keeps its own rate; spot not stated).
/// ND96isr H100 v5, 12 months at 730 h:
/// * od 98.32 × 0.88 = 86.5216 $/h; × 730 = 63,160.768 → 63,160.77; × 12 =
///   757,929.24.
/// * ri1a 551,221 × 0.88 = 485,074.48 upfront.
/// * ri1n, Azure's monthly payment of the all-upfront total: 485,074.48 ÷
///   12 = 40,422.873… → 40,422.87 a month; × 12 = 485,074.44.
#[test]
fn azure_discounts_pay_as_you_go_and_reservations_not_spot() {
    const ND: &str = "azure:eastus:Standard_ND96isr_H100_v5";
    assert_eq!(price(ND, "od").0, d("98.32"));
    assert_eq!(price(ND, "ri1a"), (d("551221"), d("0")));
    let got =
        models("v=2&o=azure:eastus:Standard_ND96isr_H100_v5&m=12&bm=od,ri1n,ri1a&nd=azure:12");
    assert_eq!(
        got,
        vec![
            row("od", "757929.24", true),
            row("ri1n", "485074.44", true),
            row("ri1a", "485074.48", true),
        ]
    );
    // NC48ads A100 v4's spot stays at list: the same figure with and without `nd`
    let base = "v=2&o=azure:eastus:Standard_NC48ads_A100_v4&m=12&bm=spot";
    assert_eq!(
        models(base)[0].1,
        models(&format!("{base}&nd=azure:12"))[0].1
    );
    assert!(!models(&format!("{base}&nd=azure:12"))[0].2);
    assert!(!negotiated_rule(ProviderId::Azure).savings_plans);
}

/// Alibaba, 15 % (pay-as-you-go bills carry the discount; subscriptions
/// not stated, so at list). ebmgn7e.32xlarge, Shanghai, 12 months, CNY:
/// * od 277.93 × 0.85 = 236.2405 ¥/h; × 730 = 172,455.565 → 172,455.57; ×
///   12 = 2,069,466.84.
/// * sub 133,408 a month at list; × 12 = 1,600,896.00.
#[test]
fn alibaba_discounts_pay_as_you_go_only() {
    const EBM: &str = "alibaba:cn-shanghai:ecs.ebmgn7e.32xlarge";
    assert_eq!(price(EBM, "od").0, d("277.93"));
    assert_eq!(price(EBM, "sub").0, d("133408"));
    let got = models(
        "v=2&o=alibaba:cn-shanghai:ecs.ebmgn7e.32xlarge&cur=CNY&m=12&bm=od,sub&nd=alibaba:15",
    );
    assert_eq!(
        got,
        vec![
            row("od", "2069466.84", true),
            row("sub", "1600896.00", false)
        ]
    );
}

/// Tencent, 10 % (当前折扣 applies to 按量 and 包年包月 alike; vouchers
/// after it). GN10X.18XLARGE320, Beijing, 12 months, CNY:
/// * od 145.96 × 0.90 = 131.364 ¥/h; × 730 = 95,895.72; × 12 = 1,150,748.64.
/// * sub 42,000 × 0.90 = 37,800 a month; × 12 = 453,600.00.
#[test]
fn tencent_discounts_pay_as_you_go_and_subscriptions() {
    const GN: &str = "tencent:ap-beijing:GN10X.18XLARGE320";
    assert_eq!(price(GN, "od").0, d("145.96"));
    assert_eq!(price(GN, "sub").0, d("42000"));
    let got =
        models("v=2&o=tencent:ap-beijing:GN10X.18XLARGE320&cur=CNY&m=12&bm=od,sub&nd=tencent:10");
    assert_eq!(
        got,
        vec![row("od", "1150748.64", true), row("sub", "453600.00", true)]
    );
}

/// The order: the negotiated rate first, then the first-month discount on
/// it, then the credit. p4de, 8 % off, 10 % off month 1, a $1,000 credit,
/// 2 months:
/// * month 1: 25.251286 × 730 = 18,433.43878; × 0.90 = 16,590.094902 →
///   16,590.09; − 1,000.00 credit = 15,590.09.
/// * month 2: 18,433.44. Total 34,023.53.
#[test]
fn the_discount_comes_before_promotions_and_credits() {
    let (l, _) = link::parse(
        "v=2&o=aws:us-east-1:p4de.24xlarge&m=2&bm=od&nd=aws:8&fmd=10&cr=1000usd",
        cat(),
    );
    let q = quote(cat(), &l.scenario).unwrap();
    let m = &q.offers[0].models[0];
    let lines = m.lines();
    assert_eq!(
        (lines[0].usage, lines[0].credits, lines[0].total),
        (d("16590.09"), d("-1000.00"), d("15590.09"))
    );
    assert_eq!(lines[1].total, d("18433.44"));
    assert_eq!(m.total.unwrap().amount(), d("34023.53"));
}

/// A user-entered price is what the user pays: the discount never applies
/// to it, and the result says it is not negotiated.
#[test]
fn a_user_price_is_never_discounted_again() {
    let c = cat();
    let unpriced = c
        .offers
        .iter()
        .find(|o| o.on_demand().is_none() && o.provider == ProviderId::Tencent)
        .expect("an unpriced Tencent offer");
    let q = format!("v=2&o={}&m=1&bm=od&up={}~10", unpriced.id, unpriced.id);
    let without = models(&q);
    let with = models(&format!("{q}&nd=tencent:10"));
    assert_eq!(without[0].1, with[0].1);
    assert!(!with[0].2);
}

/// Out of range or unknown: refused with a notice naming the item, the
/// others kept; nothing widened.
#[test]
fn a_bad_item_is_named_and_the_rest_kept() {
    let (l, notices) = link::parse("v=2&nd=aws:8,ibm:5,azure:100,tencent:0", cat());
    assert_eq!(
        l.scenario.negotiated.iter().collect::<Vec<_>>(),
        vec![(ProviderId::Aws, d("8"))]
    );
    let said: Vec<String> = notices.iter().map(|n| n.value.clone()).collect();
    assert_eq!(said, vec!["ibm:5", "azure:100", "tencent:0"]);
}

/// "Yours" only where a discounted rate goes into the figure: a mix on an
/// Azure savings plan (own rate) with spot (at list) costs the same with
/// and without `nd`, and says so; AWS spot at a 100 % share likewise; an
/// AWS student hourly price for all hours leaves no on-demand hour at the
/// negotiated rate (the families say where they charge a discounted rate:
/// `Shape::negotiated`).
#[test]
fn a_result_is_yours_only_where_the_discount_went_into_it() {
    for (q, nd) in [
        (
            "v=2&o=azure:eastus:Standard_NC48ads_A100_v4&m=12&bm=mix&mixb=sp1&mix=30&disc=20",
            "azure:12",
        ),
        (
            "v=2&o=aws:us-east-1:p4de.24xlarge&m=12&bm=mix&mix=100",
            "aws:8",
        ),
        (
            "v=2&o=aws:us-east-1:p4de.24xlarge&m=12&bm=od&stu=1usd&stucap=24",
            "aws:8",
        ),
    ] {
        let list = models(q);
        let with = models(&format!("{q}&nd={nd}"));
        assert_eq!(list[0].1, with[0].1, "{q}");
        assert!(!with[0].2, "{q}: flagged yours with no change");
    }
    // a mix on on-demand at 50 %: its on-demand half is yours
    let q = "v=2&o=aws:us-east-1:p4de.24xlarge&m=12&bm=mix&mix=50";
    let (list, with) = (models(q), models(&format!("{q}&nd=aws:8")));
    assert!(with[0].1 < list[0].1 && with[0].2);
    // two instances and a student price for 24 h a day: the account's cap
    // (730 h a month) leaves the second instance's 730 h at on-demand, and
    // those are yours: 730 × 1 + 730 × 27.44705 × 0.92 = 730 + 18,433.43878
    // = 19,163.44 a month, × 12 = 229,961.28 (at list 730 + 20,036.3465 =
    // 20,766.35, × 12 = 249,196.20)
    let q = "v=2&o=aws:us-east-1:p4de.24xlarge&gpus=16&m=12&bm=od&stu=1usd&stucap=24";
    let (list, with) = (models(q), models(&format!("{q}&nd=aws:8")));
    assert_eq!(list, vec![row("od", "249196.20", false)]);
    assert_eq!(with, vec![row("od", "229961.28", true)]);
}

/// A provider named twice: the first stands, the second is named.
#[test]
fn a_provider_named_twice_keeps_the_first() {
    let (l, notices) = link::parse("v=2&nd=aws:8,aws:9", cat());
    assert_eq!(l.scenario.negotiated.get(ProviderId::Aws), Some(d("8")));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].value, "aws:9");
}
