//! Widgets shared by the screens.
pub mod badges;
#[cfg(feature = "worker-html")]
pub mod chart;
pub mod checks;
pub mod help;
pub mod nav;
pub mod negotiated;
pub mod notices;
pub mod number_input;
pub mod scenario_selects;
pub mod worker_part;
