//! Spot / preemptible model.
//!
//! # Model and assumptions
//!
//! * Interruptions arrive as a Poisson process at rate λ per wall-clock hour,
//!   independent of price and of each other. Providers publish the rate as
//!   the share `p` of instances interrupted in a month (AWS Spot Advisor's
//!   bands < 5 %, 5–10 %, 10–15 %, 15–20 %, > 20 %); an instance running a
//!   whole month (730 h) is interrupted at least once with probability
//!   `1 − e^{−730λ}`, so `λ = −ln(1 − p) / 730` (`si=15` → λ ≈ 0.000223 /h,
//!   about 0.16 interruptions a month). A band is taken at its upper edge
//!   (> 20 % as 25 %). Link v1's `si` was λ itself in percent (`sih`).
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
use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::money::round_rate;
use crate::domain::scenario::{InterruptionRate, SpotSettings, SPOT_MONTH_HOURS};

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

/// The hazard λ (interruptions per instance-hour) a published rate implies.
pub fn hazard_per_hour(rate: InterruptionRate) -> Option<Decimal> {
    match rate {
        InterruptionRate::HourlyPct(p) => p.checked_div(Decimal::ONE_HUNDRED),
        InterruptionRate::MonthlyPct(_) | InterruptionRate::Band(_) => {
            let p = rate.monthly_pct()?.to_f64()? / 100.0;
            if !(0.0..1.0).contains(&p) {
                return None;
            }
            let lambda = -(1.0 - p).ln() / f64::from(SPOT_MONTH_HOURS);
            // 12 decimal places: exact enough for any figure shown (λ is an
            // assumption, not money) and reproducible across platforms.
            Decimal::from_f64(lambda).map(|d| d.round_dp(12))
        }
    }
}

/// Derive λ, L and f; None when λL ≥ 0.9 (no useful progress).
pub fn params(s: &SpotSettings) -> Option<SpotParams> {
    let lambda = hazard_per_hour(s.interruption)?;
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

/// What the quote reports about spot behaviour (offer-independent). The
/// cost side (overhead factor, extra hours) and the job side (completion
/// probability) are separate: a mix's monthly cost says nothing about
/// whether one job finishes by its deadline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpotOutcome {
    /// The rate as entered: share of instances interrupted per month, percent
    /// (None when entered per hour).
    pub interruption_monthly_pct: Option<Decimal>,
    /// The hazard λ it implies (interruptions per instance-hour).
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
        interruption_monthly_pct: s.interruption.monthly_pct(),
        interruptions_per_hour: p.lambda.normalize(),
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
