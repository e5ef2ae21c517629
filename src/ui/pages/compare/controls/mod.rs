//! The compare screen's controls, one fieldset component each: where
//! (providers, region groups, region, GPU), what is needed (GPUs, memory,
//! price cap, search), usage (hours, months), and display (time unit,
//! TFLOPS basis, currency, exchange rate, columns). Each takes only the
//! signals it reads and a callback per change; the rules (which regions
//! stay when a provider is unticked, what clearing removes, how columns
//! are stored) are pure functions in `rows` and `view`.
mod display;
mod need;
mod place;
mod usage;

use leptos::prelude::*;

use crate::ui::i18n::{use_i18n, I18n, Msg};
use crate::ui::state::AppState;

#[component]
pub fn Controls() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    view! {
        <details class="filters" open>
            <summary>{move || i18n.t(Msg::Filters)}</summary>
            <form class="controls" data-testid="controls" on:submit=|ev| ev.prevent_default()>
                {place::place_fields(state)}
                {need::need_fields(state)}
                {usage::usage_fields(state)}
                {display::display_fields(state)}
                <div>
                    <button
                        type="button"
                        class="link"
                        data-testid="clear-filters"
                        on:click=move |_| state.update_filter(false, super::rows::clear_filters)
                    >
                        {move || i18n.t(Msg::ClearFilters)}
                    </button>
                </div>
            </form>
        </details>
    }
}

/// A fieldset of checkboxes under a legend.
pub(super) fn check_fieldset(legend: Msg, boxes: impl IntoView) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <fieldset>
            <legend>{move || i18n.t(legend)}</legend>
            <div class="checks">{boxes}</div>
        </fieldset>
    }
}

/// A checkbox per item of a list-valued filter.
pub(super) fn check_boxes<T: Copy + PartialEq + Send + Sync + 'static>(
    items: impl IntoIterator<Item = T>,
    testid: impl Fn(T) -> String,
    label: impl Fn(I18n, T) -> String + Copy + Send + Sync + 'static,
    checked: impl Fn(T) -> bool + Copy + Send + Sync + 'static,
    on_toggle: impl Fn((T, bool)) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    items
        .into_iter()
        .map(|x| {
            view! {
                <label>
                    <input
                        type="checkbox"
                        data-testid=testid(x)
                        prop:checked=move || checked(x)
                        on:change=move |ev| on_toggle((x, event_target_checked(&ev)))
                    />
                    {move || label(i18n, x)}
                </label>
            }
        })
        .collect_view()
}
