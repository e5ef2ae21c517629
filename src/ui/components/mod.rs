//! Widgets shared by the screens.
pub mod chart;
pub mod nav;
pub mod notices;
pub mod number_input;
