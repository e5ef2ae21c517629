//! The plan's answer in sentences: the cheapest option and what it saves,
//! what it pays up front, when it breaks even, the spot odds; and, as a
//! piece of its own (the flip search runs after the plan, off the path of
//! a keystroke), what would change the answer.
use maud::{html, Markup};
use rust_decimal::Decimal;

use super::{option, sentence, Ctx};
use crate::domain::job::{JobKind, JobReport};
use crate::domain::plan::{Best, Flip, Plan, WhatChanges};
use crate::domain::scenario::{decimal_from_f64, BillingModel, Narrow};
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, WorkerMsg};

/// The plan's answer in sentences; `narrow`: the compare screen's own
/// filters the cheapest offers were picked with; `job`: the job's report,
/// when the scenario has one: its answer is then the headline, and the
/// plan's own (over the horizon's hours) follows as such.
pub fn summary(cx: Ctx, plan: &Plan, narrow: Option<&Narrow>, job: Option<&JobReport>) -> Html {
    html! {
        @if let Some(j) = job { (job_answer(cx, j)) }
        @if plan.auto_selected { (sentence("plan-auto", cx.t(WorkerMsg::PlanAutoPicked))) }
        @if let Some(n) = narrow.filter(|_| plan.auto_selected) {
            (sentence("plan-narrow", &fill(cx.t(WorkerMsg::PlanNarrowed), &[&narrowed(cx, n)])))
        }
        @if !plan.dropped.is_empty() {
            (sentence("plan-dropped", &fill(cx.t(WorkerMsg::PlanDropped), &[&plan.dropped.len().to_string()])))
        }
        @match &plan.summary.cheapest {
            None => (sentence("plan-none", cx.t(WorkerMsg::PlanNothing))),
            Some(best) => (cheapest(cx, plan, best, job.is_none())),
        }
    }
    .into()
}

/// The job's answer: its cheapest offer and billing model, what the whole
/// job costs (its decision cost) and, for a served model, per million
/// tokens.
fn job_answer(cx: Ctx, j: &JobReport) -> Markup {
    let best = j.cheapest.first().and_then(|id| {
        let o = j.offers.iter().find(|o| o.offer == *id)?;
        let m = o.cheapest_model?;
        let cost = o.models.iter().find(|c| c.model == m)?.decision_cost?;
        Some((o, m, cost, o.hours.as_ref()?))
    });
    let Some((o, m, cost, h)) = best else {
        return sentence("plan-job-answer", cx.t(WorkerMsg::PlanJobNothing));
    };
    let hours = format::number(h.wall_hours, 2, cx.locale);
    let text = match o.cost_per_million_tokens {
        Some(cpm) if j.job.kind == JobKind::LlmServe => fill(
            cx.t(WorkerMsg::PlanServeAnswer),
            &[
                &option(cx, &o.offer, m),
                &cx.money(cost.amount()),
                &hours,
                &cx.money(cpm),
            ],
        ),
        _ => fill(
            cx.t(WorkerMsg::PlanJobAnswer),
            &[
                &option(cx, &o.offer, m),
                &cx.money(cost.amount()),
                &hours,
                &h.gpus.to_string(),
            ],
        ),
    };
    html! { p data-testid="plan-job-answer" { strong { (text) } } }
}

/// The compare screen's filters as a list: `“a100”, NVLink, ≤ $5.00/h`.
fn narrowed(cx: Ctx, n: &Narrow) -> String {
    let mut parts = Vec::new();
    if !n.q.is_empty() {
        parts.push(format!("“{}”", n.q));
    }
    for f in &n.fab {
        parts.push(cx.t(crate::ui::labels::fabric_msg(*f)).to_string());
    }
    if let Some(m) = n.max_price {
        parts.push(format!("≤ {}/h", cx.money(m)));
    }
    parts.join(cx.t(WorkerMsg::ListSep))
}

/// An option in an AWS China region: the separate account and the ICP
/// filing it needs, with the provider's sourced fact (the advice's reason).
fn china(cx: Ctx, offer: &crate::domain::catalog::OfferId) -> Option<String> {
    let o = cx
        .catalog
        .offer(offer)
        .filter(|o| o.needs_china_account())?;
    let fact = cx.catalog.provider(o.provider).and_then(|p| {
        p.facts
            .iter()
            .find(|f| f.claims.iter().any(|c| c.starts_with("icp:")))
    });
    let basis = match fact {
        Some(f) => format!("{}, {}", cx.catalog.source_title(&f.source), f.as_of),
        None => cx.t(WorkerMsg::PvNotFound).to_string(),
    };
    Some(fill(cx.t(WorkerMsg::AdvWhyChinaAccount), &[&basis]))
}

/// The cheapest option, what it costs and saves, and when it pays off.
fn cheapest(cx: Ctx, plan: &Plan, best: &Best, headline: bool) -> Markup {
    let s = &plan.summary;
    let months = plan.months.to_string();
    let hours = format::plain(plan.hours_per_month, cx.locale);
    let answer = fill(
        cx.t(WorkerMsg::PlanCheapest),
        &[
            &option(cx, &best.offer, best.model),
            &cx.money(best.decision_cost),
            &months,
            &hours,
            &cx.money(best.paid),
            &cx.money(best.still_owed),
        ],
    );
    let saving = match (
        s.on_demand_decision_cost,
        s.saving_vs_on_demand,
        s.saving_vs_on_demand_pct,
    ) {
        (Some(od), Some(save), Some(pct)) if best.model != BillingModel::OnDemand => Some(fill(
            cx.t(WorkerMsg::PlanSaving),
            &[
                &cx.money(save),
                &format::number(pct, 1, cx.locale),
                &cx.money(od),
            ],
        )),
        _ if best.model == BillingModel::OnDemand => {
            Some(fill(cx.t(WorkerMsg::PlanOnDemandWins), &[&hours, &months]))
        }
        _ => None,
    };
    // (through Decimal: float formatting would grow the wasm, docs/SIZE.md)
    let odds = s
        .spot_completion_probability
        .and_then(|pr| decimal_from_f64("p", (pr * 100.0).clamp(0.0, 100.0)).ok())
        .map(|pct| {
            fill(
                cx.t(WorkerMsg::PlanSpotOdds),
                &[&format::number(pct, 1, cx.locale)],
            )
        });
    html! {
        @if headline {
            p data-testid="plan-cheapest" { strong { (answer) } }
        } @else {
            (sentence("plan-cheapest", &fill(cx.t(WorkerMsg::PlanBesideJob), &[&answer])))
        }
        @if !best.complete {
            @match best.bound {
                Some(b) => (sentence("plan-incomplete", &fill(cx.t(WorkerMsg::PlanIncomplete), &[&cx.money(best.decision_cost), &cx.money(best.decision_cost.saturating_add(b))]))),
                None => (sentence("plan-incomplete", &fill(cx.t(WorkerMsg::PlanUnbounded), &[&cx.money(best.decision_cost)]))),
            }
        }
        @if let Some(t) = china(cx, &best.offer) { (sentence("plan-china", &t)) }
        @if let Some(t) = saving { (sentence("plan-saving", &t)) }
        @if best.upfront > Decimal::ZERO {
            (sentence("plan-upfront", &fill(cx.t(WorkerMsg::PlanUpfront), &[&cx.money(best.upfront)])))
        }
        @if let Some(m) = s.breakeven_month {
            (sentence("plan-breakeven", &fill(cx.t(WorkerMsg::PlanBreakevenMonth), &[&m.to_string()])))
        }
        @if let Some(t) = odds { (sentence("plan-spot-odds", &t)) }
        @if !best.cash_timing_known { (sentence("plan-timing", cx.t(WorkerMsg::PlanTimingSpread))) }
        @if let Some(a) = best.age.as_ref().filter(|a| a.stale) {
            (sentence("plan-stale", &fill(cx.t(WorkerMsg::PlanBestStale), &[&a.oldest_as_of, &a.age_days.to_string(), &a.as_at])))
        }
        @if s.stale_options > 0 {
            @if let Some(a) = &s.oldest {
                (sentence("plan-stale-options", &fill(cx.t(WorkerMsg::PlanStaleOptions), &[&s.stale_options.to_string(), &plan.options.len().to_string(), &a.oldest_as_of])))
            }
        }
    }
}

/// What would make another option the cheapest: fewer or more months,
/// fewer or more hours a month (the search's result for a plan with a
/// cheapest option).
pub fn flips(cx: Ctx, w: &WhatChanges) -> Html {
    let flip = |f: &Option<Flip>, msg: WorkerMsg| -> Option<String> {
        f.as_ref().map(|f| {
            let at = format::plain(f.at, cx.locale);
            fill(
                cx.t(msg),
                &[
                    &at,
                    &option(cx, &f.best.offer, f.best.model),
                    &cx.money(f.best.decision_cost),
                ],
            )
        })
    };
    let changes: Vec<String> = [
        flip(&w.months_shorter, WorkerMsg::PlanFlipMonths),
        flip(&w.months_longer, WorkerMsg::PlanFlipMonths),
        flip(&w.hours_lower, WorkerMsg::PlanFlipHours),
        flip(&w.hours_higher, WorkerMsg::PlanFlipHours),
    ]
    .into_iter()
    .flatten()
    .collect();
    html! {
        @if changes.is_empty() {
            (sentence("plan-flips", cx.t(WorkerMsg::PlanNoFlip)))
        } @else {
            p { (cx.t(WorkerMsg::PlanWhatChanges)) }
            ul data-testid="plan-flips" { @for c in &changes { li { (c) } } }
        }
    }
    .into()
}
