//! The catalog in its compact binary form (`domain::wire`, written by
//! `build.rs` from `src/data/catalog.json`, so the browser never parses
//! JSON): embedded at compile time in native builds and wasm tests; the
//! browser's app and worker read it from the data files beside their wasm
//! ([`Catalog::from_bytes`]), so the data never grows the code.

use crate::domain::catalog::{Catalog, CatalogError};
use crate::domain::wire;

impl Catalog {
    /// The app's data file (`catalog.bin`); a file that does not decode
    /// says why.
    pub fn from_bytes(bytes: &[u8]) -> Result<Catalog, CatalogError> {
        wire::decode(bytes).map_err(|e| CatalogError(format!("data file: {}", e.0)))
    }

    /// The worker's catalog: the app's data file and the rest beside it
    /// (`catalog-rest.bin`, [`wire::encode_rest`]); files that do not
    /// decode, or are of two datasets, say why.
    pub fn from_parts(app: &[u8], rest: &[u8]) -> Result<Catalog, CatalogError> {
        wire::decode_with_rest(app, rest).map_err(|e| CatalogError(format!("data files: {}", e.0)))
    }
}

/// The binary catalog written by `build.rs`.
#[cfg(any(not(target_arch = "wasm32"), test))]
pub const CATALOG_BIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/catalog.bin"));

/// The whole catalog, text included (provider facts, notes).
#[cfg(any(not(target_arch = "wasm32"), test))]
pub const CATALOG_FULL_BIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/catalog_full.bin"));

#[cfg(any(not(target_arch = "wasm32"), test))]
impl Catalog {
    /// The catalog embedded in the binary.
    pub fn embedded() -> Result<Catalog, CatalogError> {
        wire::decode(CATALOG_BIN).map_err(|e| CatalogError(format!("embedded data: {}", e.0)))
    }

    /// The whole catalog with its text (the browser build's [`Catalog::embedded`]
    /// leaves provider facts out; the plan worker's providers screen needs them).
    pub fn embedded_full() -> Result<Catalog, CatalogError> {
        wire::decode(CATALOG_FULL_BIN).map_err(|e| CatalogError(format!("embedded data: {}", e.0)))
    }
}

/// The embedded catalog for unit tests, decoded once per test binary.
#[cfg(test)]
pub fn test_catalog() -> &'static Catalog {
    static C: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    C.get_or_init(|| Catalog::embedded().expect("embedded catalog decodes"))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::domain::catalog::CATALOG_JSON;

    #[test]
    fn embedded_binary_equals_the_json_file() {
        let from_json = Catalog::from_json(CATALOG_JSON).unwrap();
        assert_eq!(Catalog::embedded().unwrap(), from_json);
    }

    #[test]
    fn the_browser_catalog_prices_the_table_the_same() {
        use crate::domain::link::parse_scenario;
        use crate::domain::pricing::all_offer_metrics;
        let full = Catalog::from_json(CATALOG_JSON).unwrap();
        let lite = full.for_browser();
        let app = wire::encode_as(&lite, wire::Layout::App);
        assert!(app.len() < wire::encode(&lite).len());
        // the app's file reads back as the browser catalog (every
        // worker-only field its default)
        assert_eq!(Catalog::from_bytes(&app).unwrap(), lite);
        for q in [
            "v=2&m=36",
            "v=2&cur=CNY&m=7&h=200&eg=5000&xr=2048&st=500&disc=35&si=gt20",
            "v=2&gpus=8&vram=640&bm=od,ri1a,ri3p,sp1,sub,spot,mix&mixb=ri1n&disc=30",
        ] {
            let (a, _) = parse_scenario(q, &full);
            let (b, _) = parse_scenario(q, &lite);
            assert_eq!(a, b);
            // the app prices the table; quotes (data charges, promotions) are
            // the worker's, from the whole catalog
            assert_eq!(all_offer_metrics(&full, &a), all_offer_metrics(&lite, &b));
            assert!(lite.usage_rates.is_empty() && lite.benchmarks.is_empty());
        }
    }

    #[test]
    fn wire_round_trips_and_rejects_damage() {
        let c = Catalog::from_json(CATALOG_JSON).unwrap();
        let bytes = wire::encode(&c);
        assert_eq!(wire::decode(&bytes).unwrap(), c);
        assert!(wire::decode(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(wire::decode(&longer).is_err());
        assert!(wire::decode(b"nope").is_err());
        // Every truncation fails cleanly, never panics.
        for cut in (0..bytes.len()).step_by(97) {
            assert!(wire::decode(&bytes[..cut]).is_err());
        }
    }
}
