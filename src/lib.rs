//! GPU cloud cost calculator: the engine (`domain`), the embedded data, the
//! command-line front end (native) and the Leptos UI (wasm32).
pub mod domain;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

/// The UI: pure state compiles (and is tested) everywhere; components
/// mount only in the browser.
pub mod ui;
