//! Input checks: the range helpers every input goes through, the stable
//! code of each [`ScenarioError`], and [`Scenario::validate`], which checks
//! every field against its documented bound and the catalog. Apart from the
//! scenario's fields so the shape of a scenario reads on its own.
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;

use super::{
    InterruptionRate, JobSpec, Scenario, ScenarioError, StudentPrice, UsageRateKey,
    MAX_BANDWIDTH_MBPS, MAX_BOOT_DISK_GB, MAX_FX, MAX_GPUS, MAX_HOURS_PER_MONTH, MAX_INPUT_DP,
    MAX_JOB_HOURS, MAX_MINUTES, MAX_MONEY_INPUT, MAX_MONTHLY_INTERRUPTION_PCT, MAX_MONTHS,
    MAX_NEGOTIATED_PCT, MAX_PUBLIC_IPV4, MAX_VOLUME_GB, MAX_VRAM_GB, MIN_FX, MIN_MONTHS,
};
use crate::domain::catalog::Catalog;

impl ScenarioError {
    pub fn code(&self) -> &'static str {
        match self {
            ScenarioError::HoursOutOfRange { .. } => "hours_out_of_range",
            ScenarioError::ZeroGpus => "zero_gpus",
            ScenarioError::TooManyGpus { .. } => "too_many_gpus",
            ScenarioError::MonthsOutOfRange { .. } => "months_out_of_range",
            ScenarioError::UnknownOffer { .. } => "unknown_offer",
            ScenarioError::UnknownRegion { .. } => "unknown_region",
            ScenarioError::UnknownGpu { .. } => "unknown_gpu",
            ScenarioError::RateNotPositive { .. } => "rate_not_positive",
            ScenarioError::NotFinite { .. } => "not_finite",
            ScenarioError::PercentOutOfRange { .. } => "percent_out_of_range",
            ScenarioError::ValueOutOfRange { .. } => "value_out_of_range",
        }
    }
}

/// Convert a UI float to a Decimal; NaN/inf → [`ScenarioError::NotFinite`].
pub fn decimal_from_f64(field: &str, x: f64) -> Result<Decimal, ScenarioError> {
    if !x.is_finite() {
        return Err(ScenarioError::NotFinite {
            field: field.to_string(),
        });
    }
    Decimal::from_f64(x).ok_or(ScenarioError::NotFinite {
        field: field.to_string(),
    })
}

/// Percent in 0–100.
pub fn check_pct(field: &str, v: Decimal) -> Result<(), ScenarioError> {
    if v < Decimal::ZERO || v > Decimal::ONE_HUNDRED {
        return Err(ScenarioError::PercentOutOfRange {
            field: field.to_string(),
            value: v,
        });
    }
    Ok(())
}

/// Value in `0..=max`.
pub fn check_range(field: &str, v: Decimal, max: Decimal) -> Result<(), ScenarioError> {
    if v < Decimal::ZERO || v > max {
        return Err(ScenarioError::ValueOutOfRange {
            field: field.to_string(),
            value: v,
        });
    }
    Ok(())
}

/// Positive and at most `max`.
pub fn check_positive(field: &str, v: Decimal, max: Decimal) -> Result<(), ScenarioError> {
    if v <= Decimal::ZERO {
        return Err(ScenarioError::RateNotPositive {
            field: field.to_string(),
        });
    }
    check_range(field, v, max)
}

impl Scenario {
    /// Every decimal input with its link key (for the precision bound).
    fn decimal_inputs(&self) -> Vec<(&'static str, Decimal)> {
        let mut v = vec![
            ("h", self.hours_per_month),
            ("ck", self.spot.checkpoint_minutes),
            ("ro", self.spot.restart_minutes),
            ("mix", self.mix_spot_share_pct),
            ("fmd", self.promotions.first_month_discount_pct),
            ("stucap", self.promotions.student_daily_cap_hours),
            ("eg", self.data.egress_gb),
            ("xr", self.data.cross_region_gb),
            ("st", self.data.storage_gb),
            ("bd", self.data.boot_disk_gb),
            ("bw", self.data.bandwidth_mbps),
        ];
        v.extend(self.fx_cny_per_usd.map(|x| ("fx", x)));
        v.extend(self.spot.job_hours.map(|x| ("job", x)));
        v.extend(self.spot.deadline_hours.map(|x| ("dl", x)));
        v.extend(self.promotions.credit.map(|x| ("cr", x.amount())));
        if let Some(StudentPrice::Hourly(x)) = self.promotions.student {
            v.push(("stu", x.amount()));
        }
        v.extend(self.user_prices.values().map(|x| ("up", *x)));
        v.extend(self.user_usage_rates.values().map(|x| ("ur", *x)));
        v.extend(self.negotiated.iter().map(|(_, x)| ("nd", x)));
        if let Some(j) = &self.job {
            v.extend(j.decimal_inputs());
        }
        match self.spot.interruption {
            InterruptionRate::MonthlyPct(x) => v.push(("si", x)),
            InterruptionRate::HourlyPct(x) => v.push(("sih", x)),
            InterruptionRate::Band(_) => {}
        }
        v
    }

    /// Check every field against its documented range and the catalog.
    pub fn validate(&self, catalog: &Catalog) -> Result<(), Vec<ScenarioError>> {
        let mut errs = Vec::new();
        let mut push = |r: Result<(), ScenarioError>| {
            if let Err(e) = r {
                errs.push(e);
            }
        };
        let h = self.hours_per_month;
        if h < Decimal::ZERO || h > Decimal::from(MAX_HOURS_PER_MONTH) {
            push(Err(ScenarioError::HoursOutOfRange { value: h }));
        }
        if self.min_gpus == 0 {
            push(Err(ScenarioError::ZeroGpus));
        } else if self.min_gpus > MAX_GPUS {
            push(Err(ScenarioError::TooManyGpus {
                value: self.min_gpus,
            }));
        }
        if let Some(v) = self.min_vram_gb {
            push(check_range(
                "vram",
                Decimal::from(v),
                Decimal::from(MAX_VRAM_GB),
            ));
        }
        if !(MIN_MONTHS..=MAX_MONTHS).contains(&self.months) {
            push(Err(ScenarioError::MonthsOutOfRange { value: self.months }));
        }
        for g in &self.gpu_models {
            if catalog.gpu(g).is_none() {
                push(Err(ScenarioError::UnknownGpu { id: g.clone() }));
            }
        }
        for r in &self.regions {
            if catalog.region(r.provider, &r.code).is_none() {
                push(Err(ScenarioError::UnknownRegion {
                    provider: r.provider,
                    region: r.code.clone(),
                }));
            }
        }
        for o in self.offers.iter().flatten().chain(self.user_prices.keys()) {
            if catalog.offer(o).is_none() {
                push(Err(ScenarioError::UnknownOffer { id: o.clone() }));
            }
        }
        if let Some(fx) = self.fx_cny_per_usd {
            push(check_positive("fx", fx, Decimal::from(MAX_FX)));
            if fx < MIN_FX {
                push(Err(ScenarioError::ValueOutOfRange {
                    field: "fx".into(),
                    value: fx,
                }));
            }
        }
        let money_max = Decimal::from(MAX_MONEY_INPUT);
        for p in self.user_prices.values() {
            push(check_positive("up", *p, money_max));
        }
        for (code, p) in &self.user_usage_rates {
            match UsageRateKey::from_code(code) {
                Some(k) if catalog.region(k.provider, &k.region).is_some() => {}
                Some(k) => push(Err(ScenarioError::UnknownRegion {
                    provider: k.provider,
                    region: k.region,
                })),
                None => push(Err(ScenarioError::ValueOutOfRange {
                    field: "ur".into(),
                    value: *p,
                })),
            }
            push(check_range("ur", *p, money_max));
        }
        let s = &self.spot;
        match s.interruption {
            InterruptionRate::MonthlyPct(p) => {
                push(check_range("si", p, MAX_MONTHLY_INTERRUPTION_PCT))
            }
            InterruptionRate::Band(_) => {}
            InterruptionRate::HourlyPct(p) => push(check_pct("sih", p)),
        }
        push(check_range(
            "ck",
            s.checkpoint_minutes,
            Decimal::from(MAX_MINUTES),
        ));
        push(check_range(
            "ro",
            s.restart_minutes,
            Decimal::from(MAX_MINUTES),
        ));
        if let Some(j) = s.job_hours {
            push(check_positive("job", j, Decimal::from(MAX_JOB_HOURS)));
        }
        if let Some(d) = s.deadline_hours {
            push(check_positive("dl", d, Decimal::from(MAX_JOB_HOURS)));
        }
        push(check_pct("mix", self.mix_spot_share_pct));
        let p = &self.promotions;
        push(check_pct("fmd", p.first_month_discount_pct));
        if let Some(c) = p.credit {
            push(check_range("cr", c.amount(), money_max));
        }
        if let Some(m) = p.credit_expiry_month {
            if !(MIN_MONTHS..=MAX_MONTHS).contains(&m) {
                push(Err(ScenarioError::MonthsOutOfRange { value: m }));
            }
        }
        match p.student {
            Some(StudentPrice::Hourly(v)) => push(check_range("stu", v.amount(), money_max)),
            Some(StudentPrice::DiscountPct(v)) => push(check_pct("stu", v)),
            None => {}
        }
        push(check_range(
            "stucap",
            p.student_daily_cap_hours,
            Decimal::from(24),
        ));
        let d = &self.data;
        let vol = Decimal::from(MAX_VOLUME_GB);
        push(check_range("eg", d.egress_gb, vol));
        push(check_range("xr", d.cross_region_gb, vol));
        push(check_range("st", d.storage_gb, vol));
        push(check_range(
            "bd",
            d.boot_disk_gb,
            Decimal::from(MAX_BOOT_DISK_GB),
        ));
        push(check_range(
            "bw",
            d.bandwidth_mbps,
            Decimal::from(MAX_BANDWIDTH_MBPS),
        ));
        push(check_range(
            "ip",
            Decimal::from(d.public_ipv4),
            Decimal::from(MAX_PUBLIC_IPV4),
        ));
        if let Some(a) = self.assumed_discount {
            push(check_pct("disc", a.no_upfront_pct));
            for v in [a.partial_upfront_pct, a.all_upfront_pct]
                .into_iter()
                .flatten()
            {
                push(check_pct("disc", v));
            }
        }
        for (_, d) in self.negotiated.iter() {
            push(check_positive("nd", d, Decimal::from(MAX_NEGOTIATED_PCT)));
        }
        for e in self.job.iter().flat_map(JobSpec::check) {
            push(Err(e));
        }
        for (field, v) in self.decimal_inputs() {
            if v.scale() > MAX_INPUT_DP {
                push(Err(ScenarioError::ValueOutOfRange {
                    field: field.into(),
                    value: v,
                }));
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs)
        }
    }
}
