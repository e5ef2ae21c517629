//! The engine: pure Rust, no web imports. Functions of (&Catalog, &Scenario).
pub mod catalog;
pub mod validate;
