//! The data screen: how many offers each provider has in the catalog, and
//! every source the prices and specs come from, with its kind and date.
#[cfg(feature = "worker-html")]
pub mod list;

use leptos::prelude::*;

use crate::domain::catalog::{Catalog, ProviderId};
use crate::ui::components::worker_part::WorkerPart;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::provider_msg;
use crate::ui::link::Screen;
use crate::ui::state::AppState;
use crate::ui::worker::client::{ask_on_change, PartView};
use crate::ui::worker::Part;

#[component]
pub fn SourcesScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <section class="sources-screen" aria-label="sources" data-testid="screen-sources">
            <CatalogSummary catalog=state.catalog />
            <SourcesList />
        </section>
    }
}

/// Offer counts per provider, straight from the catalog.
#[component]
pub fn CatalogSummary(catalog: &'static Catalog) -> impl IntoView {
    let i18n = use_i18n();
    let counts = offer_counts(catalog);
    let total = catalog.offers.len().to_string();
    let priced = counts.iter().map(|c| c.2).sum::<usize>().to_string();
    view! {
        <section class="summary" aria-labelledby="summary-h">
            <h2 id="summary-h">{move || i18n.t(Msg::OffersPerProvider)}</h2>
            <p data-testid="offers-total">
                {move || fill(i18n.t(Msg::OffersTotal), &[&total, &priced])}
            </p>
            <ul class="provider-counts">
                {counts
                    .into_iter()
                    .map(|(p, n, priced)| {
                        view! {
                            <li data-testid=format!("offer-count-{}", p.code())>
                                <span class="provider">{move || i18n.t(provider_msg(p))}</span>
                                <strong class="count">{n}</strong>
                                <span class="priced">{format!("({priced})")}</span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </section>
    }
}

/// (provider, offers, offers with at least one price), per provider.
pub fn offer_counts(catalog: &Catalog) -> Vec<(ProviderId, usize, usize)> {
    ProviderId::ALL
        .into_iter()
        .map(|p| {
            let offers = catalog.offers.iter().filter(|o| o.provider == p);
            let total = offers.clone().count();
            let priced = offers.filter(|o| !o.prices.is_empty()).count();
            (p, total, priced)
        })
        .collect()
}

#[component]
fn SourcesList() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Sources));
    // made by the worker from the whole catalog when the screen is shown
    // (and again in another language): the app's catalog keeps each
    // source's title and date (the price tips show them) but not its locator
    let part = PartView::new(Part::Sources);
    ask_on_change(state, move || {
        if shown.get() {
            part.request(String::new(), i18n.locale.get());
        }
    });
    view! {
        <section id="sources" class="sources" aria-labelledby="sources-h" data-testid="sources">
            <h2 id="sources-h">{move || i18n.t(Msg::DataSources)}</h2>
            <p>{move || i18n.t(Msg::DataSourcesIntro)}</p>
            <WorkerPart view=part />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_to_the_catalog() {
        let c = Catalog::embedded().unwrap();
        let counts = offer_counts(&c);
        assert_eq!(counts.iter().map(|x| x.1).sum::<usize>(), c.offers.len());
        assert!(counts.iter().all(|(_, n, priced)| priced <= n));
    }
}
