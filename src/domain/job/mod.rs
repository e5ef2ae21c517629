//! Cost per job: how long a training or serving job runs on each offer and
//! what it costs under every billing model (issue #11, deliverable 4).
//!
//! * **Work**: ResNet-50 and BERT-large are `epochs × samples`; an LLM
//!   training run is `6·N·T` FLOPs; an LLM serving job is a token rate for a
//!   number of hours.
//! * **Throughput** per offer, with its basis ([`ThroughputBasis`]): a
//!   measured benchmark from the catalog for exactly the offer's GPU model
//!   and GPU count; a measured run scaled to more GPUs; or an estimate from
//!   the GPU's dense FP16/BF16 tensor TFLOPS (never the sparse figure) × an
//!   efficiency.
//! * **Price**: the job's GPUs and wall-clock hours become a scenario
//!   (`months = ⌈hours / 730⌉`, the hours spread over them) priced by
//!   [`crate::domain::tco::quote_with`], so every billing model's *decision
//!   cost* includes what a commitment still owes after the job ends: a
//!   1-year reservation for a 7-day job costs the year.
//!
//! All arithmetic is exact [`Decimal`] with checked operations; an offer
//! whose figures cannot be computed gets a [`JobSkip`] reason, never a zero.
//!
//! # Its parts
//!
//! * `throughput`: how fast the job runs on a GPU model, with its basis
//!   and error range, from the catalog's runs or its TFLOPS;
//! * `hours`: the job on one offer: instances, GPUs, wall-clock hours and
//!   the memory check ([`job_hours`]);
//! * `report`: the job priced on every matching offer and ranked
//!   ([`job_report`]).
//!
//! This module holds what they share: the work, the accelerator use and why
//! an offer has no figures ([`JobSkip`]).

mod hours;
mod report;
mod throughput;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::{AcceleratorUse, GpuId, Stack, Workload};
use crate::domain::error::EngineError;
use crate::domain::money::mul;

pub use hours::{job_hours, JobHours, Placement};
pub use report::{job_report, pricing_scenario, serving_models, JobModelCost, JobOffer, JobReport};
pub use throughput::{
    default_scaling_pct, derived_efficiency_pct, efficiency_range, measured_scalings,
    same_architecture_range, sample_throughput, ErrorRange, Fabric, RangeBasis, RatioOf,
    ThroughputBasis,
};

// The job's kind, inputs and their defaults are part of the scenario
// (`crate::domain::scenario`); this module computes with them.
pub use crate::domain::scenario::{
    JobKind, JobSpec, BERT_EPOCHS, BERT_LARGE_GFLOP_PER_SAMPLE, DEFAULT_BERT_LARGE_EFFICIENCY_PCT,
    DEFAULT_LLM_PARAMS_B, DEFAULT_LLM_SERVE_EFFICIENCY_PCT, DEFAULT_LLM_TOKENS_B,
    DEFAULT_LLM_TRAIN_MFU_PCT, DEFAULT_RESNET50_EFFICIENCY_PCT, DEFAULT_SCALING_PCT,
    DEFAULT_SERVE_HOURS, DEFAULT_SERVE_TOKENS_PER_S, IMAGENET_TRAIN_IMAGES, JOB_MONTH_HOURS,
    MAX_JOB_EPOCHS, MAX_JOB_PARAMS_B, MAX_JOB_SAMPLES, MAX_JOB_TOKENS_B, MAX_SERVE_HOURS,
    MAX_SERVE_TOKENS_PER_S, RESNET50_EPOCHS, RESNET50_GFLOP_PER_SAMPLE, SERVE_BYTES_PER_PARAM,
    SQUAD11_TRAIN_EXAMPLES, TRAIN_BYTES_PER_PARAM,
};

const fn dec(v: u32) -> Decimal {
    Decimal::from_parts(v, 0, 0, false, 0)
}

/// Why an offer has no job figures. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum JobSkip {
    /// The offer's GPU is not in the catalog's GPU list.
    UnknownGpu { gpu: GpuId },
    /// No benchmark for this GPU and workload, and no dense FP16/BF16
    /// TFLOPS figure to estimate from.
    NoThroughputData { gpu: GpuId },
    /// The GPU memory the job needs cannot be checked (memory unknown).
    GpuMemoryUnknown,
    /// Serving: one replica's weights need more GPU memory than one
    /// instance holds, and the offer has no RDMA between instances to
    /// split it over several (GPU memory does not add up over Ethernet).
    ReplicaSpansInstances {
        needed_gb: Decimal,
        instance_gb: Decimal,
    },
    /// LLM training over several instances with no RDMA between them (as
    /// the offer's network fact states): a cluster need is one instance or
    /// an RDMA-linked group.
    NoRdmaBetweenInstances { instances: u32 },
    /// More GPUs than a scenario allows
    /// ([`MAX_GPUS`](crate::domain::scenario::MAX_GPUS)).
    TooManyGpus { gpus: Decimal },
    /// Longer than the longest horizon priced
    /// ([`MAX_MONTHS`](crate::domain::scenario::MAX_MONTHS) months of 730 h);
    /// the wall-clock hours are given when they are computable.
    TooLong { wall_hours: Option<Decimal> },
    /// The engine could not price the job (its error code).
    PricingFailed { error: String },
    /// The accelerator is not for this work (training on Inferentia).
    AcceleratorCannotRun {
        kind: crate::domain::catalog::AcceleratorKind,
        needs: AcceleratorUse,
    },
    /// No run on this accelerator's stack and a default efficiency measured
    /// on another stack (CUDA GPUs): no estimate unless `mfu` is given.
    NoEstimateForStack { stack: Option<Stack> },
}

fn workload(kind: JobKind) -> Option<Workload> {
    match kind {
        JobKind::Resnet50 => Some(Workload::Resnet50),
        JobKind::BertLarge => Some(Workload::BertLarge),
        JobKind::LlmTrain | JobKind::LlmServe => None,
    }
}

/// The work: samples, exaFLOPs (6·N·T with N and T in billions: 6 × N × T
/// × 10¹⁸ FLOPs) or tokens served (rate × hours × 3600).
pub fn work(job: &JobSpec) -> Result<Decimal, EngineError> {
    match job.kind {
        JobKind::Resnet50 | JobKind::BertLarge => mul(job.epochs(), job.samples()),
        JobKind::LlmTrain => mul(mul(dec(6), job.params_b())?, job.tokens_b()),
        JobKind::LlmServe => mul(mul(job.serve_tokens_per_s(), job.serve_hours())?, dec(3600)),
    }
}

/// What the job needs the accelerator for.
pub fn job_use(kind: JobKind) -> AcceleratorUse {
    match kind {
        JobKind::LlmServe => AcceleratorUse::Inference,
        JobKind::Resnet50 | JobKind::BertLarge | JobKind::LlmTrain => AcceleratorUse::Training,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flop_constants_are_the_stated_products() {
        // 3 × 4.1 = 12.3; 6 × 0.34 × 384 = 783.36
        assert_eq!(
            RESNET50_GFLOP_PER_SAMPLE,
            Decimal::new(41, 1) * Decimal::from(3)
        );
        assert_eq!(
            BERT_LARGE_GFLOP_PER_SAMPLE,
            Decimal::from(6) * Decimal::new(34, 2) * Decimal::from(384)
        );
    }

    #[test]
    fn check_rejects_out_of_range_inputs() {
        let ok = JobSpec::new(JobKind::LlmTrain);
        assert!(ok.check().is_empty());
        let bad = |f: fn(&mut JobSpec)| {
            let mut j = JobSpec::new(JobKind::LlmTrain);
            f(&mut j);
            j.check()
        };
        assert_eq!(bad(|j| j.epochs = Some(Decimal::ZERO)).len(), 1);
        assert_eq!(bad(|j| j.serve_tokens_per_s = Some(Decimal::ZERO)).len(), 1);
        assert_eq!(bad(|j| j.params_b = Some(Decimal::NEGATIVE_ONE)).len(), 1);
        assert_eq!(bad(|j| j.mfu_pct = Some(Decimal::from(101))).len(), 1);
        assert_eq!(bad(|j| j.mfu_pct = Some(Decimal::ZERO)).len(), 1);
        assert_eq!(bad(|j| j.scaling_pct = Some(Decimal::from(150))).len(), 1);
        assert_eq!(bad(|j| j.samples = Some(Decimal::new(15, 1))).len(), 1);
        assert_eq!(
            bad(|j| j.tokens_b = Some(Decimal::from(MAX_JOB_TOKENS_B) + Decimal::ONE)).len(),
            1
        );
        assert_eq!(bad(|j| j.mfu_pct = Some(Decimal::ONE_HUNDRED)).len(), 0);
    }
}
