//! The providers table, rendered by the worker from the whole catalog (a
//! template: every value is escaped by `html!`).
use maud::{html, Markup};

use crate::domain::catalog::{Catalog, PriceKind, Provider, ProviderId, Sla, SlaScope};
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg, Text, WorkerMsg};

/// Fact topics, in the order rows are shown, with their row titles.
const TOPICS: &[(&str, WorkerMsg)] = &[
    ("billing_granularity", WorkerMsg::PvGranularity),
    ("reserved_terms", WorkerMsg::PvReserved),
    ("savings_plan", WorkerMsg::PvSavings),
    ("subscription_discount", WorkerMsg::PvSubscription),
    ("capacity_blocks", WorkerMsg::PvCapacity),
    ("capacity_block_rates", WorkerMsg::PvCapacity),
    ("spot_notice", WorkerMsg::PvSpotNotice),
    ("spot_protection", WorkerMsg::PvSpotNotice),
    ("spot_interruptions", WorkerMsg::PvSpot),
    ("spot_discount", WorkerMsg::PvSpot),
    ("promotion", WorkerMsg::PvPromotion),
    ("egress_mode", WorkerMsg::PvEgress),
    ("ml_platform", WorkerMsg::PvPlatform),
    ("dl_images", WorkerMsg::PvImages),
    ("frameworks", WorkerMsg::PvFrameworks),
    ("support", WorkerMsg::PvSupport),
    ("compliance", WorkerMsg::PvCompliance),
];

fn t(m: impl Text, l: Locale) -> &'static str {
    m.text(l)
}

/// The side-by-side table.
pub fn table(c: &Catalog, l: Locale) -> Html {
    providers_table(c, l).into()
}

/// One row per topic: the billing rules the engine uses, the billing models
/// the offers have, the sourced facts, the regions; one cell per provider
/// (`data-label` names the provider on phones, where each row is a block of
/// the four cells).
fn providers_table(c: &Catalog, l: Locale) -> Markup {
    let zh = l == Locale::ZhCn;
    fn pick(zh: bool, p: &Provider) -> &str {
        if zh {
            &p.name_zh
        } else {
            &p.name_en
        }
    }
    let name = |p| pick(zh, p);
    let sep = if zh { "、" } else { ", " };
    let cells = |f: &dyn Fn(&Provider) -> Markup| {
        html! { @for p in &c.providers { td data-label=(name(p)) { (f(p)) } } }
    };
    let row = |title: &str, topic: &str, body: Markup| {
        html! { tr data-topic=(topic) { th scope="row" { (title) } (body) } }
    };
    html! {
        div.table-wrap tabindex="0" role="region" aria-label=(t(WorkerMsg::PvCaption, l)) {
            table.plan-options.providers data-testid="providers-table" {
                caption { (t(WorkerMsg::PvCaption, l)) }
                thead { tr {
                    th scope="col" {}
                    @for p in &c.providers {
                        th scope="col" data-testid="provider-col" data-provider=(p.id.code()) {
                            a href={ "?v=2&p=" (p.id.code()) } { (name(p)) }
                            span.sub { (fill(t(WorkerMsg::PvOffers, l), &[&c.offers.iter().filter(|o| o.provider == p.id).count().to_string()])) }
                        }
                    }
                } }
                tbody {
                    (row(t(WorkerMsg::PvRules, l), "rules", cells(&|p| {
                        let b = &p.billing;
                        html! {
                            (fill(t(WorkerMsg::PvRulesText, l), &[&b.granularity_seconds.to_string(), &b.minimum_seconds.to_string(), &b.hours_per_month.to_string()]))
                            @if let Some(s) = b.spot_notice_seconds { (fill(t(WorkerMsg::PvNoticeText, l), &[&s.to_string()])) }
                            @if let Some(h) = b.spot_protection_hours { (fill(t(WorkerMsg::PvProtectionText, l), &[&h.to_string()])) }
                        }
                    })))
                    (row(t(WorkerMsg::PvModels, l), "models", cells(&|p| html! { (billing_kinds(c, p.id, l).join(sep)) })))
                    (row(t(WorkerMsg::PvSla, l), "sla", cells(&|p| html! {
                        @if p.sla.is_empty() { span.sub { (t(WorkerMsg::PvNotFound, l)) } }
                        @for s in &p.sla {
                            p data-testid="provider-sla" {
                                (sla_line(s, l))
                                span.sub data-testid="fact-source" {
                                    (c.source_title(&s.source)) " · "
                                    @match &s.as_of {
                                        Some(d) => { (t(Msg::AsOf, l)) " " (d) }
                                        None => { (t(WorkerMsg::AdvWhySlaUndated, l)) }
                                    }
                                    @if s.secondary { " · " (t(WorkerMsg::AdvWhySlaSecondary, l)) }
                                }
                            }
                        }
                    })))
                    @for (title, topics) in fact_rows(c) {
                        (row(t(title, l), topics[0], cells(&|p| {
                            let facts: Vec<_> = p.facts.iter().filter(|f| topics.contains(&f.topic.as_str())).collect();
                            html! {
                                @if facts.is_empty() { span.sub { (t(WorkerMsg::PvNotFound, l)) } }
                                @for f in facts {
                                    p {
                                        (if zh { &f.text_zh } else { &f.text_en })
                                        span.sub data-testid="fact-source" {
                                            (c.source_title(&f.source)) " · " (t(Msg::AsOf, l)) " " (f.as_of)
                                        }
                                    }
                                }
                            }
                        })))
                    }
                    (row(t(Msg::Region, l), "regions", cells(&|p| html! {
                        @for (i, r) in c.regions.iter().filter(|r| r.provider == p.id).enumerate() {
                            @if i > 0 { (sep) }
                            a href={ "?v=2&r=" (p.id.code()) ":" (r.code) } { (format::region_name(r, l)) }
                        }
                    })))
                }
            }
        }
    }
}

/// One SLA figure: its percentage and scope ("99.99 % · across zones").
fn sla_line(s: &Sla, l: Locale) -> String {
    let scope = t(
        match s.scope {
            SlaScope::SingleInstance => WorkerMsg::AdvScopeSingle,
            SlaScope::AvailabilitySet => WorkerMsg::AdvScopeSet,
            SlaScope::MultiZone => WorkerMsg::AdvScopeZones,
        },
        l,
    );
    format!("{} · {scope}", format::percent(s.pct, l))
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
                PriceKind::Reserved { .. } => t(WorkerMsg::PvModelReserved, l),
                PriceKind::SavingsPlan { .. } => t(WorkerMsg::PvModelSavings, l),
                PriceKind::Subscription { .. } => t(Msg::TagSub, l),
                PriceKind::CapacityBlock { .. } => t(Msg::TagCb, l),
            };
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds
}

/// The fact rows with a fact for some provider: title and its topics.
fn fact_rows(c: &Catalog) -> Vec<(WorkerMsg, Vec<&'static str>)> {
    let mut out: Vec<(WorkerMsg, Vec<&'static str>)> = Vec::new();
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
