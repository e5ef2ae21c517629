//! Component tests in headless Chromium (wasm-bindgen-test). They mount real
//! components into the document and read the DOM.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::domain::catalog::Catalog;
use crate::ui::app::App;
use crate::ui::i18n::{I18n, Locale, Msg};
use crate::ui::pages::sources::CatalogSummary;
use crate::ui::state::AppState;

wasm_bindgen_test_configure!(run_in_browser);

fn catalog() -> &'static Catalog {
    Box::leak(Box::new(
        Catalog::embedded().expect("embedded catalog parses"),
    ))
}

/// A fresh container appended to <body>.
fn container() -> web_sys::HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div.unchecked_into()
}

fn by_testid(root: &web_sys::HtmlElement, id: &str) -> web_sys::Element {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

#[wasm_bindgen_test]
fn every_message_has_both_translations() {
    for m in Msg::ALL {
        assert!(!m.text(Locale::En).is_empty(), "{m:?} en");
        assert!(!m.text(Locale::ZhCn).is_empty(), "{m:?} zh");
    }
    for m in crate::ui::i18n::WorkerMsg::ALL {
        assert!(!m.text(Locale::En).is_empty(), "{m:?} en");
        assert!(!m.text(Locale::ZhCn).is_empty(), "{m:?} zh");
    }
}

/// Pick a language in the switch as a user would (value + change event).
fn choose_language(root: &web_sys::HtmlElement, tag: &str) {
    let select: web_sys::HtmlSelectElement = by_testid(root, "lang-switch").unchecked_into();
    select.set_value(tag);
    let ev = web_sys::Event::new("change").unwrap();
    select.dispatch_event(&ev).unwrap();
}

/// Let Leptos run its scheduled effects: they run on the executor's next
/// tick (a second tick covers an effect that schedules another).
async fn settle() {
    leptos::task::tick().await;
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn app_shows_dataset_version_and_switches_language() {
    let c = catalog();
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), move || view! { <App catalog=c /> });

    let version = by_testid(&root, "dataset-version").text_content().unwrap();
    assert!(version.contains(&c.version()), "{version}");

    choose_language(&root, "en");
    settle().await;
    assert_eq!(
        by_testid(&root, "app-title").text_content().unwrap(),
        "GPU Cloud Cost Calculator"
    );
    choose_language(&root, "zh-CN");
    settle().await;
    assert_eq!(
        by_testid(&root, "app-title").text_content().unwrap(),
        "GPU 云成本计算器"
    );
    drop(handle);
}

#[wasm_bindgen_test]
fn summary_counts_match_the_catalog() {
    let c = catalog();
    let root = container();
    let _handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(I18n::new());
        view! { <CatalogSummary catalog=c /> }
    });
    for p in crate::domain::catalog::ProviderId::ALL {
        let shown = by_testid(&root, &format!("offer-count-{}", p.code()))
            .query_selector(".count")
            .unwrap()
            .unwrap()
            .text_content()
            .unwrap();
        let expected = c.offers.iter().filter(|o| o.provider == p).count();
        assert_eq!(shown, expected.to_string(), "{p:?}");
    }
}

#[wasm_bindgen_test]
async fn compare_screen_renders_rows_and_sorts() {
    let c = catalog();
    let root = container();
    let _handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(I18n::new());
        provide_context(AppState::new(c, ""));
        view! { <crate::ui::pages::compare::CompareScreen /> }
    });
    settle().await;
    let rows = root
        .query_selector_all("[data-testid='offer-row']")
        .unwrap();
    assert!(
        rows.length() > 0 && rows.length() <= 50,
        "{}",
        rows.length()
    );
    let matched = by_testid(&root, "matched-count")
        .get_attribute("data-matched")
        .unwrap();
    assert_eq!(matched, c.offers.len().to_string());

    // Sort by price, descending after a second click: the first row is the dearest.
    let sort: web_sys::HtmlElement = by_testid(&root, "sort-hourly").unchecked_into();
    sort.click();
    settle().await;
    sort.click();
    settle().await;
    let first = root
        .query_selector("[data-testid='offer-row']")
        .unwrap()
        .unwrap()
        .get_attribute("data-offer")
        .unwrap();
    let dearest = c
        .offers
        .iter()
        .filter(|o| o.currency() == Some(crate::domain::catalog::Currency::USD))
        .filter_map(|o| match o.on_demand().map(|p| &p.kind) {
            Some(crate::domain::catalog::PriceKind::OnDemand { hourly }) => Some((hourly, &o.id)),
            _ => None,
        })
        .max_by(|a, b| a.0.cmp(b.0))
        .unwrap();
    // The dearest USD list price is also the dearest after converting CNY
    // offers at the default rate (checked natively in domain::compare tests).
    assert_eq!(first, dearest.1.as_str());
}

#[wasm_bindgen_test]
fn fatal_panel_is_revealed_with_the_error() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let root = container();
    root.set_inner_html(
        r#"<div id="boot">Loading</div><div id="fatal" hidden><pre id="fatal-detail"></pre></div>"#,
    );
    crate::ui::panic::show_fatal("boom: index out of bounds");
    let panel = doc.get_element_by_id("fatal").unwrap();
    assert!(!panel.has_attribute("hidden"));
    assert_eq!(
        doc.get_element_by_id("fatal-detail")
            .unwrap()
            .text_content()
            .unwrap(),
        "boom: index out of bounds"
    );
    assert!(doc.get_element_by_id("boot").is_none());
    root.remove();
}
