//! Cost-per-job goldens worked by hand on the embedded catalog (its
//! benchmark rows are Lambda's 2024-07-24 figures; each price used is
//! asserted first, so a catalog update fails here with the price that
//! moved, not with a silently different golden). Wall-clock time is
//! rounded up to the second and billed at the provider's granularity (1 s
//! here) and minimum (60 s on AWS and Azure); the hours shown are rounded up
//! to 2 dp; money lines to cents half away from zero (src/domain/money.rs).
#![cfg(not(target_arch = "wasm32"))]
mod support;

use std::str::FromStr;

use gpucost::domain::catalog::{Catalog, PriceKind};
use gpucost::domain::job::{
    job_hours, job_report, JobHours, JobKind, JobReport, JobSkip, JobSpec, Placement,
    ThroughputBasis,
};
use gpucost::domain::scenario::{BillingModel, Scenario};
use gpucost::domain::EngineError;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn on_demand(c: &Catalog, id: &str) -> Decimal {
    match c.offer(id).and_then(|o| o.on_demand()).map(|p| &p.kind) {
        Some(PriceKind::OnDemand { hourly }) => *hourly,
        _ => panic!("{id}: no on-demand price"),
    }
}

fn scenario(offer: &str, gpus: u32, job: JobSpec, models: &[BillingModel]) -> Scenario {
    Scenario {
        offers: Some(vec![offer.into()]),
        min_gpus: gpus,
        billing_models: models.to_vec(),
        job: Some(job),
        ..Scenario::default()
    }
}

fn hours(c: &Catalog, s: &Scenario) -> JobHours {
    let o = c.offer(s.offers.as_ref().unwrap()[0].as_str()).unwrap();
    job_hours(c, s, s.job.as_ref().unwrap(), o)
        .unwrap()
        .unwrap()
}

fn report(c: &Catalog, s: &Scenario) -> JobReport {
    job_report(c, s).unwrap()
}

fn od_cost(r: &JobReport) -> (Decimal, Decimal) {
    let m = r.offers[0]
        .models
        .iter()
        .find(|m| m.model == BillingModel::OnDemand)
        .unwrap();
    (m.decision_cost.unwrap().amount(), m.total.unwrap().amount())
}

const NC24_A100: &str = "azure:eastus:Standard_NC24ads_A100_v4";
const NC48_A100: &str = "azure:eastus:Standard_NC48ads_A100_v4";
const NC96_A100: &str = "azure:eastus:Standard_NC96ads_A100_v4";
const P4D: &str = "aws:us-east-1:p4d.24xlarge";
const P3_2X: &str = "aws:us-east-1:p3.2xlarge";
const G4DN_X: &str = "aws:us-east-1:g4dn.xlarge";

#[test]
fn j01_resnet50_90_epochs_on_one_measured_a100_80gb_pcie() {
    // work = 90 × 1,281,167 = 115,305,030 images
    // Lambda 1× A100 80GB PCIe: 1527 images/s (measured)
    // 115,305,030 / 1527 = 75,510.8251… s → 75,511 s (20.98 h shown)
    // Azure bills per minute (vm-usage.md): 75,511 s → 1,259 min = 75,540 s;
    // 75,540 / 3600 × 3.673 = 77.071783 → 77.07 (77.04 when the catalog
    // had Azure per second)
    let c = cat();
    assert_eq!(on_demand(&c, NC24_A100), d("3.673"));
    let s = scenario(
        NC24_A100,
        1,
        JobSpec::new(JobKind::Resnet50),
        &[BillingModel::OnDemand],
    );
    let h = hours(&c, &s);
    assert_eq!(h.throughput, d("1527"));
    assert!(matches!(h.basis, ThroughputBasis::Measured { gpus: 1, .. }));
    assert!(h.measured && h.error_range.is_none());
    assert_eq!((h.gpus, h.instances), (1, 1));
    assert_eq!((h.wall_hours, h.wall_seconds), (d("20.98"), d("75511")));
    assert_eq!(h.gpu_hours, d("20.98"));
    // 75,511 / 3600 = 20.9752777… → 20.975278 (6 dp, up)
    assert_eq!((h.months, h.hours_per_month), (1, d("20.975278")));
    let r = report(&c, &s);
    assert_eq!(r.work, d("115305030"));
    assert_eq!(od_cost(&r), (d("77.07"), d("77.07")));
    assert_eq!(r.cheapest, vec![NC24_A100]);
    assert_eq!(r.cheapest_measured, vec![NC24_A100]);
}

#[test]
fn j02_scaled_from_one_gpu_to_two_at_the_measured_scaling() {
    // NC48ads: 2× A100 80GB PCIe with NVLink; the catalog measures this GPU
    // at 1 GPU only. Default scaling = the catalog's measured 1 → 8 scaling
    // for ResNet-50, median of V100 6174/(8×833) = 92.6 %, A100 80GB SXM
    // 11439/(8×1582) = 90.4 %, H100 SXM 20728/(8×2616) = 99.0 % → 92.6 %
    // (it was an unsourced 90 %)
    // 1527 × (2 / 1) × 92.6 % = 2828.004 images/s
    // 115,305,030 / 2828.004 = 40,772.6… s → 40,773 s = 11.33 h shown
    // on-demand per minute: 40,773 s → 680 min = 40,800 s;
    // 7.346 × 40,800 / 3600 = 83.254667 → 83.25
    let c = cat();
    assert_eq!(on_demand(&c, NC48_A100), d("7.346"));
    let s = scenario(
        NC48_A100,
        2,
        JobSpec::new(JobKind::Resnet50),
        &[BillingModel::OnDemand],
    );
    let h = hours(&c, &s);
    assert_eq!(h.throughput, d("2828.004"));
    match &h.basis {
        ThroughputBasis::Scaled {
            measured_gpus,
            scaling_pct,
            capped_by_gpus,
            source,
            ..
        } => {
            assert_eq!((*measured_gpus, *scaling_pct), (1, d("92.6")));
            assert_eq!(*capped_by_gpus, None);
            assert_eq!(source, "lambda-bench");
        }
        b => panic!("{b:?}"),
    }
    // how far it can be off: the measured scalings span 90.4–99.0 %:
    // 90.4 / 92.6 − 1 = −2.4 %, 99.0 / 92.6 − 1 = +6.9 %
    let r = h.error_range.as_ref().unwrap();
    assert_eq!((r.low_pct, r.high_pct, r.runs), (d("-2.4"), d("6.9"), 3));
    assert_eq!(h.wall_seconds, d("40773"));
    assert_eq!(od_cost(&report(&c, &s)).0, d("83.25"));
}

#[test]
fn j03_scaled_figure_is_capped_by_a_measured_run_with_more_gpus() {
    // BERT-large, 2 epochs × 87,599 = 175,198 sequences, on 7 × p3.2xlarge
    // (1 V100 each, no RDMA between them): the default scaling is the
    // catalog's lowest measured BERT 1 → 8 scaling, A100 80GB SXM 746/(8×152)
    // = 61.3 % (V100 286/(8×57) = 62.7 %, H100 2167/(8×301) = 90.0 %):
    // 57 × 7 × 0.613 = 244.587/s, below Lambda's 8× V100 run (286/s)
    let c = cat();
    let s = scenario(
        P3_2X,
        7,
        JobSpec::new(JobKind::BertLarge),
        &[BillingModel::OnDemand],
    );
    let h = hours(&c, &s);
    assert_eq!((h.instances, h.gpus), (7, 7));
    assert_eq!(h.throughput, d("244.587"));
    // at a given 90 % scaling: 57 × 7 × 0.9 = 359.1/s, but the 8× V100 run
    // measures 286/s: capped at 286 → 175,198 / 286 / 3600 = 0.170163 h → 0.18 h
    let mut job = JobSpec::new(JobKind::BertLarge);
    job.scaling_pct = Some(d("90"));
    let h = hours(&c, &scenario(P3_2X, 7, job, &[BillingModel::OnDemand]));
    assert_eq!(h.throughput, d("286"));
    assert!(matches!(
        h.basis,
        ThroughputBasis::Scaled {
            measured_gpus: 1,
            capped_by_gpus: Some(8),
            ..
        }
    ));
    assert_eq!(h.wall_hours, d("0.18"));
    // a scaling the user gave has no range from the catalog
    assert!(h.error_range.is_none());
    // 8 instances: the measured 8-GPU run itself
    let h8 = hours(&c, &Scenario { min_gpus: 8, ..s });
    assert!(matches!(
        h8.basis,
        ThroughputBasis::Measured { gpus: 8, .. }
    ));
    assert_eq!(h8.throughput, d("286"));
}

#[test]
fn j04_estimate_for_a_gpu_without_benchmarks() {
    // T4 (g4dn.xlarge, Turing: no measured GPU of its architecture); dense
    // FP16 tensor 65 TFLOPS (not the sparse figure), default ResNet-50
    // efficiency 6.0 %: 65 × 1000 GFLOP/s × 0.06 / 12.3 GFLOP = 317.0731… /s
    // 115,305,030 × 12.3 / 3900 = 363,654.3 s → 363,655 s (101.02 h shown)
    // on-demand 0.526 × 363,655 / 3600 = 53.13404 → 53.13
    let c = cat();
    assert_eq!(on_demand(&c, G4DN_X), d("0.526"));
    let s = scenario(
        G4DN_X,
        1,
        JobSpec::new(JobKind::Resnet50),
        &[BillingModel::OnDemand],
    );
    let h = hours(&c, &s);
    assert_eq!(
        h.basis,
        ThroughputBasis::Estimate {
            tflops_dense: d("65"),
            efficiency_pct: d("6.0"),
            efficiency_default: true,
            scaling_pct: None,
        }
    );
    assert!(!h.measured);
    assert_eq!(h.throughput.round_dp(4), d("317.0732"));
    assert_eq!(h.wall_hours, d("101.02"));
    // how far it can be off: the catalog's single-GPU efficiencies, each
    // against the 6.0 % used: lowest H100 PCIe 1866 × 12.3 / 7560 = 3.036 %
    // (−49.4 %), highest V100 833 × 12.3 / 1250 = 8.197 % (+36.6 %)
    let r = h.error_range.as_ref().unwrap();
    assert_eq!((r.low_pct, r.high_pct, r.runs), (d("-49.4"), d("36.6"), 7));
    // wall hours at those ends: 101.015 / 1.366 = 73.95; / 0.506 = 199.64
    assert_eq!(h.wall_hours_range, Some((d("73.95"), d("199.64"))));
    assert_eq!(od_cost(&report(&c, &s)).0, d("53.13"));
}

#[test]
fn j05_llm_training_is_6nt_over_mfu() {
    // 7 B params × 140 B tokens: 6 × 7 × 140 = 5880 exaFLOPs
    // p4d: 8 × A100 40GB SXM, dense FP16 312 TFLOPS, MFU 40 %
    //   312 × 10¹² × 0.40 × 8 = 998.4 × 10¹² FLOP/s = 0.0009984 exaFLOP/s
    // 5880 / 0.0009984 = 5,889,423.08 s → 5,889,424 s (1635.96 h shown)
    // months ⌈1635.96 / 730⌉ = 3; 5,889,424 / 3600 / 3 = 545.3170370… →
    // 545.317038 h/month (6 dp, up); billed per second: 1,963,141.34 s →
    // 1,963,142 s a month = 545.3172222 h × 21.957642 = 11,973.8799 →
    // 11,973.88 a month × 3 = 35,921.64
    // memory: 16 B × 7 B = 112 GB ≤ 8 × 40 = 320 GB → fits
    let c = cat();
    assert_eq!(on_demand(&c, P4D), d("21.957642"));
    let s = scenario(
        P4D,
        8,
        JobSpec::new(JobKind::LlmTrain),
        &[BillingModel::OnDemand],
    );
    let h = hours(&c, &s);
    assert_eq!(h.wall_hours, d("1635.96"));
    assert_eq!((h.months, h.hours_per_month), (3, d("545.317038")));
    // MFU's source reports 38–43 % around the 40 % used: −5 % … +7.5 %
    let r = h.error_range.as_ref().unwrap();
    assert_eq!((r.low_pct, r.high_pct), (d("-5.0"), d("7.5")));
    assert_eq!(h.fits, Some(true));
    assert_eq!(
        (h.memory_needed_gb, h.memory_available_gb),
        (Some(d("112")), Some(d("320")))
    );
    // tokens/s = 998.4 × 10¹² / (6 × 7 × 10⁹) = 23,771.43
    assert_eq!(h.throughput.round_dp(2), d("23771.43"));
    let r = report(&c, &s);
    assert_eq!(r.work, d("5880"));
    assert_eq!(od_cost(&r).0, d("35921.64"));

    // a 70 B model needs 16 × 70 = 1120 GB > 320 GB: does not fit one p4d
    let mut big = JobSpec::new(JobKind::LlmTrain);
    big.params_b = Some(d("70"));
    let h = hours(&c, &scenario(P4D, 8, big, &[BillingModel::OnDemand]));
    assert_eq!(h.fits, Some(false));
    assert_eq!(h.memory_needed_gb, Some(d("1120")));
}

#[test]
fn j06_llm_serving_gpu_count() {
    // 70 B model, 5000 tokens/s, serving efficiency 10 % (default), A100 40GB (312 TFLOPS)
    // per-GPU capacity = 312 × 10¹² × 0.10 / (2 × 70 × 10⁹) = 222.857 tokens/s
    // GPUs for the rate ⌈5000 / 222.857⌉ = ⌈22.44⌉ = 23; for the weights ⌈2 × 70 GB / 40 GB⌉ = 4
    // → 23 GPUs → ⌈23 / 8⌉ = 3 p4d instances = 24 GPUs; hours = 730 (default)
    let c = cat();
    let mut job = JobSpec::new(JobKind::LlmServe);
    job.params_b = Some(d("70"));
    job.serve_tokens_per_s = Some(d("5000"));
    let s = scenario(P4D, 1, job.clone(), &[BillingModel::OnDemand]);
    let h = hours(&c, &s);
    assert_eq!(h.serve_gpus_for_rate, Some(23));
    assert_eq!(h.serve_gpus_for_memory, Some(4));
    assert_eq!((h.instances, h.gpus), (3, 24));
    assert_eq!(h.wall_hours, d("730.00"));
    assert_eq!(h.fits, Some(true));
    // 3 × 21.957642 × 730 = 16,029.07866 → 16,029.08 per instance-month (billing
    // lines round per month): 48,087.24 (3 instances × 16,029.07866 = 48,087.23598 → 48,087.24)
    assert_eq!(od_cost(&report(&c, &s)).0, d("48087.24"));
    // a slow rate: memory decides (4 GPUs → 1 instance)
    job.serve_tokens_per_s = Some(d("100"));
    let h = hours(&c, &scenario(P4D, 1, job, &[BillingModel::OnDemand]));
    assert_eq!(
        (h.serve_gpus_for_rate, h.serve_gpus_for_memory),
        (Some(1), Some(4))
    );
    assert_eq!((h.instances, h.gpus), (1, 8));
}

#[test]
fn j07_four_a100s_for_about_a_week_and_what_a_reservation_costs_for_it() {
    // "4 × A100 training for 7 days" as a job: a 1 B-parameter model on 50 B
    // tokens at 40 % MFU on Azure NC96ads_A100_v4 (4 × A100 80GB PCIe, 312 TFLOPS):
    //   6 × 1 × 50 = 300 exaFLOPs; 312 × 0.40 × 4 = 499.2 TFLOP/s = 0.0004992 EF/s
    //   300 / 0.0004992 = 600,961.54 s → 600,962 s (166.94 h shown, 6.96 days)
    // on-demand per minute: 600,962 s → 10,017 min = 601,020 s;
    // 14.692 × 601,020 / 3600 = 2452.8294 → 2452.83
    let c = cat();
    assert_eq!(on_demand(&c, NC96_A100), d("14.692"));
    let mut job = JobSpec::new(JobKind::LlmTrain);
    job.params_b = Some(d("1"));
    job.tokens_b = Some(d("50"));
    let s = scenario(NC96_A100, 4, job.clone(), &[BillingModel::OnDemand]);
    let h = hours(&c, &s);
    assert_eq!((h.gpus, h.wall_hours), (4, d("166.94")));
    assert_eq!((h.months, h.hours_per_month), (1, d("166.933889")));
    assert_eq!(od_cost(&report(&c, &s)), (d("2452.83"), d("2452.83")));

    // The same job on a p4d (8 × A100 40GB): 312 × 0.4 × 8 = 0.0009984 EF/s,
    // 300 / 0.0009984 / 3600 = 83.46688 h → 83.47 h. A 1-year no-upfront
    // reservation is paid for the whole term however short the job:
    // the decision cost counts the 11 months still owed after it.
    let s = scenario(P4D, 8, job, &[BillingModel::OnDemand, BillingModel::Ri1No]);
    let h = hours(&c, &s);
    assert_eq!(h.wall_hours, d("83.47"));
    let r = report(&c, &s);
    let ri = r.offers[0]
        .models
        .iter()
        .find(|m| m.model == BillingModel::Ri1No)
        .unwrap();
    let od = od_cost(&r).0;
    // 300,481 s; on-demand 21.957642 × 300,481 / 3600 = 1832.7406 → 1832.74
    assert_eq!(od, d("1832.74"));
    assert!(ri.still_owed > Decimal::ZERO);
    let dc = ri.decision_cost.unwrap().amount();
    assert!(dc > od * Decimal::from(10), "{dc} vs {od}");
    assert_eq!(r.offers[0].cheapest_model, Some(BillingModel::OnDemand));
}

#[test]
fn report_lists_offers_it_cannot_compute_with_a_reason_never_as_zero() {
    let c = cat();
    // every AWS us-east-1 offer for BERT-large: T4/L4/A10G get estimates,
    // and no priced figure is zero
    let s = Scenario {
        regions: vec![gpucost::domain::scenario::RegionRef::from_code("aws:us-east-1").unwrap()],
        billing_models: vec![BillingModel::OnDemand, BillingModel::Ri1No],
        job: Some(JobSpec::new(JobKind::BertLarge)),
        ..Scenario::default()
    };
    let r = report(&c, &s);
    assert!(r.offers.len() > 20);
    for o in &r.offers {
        assert!(o.hours.is_some() || o.skip.is_some(), "{}", o.offer);
        for m in &o.models {
            if let Some(dc) = m.decision_cost {
                assert!(dc.amount() > Decimal::ZERO, "{} {:?}", o.offer, m.model);
            }
        }
    }
    // rankings: cheapest by best decision cost, fastest by hours
    let best = |id: &str| {
        let o = r.offers.iter().find(|o| o.offer == id).unwrap();
        let m = o.cheapest_model.unwrap();
        o.models
            .iter()
            .find(|x| x.model == m)
            .unwrap()
            .decision_cost
            .unwrap()
            .amount()
    };
    assert!(r.cheapest.windows(2).all(|w| best(&w[0]) <= best(&w[1])));
    let wall = |id: &str| {
        r.offers
            .iter()
            .find(|o| o.offer == id)
            .unwrap()
            .hours
            .as_ref()
            .unwrap()
            .wall_hours
    };
    assert!(r.fastest.windows(2).all(|w| wall(&w[0]) <= wall(&w[1])));
    // equally fast offers rank by cost
    assert!(r
        .fastest
        .windows(2)
        .all(|w| wall(&w[0]) < wall(&w[1]) || best(&w[0]) <= best(&w[1])));
    assert!(!r.cheapest.is_empty() && !r.fastest.is_empty());

    // a job longer than 60 months: a reason with the hours, not a price
    let mut long = JobSpec::new(JobKind::LlmTrain);
    long.params_b = Some(d("1000"));
    long.tokens_b = Some(d("20000"));
    let s = scenario(G4DN_X, 1, long, &[BillingModel::OnDemand]);
    let r = report(&c, &s);
    assert!(matches!(
        r.offers[0].skip,
        Some(JobSkip::TooLong {
            wall_hours: Some(_)
        })
    ));
    assert!(r.offers[0].models.is_empty());
    assert!(r.cheapest.is_empty() && r.fastest.is_empty());

    // no job: an error, not an empty report
    let none = Scenario::default();
    assert_eq!(job_report(&c, &none).unwrap_err(), EngineError::NoJob);
    // invalid job inputs: the scenario is refused
    let mut bad = JobSpec::new(JobKind::LlmServe);
    bad.serve_tokens_per_s = Some(Decimal::ZERO);
    let s = scenario(P4D, 1, bad, &[]);
    assert!(matches!(
        job_report(&c, &s),
        Err(EngineError::InvalidScenario { .. })
    ));
}

#[test]
fn property_more_gpus_never_increase_wall_hours() {
    let c = cat();
    let offers = [
        P3_2X,
        "aws:us-east-1:p3.8xlarge",
        P4D,
        "aws:us-east-1:p4de.24xlarge",
        "aws:us-east-1:p5.4xlarge",
        G4DN_X,
        NC24_A100,
        NC48_A100,
        "azure:eastus:Standard_NV36ads_A10_v5",
    ];
    for kind in [JobKind::Resnet50, JobKind::BertLarge, JobKind::LlmTrain] {
        for scaling in ["1", "50", "90", "100"] {
            let mut job = JobSpec::new(kind);
            job.scaling_pct = Some(d(scaling));
            for id in offers {
                let o = c.offer(id).unwrap();
                let mut last: Option<Decimal> = None;
                for gpus in 1..=40 {
                    let s = Scenario {
                        min_gpus: gpus,
                        ..Scenario::default()
                    };
                    // too long to price still states its hours
                    let wall = match job_hours(&c, &s, &job, o).unwrap() {
                        Ok(h) => h.wall_hours,
                        Err(JobSkip::TooLong {
                            wall_hours: Some(w),
                        }) => w,
                        // LLM training spans instances only over RDMA
                        Err(JobSkip::NoRdmaBetweenInstances { instances })
                            if kind == JobKind::LlmTrain && instances > 1 && !o.has_rdma() =>
                        {
                            continue
                        }
                        Err(e) => panic!("{id}: {e:?}"),
                    };
                    if let Some(prev) = last {
                        assert!(
                            wall <= prev,
                            "{kind:?} {id} scaling {scaling}: {gpus} GPUs {wall} h > {prev} h"
                        );
                    }
                    last = Some(wall);
                }
            }
        }
    }
}

#[test]
fn property_hours_scale_linearly_with_epochs() {
    let c = cat();
    for (id, gpus) in [(NC24_A100, 1), (NC48_A100, 2), (G4DN_X, 1), (P3_2X, 7)] {
        let o = c.offer(id).unwrap();
        let s = Scenario {
            min_gpus: gpus,
            ..Scenario::default()
        };
        let mut job = JobSpec::new(JobKind::Resnet50);
        job.epochs = Some(d("1"));
        let one = job_hours(&c, &s, &job, o).unwrap().unwrap();
        for k in [2u32, 3, 10, 90] {
            job.epochs = Some(Decimal::from(k));
            let h = job_hours(&c, &s, &job, o).unwrap().unwrap();
            // each figure is rounded up to 2 dp once: within 0.01 × k of k × one
            let diff = (h.wall_hours - one.wall_hours * Decimal::from(k)).abs();
            assert!(
                diff <= d("0.01") * Decimal::from(k),
                "{id} × {k}: {} vs {}",
                h.wall_hours,
                one.wall_hours
            );
            assert_eq!(h.throughput, one.throughput);
        }
    }
}

#[test]
fn job_links_round_trip_and_old_links_have_no_job() {
    let c = cat();
    let q = "v=2&o=aws:us-east-1:p4d.24xlarge&jk=llm_train&jp=70&jt=1400&mfu=35.5&jsc=80";
    let p = support::parse_query(q, &c);
    assert!(p.notices.is_empty(), "{:?}", p.notices);
    let job = p.scenario.job.clone().unwrap();
    assert_eq!(job.kind, JobKind::LlmTrain);
    assert_eq!(job.params_b, Some(d("70")));
    assert_eq!(job.mfu_pct, Some(d("35.5")));
    assert_eq!(job.epochs, None);
    assert_eq!(support::to_query(&p), q);
    // keys in any order: the kind may come last
    let p2 = support::parse_query(
        "v=2&o=aws:us-east-1:p4d.24xlarge&jp=70&jt=1400&mfu=35.5&jsc=80&jk=llm_train",
        &c,
    );
    assert_eq!(p2.scenario, p.scenario);
    // job fields without a kind: dropped, with a notice on `jk`
    let p3 = support::parse_query("v=2&jep=3&jn=1000", &c);
    assert_eq!(p3.scenario.job, None);
    assert_eq!(p3.notices.len(), 1);
    assert_eq!(p3.notices[0].key, "jk");
    // an old link: no job, nothing else changes
    let old = support::parse_query("v=2&o=aws:us-east-1:p4d.24xlarge&job=24", &c);
    assert!(old.notices.is_empty());
    assert_eq!(old.scenario.job, None);
    assert_eq!(old.scenario.spot.job_hours, Some(d("24")));
    // out of range values fall back per key
    let bad = support::parse_query("v=2&jk=resnet50&jep=0&mfu=101&jn=1.5&jk2=1", &c);
    assert_eq!(bad.scenario.job, Some(JobSpec::new(JobKind::Resnet50)));
    assert_eq!(bad.notices.len(), 4, "{:?}", bad.notices);
}

const P5: &str = "aws:us-east-1:p5.48xlarge";
const P5EN: &str = "aws:us-east-1:p5en.48xlarge";

/// Issue 25 point 3: an H200 is estimated from the nearest measured GPU of
/// its architecture (Hopper: H100 SXM, same form factor), × the dense FP16
/// TFLOPS ratio 989.4 / 989.4 = 1 (BERT-large fine-tuning is compute-bound),
/// at the same GPU count: Lambda's 8× H100 SXM 2167/s (the lower of two
/// systems). The TFLOPS × efficiency estimate gave 989 × 10 × 29.4 /
/// 783.36 × 8 × 0.9 = 2672/s, 1.23× the measured H100.
/// How far it can be off: each measured GPU estimated from its nearest
/// same-architecture run (BERT-large, 1 GPU): A10 from A100 40GB PCIe 117 ×
/// 125/312 = 46.88 vs 42 (−10.4 %); A100 40GB PCIe from A100 80GB PCIe 140 vs
/// 117 (−16.4 %); A100 80GB PCIe from 40GB PCIe 117 vs 140 (+19.7 %); A100
/// 80GB SXM from A100 80GB PCIe 140 vs 152 (+8.6 %); H100 PCIe from H100 SXM
/// 301 × 756/989.4 = 230.0 vs 203 (−11.7 %); H100 SXM from PCIe 203 ×
/// 989.4/756 = 265.7 vs 301 (+13.3 %) → −16.4 % … +19.7 %, 6 runs.
/// 175,198 / 2167 = 80.85 s → 81 s on both; p5en 63.296 × 81 / 3600 = 1.42,
/// p5 (measured) 55.04 × 81 / 3600 = 1.24: the measured H100 is cheaper.
#[test]
fn j08_h200_scaled_from_the_measured_h100_of_its_architecture() {
    let c = cat();
    let s = Scenario {
        offers: Some(vec![P5.into(), P5EN.into()]),
        min_gpus: 8,
        billing_models: vec![BillingModel::OnDemand],
        job: Some(JobSpec::new(JobKind::BertLarge)),
        ..Scenario::default()
    };
    let r = report(&c, &s);
    let by = |id: &str| r.offers.iter().find(|o| o.offer == id).unwrap();
    let h200 = by(P5EN).hours.as_ref().unwrap();
    assert_eq!(h200.throughput, d("2167"));
    match &h200.basis {
        ThroughputBasis::SameArchitecture {
            reference_gpu,
            reference_gpus,
            ratio,
            ..
        } => assert_eq!(
            (reference_gpu.as_str(), *reference_gpus, *ratio),
            ("h100-sxm", 8, d("1"))
        ),
        b => panic!("{b:?}"),
    }
    assert!(!h200.measured);
    let e = h200.error_range.as_ref().unwrap();
    assert_eq!((e.low_pct, e.high_pct, e.runs), (d("-16.4"), d("19.7"), 6));
    assert_eq!(h200.wall_seconds, d("81"));
    let od = |id: &str| by(id).models[0].decision_cost.unwrap().amount();
    assert_eq!((od(P5), od(P5EN)), (d("1.24"), d("1.42")));
    // measured and estimated apart, and the measured H100 first
    assert_eq!(r.cheapest, vec![P5, P5EN]);
    assert_eq!(r.cheapest_measured, vec![P5]);
    assert_eq!(r.cheapest_estimated, vec![P5EN]);
}

/// Issue 25 point 2: an accelerator that is not for the work is excluded
/// with that reason; a Neuron chip gets no estimate from an efficiency
/// measured on CUDA GPUs unless the user gives one.
#[test]
fn j09_inferentia_does_not_train_and_neuron_needs_its_own_efficiency() {
    let c = cat();
    let s = scenario(
        "aws:us-east-1:inf2.xlarge",
        1,
        JobSpec::new(JobKind::BertLarge),
        &[BillingModel::OnDemand],
    );
    let r = report(&c, &s);
    assert!(matches!(
        r.offers[0].skip,
        Some(JobSkip::AcceleratorCannotRun {
            kind: gpucost::domain::catalog::AcceleratorKind::Inferentia,
            needs: gpucost::domain::catalog::AcceleratorUse::Training,
        })
    ));
    assert!(r.cheapest.is_empty());
    // Trainium trains, but no run is measured on it and the 29.4 % comes
    // from CUDA GPUs: no figure …
    let trn = "aws:us-east-1:trn1.2xlarge";
    let r = report(
        &c,
        &scenario(
            trn,
            1,
            JobSpec::new(JobKind::BertLarge),
            &[BillingModel::OnDemand],
        ),
    );
    assert!(matches!(
        r.offers[0].skip,
        Some(JobSkip::NoEstimateForStack { .. })
    ));
    // … until the user gives an efficiency: 190 TFLOPS × 10 × 20 % / 783.36 =
    // 48.51 sequences/s (an estimate)
    let mut job = JobSpec::new(JobKind::BertLarge);
    job.mfu_pct = Some(d("20"));
    let h = hours(&c, &scenario(trn, 1, job, &[BillingModel::OnDemand]));
    assert_eq!(h.throughput.round_dp(2), d("48.51"));
    // serving on Inferentia is its use
    let mut serve = JobSpec::new(JobKind::LlmServe);
    serve.params_b = Some(d("7"));
    serve.mfu_pct = Some(d("10"));
    let h = hours(
        &c,
        &scenario(
            "aws:us-east-1:inf2.xlarge",
            1,
            serve,
            &[BillingModel::OnDemand],
        ),
    );
    assert!(h.gpus >= 1);
}

/// Issue 25 point 3: LLM serving from a measured throughput. MLPerf
/// Inference v4.1 (2024-08-28), Llama 2 70B Offline, 8× H100 SXM (DGX-H100,
/// TensorRT): 24,524.9 tokens/s → 3065.6125 per GPU. 5000 tokens/s of a
/// 70 B model: ⌈5000 / 3065.6125⌉ = 2 GPUs for the rate, ⌈140 GB / 80 GB⌉ =
/// 2 for the weights → one p5.48xlarge (8 GPUs). 730 h on demand: 55.04 ×
/// 730 = 40,179.20. Tokens: 5000 × 730 × 3600 = 13,140 M → 40,179.20 /
/// 13,140 = 3.0578 → 3.06 per million tokens.
#[test]
fn j10_llm_serving_cost_per_million_tokens_from_mlperf() {
    let c = cat();
    assert_eq!(on_demand(&c, P5), d("55.04"));
    let mut job = JobSpec::new(JobKind::LlmServe);
    job.params_b = Some(d("70"));
    job.serve_tokens_per_s = Some(d("5000"));
    let s = scenario(P5, 1, job, &[BillingModel::OnDemand]);
    let h = hours(&c, &s);
    assert_eq!(h.throughput, d("3065.6125"));
    assert!(matches!(
        &h.basis,
        ThroughputBasis::Measured { source, as_of, gpus: 8 }
            if source == "mlperf-inf41" && as_of == "2024-08-28"
    ));
    assert_eq!(
        (h.serve_gpus_for_rate, h.serve_gpus_for_memory),
        (Some(2), Some(2))
    );
    assert_eq!((h.instances, h.gpus), (1, 8));
    let r = report(&c, &s);
    assert_eq!(od_cost(&r).0, d("40179.20"));
    assert_eq!(r.offers[0].cost_per_million_tokens, Some(d("3.06")));
}

/// Issue 47 point 3: a throughput is "measured" only where it was. The
/// MLPerf run on 8× H100 SXM served Llama 2 70B at 3,065.6125 tokens/s a
/// GPU (j10); a 7 B model's figure is that × 70 / 7 = 30,656.125, derived
/// from the run (not an MLPerf result): labelled as such, not measured.
/// It was `Measured { gpus: 8 }` with `measured: true`.
#[test]
fn j10c_a_run_scaled_to_another_model_size_is_not_measured() {
    let c = cat();
    let mut job = JobSpec::new(JobKind::LlmServe);
    job.params_b = Some(d("7"));
    job.serve_tokens_per_s = Some(d("5000"));
    let h = hours(&c, &scenario(P5, 1, job, &[BillingModel::OnDemand]));
    assert_eq!(h.throughput, d("30656.125"));
    assert!(!h.measured);
    assert!(matches!(
        &h.basis,
        ThroughputBasis::ModelSizeScaled { source, as_of, gpus: 8, measured_params_b, params_b }
            if source == "mlperf-inf41" && as_of == "2024-08-28"
                && *measured_params_b == d("70") && *params_b == d("7")
    ));
}

/// Issue 47 point 2: a 24×7 service is not priced on spot unless asked.
/// j10's job with no billing model given: p5's spot (29.4109 $/h: 29.4109
/// × 730 = 21,469.96 / 13,140 M tokens = 1.63 per million) was its
/// cheapest model and the ranking's figure; now the models that can hold
/// a service are priced (on demand and the commitments, whose 12- and
/// 36-month terms cost more over this one month), so the figure was j10's
/// on-demand 40,179.20 / 13,140 = 3.06, and the report says spot was left
/// out. Asked for (`bm=spot`), spot is priced and nothing is left out.
/// Point 9: p5 is also sold as a Capacity Block, which holds a service for
/// its window: the month's 730 h = 30.42 days → 31 → whole weeks, 35 days
/// = 840 h × 41.528 = 34,883.52 / 13,140 = 2.6548 → 2.65 a million, under
/// on demand although it bills 110 h more.
#[test]
fn j10b_serving_is_priced_on_models_that_hold_a_service() {
    let c = cat();
    let mut job = JobSpec::new(JobKind::LlmServe);
    job.params_b = Some(d("70"));
    job.serve_tokens_per_s = Some(d("5000"));
    let r = report(&c, &scenario(P5, 1, job.clone(), &[]));
    assert!(r.spot_left_out);
    let o = &r.offers[0];
    assert!(o
        .models
        .iter()
        .all(|m| !matches!(m.model, BillingModel::Spot | BillingModel::Mix)));
    assert_eq!(o.cheapest_model, Some(BillingModel::CapacityBlock));
    assert_eq!(o.cost_per_million_tokens, Some(d("2.65")));
    let od = o
        .models
        .iter()
        .find(|m| m.model == BillingModel::OnDemand)
        .unwrap();
    assert_eq!(od.decision_cost.unwrap().amount(), d("40179.20"));
    let spot = report(&c, &scenario(P5, 1, job, &[BillingModel::Spot]));
    assert!(!spot.spot_left_out);
    assert_eq!(spot.offers[0].cheapest_model, Some(BillingModel::Spot));
    assert!(spot.offers[0].cost_per_million_tokens < Some(d("2.65")));
}

/// Issue 25 point 8: a short job is billed by the second (AWS: per second,
/// 60 s minimum), not on hours rounded up to 0.01 h. 91,014 sequences × 2
/// epochs on 8× H100 SXM (2167/s) = 84 s: 55.04 × 84 / 3600 = 1.2843 →
/// 1.28; 0.03 h would bill 108 s = 1.65 (+28.6 %).
#[test]
fn j11_a_short_job_is_billed_by_the_second() {
    let c = cat();
    let mut job = JobSpec::new(JobKind::BertLarge);
    job.samples = Some(d("91014"));
    let s = scenario(P5, 8, job, &[BillingModel::OnDemand]);
    let h = hours(&c, &s);
    assert_eq!((h.wall_seconds, h.wall_hours), (d("84"), d("0.03")));
    assert_eq!(od_cost(&report(&c, &s)).0, d("1.28"));
}

/// Issue 47 point 1: a model runs where it fits. A 70 B model served at
/// 1,000 tokens/s needs 2 B × 70 = 140 GB for one replica's weights.
///
/// * g7e.2xlarge: one 96 GB GPU, 50 Gbps Ethernet, no RDMA. 140 > 96 and
///   GPU memory does not add up over Ethernet: no figure. It was priced as
///   2 separate VMs (2 × 96 = 192 GB "fits") and ranked cheapest.
/// * g7e.12xlarge: two 96 GB GPUs in one instance (PCIe): 192 ≥ 140, one
///   replica on ⌈140 / 96⌉ = 2 GPUs inside it; per GPU 2,523.2256 tokens/s
///   (the B200 run × 0.224 bandwidth ratio), 2 × 2,523.2256 = 5,046.45 ≥
///   1,000 → 1 replica, 1 instance.
/// * g7e.8xlarge: one 96 GB GPU with EFA: the replica spans ⌈2 / 1⌉ = 2
///   instances over RDMA (pipeline parallel) at the job's scaling
///   efficiency, 90 %: 2,523.2256 × 0.90 = 2,270.90304 tokens/s a GPU;
///   2 × 2,270.90304 = 4,541.8 ≥ 1,000 → 1 replica = 2 instances. On
///   demand 2 × 5.26824 × 730 = 7,691.6304 → 7,691.63; tokens 1,000 ×
///   730 × 3,600 = 2,628 M → 7,691.63 / 2,628 = 2.9268 → 2.93 a million.
/// * p4d (8 × 40 GB A100, EFA), a 405 B model: 810 GB → ⌈810 / 40⌉ = 21
///   GPUs > 8: ⌈21 / 8⌉ = 3 instances a replica (24 GPUs); 312 TFLOPS ×
///   10 % ÷ (2 × 405 × 10⁹) = 38.518… tokens/s a GPU × 0.90 = 34.666…;
///   a replica 24 × 34.666… = 832 → ⌈1,000 / 832⌉ = 2 replicas = 6
///   instances, 48 GPUs.
///
/// Training: 7 B on 8 GPUs of g6e.xlarge (one L40S, 2.5 Gbps, no RDMA)
/// would be 8 separate VMs: refused; p5.4xlarge (one H100, EFA) is an
/// RDMA-linked group of 8.
#[test]
fn j12_a_model_runs_inside_one_instance_or_over_rdma() {
    let c = cat();
    let mut job = JobSpec::new(JobKind::LlmServe);
    job.params_b = Some(d("70"));
    job.serve_tokens_per_s = Some(d("1000"));
    let one = |id: &str, job: &JobSpec, gpus: u32| {
        job_hours(
            &c,
            &scenario(id, gpus, job.clone(), &[]),
            job,
            c.offer(id).unwrap(),
        )
        .unwrap()
    };
    assert_eq!(
        one("aws:us-east-1:g7e.2xlarge", &job, 1),
        Err(JobSkip::ReplicaSpansInstances {
            needed_gb: d("140"),
            instance_gb: d("96")
        })
    );
    let h = one("aws:us-east-1:g7e.12xlarge", &job, 1).unwrap();
    assert_eq!((h.instances, h.gpus), (1, 2));
    assert_eq!(h.throughput, d("2523.2256"));
    assert_eq!(
        h.placement,
        Some(Placement::OneInstance {
            replicas: 1,
            replicas_per_instance: 1,
            gpus_per_replica: 2
        })
    );
    let g7e8 = "aws:us-east-1:g7e.8xlarge";
    assert_eq!(on_demand(&c, g7e8), d("5.26824"));
    let h = one(g7e8, &job, 1).unwrap();
    assert_eq!(h.throughput, d("2270.90304"));
    assert_eq!((h.instances, h.gpus), (2, 2));
    assert_eq!(
        h.placement,
        Some(Placement::RdmaGroup {
            replicas: 1,
            instances_per_replica: 2,
            efficiency_pct: Some(d("90"))
        })
    );
    let r = report(
        &c,
        &scenario(g7e8, 1, job.clone(), &[BillingModel::OnDemand]),
    );
    assert_eq!(od_cost(&r).0, d("7691.63"));
    assert_eq!(r.offers[0].cost_per_million_tokens, Some(d("2.93")));

    let mut big = job.clone();
    big.params_b = Some(d("405"));
    let h = one(P4D, &big, 1).unwrap();
    assert_eq!(
        (h.serve_gpus_for_memory, h.instances, h.gpus),
        (Some(21), 6, 48)
    );
    assert_eq!(
        h.placement,
        Some(Placement::RdmaGroup {
            replicas: 2,
            instances_per_replica: 3,
            efficiency_pct: Some(d("90"))
        })
    );

    let train = JobSpec::new(JobKind::LlmTrain);
    assert_eq!(
        one("aws:us-east-1:g6e.xlarge", &train, 8),
        Err(JobSkip::NoRdmaBetweenInstances { instances: 8 })
    );
    let h = one("aws:us-east-1:p5.4xlarge", &train, 8).unwrap();
    assert_eq!(
        h.placement,
        Some(Placement::RdmaGroup {
            replicas: 1,
            instances_per_replica: 8,
            efficiency_pct: None
        })
    );
}
