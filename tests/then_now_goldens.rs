//! Issue 49 point 4, links that remember their prices: a link made on an
//! older dataset (`d=DATE+hash`) is priced on the catalog as it stood on
//! DATE (`tco::then::catalog_at`: each slot's newest price dated on or
//! before DATE, from the current prices and the kept history) and on
//! today's, through the same engine. Hand-worked on the embedded catalog;
//! each price used is asserted first.
#![cfg(not(target_arch = "wasm32"))]

use gpucost::cli::run;
use gpucost::domain::catalog::PriceKind;
use gpucost::domain::tco::then::{catalog_at, then_vs_now};
use gpucost::ui::link;
use rust_decimal::Decimal;

mod support;
use support::{cat, d};

const P5: &str = "aws:us-east-1:p5.48xlarge";

/// The on-demand prices of p5.48xlarge: (hourly, as_of), current first.
fn od_prices() -> Vec<(Decimal, String)> {
    let o = cat().offer(P5).unwrap();
    o.prices
        .iter()
        .chain(&o.price_history)
        .filter_map(|p| match p.kind {
            PriceKind::OnDemand { hourly } => Some((hourly, p.as_of.to_string())),
            _ => None,
        })
        .collect()
}

/// AWS's June-2025 cut, seen from a link made on 2025-03-01: p5.48xlarge
/// on-demand was 98.32 $/h (kept from the 2024-12 snapshot), is 55.04 $/h
/// (2026-10-10). One month at 730 h: then 98.32 × 730 = 71,773.60, now
/// 55.04 × 730 = 40,179.20; (40,179.20 − 71,773.60) ÷ 71,773.60 =
/// −44.02 % → −44.0. The 1-year reservation's price is dated 2025-11-30:
/// the history holds none for 2025-03-01, so "then" is unknown, not
/// taken as today's.
#[test]
fn a_link_from_before_the_cut_shows_then_and_now() {
    assert_eq!(
        od_prices(),
        vec![
            (d("55.04"), "2026-10-10".into()),
            (d("98.32"), "2024-12".into())
        ]
    );
    let (l, _) = link::parse(&format!("v=2&o={P5}&bm=od,ri1n&m=1"), cat());
    let t = then_vs_now(cat(), &l.scenario, "2025-03-01")
        .unwrap()
        .unwrap();
    assert_eq!(t.then_date, "2025-03-01");
    let od = &t.rows[0];
    assert_eq!(
        (od.model.code(), od.then, od.now, od.change_pct),
        (
            "od",
            Some(d("71773.60")),
            Some(d("40179.20")),
            Some(d("-44.0"))
        )
    );
    let ri = &t.rows[1];
    assert_eq!((ri.model.code(), ri.then), ("ri1n", None));
    assert!(ri.now.is_some());
}

/// On or after the current price's date nothing changed: then = now.
#[test]
fn a_link_from_today_has_then_equal_to_now() {
    let (l, _) = link::parse(&format!("v=2&o={P5}&bm=od&m=1"), cat());
    let t = then_vs_now(cat(), &l.scenario, "2026-11-30")
        .unwrap()
        .unwrap();
    assert_eq!(t.rows[0].then, t.rows[0].now);
    assert_eq!(t.rows[0].change_pct, Some(d("0.0")));
    // an unreadable date is said, not guessed
    assert!(then_vs_now(cat(), &l.scenario, "yesterday")
        .unwrap()
        .is_none());
}

/// Before an offer's first dated price it has no price at all.
#[test]
fn before_any_price_an_offer_has_none() {
    let then = catalog_at(cat(), "2020-01-01").unwrap();
    assert!(then.offer(P5).unwrap().prices.is_empty());
    assert!(then.offers.iter().all(|o| o.price_history.is_empty()));
}

/// The CLI prints the same (`quote LINK --then`), and refuses `--then`
/// for a link that names no other dataset.
#[test]
fn the_cli_prints_then_and_now() {
    let args: Vec<String> = [
        "quote",
        &format!("v=2&o={P5}&bm=od&m=1&d=2025-03-01+0123abcd"),
        "--then",
        "--today",
        "2026-12-06",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(run(&args, &mut out, &mut err), 0);
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let row = &v["then"]["rows"][0];
    assert_eq!(
        (
            row["then"].as_str(),
            row["now"].as_str(),
            row["change_pct"].as_str()
        ),
        (Some("71773.60"), Some("40179.20"), Some("-44.0"))
    );
    let args: Vec<String> = ["quote", &format!("v=2&o={P5}&bm=od"), "--then"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(run(&args, &mut out, &mut err), 1);
    assert!(String::from_utf8(err)
        .unwrap()
        .contains("names no other dataset"));
}

/// On the dataset's own date every model still sold is priced as today,
/// and a model sold no more (a price only in the history, such as
/// p3.2xlarge's 2024-12 spot) is not brought back.
#[test]
fn on_its_own_date_the_catalog_is_priced_as_today() {
    let (l, _) = link::parse("v=2&bm=od,spot,ri1n,sub&m=1", cat());
    let t = then_vs_now(cat(), &l.scenario, &cat().as_of)
        .unwrap()
        .unwrap();
    assert!(t.rows.len() > 200);
    for r in &t.rows {
        assert_eq!(r.then, r.now, "{} {}", r.offer.as_str(), r.model.code());
    }
    let p3 = cat().offer("aws:us-east-1:p3.2xlarge").unwrap();
    assert!(p3.spot().is_none() && !p3.price_history.is_empty());
    let then = catalog_at(cat(), "2025-06-01").unwrap();
    assert!(then
        .offer("aws:us-east-1:p3.2xlarge")
        .unwrap()
        .spot()
        .is_none());
}
