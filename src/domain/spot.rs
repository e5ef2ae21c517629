//! Spot / preemptible model.
//!
//! # Model and assumptions
//!
//! * Interruptions arrive as a Poisson process at rate λ per wall-clock hour
//!   (`si` / 100), independent of price and of each other.
//! * Work is checkpointed every `c` hours (`ck` / 60). An interruption loses
//!   on average `c / 2` of work (uniform position within the interval) plus a
//!   restart overhead `r` (`ro` / 60): loss per interruption `L = c/2 + r`.
//!   Checkpoint write time is ignored. The interruption notice (AWS 120 s,
//!   Azure ≥ 30 s, …) is treated as too short to save work.
//! * Solved consistently: interruptions also hit the redone work, so wall
//!   time `T` for `W` hours of work satisfies `T = W + λ·T·L`, i.e.
//!   `T = W / (1 − λL)`. The overhead factor `f = 1 / (1 − λL)` multiplies the
//!   billed spot hours. The model is refused (reason `spot_no_progress`) when
//!   `λL ≥ 0.9`.
//! * Expected interruptions over a run are `λ·T`.
//! * Deadline: a job of `J` work hours with deadline `D` has slack `S = D − J`
//!   and tolerates `k = ⌊S / L⌋` interruptions (each costs `L`). The number of
//!   interruptions is taken as Poisson with mean `μ = λ·(J + k·L)`, the wall
//!   time of a run that uses up the slack, so
//!   `P(finish by D) = P(N ≤ k) = Σ_{i=0..k} e^{−μ} μ^i / i!`.
//!   This is an approximation (losses are taken at their mean, and arrivals
//!   after an early finish are counted), slightly conservative.
//! * Spot cost uses the midpoint of the catalog's spot snapshot range.
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::money::round_rate;
use crate::domain::scenario::SpotSettings;

/// λL at or above this is refused.
pub const MAX_LOSS_FRACTION: Decimal = Decimal::from_parts(9, 0, 0, false, 1);

/// The derived spot parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpotParams {
    /// λ, interruptions per hour.
    pub lambda: Decimal,
    /// L, hours lost per interruption.
    pub loss_hours: Decimal,
    /// f = 1 / (1 − λL).
    pub overhead_factor: Decimal,
}

/// Derive λ, L and f; None when λL ≥ 0.9 (no useful progress).
pub fn params(s: &SpotSettings) -> Option<SpotParams> {
    let lambda = s
        .interruption_pct_per_hour
        .checked_div(Decimal::ONE_HUNDRED)?;
    let c = s.checkpoint_minutes.checked_div(Decimal::from(60))?;
    let r = s.restart_minutes.checked_div(Decimal::from(60))?;
    let loss_hours = c.checked_div(Decimal::TWO)?.checked_add(r)?;
    let lf = lambda.checked_mul(loss_hours)?;
    if lf >= MAX_LOSS_FRACTION || lf < Decimal::ZERO {
        return None;
    }
    let overhead_factor = Decimal::ONE.checked_div(Decimal::ONE - lf)?;
    Some(SpotParams {
        lambda,
        loss_hours,
        overhead_factor,
    })
}

/// P(N ≤ k) for N ~ Poisson(μ), computed in log space (no underflow).
pub fn poisson_cdf(k: u64, mu: f64) -> f64 {
    if !mu.is_finite() || mu <= 0.0 {
        return 1.0;
    }
    if (k as f64) > mu + 40.0 * mu.sqrt() + 100.0 {
        return 1.0;
    }
    let ln_mu = mu.ln();
    let mut log_term = -mu;
    let mut sum = log_term.exp();
    for i in 1..=k {
        log_term += ln_mu - (i as f64).ln();
        sum += log_term.exp();
    }
    sum.clamp(0.0, 1.0)
}

/// Deadline outcome of one job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobOutcome {
    pub job_hours: Decimal,
    pub deadline_hours: Decimal,
    /// Expected wall hours J·f.
    pub expected_wall_hours: Decimal,
    /// Interruptions the slack tolerates (k).
    pub max_interruptions: u64,
    /// μ = λ(J + kL).
    pub expected_interruptions: f64,
    /// P(N ≤ k), rounded to 6 dp.
    pub completion_probability: f64,
}

/// Completion probability of a `job` with a `deadline` (see module docs).
pub fn job_outcome(p: &SpotParams, job: Decimal, deadline: Decimal) -> JobOutcome {
    let lam = p.lambda.to_f64().unwrap_or(0.0);
    let l = p.loss_hours.to_f64().unwrap_or(0.0);
    let j = job.to_f64().unwrap_or(0.0);
    let d = deadline.to_f64().unwrap_or(0.0);
    let expected_wall_hours = round_rate(job.checked_mul(p.overhead_factor).unwrap_or(job));
    let (k, mu, prob) = if d < j {
        (0, lam * j, 0.0)
    } else if l <= 0.0 || lam <= 0.0 {
        (0, lam * j, 1.0)
    } else {
        // k in exact decimal arithmetic (so 10 h / (25 min) is exactly 24)
        let k = deadline
            .checked_sub(job)
            .and_then(|s| s.checked_div(p.loss_hours))
            .map(|x| x.floor().min(Decimal::from(1_000_000_000u32)))
            .and_then(|x| x.to_u64())
            .unwrap_or(0);
        let mu = lam * (j + k as f64 * l);
        (k, mu, poisson_cdf(k, mu))
    };
    JobOutcome {
        job_hours: job,
        deadline_hours: deadline,
        expected_wall_hours,
        max_interruptions: k,
        expected_interruptions: (mu * 1e6).round() / 1e6,
        completion_probability: (prob * 1e6).round() / 1e6,
    }
}

/// What the quote reports about spot behaviour (offer-independent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpotOutcome {
    pub interruptions_per_hour: Decimal,
    pub loss_hours_per_interruption: Decimal,
    /// f = 1/(1 − λL), rounded to 6 dp (full precision is used for costs).
    pub overhead_factor: Decimal,
    /// Per instance per month: scenario hours × (f − 1).
    pub extra_hours_per_month: Decimal,
    /// Per instance per month: λ × scenario hours × f.
    pub interruptions_per_month: Decimal,
    pub job: Option<JobOutcome>,
}

/// Build the reported outcome for `hours` useful hours per month.
pub fn outcome(p: &SpotParams, s: &SpotSettings, hours: Decimal) -> SpotOutcome {
    let wall = hours.checked_mul(p.overhead_factor).unwrap_or(hours);
    SpotOutcome {
        interruptions_per_hour: p.lambda,
        loss_hours_per_interruption: round_rate(p.loss_hours),
        overhead_factor: round_rate(p.overhead_factor),
        extra_hours_per_month: round_rate(wall - hours),
        interruptions_per_month: round_rate(wall.checked_mul(p.lambda).unwrap_or_default()),
        job: match (s.job_hours, s.deadline_hours) {
            (Some(j), Some(d)) => Some(job_outcome(p, j, d)),
            _ => None,
        },
    }
}
