//! The plan screen: total cost over months for a few offers × billing
//! models (chart, components, summary in sentences), when committing pays
//! off across the whole catalog, and the cost of a job. Inputs are the
//! shared scenario. Every figure is computed by the plan worker (a second
//! wasm module, `src/worker.rs`, loaded the first time the screen is
//! shown) from the scenario link, and comes back as markup (`results`,
//! `render`: pure, tested natively); nothing is computed while another
//! screen is shown. What would change the plan's answer is a part of its
//! own, searched after the plan has answered.
mod inputs;
pub mod pick;
#[cfg(feature = "worker-html")]
pub mod render;
pub mod results;

use leptos::prelude::*;

use crate::ui::components::help::Help;
use crate::ui::components::scenario_selects;
use crate::ui::components::worker_part::WorkerPart;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::link::Screen;
use crate::ui::state::AppState;
use crate::ui::worker::client::{ask_on_change, PartView};
use crate::ui::worker::Part;
use inputs::Group;

#[component]
pub fn PlanScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let shown = Memo::new(move |_| state.link.with(|l| l.screen == Screen::Plan));
    // the plan's scenario link, made only while the screen is shown (not on
    // every change made on another screen)
    let query: Memo<String> = Memo::new(move |prev: Option<&String>| {
        if !shown.get() {
            return prev.cloned().unwrap_or_default();
        }
        state
            .link
            .with(|l| results::query(&l.scenario, &l.compare, l.shared_on.as_deref()))
    });
    let has_job = Memo::new(move |_| state.link.with(|l| l.scenario.job.is_some()));
    let out = PartView::new(Part::Plan);
    let details = PartView::new(Part::PlanDetails);
    let flips = PartView::new(Part::PlanFlips);
    // Ask the worker whenever the plan's inputs or the language change while
    // the screen is shown (nothing is computed while another screen is):
    // the summary first (what a keystroke waits for), then the rest of the
    // results from the plan it made, then what would change its answer
    // (the worker searches for it after answering both, and drops the
    // search when a newer plan is asked for). A keystroke's requests leave
    // in its own handler, before the page updates anything else.
    ask_on_change(state, move || {
        if shown.get() {
            let (q, loc) = (query.get(), i18n.locale.get());
            out.request(q.clone(), loc);
            details.request(q.clone(), loc);
            flips.request(q, loc);
        }
    });
    let error = move || {
        if out.failed().or(details.failed()).is_some() {
            return Some(i18n.t(Msg::WorkerFailed).to_string());
        }
        out.error()
            .or_else(|| details.error())
            .map(|code| fill(i18n.t(Msg::EngineFailed), &[&code]))
    };
    let pending = move || out.pending() || details.pending();
    view! {
        <section class="plan-screen" aria-labelledby="plan-h" data-testid="screen-plan">
            <h2 id="plan-h">{move || i18n.t(Msg::PlanTitle)}</h2>
            <p class="hint">{move || i18n.t(Msg::PlanIntro)}</p>
            <Help />
            <details class="filters" open>
                <summary>{move || i18n.t(Msg::PlanInputs)}</summary>
                <form class="controls" data-testid="plan-controls" on:submit=|ev| ev.prevent_default()>
                    {inputs::field_group(state, Group::Workload, Msg::PlanWorkload, "plan-workload")}
                    // the plan's currency and region: the link's `cur` and `r`, the
                    // same selects as compare's
                    {scenario_selects::currency_select(state, "plan-currency")}
                    {scenario_selects::region_select(state, "plan-region")}
                    {inputs::offer_fields(state)}
                    {inputs::model_fields(state)}
                    {inputs::field_group(state, Group::Spot, Msg::PlanSpot, "plan-spot")}
                    {inputs::field_group(state, Group::Promos, Msg::PlanPromos, "plan-promos")}
                    {inputs::field_group(state, Group::Negotiated, Msg::PlanNegotiated, "plan-negotiated")}
                    {inputs::field_group(state, Group::Data, Msg::PlanData, "plan-data")}
                    {inputs::job_fields(state)}
                </form>
            </details>
            <p class="field-error" data-testid="plan-error" role="status">{error}</p>
            <div
                class="plan-results"
                data-testid="plan-results"
                aria-busy=move || pending().then_some("true")
                data-state=move || if pending() { "pending" } else { "ready" }
            >
                <WorkerPart view=out piece=0 patch=true quiet=true class="plan-summary" testid="plan-summary" attr:aria-live="polite" />
                <WorkerPart view=flips piece=0 patch=true quiet=true class="plan-summary plan-what-changes" testid="plan-what-changes" attr:aria-live="polite" />
                <WorkerPart view=details piece=0 patch=true quiet=true class="plan-charts" testid="plan-charts" />
                <WorkerPart view=details piece=1 patch=true quiet=true class="table-wrap" attr:tabindex="0" attr:role="region" attr:aria-label=move || i18n.t(Msg::PlanTitle) />
                <section hidden=move || !has_job.get() aria-labelledby="job-h">
                    <h3 id="job-h">{move || i18n.t(Msg::JobTitle)}</h3>
                    <WorkerPart view=details piece=2 patch=true quiet=true class="plan-job" testid="plan-job-result" />
                </section>
                <h3>{move || i18n.t(Msg::BreakevenTitle)}</h3>
                <WorkerPart view=details piece=3 patch=true quiet=true class="plan-breakeven" testid="plan-breakeven" />
            </div>
        </section>
    }
}
