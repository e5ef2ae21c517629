//! The providers screen: the four clouds side by side — billing rules and
//! the billing models their offers have in the catalog, spot notice and
//! protection, reservation, savings-plan and subscription terms, ML
//! platforms, deep-learning images, frameworks, support, compliance and ICP,
//! regions — every cell with its source and date, in zh and en. Provider and
//! region names link to the compare screen filtered to them.
//!
//! The table is markup made in the plan worker from the whole catalog
//! ([`providers_html`], pure, tested natively): the app's own catalog leaves
//! the facts' text out to keep the first load small.
use std::fmt::Write;

use leptos::prelude::*;

use crate::domain::catalog::{Catalog, PriceKind};
use crate::ui::format::{self, esc};
use crate::ui::i18n::{use_i18n, Locale, Msg, Rt, Text};
use crate::ui::link::Screen;
use crate::ui::state::AppState;

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

/// The side-by-side table.
pub fn providers_html(c: &Catalog, l: Locale) -> String {
    let zh = l == Locale::ZhCn;
    let mut out = String::new();
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"plan-options providers\" data-testid=\"providers-table\"><caption>{}</caption><thead><tr><th scope=\"col\"></th>",
        esc(t(Rt::PvCaption, l))
    );
    for p in &c.providers {
        let n = c.offers.iter().filter(|o| o.provider == p.id).count();
        let _ = write!(
            out,
            "<th scope=\"col\" data-testid=\"provider-col\" data-provider=\"{code}\"><a href=\"?v=2&amp;p={code}\">{}</a><span class=\"sub\">{}</span></th>",
            esc(if zh { &p.name_zh } else { &p.name_en }),
            esc(&crate::ui::i18n::fill(t(Rt::PvOffers, l), &[&n.to_string()])),
            code = p.id.code(),
        );
    }
    out.push_str("</tr></thead><tbody>");
    // billing rules the engine uses, and the models the catalog's offers have
    row_start(&mut out, t(Rt::PvRules, l), "rules");
    for p in &c.providers {
        let b = &p.billing;
        let mut cell = crate::ui::i18n::fill(
            t(Rt::PvRulesText, l),
            &[
                &b.granularity_seconds.to_string(),
                &b.minimum_seconds.to_string(),
                &b.hours_per_month.to_string(),
            ],
        );
        if let Some(s) = b.spot_notice_seconds {
            cell.push_str(&crate::ui::i18n::fill(
                t(Rt::PvNoticeText, l),
                &[&s.to_string()],
            ));
        }
        if let Some(h) = b.spot_protection_hours {
            cell.push_str(&crate::ui::i18n::fill(
                t(Rt::PvProtectionText, l),
                &[&h.to_string()],
            ));
        }
        td_start(&mut out, p, zh);
        let _ = write!(out, "{}</td>", esc(&cell));
    }
    out.push_str("</tr>");
    row_start(&mut out, t(Rt::PvModels, l), "models");
    for p in &c.providers {
        let mut kinds: Vec<&'static str> = Vec::new();
        for o in c.offers.iter().filter(|o| o.provider == p.id) {
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
        td_start(&mut out, p, zh);
        let _ = write!(
            out,
            "{}</td>",
            esc(&kinds.join(if zh { "、" } else { ", " }))
        );
    }
    out.push_str("</tr>");
    // sourced facts, one row per title
    let mut done: Vec<Rt> = Vec::new();
    for (_, title) in TOPICS {
        if done.contains(title) {
            continue;
        }
        done.push(*title);
        let topics: Vec<&str> = TOPICS
            .iter()
            .filter(|(_, t2)| t2 == title)
            .map(|(k, _)| *k)
            .collect();
        if !c
            .providers
            .iter()
            .any(|p| p.facts.iter().any(|f| topics.contains(&f.topic.as_str())))
        {
            continue;
        }
        row_start(&mut out, t(*title, l), topics[0]);
        for p in &c.providers {
            td_start(&mut out, p, zh);
            let facts: Vec<_> = p
                .facts
                .iter()
                .filter(|f| topics.contains(&f.topic.as_str()))
                .collect();
            if facts.is_empty() {
                let _ = write!(
                    out,
                    "<span class=\"sub\">{}</span>",
                    esc(t(Rt::PvNotFound, l))
                );
            }
            for f in facts {
                let title = c
                    .source(&f.source)
                    .map_or(f.source.as_str(), |s| s.title.as_str());
                let _ = write!(
                    out,
                    "<p>{}<span class=\"sub\" data-testid=\"fact-source\">{} · {} {}</span></p>",
                    esc(if zh { &f.text_zh } else { &f.text_en }),
                    esc(title),
                    esc(t(Msg::AsOf, l)),
                    esc(&f.as_of)
                );
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    // regions, each a link to the compare screen filtered to it
    row_start(&mut out, t(Msg::Region, l), "regions");
    for p in &c.providers {
        td_start(&mut out, p, zh);
        for (i, r) in c.regions.iter().filter(|r| r.provider == p.id).enumerate() {
            let _ = write!(
                out,
                "{}<a href=\"?v=2&amp;r={}:{}\">{}</a>",
                if i > 0 {
                    if zh {
                        "、"
                    } else {
                        ", "
                    }
                } else {
                    ""
                },
                p.id.code(),
                esc(&r.code),
                esc(&format::region_name(r, l))
            );
        }
        out.push_str("</td>");
    }
    out.push_str("</tr></tbody></table></div>");
    out
}

/// A provider's cell; `data-label` names the provider on phones, where
/// each row is a block of the four cells one under the other.
fn td_start(out: &mut String, p: &crate::domain::catalog::Provider, zh: bool) {
    let _ = write!(
        out,
        "<td data-label=\"{}\">",
        esc(if zh { &p.name_zh } else { &p.name_en })
    );
}

fn row_start(out: &mut String, title: &str, topic: &str) {
    let _ = write!(
        out,
        "<tr data-topic=\"{}\"><th scope=\"row\">{}</th>",
        esc(topic),
        esc(title)
    );
}

#[component]
pub fn ProvidersScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let html = RwSignal::new(String::new());
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Providers));
    // made by the plan worker from the whole catalog when the screen is
    // shown (and again when the language changes)
    Effect::new(move |_| {
        if shown.get() {
            super::plan::request_markup("providers", "", i18n.locale.get(), html);
        }
    });
    view! {
        <section class="providers-screen" aria-labelledby="providers-h" data-testid="screen-providers">
            <h2 id="providers-h">{move || i18n.t(Msg::NavProviders)}</h2>
            <p class="hint">{move || i18n.t(Msg::ProvidersIntro)}</p>
            <div data-testid="providers" inner_html=move || html.get()></div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_providers_side_by_side_with_sources_links_and_both_languages() {
        let c = Catalog::embedded_full().unwrap();
        let en = providers_html(&c, Locale::En);
        assert_eq!(en.matches("data-testid=\"provider-col\"").count(), 4);
        assert!(en.contains("href=\"?v=2&amp;p=aws\""));
        assert!(en.contains("href=\"?v=2&amp;r=aws:us-east-1\""));
        assert!(
            en.matches("data-testid=\"fact-source\"").count() >= 20,
            "every fact cites its source"
        );
        assert!(en.contains("data-topic=\"ml_platform\""));
        let zh = providers_html(&c, Locale::ZhCn);
        assert!(
            zh.contains("阿里云") && zh.contains("按秒计费"),
            "facts in Chinese"
        );
    }
}
