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
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::age::PriceAge;
use crate::domain::billing::Reason;
use crate::domain::catalog::{
    AcceleratorUse, Benchmark, Catalog, Currency, Gpu, GpuId, GpuLink, Offer, OfferId, Stack,
    UsageKind, Workload,
};
use crate::domain::compare_basis::{bases, Candidate};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, Money};
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{BillingModel, Scenario, MAX_GPUS, MAX_MONTHS};
use crate::domain::tco::DataCharge;
use crate::domain::tco::{matches, quote_with, QuoteOptions};

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

/// Where an offer's job throughput comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "basis", rename_all = "snake_case")]
pub enum ThroughputBasis {
    /// A catalog benchmark of this GPU model at exactly this GPU count (the
    /// lowest figure when several systems were measured).
    Measured {
        source: String,
        as_of: String,
        gpus: u32,
    },
    /// The largest measured count below the job's GPUs, × (GPUs ÷ measured
    /// GPUs) × scaling efficiency; never below the measured run it scales
    /// from (extra GPUs at worst add nothing) and never above a measured
    /// run with more GPUs (`capped_by_gpus`).
    Scaled {
        source: String,
        as_of: String,
        measured_gpus: u32,
        scaling_pct: Decimal,
        capped_by_gpus: Option<u32>,
    },
    /// No run of this GPU model: the nearest measured GPU of the same
    /// architecture (same form factor first, then the closest dense FP16
    /// TFLOPS, then memory bandwidth), × its ratio: dense FP16 TFLOPS for
    /// training (compute-bound), memory bandwidth for serving (decode is
    /// memory-bound). An estimate.
    SameArchitecture {
        reference_gpu: GpuId,
        /// GPUs of the reference run it starts from.
        reference_gpus: u32,
        /// This GPU's figure ÷ the reference's (TFLOPS or bandwidth).
        ratio: Decimal,
        /// What `ratio` compares.
        ratio_of: RatioOf,
        source: String,
        as_of: String,
        /// Multi-GPU scaling applied from the reference's GPU count.
        scaling_pct: Option<Decimal>,
    },
    /// Dense FP16/BF16 tensor TFLOPS × efficiency × GPUs (× scaling for
    /// ResNet-50/BERT-large, whose default efficiency is single-GPU).
    Estimate {
        tflops_dense: Decimal,
        efficiency_pct: Decimal,
        /// The kind's default efficiency (not given by the user).
        efficiency_default: bool,
        scaling_pct: Option<Decimal>,
    },
}

/// What a same-architecture estimate scales by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatioOf {
    DenseFp16Tflops,
    MemoryBandwidth,
}

impl ThroughputBasis {
    /// A run of this GPU model (at this count, or scaled from fewer GPUs of
    /// the same model): measured, not estimated from another GPU.
    pub fn measured(&self) -> bool {
        matches!(
            self,
            ThroughputBasis::Measured { .. } | ThroughputBasis::Scaled { .. }
        )
    }
}

/// How far a throughput figure can be off: the real figure was between
/// `(1 + low_pct/100)` and `(1 + high_pct/100)` times what the same method
/// gave when checked against the catalog's own measured runs (each run
/// estimated from the others, `runs` checks), or as its source states the
/// spread. Percent, 1 dp.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorRange {
    pub low_pct: Decimal,
    pub high_pct: Decimal,
    /// Checks behind it (0 for a range a source states).
    pub runs: u32,
    pub basis: RangeBasis,
}

/// Where an error range comes from. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeBasis {
    /// Multi-GPU scaling: the spread of the catalog's measured 1 → 8 GPU scalings.
    MeasuredScaling,
    /// Each measured GPU estimated from its nearest same-architecture run.
    SameArchitectureRuns,
    /// Each measured GPU estimated with the median efficiency of the others.
    EfficiencyRuns,
    /// The MFU range the default's source reports (Llama 3: 38–43 %).
    SourcedMfuRange,
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
    /// More GPUs than a scenario allows ([`MAX_GPUS`]).
    TooManyGpus { gpus: Decimal },
    /// Longer than the longest horizon priced ([`MAX_MONTHS`] months of
    /// 730 h); the wall-clock hours are given when they are computable.
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

/// One billing model's cost of the job on one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobModelCost {
    pub model: BillingModel,
    /// Paid during the job plus what a commitment still owes after it.
    pub decision_cost: Option<Money>,
    /// Paid during the job's months.
    pub total: Option<Money>,
    /// Commitment payments due after the job ends.
    pub still_owed: Decimal,
    /// False when a usage rate was missing (the figure is then a lower bound).
    pub complete: bool,
    /// The charge kinds missing (the figures exclude them).
    pub missing: Vec<UsageKind>,
    /// False for a partial-upfront reservation whose split is not published.
    pub cash_timing_known: bool,
    /// The age of the prices the cost rests on.
    pub age: Option<PriceAge>,
    pub unavailable: Option<Reason>,
}

/// The job's hours on one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobHours {
    /// Instances rented and the GPUs they hold (all used by the job).
    pub instances: u32,
    pub gpus: u32,
    /// Samples/s (ResNet-50, BERT-large), tokens/s (LLM kinds) for all GPUs;
    /// for serving, the per-GPU capacity estimate.
    pub throughput: Decimal,
    pub basis: ThroughputBasis,
    /// Measured on this GPU model (`basis` is `measured` or `scaled`), as
    /// opposed to estimated from another GPU or from TFLOPS.
    pub measured: bool,
    /// How far the throughput can be off (None for a measured run at this count).
    pub error_range: Option<ErrorRange>,
    /// Wall-clock hours, rounded up to 2 dp (never under-counted; for display).
    pub wall_hours: Decimal,
    /// Wall-clock seconds, rounded up to the second: what is billed (by the
    /// provider's granularity and minimum), not `wall_hours`.
    pub wall_seconds: Decimal,
    /// Wall-clock hours if the throughput is at the ends of `error_range`
    /// (fastest, slowest), 2 dp.
    pub wall_hours_range: Option<(Decimal, Decimal)>,
    /// `wall_hours × gpus`.
    pub gpu_hours: Decimal,
    /// Whether the model's memory need fits the GPUs' memory; `None` when
    /// not checked (ResNet-50 and BERT-large).
    pub fits: Option<bool>,
    /// GB needed (LLM training: 16 B/param, activations excluded; serving:
    /// 2 B/param, KV cache excluded) and GB the rented GPUs hold.
    pub memory_needed_gb: Option<Decimal>,
    pub memory_available_gb: Option<Decimal>,
    /// Serving: GPUs the token rate needs and GPUs the weights need.
    pub serve_gpus_for_rate: Option<u32>,
    pub serve_gpus_for_memory: Option<u32>,
    /// The pricing horizon: months and hours per month.
    pub months: u32,
    pub hours_per_month: Decimal,
}

/// The job on one offer: hours and cost, or why not.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobOffer {
    pub offer: OfferId,
    pub gpu: GpuId,
    pub hours: Option<JobHours>,
    pub skip: Option<JobSkip>,
    pub models: Vec<JobModelCost>,
    /// The model with the lowest decision cost (complete results first).
    pub cheapest_model: Option<BillingModel>,
    /// The data charges per month of the job's pricing (for comparing
    /// incomplete results on what both price).
    pub data_charges: Vec<DataCharge>,
    /// LLM serving: the cheapest model's decision cost per million tokens
    /// served (display currency, 2 dp); measured or estimated as `hours.basis` says.
    pub cost_per_million_tokens: Option<Decimal>,
}

impl JobOffer {
    fn best(&self) -> Option<&JobModelCost> {
        let m = self.cheapest_model?;
        self.models.iter().find(|c| c.model == m)
    }

    fn fits(&self) -> bool {
        self.hours.as_ref().and_then(|h| h.fits) != Some(false)
    }
}

/// The report: every matching offer, plus offer ids ranked cheapest first
/// (by the best model's decision cost; fitting, complete results first)
/// and fastest first (by wall hours; fitting first). Offers without a
/// figure are in neither list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobReport {
    /// The job with every input filled in (defaults included; whether an
    /// estimate used a default efficiency is in each offer's basis).
    pub job: JobSpec,
    pub currency: Currency,
    /// Work in samples (ResNet-50, BERT-large), exaFLOPs (LLM training) or
    /// tokens (LLM serving).
    pub work: Decimal,
    pub offers: Vec<JobOffer>,
    /// Cheapest first: fitting first, then by missing charge kinds and the
    /// cost on what every result of the group prices.
    pub cheapest: Vec<OfferId>,
    /// `cheapest` with measured throughput only (this GPU model was run).
    pub cheapest_measured: Vec<OfferId>,
    /// `cheapest` with estimated throughput only.
    pub cheapest_estimated: Vec<OfferId>,
    pub fastest: Vec<OfferId>,
}

/// Round up to 2 dp.
fn ceil2(d: Decimal) -> Decimal {
    let mut r = d.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::ToPositiveInfinity);
    r.rescale(2);
    r
}

fn workload(kind: JobKind) -> Option<Workload> {
    match kind {
        JobKind::Resnet50 => Some(Workload::Resnet50),
        JobKind::BertLarge => Some(Workload::BertLarge),
        JobKind::LlmTrain | JobKind::LlmServe => None,
    }
}

fn gflop_per_sample(w: Workload) -> Decimal {
    match w {
        Workload::Resnet50 => RESNET50_GFLOP_PER_SAMPLE,
        Workload::BertLarge => BERT_LARGE_GFLOP_PER_SAMPLE,
        // 2 × N FLOPs per generated token, N = 70 B parameters
        Workload::Llama2_70bOffline => dec(140),
    }
}

/// The lowest measured figure for (GPU, workload, count), if any.
fn measured<'a>(c: &'a Catalog, gpu: &str, w: Workload, gpus: u32) -> Option<&'a Benchmark> {
    c.benchmarks
        .iter()
        .filter(|b| b.gpu == *gpu && b.workload == w && b.gpu_count == gpus)
        .min_by(|a, b| a.samples_per_sec.cmp(&b.samples_per_sec))
}

/// The dense FP16/BF16 tensor TFLOPS of a GPU (never the sparse figure).
fn dense_tflops(c: &Catalog, gpu: &str) -> Option<Decimal> {
    gpu_tflops(c.gpu(gpu)?)
}

fn gpu_tflops(g: &Gpu) -> Option<Decimal> {
    g.fp16_tflops_dense
        .filter(|t| t.is_finite() && *t > 0.0)
        .and_then(Decimal::from_f64)
}

/// Multi-GPU factor `max(1, gpus ÷ base × scaling)`: extra GPUs at worst add nothing.
fn scale_factor(gpus: u32, base: u32, scaling_pct: Decimal) -> Result<Decimal, EngineError> {
    let f = div(
        mul(dec(gpus), scaling_pct)?,
        mul(dec(base.max(1)), Decimal::ONE_HUNDRED)?,
    )?;
    Ok(f.max(Decimal::ONE))
}

/// The catalog's measured multi-GPU scalings of a workload: for every GPU
/// model with a 1-GPU and an 8-GPU run, 8-GPU ÷ (8 × 1-GPU), % (the lower
/// figure where two systems were measured). All were measured on NVLink /
/// NVSwitch systems (V100 SXM2, A100 SXM4, H100 SXM5).
pub fn measured_scalings(c: &Catalog, w: Workload) -> Vec<Decimal> {
    let mut out: Vec<Decimal> = Vec::new();
    let mut seen: Vec<&GpuId> = Vec::new();
    for b in c.benchmarks.iter().filter(|b| b.workload == w) {
        if seen.contains(&&b.gpu) {
            continue;
        }
        seen.push(&b.gpu);
        if let (Some(one), Some(eight)) = (measured(c, &b.gpu, w, 1), measured(c, &b.gpu, w, 8)) {
            if let Some(v) = eight
                .samples_per_sec
                .checked_mul(Decimal::ONE_HUNDRED)
                .and_then(|x| x.checked_div(one.samples_per_sec * dec(8)))
            {
                out.push(v.round_dp(1));
            }
        }
    }
    out.sort();
    out
}

fn median(v: &[Decimal]) -> Option<Decimal> {
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / dec(2)),
    }
}

/// How the job's GPUs are connected, for the default multi-GPU scaling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fabric {
    /// Like the measured runs: NVLink/NVSwitch inside one instance, or not
    /// stated otherwise.
    AsMeasured,
    /// Slower than any measured run: PCIe only inside the instance, or
    /// several instances without RDMA between them.
    Slower,
}

impl Fabric {
    /// The fabric of `instances` instances of an offer.
    pub fn of(offer: &Offer, instances: u32) -> Fabric {
        let Some(n) = &offer.net else {
            return Fabric::AsMeasured;
        };
        let pcie = offer.gpu_count > 1 && n.gpu_link == GpuLink::Pcie;
        let no_rdma = instances > 1 && n.rdma == crate::domain::catalog::RdmaKind::None;
        if pcie || no_rdma {
            Fabric::Slower
        } else {
            Fabric::AsMeasured
        }
    }
}

/// The default multi-GPU scaling of a workload, from the catalog's measured
/// runs, by the interconnect ([`Fabric`]): as measured = the median of the
/// measured scalings; slower = their lowest (no PCIe-only or RDMA-less run
/// is in the catalog, so the cautious end). `DEFAULT_SCALING_PCT` when the
/// catalog has no multi-GPU run of the workload.
pub fn default_scaling_pct(c: &Catalog, w: Option<Workload>, fabric: Fabric) -> Decimal {
    let runs = w.map(|w| measured_scalings(c, w)).unwrap_or_default();
    let pick = match fabric {
        Fabric::Slower => runs.first().copied(),
        Fabric::AsMeasured => median(&runs),
    };
    pick.unwrap_or(DEFAULT_SCALING_PCT)
}

/// The spread of the measured scalings around the one used.
fn scaling_range(c: &Catalog, w: Workload, used: Decimal) -> Option<ErrorRange> {
    let runs = measured_scalings(c, w);
    let (lo, hi) = (runs.first()?, runs.last()?);
    range_of(
        [lo, hi].into_iter().filter_map(|x| x.checked_div(used)),
        runs.len(),
        RangeBasis::MeasuredScaling,
    )
}

/// An error range from ratios actual ÷ estimate.
fn range_of(
    ratios: impl IntoIterator<Item = Decimal>,
    runs: usize,
    basis: RangeBasis,
) -> Option<ErrorRange> {
    let v: Vec<Decimal> = ratios.into_iter().collect();
    let lo = v.iter().min()?;
    let hi = v.iter().max()?;
    let pct = |r: &Decimal| ((*r - Decimal::ONE) * Decimal::ONE_HUNDRED).round_dp(1);
    Some(ErrorRange {
        low_pct: pct(lo),
        high_pct: pct(hi),
        runs: u32::try_from(runs).unwrap_or(u32::MAX),
        basis,
    })
}

/// Two ranges applied one after the other (a same-architecture estimate
/// that is also scaled): the factors multiply.
fn combine(a: Option<ErrorRange>, b: Option<ErrorRange>) -> Option<ErrorRange> {
    match (a, b) {
        (Some(a), Some(b)) => {
            let f = |x: Decimal, y: Decimal| {
                (((Decimal::ONE_HUNDRED + x) * (Decimal::ONE_HUNDRED + y) / Decimal::ONE_HUNDRED)
                    - Decimal::ONE_HUNDRED)
                    .round_dp(1)
            };
            Some(ErrorRange {
                low_pct: f(a.low_pct, b.low_pct),
                high_pct: f(a.high_pct, b.high_pct),
                runs: a.runs + b.runs,
                basis: a.basis,
            })
        }
        (a, None) => a,
        (None, b) => b,
    }
}

/// A form factor's family (`SXM4`, `SXM5`, `SXM` → `sxm`; `PCIe Gen4` → `pcie`).
fn form(g: &Gpu) -> String {
    let f = g.form_factor.to_ascii_lowercase();
    ["sxm", "pcie", "oam"]
        .into_iter()
        .find(|k| f.starts_with(k))
        .unwrap_or(f.as_str())
        .to_string()
}

/// |ln(a / b)| as an f64 distance (0 when either is missing: not comparable → far).
fn log_gap(a: Option<f64>, b: Option<f64>) -> f64 {
    match (a, b) {
        (Some(a), Some(b)) if a > 0.0 && b > 0.0 => (a / b).ln().abs(),
        _ => f64::MAX,
    }
}

/// The nearest other GPU of the same architecture with a run of `w`: same
/// form factor first, then the closest dense FP16 TFLOPS, then bandwidth,
/// then id (deterministic).
fn same_architecture<'a>(c: &'a Catalog, g: &Gpu, w: Workload) -> Option<&'a Gpu> {
    let arch = g.architecture.as_deref()?;
    let bw = |x: &Gpu| x.memory_bandwidth_gbs.map(f64::from);
    let key = |r: &Gpu| {
        (
            form(r) != form(g),
            log_gap(r.fp16_tflops_dense, g.fp16_tflops_dense),
            log_gap(bw(r), bw(g)),
        )
    };
    c.gpus
        .iter()
        .filter(|r| r.id != g.id && r.architecture.as_deref() == Some(arch))
        .filter(|r| {
            c.benchmarks
                .iter()
                .any(|b| b.gpu == r.id && b.workload == w)
        })
        .min_by(|a, b| {
            key(a)
                .partial_cmp(&key(b))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then_with(|| a.id.cmp(&b.id))
        })
}

/// What a same-architecture estimate scales by: compute for training, memory
/// bandwidth for serving (decode reads every weight per token).
fn ratio_of(w: Workload) -> RatioOf {
    match w {
        Workload::Llama2_70bOffline => RatioOf::MemoryBandwidth,
        Workload::Resnet50 | Workload::BertLarge => RatioOf::DenseFp16Tflops,
    }
}

fn ratio(g: &Gpu, r: &Gpu, by: RatioOf) -> Option<Decimal> {
    let (a, b) = match by {
        RatioOf::DenseFp16Tflops => (gpu_tflops(g)?, gpu_tflops(r)?),
        RatioOf::MemoryBandwidth => (
            Decimal::from(g.memory_bandwidth_gbs?),
            Decimal::from(r.memory_bandwidth_gbs?),
        ),
    };
    a.checked_div(b)
}

/// The per-GPU figure of a GPU's smallest run of `w` (the leave-one-out checks).
fn per_gpu_run(c: &Catalog, gpu: &str, w: Workload) -> Option<Decimal> {
    let n = c
        .benchmarks
        .iter()
        .filter(|b| b.gpu == *gpu && b.workload == w)
        .map(|b| b.gpu_count)
        .min()?;
    measured(c, gpu, w, n)?.samples_per_sec.checked_div(dec(n))
}

/// How far the same-architecture method was off on the catalog's own runs:
/// each measured GPU estimated from its nearest same-architecture run.
pub fn same_architecture_range(c: &Catalog, w: Workload) -> Option<ErrorRange> {
    let by = ratio_of(w);
    let mut ratios = Vec::new();
    let mut seen: Vec<&GpuId> = Vec::new();
    for b in c.benchmarks.iter().filter(|b| b.workload == w) {
        if seen.contains(&&b.gpu) {
            continue;
        }
        seen.push(&b.gpu);
        let Some(g) = c.gpu(&b.gpu) else { continue };
        let Some(r) = same_architecture(c, g, w) else {
            continue;
        };
        let (Some(actual), Some(base), Some(k)) = (
            per_gpu_run(c, &g.id, w),
            per_gpu_run(c, &r.id, w),
            ratio(g, r, by),
        ) else {
            continue;
        };
        if let Some(x) = base.checked_mul(k).and_then(|est| actual.checked_div(est)) {
            ratios.push(x);
        }
    }
    let n = ratios.len();
    range_of(ratios, n, RangeBasis::SameArchitectureRuns)
}

/// How far the TFLOPS × median-efficiency estimate was off on the catalog's
/// single-GPU runs: actual ÷ estimate = the run's efficiency ÷ the median.
pub fn efficiency_range(c: &Catalog, w: Workload, used_pct: Decimal) -> Option<ErrorRange> {
    let effs = efficiencies(c, w);
    let n = effs.len();
    range_of(
        effs.into_iter().filter_map(|e| e.checked_div(used_pct)),
        n,
        RangeBasis::EfficiencyRuns,
    )
}

/// The MFU spread the default's source reports: 38–43 % around 40 %.
fn mfu_range(used_pct: Decimal) -> Option<ErrorRange> {
    range_of(
        [dec(38), dec(43)]
            .into_iter()
            .filter_map(|x| x.checked_div(used_pct)),
        0,
        RangeBasis::SourcedMfuRange,
    )
}

/// Throughput (samples/s for all `gpus`) of ResNet-50 or BERT-large on a
/// GPU model, with its basis and how far it can be off; `link` is the
/// instance's GPU interconnect (it picks the default multi-GPU scaling).
pub fn sample_throughput(
    c: &Catalog,
    job: &JobSpec,
    gpu: &str,
    gpus: u32,
) -> Result<Option<(Decimal, ThroughputBasis)>, EngineError> {
    Ok(throughput_of(c, job, gpu, gpus, Fabric::AsMeasured)?.map(|(t, b, _)| (t, b)))
}

type Throughput = (Decimal, ThroughputBasis, Option<ErrorRange>);

fn throughput_of(
    c: &Catalog,
    job: &JobSpec,
    gpu: &str,
    gpus: u32,
    fabric: Fabric,
) -> Result<Option<Throughput>, EngineError> {
    let Some(w) = workload(job.kind) else {
        return Ok(None);
    };
    let scaling = job
        .scaling_pct
        .unwrap_or_else(|| default_scaling_pct(c, Some(w), fabric));
    let scaled_range = |from: u32| {
        (gpus > from && job.scaling_pct.is_none())
            .then(|| scaling_range(c, w, scaling))
            .flatten()
    };
    if let Some(r) = measured_run(c, gpu, w, gpus, scaling)? {
        let from = match &r.1 {
            ThroughputBasis::Scaled { measured_gpus, .. } => *measured_gpus,
            _ => gpus,
        };
        return Ok(Some((r.0, r.1, scaled_range(from))));
    }
    let Some(g) = c.gpu(gpu) else {
        return Ok(None);
    };
    // the nearest measured GPU of the same architecture
    if let Some(r) = same_architecture(c, g, w) {
        let by = ratio_of(w);
        if let (Some(k), Some((t, basis))) =
            (ratio(g, r, by), measured_run(c, &r.id, w, gpus, scaling)?)
        {
            let (source, as_of, from, applied) = match basis {
                ThroughputBasis::Measured {
                    source,
                    as_of,
                    gpus,
                    ..
                } => (source, as_of, gpus, None),
                ThroughputBasis::Scaled {
                    source,
                    as_of,
                    measured_gpus,
                    scaling_pct,
                    ..
                } => (source, as_of, measured_gpus, Some(scaling_pct)),
                other => return Ok(Some((t, other, None))),
            };
            let range = combine(same_architecture_range(c, w), scaled_range(from));
            return Ok(Some((
                mul(t, k)?,
                ThroughputBasis::SameArchitecture {
                    reference_gpu: r.id.clone(),
                    reference_gpus: from,
                    ratio: k.round_dp(4),
                    ratio_of: by,
                    source,
                    as_of,
                    scaling_pct: applied,
                },
                range,
            )));
        }
    }
    let Some(tflops) = gpu_tflops(g) else {
        return Ok(None);
    };
    // samples/s = TFLOPS × 1000 (GFLOP/s per TFLOPS) × eff/100 ÷ GFLOP/sample × scale
    let eff = job.efficiency_pct();
    let one = div(mul(mul(tflops, dec(10))?, eff)?, gflop_per_sample(w))?;
    let t = mul(one, scale_factor(gpus, 1, scaling)?)?;
    let range = match job.mfu_pct {
        None => combine(efficiency_range(c, w, eff), scaled_range(1)),
        Some(_) => None,
    };
    Ok(Some((
        t,
        ThroughputBasis::Estimate {
            tflops_dense: tflops,
            efficiency_pct: eff,
            efficiency_default: job.mfu_pct.is_none(),
            scaling_pct: (gpus > 1).then_some(scaling),
        },
        range,
    )))
}

/// A run of this GPU model at `gpus`, or scaled from the largest measured
/// count below it (never below that run, never above a run with more GPUs).
fn measured_run(
    c: &Catalog,
    gpu: &str,
    w: Workload,
    gpus: u32,
    scaling: Decimal,
) -> Result<Option<(Decimal, ThroughputBasis)>, EngineError> {
    if let Some(b) = measured(c, gpu, w, gpus) {
        return Ok(Some((
            b.samples_per_sec,
            ThroughputBasis::Measured {
                source: b.source.clone(),
                as_of: b.as_of.clone(),
                gpus,
            },
        )));
    }
    let counts = || {
        c.benchmarks
            .iter()
            .filter(|b| b.gpu == *gpu && b.workload == w)
            .map(|b| b.gpu_count)
    };
    let below = counts().filter(|n| *n < gpus).max();
    let above = counts().filter(|n| *n > gpus).min();
    let Some(base) = below.and_then(|n| measured(c, gpu, w, n)) else {
        return Ok(None);
    };
    let from = base.samples_per_sec;
    let mut t = mul(from, scale_factor(gpus, base.gpu_count, scaling)?)?;
    let mut capped_by_gpus = None;
    if let Some(cap) = above.and_then(|n| measured(c, gpu, w, n)) {
        if cap.samples_per_sec < t {
            t = cap.samples_per_sec.max(from);
            capped_by_gpus = Some(cap.gpu_count);
        }
    }
    Ok(Some((
        t,
        ThroughputBasis::Scaled {
            source: base.source.clone(),
            as_of: base.as_of.clone(),
            measured_gpus: base.gpu_count,
            scaling_pct: scaling,
            capped_by_gpus,
        },
    )))
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

fn memory_per_gpu_gb(offer: &Offer) -> Option<Decimal> {
    let total = offer.gpu_memory_gb.filter(|m| *m > 0)?;
    Some(Decimal::from(total) / Decimal::from(offer.gpu_count.max(1)))
}

/// What [`job_hours`] works out before the horizon.
struct Run {
    instances: u32,
    gpus: u32,
    throughput: Decimal,
    basis: ThroughputBasis,
    range: Option<ErrorRange>,
    /// Err = overflow (absurdly long).
    wall: Result<Decimal, EngineError>,
    fits: Option<bool>,
    need: Option<Decimal>,
    have: Option<Decimal>,
    serve: (Option<u32>, Option<u32>),
}

/// Round up to whole units at `dp` decimals.
fn ceil_dp(d: Decimal, dp: u32) -> Decimal {
    d.round_dp_with_strategy(dp, rust_decimal::RoundingStrategy::ToPositiveInfinity)
}

/// Hours of the job on one offer (no prices), or why not.
pub fn job_hours(
    catalog: &Catalog,
    scenario: &Scenario,
    job: &JobSpec,
    offer: &Offer,
) -> Result<Result<JobHours, JobSkip>, EngineError> {
    let run = match run(catalog, scenario, job, offer)? {
        Ok(r) => r,
        Err(skip) => return Ok(Err(skip)),
    };
    let max_hours = dec(MAX_MONTHS * JOB_MONTH_HOURS);
    let exact = match run.wall {
        Ok(w) => w,
        Err(_) => return Ok(Err(JobSkip::TooLong { wall_hours: None })),
    };
    let wall = ceil2(exact);
    if wall > max_hours {
        return Ok(Err(JobSkip::TooLong {
            wall_hours: Some(wall),
        }));
    }
    // billed by the second (the provider's granularity and minimum apply
    // when priced), not by the 2-dp display figure: a 1.4-minute job is 84 s
    let wall_seconds = ceil_dp(mul(exact, dec(3600))?, 0).max(Decimal::ONE);
    // ≤ 60, a whole number
    let months_d = div(wall, dec(JOB_MONTH_HOURS))?.ceil().max(Decimal::ONE);
    let months: u32 = months_d.try_into().unwrap_or(MAX_MONTHS);
    // per month, at the link format's 6 dp, rounded up (3.6 ms at most)
    let hours_per_month = ceil_dp(div(div(wall_seconds, dec(3600))?, months_d)?, 6);
    let wall_hours_range = match &run.range {
        Some(r) => {
            let at = |pct: Decimal| {
                div(exact, (Decimal::ONE_HUNDRED + pct) / Decimal::ONE_HUNDRED).map(ceil2)
            };
            Some((at(r.high_pct)?, at(r.low_pct)?))
        }
        None => None,
    };
    Ok(Ok(JobHours {
        instances: run.instances,
        gpus: run.gpus,
        throughput: run.throughput,
        measured: run.basis.measured(),
        basis: run.basis,
        error_range: run.range,
        wall_hours: wall,
        wall_seconds,
        wall_hours_range,
        gpu_hours: mul(wall, dec(run.gpus))?,
        fits: run.fits,
        memory_needed_gb: run.need,
        memory_available_gb: run.have,
        serve_gpus_for_rate: run.serve.0,
        serve_gpus_for_memory: run.serve.1,
        months,
        hours_per_month,
    }))
}

fn estimate(tflops: Decimal, job: &JobSpec, scaling: Option<Decimal>) -> ThroughputBasis {
    ThroughputBasis::Estimate {
        tflops_dense: tflops,
        efficiency_pct: job.efficiency_pct(),
        efficiency_default: job.mfu_pct.is_none(),
        scaling_pct: scaling,
    }
}

/// What the job needs the accelerator for.
pub fn job_use(kind: JobKind) -> AcceleratorUse {
    match kind {
        JobKind::LlmServe => AcceleratorUse::Inference,
        JobKind::Resnet50 | JobKind::BertLarge | JobKind::LlmTrain => AcceleratorUse::Training,
    }
}

/// Serving capacity per GPU, tokens/s, of an `n_b`-billion-parameter model:
/// from the GPU's MLPerf Llama 2 70B Offline run (or its nearest
/// same-architecture GPU's, × the memory-bandwidth ratio), × 70 ÷ N for
/// another model size (decode reads every weight per token); else dense
/// TFLOPS × efficiency ÷ 2N FLOPs per token. The basis says which.
fn serve_capacity(c: &Catalog, g: &Gpu, job: &JobSpec) -> Result<Option<Throughput>, EngineError> {
    let w = Workload::Llama2_70bOffline;
    let n_b = job.params_b();
    let size = div(dec(70), n_b)?;
    let per_gpu = |gpu: &str| -> Option<(Decimal, &Benchmark)> {
        let b = c
            .benchmarks
            .iter()
            .filter(|b| b.gpu == *gpu && b.workload == w)
            .min_by_key(|b| b.gpu_count)?;
        Some((b.samples_per_sec.checked_div(dec(b.gpu_count))?, b))
    };
    if job.mfu_pct.is_none() {
        if let Some((t, b)) = per_gpu(&g.id) {
            let basis = ThroughputBasis::Measured {
                source: b.source.clone(),
                as_of: b.as_of.clone(),
                gpus: b.gpu_count,
            };
            return Ok(Some((mul(t, size)?, basis, None)));
        }
        if let Some(r) = same_architecture(c, g, w) {
            if let (Some(k), Some((t, b))) = (ratio(g, r, RatioOf::MemoryBandwidth), per_gpu(&r.id))
            {
                let basis = ThroughputBasis::SameArchitecture {
                    reference_gpu: r.id.clone(),
                    reference_gpus: b.gpu_count,
                    ratio: k.round_dp(4),
                    ratio_of: RatioOf::MemoryBandwidth,
                    source: b.source.clone(),
                    as_of: b.as_of.clone(),
                    scaling_pct: None,
                };
                return Ok(Some((
                    mul(mul(t, k)?, size)?,
                    basis,
                    same_architecture_range(c, w),
                )));
            }
        }
    }
    let Some(tflops) = gpu_tflops(g) else {
        return Ok(None);
    };
    // per-GPU tokens/s = TFLOPS × 10¹² × eff/100 ÷ (2 × N_b × 10⁹) = 5 × TFLOPS × eff ÷ N_b
    let cap = div(mul(mul(dec(5), tflops)?, job.efficiency_pct())?, n_b)?;
    Ok(Some((cap, estimate(tflops, job, None), None)))
}

fn run(
    catalog: &Catalog,
    scenario: &Scenario,
    job: &JobSpec,
    offer: &Offer,
) -> Result<Result<Run, JobSkip>, EngineError> {
    let Some(gpu) = catalog.gpu(&offer.gpu) else {
        return Ok(Err(JobSkip::UnknownGpu {
            gpu: offer.gpu.clone(),
        }));
    };
    let no_data = JobSkip::NoThroughputData {
        gpu: gpu.id.clone(),
    };
    let needs = job_use(job.kind);
    if !gpu.can(needs) {
        return Ok(Err(JobSkip::AcceleratorCannotRun {
            kind: gpu.kind,
            needs,
        }));
    }
    // the default efficiencies and MFU were measured on CUDA GPUs
    let default_applies = job.mfu_pct.is_some() || gpu.stack == Some(Stack::Cuda);
    let gpc = offer.gpu_count.max(1);
    let eff = job.efficiency_pct();
    if job.kind == JobKind::LlmServe {
        let Some((cap, basis, range)) = serve_capacity(catalog, gpu, job)? else {
            return Ok(Err(no_data));
        };
        if !default_applies
            && !basis.measured()
            && !matches!(basis, ThroughputBasis::SameArchitecture { .. })
        {
            return Ok(Err(JobSkip::NoEstimateForStack { stack: gpu.stack }));
        }
        let Some(mem) = memory_per_gpu_gb(offer) else {
            return Ok(Err(JobSkip::GpuMemoryUnknown));
        };
        let n_b = job.params_b();
        let for_rate = div(job.serve_tokens_per_s(), cap)?.ceil();
        let need = mul(dec(SERVE_BYTES_PER_PARAM), n_b)?;
        let for_mem = div(need, mem)?.ceil();
        let needed = for_rate.max(for_mem).max(Decimal::ONE);
        if needed > dec(MAX_GPUS) {
            return Ok(Err(JobSkip::TooManyGpus { gpus: needed }));
        }
        // whole and ≤ MAX_GPUS, so the conversions succeed
        let needed: u32 = needed.try_into().unwrap_or(MAX_GPUS);
        let instances = needed.div_ceil(gpc);
        let gpus = instances.saturating_mul(gpc);
        let have = mul(mem, dec(gpus))?;
        return Ok(Ok(Run {
            instances,
            gpus,
            throughput: cap,
            basis,
            range,
            wall: Ok(job.serve_hours()),
            fits: Some(have >= need),
            need: Some(need),
            have: Some(have),
            serve: (u32::try_from(for_rate).ok(), u32::try_from(for_mem).ok()),
        }));
    }
    let Some(instances) = instances_needed(scenario, offer) else {
        return Ok(Err(JobSkip::GpuMemoryUnknown));
    };
    let Some(gpus) = instances.checked_mul(gpc).filter(|g| *g <= MAX_GPUS) else {
        return Ok(Err(JobSkip::TooManyGpus {
            gpus: Decimal::from(instances) * Decimal::from(gpc),
        }));
    };
    if job.kind == JobKind::LlmTrain {
        let Some(tflops) = dense_tflops(catalog, &gpu.id) else {
            return Ok(Err(no_data));
        };
        if !default_applies {
            return Ok(Err(JobSkip::NoEstimateForStack { stack: gpu.stack }));
        }
        // exaFLOP/s = TFLOPS × 10¹² × MFU/100 × GPUs ÷ 10¹⁸ = TFLOPS × MFU × GPUs ÷ 10⁸
        let per_s = div(mul(mul(tflops, eff)?, dec(gpus))?, dec(100_000_000))?;
        // tokens/s = exaFLOP/s × 10¹⁸ ÷ (6 × N_b × 10⁹) = exaFLOP/s × 10⁹ ÷ (6 × N_b)
        let tokens_per_s = div(
            mul(per_s, dec(1_000_000_000))?,
            mul(dec(6), job.params_b())?,
        )?;
        let wall = work(job).and_then(|w| div(w, mul(per_s, dec(3600))?));
        let need = mul(dec(TRAIN_BYTES_PER_PARAM), job.params_b())?;
        let have = match memory_per_gpu_gb(offer) {
            Some(m) => Some(mul(m, dec(gpus))?),
            None => None,
        };
        return Ok(Ok(Run {
            instances,
            gpus,
            throughput: tokens_per_s,
            basis: estimate(tflops, job, None),
            range: job.mfu_pct.is_none().then(|| mfu_range(eff)).flatten(),
            wall,
            fits: have.map(|h| h >= need),
            need: Some(need),
            have,
            serve: (None, None),
        }));
    }
    let fabric = Fabric::of(offer, instances);
    let Some((throughput, basis, range)) = throughput_of(catalog, job, &gpu.id, gpus, fabric)?
    else {
        return Ok(Err(no_data));
    };
    if !default_applies && matches!(basis, ThroughputBasis::Estimate { .. }) {
        return Ok(Err(JobSkip::NoEstimateForStack { stack: gpu.stack }));
    }
    let wall = work(job).and_then(|w| div(w, mul(throughput, dec(3600))?));
    Ok(Ok(Run {
        instances,
        gpus,
        throughput,
        basis,
        range,
        wall,
        fits: None,
        need: None,
        have: None,
        serve: (None, None),
    }))
}

/// The scenario that prices the job on one offer: only this offer, the
/// job's GPUs, `⌈hours / 730⌉` months with the hours spread over them, and
/// the spot job length = the job's hours when not set.
pub fn pricing_scenario(scenario: &Scenario, offer: &Offer, h: &JobHours) -> Scenario {
    let mut s = scenario.clone();
    s.offers = Some(vec![offer.id.clone()]);
    s.min_gpus = h.gpus;
    s.min_vram_gb = None;
    s.months = h.months;
    s.hours_per_month = h.hours_per_month;
    if s.spot.job_hours.is_none() {
        s.spot.job_hours = Some(h.wall_hours);
    }
    s.job = None;
    s
}

/// Cost per job: for every offer the scenario matches (its filters, or its
/// explicit `offers`), the job's hours and its cost under every billing
/// model the scenario asks for, with the cheapest and fastest rankings.
pub fn job_report(catalog: &Catalog, scenario: &Scenario) -> Result<JobReport, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let Some(job) = scenario.job.clone() else {
        return Err(EngineError::NoJob);
    };
    let mut offers = Vec::new();
    for offer in catalog
        .offers
        .iter()
        .filter(|o| matches(catalog, scenario, o))
    {
        offers.push(job_offer(catalog, scenario, &job, offer)?);
    }
    // cheapest: fitting first, then fewer missing charge kinds, then the
    // cost on what every result of that group prices (compare_basis)
    let best: Vec<Option<&JobModelCost>> = offers.iter().map(JobOffer::best).collect();
    let mut at = Vec::new();
    for (i, b) in best.iter().enumerate() {
        if let Some(d) = b.and_then(|b| b.decision_cost) {
            at.push((i, d.amount()));
        }
    }
    let items: Vec<Candidate> = at
        .iter()
        .map(|(i, d)| Candidate {
            missing: best[*i].map_or(&[][..], |b| &b.missing[..]),
            decision: *d,
            charges: &offers[*i].data_charges,
            months: offers[*i].hours.as_ref().map_or(1, |h| h.months),
        })
        .collect();
    let mut cheapest: Vec<(_, &OfferId, bool)> = bases(&items)
        .into_iter()
        .zip(&at)
        .map(|((basis, _), (i, _))| {
            let o = &offers[*i];
            let measured = o.hours.as_ref().is_some_and(|h| h.measured);
            ((!o.fits(), basis), &o.offer, measured)
        })
        .collect();
    cheapest.sort_by(|a, b| a.0.cmp(&b.0));
    // equally fast offers (same GPU and count) rank by cost
    let mut fastest: Vec<(_, &OfferId)> = offers
        .iter()
        .filter_map(|o| {
            let cost = o.best().and_then(|b| b.decision_cost).map(|m| m.amount());
            let key = (
                !o.fits(),
                o.hours.as_ref()?.wall_hours,
                cost.is_none(),
                cost.unwrap_or_default(),
            );
            Some((key, &o.offer))
        })
        .collect();
    fastest.sort();
    Ok(JobReport {
        currency: scenario.currency,
        work: work(&job)?,
        cheapest_measured: cheapest
            .iter()
            .filter(|c| c.2)
            .map(|c| c.1.clone())
            .collect(),
        cheapest_estimated: cheapest
            .iter()
            .filter(|c| !c.2)
            .map(|c| c.1.clone())
            .collect(),
        cheapest: cheapest.iter().map(|c| c.1.clone()).collect(),
        fastest: fastest.into_iter().map(|(_, id)| id.clone()).collect(),
        offers,
        job: {
            // the scaling shown is the catalog's measured default (as measured:
            // NVLink inside one instance; each offer's basis gives its own)
            let mut r = job.resolved();
            if job.scaling_pct.is_none() {
                r.scaling_pct = Some(default_scaling_pct(
                    catalog,
                    workload(job.kind),
                    Fabric::AsMeasured,
                ));
            }
            r
        },
    })
}

fn job_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    job: &JobSpec,
    offer: &Offer,
) -> Result<JobOffer, EngineError> {
    let mut out = JobOffer {
        offer: offer.id.clone(),
        gpu: offer.gpu.clone(),
        hours: None,
        skip: None,
        models: Vec::new(),
        cheapest_model: None,
        data_charges: Vec::new(),
        cost_per_million_tokens: None,
    };
    let h = match job_hours(catalog, scenario, job, offer)? {
        Ok(h) => h,
        Err(skip) => {
            out.skip = Some(skip);
            return Ok(out);
        }
    };
    let priced = quote_with(
        catalog,
        &pricing_scenario(scenario, offer, &h),
        QuoteOptions::TOTALS,
    );
    out.hours = Some(h);
    let q = match priced {
        Ok(q) => q,
        Err(e) => {
            out.skip = Some(JobSkip::PricingFailed {
                error: e.code().into(),
            });
            return Ok(out);
        }
    };
    let Some(oq) = q.offers.into_iter().next() else {
        out.skip = Some(JobSkip::PricingFailed {
            error: "not_quoted".into(),
        });
        return Ok(out);
    };
    let mut best: Option<((bool, Decimal), BillingModel)> = None;
    for m in oq.models {
        let complete = m.complete();
        if let Some(key) = m.rank_key() {
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, m.model));
            }
        }
        out.models.push(JobModelCost {
            model: m.model,
            decision_cost: m.decision_cost,
            total: m.total,
            still_owed: m.still_owed,
            complete,
            missing: m.missing_kinds(),
            cash_timing_known: m.cash_timing_known,
            age: m.age,
            unavailable: m.unavailable,
        });
    }
    out.data_charges = oq.data_charges;
    out.cheapest_model = best.map(|(_, m)| m);
    if job.kind == JobKind::LlmServe {
        // decision cost ÷ millions of tokens served
        let tokens_m = div(work(job)?, dec(1_000_000))?;
        out.cost_per_million_tokens = match out.best().and_then(|b| b.decision_cost) {
            Some(c) if tokens_m > Decimal::ZERO => Some(crate::domain::money::round_money(div(
                c.amount(),
                tokens_m,
            )?)),
            _ => None,
        };
    }
    Ok(out)
}

/// Default efficiency of an estimate derived from the catalog's single-GPU
/// runs of a workload: the median of samples/s × GFLOP/sample ÷ (dense
/// TFLOPS × 1000), in % (unrounded). `None` without such runs.
pub fn derived_efficiency_pct(catalog: &Catalog, w: Workload) -> Option<Decimal> {
    median(&efficiencies(catalog, w))
}

/// The efficiency of each single-GPU run of a workload, % of dense FP16
/// TFLOPS, sorted.
fn efficiencies(catalog: &Catalog, w: Workload) -> Vec<Decimal> {
    let mut effs: Vec<Decimal> = catalog
        .benchmarks
        .iter()
        .filter(|b| b.workload == w && b.gpu_count == 1)
        .filter_map(|b| {
            let t = dense_tflops(catalog, &b.gpu)?;
            // % = samples/s × GFLOP × 10⁹ ÷ (TFLOPS × 10¹²) × 100 = samples/s × GFLOP ÷ (TFLOPS × 10)
            b.samples_per_sec
                .checked_mul(gflop_per_sample(w))?
                .checked_div(t.checked_mul(dec(10))?)
        })
        .collect();
    effs.sort();
    effs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_efficiencies_match_the_catalog() {
        let c = Catalog::embedded().unwrap();
        let r = derived_efficiency_pct(&c, Workload::Resnet50).unwrap();
        assert_eq!(r.round_dp(1), DEFAULT_RESNET50_EFFICIENCY_PCT, "{r}");
        let b = derived_efficiency_pct(&c, Workload::BertLarge).unwrap();
        assert_eq!(b.round_dp(1), DEFAULT_BERT_LARGE_EFFICIENCY_PCT, "{b}");
    }

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
