//! The candidates: every offer the filters match, the hard constraints it
//! fails, and its priced strategies (see the module docs of `advise`).
//! The offers' facts are in `facts`, their pricing in `pricer`, the part
//! the worker keeps between keystrokes in `kept`, a job's pool in
//! `job_pool`.
use super::facts::OfferFacts;
use super::job_pool::{job_of, job_pool};
use super::kept::KeptPool;
use super::pricer::{placeholder, Pricer};
use super::*;
use crate::domain::billing::assumed::AssumedRates;
use crate::domain::catalog::{Catalog, OfferId};
use crate::domain::error::EngineError;
use crate::domain::scenario::Scenario;

/// Every strategy of every offer the filters match, with its failed
/// constraints; and the offers' facts.
#[derive(Clone)]
pub(super) struct Pool<'a> {
    /// Shared with the [`KeptPool`] it was made from (a keystroke in the
    /// months box copied them all).
    pub(super) offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
    /// Offers whose job throughput was measured (not estimated).
    pub(super) measured: Vec<OfferId>,
    /// (index into `offers`, strategy), in `offers` order: each offer's
    /// strategies next to each other, the indices ascending
    /// ([`Pool::strategies_of`] reads them so). Shared with the
    /// [`KeptPool`] it was made from, which settles them again over the
    /// next horizon in place once nothing else holds them.
    pub(super) strategies: std::rc::Rc<Vec<(usize, Strategy)>>,
    /// Offers not priced yet (see [`build_pool`]), in `offers` order; each
    /// stands in `strategies` as one unpriced strategy failing what the
    /// offer fails.
    pub(super) deferred: Vec<usize>,
    /// The assumed discounts the pool was priced with (one pass over the
    /// catalog), kept for pricing its deferred offers.
    pub(super) assumed: Option<Vec<AssumedRates>>,
}

/// The offer-level constraints checked before the price (the first each
/// fails is the reason it is excluded, whatever its prices).
pub(super) fn before_price() -> u16 {
    [
        Exclusion::Residency,
        Exclusion::Icp,
        Exclusion::Platform,
        Exclusion::Accelerator,
        Exclusion::Memory,
        Exclusion::NvLink,
        Exclusion::Rdma,
    ]
    .into_iter()
    .fold(0, |m, e| m | e.bit())
}

/// The pool of the scenario and advice inputs. With `defer`, an offer
/// that fails a constraint checked before the price (residency, ICP,
/// platform, accelerator, memory, NVLink, RDMA) is not priced: nothing the
/// advice shows reads its prices (it is excluded for that constraint
/// whatever they are) but what would change the answer and the relaxations,
/// which price it first ([`Pool::completed`]). Outside a job and the
/// articles' pick's family (whose unpriced models the advice reports).
pub(super) fn build_pool<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    defer: bool,
) -> Result<Pool<'a>, EngineError> {
    sc.validate(c)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    match job_of(c, sc, a)? {
        Some(job) => job_pool(c, sc, a, &job),
        None => KeptPool::new(c, sc, a, defer, KeptPool::key(sc, a, defer))?.into_pool(sc, a),
    }
}

impl<'a> Pool<'a> {
    /// The strategies of offer `i` (index into `offers`), found by halving
    /// (the strategies are in `offers` order), not by reading them all.
    pub(super) fn strategies_of(&self, i: usize) -> &[(usize, Strategy)] {
        let s = &self.strategies[..];
        let start = s.partition_point(|(j, _)| *j < i);
        let end = start + s[start..].partition_point(|(j, _)| *j == i);
        &s[start..end]
    }

    /// This pool with its deferred offers priced (None when none is: the
    /// pool is complete), for what reads the strategies of excluded offers.
    /// The same as [`build_pool`] without deferring, strategy for strategy
    /// and in the same order.
    pub(super) fn completed(
        &self,
        c: &'a Catalog,
        sc: &Scenario,
        a: &AdviceInputs,
    ) -> Result<Option<Pool<'a>>, EngineError> {
        if self.deferred.is_empty() {
            return Ok(None);
        }
        let pricer = Pricer::new(c, sc, a, self.assumed.clone());
        let mut scene = None;
        let mut offers = (*self.offers).clone();
        let mut strategies = Vec::with_capacity(self.strategies.len() * (sc.models().len() + 1));
        let mut next = self.deferred.iter().peekable();
        for (i, s) in self.strategies.iter() {
            if next.next_if_eq(&i).is_none() {
                strategies.push((*i, s.clone()));
                continue;
            }
            let f = &mut offers[*i];
            let o = f.offer;
            let before = strategies.len();
            if let Some(instances) = crate::domain::pricing::instances_needed(sc, o) {
                pricer.price(&mut scene, instances, *i, f, &mut strategies)?;
            }
            if strategies.len() == before {
                strategies.push((*i, placeholder(o, Exclusion::NoPrice.bit(), sc.months)));
            }
            for (_, s) in &mut strategies[before..] {
                pricer.finish(s, f.fails);
            }
        }
        Ok(Some(Pool {
            offers: std::rc::Rc::new(offers),
            measured: self.measured.clone(),
            strategies: std::rc::Rc::new(strategies),
            deferred: Vec::new(),
            assumed: pricer.assumed,
        }))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use rust_decimal::Decimal;

    use super::*;
    use crate::domain::advise::inputs::{Need, Residency};
    use crate::domain::advise::search::advise_from_pool;
    use crate::domain::catalog::Currency;
    use crate::domain::embedded::test_catalog;
    use crate::domain::money::Money;
    use crate::domain::scenario::BillingModel;
    use crate::domain::spot;

    /// Deferring rests on this: the constraints it defers on are checked
    /// before the price, so an offer failing one is excluded for it
    /// whatever its prices.
    #[test]
    fn the_constraints_deferred_on_are_those_checked_before_the_price() {
        let before = Exclusion::ALL
            .into_iter()
            .filter(|e| *e != Exclusion::Filters && e.index() < Exclusion::NoPrice.index())
            .fold(0, |m, e| m | e.bit());
        assert_eq!(before_price(), before);
    }

    pub(crate) fn cases() -> Vec<(Scenario, AdviceInputs)> {
        let sc = |months, min_gpus| Scenario {
            months,
            min_gpus,
            ..Scenario::default()
        };
        let usd = |v: u32| Some(Money::new(Decimal::from(v), Currency::USD));
        vec![
            (
                sc(12, 8),
                AdviceInputs {
                    gpu_memory_gb: Some(40),
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(36, 1),
                AdviceInputs {
                    needs: vec![Need::NvLink, Need::Sla],
                    profile: Some(Profile::Unlimited),
                    ..AdviceInputs::default()
                },
            ),
            // nothing fits: the relaxations read the deferred offers
            (
                sc(3, 1),
                AdviceInputs {
                    residency: Residency::Mainland,
                    gpu_memory_gb: Some(500),
                    spot: SpotTolerance::Yes,
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(24, 8),
                AdviceInputs {
                    needs: vec![Need::Rdma],
                    platform: Some(Platform::SageMaker),
                    load: Load::Bursty,
                    spot: SpotTolerance::Mix,
                    budget: usd(60_000),
                    profile: Some(Profile::Domestic),
                    ..AdviceInputs::default()
                },
            ),
            // the deferred offers priced with the pool's assumed discounts
            (
                Scenario {
                    assumed_discount: Some(crate::domain::scenario::AssumedDiscount {
                        no_upfront_pct: Decimal::from(30),
                        partial_upfront_pct: None,
                        all_upfront_pct: Some(Decimal::from(45)),
                    }),
                    ..sc(36, 1)
                },
                AdviceInputs {
                    residency: Residency::Mainland,
                    ..AdviceInputs::default()
                },
            ),
            // rates the catalog lacks in some regions; offers with no spot
            // price cannot price the last model (a mix)
            (
                Scenario {
                    data: crate::domain::scenario::DataVolumes {
                        egress_gb: Decimal::from(500),
                        cross_region_gb: Decimal::from(200),
                        storage_gb: Decimal::from(1000),
                        ..Default::default()
                    },
                    ..sc(18, 2)
                },
                AdviceInputs {
                    load: Load::Bursty,
                    spot: SpotTolerance::Yes,
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(6, 1),
                AdviceInputs {
                    residency: Residency::HongKong,
                    needs: vec![Need::Icp],
                    framework: Some(Framework::Paddle),
                    budget: usd(5_000),
                    budget_basis: BudgetBasis::Monthly,
                    ..AdviceInputs::default()
                },
            ),
        ]
    }

    /// The pool prices each model without dressing it as a quote's
    /// result: every strategy carries the figures the quote gives for the
    /// same offer and model (a mix: the quote of the scenario with that
    /// baseline), and each offer its unpriced models, missing kinds and
    /// rates as the quote reports them.
    #[test]
    fn the_pools_strategies_carry_the_quotes_figures() {
        use crate::domain::tco::{quote_offer, QuoteOptions};
        let c = test_catalog();
        let opts = QuoteOptions {
            lines: true,
            savings: false,
        };
        let (mut checked, mut mixes, mut lacking) = (0, 0, 0);
        for (sc, a) in &cases() {
            let pool = build_pool(c, sc, a, false).unwrap();
            let assumed = crate::domain::billing::assumed::assumed_rates(c, sc);
            let sp = spot::params(&sc.spot);
            for (i, s) in pool.strategies.iter() {
                let f = &pool.offers[*i];
                if s.instances == 0 {
                    continue; // an offer with no priced strategy
                }
                let mut q_sc = sc.clone();
                if let Some(b) = s.mix_baseline {
                    q_sc.billing_models = vec![BillingModel::Mix];
                    q_sc.mix_baseline = b;
                    mixes += 1;
                }
                let oq =
                    quote_offer(c, &q_sc, f.offer, sp.as_ref(), assumed.as_deref(), opts).unwrap();
                let q = oq.models.iter().find(|q| q.model == s.model).unwrap();
                let (peak, _) = q.peak_and_first_upfront();
                assert_eq!(Some(s.decision_cost), q.decision_cost.map(|m| m.amount()));
                assert_eq!(Some(s.paid), q.total.map(|m| m.amount()));
                assert_eq!(
                    (s.still_owed, s.upfront, s.peak_month),
                    (q.still_owed, q.upfront_total, peak)
                );
                assert_eq!(
                    (s.cash_timing_known, s.indicative, s.assumed, s.complete),
                    (q.cash_timing_known, q.indicative, q.assumed, q.complete())
                );
                assert_eq!((&s.missing, &s.age), (&q.missing_kinds(), &q.age));
                assert_eq!(f.rates, q.missing);
                assert_eq!(f.missing, q.missing_kinds());
                lacking +=
                    usize::from(!f.missing.is_empty() && f.unpriced.contains(&BillingModel::Mix));
                let unpriced: Vec<BillingModel> = oq
                    .models
                    .iter()
                    // (a Capacity Block is offered only where it fits)
                    .filter(|q| q.unavailable.is_some() && q.model != BillingModel::CapacityBlock)
                    .map(|q| q.model)
                    .collect();
                if s.mix_baseline.is_none() {
                    assert_eq!(f.unpriced, unpriced);
                }
                checked += 1;
            }
        }
        assert!(
            checked > 100 && mixes > 0 && lacking > 0,
            "{checked} {mixes} {lacking}"
        );
    }

    /// A pool's strategies are in `offers` order, made whole, deferred or
    /// completed, so each offer's are found by halving
    /// ([`Pool::strategies_of`]): the same strategies as reading them all.
    #[test]
    fn a_pools_strategies_are_in_offers_order() {
        let c = test_catalog();
        let mut seen = 0;
        for (sc, a) in &cases() {
            let lazy = build_pool(c, sc, a, true).unwrap();
            let done = lazy.completed(c, sc, a).unwrap();
            for pool in [build_pool(c, sc, a, false).unwrap(), lazy]
                .into_iter()
                .chain(done)
            {
                let s = &pool.strategies;
                assert!(s.windows(2).all(|w| w[0].0 <= w[1].0), "{a:?}");
                for i in 0..pool.offers.len() + 1 {
                    let all: Vec<&(usize, Strategy)> = s.iter().filter(|(j, _)| *j == i).collect();
                    let found: Vec<&(usize, Strategy)> = pool.strategies_of(i).iter().collect();
                    assert_eq!(found, all, "{a:?} offer {i}");
                    seen += found.len();
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }

    /// A pool that left offers unpriced, once completed, is the pool that
    /// priced them all, strategy for strategy; and the advice made on it
    /// (what would change its answer and the relaxations included) is the
    /// advice made on the whole pool.
    #[test]
    fn a_deferred_pool_completed_is_the_whole_pool_and_gives_the_same_advice() {
        let c = test_catalog();
        let mut deferred = 0;
        for (sc, a) in &cases() {
            let whole = build_pool(c, sc, a, false).unwrap();
            assert!(whole.deferred.is_empty());
            let lazy = build_pool(c, sc, a, true).unwrap();
            assert_eq!(lazy.offers.len(), whole.offers.len());
            deferred += lazy.deferred.len();
            let done = lazy.completed(c, sc, a).unwrap().unwrap_or(lazy.clone());
            assert_eq!(done.strategies, whole.strategies, "{a:?}");
            for (x, y) in done.offers.iter().zip(whole.offers.iter()) {
                assert_eq!(x.offer.id, y.offer.id);
                assert_eq!(x.fails, y.fails);
                assert_eq!(x.unpriced, y.unpriced);
                assert_eq!(x.missing, y.missing);
                assert_eq!(x.rates, y.rates);
            }
            let advice = |defer| {
                let (mut advice, work) = advise_from_pool(c, sc, a, defer, None).unwrap();
                advice.changes = work.changes().unwrap();
                advice
            };
            assert_eq!(advice(true), advice(false), "{a:?}");
        }
        // the cases defer something (the check is not vacuous)
        assert!(deferred > 10, "{deferred}");
    }
}
