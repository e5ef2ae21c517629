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

use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::state::AppState;

#[component]
pub fn Controls() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    view! {
        <details class="filters" open>
            <summary>
                {move || i18n.t(Msg::Filters)}
                <span class="filter-count" data-testid="filter-count">
                    {move || {
                        let n = state.link.with(|l| crate::domain::compare::rows::active_filters(&l.scenario, &l.compare));
                        (n > 0).then(|| fill(i18n.t(Msg::FiltersActive), &[&n.to_string()]))
                    }}
                </span>
            </summary>
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
                        on:click=move |_| state.update_filter(false, |l| crate::domain::compare::rows::clear_filters(&mut l.scenario, &mut l.compare))
                    >
                        {move || i18n.t(Msg::ClearFilters)}
                    </button>
                </div>
            </form>
        </details>
    }
}
