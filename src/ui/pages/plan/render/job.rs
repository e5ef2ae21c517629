//! The cost of a job: its assumptions, then the cheapest and the fastest
//! offers for it, and how many offers have no figure.
use maud::{html, Markup};
use rust_decimal::Decimal;

use super::{age_cell, sentence, tag, Ctx};
use crate::domain::catalog::OfferId;
use crate::domain::job::{
    JobHours, JobKind, JobOffer, JobReport, JobSkip, Placement, RatioOf, ThroughputBasis,
};
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, WorkerMsg};
use crate::ui::labels::model_tag;

/// Most offers listed as cheapest / fastest for a job.
pub const JOB_LIST: usize = 10;

/// The job's assumptions, its two tables and the offers left out.
pub fn job(cx: Ctx, r: &JobReport) -> Html {
    let skipped = r
        .offers
        .iter()
        .filter(|o| o.hours.is_none() || o.skip.is_some())
        .count();
    let unplaced = r
        .offers
        .iter()
        .filter(|o| {
            matches!(
                o.skip,
                Some(
                    JobSkip::ReplicaSpansInstances { .. } | JobSkip::NoRdmaBetweenInstances { .. }
                )
            )
        })
        .count();
    html! {
        (sentence("job-assumptions", &assumptions(cx, r)))
        @if r.spot_left_out {
            (sentence("job-spot-left-out", cx.t(WorkerMsg::JobSpotLeftOut)))
        }
        (job_table(cx, r, &r.cheapest, "job-cheapest", WorkerMsg::JobCheapest))
        @if same_hours(r) {
            (sentence("job-same-hours", cx.t(WorkerMsg::JobSameHours)))
        } @else {
            (job_table(cx, r, &r.fastest, "job-fastest", WorkerMsg::JobFastest))
        }
        @if skipped > 0 {
            (sentence("job-skipped", &fill(cx.t(WorkerMsg::JobSkipped), &[&skipped.to_string()])))
        }
        @if unplaced > 0 {
            (sentence("job-no-placement", &fill(cx.t(WorkerMsg::JobNoPlacement), &[&unplaced.to_string()])))
        }
    }
    .into()
}

/// Every offer with hours takes the same wall-clock hours (a served
/// model's are the hours it is served): a "fastest" list would repeat the
/// cheapest one in another order.
fn same_hours(r: &JobReport) -> bool {
    let hours: Vec<Decimal> = r
        .offers
        .iter()
        .filter_map(|o| o.hours.as_ref().map(|h| h.wall_hours))
        .collect();
    hours.len() > 1 && hours.iter().all(|h| *h == hours[0])
}

fn n(cx: Ctx, d: Decimal) -> String {
    format::plain(d, cx.locale)
}

/// What the job is, in the words of its kind.
fn assumptions(cx: Ctx, r: &JobReport) -> String {
    let j = &r.job;
    let n = |d: Decimal| n(cx, d);
    let eff = n(j.efficiency_pct());
    match j.kind {
        JobKind::Resnet50 | JobKind::BertLarge => fill(
            cx.t(WorkerMsg::JobAboutSamples),
            &[
                &n(j.epochs()),
                &n(j.samples()),
                &n(r.work),
                &n(j.scaling_pct()),
                &eff,
            ],
        ),
        JobKind::LlmTrain => fill(
            cx.t(WorkerMsg::JobAboutTrain),
            &[&n(j.params_b()), &n(j.tokens_b()), &n(r.work), &eff],
        ),
        JobKind::LlmServe => fill(
            cx.t(WorkerMsg::JobAboutServe),
            &[
                &n(j.serve_tokens_per_s()),
                &n(j.serve_hours()),
                &n(j.params_b()),
                &eff,
            ],
        ),
    }
}

/// The first [`JOB_LIST`] offers of a ranking that have hours.
fn job_table(cx: Ctx, r: &JobReport, ids: &[OfferId], testid: &str, caption: WorkerMsg) -> Markup {
    let heads = [
        WorkerMsg::PlanColOption,
        WorkerMsg::JobColGpus,
        WorkerMsg::JobColHours,
        WorkerMsg::JobColModel,
        WorkerMsg::PlanColDecision,
        WorkerMsg::PlanColOwed,
        WorkerMsg::JobColGpuHours,
        WorkerMsg::JobColBasis,
        WorkerMsg::ColPricesAsOf,
    ];
    let find = |id: &OfferId| r.offers.iter().find(|o| o.offer == *id);
    html! {
        div.table-wrap tabindex="0" role="region" aria-label=(cx.t(caption)) {
            table.plan-options data-testid=(testid) {
                caption { (cx.t(caption)) }
                thead { tr { @for m in heads { th scope="col" { (cx.t(m)) } } } }
                tbody {
                    @for o in ids.iter().take(JOB_LIST).filter_map(find) {
                        @if let Some(h) = &o.hours { (job_row(cx, o, h)) }
                    }
                }
            }
        }
    }
}

/// An offer's GPUs, hours, basis and its cheapest model's cost.
fn job_row(cx: Ctx, o: &JobOffer, h: &JobHours) -> Markup {
    let best = o
        .cheapest_model
        .and_then(|m| o.models.iter().find(|c| c.model == m));
    let no_fit = (h.fits == Some(false)).then(|| {
        let need = h.memory_needed_gb.map(|d| n(cx, d)).unwrap_or_default();
        let have = h.memory_available_gb.map(|d| n(cx, d)).unwrap_or_default();
        fill(cx.t(WorkerMsg::JobNoFit), &[&need, &have])
    });
    let dash = || "—".to_string();
    html! {
        tr data-testid="job-row" data-offer=(o.offer.as_str()) {
            th scope="row" {
                (cx.offer(&o.offer))
                @if let Some(t) = no_fit { " " span.tag.warn { (t) } }
                @if let Some(p) = placement(cx, h) { br; small data-testid="job-placement" { (p) } }
                @if matches!(h.basis, ThroughputBasis::Estimate { .. }) { (tag(cx.t(WorkerMsg::JobEstimateTag))) }
            }
            td { (h.instances) " × " (h.gpus / h.instances.max(1)) }
            td data-testid="job-hours" { (format::number(h.wall_hours, 2, cx.locale)) }
            td { (best.map(|b| cx.t(model_tag(b.model))).unwrap_or("—")) }
            td data-testid="job-cost" {
                strong { (best.and_then(|b| b.decision_cost).map(|m| cx.money(m.amount())).unwrap_or_else(dash)) }
            }
            td { (best.map(|b| cx.money(b.still_owed)).unwrap_or_else(dash)) }
            td { (format::number(h.gpu_hours, 1, cx.locale)) }
            td.basis { (basis_text(cx, &h.basis)) }
            (age_cell(cx, best.and_then(|b| b.age.as_ref())))
        }
    }
}

/// Where one copy of the model runs, when it says more than the GPU count:
/// serving's replicas, and any run spread over instances by RDMA.
fn placement(cx: Ctx, h: &JobHours) -> Option<String> {
    match h.placement.as_ref()? {
        Placement::OneInstance {
            replicas,
            gpus_per_replica,
            ..
        } => h.serve_gpus_for_memory.map(|_| {
            fill(
                cx.t(WorkerMsg::JobOneInstance),
                &[&replicas.to_string(), &gpus_per_replica.to_string()],
            )
        }),
        Placement::RdmaGroup {
            replicas,
            instances_per_replica,
            efficiency_pct,
        } => {
            let mut t = fill(
                cx.t(WorkerMsg::JobRdmaGroup),
                &[&replicas.to_string(), &instances_per_replica.to_string()],
            );
            if let Some(e) = efficiency_pct {
                t.push_str(&fill(cx.t(WorkerMsg::JobRdmaEfficiency), &[&n(cx, *e)]));
            }
            Some(t)
        }
    }
}

/// Where the offer's throughput comes from: a measured run, a run scaled
/// to more GPUs, or an estimate from peak TFLOPS.
fn basis_text(cx: Ctx, b: &ThroughputBasis) -> String {
    match b {
        ThroughputBasis::Measured { as_of, gpus, .. } => {
            fill(cx.t(WorkerMsg::JobMeasured), &[&gpus.to_string(), as_of])
        }
        ThroughputBasis::Scaled {
            measured_gpus,
            scaling_pct,
            as_of,
            ..
        } => fill(
            cx.t(WorkerMsg::JobScaled),
            &[
                &measured_gpus.to_string(),
                &format::plain(*scaling_pct, cx.locale),
                as_of,
            ],
        ),
        ThroughputBasis::ModelSizeScaled {
            gpus,
            measured_params_b,
            params_b,
            as_of,
            ..
        } => fill(
            cx.t(WorkerMsg::JobModelSize),
            &[
                &gpus.to_string(),
                &format::plain(*measured_params_b, cx.locale),
                &format::plain(*params_b, cx.locale),
                as_of,
            ],
        ),
        ThroughputBasis::SameArchitecture {
            reference_gpu,
            reference_gpus,
            ratio,
            ratio_of,
            as_of,
            ..
        } => fill(
            cx.t(match ratio_of {
                RatioOf::DenseFp16Tflops => WorkerMsg::JobSameArchTflops,
                RatioOf::MemoryBandwidth => WorkerMsg::JobSameArchBandwidth,
            }),
            &[
                &cx.catalog
                    .gpu(reference_gpu)
                    .map_or(reference_gpu.to_string(), |g| g.name.clone()),
                &reference_gpus.to_string(),
                &format::plain((*ratio * Decimal::ONE_HUNDRED).round_dp(1), cx.locale),
                as_of,
            ],
        ),
        ThroughputBasis::Estimate {
            tflops_dense,
            efficiency_pct,
            ..
        } => fill(
            cx.t(WorkerMsg::JobEstimate),
            &[
                &format::plain(*tflops_dense, cx.locale),
                &format::plain(*efficiency_pct, cx.locale),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::job::job_report;
    use crate::domain::link::parse_scenario;
    use crate::ui::i18n::Locale;
    use crate::ui::pages::plan::render::tests::cx;

    #[test]
    fn a_job_lists_the_cheapest_and_fastest_offers_with_their_basis() {
        let c = cx(Locale::En);
        let (s, _) = parse_scenario("v=2&jk=resnet50&gpu=a100-80-sxm,t4&gpus=1", c.catalog);
        assert!(s.job.is_some());
        let r = job_report(c.catalog, &s).unwrap();
        let html = job(c, &r);
        let html = html.as_str();
        assert!(html.contains("data-testid=\"job-assumptions\""), "{html}");
        assert!(html.contains("90 epochs × 1,281,167 samples"), "{html}");
        let rows = html.matches("data-testid=\"job-row\"").count();
        assert_eq!(rows, 2 * r.cheapest.len().min(JOB_LIST), "{html}");
        assert!(
            html.contains("measured, 1-GPU run") || html.contains("estimate:"),
            "{html}"
        );
        assert!(html.contains("estimate"), "a T4 has no Lambda run: {html}");
    }

    #[test]
    fn a_model_spread_over_instances_says_how_or_why_not() {
        // job_goldens j12: a 70 B replica spans 2 g7e.8xlarge over EFA at
        // 90 %; g7e.2xlarge has no RDMA and is left out
        let c = cx(Locale::En);
        let (s, _) = parse_scenario(
            "v=2&jk=llm_serve&jp=70&jtps=1000&r=aws:us-east-1&gpu=rtx-pro-6000-bw",
            c.catalog,
        );
        let r = job_report(c.catalog, &s).unwrap();
        let html = job(c, &r);
        let html = html.as_str();
        assert!(
            html.contains("replicas: 1, each across 2 instances over RDMA at 90 % efficiency"),
            "{html}"
        );
        assert!(html.contains("data-testid=\"job-no-placement\""), "{html}");
        assert!(
            html.contains("replicas: 1, each on 2 GPUs of one instance"),
            "{html}"
        );
    }
}
