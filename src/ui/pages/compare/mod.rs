//! The compare screen: controls, the offer table and the side-by-side panel.
//! It reads the shared [`AppState`]; every figure shown comes from memos
//! that call the engine (`domain::compare`) and the table rules (`rows`).

mod controls;
pub(crate) mod panel;
mod table;

use leptos::prelude::*;

use crate::domain::compare::rows::{self, Table};
use crate::domain::compare::{self, PricedOffer};
use crate::domain::scenario::Scenario;
use crate::ui::components::help::Help;
use crate::ui::link::Screen;
use crate::ui::state::AppState;

#[component]
pub fn CompareScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let catalog = state.catalog;

    // While another screen is shown (typing in the plan's hours box changes
    // the compare table's prices too), nothing of the table is computed:
    // each memo keeps what it last showed, and follows once it is shown.
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Compare));
    // Re-price only when a pricing input changes (not on filter/sort/page).
    let pricing = Memo::new(move |prev: Option<&Scenario>| match prev {
        Some(p) if !shown.get() => p.clone(),
        _ => state.link.with(|l| compare::pricing_inputs(&l.scenario)),
    });
    let priced: Memo<Vec<PricedOffer>> =
        Memo::new(move |_| pricing.with(|s| compare::price_all(catalog, s)));
    let table: Memo<Table> = Memo::new(move |prev: Option<&Table>| match prev {
        Some(t) if !shown.get() => t.clone(),
        _ => state
            .link
            .with(|l| priced.with(|p| rows::table(catalog, &l.scenario, &l.compare, p))),
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
