//! Short explanations of the terms the results use (billing models,
//! interruption bands, break-even, still owed), folded under a summary.
use leptos::prelude::*;

use crate::ui::i18n::{use_i18n, Msg};

#[component]
pub fn Help() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="help" data-testid="help">
            <summary>{move || i18n.t(Msg::HelpTitle)}</summary>
            {[Msg::HelpModels, Msg::HelpBands, Msg::HelpBreakeven, Msg::HelpOwed]
                .into_iter()
                .map(|m| view! { <p>{move || i18n.t(m)}</p> })
                .collect_view()}
        </details>
    }
}
