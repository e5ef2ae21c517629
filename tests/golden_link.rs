//! Link format: bad input falls back per key; embedded-catalog structural checks.
#![cfg(not(target_arch = "wasm32"))] // native tests; the wasm build runs src/ui tests
use gpucost::domain::catalog::{Catalog, Currency, GpuId, OfferId};
mod support;

use gpucost::domain::compare::view::Column;
use gpucost::domain::link::LinkNoticeCode as C;
use gpucost::domain::pricing::all_offer_metrics;
use gpucost::domain::scenario::{BillingModel, Scenario};
use gpucost::domain::tco::quote;
use rust_decimal::Decimal;
use support::{parse_query, to_query};

fn fixture() -> Catalog {
    Catalog::from_json(include_str!("fixtures/catalog.json")).unwrap()
}

#[test]
fn bad_values_fall_back_per_key_with_notices() {
    let c = fixture();
    let st = parse_query(
        "gpus=-3&cur=XYZ&sort=%3Cscript%3E&fx=0&h=999&m=abc&months=3&gpu=a100-40gb,zzz&sel=aws:us-east-1:p3.2xlarge,nope&mix=30&v=3",
        &c,
    );
    let codes: Vec<(&str, C)> = st
        .notices
        .iter()
        .map(|n| (n.key.as_str(), n.code))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("gpus", C::OutOfRange),
            ("cur", C::InvalidValue),
            ("sort", C::InvalidValue),
            ("fx", C::OutOfRange),
            ("h", C::OutOfRange),
            ("m", C::InvalidValue),
            ("months", C::UnknownKey),
            ("gpu", C::UnknownItem),
            ("sel", C::UnknownItem),
            ("v", C::UnsupportedVersion),
        ]
    );
    let d = Scenario::default();
    assert_eq!(st.scenario.min_gpus, d.min_gpus);
    assert_eq!(st.scenario.currency, Currency::USD);
    assert_eq!(st.scenario.fx_cny_per_usd, None);
    assert_eq!(st.scenario.hours_per_month, Decimal::from(730));
    assert_eq!(st.scenario.months, 12);
    assert_eq!(st.view.sort, None);
    // the good keys survive
    assert_eq!(st.scenario.gpu_models, vec![GpuId::from("a100-40gb")]);
    assert_eq!(
        st.view.selected,
        vec![OfferId::from("aws:us-east-1:p3.2xlarge")]
    );
    assert_eq!(st.scenario.mix_spot_share_pct, Decimal::from(30));
    assert!(quote(&c, &st.scenario).is_ok());
}

#[test]
fn defaults_are_omitted_and_order_is_stable() {
    let c = fixture();
    let st = parse_query("", &c);
    assert!(st.notices.is_empty());
    assert_eq!(to_query(&st), "v=2");
    let st = parse_query(
        "page=2&sort=-gpuh&bm=od,mix&cur=cny&gpu=a100-40gb&q=A100 80%25&cols=provider,hourly&up=alibaba:cn-shanghai:ecs.gn7-c13g1.13xlarge~99.5",
        &c,
    );
    assert!(st.notices.is_empty(), "{:?}", st.notices);
    assert_eq!(st.view.sort.unwrap().column, Column::Gpuh);
    assert!(st.view.sort.unwrap().descending);
    assert_eq!(
        st.scenario.billing_models,
        vec![BillingModel::OnDemand, BillingModel::Mix]
    );
    assert_eq!(st.view.q, "A100 80%");
    assert_eq!(
        to_query(&st),
        "v=2&gpu=a100-40gb&cur=CNY&bm=od,mix&up=alibaba:cn-shanghai:ecs.gn7-c13g1.13xlarge~99.5&q=A100+80%25&sort=-gpuh&cols=provider,hourly&page=2"
    );
}

#[test]
fn full_url_and_too_many_selected() {
    let c = fixture();
    let ids: Vec<&str> = c.offers.iter().map(|o| o.id.as_str()).collect();
    let url = format!("https://x.example/app/#/compare?v=1&sel={}", ids.join(","));
    let st = parse_query(&url, &c);
    assert_eq!(st.view.selected.len(), 6);
    assert_eq!(st.notices[0].code, C::TooManyItems);
}

#[test]
fn embedded_catalog_quotes_every_offer_without_panicking() {
    let c = Catalog::embedded().expect("embedded catalog parses");
    let s = Scenario {
        months: 36,
        ..Scenario::default()
    };
    let q = quote(&c, &s).expect("quote over the embedded catalog");
    assert_eq!(q.offers.len(), c.offers.len());
    for o in &q.offers {
        // no `bm`: the default set (the 5-year reservations only when
        // named), and the Capacity Block where the offer is sold as one
        let cb = c
            .offer(o.offer.as_str())
            .unwrap()
            .capacity_block()
            .is_some();
        assert_eq!(
            o.models.len(),
            BillingModel::DEFAULT.len() + usize::from(cb)
        );
        for m in &o.models {
            assert_eq!(
                m.total.is_some(),
                m.unavailable.is_none(),
                "{} {:?}",
                o.offer,
                m.model
            );
            if let Some(t) = m.total {
                assert_eq!(t.amount(), m.lines().last().unwrap().cumulative);
            }
        }
    }
    let metrics = all_offer_metrics(&c, &s).unwrap();
    assert_eq!(metrics.len(), c.offers.len());
    for m in metrics {
        assert_eq!(m.hourly.is_none(), m.reason.is_some());
    }
}

#[test]
fn readme_example_matches_embedded_catalog_when_prices_agree() {
    // The README shows `gpucost quote 'v=1&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1n'`;
    // when the embedded catalog carries the same two sourced prices as the
    // fixture, it must print the golden totals (g01).
    let c = Catalog::embedded().unwrap();
    let f = fixture();
    let id = "aws:us-east-1:p4d.24xlarge";
    if let (Some(a), Some(b)) = (c.offer(id), f.offer(id)) {
        if a.prices == b.prices {
            let st = parse_query("v=1&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1n", &c);
            let q = quote(&c, &st.scenario).unwrap();
            let t: Vec<String> = q.offers[0]
                .models
                .iter()
                .map(|m| m.total.unwrap().amount().to_string())
                .collect();
            assert_eq!(t, vec!["192348.96", "121948.80"]);
        }
    }
}

#[test]
fn mix_baseline_key_round_trips_and_rejects_non_baselines() {
    let c = gpucost::domain::catalog::Catalog::embedded().unwrap();
    let st = parse_query("v=1&mixb=ri3a", &c);
    assert!(st.notices.is_empty());
    assert_eq!(
        st.scenario.mix_baseline,
        gpucost::domain::scenario::BillingModel::Ri3All
    );
    assert_eq!(to_query(&st), "v=2&mixb=ri3a");
    let bad = parse_query("v=1&mixb=spot&m=3", &c);
    assert_eq!(bad.notices.len(), 1);
    assert_eq!(bad.notices[0].key, "mixb");
    assert_eq!(bad.scenario.months, 3);
}

#[test]
fn v1_links_keep_their_meaning_with_a_notice() {
    use gpucost::domain::money::Money;
    use gpucost::domain::scenario::{InterruptionRate, StudentPrice};
    let c = fixture();
    // v1: si was % per hour, disc one figure for every payment option, credit
    // and student price in the link's display currency.
    let st = parse_query(
        "v=1&si=6&disc=40&cr=300&stu=1.5&cur=CNY&fmd=50&stucap=4",
        &c,
    );
    let codes: Vec<(&str, C)> = st
        .notices
        .iter()
        .map(|n| (n.key.as_str(), n.code))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("si", C::Migrated),
            ("disc", C::Migrated),
            ("fmd", C::RuleChanged),
            ("stucap", C::RuleChanged),
        ]
    );
    let sc = &st.scenario;
    assert_eq!(
        sc.spot.interruption,
        InterruptionRate::HourlyPct(Decimal::from(6))
    );
    let a = sc.assumed_discount.unwrap();
    assert_eq!(a.partial_upfront_pct, Some(Decimal::from(40)));
    assert_eq!(a.all_upfront_pct, Some(Decimal::from(40)));
    assert_eq!(
        sc.promotions.credit,
        Some(Money::new(Decimal::from(300), Currency::CNY))
    );
    assert_eq!(
        sc.promotions.student,
        Some(StudentPrice::Hourly(Money::new(
            Decimal::new(15, 1),
            Currency::CNY
        )))
    );
    // rewritten in v2 form, which reads back without notices
    let q = to_query(&st);
    assert_eq!(
        q,
        "v=2&cur=CNY&sih=6&fmd=50&cr=300cny&stu=1.5cny&stucap=4&disc=40,40,40"
    );
    let again = parse_query(&q, &c);
    assert!(again.notices.is_empty(), "{:?}", again.notices);
    assert_eq!(again.scenario, st.scenario);
    // a link without `v` is a v1 link
    let st = parse_query("si=6", &c);
    assert_eq!(st.notices[0].code, C::Migrated);
}

#[test]
fn v2_spot_rate_bands_and_user_usage_rates() {
    use gpucost::domain::scenario::{InterruptionRate, SpotBand};
    let c = fixture();
    let st = parse_query(
        "v=2&si=10-15&ur=tencent:ap-guangzhou:xr~0.5,azure:eastus:eg~0.087,nope:x:eg~1,aws:us-east-1:zz~1",
        &c,
    );
    assert_eq!(
        st.scenario.spot.interruption,
        InterruptionRate::Band(SpotBand::B10To15)
    );
    assert_eq!(st.scenario.user_usage_rates.len(), 2);
    assert_eq!(st.notices.len(), 2, "{:?}", st.notices);
    assert_eq!(
        to_query(&st),
        "v=2&si=10-15&ur=azure:eastus:eg~0.087,tencent:ap-guangzhou:xr~0.5"
    );
    // 100 % a month is no rate at all: out of range, default kept
    let st = parse_query("v=2&si=100", &c);
    assert_eq!(st.notices[0].code, C::OutOfRange);
}

/// Issue 47 point 4: a filter means what it says. A filter whose every
/// value is unknown matches nothing (it widened to the whole catalog: 262
/// offers and "cheapest" an AWS China T4 box), says so once with the
/// value, and the link keeps it; a list with one known value keeps that
/// one and drops the other with a notice; editing the filter (a later
/// value) replaces it.
#[test]
fn a_filter_that_matches_nothing_quotes_nothing_and_is_kept() {
    let c = Catalog::embedded().unwrap();
    for (link, key, value) in [
        ("v=2&gpu=h300", "gpu", "h300"),
        ("v=2&r=azure:westus2", "r", "azure:westus2"),
        ("v=2&p=gcp", "p", "gcp"),
        ("v=2&rg=mars,moon", "rg", "mars,moon"),
    ] {
        let st = parse_query(link, &c);
        let notes: Vec<_> = st
            .notices
            .iter()
            .map(|n| (n.key.as_str(), n.value.as_str(), n.code))
            .collect();
        assert_eq!(notes, vec![(key, value, C::NoMatch)], "{link}");
        assert_eq!(
            st.scenario.no_match,
            vec![(key.to_string(), value.to_string())]
        );
        let q = quote(&c, &st.scenario).unwrap();
        assert!(q.offers.is_empty(), "{link}: {} offers", q.offers.len());
        let written = to_query(&st);
        let kept = format!("{key}={}", value.replace(',', "%2C"));
        assert!(written.contains(&kept), "{link} → {written}");
        assert_eq!(parse_query(&written, &c).scenario, st.scenario);
    }
    // one known value: the filter is that value, the other dropped
    let st = parse_query("v=2&gpu=h100-sxm,h300", &c);
    assert_eq!(st.scenario.gpu_models, vec![GpuId::from("h100-sxm")]);
    assert!(st.scenario.no_match.is_empty());
    assert_eq!(st.notices[0].code, C::UnknownItem);
    // the last value of a key given twice replaces the first either way
    let st = parse_query("v=2&gpu=h300&gpu=h100-sxm", &c);
    assert!(st.scenario.no_match.is_empty());
    assert_eq!(st.scenario.gpu_models, vec![GpuId::from("h100-sxm")]);
    let st = parse_query("v=2&gpu=h100-sxm&gpu=h300", &c);
    assert!(st.scenario.gpu_models.is_empty());
    assert_eq!(st.scenario.no_match.len(), 1);
    // an explicit offer list overrides the filters, as before
    let st = parse_query("v=2&gpu=h300&o=aws:us-east-1:p4d.24xlarge", &c);
    assert_eq!(quote(&c, &st.scenario).unwrap().offers.len(), 1);
}

/// Issue 48 point 15: more than three unknown keys are one notice where the
/// first was, naming the first five (each shortened) and how many; up to
/// three are one notice each. The keys the link knows are read all the same.
#[test]
fn many_unknown_keys_are_one_notice() {
    let c = fixture();
    let long = "x".repeat(300);
    let keys: String = (0..3000).map(|i| format!("&k{i}=1")).collect();
    let st = parse_query(&format!("v=2&gpus=2&{long}=1{keys}&m=400"), &c);
    let codes: Vec<(&str, &str, C)> = st
        .notices
        .iter()
        .map(|n| (n.key.as_str(), n.value.as_str(), n.code))
        .collect();
    let first = format!("{}, k0, k1, k2, k3, …", "x".repeat(20));
    assert_eq!(
        codes,
        vec![
            (first.as_str(), "3,001", C::UnknownKeys),
            ("m", "400", C::OutOfRange)
        ]
    );
    assert_eq!(st.scenario.min_gpus, 2);
    let st = parse_query("v=2&a=1&b=2&c=3", &c);
    let codes: Vec<(&str, C)> = st
        .notices
        .iter()
        .map(|n| (n.key.as_str(), n.code))
        .collect();
    assert_eq!(
        codes,
        vec![
            ("a", C::UnknownKey),
            ("b", C::UnknownKey),
            ("c", C::UnknownKey)
        ]
    );
}

/// Issue 48 point 15: an over-long search says it was shortened to its
/// first 200 characters (it said "(“”) default used" while keeping 200);
/// a value with a broken percent-escape is refused with a notice showing it
/// as written (it became "�%A" silently), and the other keys are read.
#[test]
fn long_search_and_broken_escapes_say_what_was_done() {
    let c = fixture();
    let long = "a".repeat(250);
    let st = parse_query(&format!("v=2&q={long}&gpus=2"), &c);
    assert_eq!(st.view.q, "a".repeat(200));
    let n: Vec<(&str, &str, C)> = st
        .notices
        .iter()
        .map(|n| (n.key.as_str(), n.value.as_str(), n.code))
        .collect();
    assert_eq!(n, vec![("q", "200", C::Shortened)]);

    for bad in ["%E2%A", "A100%", "%zz", "%FF%FE", "%C3"] {
        let st = parse_query(&format!("v=2&q={bad}&gpus=2"), &c);
        assert_eq!(st.view.q, "", "{bad}");
        assert_eq!(st.scenario.min_gpus, 2, "{bad}");
        let n: Vec<(&str, &str, C)> = st
            .notices
            .iter()
            .map(|n| (n.key.as_str(), n.value.as_str(), n.code))
            .collect();
        assert_eq!(n, vec![("q", bad, C::BadEscape)], "{bad}");
    }
    // a well-formed escape of a multi-byte character reads as before
    let st = parse_query("v=2&q=%E2%82%AC+A100%25", &c);
    assert_eq!(st.view.q, "€ A100%");
    assert!(st.notices.is_empty(), "{:?}", st.notices);
}
