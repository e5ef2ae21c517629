//! The app's link: which screen, the scenario every screen shares, and each
//! screen's own view keys — read and written by walking the key tables
//! (`domain::link::SCENARIO_KEYS`, [`APP_KEYS`], each page's keys) in the
//! order links write them. Pure: the command line reads links with it too,
//! so any link's numbers can be checked from a terminal.
use crate::domain::catalog::Catalog;
use crate::domain::codes::code_enum;
use crate::domain::link::{
    self, decode, finish_scenario, read_key, write_keys, Bad, KeySpec, LinkNotice, Reader,
    LINK_VERSION, SCENARIO_KEYS,
};
use crate::domain::scenario::Scenario;
use crate::ui::pages::compare::view::{CompareView, COMPARE_KEYS};

code_enum! {
    /// A screen of the app (`screen=` in links; the compare screen when absent).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub enum Screen {
        #[default]
        Compare = "compare",
        Sources = "sources",
    }
}

/// Everything a link holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AppLink {
    pub screen: Screen,
    pub scenario: Scenario,
    pub compare: CompareView,
}

/// The app-level keys (before the scenario's).
pub static APP_KEYS: &[KeySpec<Screen>] = &[KeySpec {
    code: "screen",
    #[cfg(not(target_arch = "wasm32"))]
    meaning: "screen shown: `compare` (offers table and side-by-side), `sources` (data sources and catalog counts)",
    #[cfg(not(target_arch = "wasm32"))]
    default: "`compare`",
    #[cfg(not(target_arch = "wasm32"))]
    values: "`compare sources`",
    bounds: None,
    read: r_screen,
    write: w_screen,
}];

fn r_screen(_: &mut Reader, raw: &str, s: &mut Screen) -> Result<(), Bad> {
    *s = Screen::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_screen(s: &Screen) -> Option<String> {
    (*s != Screen::default()).then(|| s.code().into())
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
        .collect()
}

/// Parse a query string or a whole URL. Never fails: what cannot be used is
/// reported in the notices.
pub fn parse(input: &str, catalog: &Catalog) -> (AppLink, Vec<LinkNotice>) {
    let mut l = AppLink::default();
    let mut r = link::read(input, catalog, |r, k, raw| {
        read_key(APP_KEYS, &mut l.screen, r, k, raw)
            || read_key(SCENARIO_KEYS, &mut l.scenario, r, k, raw)
            || read_key(COMPARE_KEYS, &mut l.compare, r, k, raw)
    });
    finish_scenario(&mut l.scenario, &mut r);
    (l, r.into_notices())
}

/// The link of a state: `v` first, then every non-default key in table order.
pub fn write(l: &AppLink) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    write_keys(APP_KEYS, &l.screen, &mut out);
    write_keys(SCENARIO_KEYS, &l.scenario, &mut out);
    write_keys(COMPARE_KEYS, &l.compare, &mut out);
    out.join("&")
}

/// The address of a screen with the rest of the state unchanged
/// (`?` + the link), for the nav's links.
pub fn href_for(l: &AppLink, screen: Screen) -> String {
    let mut to = l.clone();
    to.screen = screen;
    format!("?{}", write(&to))
}
