//! Side-by-side comparison of 2–6 selected offers: specs and the total under
//! each billing model over the scenario's horizon, best value per row marked.
//! The figures and their markup are made by the worker (`view`, a
//! template; it holds the whole quote engine): in the app they would grow
//! the first load (docs/SIZE.md), for a panel nobody sees before ticking two
//! offers. The app keeps the frame, the request, and one handler for the
//! panel's buttons and rate boxes.
#[cfg(feature = "worker-html")]
pub mod history;
#[cfg(feature = "worker-html")]
pub mod view;

use std::collections::HashMap;

use leptos::prelude::*;

use crate::domain::compare;
use crate::ui::components::number_input::{
    keyed_input, rate_box_changed, set_rate, show_error, Refused,
};
use crate::ui::components::worker_part::{After, WorkerPart};
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::input_error_text;
use crate::ui::link::{self, AppLink};
use crate::ui::state::AppState;
use crate::ui::worker::client::{ask_on_change, PartView};
use crate::ui::worker::Part;

/// The link the panel is made from: the pricing inputs and the selection
/// only, so changing a filter, the sort or the page asks for nothing.
/// None: fewer than two offers selected.
pub fn panel_query(l: &AppLink) -> Option<String> {
    (l.compare.selected.len() >= 2).then(|| {
        let mut p = AppLink {
            scenario: compare::pricing_inputs(&l.scenario),
            ..AppLink::default()
        };
        p.compare.selected = l.compare.selected.clone();
        link::write(&p)
    })
}

#[component]
pub fn ComparePanel(
    /// The compare screen is shown (else the panel asks for nothing).
    shown: Memo<bool>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let link = state.link;
    let count = move || link.with(|l| l.compare.selected.len());
    let query = super::while_shown(shown, move || link.with(panel_query));
    let part = PartView::new(Part::ComparePanel);
    ask_on_change(state, move || {
        if let Some(q) = query.get() {
            part.request(q, i18n.locale.get());
        }
    });
    // what was typed into a rate box and refused: put back beside its
    // message when the panel is made again
    let bad: Refused = StoredValue::new(HashMap::new());
    let after: After = Box::new(move |el: &web_sys::HtmlElement| {
        bad.with_value(|b| {
            for (key, (text, e)) in b {
                if let Some(input) = rate_box(el, key) {
                    input.set_value(text);
                    show_error(
                        &input,
                        Some(&input_error_text(
                            *e,
                            crate::ui::components::number_input::RATE,
                            i18n.locale.get_untracked(),
                        )),
                    );
                }
            }
        });
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let id = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-dismiss]").ok().flatten())
            .and_then(|b| b.get_attribute("data-dismiss"));
        if let Some(id) = id {
            state.update(|l| l.compare.selected.retain(|x| x.as_str() != id));
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Some((input, key)) = keyed_input(&ev) {
            rate_box_changed(&input, key, i18n, bad, |k, v| {
                state.update(|l| set_rate(&mut l.scenario.user_usage_rates, k, v))
            });
        }
    };
    view! {
        <section class="compare" data-testid="compare-panel" aria-labelledby="compare-h">
            <div class="table-meta">
                <h2 id="compare-h">{move || fill(i18n.t(Msg::CompareTitle), &[&count().to_string()])}</h2>
                <Show when=move || { count() > 0 }>
                    <button type="button" class="link" data-testid="compare-clear" on:click=move |_| state.update(|l| l.compare.selected.clear())>
                        {move || i18n.t(Msg::CompareClear)}
                    </button>
                </Show>
            </div>
            <p class="hint" data-testid="compare-hint" hidden=move || { count() >= 2 }>{move || i18n.t(Msg::CompareHint)}</p>
            <p class="field-error" data-testid="compare-error" role="status">
                {move || part.error().map(|code| fill(i18n.t(Msg::EngineFailed), &[&code]))}
            </p>
            <WorkerPart
                view=part
                class="compare-body"
                testid="compare-body"
                after=after
                attr:hidden=move || { count() < 2 }
                attr:aria-live="polite"
                on:click=on_click
                on:change=on_change
            />
        </section>
    }
}

/// The rate box for `key` in the panel.
fn rate_box(el: &web_sys::HtmlElement, key: &str) -> Option<web_sys::HtmlInputElement> {
    use wasm_bindgen::JsCast;
    let sel = format!("input[data-key=\"{}\"]", key.replace(['"', '\\'], ""));
    el.query_selector(&sel).ok().flatten()?.dyn_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;

    fn open(q: &str) -> AppLink {
        link::parse(q, test_catalog()).0
    }

    #[test]
    fn the_panel_is_made_from_the_pricing_inputs_and_the_selection_only() {
        let l = open("v=2&p=aws&sort=-hourly&pg=2&m=1&bm=od,ri3n&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge");
        let q = panel_query(&l).expect("two selected");
        // filters, sort and page are not in it; months, models and selection are
        let mut other = l.clone();
        other.compare.sort = None;
        other.compare.page = 1;
        other.scenario.providers.clear();
        assert_eq!(panel_query(&other).as_deref(), Some(q.as_str()));
        // one selected: no panel, no request
        assert_eq!(
            panel_query(&open("v=2&sel=aws:us-east-1:p4d.24xlarge")),
            None
        );
    }
}
