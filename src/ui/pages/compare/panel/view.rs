//! The side-by-side panel as the worker renders it (a template: every value
//! is escaped by `html!`): the specs of 2–6 offers, the total under each
//! billing model over the horizon with the best per row marked, boxes for
//! the usage rates the totals lack, and what the totals assume.
use maud::{html, Markup};
use rust_decimal::Decimal;

use crate::domain::age::reference_date;
use crate::domain::billing::steps::instance_steps;
use crate::domain::billing::Negotiated;
use crate::domain::catalog::{
    is_stale_at, Catalog, Currency, Network, Offer, ProviderId, SlaScope,
};
use crate::domain::compare::{self, model_quote, rate_inputs, Panel};
use crate::domain::compare_basis::{basis, Candidate};
use crate::domain::money::convert;
use crate::domain::scenario::{InterruptionRate, Scenario};
use crate::domain::tco::{ModelQuote, Quote};
use crate::ui::components::badges::stale_badge;
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg, WorkerMsg};
use crate::ui::labels::{
    gpu_link_msg, model_msg, provider_msg, rdma_msg, region_label, usage_kind_msg,
};
use crate::ui::link::{self, AppLink};

/// The panel for a link (its scenario and selection) in a language: the
/// table, the boxes for missing rates and the notes on what is assumed.
/// Fewer than two offers selected: empty. The engine's error code when it
/// fails (the page keeps the last good panel and says so). `history`: why
/// the kept price history could not be had (its row then says so).
pub fn panel(
    catalog: &Catalog,
    query: &str,
    loc: Locale,
    history: Option<&str>,
) -> (Option<String>, Html) {
    let l = link::parse(query, catalog).0;
    if l.compare.selected.len() < 2 {
        return (None, Html::new());
    }
    match compare::panel(catalog, &l.scenario, &l.compare.selected) {
        Ok(p) => (None, panel_view(catalog, &l, &p, loc, history).into()),
        Err(e) => (Some(e.code().to_string()), Html::new()),
    }
}

/// The spot assumptions as a sentence, from the quote's own spot outcome.
fn spot_rate_text(q: &Quote, rate: InterruptionRate, loc: Locale) -> String {
    match (rate, &q.spot) {
        (InterruptionRate::HourlyPct(p), _) => fill(
            WorkerMsg::SpotRateHourly.text(loc),
            &[&format::plain(p, loc)],
        ),
        (_, Some(sp)) => fill(
            WorkerMsg::SpotRateMonthly.text(loc),
            &[
                &format::plain(sp.interruption_monthly_pct.unwrap_or_default(), loc),
                &sp.interruptions_per_hour.to_string(),
            ],
        ),
        (r, None) => fill(
            WorkerMsg::SpotRateMonthly.text(loc),
            &[
                &format::plain(r.monthly_pct().unwrap_or_default(), loc),
                "—",
            ],
        ),
    }
}

/// Where a spot or mix figure's interruption rate comes from: the offer's
/// own (published, or its Spot Advisor band), else, while the scenario
/// keeps the default, the assumption (`assumed`: its monthly share). None
/// for other models and for the user's own rate (the basis sentence says it).
fn spot_rate_of(mq: &ModelQuote, assumed: Option<Decimal>, loc: Locale) -> Option<String> {
    use crate::domain::scenario::BillingModel::{Mix, Spot};
    if !matches!(mq.model, Spot | Mix) || mq.decision_cost.is_none() {
        return None;
    }
    let (msg, pct) = match mq.notices.own_spot_rate() {
        Some((p, true)) => (WorkerMsg::SpotRatePublished, p),
        Some((p, false)) => (WorkerMsg::SpotRateBand, p),
        None => (WorkerMsg::SpotRateAssumed, assumed?),
    };
    Some(fill(msg.text(loc), &[&format::plain(pct, loc)]))
}

/// One result cell: the decision cost, its tags and, when a commitment
/// outlives the period, what is paid in it and what is still owed after it.
fn cost_cell(
    mq: Option<&ModelQuote>,
    best: bool,
    per_gpu: Option<u32>,
    (months, spot_assumed): (u32, Option<Decimal>),
    cur: Currency,
    loc: Locale,
) -> Markup {
    let Some(mq) = mq else {
        return html! { td { (WorkerMsg::Unavailable.text(loc)) } };
    };
    let spot_rate = spot_rate_of(mq, spot_assumed, loc);
    let cost = mq
        .decision_cost
        .map(|d| format::money(d.amount(), cur, loc))
        .unwrap_or_else(|| WorkerMsg::Unavailable.text(loc).into());
    let mut tags: Vec<&str> = Vec::new();
    if mq.assumed {
        tags.push(Msg::AssumedTag.text(loc));
    }
    if mq.indicative {
        tags.push(Msg::IndicativeTag.text(loc));
    }
    if mq.negotiated {
        tags.push(Msg::YoursTag.text(loc));
    }
    if mq.monthly_from_upfront {
        tags.push(WorkerMsg::MonthlyFromUpfrontTag.text(loc));
    }
    if mq.user_price {
        tags.push(WorkerMsg::UserPriceTag.text(loc));
    }
    let kinds: Vec<&str> = mq
        .missing
        .iter()
        .map(|r| usage_kind_msg(r.kind).text(loc))
        .collect();
    let owed = match (mq.total, mq.still_owed > Decimal::ZERO) {
        (Some(paid), true) => fill(
            WorkerMsg::PaidOwed.text(loc),
            &[
                &format::money(paid.amount(), cur, loc),
                &format::money(mq.still_owed, cur, loc),
            ],
        ),
        _ => String::new(),
    };
    html! {
        td class=[best.then_some("best")] data-best=[best.then_some("1")] {
            span data-testid="decision-cost" { (cost) }
            span.tag hidden[tags.is_empty()] { (tags.join(" · ")) }
            span.tag.warn data-testid="incomplete-tag" hidden[kinds.is_empty()]
                title=(incomplete_tip(mq, &kinds, months, cur, loc)) {
                (WorkerMsg::IncompleteTag.text(loc))
            }
            span.sub data-testid="still-owed" hidden[owed.is_empty()] { (owed) }
            @if let Some(r) = spot_rate {
                span.sub data-testid="spot-rate" { (r) }
            }
            @if let (Some(g), Some(d)) = (per_gpu, mq.decision_cost) {
                span.sub data-testid="per-gpu" {
                    (fill(WorkerMsg::PerGpu.text(loc), &[&format::money(d.amount() / Decimal::from(g.max(1)), cur, loc)]))
                }
            }
        }
    }
}

/// What an incomplete result's tag says: the rates it lacks and the bound
/// it is ranked on (`compare_basis`), or that it has none.
fn incomplete_tip(
    mq: &ModelQuote,
    kinds: &[&str],
    months: u32,
    cur: Currency,
    loc: Locale,
) -> String {
    let kinds = kinds.join(", ");
    let priced = mq.decision_cost.map(|d| d.amount()).unwrap_or_default();
    let b = basis(&Candidate {
        missing: &mq.missing,
        decision: priced,
        months,
    });
    match b.bound() {
        Some(bound) => fill(
            WorkerMsg::IncompleteTip.text(loc),
            &[
                &kinds,
                &format::money(bound, cur, loc),
                &format::money(b.upper, cur, loc),
            ],
        ),
        None => fill(WorkerMsg::IncompleteTipUnbounded.text(loc), &[&kinds]),
    }
}

/// Boxes for the rates the results lack (kept in the link as `ur`).
fn missing_rates(catalog: &Catalog, l: &AppLink, p: &Panel, loc: Locale) -> Markup {
    let keys = rate_inputs(p, &l.scenario);
    html! {
        @if !keys.is_empty() {
            fieldset.missing-rates data-testid="missing-rates" {
                legend { (WorkerMsg::MissingRatesTitle.text(loc)) }
                @for k in keys {
                    @let cur = catalog
                        .region(k.provider, &k.region)
                        .map(|r| r.billing_currency())
                        .unwrap_or(Currency::USD);
                    @let label = fill(
                        WorkerMsg::MissingRateLabel.text(loc),
                        &[
                            provider_msg(k.provider).text(loc),
                            &region_label(catalog, k.provider, &k.region, loc),
                            &format!("{} · {}", usage_kind_msg(k.kind).text(loc), cur.code()),
                        ],
                    );
                    @let code = k.code();
                    @let current = l
                        .scenario
                        .user_usage_rates
                        .get(code.as_str())
                        .map(|d| d.normalize().to_string())
                        .unwrap_or_default();
                    label data-testid="missing-rate-row" data-key=(code) {
                        span { (label) }
                        input type="text" inputmode="decimal" data-testid="missing-rate" data-key=(code)
                            aria-label=(label) title=(label) placeholder=(format::currency_symbol(cur))
                            value=(current);
                        span.field-error role="status" {}
                    }
                }
            }
        }
    }
}

/// An offer's network fact in a sentence: bandwidth, RDMA and its fabric,
/// and the date of its sources.
fn net_text(n: &Network, loc: Locale) -> String {
    let mut s = format!(
        "{} Gbit/s · {}",
        format::plain(n.gbps, loc),
        rdma_msg(n.rdma).text(loc)
    );
    if let Some(f) = n.fabric_gbps {
        s.push_str(&format!(" {} Gbit/s", format::plain(f, loc)));
    }
    s.push_str(&format!(" ({})", n.as_of));
    s
}

/// The provider's single-instance compute SLA with its date ("undated" and
/// "secondary source" where so); "—" where the catalog has none.
fn sla_text(catalog: &Catalog, p: ProviderId, loc: Locale) -> String {
    let Some(s) = catalog
        .provider(p)
        .and_then(|p| p.sla.iter().find(|s| s.scope == SlaScope::SingleInstance))
    else {
        return "—".to_string();
    };
    let mut basis = vec![s
        .as_of
        .clone()
        .unwrap_or_else(|| WorkerMsg::AdvWhySlaUndated.text(loc).to_string())];
    if s.secondary {
        basis.push(WorkerMsg::AdvWhySlaSecondary.text(loc).to_string());
    }
    format!("{} ({})", format::percent(s.pct, loc), basis.join(", "))
}

/// A spec row: the values per offer, marked where they differ.
fn spec_row(label: &str, values: Vec<String>, testid: &str) -> Markup {
    let differs = values.iter().any(|v| *v != values[0]);
    html! {
        tr data-testid=(testid) {
            th scope="row" { (label) }
            @for v in values { td class=[differs.then_some("differs")] { (v) } }
        }
    }
}

fn panel_view(
    catalog: &Catalog,
    l: &AppLink,
    p: &Panel,
    loc: Locale,
    history: Option<&str>,
) -> Markup {
    let (cur, months, hours) = (
        l.scenario.currency,
        l.scenario.months,
        l.scenario.hours_per_month,
    );
    let offers: Vec<_> = p
        .quote
        .offers
        .iter()
        .filter_map(|q| catalog.offer(&q.offer).map(|o| (q, o)))
        .collect();
    let col = |f: &dyn Fn(&Offer) -> String| -> Vec<String> {
        offers.iter().map(|(_, o)| f(o)).collect()
    };
    let gpu = |o: &Offer| catalog.gpu(&o.gpu);
    let steps: Vec<Option<Vec<String>>> = offers
        .iter()
        .map(|(_, o)| steps_text(o, &l.scenario, l.scenario.fx(catalog), loc))
        .collect();
    let specs = [
        (
            Msg::ColProvider.text(loc),
            col(&|o| provider_msg(o.provider).text(loc).to_string()),
            "compare-row-provider",
        ),
        (
            Msg::ColRegion.text(loc),
            col(&|o| region_label(catalog, o.provider, &o.region, loc)),
            "compare-row-region",
        ),
        (
            Msg::ColGpu.text(loc),
            col(&|o| {
                format::gpus(
                    gpu(o).map_or(o.gpu.as_str(), |g| g.name.as_str()),
                    o.gpu_count,
                )
            }),
            "compare-row-gpu",
        ),
        (
            Msg::ColVram.text(loc),
            col(&|o| {
                o.gpu_memory_gb
                    .map_or_else(|| "—".to_string(), |m| m.to_string())
            }),
            "compare-row-vram",
        ),
        (
            Msg::ColVcpu.text(loc),
            col(&|o| o.vcpu.to_string()),
            "compare-row-vcpu",
        ),
        (
            Msg::ColRam.text(loc),
            col(&|o| format::plain(o.ram_gib, loc)),
            "compare-row-ram",
        ),
        (
            Msg::ColNet.text(loc),
            col(&|o| {
                o.net
                    .as_ref()
                    .map_or_else(|| "—".to_string(), |n| net_text(n, loc))
            }),
            "compare-row-net",
        ),
        (
            Msg::ColLink.text(loc),
            col(&|o| {
                o.net
                    .as_ref()
                    .map_or(Msg::LinkUnknown, |n| gpu_link_msg(n.gpu_link))
                    .text(loc)
                    .to_string()
            }),
            "compare-row-link",
        ),
        (
            WorkerMsg::CompareSla.text(loc),
            col(&|o| sla_text(catalog, o.provider, loc)),
            "compare-row-sla",
        ),
    ];
    let sp = &l.scenario.spot;
    // the default assumption's monthly share, while the scenario keeps it
    let spot_assumed = p
        .quote
        .spot
        .as_ref()
        .and_then(|s| s.interruption_monthly_pct)
        .filter(|_| sp.keeps_default_rate());
    let spot_basis = fill(
        WorkerMsg::CompareSpotBasis.text(loc),
        &[
            &spot_rate_text(&p.quote, sp.interruption, loc),
            &format::plain(sp.checkpoint_minutes, loc),
            &format::plain(sp.restart_minutes, loc),
            &format::plain(l.scenario.mix_spot_share_pct, loc),
        ],
    );
    let assumed = assumed_text(p, loc);
    html! {
        // what the totals mean, above the table (inside it, at 375 px, the
        // sentence ran off the panel's visible width)
        p.hint data-testid="compare-totals" {
            (fill(WorkerMsg::CompareTotals.text(loc), &[&months.to_string(), &format::plain(hours, loc)]))
        }
        div.compare-scroll {
            table data-testid="compare-table" {
                thead { tr {
                    th scope="col" { (WorkerMsg::CompareSpecs.text(loc)) }
                    @for (_, o) in &offers {
                        th scope="col" data-offer=(o.id) {
                            (breakable(&o.instance_type)) " "
                            button.link type="button" data-dismiss=(o.id)
                                aria-label={ (Msg::Dismiss.text(loc)) " " (o.instance_type) } { "×" }
                        }
                    }
                } }
                tbody {
                    @for (label, values, testid) in specs { (spec_row(label, values, testid)) }
                    // the on-demand hourly price, with "stale" beside an old one
                    tr data-testid="compare-row-hourly" {
                        th scope="row" { (WorkerMsg::CompareHourlyOd.text(loc)) }
                        @for (i, (_, offer)) in offers.iter().enumerate() {
                            @let v = p.on_demand_hourly.get(i).copied().flatten();
                            td class=[(p.best_hourly == Some(i) && !p.per_gpu).then_some("best")] {
                                (v.map(|d| format::money(d, cur, loc))
                                    .unwrap_or_else(|| WorkerMsg::Unavailable.text(loc).into()))
                                @if let Some(price) = offer.on_demand().filter(|price| is_stale_at(&price.as_of, reference_date(catalog, &l.scenario))) {
                                    (stale_badge(loc, &price.as_of))
                                }
                                // a stepped price's hours cost less as they add up
                                @if v.is_some() && steps.get(i).is_some_and(Option::is_some) {
                                    span.sub data-testid="hourly-stepped" {
                                        (WorkerMsg::StepAverage.text(loc))
                                    }
                                }
                            }
                        }
                    }
                    // offers with different GPU counts: compared per GPU
                    @if p.per_gpu {
                        tr data-testid="compare-row-hourly-gpu" {
                            th scope="row" { (WorkerMsg::CompareHourlyGpu.text(loc)) }
                            @for i in 0..offers.len() {
                                @let v = p.on_demand_hourly.get(i).copied().flatten();
                                td class=[(p.best_hourly == Some(i)).then_some("best")] data-best=[(p.best_hourly == Some(i)).then_some("1")] {
                                    (v.map(|d| format::money(p.per_gpu_of(i, d), cur, loc))
                                        .unwrap_or_else(|| WorkerMsg::Unavailable.text(loc).into()))
                                }
                            }
                        }
                    }
                    tr.group { th scope="row" colspan=(offers.len() + 1) { (WorkerMsg::CompareCosts.text(loc)) } }
                    @for (&m, &best) in p.models.iter().zip(p.best_by_model.iter()) {
                        tr data-testid={ "compare-row-" (m.code()) } {
                            th scope="row" { (model_msg(m).text(loc)) }
                            @for (i, (q, _)) in offers.iter().enumerate() {
                                (cost_cell(model_quote(q, m), best == Some(i), p.per_gpu.then(|| p.gpus[i]), (p.quote.months, spot_assumed), cur, loc))
                            }
                        }
                    }
                    // the hourly price of a stepped offer by hours of use
                    // (the costs above bill it)
                    @if steps.iter().any(Option::is_some) {
                        tr data-testid="compare-row-steps" {
                            th scope="row" { (WorkerMsg::CompareSteps.text(loc)) }
                            @for s in &steps {
                                td {
                                    @if let Some(s) = s {
                                        @for step in s { span.step { (step) } }
                                    } @else { "—" }
                                }
                            }
                        }
                    }
                    // each offer's list prices over time, after the costs (the
                    // totals stay in the first view)
                    tr data-testid="compare-row-history" {
                        th scope="row" { (WorkerMsg::CompareHistory.text(loc)) }
                        @if let Some(why) = history {
                            td colspan=(offers.len()) data-testid="history-missing" {
                                (fill(WorkerMsg::HistoryUnavailable.text(loc), &[why]))
                            }
                        } @else {
                            @for (_, offer) in &offers {
                                td { (super::history::cell(catalog, offer, cur, l.scenario.fx(catalog), loc)) }
                            }
                        }
                    }
                }
            }
        }
        (missing_rates(catalog, l, p, loc))
        p.hint data-testid="compare-best-note" {
            (WorkerMsg::CompareBestNote.text(loc))
            @if p.per_gpu { " " (WorkerMsg::CompareBestPerGpu.text(loc)) }
        }
        p.hint data-testid="compare-commit-basis" { (WorkerMsg::CompareCommitNote.text(loc)) }
        p.hint data-testid="assumed-rates" hidden[assumed.is_empty()] { (assumed) }
        p.hint data-testid="compare-spot-basis" { (spot_basis) }
    }
}

/// A stepped on-demand price's steps as the instance pays them (at the
/// negotiated discount where its provider applies it to pay-as-you-go
/// hours, as the costs), in the display currency ("0–96 h: $x", "96–360 h:
/// $y", "from 360 h: $z"), a line each; None for an offer whose price does
/// not step down.
fn steps_text(o: &Offer, s: &Scenario, fx: Decimal, loc: Locale) -> Option<Vec<String>> {
    let cur = s.currency;
    let price = o.on_demand()?;
    let nd = Negotiated::of(s, o.provider).ok()?.on_demand();
    let steps = instance_steps(price).ok()?;
    let mut parts = Vec::with_capacity(steps.len());
    for (i, (from, hourly)) in steps.iter().enumerate() {
        let v = convert(*hourly, price.currency, cur, fx).ok()?;
        let v = format::money(nd.map_or(v, |f| v * f), cur, loc);
        parts.push(match steps.get(i + 1) {
            Some((to, _)) => fill(
                WorkerMsg::StepSpan.text(loc),
                &[&from.to_string(), &to.to_string(), &v],
            ),
            None => fill(WorkerMsg::StepFrom.text(loc), &[&from.to_string(), &v]),
        });
    }
    (!parts.is_empty()).then_some(parts)
}

/// The assumed commitment discounts the totals use, as one sentence.
fn assumed_text(p: &Panel, loc: Locale) -> String {
    let any_assumed = p
        .quote
        .offers
        .iter()
        .any(|o| o.models.iter().any(|m| m.assumed));
    let mut text = String::new();
    let mut gap_n = 0;
    for r in p
        .quote
        .assumed_rates
        .iter()
        .flatten()
        .filter(|r| any_assumed && r.term_months >= 12)
    {
        if text.is_empty() {
            text.push_str(WorkerMsg::AssumedRatesIntro.text(loc));
        }
        text.push(' ');
        text.push_str(&fill(
            WorkerMsg::AssumedRatesTerm.text(loc),
            &[
                &(r.term_months / 12).to_string(),
                &format::plain(r.no_upfront_pct, loc),
                &format::plain(r.partial_upfront_pct, loc),
                &format::plain(r.all_upfront_pct, loc),
            ],
        ));
        if let crate::domain::pricing::GapBasis::CatalogMedian { reservations } = r.all_basis {
            gap_n = gap_n.max(reservations);
        }
    }
    if gap_n > 0 {
        text.push(' ');
        text.push_str(&fill(
            WorkerMsg::AssumedGapBasis.text(loc),
            &[&gap_n.to_string()],
        ));
    }
    text
}

/// An instance type that may break after its separators only
/// (`Standard_NC24ads_A100_v4` → `Standard_` `NC24ads_` …, `p4d.` `24xlarge`),
/// never inside a word: a narrow column wraps it there.
fn breakable(name: &str) -> Markup {
    html! {
        @for part in name.split_inclusive(['.', '_', '-']) {
            (part) wbr;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;

    const TWO: &str = "sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge";

    #[test]
    fn the_panel_shows_specs_costs_per_model_and_dismiss_buttons() {
        let q = format!("v=2&m=1&bm=od,ri3n&{TWO}");
        let (err, h) = panel(test_catalog(), &q, Locale::En, None);
        let h = h.as_str();
        assert_eq!(err, None);
        assert!(h.contains("data-testid=\"compare-table\""), "{h}");
        assert!(h.contains("data-dismiss=\"aws:us-east-1:p4d.24xlarge\""));
        assert!(h.contains("data-testid=\"compare-row-ri3n\""));
        assert!(h.contains("data-testid=\"compare-row-gpu\""));
        assert!(h.matches("data-testid=\"decision-cost\"").count() >= 4);
        assert!(h.contains("data-best=\"1\""), "the best per row is marked");
        let zh = panel(test_catalog(), &q, Locale::ZhCn, None).1;
        assert!(zh.as_str().contains("按需"), "{}", zh.as_str());
    }

    /// Each spot cell says where its interruption rate comes from: the
    /// offer's published rate, its Spot Advisor band (upper edge), or the
    /// default assumption; with the user's own rate (`si=10`) no cell does
    /// (the basis sentence says it).
    #[test]
    fn spot_cells_say_whether_their_rate_is_published_banded_or_assumed() {
        use crate::domain::catalog::{PriceKind, SpotBand};
        let mut c = test_catalog().clone();
        let set = |c: &mut Catalog, id: &str, band: Option<SpotBand>, pct: Option<&str>| {
            let o = c.offers.iter_mut().find(|o| o.id.as_str() == id).unwrap();
            let p = o
                .prices
                .iter_mut()
                .find(|p| matches!(p.kind, PriceKind::Spot { .. }))
                .unwrap();
            p.interruption_band = band;
            p.interruption_monthly_pct = pct.map(|p| p.parse().unwrap());
        };
        set(&mut c, "aws:us-east-1:p5.48xlarge", None, Some("4.1"));
        set(
            &mut c,
            "aws:us-east-1:p4d.24xlarge",
            Some(SpotBand::Lt5),
            None,
        );
        set(&mut c, "aws:us-east-1:p3.8xlarge", None, None);
        let sel =
            "sel=aws:us-east-1:p5.48xlarge,aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.8xlarge";
        let spot_row = |q: &str, loc| {
            let h = panel(&c, q, loc, None).1;
            let h = h.as_str();
            let r = h.split("data-testid=\"compare-row-spot\"").nth(1).unwrap();
            r[..r.find("</tr>").unwrap()].to_string()
        };
        let r = spot_row(&format!("v=2&m=1&bm=spot&{sel}"), Locale::En);
        let rates: Vec<&str> = r
            .split("data-testid=\"spot-rate\">")
            .skip(1)
            .map(|c| &c[..c.find('<').unwrap()])
            .collect();
        assert_eq!(
            rates,
            [
                "4.1 % a month interrupted (published)",
                "5 % a month interrupted (Spot Advisor band, upper edge)",
                "15 % a month interrupted (assumed: none published)",
            ],
            "{r}"
        );
        let zh = spot_row(&format!("v=2&m=1&bm=spot&{sel}"), Locale::ZhCn);
        assert!(zh.contains("每月 4.1% 被中断（厂商公布）"), "{zh}");
        let own = spot_row(&format!("v=2&m=1&bm=spot&si=10&{sel}"), Locale::En);
        assert!(!own.contains("spot-rate"), "{own}");
    }

    /// A stepped on-demand price shows its steps as the instance pays
    /// them, in the display currency (the costs above bill them,
    /// `tests/steps_goldens.rs`); an offer without steps shows a dash, and
    /// a panel without any has no such row.
    #[test]
    fn stepped_prices_show_their_steps_as_billed() {
        use crate::domain::catalog::{PriceKind, Step};
        let gn = "tencent:ap-guangzhou:GN10Xp.2XLARGE40";
        let sel = format!("v=2&m=1&bm=od&cur=CNY&sel={gn},tencent:ap-guangzhou:GN10Xp.5XLARGE80");
        let row = |c: &Catalog, loc| {
            let h = panel(c, &sel, loc, None).1;
            let h = h.as_str();
            let r = h.split("data-testid=\"compare-row-steps\"").nth(1)?;
            Some(r[..r.find("</tr>").unwrap()].to_string())
        };
        assert_eq!(row(test_catalog(), Locale::En), None);
        let mut c = test_catalog().clone();
        let o = c.offers.iter_mut().find(|o| o.id.as_str() == gn).unwrap();
        let p = o
            .prices
            .iter_mut()
            .find(|p| matches!(p.kind, PriceKind::OnDemand { .. }))
            .unwrap();
        // the configuration's 12.38 / 6.39 / 4.47 less its disk's 0.40
        p.steps = [(0, "12.38"), (96, "6.39"), (360, "4.47")]
            .map(|(h, v)| Step {
                from_hours: h,
                hourly: v.parse().unwrap(),
            })
            .into();
        let en = row(&c, Locale::En).unwrap();
        assert!(
            en.contains(
                "<td><span class=\"step\">0–96 h: ¥11.98</span><span class=\"step\">96–360 h: ¥5.99</span>\
                 <span class=\"step\">from 360 h: ¥4.07</span></td><td>—</td>"
            ),
            "{en}"
        );
        let zh = row(&c, Locale::ZhCn).unwrap();
        assert!(zh.contains("\">360 小时起：¥4.07</span>"), "{zh}");
        // at 10 % negotiated, the steps as charged: 11.98 × 0.9 = 10.782
        // → ¥10.78, 5.99 × 0.9 = 5.391 → ¥5.39, 4.07 × 0.9 = 3.663 → ¥3.66
        let nd = panel(&c, &format!("{sel}&nd=tencent:10"), Locale::En, None).1;
        assert!(
            nd.as_str().contains(
                "0–96 h: ¥10.78</span><span class=\"step\">96–360 h: ¥5.39</span>\
                 <span class=\"step\">from 360 h: ¥3.66</span>"
            ),
            "{}",
            nd.as_str()
        );
        // the hourly row gives the period's average for the stepped offer:
        // 1 month at 730 h, 4,237.34 / 730 = 5.8045… → ¥5.80
        let h = panel(&c, &sel, Locale::En, None).1;
        let hourly = h
            .as_str()
            .split("data-testid=\"compare-row-hourly\"")
            .nth(1)
            .unwrap();
        let hourly = &hourly[..hourly.find("</tr>").unwrap()];
        assert!(hourly.contains("¥5.80"), "{hourly}");
        assert_eq!(
            hourly
                .matches("the period's average, billed by steps")
                .count(),
            1,
            "{hourly}"
        );
    }

    /// An 8-GPU box against a 1-GPU one: the best of each row is the
    /// lowest per GPU (it was per instance: the 1-GPU box always won), the
    /// cells say the per-GPU figure and the note says why. p4d.24xlarge:
    /// $21.957642/h ÷ 8 = $2.74 per GPU-hour; NC24ads_A100_v4: $3.673/h.
    #[test]
    fn offers_with_different_gpu_counts_are_compared_per_gpu() {
        let q =
            "v=2&m=1&bm=od&sel=azure:eastus:Standard_NC24ads_A100_v4,aws:us-east-1:p4d.24xlarge";
        let h = panel(test_catalog(), q, Locale::En, None).1;
        let h = h.as_str();
        let row = |id: &str| {
            let r = h.split(&format!("data-testid=\"{id}\"")).nth(1).unwrap();
            r[..r.find("</tr>").unwrap()].to_string()
        };
        let gpu = row("compare-row-hourly-gpu");
        assert!(gpu.contains("$3.67") && gpu.contains("$2.74"), "{gpu}");
        // the p4d (second column) is the best per GPU
        let cells: Vec<&str> = gpu.split("<td").skip(1).collect();
        assert!(cells[1].starts_with(" class=\"best\""), "{gpu}");
        assert!(!cells[0].contains("best"), "{gpu}");
        let od = row("compare-row-od");
        let cells: Vec<&str> = od.split("<td").skip(1).collect();
        assert!(
            cells[1].contains("data-best=\"1\"") && !cells[0].contains("data-best"),
            "{od}"
        );
        assert!(od.contains(" per GPU"), "{od}");
        assert!(!row("compare-row-hourly").contains("best"));
        assert!(h.contains("so the best is the lowest per GPU"));
        // the same GPU counts: as before, no per-GPU row
        let same = panel(
            test_catalog(),
            "v=2&m=1&bm=od&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4",
            Locale::En,
            None,
        )
        .1;
        assert!(same.as_str().contains("compare-table"));
        assert!(!same.as_str().contains("compare-row-hourly-gpu"));
    }

    #[test]
    fn fewer_than_two_offers_is_no_panel_and_missing_rates_get_boxes() {
        let one = panel(
            test_catalog(),
            "v=2&sel=aws:us-east-1:p4d.24xlarge",
            Locale::En,
            None,
        );
        assert_eq!(one, (None, Html::new()));
        // egress in a region without a sourced egress rate asks for it
        let q = "v=2&eg=1000&sel=aws:cn-north-1:g4dn.xlarge,aws:us-east-1:p3.2xlarge";
        let (_, h) = panel(test_catalog(), q, Locale::En, None);
        assert!(
            h.as_str().contains("data-testid=\"missing-rate\""),
            "{}",
            h.as_str()
        );
    }
}
