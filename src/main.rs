// In the browser the app starts when `boot.js` hands it its catalog.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// The app's start, called by `boot.js` with the catalog data file.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start(catalog: &[u8]) {
    gpucost::ui::start(catalog);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let code = match gpucost::cli::utf8_args(std::env::args_os().skip(1)) {
        Ok(args) => gpucost::cli::run(&args, &mut out, &mut err),
        Err(msg) => {
            use std::io::Write;
            let _ = writeln!(err, "error: {msg}");
            1
        }
    };
    std::process::exit(code);
}
