//! One module per screen. A screen reads and writes the shared
//! [`crate::ui::state::AppState`] (the scenario is already there); its own
//! view keys live next to it (`compare/view.rs`) and are read and written
//! by `ui::link`. To add a screen: a module here, a variant of
//! [`crate::ui::link::Screen`], then what the compiler asks for (its label,
//! its place in `app.rs`). Screens are built once and hidden while another
//! is shown; a screen with expensive memos should skip work while hidden.
pub mod advise;
pub mod compare;
pub mod ctx;
pub mod plan;
pub mod providers;
pub mod sources;

/// The worker's answers (the worker binary and native tests).
#[cfg(feature = "worker-html")]
pub mod dispatch;
