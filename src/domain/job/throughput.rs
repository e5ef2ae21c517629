//! How fast a job runs on a GPU model: a measured run of that model (at
//! the job's GPU count or scaled from fewer), the nearest measured GPU of
//! the same architecture, or an estimate from dense TFLOPS × an efficiency;
//! each with its basis ([`ThroughputBasis`]) and how far it can be off
//! ([`ErrorRange`], checked against the catalog's own runs). Apart from the
//! hours and the prices: it reads only the catalog's GPUs and benchmarks.

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::{Benchmark, Catalog, Gpu, GpuId, GpuLink, Offer, Workload};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul};
use crate::domain::scenario::{
    JobSpec, BERT_LARGE_GFLOP_PER_SAMPLE, DEFAULT_SCALING_PCT, RESNET50_GFLOP_PER_SAMPLE,
};

use super::{dec, workload};

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
    /// LLM serving: a measured run of this GPU model on another model size
    /// (MLPerf's Llama 2 70B), × its parameters ÷ the job's (tokens per
    /// second taken as inversely proportional to the parameters). Derived
    /// from the run, not the benchmark's result (MLCommons' rules for
    /// derived figures): an estimate.
    ModelSizeScaled {
        source: String,
        as_of: String,
        gpus: u32,
        /// The parameters (billions) of the model the run served.
        measured_params_b: Decimal,
        /// The job's parameters (billions).
        params_b: Decimal,
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
pub(super) fn dense_tflops(c: &Catalog, gpu: &str) -> Option<Decimal> {
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
pub(super) fn mfu_range(used_pct: Decimal) -> Option<ErrorRange> {
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

pub(super) fn throughput_of(
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

pub(super) fn estimate(
    tflops: Decimal,
    job: &JobSpec,
    scaling: Option<Decimal>,
) -> ThroughputBasis {
    ThroughputBasis::Estimate {
        tflops_dense: tflops,
        efficiency_pct: job.efficiency_pct(),
        efficiency_default: job.mfu_pct.is_none(),
        scaling_pct: scaling,
    }
}

/// Serving capacity per GPU, tokens/s, of an `n_b`-billion-parameter model:
/// from the GPU's MLPerf Llama 2 70B Offline run (or its nearest
/// same-architecture GPU's, × the memory-bandwidth ratio), × 70 ÷ N for
/// another model size (decode reads every weight per token); else dense
/// TFLOPS × efficiency ÷ 2N FLOPs per token. The basis says which.
pub(super) fn serve_capacity(
    c: &Catalog,
    g: &Gpu,
    job: &JobSpec,
) -> Result<Option<Throughput>, EngineError> {
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
            // the run's own figure only for the model it served
            let basis = if n_b == dec(70) {
                ThroughputBasis::Measured {
                    source: b.source.clone(),
                    as_of: b.as_of.clone(),
                    gpus: b.gpu_count,
                }
            } else {
                ThroughputBasis::ModelSizeScaled {
                    source: b.source.clone(),
                    as_of: b.as_of.clone(),
                    gpus: b.gpu_count,
                    measured_params_b: dec(70),
                    params_b: n_b,
                }
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
    use crate::domain::scenario::{
        DEFAULT_BERT_LARGE_EFFICIENCY_PCT, DEFAULT_RESNET50_EFFICIENCY_PCT,
    };

    #[test]
    fn default_efficiencies_match_the_catalog() {
        let c = Catalog::embedded().unwrap();
        let r = derived_efficiency_pct(&c, Workload::Resnet50).unwrap();
        assert_eq!(r.round_dp(1), DEFAULT_RESNET50_EFFICIENCY_PCT, "{r}");
        let b = derived_efficiency_pct(&c, Workload::BertLarge).unwrap();
        assert_eq!(b.round_dp(1), DEFAULT_BERT_LARGE_EFFICIENCY_PCT, "{b}");
    }
}
