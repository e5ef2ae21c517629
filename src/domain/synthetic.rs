//! A synthetic N× catalog for speed measurements (benchmarks and the
//! documented test-only `?synthetic=10` switch of the UI). Every offer is
//! copied N−1 times with a new id; prices and specs are unchanged, so results
//! are the same per copy — only the size grows.

use crate::domain::catalog::{Catalog, OfferId};

/// The catalog with every offer repeated `factor` times (factor 0 or 1 = unchanged).
pub fn scaled(catalog: &Catalog, factor: u32) -> Catalog {
    let mut out = catalog.clone();
    for copy in 1..factor {
        out.offers.extend(catalog.offers.iter().map(|o| {
            let mut o = o.clone();
            o.id = OfferId::from(format!("{}~x{copy}", o.id));
            o.instance_type = format!("{}~x{copy}", o.instance_type);
            o
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_multiplies_offers_with_unique_ids() {
        let c = Catalog::embedded().unwrap();
        let s = scaled(&c, 10);
        assert_eq!(s.offers.len(), c.offers.len() * 10);
        let mut ids: Vec<&str> = s.offers.iter().map(|o| o.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), s.offers.len());
        assert_eq!(scaled(&c, 1), c);
    }
}
