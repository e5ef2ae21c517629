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

use crate::domain::compare::rows;
use crate::domain::link::LinkNoticeCode;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Locale, Msg};
use crate::ui::state::AppState;

/// What the summary calls each filter of [`rows::filters_on`], in its order.
const FILTER_NAMES: [Msg; 9] = [
    Msg::Providers,
    Msg::RegionGroups,
    Msg::Region,
    Msg::GpuModel,
    Msg::MinGpus,
    Msg::MinVram,
    Msg::Search,
    Msg::MaxPrice,
    Msg::FabricLegend,
];

/// The filters start folded on every screen size, so the first screen shows
/// offers (issue 26): their summary says how many are on and which, and the
/// clear button stays beside it.
#[component]
pub fn Controls() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let on = move || {
        state
            .link
            .with(|l| rows::filters_on(&l.scenario, &l.compare))
    };
    let count = move || {
        state
            .link
            .with(|l| rows::active_filters(&l.scenario, &l.compare))
    };
    let names = move || {
        let cur = state
            .link
            .with(|l| format::currency_symbol(l.scenario.currency));
        let names: Vec<String> = FILTER_NAMES
            .iter()
            .zip(on())
            .filter(|(_, on)| *on)
            .map(|(m, _)| fill(i18n.t(*m), &[cur]))
            .collect();
        let (colon, comma) = match i18n.locale.get() {
            Locale::ZhCn => ("：", "、"),
            Locale::En => (": ", ", "),
        };
        (!names.is_empty()).then(|| format!("{colon}{}", names.join(comma)))
    };
    // a value of the link that was refused opens the filters, where its box
    // shows it with its message (a filter that matches nothing, a number
    // out of range, a currency not known)
    let refused = state.notices.with_untracked(|n| {
        n.iter().any(|x| {
            matches!(
                x.code,
                LinkNoticeCode::OutOfRange | LinkNoticeCode::InvalidValue | LinkNoticeCode::NoMatch
            )
        })
    });
    view! {
        <div class="filter-bar">
            <details class="filters" open=refused>
                <summary>
                    {move || i18n.t(Msg::Filters)}
                    <span class="filter-count" data-testid="filter-count">
                        {move || {
                            let n = count();
                            (n > 0).then(|| fill(i18n.t(Msg::FiltersActive), &[&n.to_string()]))
                        }}
                    </span>
                    <span class="filter-names" data-testid="filter-names">{names}</span>
                </summary>
                <form class="controls" data-testid="controls" on:submit=|ev| ev.prevent_default()>
                    {place::place_fields(state)}
                    {need::need_fields(state)}
                    {usage::usage_fields(state)}
                    {display::display_fields(state)}
                </form>
            </details>
            // shown while a filter is on (main.css); once they are cleared
            // the focus goes back to the summary (enhance.js)
            <button
                type="button"
                class="link clear-filters"
                data-testid="clear-filters"
                on:click=move |_| state.update_filter(false, |l| rows::clear_filters(&mut l.scenario, &mut l.compare))
            >
                {move || i18n.t(Msg::ClearFilters)}
            </button>
        </div>
    }
}
