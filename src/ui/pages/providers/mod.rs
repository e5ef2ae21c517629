//! The providers screen: the four clouds side by side — billing rules and
//! the billing models their offers have in the catalog, spot notice and
//! protection, reservation, savings-plan and subscription terms, ML
//! platforms, deep-learning images, frameworks, support, compliance and ICP,
//! regions — every cell with its source and date, in zh and en. Provider and
//! region names link to the compare screen filtered to them.
//!
//! The table is a template the worker renders from the whole catalog
//! (`table`, tested natively): the app's own catalog leaves the facts'
//! text out to keep the first load small.
#[cfg(feature = "worker-html")]
pub mod table;

use leptos::prelude::*;

use crate::ui::components::worker_part::WorkerPart;
use crate::ui::i18n::{use_i18n, Msg};
use crate::ui::link::Screen;
use crate::ui::state::AppState;
use crate::ui::worker::client::{ask_on_change, PartView};
use crate::ui::worker::Part;

#[component]
pub fn ProvidersScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let part = PartView::new(Part::Providers);
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Providers));
    // made by the worker from the whole catalog when the screen is shown
    // (and again when the language changes)
    ask_on_change(state, move || {
        if shown.get() {
            part.request(String::new(), i18n.locale.get());
        }
    });
    view! {
        <section class="providers-screen" aria-labelledby="providers-h" data-testid="screen-providers">
            <h2 id="providers-h">{move || i18n.t(Msg::NavProviders)}</h2>
            <p class="hint">{move || i18n.t(Msg::ProvidersIntro)}</p>
            <WorkerPart view=part testid="providers" />
        </section>
    }
}
