//! The options table: one row per option with its cost components, what
//! is paid and owed, its decision cost, break-even month and the date of
//! the prices it rests on (the charts' table alternative).
use maud::{html, Markup};

use super::{age_cell, option, tag, Ctx};
use crate::domain::plan::{Best, BreakEven, Figure, Plan, PlanOption};
use crate::domain::tco::then::ThenNow;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Msg, WorkerMsg};
use crate::ui::labels::{break_even_why, figure_msg};

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
