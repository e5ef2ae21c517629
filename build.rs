//! Turns `src/data/catalog.json` into the compact binary catalog
//! (`src/domain/wire.rs`), so the browser never parses JSON. Native builds
//! (CLI, tests) embed it; the browser build reads it from files beside the
//! wasm, written here for `tools/postbuild.mjs` to put into `dist/`:
//! `catalog.bin` (the app's: no JSON-only text; the worker reads it too),
//! `catalog-rest.bin` (what the worker reads beyond it: facts, notes,
//! locators, usage rates; `wire::encode_rest`) and `history.bin` (every
//! offer's kept price history beyond the newest superseded price, which the
//! worker fetches when a screen asks for it). So a data-only change leaves
//! both wasm modules byte-identical.
//! A catalog that does not parse fails the build with the parser's message.

#[allow(dead_code, clippy::upper_case_acronyms)]
#[path = "src/domain/catalog/mod.rs"]
mod catalog;
#[allow(dead_code)]
#[path = "src/domain/codes.rs"]
mod codes;
#[allow(dead_code)]
#[path = "src/domain/wire.rs"]
mod wire;

fn main() {
    println!("cargo:rerun-if-changed=src/data/catalog.json");
    println!("cargo:rerun-if-changed=src/domain/catalog");
    println!("cargo:rerun-if-changed=src/domain/wire.rs");
    println!("cargo:rerun-if-changed=src/domain/codes.rs");
    let c = match catalog::Catalog::from_json(catalog::CATALOG_JSON) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("src/data/catalog.json: {e}");
            std::process::exit(1);
        }
    };
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("catalog.bin");
    // The browser's catalog has the figures without the JSON-only text
    // (`Catalog::for_browser`); native builds (CLI, tests) embed everything.
    let wasm = std::env::var("TARGET").is_ok_and(|t| t.starts_with("wasm32"));
    // Everything, for the worker's providers screen (provider facts); wasm
    // tests embed both (`Catalog::embedded_full`).
    let full = wire::encode(&c);
    std::fs::write(out.with_file_name("catalog_full.bin"), &full).expect("write catalog_full.bin");
    // the app's file (wasm): its layout leaves out what only the worker reads
    let app = if wasm {
        wire::encode_as(&c.for_browser(), wire::Layout::App)
    } else {
        full.clone()
    };
    std::fs::write(&out, &app).expect("write catalog.bin");
    if wasm {
        // OUT_DIR is <target>/<triple>/<profile>/build/<package>-<hash>/out
        let profile = out
            .ancestors()
            .nth(4)
            .expect("OUT_DIR has the profile directory four levels up");
        let dir = profile.join("gpucost-data");
        std::fs::create_dir_all(&dir).expect("create gpucost-data");
        // the worker's catalog keeps each offer's newest superseded price
        // (the app's file its date, the rest the price); it is the app's
        // file and the rest beside it; the rest of the history is a file
        // of its own, fetched when a screen asks for it
        let (worker, history) = c.split_history();
        let rest = wire::encode_rest(&worker);
        let history = wire::encode_history(&history);
        for (name, bytes) in [
            ("catalog.bin", &app),
            ("catalog-rest.bin", &rest),
            ("history.bin", &history),
        ] {
            // the app and the worker build at once: write whole files only
            let tmp = dir.join(format!("{name}.{}", std::process::id()));
            std::fs::write(&tmp, bytes).expect("write the data file");
            std::fs::rename(&tmp, dir.join(name)).expect("move the data file into place");
        }
    }
}
