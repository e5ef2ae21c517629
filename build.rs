//! Turns `src/data/catalog.json` into the compact binary catalog embedded in
//! the app (`src/domain/wire.rs`), so the browser never parses JSON.
//! A catalog that does not parse fails the build with the parser's message.

#[allow(dead_code, clippy::upper_case_acronyms)]
#[path = "src/domain/catalog.rs"]
mod catalog;
#[allow(dead_code)]
#[path = "src/domain/codes.rs"]
mod codes;
#[allow(dead_code)]
#[path = "src/domain/wire.rs"]
mod wire;

fn main() {
    println!("cargo:rerun-if-changed=src/data/catalog.json");
    println!("cargo:rerun-if-changed=src/domain/catalog.rs");
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
    // The browser build embeds the figures without the JSON-only text
    // (`Catalog::for_browser`); native builds (CLI, tests) embed everything.
    let wasm = std::env::var("TARGET").is_ok_and(|t| t.starts_with("wasm32"));
    // Everything, for the plan worker's providers screen (provider facts);
    // only code that asks for it (`Catalog::embedded_full`) carries it.
    std::fs::write(out.with_file_name("catalog_full.bin"), wire::encode(&c))
        .expect("write catalog_full.bin");
    let c = if wasm { c.for_browser() } else { c };
    std::fs::write(&out, wire::encode(&c)).expect("write catalog.bin");
}
