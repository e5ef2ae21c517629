//! The application shell: header (name, dataset version, language switch),
//! the main screen, the data-sources panel and the footer.

use leptos::prelude::*;

use crate::domain::catalog::{Catalog, ProviderId, SourceKind};
use crate::ui::i18n::{fill, use_i18n, I18n, Locale, Msg};

#[component]
pub fn App(catalog: &'static Catalog) -> impl IntoView {
    let i18n = I18n::new();
    provide_context(i18n);
    let sources_open = RwSignal::new(false);
    view! {
        <Header catalog=catalog />
        <main id="main">
            <CatalogSummary catalog=catalog />
            <crate::ui::compare::CompareScreen catalog=catalog />
            <SourcesPanel catalog=catalog open=sources_open />
        </main>
        <Footer sources_open=sources_open />
    }
}

#[component]
fn Header(catalog: &'static Catalog) -> impl IntoView {
    let i18n = use_i18n();
    let version = catalog.version();
    view! {
        <header class="app-header">
            <div class="brand">
                <img src="icons/icon.svg" alt="" width="32" height="32" />
                <div>
                    <h1 data-testid="app-title">{move || i18n.t(Msg::AppTitle)}</h1>
                    <p class="tagline">{move || i18n.t(Msg::AppTagline)}</p>
                </div>
            </div>
            <div class="header-meta">
                <span class="dataset" data-testid="dataset-version">
                    {move || i18n.t(Msg::DatasetVersion)} " " <code>{version}</code>
                    " · " {move || i18n.t(Msg::AsOf)} " " {catalog.as_of.clone()}
                </span>
                <LanguageSwitch />
            </div>
        </header>
    }
}

#[component]
fn LanguageSwitch() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="lang-switch">
            <span class="sr-only">{move || i18n.t(Msg::Language)}</span>
            <select
                data-testid="lang-switch"
                aria-label=move || i18n.t(Msg::Language)
                on:change=move |ev| {
                    if let Some(l) = Locale::from_tag(&event_target_value(&ev)) {
                        i18n.set(l);
                    }
                }
            >
                {Locale::ALL
                    .into_iter()
                    .map(|l| {
                        view! {
                            <option value=l.tag() prop:selected=move || i18n.locale.get() == l>
                                {l.endonym()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

pub fn provider_msg(p: ProviderId) -> Msg {
    match p {
        ProviderId::Aws => Msg::ProviderAws,
        ProviderId::Azure => Msg::ProviderAzure,
        ProviderId::Alibaba => Msg::ProviderAlibaba,
        ProviderId::Tencent => Msg::ProviderTencent,
    }
}

/// Offer counts per provider, straight from the catalog.
#[component]
pub fn CatalogSummary(catalog: &'static Catalog) -> impl IntoView {
    let i18n = use_i18n();
    let per_provider: Vec<(ProviderId, usize, usize)> = ProviderId::ALL
        .into_iter()
        .map(|p| {
            let offers = catalog.offers.iter().filter(|o| o.provider == p);
            let total = offers.clone().count();
            let priced = offers.filter(|o| !o.prices.is_empty()).count();
            (p, total, priced)
        })
        .collect();
    let total = catalog.offers.len().to_string();
    let priced = catalog
        .offers
        .iter()
        .filter(|o| !o.prices.is_empty())
        .count()
        .to_string();
    view! {
        <section class="summary" aria-labelledby="summary-h">
            <h2 id="summary-h">{move || i18n.t(Msg::OffersPerProvider)}</h2>
            <p data-testid="offers-total">
                {move || fill(i18n.t(Msg::OffersTotal), &[&total, &priced])}
            </p>
            <ul class="provider-counts">
                {per_provider
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

fn source_kind_msg(k: SourceKind) -> Msg {
    match k {
        SourceKind::Primary => Msg::SourceKindPrimary,
        SourceKind::Aggregator => Msg::SourceKindAggregator,
        SourceKind::Secondary => Msg::SourceKindSecondary,
        SourceKind::Derived => Msg::SourceKindDerived,
    }
}

#[component]
fn SourcesPanel(catalog: &'static Catalog, open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section id="sources" class="sources" aria-labelledby="sources-h">
            <details
                data-testid="sources"
                prop:open=move || open.get()
                on:toggle=move |ev| {
                    use wasm_bindgen::JsCast;
                    if let Some(d) = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                    {
                        open.set(d.open());
                    }
                }
            >
                <summary>
                    <h2 id="sources-h">{move || i18n.t(Msg::DataSources)}</h2>
                </summary>
                <p>{move || i18n.t(Msg::DataSourcesIntro)}</p>
                <ul>
                    {catalog
                        .sources
                        .iter()
                        .map(|s| {
                            let kind = s.kind;
                            view! {
                                <li id=format!("src-{}", s.id)>
                                    <strong>{s.title.clone()}</strong>
                                    " · "
                                    <span class="kind">{move || i18n.t(source_kind_msg(kind))}</span>
                                    " · "
                                    {move || i18n.t(Msg::AsOf)}
                                    " "
                                    {s.as_of.clone()}
                                    <br />
                                    <code class="ref">{s.reference.clone()}</code>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </details>
        </section>
    }
}

#[component]
fn Footer(sources_open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <footer class="app-footer">
            <p>{move || i18n.t(Msg::FooterNote)}</p>
            <a href="#sources" data-testid="footer-sources-link" on:click=move |_| sources_open.set(true)>
                {move || i18n.t(Msg::FooterSourcesLink)}
            </a>
        </footer>
    }
}
