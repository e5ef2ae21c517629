//! The compare screen's own filters (search text, required interconnect,
//! max price per hour), carried in a scenario so that every screen that
//! picks offers "for these filters" keeps the same offers the compare
//! table shows: the plan's cheapest offers, its job report, a CLI quote.
//! Not a scenario key: the link writes them as the compare view's keys
//! (`q`, `fab`, `maxp`), and [`CompareView::narrow`](crate::domain::compare::view::CompareView::narrow)
//! makes one from them.

use rust_decimal::Decimal;

use crate::domain::catalog::{Catalog, Fabric, Gpu, Offer, Region};

#[derive(Debug, Default)]
pub struct Narrow {
    /// Search text: every whitespace-separated word must be found in the
    /// offer's text ([`text_hit`]), ASCII case folded.
    pub q: String,
    /// Interconnects the offer must have, as sourced.
    pub fab: Vec<Fabric>,
    /// Max on-demand price per instance-hour in the display currency (an
    /// offer without one is not kept).
    pub max_price: Option<Decimal>,
}

// (by hand and out of line: every copy and comparison of a scenario in
// the app would otherwise carry its own, for a field only workers set)
impl Clone for Narrow {
    #[inline(never)]
    fn clone(&self) -> Narrow {
        Narrow {
            q: self.q.clone(),
            fab: self.fab.clone(),
            max_price: self.max_price,
        }
    }
}

impl PartialEq for Narrow {
    #[inline(never)]
    fn eq(&self, o: &Narrow) -> bool {
        self.q == o.q && self.fab == o.fab && self.max_price == o.max_price
    }
}

impl Narrow {
    /// None when nothing narrows.
    pub fn of(q: &str, fab: &[Fabric], max_price: Option<Decimal>) -> Option<Narrow> {
        let n = Narrow {
            q: q.trim().to_string(),
            fab: fab.to_vec(),
            max_price,
        };
        (n != Narrow::default()).then_some(n)
    }

    /// Does the offer pass the search and interconnect filters?
    pub fn keeps_offer(&self, o: &Offer, gpu: Option<&Gpu>, region: Option<&Region>) -> bool {
        if !self.fab.iter().all(|f| o.has_fabric(*f, gpu)) {
            return false;
        }
        let needle = self.q.trim().to_ascii_lowercase();
        needle
            .split_whitespace()
            .all(|w| text_hit(o, gpu, region, w))
    }

    /// Does an on-demand hourly (display currency, as the compare table
    /// shows it) pass the max price?
    pub fn keeps_hourly(&self, hourly: Option<Decimal>) -> bool {
        match self.max_price {
            None => true,
            Some(max) => hourly.is_some_and(|h| h <= max),
        }
    }

    /// [`keeps_offer`](Self::keeps_offer) with the offer's GPU and region
    /// looked up, and [`keeps_hourly`](Self::keeps_hourly) with its
    /// on-demand hourly in the scenario's currency.
    pub fn keeps(&self, catalog: &Catalog, scenario: &super::Scenario, o: &Offer) -> bool {
        self.keeps_offer(
            o,
            catalog.gpu(&o.gpu),
            catalog.region(o.provider, &o.region),
        ) && (self.max_price.is_none()
            || self.keeps_hourly(crate::domain::billing::on_demand_hourly(
                catalog, scenario, o,
            )))
    }
}

/// The texts of an offer a search looks in.
fn haystack<'a>(o: &'a Offer, gpu: Option<&'a Gpu>, region: Option<&'a Region>) -> [&'a str; 7] {
    [
        o.instance_type.as_str(),
        o.family.as_str(),
        o.region.as_str(),
        o.provider.code(),
        gpu.map(|g| g.name.as_str()).unwrap_or(""),
        region.map(|r| r.name_en.as_str()).unwrap_or(""),
        region.map(|r| r.name_zh.as_str()).unwrap_or(""),
    ]
}

/// Does an offer's text (type, family, region, provider, GPU name, region
/// names) contain `needle` (lower-case ASCII)? Shared with the plan screen's
/// offer picker.
pub fn text_hit(o: &Offer, gpu: Option<&Gpu>, region: Option<&Region>, needle: &str) -> bool {
    let hay = haystack(o, gpu, region);
    // ASCII folding is enough (codes and English names; Chinese has no case)
    // and keeps Unicode case tables out of the wasm bundle. Compared in
    // place, byte window by byte window: no string made per field and
    // offer (the table's search and the plan's picker run this for every
    // offer of the catalog on each change).
    let n = needle.as_bytes();
    n.is_empty()
        || hay.iter().any(|h| {
            h.as_bytes()
                .windows(n.len())
                .any(|w| w.eq_ignore_ascii_case(n))
        })
}

#[cfg(test)]
mod tests {
    use super::{haystack, text_hit};
    use crate::domain::embedded::test_catalog;

    /// Comparing in place finds what a lower-cased copy of each field did,
    /// for every offer of the catalog (ASCII case folded, Chinese as is).
    #[test]
    fn text_hit_finds_what_a_lowercased_copy_finds() {
        let c = test_catalog();
        let needles = [
            "a100",
            "us-east",
            "p4d.24xlarge",
            "东京",
            "东",
            "tokyo",
            "aws",
            "x",
            "zzz",
        ];
        let mut hits = 0;
        for o in &c.offers {
            let (gpu, region) = (c.gpu(&o.gpu), c.region(o.provider, &o.region));
            let hay = haystack(o, gpu, region);
            for n in needles {
                let before = hay.iter().any(|h| h.to_ascii_lowercase().contains(n));
                assert_eq!(text_hit(o, gpu, region, n), before, "{} {n}", o.id);
                hits += usize::from(before);
            }
        }
        assert!(hits > 100, "{hits}");
    }
}
