//! The plan screen: total cost over months for a few offers × billing
//! models (chart, components, summary in sentences), when committing pays
//! off across the whole catalog, and the cost of a job. Inputs are the
//! shared scenario. Every figure is computed by the plan worker (a second
//! wasm module, `src/plan_worker.rs`, loaded the first time the screen is
//! shown) from the scenario link, and comes back as markup (`results`,
//! `render`: pure, tested natively); nothing is computed while another
//! screen is shown.
mod inputs;
pub mod pick;
pub mod render;
pub mod results;
mod worker;

pub use worker::request_markup;

use leptos::prelude::*;

use crate::ui::components::help::Help;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::link::Screen;
use crate::ui::state::AppState;
use inputs::Group;
use worker::PlanOutput;

#[component]
pub fn PlanScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let catalog = state.catalog;
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Plan));
    // the plan's scenario link, made only while the screen is shown (not on
    // every change made on another screen)
    let query: Memo<String> = Memo::new(move |prev: Option<&String>| {
        if !shown.get() {
            return prev.cloned().unwrap_or_default();
        }
        state.link.with(|l| {
            results::query(&crate::domain::plan::plan_scenario(
                &l.scenario,
                &l.compare.selected,
            ))
        })
    });
    let has_job = Memo::new(move |_| state.link.with(|l| l.scenario.job.is_some()));
    let out = PlanOutput::new();
    // Ask the worker whenever the plan's inputs or the language change while
    // the screen is shown (nothing is computed while another screen is).
    Effect::new(move |_| {
        if shown.get() {
            worker::request(out, catalog, query.get(), i18n.locale.get());
        }
    });
    let part = move |i: usize| move || out.results.with(|r| r.parts[i].clone());
    let error = move || {
        if out.broken.get() {
            return Some(i18n.t(Msg::WorkerFailed).to_string());
        }
        out.results
            .with(|r| r.error.clone())
            .map(|code| fill(i18n.t(Msg::EngineFailed), &[&code]))
    };
    view! {
        <section class="plan-screen" aria-labelledby="plan-h" data-testid="screen-plan">
            <h2 id="plan-h">{move || i18n.t(Msg::PlanTitle)}</h2>
            <p class="hint">{move || i18n.t(Msg::PlanIntro)}</p>
            <Help />
            <details class="filters" open>
                <summary>{move || i18n.t(Msg::PlanInputs)}</summary>
                <form class="controls" data-testid="plan-controls" on:submit=|ev| ev.prevent_default()>
                    {inputs::field_group(state, Group::Workload, Msg::PlanWorkload, "plan-workload")}
                    {inputs::offer_fields(state)}
                    {inputs::model_fields(state)}
                    {inputs::field_group(state, Group::Spot, Msg::PlanSpot, "plan-spot")}
                    {inputs::field_group(state, Group::Promos, Msg::PlanPromos, "plan-promos")}
                    {inputs::field_group(state, Group::Data, Msg::PlanData, "plan-data")}
                    {inputs::job_fields(state)}
                </form>
            </details>
            <p class="field-error" data-testid="plan-error" role="status">{error}</p>
            <div
                class="plan-results"
                data-testid="plan-results"
                aria-busy=move || out.pending.get().then_some("true")
                data-state=move || if out.pending.get() { "pending" } else { "ready" }
            >
                <div class="plan-summary" data-testid="plan-summary" aria-live="polite" inner_html=part(0)></div>
                <div class="plan-charts" data-testid="plan-charts" inner_html=part(1)></div>
                <div class="table-wrap" inner_html=part(2)></div>
            <section hidden=move || !has_job.get() aria-labelledby="job-h">
                <h3 id="job-h">{move || i18n.t(Msg::JobTitle)}</h3>
                <div class="plan-job" data-testid="plan-job-result" inner_html=part(3)></div>
            </section>
            <h3>{move || i18n.t(Msg::BreakevenTitle)}</h3>
            <div class="plan-breakeven" data-testid="plan-breakeven" inner_html=part(4)></div>
            </div>
        </section>
    }
}
