//! The Leptos UI. Components derive from signals and call the engine
//! through memos; no arithmetic happens inside `view!`. Everything compiles
//! natively too, so the pure parts (links, view rules, app state) are tested
//! with `cargo test`; only the browser mounts components.
pub mod app;
pub mod components;
/// The exports (the worker makes them).
#[cfg(feature = "worker-html")]
pub mod export;
pub mod format;
pub mod html;
pub mod i18n;
pub mod labels;
pub mod link;
pub mod pages;
pub mod panic;
/// QR codes of share links (the worker makes them).
#[cfg(feature = "worker-html")]
pub mod qr;
pub mod state;
pub mod url;
pub mod worker;

/// The app's start (`main.rs` exports it to `boot.js`) with the catalog
/// data file (`catalog.bin`, fetched beside the wasm): a file that does not
/// decode shows what went wrong instead of an app without data.
#[cfg(target_arch = "wasm32")]
pub fn start(catalog: &[u8]) {
    panic::install();
    use crate::domain::catalog::Catalog;
    let catalog = match Catalog::from_bytes(catalog) {
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
