//! The data screen: how many offers each provider has in the catalog, and
//! every source the prices and specs come from, with its kind and date.
use std::fmt::Write;

use leptos::prelude::*;

use crate::domain::catalog::{Catalog, ProviderId};
use crate::ui::format::esc;
use crate::ui::i18n::{fill, use_i18n, Locale, Msg};
use crate::ui::labels::{provider_msg, source_kind_msg};
use crate::ui::link::Screen;
use crate::ui::state::AppState;

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

/// Every source as list items, made by the plan worker from the whole
/// catalog when the screen is first shown: the app's catalog keeps each
/// source's title and date (the price tips show them) but not its locator,
/// and ~80 sources as view components would be ~800 nodes built at
/// start-up while the screen is hidden.
pub fn sources_html(catalog: &Catalog, locale: Locale) -> String {
    let mut out = String::with_capacity(catalog.sources.len() * 200);
    let as_of = Msg::AsOf.text(locale);
    for s in &catalog.sources {
        let _ = write!(
            out,
            "<li id=\"src-{}\"><strong>{}</strong> · <span class=\"kind\">{}</span> · {as_of} {}<br><code class=\"ref\">{}</code></li>",
            esc(&s.id),
            esc(&s.title),
            source_kind_msg(s.kind).text(locale),
            esc(&s.as_of),
            esc(&s.reference)
        );
    }
    out
}

#[component]
fn SourcesList() -> impl IntoView {
    let i18n = use_i18n();
    let state = expect_context::<AppState>();
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Sources));
    // asked for when the screen is shown (and again in another language)
    let items = RwSignal::new(String::new());
    Effect::new(move |_| {
        if shown.get() {
            super::plan::request_markup("sources", "", i18n.locale.get(), items);
        }
    });
    view! {
        <section id="sources" class="sources" aria-labelledby="sources-h" data-testid="sources">
            <h2 id="sources-h">{move || i18n.t(Msg::DataSources)}</h2>
            <p>{move || i18n.t(Msg::DataSourcesIntro)}</p>
            <ul data-testid="source-list" inner_html=move || items.get()></ul>
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

    #[test]
    fn every_source_is_listed_escaped_in_both_languages() {
        let c = Catalog::embedded_full().unwrap();
        let en = sources_html(&c, Locale::En);
        assert_eq!(en.matches("<li id=\"src-").count(), c.sources.len());
        assert!(en.contains("as of"));
        assert!(!en.contains("<script"));
        assert!(sources_html(&c, Locale::ZhCn).contains("截至"));
    }
}
