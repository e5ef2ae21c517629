//! One module per screen. A screen reads and writes the shared
//! [`crate::ui::state::AppState`]; its own view keys live next to it
//! (`compare/view.rs`) and are listed in `ui::link`.
pub mod compare;
pub mod sources;
