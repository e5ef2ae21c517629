//! The app's link: which screen, the scenario every screen shares, and each
//! screen's own view keys — read and written by walking the key tables
//! (`domain::link::SCENARIO_KEYS`, [`APP_KEYS`], each page's keys) in the
//! order links write them. Pure: the command line reads links with it too,
//! so any link's numbers can be checked from a terminal.
use crate::domain::advise::keys::{finish_advice, ADVISE_KEYS};
use crate::domain::advise::AdviceInputs;
use crate::domain::catalog::Catalog;
use crate::domain::codes::code_enum;
use crate::domain::compare::view::{narrow_keys, CompareView, COMPARE_KEYS};
use crate::domain::link::{
    self, decode, encode, finish_scenario, read_key, write_keys, Bad, KeySpec, LinkNotice,
    LinkNoticeCode, Reader, LINK_VERSION, SCENARIO_KEYS,
};
use crate::domain::scenario::Scenario;

code_enum! {
    /// A screen of the app (`screen=` in links; the compare screen when absent).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Screen {
        #[default]
        Compare = "compare",
        Plan = "plan",
        Advise = "advise",
        Providers = "providers",
        Sources = "sources",
    }
}

/// The accepted range of a number key of any table (scenario, compare,
/// advise): the one truth the link parser, the form fields and their range
/// hints all read.
pub fn bounds_of(key: &str) -> Option<link::Bounds> {
    fn find<T>(t: &[KeySpec<T>], key: &str) -> Option<link::Bounds> {
        t.iter().find(|k| k.code == key).and_then(|k| k.bounds)
    }
    find(SCENARIO_KEYS, key)
        .or_else(|| find(COMPARE_KEYS, key))
        .or_else(|| find(ADVISE_KEYS, key))
}

/// Everything a link holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AppLink {
    pub screen: Screen,
    /// The dataset version the figures are computed with (`d`): after
    /// [`parse`], the app's own; written into every link the app makes.
    pub data: Option<String>,
    /// The dataset a link was made with when it is not the app's (`d` as
    /// the link gave it): the plan then prices its options on that date's
    /// prices too ([`crate::domain::tco::then`]). Never written into a link.
    pub shared_on: Option<String>,
    pub scenario: Scenario,
    pub compare: CompareView,
    /// The advise screen's inputs (`use` … `prof`).
    pub advise: AdviceInputs,
}

/// The app-level state a link's first keys hold.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AppKeys {
    pub screen: Screen,
    pub data: Option<String>,
}

/// The app-level keys (before the scenario's).
pub static APP_KEYS: &[KeySpec<AppKeys>] = &[KeySpec {
    code: "screen",
    #[cfg(not(target_arch = "wasm32"))]
    meaning: "screen shown: `compare` (offers table and side-by-side), `plan` (total cost over months, break-even across the catalog, cost of a job), `advise` (ranked recommendations with reasons), `providers` (the four clouds side by side), `sources` (data sources and catalog counts)",
    #[cfg(not(target_arch = "wasm32"))]
    default: "`compare`",
    #[cfg(not(target_arch = "wasm32"))]
    values: "`compare plan advise providers sources`",
    bounds: None,
    read: r_screen,
    write: w_screen,
},
KeySpec {
    code: "d",
    #[cfg(not(target_arch = "wasm32"))]
    meaning: "dataset the link's figures were computed with; a link made with another dataset opens on today's data with a notice listing the offers whose prices are dated after its date, and the plan shows each option's cost on the prices in force on that date beside today's (`not in the price history` where the kept history holds none)",
    #[cfg(not(target_arch = "wasm32"))]
    default: "none (the app writes its own)",
    #[cfg(not(target_arch = "wasm32"))]
    values: "`YYYY-MM-DD+hash`, e.g. `2026-11-30+8307e70d`",
    bounds: None,
    read: r_data,
    write: w_data,
}];

fn r_screen(_: &mut Reader, raw: &str, s: &mut AppKeys) -> Result<(), Bad> {
    s.screen = Screen::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_screen(s: &AppKeys) -> Option<String> {
    (s.screen != Screen::default()).then(|| s.screen.code().into())
}

/// A dataset version: `YYYY-MM-DD+hash` (letters, digits, `-`, `+`).
fn r_data(_: &mut Reader, raw: &str, s: &mut AppKeys) -> Result<(), Bad> {
    // a hand-typed `+` arrives as a space
    let mut v = decode(raw).into_bytes();
    for b in &mut v {
        if *b == b' ' {
            *b = b'+';
        }
    }
    let ok = (10..=40).contains(&v.len())
        && v.iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'+');
    s.data = if ok { String::from_utf8(v).ok() } else { None };
    s.data.as_ref().map(|_| ()).ok_or(Bad::Invalid)
}
fn w_data(s: &AppKeys) -> Option<String> {
    s.data.as_deref().map(encode)
}

/// Every table's documentation rows, in link order (`v` first): what
/// `LINK_FORMAT.md` must list.
#[cfg(not(target_arch = "wasm32"))]
pub fn documented_keys() -> Vec<[&'static str; 4]> {
    fn rows<T>(specs: &'static [KeySpec<T>]) -> impl Iterator<Item = [&'static str; 4]> {
        specs
            .iter()
            .map(|s| [s.code, s.meaning, s.default, s.values])
    }
    std::iter::once(link::VERSION_DOC)
        .chain(rows(APP_KEYS))
        .chain(rows(SCENARIO_KEYS))
        .chain(rows(COMPARE_KEYS))
        .chain(rows(ADVISE_KEYS))
        .collect()
}

/// Parse a query string or a whole URL. Never fails: what cannot be used is
/// reported in the notices.
pub fn parse(input: &str, catalog: &Catalog) -> (AppLink, Vec<LinkNotice>) {
    let mut l = AppLink::default();
    let mut app = AppKeys::default();
    let mut r = link::read(input, catalog, |r, k, raw| {
        read_key(APP_KEYS, &mut app, r, k, raw)
            || read_key(SCENARIO_KEYS, &mut l.scenario, r, k, raw)
            || read_key(COMPARE_KEYS, &mut l.compare, r, k, raw)
            || read_key(ADVISE_KEYS, &mut l.advise, r, k, raw)
    });
    finish_advice(&mut l.advise, l.scenario.currency, &mut r);
    finish_scenario(&mut l.scenario, &mut r);
    // The figures are computed on this app's data: a link made with other
    // data says so (once), and the link written from now on names ours.
    let ours = catalog.version();
    if let Some(theirs) = app.data.filter(|d| *d != ours) {
        r.note_key("d", &theirs, LinkNoticeCode::DataUpdated);
        l.shared_on = Some(theirs);
    }
    l.screen = app.screen;
    l.data = Some(ours);
    // Not part of the link: in the browser, prices' ages are measured at
    // today's date (natively the CLI sets it, and tests keep the
    // catalog's date).
    l.scenario.today = browser_today();
    (l, r.into_notices())
}

/// The scenario of a scenario link (the plan's parts), its prices' ages
/// measured at today's date in the browser, as [`parse`] does.
#[cfg(feature = "worker-html")]
pub fn scenario_of(query: &str, catalog: &Catalog) -> crate::domain::scenario::Scenario {
    let mut s = Scenario::default();
    let mut v = CompareView::default();
    let mut r = link::read(query, catalog, |r, k, raw| {
        link::read_key(SCENARIO_KEYS, &mut s, r, k, raw)
            || link::read_key(narrow_keys(), &mut v, r, k, raw)
    });
    link::finish_scenario(&mut s, &mut r);
    s.set_narrow(v.narrow());
    s.today = browser_today();
    s
}

/// Append the compare screen's own filters that are set (a worker's
/// scenario link; [`scenario_of`] reads them).
pub fn write_narrow(v: &CompareView, out: &mut Vec<String>) {
    write_keys(narrow_keys(), v, out);
}

/// Today's date (UTC, `YYYY-MM-DD`) from the browser's clock; None
/// natively.
fn browser_today() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let d = js_sys::Date::new_0();
        let days = (d.get_time() / 86_400_000.0).floor() as i64;
        Some(crate::domain::catalog::date_of_days(days))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The link of a state: `v` first, then every non-default key in table order.
pub fn write(l: &AppLink) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    let app = AppKeys {
        screen: l.screen,
        data: l.data.clone(),
    };
    write_keys(APP_KEYS, &app, &mut out);
    write_keys(SCENARIO_KEYS, &l.scenario, &mut out);
    write_keys(COMPARE_KEYS, &l.compare, &mut out);
    write_keys(ADVISE_KEYS, &l.advise, &mut out);
    out.join("&")
}

/// The address of a screen with the rest of the state unchanged
/// (`?` + the link), for the nav's links.
pub fn href_for(l: &AppLink, screen: Screen) -> String {
    let mut to = l.clone();
    to.screen = screen;
    format!("?{}", write(&to))
}
