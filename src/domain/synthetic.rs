//! N× catalogs for size and speed measurements.
//!
//! - [`scaled`] (benchmarks of the engine's work, the documented test-only
//!   `?synthetic=10` switch of the UI): every offer copied N−1 times with a
//!   new id, prices and specs unchanged, so results are the same per copy.
//!   Identical copies compress to almost nothing, so it says nothing of
//!   bytes.
//! - [`regions_cloned`] (`gpucost scale-catalog N`, `make dist
//!   CATALOG=FILE`): what a catalog listing every region looks like. Every
//!   region is cloned N−1 times under its own code and name, with its
//!   offers, and every clone's prices are moved by a factor of 0.85–1.15
//!   drawn from the offer's id, so the file compresses like real per-region
//!   prices. The clones have no transfer or storage rates of their own (as
//!   a region a feed lists before its rates are read).

use crate::domain::catalog::{Catalog, OfferId, PriceKind, RegionCode};
use crate::domain::wire::derived_offer_id;
use rust_decimal::Decimal;

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

/// The code of region `code`'s `copy`-th clone.
pub fn clone_code(code: &str, copy: u32) -> String {
    format!("{code}-x{copy}")
}

/// The catalog with every region cloned `factor − 1` times (factor 0 or 1 =
/// unchanged): each clone holds a copy of the region's offers, their prices
/// (and kept history) multiplied by the copy's factor for that offer,
/// rounded to the price's own decimal places.
pub fn regions_cloned(catalog: &Catalog, factor: u32) -> Catalog {
    let mut out = catalog.clone();
    for copy in 1..factor {
        out.regions.extend(catalog.regions.iter().map(|r| {
            let mut r = r.clone();
            r.code = RegionCode::from(clone_code(r.code.as_str(), copy));
            r.name_en = format!("{} · {}", r.name_en, copy + 1);
            r.name_zh = format!("{} · {}", r.name_zh, copy + 1);
            r
        }));
        out.offers.extend(catalog.offers.iter().map(|o| {
            let mut o = o.clone();
            o.region = RegionCode::from(clone_code(o.region.as_str(), copy));
            o.id = OfferId::from(derived_offer_id(o.provider, &o.region, &o.instance_type));
            let f = factor_of(o.id.as_str());
            for p in o
                .prices
                .iter_mut()
                .chain(&mut o.price_history)
                .chain(&mut o.alt_prices)
            {
                p.kind = moved(&p.kind, f);
                p.range_min = p.range_min.map(|m| times(m, f));
            }
            o
        }));
    }
    out
}

/// 0.85–1.15 from an FNV-1a hash of `key`, in thousandths.
fn factor_of(key: &str) -> Decimal {
    let h = key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    Decimal::new(850 + (h % 301) as i64, 3)
}

fn times(x: Decimal, f: Decimal) -> Decimal {
    (x * f).round_dp(x.scale())
}

fn moved(kind: &PriceKind, f: Decimal) -> PriceKind {
    use PriceKind::*;
    match *kind {
        OnDemand { hourly } => OnDemand {
            hourly: times(hourly, f),
        },
        Spot {
            hourly_min,
            hourly_max,
        } => Spot {
            hourly_min: times(hourly_min, f),
            hourly_max: times(hourly_max, f),
        },
        Reserved {
            term_months,
            payment,
            upfront,
            hourly,
        } => Reserved {
            term_months,
            payment,
            upfront: times(upfront, f),
            hourly: times(hourly, f),
        },
        SavingsPlan {
            term_months,
            payment,
            hourly,
        } => SavingsPlan {
            term_months,
            payment,
            hourly: times(hourly, f),
        },
        Subscription { monthly } => Subscription {
            monthly: times(monthly, f),
        },
        CapacityBlock { hourly } => CapacityBlock {
            hourly: times(hourly, f),
        },
    }
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

    #[test]
    fn regions_cloned_is_a_valid_catalog_with_moved_prices() {
        let c = Catalog::embedded_full().unwrap();
        let s = regions_cloned(&c, 3);
        assert_eq!(s.offers.len(), c.offers.len() * 3);
        assert_eq!(s.regions.len(), c.regions.len() * 3);
        assert_eq!(s.usage_rates, c.usage_rates);
        assert_eq!(crate::domain::validate::validate(&s), Vec::new());
        assert_eq!(regions_cloned(&c, 1), c);
        // the clone of the first offer: its region's code, the price moved
        // within 0.85–1.15 and rounded to the original's places
        let o = &c.offers[0];
        let id = format!(
            "{}:{}:{}",
            o.provider.code(),
            clone_code(o.region.as_str(), 2),
            o.instance_type
        );
        let k = s.offer(&id).expect("the clone is there");
        let (PriceKind::OnDemand { hourly: a }, PriceKind::OnDemand { hourly: b }) =
            (&o.prices[0].kind, &k.prices[0].kind)
        else {
            panic!("the first price is on demand")
        };
        let f = factor_of(&id);
        assert!(f >= Decimal::new(85, 2) && f <= Decimal::new(115, 2));
        assert_eq!(*b, (*a * f).round_dp(a.scale()));
        assert!(b.scale() <= a.scale());
        // deterministic
        assert_eq!(regions_cloned(&c, 3), s);
    }
}
