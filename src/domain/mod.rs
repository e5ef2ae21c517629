//! The engine: pure Rust, no web imports. Functions of (&Catalog, &Scenario).
pub mod advise;
pub mod age;
pub mod billing;
pub mod breakeven;
pub mod catalog;
pub mod codes;
pub mod compare;
pub mod compare_basis;
pub mod embedded;
pub mod error;
pub mod input;
pub mod job;
pub mod link;
pub mod money;
pub mod plan;
pub mod pricing;
pub mod scenario;
pub mod spot;
pub mod synthetic;
pub mod tco;
pub mod validate;
pub mod wire;

pub use error::EngineError;
