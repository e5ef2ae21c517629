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

use crate::domain::billing::Reason;
use crate::domain::catalog::{Benchmark, Catalog, Currency, GpuId, Offer, OfferId, Workload};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, Money};
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{BillingModel, Scenario, MAX_GPUS, MAX_MONTHS};
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
    /// Wall-clock hours, rounded up to 2 dp (never under-counted).
    pub wall_hours: Decimal,
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
    pub cheapest: Vec<OfferId>,
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
    c.gpu(gpu)?
        .fp16_tflops_dense
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

/// Throughput (samples/s for all `gpus`) of ResNet-50 or BERT-large on a GPU model.
pub fn sample_throughput(
    c: &Catalog,
    job: &JobSpec,
    gpu: &str,
    gpus: u32,
) -> Result<Option<(Decimal, ThroughputBasis)>, EngineError> {
    let Some(w) = workload(job.kind) else {
        return Ok(None);
    };
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
    let scaling = job.scaling_pct();
    if let Some(base) = below.and_then(|n| measured(c, gpu, w, n)) {
        let from = base.samples_per_sec;
        let mut t = mul(from, scale_factor(gpus, base.gpu_count, scaling)?)?;
        let mut capped_by_gpus = None;
        if let Some(cap) = above.and_then(|n| measured(c, gpu, w, n)) {
            if cap.samples_per_sec < t {
                t = cap.samples_per_sec.max(from);
                capped_by_gpus = Some(cap.gpu_count);
            }
        }
        return Ok(Some((
            t,
            ThroughputBasis::Scaled {
                source: base.source.clone(),
                as_of: base.as_of.clone(),
                measured_gpus: base.gpu_count,
                scaling_pct: scaling,
                capped_by_gpus,
            },
        )));
    }
    let Some(tflops) = dense_tflops(c, gpu) else {
        return Ok(None);
    };
    // samples/s = TFLOPS × 1000 (GFLOP/s per TFLOPS) × eff/100 ÷ GFLOP/sample × scale
    let eff = job.efficiency_pct();
    let one = div(mul(mul(tflops, dec(10))?, eff)?, gflop_per_sample(w))?;
    let t = mul(one, scale_factor(gpus, 1, scaling)?)?;
    Ok(Some((
        t,
        ThroughputBasis::Estimate {
            tflops_dense: tflops,
            efficiency_pct: eff,
            efficiency_default: job.mfu_pct.is_none(),
            scaling_pct: (gpus > 1).then_some(scaling),
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
    /// Err = overflow (absurdly long).
    wall: Result<Decimal, EngineError>,
    fits: Option<bool>,
    need: Option<Decimal>,
    have: Option<Decimal>,
    serve: (Option<u32>, Option<u32>),
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
    let wall = match run.wall {
        Ok(w) => ceil2(w),
        Err(_) => return Ok(Err(JobSkip::TooLong { wall_hours: None })),
    };
    if wall > max_hours {
        return Ok(Err(JobSkip::TooLong {
            wall_hours: Some(wall),
        }));
    }
    // ≤ 60, a whole number
    let months_d = div(wall, dec(JOB_MONTH_HOURS))?.ceil().max(Decimal::ONE);
    let months: u32 = months_d.try_into().unwrap_or(MAX_MONTHS);
    Ok(Ok(JobHours {
        instances: run.instances,
        gpus: run.gpus,
        throughput: run.throughput,
        basis: run.basis,
        wall_hours: wall,
        gpu_hours: mul(wall, dec(run.gpus))?,
        fits: run.fits,
        memory_needed_gb: run.need,
        memory_available_gb: run.have,
        serve_gpus_for_rate: run.serve.0,
        serve_gpus_for_memory: run.serve.1,
        months,
        hours_per_month: ceil2(div(wall, months_d)?),
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
    let gpc = offer.gpu_count.max(1);
    let eff = job.efficiency_pct();
    if job.kind == JobKind::LlmServe {
        let Some(tflops) = dense_tflops(catalog, &gpu.id) else {
            return Ok(Err(no_data));
        };
        let Some(mem) = memory_per_gpu_gb(offer) else {
            return Ok(Err(JobSkip::GpuMemoryUnknown));
        };
        let n_b = job.params_b();
        // per-GPU tokens/s = TFLOPS × 10¹² × eff/100 ÷ (2 × N_b × 10⁹)
        //                  = 5 × TFLOPS × eff ÷ N_b
        let cap = div(mul(mul(dec(5), tflops)?, eff)?, n_b)?;
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
            basis: estimate(tflops, job, None),
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
            wall,
            fits: have.map(|h| h >= need),
            need: Some(need),
            have,
            serve: (None, None),
        }));
    }
    let Some((throughput, basis)) = sample_throughput(catalog, job, &gpu.id, gpus)? else {
        return Ok(Err(no_data));
    };
    let wall = work(job).and_then(|w| div(w, mul(throughput, dec(3600))?));
    Ok(Ok(Run {
        instances,
        gpus,
        throughput,
        basis,
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
    let rank_cost = |o: &JobOffer| {
        o.best()
            .and_then(|b| Some((!o.fits(), !b.complete, b.decision_cost?.amount())))
    };
    let mut cheapest: Vec<(_, &OfferId)> = offers
        .iter()
        .filter_map(|o| Some((rank_cost(o)?, &o.offer)))
        .collect();
    cheapest.sort();
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
        cheapest: cheapest.into_iter().map(|(_, id)| id.clone()).collect(),
        fastest: fastest.into_iter().map(|(_, id)| id.clone()).collect(),
        offers,
        job: job.resolved(),
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
        QuoteOptions { lines: false },
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
            unavailable: m.unavailable,
        });
    }
    out.cheapest_model = best.map(|(_, m)| m);
    Ok(out)
}

/// Default efficiency of an estimate derived from the catalog's single-GPU
/// runs of a workload: the median of samples/s × GFLOP/sample ÷ (dense
/// TFLOPS × 1000), in % (unrounded). `None` without such runs.
pub fn derived_efficiency_pct(catalog: &Catalog, w: Workload) -> Option<Decimal> {
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
    let n = effs.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(effs[n / 2]),
        _ => add(effs[n / 2 - 1], effs[n / 2]).ok().map(|s| s / dec(2)),
    }
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
