//! The catalog embedded at compile time. `build.rs` turns
//! `src/data/catalog.json` into the compact binary form of `domain::wire`,
//! so the browser never parses JSON (see `wire` for why).

use crate::domain::catalog::{Catalog, CatalogError};
use crate::domain::wire;

/// The binary catalog written by `build.rs`.
pub const CATALOG_BIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/catalog.bin"));

impl Catalog {
    /// The catalog embedded in the binary.
    pub fn embedded() -> Result<Catalog, CatalogError> {
        wire::decode(CATALOG_BIN).map_err(|e| CatalogError(format!("embedded data: {}", e.0)))
    }
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
