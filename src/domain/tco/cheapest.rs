//! The best result of a quote ([`Cheapest`]): the comparison key of every
//! priced result ([`ranked_results`]) and the search that finds its minimum
//! as the quote is built ([`CheapestSearch`]). Apart from the pricing: it
//! only reads results, by the rule of [`crate::domain::compare_basis`].

use crate::domain::compare_basis::{basis, Basis, Candidate};

use super::{Cheapest, ModelQuote, OfferQuote};

/// A priced result's comparison key (None when the model is unavailable).
fn key(m: &ModelQuote, months: u32) -> Option<Basis> {
    let d = m.decision_cost?;
    Some(basis(&Candidate {
        missing: &m.missing,
        decision: d.amount(),
        months,
    }))
}

/// The comparison key of every priced result of `offers` (offer index,
/// model index, basis), see [`crate::domain::compare_basis`].
pub fn ranked_results(offers: &[OfferQuote], months: u32) -> Vec<(usize, usize, Basis)> {
    let mut out = Vec::new();
    for (o, oq) in offers.iter().enumerate() {
        for (k, m) in oq.models.iter().enumerate() {
            if let Some(b) = key(m, months) {
                out.push((o, k, b));
            }
        }
    }
    out
}

/// The search for the best result (see [`Cheapest`]), fed each offer's
/// results as the quote is built, while they are still in cache.
///
/// The rule is [`ranked_results`]' (`crate::domain::compare_basis`), and the
/// best is its minimum: ties keep catalog and model order. A result's key
/// depends on that result alone, so only the lowest so far is kept. Not a
/// ranking of the whole quote afterwards: that second pass over every
/// result fell out of cache on large catalogs (figures:
/// docs/PERFORMANCE.md).
#[derive(Default)]
pub(super) struct CheapestSearch {
    /// The lowest so far: offer number, model index, key.
    best: Option<(usize, usize, Basis)>,
}

impl CheapestSearch {
    /// Consider the results of `oq`, the quote's offer number `offer`.
    pub(super) fn add(&mut self, offer: usize, oq: &OfferQuote, months: u32) {
        for (model, m) in oq.models.iter().enumerate() {
            let Some(b) = key(m, months) else { continue };
            // a later result wins only when strictly lower
            if self.best.as_ref().is_none_or(|(_, _, best)| b < *best) {
                self.best = Some((offer, model, b));
            }
        }
    }

    /// The best result of the quote `offers` the search was fed.
    pub(super) fn cheapest(self, offers: &[OfferQuote]) -> Option<Cheapest> {
        let (o, k, basis) = self.best?;
        let oq = &offers[o];
        let m = &oq.models[k];
        Some(Cheapest {
            offer: oq.offer.clone(),
            model: m.model,
            decision_cost: m.decision_cost?,
            total: m.total?,
            complete: m.complete(),
            missing: m.missing.clone(),
            bound: basis.bound(),
            basis,
            age: m.age.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::catalog::{Catalog, OfferId};
    use crate::domain::scenario::{BillingModel, Scenario};
    use crate::domain::tco::{quote_with, Quote, QuoteOptions};
    use rust_decimal::Decimal;

    /// The best result as the minimum of [`ranked_results`] (what
    /// [`CheapestSearch`] must find).
    fn ranked_min(q: &Quote) -> Option<(OfferId, BillingModel, Basis)> {
        let (o, k, basis) = ranked_results(&q.offers, q.months)
            .into_iter()
            .min_by(|a, b| a.2.cmp(&b.2))?;
        let oq = &q.offers[o];
        Some((oq.offer.clone(), oq.models[k].model, basis))
    }

    #[test]
    fn the_search_finds_the_minimum_of_ranked_results() {
        let cat = Catalog::embedded().unwrap();
        let mut scenarios = vec![Scenario::default()];
        let mut incomplete = 0;
        for (egress, storage, mbps, boot, ip) in [
            (500, 0, 0, 0, 0),
            (0, 2000, 0, 0, 0),
            (800, 100, 50, 0, 0),
            (0, 0, 100, 0, 0),
            (0, 0, 0, 200, 0),
            (0, 0, 0, 0, 1),
        ] {
            let data = crate::domain::scenario::DataVolumes {
                egress_gb: Decimal::from(egress),
                cross_region_gb: Decimal::from(egress / 2),
                storage_gb: Decimal::from(storage),
                boot_disk_gb: Decimal::from(boot),
                bandwidth_mbps: Decimal::from(mbps),
                public_ipv4: ip,
            };
            scenarios.push(Scenario {
                data: data.clone(),
                ..Scenario::default()
            });
            // one provider at a time, so that some quotes have no complete result
            for p in &cat.providers {
                scenarios.push(Scenario {
                    data: data.clone(),
                    providers: vec![p.id],
                    months: 7,
                    ..Scenario::default()
                });
            }
        }
        for s in &scenarios {
            let q = quote_with(&cat, s, QuoteOptions::TOTALS).unwrap();
            let got = q
                .cheapest
                .as_ref()
                .map(|c| (c.offer.clone(), c.model, c.basis.clone()));
            assert_eq!(got, ranked_min(&q), "{s:?}");
            incomplete += usize::from(q.cheapest.as_ref().is_some_and(|c| !c.complete));
        }
        assert!(incomplete > 0, "no scenario ranks incomplete results");
    }
}
