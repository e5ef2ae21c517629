//! The advise screen: three steps (scenario fit, cost sensitivity,
//! elasticity) and a ranked recommendation that explains itself
//! (`domain::advise`). The form and the result are markup made by the plan
//! worker from the link (`render`); this module holds what the page needs:
//! one handler that turns an edited field into a new link through the link
//! parser itself ([`edit`]: a value the link would reject is shown as an
//! error beside the field, and the state is not touched), the presets, and
//! the requests. The form is asked for again only when the link changed
//! from somewhere else (a preset, a scenario profile, back/forward, another
//! screen), so typing never loses focus or text. What would change the
//! answer (about half of an advice's work) is asked for after the advice
//! and shown between its picks and its ranking once found, so a keystroke
//! waits only for the advice.
#[cfg(feature = "worker-html")]
pub mod render;

use leptos::prelude::*;

use crate::domain::advise::inputs::{apply_profile, apply_use_case};
use crate::domain::advise::Profile;
use crate::domain::catalog::Catalog;
use crate::domain::link::{encode, LinkNoticeCode};
use crate::ui::components::worker_part::WorkerPart;
use crate::ui::i18n::{use_i18n, Locale, Msg};
use crate::ui::link::{self, AppLink, Screen};
use crate::ui::state::AppState;
use crate::ui::worker::client::{ask_on_change, PartView};
use crate::ui::worker::Part;

/// The link after setting `key` to `value` (empty: the key's default), or
/// why the value was refused. `use` also fills in the scenario profile's
/// defaults. A bare budget keeps the budget's currency.
pub fn edit(
    l: &AppLink,
    catalog: &Catalog,
    key: &str,
    value: &str,
) -> Result<AppLink, LinkNoticeCode> {
    let mut v = value.trim().to_string();
    // a number typed as the other screens read it (`1,000`, full-width
    // digits); the boxes' keys take one number each
    if key != "req" {
        if let Some(n) = crate::domain::input::link_number(&v) {
            v = n;
        }
    }
    if key == "bud" && !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        if let Some(m) = l.advise.budget {
            v.push_str(&m.currency().code().to_ascii_lowercase());
        }
    }
    let q = link::write(l);
    let mut parts: Vec<&str> = q
        .split('&')
        .filter(|p| p.split('=').next() != Some(key))
        .collect();
    // list keys (`req`) are comma lists of encoded items
    let encoded: Vec<String> = v.split(',').map(encode).collect();
    let pair = format!("{key}={}", encoded.join(","));
    if !v.is_empty() {
        parts.push(&pair);
    }
    let (mut n, notices) = link::parse(&parts.join("&"), catalog);
    if let Some(bad) = notices.iter().find(|x| x.key == key) {
        return Err(bad.code);
    }
    if key == "use" {
        if let Some(u) = n.advise.use_case {
            apply_use_case(u, &mut n.scenario, &mut n.advise);
        }
    }
    n.screen = l.screen;
    Ok(n)
}

/// The link with an articles' profile's inputs.
pub fn preset(l: &AppLink, p: Profile) -> AppLink {
    let mut n = l.clone();
    apply_profile(p, &mut n.scenario, &mut n.advise);
    n
}

/// The `req` list with `item` switched on or off.
pub fn needs_with(a: &crate::domain::advise::AdviceInputs, item: &str, on: bool) -> String {
    let mut a = a.clone();
    if let Some(n) = crate::domain::advise::Need::from_code(item) {
        a.set_need(n, on);
    }
    let codes: Vec<&str> = a.needs.iter().map(|n| n.code()).collect();
    codes.join(",")
}

fn error_msg(code: LinkNoticeCode) -> Msg {
    match code {
        LinkNoticeCode::OutOfRange => Msg::ErrRange,
        _ => Msg::ErrNotANumber,
    }
}

#[component]
pub fn AdviseScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let catalog = state.catalog;
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Advise));
    // the link, written only while the screen is shown (not on every
    // change made on another screen)
    let query = Memo::new(move |prev: Option<&String>| {
        if shown.get() {
            state.link.with(link::write)
        } else {
            prev.cloned().unwrap_or_default()
        }
    });
    let form = PartView::new(Part::AdviseForm);
    let advice = PartView::new(Part::Advise);
    // what would change the advice: found after it (a newer advice drops it)
    let changes = PartView::new(Part::AdviseChanges);
    // the link (and language) the form on screen shows
    let form_for: RwSignal<Option<(String, Locale)>> = RwSignal::new(None);
    // asked in the keystroke's own handler, before the page updates the rest
    ask_on_change(state, move || {
        if !shown.get() {
            return;
        }
        let key = (query.get(), i18n.locale.get());
        if form_for.get_untracked().as_ref() != Some(&key) {
            form.request(key.0.clone(), key.1);
            form_for.set(Some(key.clone()));
        }
        advice.request(key.0.clone(), key.1);
        changes.request(key.0, key.1);
    });
    // an answer whose engine failed keeps the last good result beside the message
    let failed = move || advice.error().is_some();
    let on_input = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Some(key) = el.get_attribute("name") else {
            return;
        };
        let prop = |p: &str| js_sys::Reflect::get(&el, &p.into()).unwrap_or_default();
        let mut value = prop("value").as_string().unwrap_or_default();
        let is_box = el.tag_name() == "INPUT" && key != "req";
        if key == "req" {
            // the list with this box's item switched
            let on = prop("checked").as_bool().unwrap_or(false);
            value = state
                .link
                .with_untracked(|l| needs_with(&l.advise, &value, on));
        }
        // each box's error line names its key (`data-err-for`, see `render`)
        let err_el = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|f| {
                let sel = format!("[data-err-for=\"{}\"]", key.replace(['"', '\\'], ""));
                f.query_selector(&sel).ok().flatten()
            });
        match state
            .link
            .with_untracked(|l| edit(l, catalog, &key, &value))
        {
            Err(code) => {
                if let Some(e) = err_el.filter(|_| is_box) {
                    e.set_text_content(Some(i18n.t(error_msg(code))));
                }
                let _ = el.set_attribute("aria-invalid", "true");
            }
            Ok(next) => {
                if let Some(e) = err_el.filter(|_| is_box) {
                    e.set_text_content(None);
                }
                let _ = el.remove_attribute("aria-invalid");
                // the form already shows this value: no new form for it,
                // unless a scenario profile filled in other fields
                if key != "use" {
                    form_for.set(Some((link::write(&next), i18n.locale.get_untracked())));
                }
                if is_box {
                    state.update_typing(|l| *l = next);
                } else {
                    state.update(|l| *l = next);
                }
            }
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let p = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-preset]").ok().flatten())
            .and_then(|b| b.get_attribute("data-preset"))
            .and_then(|c| Profile::from_code(&c));
        if let Some(p) = p {
            state.update(|l| *l = preset(l, p));
        }
    };
    view! {
        <section class="advise-screen" aria-labelledby="advise-h" data-testid="screen-advise">
            <h2 id="advise-h">{move || i18n.t(Msg::NavAdvise)}</h2>
            // folded on phones (enhance.js), so the answer comes first
            <details class="filters" open>
                <summary>{move || i18n.t(Msg::AdviseInputs)}</summary>
                <form
                    class="controls advise-form"
                    data-testid="advise-form"
                    on:submit=|ev| ev.prevent_default()
                    on:input=on_input
                    on:click=on_click
                >
                    <WorkerPart view=form />
                </form>
            </details>
            <p class="field-error" data-testid="advise-failed" role="status">
                {move || failed().then(|| i18n.t(Msg::AdviseFailed))}
            </p>
            // the advice's head (picks), what would change it, its tail (ranking,
            // exclusions, assumptions): the middle one is found after the rest
            <div
                class="advise-results"
                data-testid="advise-results"
                aria-live="polite"
                aria-busy=move || advice.pending().then_some("true")
                data-state=move || if advice.pending() { "pending" } else { "ready" }
            >
                <WorkerPart view=advice piece=0 patch=true />
                <WorkerPart view=changes patch=true quiet=true class="advise-what-changes" testid="advise-what-changes" />
                <WorkerPart view=advice piece=1 patch=true />
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::advise::{Need, UseCase};
    use crate::domain::catalog::Currency;
    use crate::domain::embedded::test_catalog;

    fn start() -> AppLink {
        link::parse("v=2&screen=advise&cur=CNY", test_catalog()).0
    }

    #[test]
    fn an_edit_goes_through_the_link_parser() {
        let c = test_catalog();
        let l = start();
        let n = edit(&l, c, "vpg", "80").unwrap();
        assert_eq!(n.advise.gpu_memory_gb, Some(80));
        assert_eq!(n.screen, Screen::Advise);
        // refused values leave the state alone and say why
        assert_eq!(edit(&l, c, "vpg", "abc"), Err(LinkNoticeCode::InvalidValue));
        assert_eq!(edit(&l, c, "vpg", "0"), Err(LinkNoticeCode::OutOfRange));
        assert_eq!(edit(&l, c, "wc", "101"), Err(LinkNoticeCode::OutOfRange));
        assert_eq!(edit(&l, c, "gpus", "-1"), Err(LinkNoticeCode::OutOfRange));
        // read as the other screens read a typed number
        assert_eq!(
            edit(&l, c, "gpus", "1,024").unwrap().scenario.min_gpus,
            1024
        );
        assert_eq!(edit(&l, c, "gpus", "１６").unwrap().scenario.min_gpus, 16);
        assert_eq!(
            edit(&l, c, "gpus", "1,00,0"),
            Err(LinkNoticeCode::InvalidValue)
        );
        // empty = the default
        let back = edit(&n, c, "vpg", "").unwrap();
        assert_eq!(back.advise.gpu_memory_gb, None);
        let r = edit(&l, c, "req", "nvlink,sla").unwrap();
        assert!(r.advise.needs(Need::NvLink) && r.advise.needs(Need::Sla));
        assert_eq!(needs_with(&r.advise, "rdma", true), "nvlink,rdma,sla");
        assert_eq!(needs_with(&r.advise, "nvlink", false), "sla");
    }

    #[test]
    fn a_bare_budget_is_in_the_display_currency_and_keeps_its_currency_after() {
        let c = test_catalog();
        let n = edit(&start(), c, "bud", "12000").unwrap();
        let b = n.advise.budget.unwrap();
        assert_eq!(
            (b.amount().to_string(), b.currency()),
            ("12000".into(), Currency::CNY)
        );
        let mut usd = n.clone();
        usd.scenario.currency = Currency::USD;
        let m = edit(&usd, c, "bud", "13000").unwrap();
        assert_eq!(m.advise.budget.unwrap().currency(), Currency::CNY);
        // with its thousands separated, as the screens print it
        let g = edit(&n, c, "bud", "12,500").unwrap().advise.budget.unwrap();
        assert_eq!(
            (g.amount().to_string(), g.currency()),
            ("12500".into(), Currency::CNY)
        );
    }

    #[test]
    fn a_scenario_profile_fills_in_its_defaults_and_a_preset_its_inputs() {
        let c = test_catalog();
        let n = edit(&start(), c, "use", "llm").unwrap();
        assert_eq!(n.advise.use_case, Some(UseCase::LlmPretrain));
        assert!(n.advise.needs(Need::NvLink));
        assert_eq!(n.scenario.min_gpus, 8);
        let p = preset(&start(), Profile::Domestic);
        assert_eq!(p.advise.profile, Some(Profile::Domestic));
        assert!(p.advise.needs(Need::Icp));
        // and the link round-trips
        let again = link::parse(&link::write(&p), c).0;
        assert_eq!(again.advise, p.advise);
        assert_eq!(again.scenario, p.scenario);
    }
}
