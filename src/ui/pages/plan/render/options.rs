//! The options table: one row per option with its cost components, what
//! is paid and owed, its decision cost, break-even month and the date of
//! the prices it rests on (the charts' table alternative).
use maud::{html, Markup};

use super::{age_cell, option, tag, Ctx};
use crate::domain::plan::{Best, BreakEven, Figure, Plan, PlanOption};
use crate::domain::tco::then::ThenNow;
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Msg, WorkerMsg};
use crate::ui::labels::{break_even_why, figure_msg, region_label, usage_kind_msg, usage_unit_msg};

/// One row per option: components, paid, owed, decision cost, break-even
/// month.
pub fn options_table(cx: Ctx, plan: &Plan) -> Html {
    let heads = std::iter::once(WorkerMsg::PlanColOption)
        .chain(Figure::ALL.map(figure_msg))
        .chain([WorkerMsg::PlanColBreakeven, WorkerMsg::ColPricesAsOf]);
    html! {
        table.plan-options data-testid="plan-options" {
            caption { (fill(cx.t(WorkerMsg::PlanOptionsCaption), &[&plan.months.to_string()])) }
            thead { tr { @for m in heads { th scope="col" { (cx.t(m)) } } } }
            tbody { @for o in &plan.options { (option_row(cx, plan, o)) } }
        }
    }
    .into()
}

/// An option's row; the cheapest is `class="best"`.
fn option_row(cx: Ctx, plan: &Plan, o: &PlanOption) -> Markup {
    let best = plan.summary.cheapest.as_ref();
    let is_best = best.is_some_and(|b: &Best| b.offer == o.offer && b.model == o.model);
    // a commitment's break-even month, or why it has none
    let cross = match plan.break_even(o) {
        BreakEven::Month(m) => m.to_string(),
        BreakEven::NotCommitment => "—".to_string(),
        why => break_even_why(why)
            .map(|m| cx.t(m))
            .unwrap_or_default()
            .to_string(),
    };
    let tags = [
        (is_best, cx.t(WorkerMsg::PlanBestTag)),
        (o.baseline, cx.t(WorkerMsg::PlanBaselineTag)),
        (!o.complete, cx.t(WorkerMsg::IncompleteTag)),
        (o.assumed, cx.t(Msg::AssumedTag)),
        (o.negotiated, cx.t(Msg::YoursTag)),
        (
            o.monthly_from_upfront,
            cx.t(WorkerMsg::MonthlyFromUpfrontTag),
        ),
        (o.indicative, cx.t(Msg::IndicativeTag)),
        (!o.cash_timing_known, cx.t(WorkerMsg::TimingSpreadTag)),
        (o.stepped, cx.t(WorkerMsg::SteppedTag)),
    ];
    let v = o.figures();
    html! {
        tr data-testid="plan-option" data-offer=(o.offer.as_str()) data-model=(o.model.code()) class=[is_best.then_some("best")] {
            th scope="row" {
                (option(cx, &o.offer, o.model))
                @for (on, t) in tags { @if on { (tag(t)) } }
                @if let Some(d) = o.block_days {
                    (tag(&fill(cx.t(WorkerMsg::BlockDaysTag), &[&d.to_string()])))
                }
            }
            @for (f, x) in Figure::ALL.iter().zip(&v[..7]) {
                td {
                    @if *f == Figure::Data && !o.missing.is_empty() {
                        @if x.is_zero() {
                            (cx.t(WorkerMsg::PlanDataUnknown))
                        } @else {
                            (fill(cx.t(WorkerMsg::PlanDataAtLeast), &[&cx.money(*x)]))
                        }
                    } @else {
                        (cx.money(*x))
                    }
                }
            }
            td data-testid="plan-decision" { strong { (cx.money(v[7])) } }
            td data-testid="plan-crossing" { (cross) }
            (age_cell(cx, o.age.as_ref()))
        }
    }
}

/// What each planned offer bills a month besides its compute, line by
/// line: each data charge's quantity, rate and source (or the region whose
/// rate stood in, or your rate), and each charge without a rate with its
/// bound. Nothing when no offer has a data charge.
pub fn bills(cx: Ctx, plan: &Plan) -> Html {
    let bills: Vec<_> = plan
        .bills
        .iter()
        .filter(|b| !b.lines.is_empty() || !b.missing.is_empty())
        .collect();
    if bills.is_empty() {
        return Html::new();
    }
    let heads = [
        WorkerMsg::BillColCharge,
        WorkerMsg::BillColQuantity,
        WorkerMsg::BillColRate,
        WorkerMsg::BillColSource,
        WorkerMsg::BillColAmount,
    ];
    let [_, quantity_h, rate_h, source_h, amount_h] = heads.map(|m| cx.t(m));
    let quantity = |k, q| {
        format!(
            "{} {}",
            format::plain(q, cx.locale),
            cx.t(usage_unit_msg(k))
        )
    };
    html! {
        table.plan-options.bill data-testid="plan-bill" {
            caption { (cx.t(WorkerMsg::BillCaption)) }
            thead { tr { @for m in heads { th scope="col" { (cx.t(m)) } } } }
            @for b in &bills {
                tbody data-offer=(b.offer.as_str()) {
                    tr.bill-offer { th colspan="5" scope="rowgroup" { (cx.offer(&b.offer)) } }
                    @for l in &b.lines {
                        tr data-testid="bill-line" data-offer=(b.offer.as_str()) data-kind=(l.kind.code()) {
                            th scope="row" { (cx.t(usage_kind_msg(l.kind))) }
                            td data-label=(quantity_h) { span.nw { (quantity(l.kind, l.quantity)) } }
                            td data-label=(rate_h) {
                                @match l.rate {
                                    Some(r) => { (format::plain(r, cx.locale)) " " (l.currency.code()) }
                                    None => { (cx.t(WorkerMsg::BillTiered)) }
                                }
                            }
                            td data-testid="bill-source" data-label=(source_h) {
                                @match &l.source {
                                    Some((id, as_of)) => { span.nw { (id) " · " (as_of) } }
                                    None => { (cx.t(WorkerMsg::BillYourRate)) }
                                }
                                @if let Some(r) = &l.from_region {
                                    br;
                                    (fill(cx.t(WorkerMsg::BillFromRegion), &[&region_label(cx.catalog, b.provider, r, cx.locale)]))
                                }
                            }
                            td data-testid="bill-amount" data-label=(amount_h) {
                                (cx.money(l.monthly))
                                @if l.negotiated { (tag(cx.t(Msg::YoursTag))) }
                            }
                        }
                    }
                    @for m in &b.missing {
                        tr data-testid="bill-missing" data-offer=(b.offer.as_str()) data-kind=(m.kind.code()) {
                            th scope="row" { (cx.t(usage_kind_msg(m.kind))) }
                            td data-label=(quantity_h) { span.nw { (quantity(m.kind, m.quantity)) } }
                            td data-label=(rate_h) { "—" }
                            td data-label=(source_h) { "—" }
                            td data-testid="bill-amount" data-label=(amount_h) {
                                @match &m.bound {
                                    Some(bound) => (fill(cx.t(WorkerMsg::BillMissing), &[&cx.money(bound.monthly)])),
                                    None => (cx.t(WorkerMsg::BillMissingUnbounded)),
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    .into()
}

/// A link shared with an older dataset: each option's decision cost on
/// the prices of that date and today's, and the change; "not in the price
/// history" where the kept history holds no price of that date.
pub fn then_now(cx: Ctx, plan: &Plan, t: &ThenNow) -> Html {
    let missing = cx.t(WorkerMsg::ThenNowMissing);
    let then_h = fill(cx.t(WorkerMsg::ThenNowThen), &[&t.then_date]);
    let now_h = fill(cx.t(WorkerMsg::ThenNowNow), &[&t.now_date]);
    let change_h = cx.t(WorkerMsg::ThenNowChange);
    html! {
        table.plan-options.then-now data-testid="then-now" {
            caption { (fill(cx.t(WorkerMsg::ThenNowCaption), &[&t.then_date, &t.now_date, &plan.months.to_string()])) }
            thead { tr {
                th scope="col" { (cx.t(WorkerMsg::PlanColOption)) }
                th scope="col" { (then_h) }
                th scope="col" { (now_h) }
                th scope="col" { (change_h) }
            } }
            tbody {
                @for r in &t.rows {
                    tr data-testid="then-now-row" data-offer=(r.offer.as_str()) data-model=(r.model.code()) {
                        th scope="row" { (option(cx, &r.offer, r.model)) }
                        td data-testid="then-cost" data-label=(then_h) {
                            @match r.then { Some(v) => (cx.money(v)), None => (missing) }
                        }
                        td data-testid="now-cost" data-label=(now_h) {
                            @match r.now { Some(v) => (cx.money(v)), None => "—" }
                        }
                        td data-testid="then-change" data-label=(change_h) {
                            @match r.change_pct {
                                Some(p) => (signed_pct(cx, p)),
                                None => "—",
                            }
                        }
                    }
                }
            }
        }
    }
    .into()
}

/// In place of the prices then and now when the kept price history could
/// not be had (`why`): never today's prices taken for then.
pub fn then_missing(cx: Ctx, why: &str) -> Html {
    html! {
        p.hint data-testid="then-now-missing" { (fill(cx.t(WorkerMsg::HistoryUnavailable), &[why])) }
    }
    .into()
}

/// A change in percent with its sign: "+14.6 %", "−44 %", "0 %".
fn signed_pct(cx: Ctx, p: rust_decimal::Decimal) -> String {
    let sign = match p.cmp(&rust_decimal::Decimal::ZERO) {
        std::cmp::Ordering::Greater => "+",
        std::cmp::Ordering::Less => "\u{2212}",
        std::cmp::Ordering::Equal => "",
    };
    format!("{sign}{}", crate::ui::format::percent(p.abs(), cx.locale))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::plan;
    use crate::ui::i18n::Locale;
    use crate::ui::pages::plan::render::tests::cx;

    /// The bill besides compute (issue 49 point 2): each data charge with
    /// its quantity, rate and source; a charge without a rate with its
    /// bound, never 0.
    #[test]
    fn the_bill_lists_each_data_charge_with_its_rate_and_source() {
        let c = cx(Locale::En);
        let (s, _) = parse_scenario(
            "v=2&gpus=16&m=1&bm=od&ip=1&bd=100&o=aws:us-east-1:p4d.24xlarge,aws:cn-north-1:g5.48xlarge",
            c.catalog,
        );
        let p = plan(c.catalog, &s).unwrap();
        let html = bills(c, &p);
        let row = |testid: &str, offer: &str, kind: &str| -> String {
            let h = html.as_str();
            let at = h
                .find(&format!(
                    "<tr data-testid=\"{testid}\" data-offer=\"{offer}\" data-kind=\"{kind}\""
                ))
                .unwrap_or_else(|| panic!("{testid} {offer} {kind}: {h}"));
            h[at..at + h[at..].find("</tr>").unwrap()].to_string()
        };
        for (kind, wants) in [
            // 2 p4d × a 100 GB boot disk = 200 GB-months × 0.08 USD (EBS gp3) = $16.00
            (
                "st",
                [
                    "200 GB-months",
                    ">0.08 USD<",
                    "ic-aws-ebs · 2024-07-01",
                    "$16.00",
                ],
            ),
            // 2 instances × 730 h = 1,460 address-hours × 0.005 USD = $7.30
            (
                "ip",
                [
                    "1,460 address-hours",
                    ">0.005 USD<",
                    "aws-ipv4 · 2024-02-01",
                    "$7.30",
                ],
            ),
        ] {
            let r = row("bill-line", "aws:us-east-1:p4d.24xlarge", kind);
            for want in wants {
                assert!(r.contains(want), "{want}: {r}");
            }
        }
        // AWS China has neither rate: each missing, bounded by AWS's own
        // (2 × 100 × 0.08 = 16.00; 2 × 730 × 0.005 = 7.30), never $0.00
        for (kind, qty, bound) in [
            ("st", "200 GB-months", "$16.00"),
            ("ip", "1,460 address-hours", "$7.30"),
        ] {
            let r = row("bill-missing", "aws:cn-north-1:g5.48xlarge", kind);
            assert!(r.contains(qty), "{r}");
            assert!(r.contains(&format!("no rate: at most {bound}")), "{r}");
        }
        // a model that could not be priced listed first (no reservation
        // in westeurope) still leaves the missing address on the bill
        let (s, _) = parse_scenario(
            "v=2&m=1&bm=ri1n&ip=1&o=azure:westeurope:Standard_NC24ads_A100_v4",
            c.catalog,
        );
        let p = plan(c.catalog, &s).unwrap();
        let html = bills(c, &p);
        assert!(
            html.as_str().contains("data-testid=\"bill-missing\" data-offer=\"azure:westeurope:Standard_NC24ads_A100_v4\" data-kind=\"ip\""),
            "{}",
            html.as_str()
        );
        // no data charge, no table
        let (s, _) = parse_scenario(
            "v=2&gpus=16&m=1&bm=od&o=aws:us-east-1:p4d.24xlarge",
            c.catalog,
        );
        assert!(bills(c, &plan(c.catalog, &s).unwrap()).as_str().is_empty());
    }

    /// Every commitment's break-even cell says a month or why there is
    /// none; only what is not a commitment shows "—".
    #[test]
    fn a_commitment_without_a_break_even_month_says_why() {
        let c = cx(Locale::En);
        let mut seen = std::collections::BTreeSet::new();
        for link in [
            "v=2&gpus=8&m=12&h=730&bm=od,ri1n,ri1p,ri1a,ri3n,ri3p,ri3a,sp1n,sp3a,sub1,sub12",
            "v=2&gpus=8&m=36&h=730&bm=od,ri1p,ri3p,sub36&p=azure,alibaba,tencent",
            "v=2&gpus=8&m=2&h=100&bm=od,ri1a,ri3a",
        ] {
            let (s, _) = parse_scenario(link, c.catalog);
            let p = plan(c.catalog, &s).unwrap();
            let table = options_table(c, &p);
            for o in &p.options {
                let row = table
                    .as_str()
                    .split("<tr data-testid=\"plan-option\"")
                    .find(|r| {
                        r.contains(&format!(
                            "data-offer=\"{}\" data-model=\"{}\"",
                            o.offer.as_str(),
                            o.model.code()
                        ))
                    })
                    .unwrap();
                let cell = row.split("data-testid=\"plan-crossing\">").nth(1).unwrap();
                let cell = &cell[..cell.find("</td>").unwrap()];
                assert_eq!(
                    cell == "—",
                    !o.model.is_commitment(),
                    "{link} {} {:?}: {cell}",
                    o.offer,
                    o.model
                );
                let kind = if cell.starts_with(|ch: char| ch.is_ascii_digit()) {
                    "month"
                } else {
                    cell
                };
                seen.insert(kind.to_string());
            }
        }
        // (each was "—" before)
        for why in [
            "not within the horizon",
            "unknown: when it is paid is not sourced",
            "unknown month (when it is paid is not sourced); cheaper than on-demand by the end",
        ] {
            assert!(seen.contains(why), "{seen:?}");
        }
    }
}
