//! Engine errors with stable machine codes (the UI translates codes).
use serde::{Deserialize, Serialize};

use crate::domain::catalog::OfferId;
use crate::domain::scenario::ScenarioError;

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
