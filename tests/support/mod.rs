//! Reading links in tests the way the app does (`gpucost::ui::link`), as one
//! value with the scenario, the compare view and the notices side by side.
#![allow(dead_code)]
use gpucost::domain::advise::AdviceInputs;
use gpucost::domain::catalog::Catalog;
use gpucost::domain::compare::view::CompareView;
use gpucost::domain::link::LinkNotice;
use gpucost::domain::scenario::Scenario;
use gpucost::ui::link::{self, AppLink, Screen};
use rust_decimal::Decimal;

/// A decimal from its text (tests write money and rates as text).
pub fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

/// The whole catalog (the worker's: facts and notes too), decoded once per
/// test binary.
pub fn cat() -> &'static Catalog {
    use std::sync::OnceLock;
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| Catalog::embedded_full().unwrap())
}

/// The one offer a link quotes on the embedded catalog (the link reads
/// without notices).
pub fn one_offer(q: &str) -> gpucost::domain::tco::OfferQuote {
    let (l, notices) = link::parse(q, cat());
    assert!(notices.is_empty(), "{q}: {notices:?}");
    let mut out = gpucost::domain::tco::quote(cat(), &l.scenario).unwrap();
    assert_eq!(out.offers.len(), 1, "{q}");
    out.offers.remove(0)
}

/// The embedded catalog's one-tier usage rate of a kind in a region, with
/// its source id.
pub fn usage_rate(
    provider: gpucost::domain::catalog::ProviderId,
    region: &str,
    kind: gpucost::domain::catalog::UsageKind,
) -> Option<(Decimal, String)> {
    cat()
        .usage_rates
        .iter()
        .find(|r| r.provider == provider && r.region == region && r.kind == kind)
        .map(|r| {
            assert_eq!(r.tiers.len(), 1);
            (r.tiers[0].price, r.source.clone())
        })
}

/// A missing charge's bound as (provider, rate, a month), for goldens.
pub fn bound_of(
    m: &gpucost::domain::billing::data::MissingRate,
) -> (gpucost::domain::catalog::ProviderId, Decimal, Decimal) {
    let b = m.bound.as_ref().expect("a bound");
    (b.provider, b.rate, b.monthly)
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Parsed {
    pub screen: Screen,
    pub scenario: Scenario,
    pub view: CompareView,
    pub advise: AdviceInputs,
    pub notices: Vec<LinkNotice>,
}

pub fn parse_query(q: &str, c: &Catalog) -> Parsed {
    let (l, notices) = link::parse(q, c);
    Parsed {
        screen: l.screen,
        scenario: l.scenario,
        view: l.compare,
        advise: l.advise,
        notices,
    }
}

/// The link of a parsed state without `d` (the app writes its own dataset
/// version into every link; `tests/link_format.rs` tests that key).
pub fn to_query(p: &Parsed) -> String {
    link::write(&AppLink {
        screen: p.screen,
        data: None,
        shared_on: None,
        scenario: p.scenario.clone(),
        compare: p.view.clone(),
        advise: p.advise.clone(),
    })
}

/// The notices a written link may still carry: one `NoMatch` per filter
/// the state keeps as matching nothing (the link writes it back).
pub fn only_no_match(notices: &[LinkNotice], sc: &Scenario) -> bool {
    use gpucost::domain::link::LinkNoticeCode;
    let mut got: Vec<(String, String)> = notices
        .iter()
        .filter(|n| n.code == LinkNoticeCode::NoMatch)
        .map(|n| (n.key.clone(), n.value.clone()))
        .collect();
    let mut want = sc.no_match.clone();
    got.sort();
    want.sort();
    notices.iter().all(|n| n.code == LinkNoticeCode::NoMatch) && got == want
}
