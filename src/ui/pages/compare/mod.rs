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
use crate::ui::link::{AppLink, Screen};
use crate::ui::state::AppState;

#[component]
pub fn CompareScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let catalog = state.catalog;

    // The link as the screen last showed it: while another screen is shown
    // (typing in the plan's hours box changes the compare table's prices
    // too), nothing of the table is computed; it follows once it is shown.
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Compare));
    let seen: Memo<AppLink> = Memo::new(move |prev: Option<&AppLink>| match prev {
        Some(p) if !shown.get() => p.clone(),
        _ => state.link.get(),
    });
    // Re-price only when a pricing input changes (not on filter/sort/page).
    let pricing = Memo::new(move |_| seen.with(|l| compare::pricing_inputs(&l.scenario)));
    let priced: Memo<Vec<PricedOffer>> =
        Memo::new(move |_| pricing.with(|s| compare::price_all(catalog, s)));
    let table: Memo<Table> = Memo::new(move |_| {
        seen.with(|l| priced.with(|p| rows::table(catalog, &l.scenario, &l.compare, p)))
    });
    view! {
        <section class="compare-screen" aria-label="compare" data-testid="screen-compare">
            <controls::Controls />
            <Help />
            <panel::ComparePanel link=seen />
            <table::OfferTable table=table link=seen />
        </section>
    }
}
