//! The job on one offer, before any price: the instances and GPUs it
//! takes, how fast it runs there ([`super::throughput`]), its wall-clock
//! hours and the pricing horizon they make, and whether the model fits the
//! GPUs' memory. Apart from the report, which prices these hours.

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::{Catalog, Offer, Stack};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul};
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{
    JobKind, JobSpec, Scenario, JOB_MONTH_HOURS, MAX_GPUS, MAX_MONTHS, SERVE_BYTES_PER_PARAM,
    TRAIN_BYTES_PER_PARAM,
};

use super::throughput::{
    dense_tflops, estimate, mfu_range, serve_capacity, throughput_of, ErrorRange, Fabric,
    ThroughputBasis,
};
use super::{dec, job_use, work, JobSkip};

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
    /// Where one copy of the model runs: inside one instance, or across an
    /// RDMA-linked group of instances (serving: one replica; training: the
    /// whole run). `None` for ResNet-50 and BERT-large (data parallel).
    pub placement: Option<Placement>,
    /// The pricing horizon: months and hours per month.
    pub months: u32,
    pub hours_per_month: Decimal,
}

/// Where one copy of the model runs. GPU memory adds up only inside one
/// instance (its NVLink/NVSwitch or PCIe domain); across instances only
/// over RDMA (EFA or InfiniBand, as the offer's network fact states).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Placement {
    /// Inside one instance; `replicas_per_instance` copies of the model
    /// share it (serving), each on `gpus_per_replica` of its GPUs.
    OneInstance {
        replicas: u32,
        replicas_per_instance: u32,
        gpus_per_replica: u32,
    },
    /// Across `instances_per_replica` instances linked by RDMA. Serving
    /// splits the model's layers over them (pipeline parallel), each GPU at
    /// `efficiency_pct` of its capacity (the job's scaling efficiency, `jsc`);
    /// training shards the model over them (`None`: its MFU is the run's).
    RdmaGroup {
        replicas: u32,
        instances_per_replica: u32,
        efficiency_pct: Option<Decimal>,
    },
}

/// Round up to 2 dp.
fn ceil2(d: Decimal) -> Decimal {
    let mut r = d.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::ToPositiveInfinity);
    r.rescale(2);
    r
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
    placement: Option<Placement>,
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
    // the job's seconds (the provider's granularity and minimum apply when
    // priced), not the 2-dp display figure: a 1.4-minute job is 84 s
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
        placement: run.placement,
        months,
        hours_per_month,
    }))
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
            && !matches!(
                basis,
                ThroughputBasis::SameArchitecture { .. } | ThroughputBasis::ModelSizeScaled { .. }
            )
        {
            return Ok(Err(JobSkip::NoEstimateForStack { stack: gpu.stack }));
        }
        let Some(mem) = memory_per_gpu_gb(offer) else {
            return Ok(Err(JobSkip::GpuMemoryUnknown));
        };
        return serve_run(job, offer, mem, cap, basis, range);
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
        // the model's states are sharded over every GPU of the run: inside
        // one instance, or over RDMA between instances, never over Ethernet
        if instances > 1 && !offer.has_rdma() {
            return Ok(Err(JobSkip::NoRdmaBetweenInstances { instances }));
        }
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
            placement: Some(if instances > 1 {
                Placement::RdmaGroup {
                    replicas: 1,
                    instances_per_replica: instances,
                    efficiency_pct: None,
                }
            } else {
                Placement::OneInstance {
                    replicas: 1,
                    replicas_per_instance: 1,
                    gpus_per_replica: gpus,
                }
            }),
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
        placement: None,
    }))
}

/// LLM serving on one offer: the GPUs one replica's weights need must sit
/// in one instance, or span instances over RDMA at the job's scaling
/// efficiency; then as many replicas as the token rate needs.
///
/// With `cap` tokens/s per GPU, `r` GPUs per replica and efficiency `e`
/// (1 inside an instance), a replica serves `cap × r × e`; replicas
/// `R = ⌈rate ÷ (cap × r × e)⌉`; inside one instance `⌊gpc ÷ r⌋` replicas
/// share an instance, across instances each takes `⌈r ÷ gpc⌉` instances.
fn serve_run(
    job: &JobSpec,
    offer: &Offer,
    mem: Decimal,
    cap: Decimal,
    basis: ThroughputBasis,
    range: Option<ErrorRange>,
) -> Result<Result<Run, JobSkip>, EngineError> {
    let gpc = offer.gpu_count.max(1);
    let need = mul(dec(SERVE_BYTES_PER_PARAM), job.params_b())?;
    let for_rate = div(job.serve_tokens_per_s(), cap)?.ceil().max(Decimal::ONE);
    let for_mem = div(need, mem)?.ceil().max(Decimal::ONE);
    if for_mem > dec(MAX_GPUS) {
        return Ok(Err(JobSkip::TooManyGpus { gpus: for_mem }));
    }
    // whole and ≤ MAX_GPUS
    let per_replica: u32 = for_mem.try_into().unwrap_or(MAX_GPUS);
    let one_instance = per_replica <= gpc;
    if !one_instance && !offer.has_rdma() {
        return Ok(Err(JobSkip::ReplicaSpansInstances {
            needed_gb: need,
            instance_gb: mul(mem, dec(gpc))?,
        }));
    }
    let (gpus_per_replica, eff) = if one_instance {
        (per_replica, Decimal::ONE_HUNDRED)
    } else {
        (
            per_replica.div_ceil(gpc).saturating_mul(gpc),
            job.scaling_pct(),
        )
    };
    let per_gpu = div(mul(cap, eff)?, Decimal::ONE_HUNDRED)?;
    let replicas = div(
        job.serve_tokens_per_s(),
        mul(per_gpu, dec(gpus_per_replica))?,
    )?
    .ceil()
    .max(Decimal::ONE);
    // instances per replica across an RDMA group; replicas per instance inside one
    let per = per_replica.div_ceil(gpc);
    let per_instance = (gpc / per_replica).max(1);
    let instances = if one_instance {
        div(replicas, dec(per_instance))?.ceil()
    } else {
        mul(replicas, dec(per))?
    };
    if mul(instances, dec(gpc))? > dec(MAX_GPUS) {
        return Ok(Err(JobSkip::TooManyGpus {
            gpus: mul(instances, dec(gpc))?,
        }));
    }
    // whole and ≤ MAX_GPUS, so the conversions succeed
    let instances: u32 = instances.try_into().unwrap_or(MAX_GPUS);
    let replicas: u32 = replicas.try_into().unwrap_or(MAX_GPUS);
    let placement = if one_instance {
        Placement::OneInstance {
            replicas,
            replicas_per_instance: per_instance,
            gpus_per_replica: per_replica,
        }
    } else {
        Placement::RdmaGroup {
            replicas,
            instances_per_replica: per,
            efficiency_pct: Some(eff),
        }
    };
    let gpus = instances.saturating_mul(gpc);
    let have = mul(mem, dec(gpus))?;
    Ok(Ok(Run {
        instances,
        gpus,
        throughput: per_gpu,
        basis,
        range,
        wall: Ok(job.serve_hours()),
        fits: Some(have >= need),
        need: Some(need),
        have: Some(have),
        serve: (u32::try_from(for_rate).ok(), Some(per_replica)),
        placement: Some(placement),
    }))
}
