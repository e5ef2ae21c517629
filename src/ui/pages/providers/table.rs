//! The providers table, rendered by the worker from the whole catalog.
use leptos::prelude::*;

use crate::domain::catalog::{Catalog, PriceKind, Provider, ProviderId};
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg, Rt, Text};

/// Fact topics, in the order rows are shown, with their row titles.
const TOPICS: &[(&str, Rt)] = &[
    ("billing_granularity", Rt::PvGranularity),
    ("reserved_terms", Rt::PvReserved),
    ("savings_plan", Rt::PvSavings),
    ("subscription_discount", Rt::PvSubscription),
    ("capacity_blocks", Rt::PvCapacity),
    ("capacity_block_rates", Rt::PvCapacity),
    ("spot_notice", Rt::PvSpotNotice),
    ("spot_protection", Rt::PvSpotNotice),
    ("spot_interruptions", Rt::PvSpot),
    ("spot_discount", Rt::PvSpot),
    ("promotion", Rt::PvPromotion),
    ("egress_mode", Rt::PvEgress),
    ("ml_platform", Rt::PvPlatform),
    ("dl_images", Rt::PvImages),
    ("frameworks", Rt::PvFrameworks),
    ("support", Rt::PvSupport),
    ("compliance", Rt::PvCompliance),
];

fn t(m: impl Text, l: Locale) -> &'static str {
    m.text(l)
}

/// The side-by-side table (worker side).
pub fn table(c: &'static Catalog, l: Locale) -> Html {
    Html::render(view! { <ProvidersTable catalog=c locale=l /> })
}

/// One row per topic: the billing rules the engine uses, the billing models
/// the offers have, the sourced facts, the regions.
#[component]
fn ProvidersTable(catalog: &'static Catalog, locale: Locale) -> impl IntoView {
    let (c, l) = (catalog, locale);
    let zh = l == Locale::ZhCn;
    let name = move |p: &Provider| {
        if zh {
            p.name_zh.clone()
        } else {
            p.name_en.clone()
        }
    };
    let sep = if zh { "、" } else { ", " };
    let heads = c
        .providers
        .iter()
        .map(|p| {
            let n = c.offers.iter().filter(|o| o.provider == p.id).count();
            view! {
                <th scope="col" data-testid="provider-col" data-provider=p.id.code()>
                    <a href=format!("?v=2&p={}", p.id.code())>{name(p)}</a>
                    <span class="sub">{fill(t(Rt::PvOffers, l), &[&n.to_string()])}</span>
                </th>
            }
        })
        .collect_view();
    let cells = move |f: &dyn Fn(&'static Provider) -> AnyView| {
        c.providers
            .iter()
            .map(|p| view! { <td data-label=name(p)>{f(p)}</td> })
            .collect_view()
    };
    let rules = cells(&|p| {
        let b = &p.billing;
        let mut cell = fill(
            t(Rt::PvRulesText, l),
            &[
                &b.granularity_seconds.to_string(),
                &b.minimum_seconds.to_string(),
                &b.hours_per_month.to_string(),
            ],
        );
        if let Some(s) = b.spot_notice_seconds {
            cell.push_str(&fill(t(Rt::PvNoticeText, l), &[&s.to_string()]));
        }
        if let Some(h) = b.spot_protection_hours {
            cell.push_str(&fill(t(Rt::PvProtectionText, l), &[&h.to_string()]));
        }
        cell.into_any()
    });
    let models = cells(&|p| billing_kinds(c, p.id, l).join(sep).into_any());
    let facts = fact_rows(c)
        .into_iter()
        .map(|(title, topics)| {
            let row = cells(&|p| {
                let facts: Vec<_> = p
                    .facts
                    .iter()
                    .filter(|f| topics.contains(&f.topic.as_str()))
                    .collect();
                if facts.is_empty() {
                    return view! { <span class="sub">{t(Rt::PvNotFound, l)}</span> }.into_any();
                }
                facts
                    .into_iter()
                    .map(|f| {
                        let title = c
                            .source(&f.source)
                            .map_or(f.source.clone(), |s| s.title.clone());
                        view! {
                            <p>
                                {if zh { f.text_zh.clone() } else { f.text_en.clone() }}
                                <span class="sub" data-testid="fact-source">
                                    {format!("{title} · {} {}", t(Msg::AsOf, l), f.as_of)}
                                </span>
                            </p>
                        }
                    })
                    .collect_view()
                    .into_any()
            });
            view! { <Row title=t(title, l) topic=topics[0]>{row}</Row> }
        })
        .collect_view();
    // regions, each a link to the compare screen filtered to it
    let regions = cells(&|p| {
        c.regions
            .iter()
            .filter(|r| r.provider == p.id)
            .enumerate()
            .map(|(i, r)| {
                view! {
                    {(i > 0).then_some(sep)}
                    <a href=format!("?v=2&r={}:{}", p.id.code(), r.code)>{format::region_name(r, l)}</a>
                }
            })
            .collect_view()
            .into_any()
    });
    view! {
        <div class="table-wrap">
            <table class="plan-options providers" data-testid="providers-table">
                <caption>{t(Rt::PvCaption, l)}</caption>
                <thead><tr><th scope="col"></th>{heads}</tr></thead>
                <tbody>
                    <Row title=t(Rt::PvRules, l) topic="rules">{rules}</Row>
                    <Row title=t(Rt::PvModels, l) topic="models">{models}</Row>
                    {facts}
                    <Row title=t(Msg::Region, l) topic="regions">{regions}</Row>
                </tbody>
            </table>
        </div>
    }
}

/// A row: its title, then one cell per provider (`data-label` names the
/// provider on phones, where each row is a block of the four cells).
#[component]
fn Row(title: &'static str, topic: &'static str, children: Children) -> impl IntoView {
    view! { <tr data-topic=topic><th scope="row">{title}</th>{children()}</tr> }
}

/// The billing models a provider's offers have in the catalog, in the
/// order first met.
fn billing_kinds(c: &Catalog, p: ProviderId, l: Locale) -> Vec<&'static str> {
    let mut kinds: Vec<&'static str> = Vec::new();
    for o in c.offers.iter().filter(|o| o.provider == p) {
        for pr in &o.prices {
            let k = match pr.kind {
                PriceKind::OnDemand { .. } => t(Msg::TagOd, l),
                PriceKind::Spot { .. } => t(Msg::TagSpot, l),
                PriceKind::Reserved { .. } => t(Rt::PvModelReserved, l),
                PriceKind::SavingsPlan { .. } => t(Rt::PvModelSavings, l),
                PriceKind::Subscription { .. } => t(Msg::TagSub, l),
            };
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

/// The fact rows with a fact for some provider: title and its topics.
fn fact_rows(c: &Catalog) -> Vec<(Rt, Vec<&'static str>)> {
    let mut out: Vec<(Rt, Vec<&'static str>)> = Vec::new();
    for (topic, title) in TOPICS {
        match out.iter_mut().find(|(t, _)| t == title) {
            Some((_, topics)) => topics.push(topic),
            None => out.push((*title, vec![topic])),
        }
    }
    out.retain(|(_, topics)| {
        c.providers
            .iter()
            .any(|p| p.facts.iter().any(|f| topics.contains(&f.topic.as_str())))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_providers_side_by_side_with_sources_links_and_both_languages() {
        let c = crate::domain::embedded::test_catalog();
        let en = table(c, Locale::En);
        let en = en.as_str();
        assert_eq!(en.matches("data-testid=\"provider-col\"").count(), 4);
        assert!(en.contains("href=\"?v=2&amp;p=aws\""));
        assert!(en.contains("href=\"?v=2&amp;r=aws:us-east-1\""));
        assert!(
            en.matches("data-testid=\"fact-source\"").count() >= 20,
            "every fact cites its source"
        );
        assert!(en.contains("data-topic=\"ml_platform\""));
        let zh = table(c, Locale::ZhCn);
        let zh = zh.as_str();
        assert!(
            zh.contains("阿里云") && zh.contains("按秒计费"),
            "facts in Chinese"
        );
    }
}
