//! The options table: one row per option with its cost components, what
//! is paid and owed, its decision cost, break-even month and the date of
//! the prices it rests on (the charts' table alternative).
use maud::{html, Markup};

use super::{age_cell, option, tag, Ctx};
use crate::domain::plan::{Best, Figure, Plan, PlanOption};
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Msg, WorkerMsg};
use crate::ui::labels::figure_msg;

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
    let cross = plan
        .crossing(o)
        .map_or_else(|| "—".to_string(), |m| m.to_string());
    let tags = [
        (is_best, cx.t(WorkerMsg::PlanBestTag)),
        (o.baseline, cx.t(WorkerMsg::PlanBaselineTag)),
        (!o.complete, cx.t(WorkerMsg::IncompleteTag)),
        (o.assumed, cx.t(Msg::AssumedTag)),
        (
            o.monthly_from_upfront,
            cx.t(WorkerMsg::MonthlyFromUpfrontTag),
        ),
        (o.indicative, cx.t(Msg::IndicativeTag)),
        (!o.cash_timing_known, cx.t(WorkerMsg::TimingSpreadTag)),
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
