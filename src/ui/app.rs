//! The application shell: header (name, dataset version, screens nav,
//! language switch), the current screen, and the footer. The shell owns the
//! app state ([`AppState`], mirrored in the URL); each screen is a module of
//! `ui::pages`.

use leptos::prelude::*;

use crate::domain::catalog::Catalog;
use crate::domain::synthetic;
use crate::ui::components::nav::Nav;
use crate::ui::components::negotiated::NegotiatedNote;
use crate::ui::components::notices::LinkNotices;
use crate::ui::i18n::{use_i18n, I18n, Locale, Msg};
use crate::ui::link::Screen;
use crate::ui::pages::advise::AdviseScreen;
use crate::ui::pages::compare::CompareScreen;
use crate::ui::pages::plan::PlanScreen;
use crate::ui::pages::providers::ProvidersScreen;
use crate::ui::pages::sources::SourcesScreen;
use crate::ui::state::{sync_with_url, AppState};
use crate::ui::url;

/// The catalog the app uses: the embedded one, or N× it behind the
/// documented test-only `synthetic=N` switch.
fn app_catalog(base: &'static Catalog, factor: Option<u32>) -> &'static Catalog {
    match factor {
        Some(n) => Box::leak(Box::new(synthetic::scaled(base, n))),
        None => base,
    }
}

#[component]
pub fn App(catalog: &'static Catalog) -> impl IntoView {
    let i18n = I18n::new();
    provide_context(i18n);
    let (query, factor) = url::split_synthetic(&url::current_query());
    let state = AppState::new(app_catalog(catalog, factor), &query);
    provide_context(state);
    sync_with_url(state, factor);
    let screen = Memo::new(move |_| state.link.with(|l| l.screen));
    view! {
        <Header catalog=catalog />
        <main id="main" on:click=move |ev| follow_in_app(state, ev)>
            // Every screen is built once and hidden while another is shown:
            // switching screens never rebuilds a screen's view, which keeps
            // the rebuild code of whole screens out of the wasm (docs/SIZE.md)
            // and keeps each screen's scroll position and typed text.
            <LinkNotices />
            <NegotiatedNote />
            <div hidden=move || screen.get() != Screen::Compare>
                <CompareScreen />
            </div>
            <div hidden=move || screen.get() != Screen::Plan>
                <PlanScreen />
            </div>
            <div hidden=move || screen.get() != Screen::Advise>
                <AdviseScreen />
            </div>
            <div hidden=move || screen.get() != Screen::Providers>
                <ProvidersScreen />
            </div>
            <div hidden=move || screen.get() != Screen::Sources>
                <SourcesScreen />
            </div>
        </main>
        <Footer />
    }
}

/// One delegated handler for the links the worker's parts hold (`?…`,
/// relative to the page): followed inside the app, without a reload. A
/// click with a modifier key (a new tab) is the browser's.
fn follow_in_app(state: AppState, ev: leptos::ev::MouseEvent) {
    use wasm_bindgen::JsCast;
    if ev.default_prevented()
        || ev.button() != 0
        || ev.ctrl_key()
        || ev.meta_key()
        || ev.shift_key()
        || ev.alt_key()
    {
        return;
    }
    let href = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("a[href^=\"?\"]").ok().flatten())
        .and_then(|a| a.get_attribute("href"));
    if let Some(q) = href {
        ev.prevent_default();
        state.open(&q[1..]);
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    }
}

#[component]
fn Header(catalog: &'static Catalog) -> impl IntoView {
    let i18n = use_i18n();
    let version = catalog.version();
    view! {
        <header class="app-header">
            <div class="brand">
                <img src="icons/icon.svg" alt="" width="32" height="32" />
                <div>
                    <h1 data-testid="app-title">{move || i18n.t(Msg::AppTitle)}</h1>
                    <p class="tagline">{move || i18n.t(Msg::AppTagline)}</p>
                </div>
            </div>
            <div class="header-meta">
                <span class="dataset" data-testid="dataset-version">
                    {move || i18n.t(Msg::DatasetVersion)} " " <code>{version}</code>
                    " · " {move || i18n.t(Msg::AsOf)} " " {catalog.as_of.clone()}
                </span>
                <div class="actions">
                <LanguageSwitch />
                // sharing is done by enhance.js (Web Share or clipboard), so
                // the browser APIs stay out of the first load
                <button type="button" class="share" data-testid="share" data-action="share">
                    {move || i18n.t(Msg::Share)}
                </button>
                // QR code and downloads are made by the plan worker, asked by
                // enhance.js: the app renders the buttons only
                <button type="button" class="share" data-testid="qr" data-action="qr">
                    {move || i18n.t(Msg::QrCode)}
                </button>
                <button type="button" class="share" data-testid="export-csv" data-action="export-csv" title=move || i18n.t(Msg::ExportTip)>
                    "CSV"
                </button>
                <button type="button" class="share" data-testid="export-json" data-action="export-json" title=move || i18n.t(Msg::ExportTip)>
                    "JSON"
                </button>
                <button type="button" class="share" data-testid="theme" data-action="theme" aria-pressed="false" aria-label=move || i18n.t(Msg::DarkTheme)>
                    "◐"
                </button>
                </div>
            </div>
            <Nav />
        </header>
    }
}

#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="lang-switch">
            <span class="sr-only">{move || i18n.t(Msg::Language)}</span>
            <select
                data-testid="lang-switch"
                aria-label=move || i18n.t(Msg::Language)
                on:change=move |ev| {
                    if let Some(l) = Locale::from_tag(&event_target_value(&ev)) {
                        i18n.set(l);
                    }
                }
            >
                {Locale::ALL
                    .into_iter()
                    .map(|l| {
                        view! {
                            <option value=l.tag() prop:selected=move || i18n.locale.get() == l>
                                {l.endonym()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
fn Footer() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let href = move || {
        state
            .link
            .with(|l| crate::ui::link::href_for(l, Screen::Sources))
    };
    view! {
        <footer class="app-footer">
            <p>{move || i18n.t(Msg::FooterNote)}</p>
            <a
                href=href
                data-testid="footer-sources-link"
                on:click=move |ev| {
                    ev.prevent_default();
                    state.go(Screen::Sources);
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                }
            >
                {move || i18n.t(Msg::FooterSourcesLink)}
            </a>
        </footer>
    }
}
