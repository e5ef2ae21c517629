//! The Leptos UI (wasm32 only). Components derive from signals and call the
//! engine through memos; no arithmetic happens inside `view!`.
pub mod app;
pub mod compare;
pub mod format;
pub mod i18n;
pub mod panic;
pub mod url;

use crate::domain::catalog::Catalog;

/// Entry point called by `main` in the browser.
pub fn start() {
    panic::install();
    let catalog = match Catalog::embedded() {
        Ok(c) => c,
        Err(e) => {
            panic::show_fatal(&e.to_string());
            return;
        }
    };
    // The catalog lives for the whole page; leaking it gives `&'static` access
    // from every component without cloning.
    let catalog: &'static Catalog = Box::leak(Box::new(catalog));
    leptos::mount::mount_to_body(move || leptos::view! { <app::App catalog=catalog /> });
    panic::remove_boot_placeholder();
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests;
