//! Engine errors with stable machine codes (the UI translates codes).
use serde::{Deserialize, Serialize};

use rust_decimal::Decimal;

use crate::domain::catalog::{GpuId, OfferId, ProviderId, RegionCode};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum EngineError {
    /// `Scenario::validate` failed; every problem is listed.
    InvalidScenario {
        errors: Vec<ScenarioError>,
    },
    UnknownOffer {
        offer: OfferId,
    },
    UnknownProvider {
        provider: String,
    },
    /// A checked decimal operation overflowed (inputs are bounded, so this
    /// signals a catalog with absurd figures).
    Overflow,
    DivisionByZero,
    /// Exchange rate ≤ 0.
    InvalidRate,
    /// A cost-per-job report was asked for a scenario without a job.
    NoJob,
}

impl EngineError {
    /// Stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            EngineError::InvalidScenario { .. } => "invalid_scenario",
            EngineError::UnknownOffer { .. } => "unknown_offer",
            EngineError::UnknownProvider { .. } => "unknown_provider",
            EngineError::Overflow => "overflow",
            EngineError::DivisionByZero => "division_by_zero",
            EngineError::InvalidRate => "invalid_rate",
            EngineError::NoJob => "no_job",
        }
    }
}

impl core::fmt::Display for EngineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EngineError::InvalidScenario { errors } => {
                write!(f, "invalid_scenario:")?;
                for e in errors {
                    write!(f, " {}", e.code())?;
                }
                Ok(())
            }
            EngineError::UnknownOffer { offer } => write!(f, "unknown_offer: {offer}"),
            EngineError::UnknownProvider { provider } => {
                write!(f, "unknown_provider: {provider}")
            }
            other => f.write_str(other.code()),
        }
    }
}

impl std::error::Error for EngineError {}

/// A scenario problem. `field` names use the link keys (`h`, `m`, `fx`, …).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ScenarioError {
    /// Hours per month negative or above 744.
    HoursOutOfRange {
        value: Decimal,
    },
    ZeroGpus,
    TooManyGpus {
        value: u32,
    },
    MonthsOutOfRange {
        value: u32,
    },
    UnknownOffer {
        id: OfferId,
    },
    UnknownRegion {
        provider: ProviderId,
        region: RegionCode,
    },
    UnknownGpu {
        id: GpuId,
    },
    /// Exchange rate or price ≤ 0 where it must be positive.
    RateNotPositive {
        field: String,
    },
    /// NaN or infinity given where a number was expected.
    NotFinite {
        field: String,
    },
    PercentOutOfRange {
        field: String,
        value: Decimal,
    },
    /// Negative or above the field's documented maximum.
    ValueOutOfRange {
        field: String,
        value: Decimal,
    },
}
