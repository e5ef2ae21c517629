//! One module per screen. A screen reads and writes the shared
//! [`crate::ui::state::AppState`] (the scenario is already there); its own
//! view keys live next to it (`compare/view.rs`) and are read and written
//! by `ui::link`. To add a screen: a module here, a variant of
//! [`crate::ui::link::Screen`], then what the compiler asks for (its label,
//! its place in `app.rs`). Screens are built once and hidden while another
//! is shown; a screen with expensive memos should skip work while hidden.
pub mod advise;
pub mod compare;
pub mod plan;
pub mod providers;
pub mod sources;

/// The markup the plan worker makes for a screen (`kind`): the providers
/// table, the advise screen's form or its recommendation, the compare
/// screen's side-by-side panel, the data screen's source list; empty for an
/// unknown kind. Native builds (tests, the command line) call it directly.
pub fn markup(
    catalog: &crate::domain::catalog::Catalog,
    kind: &str,
    query: &str,
    locale: crate::ui::i18n::Locale,
) -> String {
    match kind {
        "providers" => providers::providers_html(catalog, locale),
        "advise-form" => advise::render::form_html(catalog, query, locale),
        "advise" => advise::render::advise_html(catalog, query, locale),
        "compare-panel" => compare::panel::panel_html(catalog, query, locale),
        "sources" => sources::sources_html(catalog, locale),
        _ => String::new(),
    }
}
