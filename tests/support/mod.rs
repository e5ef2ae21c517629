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
