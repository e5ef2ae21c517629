//! The recommendation, in three pieces in page order: the picks (the
//! strategy in a sentence, the figures, the score breakdown, the reasons,
//! links to the plan and compare screens), or the nearest relaxations when
//! nothing fits, and the articles' pick against the data's ([`head`]); what
//! would change the answer ([`changes`], found after the rest); the
//! ranking, the exclusions grouped by reason and the assumptions ([`tail`]).
use maud::{html, Markup};

use super::profile_msg;
use super::sentences::R;
use crate::domain::advise::Pick;
use crate::ui::i18n::{fill, WorkerMsg};
use crate::ui::link::Screen;

/// The recommendation's head: the picks (or, when nothing fits, the
/// nearest relaxations) and the articles' profile's pick against the data's.
/// What would change the answer ([`changes`]) follows it, then [`tail`].
pub(super) fn head(r: &R) -> Markup {
    let a = r.advice;
    html! {
        div.advise-out data-testid="advise-out" data-feasible=(a.feasible) {
            @if !a.picks.is_empty() {
                section data-testid="advise-picks" {
                    h3 {
                        @if a.picks[0].strategy.job_hours.is_some() { (r.t(WorkerMsg::AdvPicksJobTitle)) }
                        @else { (fill(r.t(WorkerMsg::AdvPicksTitle), &[&a.months.to_string()])) }
                    }
                    ol.picks { @for p in &a.picks { (pick(r, p)) } }
                }
            }
            (relaxations(r))
            (profile(r))
        }
    }
}

/// The recommendation's tail: the ranking, the exclusions, the assumptions.
pub(super) fn tail(r: &R) -> Markup {
    html! {
        div.advise-out data-testid="advise-more" {
            (ranked(r))
            (excluded(r))
            (notes(r))
        }
    }
}

/// One pick: its rank, offer and strategy, the strategy in a sentence, its
/// figures, the score breakdown (the bar is the score, the caption the
/// weight), the reasons, and links that open it on the plan and compare
/// screens.
fn pick(r: &R, p: &Pick) -> Markup {
    let s = &p.strategy;
    let w = r.advice.weights;
    let money = |d| r.money(d);
    html! {
        li.pick data-testid="advise-pick" data-offer=(s.offer.as_str()) data-model=(s.model.code()) {
            h4 { span.rank { "#" (p.rank) } " " (r.cx.offer(&s.offer)) " " span.tag { (r.strategy_label(s)) } }
            p.strategy data-testid="advise-strategy" { (r.strategy_sentence(s)) }
            p.figures data-testid="advise-figures" {
                @if let Some(h) = s.job_hours {
                    // a job's cost is the job's, not a month's
                    (fill(r.t(WorkerMsg::AdvJobFigures), &[
                        &money(s.decision_cost), &crate::ui::format::number(h, 2, r.cx.locale),
                        &money(s.paid), &money(s.still_owed),
                    ]))
                } @else {
                    (fill(r.t(WorkerMsg::AdvFigures), &[
                        &money(s.decision_cost), &money(p.monthly), &money(s.paid),
                        &money(s.still_owed), &money(s.peak_month),
                    ]))
                }
            }
            table.scores data-testid="advise-scores" {
                caption { (fill(r.t(WorkerMsg::AdvTotal), &[&r.score_or_unknown(p.scores.total)])) }
                tbody {
                    @for (label, score, weight) in [
                        (WorkerMsg::AdvScoreCost, Some(p.scores.cost), w.cost),
                        (WorkerMsg::AdvScorePerf, p.scores.perf, w.perf),
                        (WorkerMsg::AdvScoreEco, Some(p.scores.eco), w.eco),
                        (WorkerMsg::AdvScoreRisk, Some(p.scores.risk), w.risk),
                    ] {
                        tr {
                            th scope="row" { (r.t(label)) }
                            td { @if let Some(score) = score { meter min="0" max="100" value=(score.round_dp(1)) aria-hidden="true" {} } }
                            td.num { (r.score_or_unknown(score)) }
                            td.num.weight { (fill(r.t(WorkerMsg::AdvWeightOf), &[&weight.to_string()])) }
                        }
                    }
                }
            }
            ul.reasons data-testid="advise-reasons" {
                @if let Some(same) = r.same_elsewhere(p) { li { (same) } }
                @for why in &p.reasons { li { (r.why(why)) } }
            }
            p.open {
                a href=(r.href(Screen::Plan, &[&s.offer])) data-testid="advise-open-plan" { (r.t(WorkerMsg::AdvOpenPlan)) }
                " · "
                a href=(r.href(Screen::Compare, &[&s.offer])) data-testid="advise-open-compare" { (r.t(WorkerMsg::AdvOpenCompare)) }
            }
        }
    }
}

/// When nothing fits: why, and the nearest relaxations.
fn relaxations(r: &R) -> Markup {
    let a = r.advice;
    html! {
        @if a.picks.is_empty() {
            section.relax data-testid="advise-relax" role="status" {
                h3 { (r.t(WorkerMsg::AdvNoneTitle)) }
                p { (fill(r.t(WorkerMsg::AdvNoneText), &[&a.considered.to_string()])) }
                ul {
                    @if a.relaxations.is_empty() { li { (r.t(WorkerMsg::AdvNoRelaxation)) } }
                    @for x in &a.relaxations {
                        li data-testid="advise-relaxation"
                            data-drop=(x.drop.iter().map(|e| e.code()).collect::<Vec<_>>().join(",")) {
                            (r.relaxation(x))
                        }
                    }
                }
            }
        }
    }
}

/// The articles' profile's pick against the data's.
fn profile(r: &R) -> Markup {
    html! {
        @if let Some(pc) = &r.advice.profile {
            section.profile data-testid="advise-profile" data-agrees=(pc.agrees) {
                h3 { (fill(r.t(WorkerMsg::AdvProfTitle), &[r.t(profile_msg(pc.profile))])) }
                p { (r.verdict(pc)) }
            }
        }
    }
}

/// What would change the answer.
pub(super) fn changes(r: &R) -> Markup {
    let a = r.advice;
    html! {
        @if !a.changes.is_empty() {
            div.advise-out {
                section data-testid="advise-changes" {
                    h3 { (r.t(WorkerMsg::AdvChangesTitle)) }
                    ul { @for c in &a.changes { li { (r.change(c)) } } }
                }
            }
        }
    }
}

/// Every feasible strategy, ranked, with its scores.
fn ranked(r: &R) -> Markup {
    let a = r.advice;
    html! {
        @if !a.ranked.is_empty() {
            section data-testid="advise-ranked" {
                h3 { (fill(r.t(WorkerMsg::AdvRankedTitle), &[&a.feasible.to_string(), &a.considered.to_string()])) }
                div.table-wrap tabindex="0" role="region" aria-label=(r.t(WorkerMsg::AdvColOffer)) { table {
                    thead { tr {
                        th scope="col" { "#" }
                        th scope="col" { (r.t(WorkerMsg::AdvColOffer)) }
                        th scope="col" { (r.t(WorkerMsg::AdvColStrategy)) }
                        @for m in [WorkerMsg::AdvColCost, WorkerMsg::AdvScoreCost, WorkerMsg::AdvScorePerf, WorkerMsg::AdvScoreEco, WorkerMsg::AdvScoreRisk, WorkerMsg::AdvColTotal] {
                            th.num scope="col" { (r.t(m)) }
                        }
                    } }
                    tbody {
                        @for p in &a.ranked {
                            tr data-offer=(p.strategy.offer.as_str()) {
                                td { (p.rank) }
                                th scope="row" { (r.cx.offer(&p.strategy.offer)) }
                                td { (r.strategy_label(&p.strategy)) }
                                td.num { (r.money(p.strategy.decision_cost)) }
                                @for score in [Some(p.scores.cost), p.scores.perf, Some(p.scores.eco), Some(p.scores.risk)] {
                                    td.num { (r.score_or_unknown(score)) }
                                }
                                td.num { strong { (r.score_or_unknown(p.scores.total)) } }
                            }
                        }
                    }
                } }
            }
        }
    }
}

/// The offers ruled out, grouped by reason, with up to three examples.
fn excluded(r: &R) -> Markup {
    let a = r.advice;
    let n: usize = a.excluded.iter().map(|g| g.count).sum();
    html! {
        @if !a.excluded.is_empty() {
            section data-testid="advise-excluded" {
                h3 { (fill(r.t(WorkerMsg::AdvExcludedTitle), &[&n.to_string(), &a.considered.to_string()])) }
                ul {
                    @for g in &a.excluded {
                        li data-reason=(g.reason.code()) {
                            strong { (r.exclusion(g)) }
                            " — " (fill(r.t(WorkerMsg::AdvExCount), &[&g.count.to_string()])) " "
                            span.hint { (g.examples.iter().map(|o| r.cx.offer(o)).collect::<Vec<_>>().join("; ")) }
                        }
                    }
                }
            }
        }
    }
}

/// The assumptions: the weights and horizon, then every note (the weights'
/// fallback stands out).
fn notes(r: &R) -> Markup {
    use crate::domain::advise::Note;
    html! {
        section data-testid="advise-notes" {
            h3 { (r.t(WorkerMsg::AdvNotesTitle)) }
            ul {
                li { (r.weights_note()) }
                @for n in &r.advice.notes {
                    @let warn = matches!(n, Note::WeightsFallback);
                    li class=[warn.then_some("warn")] data-testid=[warn.then_some("advise-weights-fallback")] {
                        (r.note(n))
                    }
                }
            }
        }
    }
}
