//! The best result of a quote ([`Cheapest`]): the comparison key of every
//! priced result ([`ranked_results`]) and the search that finds its minimum
//! as the quote is built ([`CheapestSearch`]). Apart from the pricing: it
//! only reads results, by the rule of [`crate::domain::compare_basis`].

use rust_decimal::Decimal;

use crate::domain::catalog::UsageKind;
use crate::domain::compare_basis::{bases, comparable, Basis, Candidate};

use super::{Cheapest, OfferQuote};

/// The comparison key of every priced result of `offers` (offer index,
/// model index, basis, kinds left out), see [`crate::domain::compare_basis`].
pub fn ranked_results(
    offers: &[OfferQuote],
    months: u32,
) -> Vec<(usize, usize, Basis, Vec<UsageKind>)> {
    let mut at = Vec::new();
    let mut kinds = Vec::new();
    for (o, oq) in offers.iter().enumerate() {
        for (k, m) in oq.models.iter().enumerate() {
            if let Some(d) = m.decision_cost {
                at.push((o, k, d.amount()));
                kinds.push(m.missing_kinds());
            }
        }
    }
    let items: Vec<Candidate> = at
        .iter()
        .zip(&kinds)
        .map(|((o, _, d), k)| Candidate {
            missing: k,
            decision: *d,
            charges: &offers[*o].data_charges,
            months,
        })
        .collect();
    bases(&items)
        .into_iter()
        .zip(at)
        .map(|((b, w), (o, k, _))| (o, k, b, w))
        .collect()
}

/// The search for the best result (see [`Cheapest`]), fed each offer's
/// results as the quote is built, while they are still in cache.
///
/// The rule is [`ranked_results`]' (`crate::domain::compare_basis`), and the
/// best is its minimum: ties keep catalog and model order. Only results of
/// the group missing the fewest charge kinds can be the best, so only they
/// are kept; among complete results (the group that misses none, compared
/// on the whole decision cost) only the lowest so far is. Not a ranking of
/// the whole quote afterwards: that second pass over every result fell out
/// of cache on large catalogs (figures: docs/PERFORMANCE.md).
#[derive(Default)]
pub(super) struct CheapestSearch {
    /// The fewest missing charge kinds seen (the group of `kept`).
    kinds: usize,
    /// The results of that group that can still be the best, in catalog and
    /// model order.
    kept: Vec<Seen>,
}

/// A result kept by [`CheapestSearch`].
struct Seen {
    offer: usize,
    model: usize,
    decision: Decimal,
    /// The charge kinds it misses, sorted, each once.
    kinds: Vec<UsageKind>,
}

impl CheapestSearch {
    /// Consider the results of `oq`, the quote's offer number `offer`.
    pub(super) fn add(&mut self, offer: usize, oq: &OfferQuote) {
        for (model, m) in oq.models.iter().enumerate() {
            let Some(d) = m.decision_cost else { continue };
            let mut kinds = m.missing_kinds();
            kinds.sort();
            kinds.dedup();
            let n = kinds.len();
            if self.kept.is_empty() || n < self.kinds {
                self.kinds = n;
                self.kept.clear();
            } else if n > self.kinds {
                continue;
            }
            if n == 0 {
                // complete results compare on their whole decision cost
                // (`comparable` with no kind left out: the cost, or 0 when
                // below); a later one wins only when strictly lower
                if let Some(best) = self.kept.first() {
                    let whole = |d: Decimal| d.max(Decimal::ZERO);
                    if whole(best.decision) <= whole(d.amount()) {
                        continue;
                    }
                    self.kept.clear();
                }
            }
            self.kept.push(Seen {
                offer,
                model,
                decision: d.amount(),
                kinds,
            });
        }
    }

    /// The best result of the quote `offers` the search was fed.
    pub(super) fn cheapest(self, offers: &[OfferQuote], months: u32) -> Option<Cheapest> {
        // the kinds some result of the group misses are left out of all of them
        let mut without: Vec<UsageKind> = self
            .kept
            .iter()
            .flat_map(|s| s.kinds.iter().copied())
            .collect();
        without.sort();
        without.dedup();
        let (best, basis) = self
            .kept
            .iter()
            .map(|s| {
                let c = Candidate {
                    missing: &s.kinds,
                    decision: s.decision,
                    charges: &offers[s.offer].data_charges,
                    months,
                };
                let basis = Basis {
                    missing_kinds: self.kinds,
                    comparable: comparable(&c, &without),
                };
                (s, basis)
            })
            .min_by(|a, b| a.1.cmp(&b.1))?;
        let oq = &offers[best.offer];
        let m = &oq.models[best.model];
        Some(Cheapest {
            offer: oq.offer.clone(),
            model: m.model,
            decision_cost: m.decision_cost?,
            total: m.total?,
            complete: m.complete(),
            missing: m.missing.clone(),
            comparable_cost: basis.comparable,
            compared_without: without,
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

    /// The best result as the minimum of [`ranked_results`] (what
    /// [`CheapestSearch`] must find).
    fn ranked_min(q: &Quote) -> Option<(OfferId, BillingModel, Decimal, Vec<UsageKind>)> {
        let (o, k, basis, without) = ranked_results(&q.offers, q.months)
            .into_iter()
            .min_by(|a, b| a.2.cmp(&b.2))?;
        let oq = &q.offers[o];
        Some((
            oq.offer.clone(),
            oq.models[k].model,
            basis.comparable,
            without,
        ))
    }

    #[test]
    fn the_search_finds_the_minimum_of_ranked_results() {
        let cat = Catalog::embedded().unwrap();
        let mut scenarios = vec![Scenario::default()];
        let mut incomplete = 0;
        for (egress, storage, mbps) in [(500, 0, 0), (0, 2000, 0), (800, 100, 50), (0, 0, 100)] {
            let data = crate::domain::scenario::DataVolumes {
                egress_gb: Decimal::from(egress),
                cross_region_gb: Decimal::from(egress / 2),
                storage_gb: Decimal::from(storage),
                bandwidth_mbps: Decimal::from(mbps),
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
            let got = q.cheapest.as_ref().map(|c| {
                (
                    c.offer.clone(),
                    c.model,
                    c.comparable_cost,
                    c.compared_without.clone(),
                )
            });
            assert_eq!(got, ranked_min(&q), "{s:?}");
            incomplete += usize::from(q.cheapest.as_ref().is_some_and(|c| !c.complete));
        }
        assert!(incomplete > 0, "no scenario ranks incomplete results");
    }
}
