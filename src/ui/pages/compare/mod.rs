//! The compare screen: controls, the offer table and the side-by-side panel.
//! It reads the shared [`AppState`]; every figure shown comes from memos
//! that call the engine (`domain::compare`) and the table rules (`rows`).

mod controls;
pub(crate) mod panel;
mod table;

use leptos::prelude::*;

use crate::domain::compare::rows::{self, Table};
use crate::domain::compare::{self, PricedOffer};
use crate::ui::components::help::Help;
use crate::ui::link::Screen;
use crate::ui::state::AppState;

/// A memo of `f` that keeps its last value while `shown` is false (and
/// then reads nothing else), and follows `f` again once it is shown.
pub(crate) fn while_shown<T: Clone + PartialEq + Send + Sync + 'static>(
    shown: Memo<bool>,
    f: impl Fn() -> T + Send + Sync + 'static,
) -> Memo<T> {
    Memo::new(move |prev: Option<&T>| match prev {
        Some(v) if !shown.get() => v.clone(),
        _ => f(),
    })
}

#[component]
pub fn CompareScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let catalog = state.catalog;

    // While another screen is shown (typing in the plan's hours box changes
    // the compare table's prices too), nothing of the table is computed:
    // each memo keeps what it last showed, and follows once it is shown.
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Compare));
    // Re-price only when a pricing input changes (not on filter/sort/page).
    let pricing = while_shown(shown, move || {
        state.link.with(|l| compare::pricing_inputs(&l.scenario))
    });
    // Each offer's rates are kept while only the hours per month change:
    // an hours keystroke then only multiplies (`Rates::at`).
    let kept = std::sync::Mutex::new(None);
    let priced: Memo<Vec<PricedOffer>> = Memo::new(move |_| {
        let mut kept = kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        pricing.with(|s| compare::price_kept(catalog, s, &mut kept))
    });
    // A link that opens another screen prices nothing for this one until
    // it is shown (the table is empty until then).
    let table: Memo<Table> = while_shown(shown, move || {
        if !shown.get() {
            return Table::default();
        }
        state
            .link
            .with(|l| priced.with(|p| rows::table(catalog, &l.scenario, &l.compare, p)))
    });
    view! {
        <section class="compare-screen" aria-label="compare" data-testid="screen-compare">
            <controls::Controls />
            <Help />
            <panel::ComparePanel shown=shown />
            <table::OfferTable table=table shown=shown />
        </section>
    }
}
