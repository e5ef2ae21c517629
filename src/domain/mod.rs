//! The engine: pure Rust, no web imports. Functions of (&Catalog, &Scenario).
pub mod breakeven;
pub mod catalog;
pub mod error;
pub mod link;
pub mod money;
pub mod pricing;
pub mod scenario;
pub mod spot;
pub mod tco;
pub mod validate;

pub use error::EngineError;
pub mod compare;
pub mod input;
pub mod synthetic;
