//! The worker's horizon cache: the part of a pool its horizon does not
//! change ([`KeptPool`]), kept from one keystroke to the next so that a new
//! horizon settles the kept cash flows again instead of pricing the
//! catalog. Apart from the pricing it reuses (`pricer`): a performance
//! concern only, the pool it gives is the pool made afresh.
use super::facts::{in_family, offer_facts, place_ids, OfferFacts, Tflops};
use super::job_pool::{job_of, job_pool};
use super::pool::{before_price, Pool};
use super::pricer::{at_horizon, placeholder, Pricer};
use super::*;
use crate::domain::billing::assumed::{assumed_rates, AssumedRates};
use crate::domain::billing::cashflow::CashFlow;
use crate::domain::catalog::Catalog;
use crate::domain::error::EngineError;
use crate::domain::scenario::Scenario;
use crate::domain::tco::matches;

/// [`build_pool`](super::pool::build_pool), from what `kept` holds when it
/// was made for the same catalog and inputs but the horizon (else made again
/// and kept there): a keystroke in the months box then settles each kept
/// cash flow over the new horizon instead of pricing the catalog again.
pub(super) fn pool_kept<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    defer: bool,
    kept: &mut Option<KeptPool<'a>>,
) -> Result<Pool<'a>, EngineError> {
    sc.validate(c)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    if let Some(job) = job_of(c, sc, a)? {
        return job_pool(c, sc, a, &job);
    }
    let key = KeptPool::key(sc, a, defer);
    let reuse = kept
        .as_ref()
        .is_some_and(|p| std::ptr::eq(p.catalog, c) && p.key == key);
    if !reuse {
        *kept = None;
        *kept = Some(KeptPool::new(c, sc, a, defer, key)?);
    }
    match kept {
        Some(p) => p.pool(sc, a),
        None => unreachable!("made above"),
    }
}

/// The part of a pool (outside a job) that its horizon does not change:
/// the offers the filters match with their facts, those left unpriced,
/// and each priced model's strategy with its cash flow (its figures are
/// settled again over each horizon: a model's rates and charges do not
/// read it, and its cash flow reads it only as the months it runs over,
/// [`CashFlow::over`]; the shape's notices do, and no strategy keeps them). The worker keeps it from one keystroke to the
/// next; made again as soon as any other input differs ([`KeptPool::key`]).
pub struct KeptPool<'a> {
    catalog: &'a Catalog,
    key: (Scenario, AdviceInputs, bool),
    /// The horizon its strategies were made for.
    months: u32,
    offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
    deferred: Vec<usize>,
    assumed: Option<Vec<AssumedRates>>,
    /// In pool order.
    items: Vec<Item>,
    /// Every priced model's strategy over the horizon it was made for, in
    /// pool order ([`Item::Priced`] holds its offer's range).
    models: Vec<Strategy>,
    /// The same models' own failures and cash flows, side by side and apart
    /// from their strategies: what a new horizon reads of every one, a few
    /// contiguous bytes each (reading them through each offer's strategies
    /// waited on memory: docs/PERFORMANCE.md).
    flows: Vec<(u16, CashFlow)>,
    /// The strategies of the last two pools made from it, each settled
    /// again in place over a later horizon once nothing else holds it
    /// ([`KeptPool::pool`]).
    spare: Vec<std::rc::Rc<Vec<(usize, Strategy)>>>,
}

/// One offer's part of [`KeptPool`].
enum Item {
    /// Its priced models (none: it has no price): their place in
    /// [`KeptPool`]'s `models` and `flows`.
    Priced {
        idx: usize,
        instances: u32,
        models: std::ops::Range<usize>,
    },
    /// It is not priced (deferred, or its instances can't be counted):
    /// its one strategy, whose months are set to each horizon.
    Unpriced(usize, Box<Strategy>),
}

impl<'a> KeptPool<'a> {
    /// What the kept part is made from: the scenario with its horizon put
    /// back to the default, the advice inputs, and whether it defers.
    pub(super) fn key(
        sc: &Scenario,
        a: &AdviceInputs,
        defer: bool,
    ) -> (Scenario, AdviceInputs, bool) {
        let s = Scenario {
            months: Scenario::default().months,
            ..sc.clone()
        };
        (s, a.clone(), defer)
    }

    pub(super) fn new(
        c: &'a Catalog,
        sc: &Scenario,
        a: &AdviceInputs,
        defer: bool,
        key: (Scenario, AdviceInputs, bool),
    ) -> Result<KeptPool<'a>, EngineError> {
        let pricer = Pricer::new(c, sc, a, assumed_rates(c, sc));
        let mut scene = None;
        let considered = c.offers.len();
        let mut offers = Vec::with_capacity(considered);
        let mut items = Vec::with_capacity(considered);
        let mut models = Vec::with_capacity(considered * sc.models().len());
        let mut flows = Vec::with_capacity(considered * sc.models().len());
        let mut deferred = Vec::new();
        // the shared filters decide what is considered; every other constraint
        // is checked here, so each exclusion has its reason
        let mut tflops = Tflops::default();
        for o in c.offers.iter().filter(|o| matches(c, sc, o)) {
            let mut f = offer_facts(c, a, sc, o, &mut tflops);
            let idx = offers.len();
            items.push(
                if defer
                    && f.fails & before_price() != 0
                    && !a.profile.is_some_and(|p| in_family(p, o))
                {
                    deferred.push(idx);
                    Item::Unpriced(idx, Box::new(placeholder(o, 0, sc.months)))
                } else if let Some(instances) = crate::domain::pricing::instances_needed(sc, o) {
                    let start = models.len();
                    for (s, flow) in pricer.models(&mut scene, instances, &mut f)? {
                        flows.push((s.fails, flow));
                        models.push(s);
                    }
                    Item::Priced {
                        idx,
                        instances,
                        models: start..models.len(),
                    }
                } else {
                    Item::Unpriced(
                        idx,
                        Box::new(placeholder(o, Exclusion::NoPrice.bit(), sc.months)),
                    )
                },
            );
            offers.push(f);
        }
        place_ids(&mut offers);
        Ok(KeptPool {
            catalog: c,
            key,
            months: sc.months,
            offers: std::rc::Rc::new(offers),
            deferred,
            assumed: pricer.assumed,
            items,
            models,
            flows,
            spare: Vec::new(),
        })
    }

    /// The pool over the horizon it was made for, without copying it.
    pub(super) fn into_pool(
        self,
        sc: &Scenario,
        a: &AdviceInputs,
    ) -> Result<Pool<'a>, EngineError> {
        let pricer = Pricer::new(self.catalog, sc, a, self.assumed);
        let mut strategies = Vec::with_capacity(self.offers.len() * (sc.models().len() + 1));
        // (the items' ranges follow one another in `models`)
        let mut kept = self.models.into_iter();
        for item in self.items {
            match item {
                Item::Unpriced(idx, s) => strategies.push((idx, *s)),
                Item::Priced {
                    idx,
                    instances,
                    models,
                } => {
                    let before = strategies.len();
                    strategies.extend(kept.by_ref().take(models.len()).map(|s| (idx, s)));
                    let f = &self.offers[idx];
                    pricer.close_offer(f, instances, idx, &mut strategies, before)?;
                }
            }
        }
        Ok(pricer.pool(self.offers, strategies, self.deferred))
    }

    /// The pool over the horizon of `sc` (made for the same key). Its
    /// strategies are one of the last two pools' settled again in place
    /// when nothing else holds them any more, else copied from the kept
    /// ones. (The worker drops the advice before last, and the search for
    /// what would change it, once it has answered the last: with two kept,
    /// a keystroke copies no strategy, and freeing none follows its answer.)
    fn pool(&mut self, sc: &Scenario, a: &AdviceInputs) -> Result<Pool<'a>, EngineError> {
        let pricer = Pricer::new(self.catalog, sc, a, self.assumed.clone());
        let offers = std::rc::Rc::clone(&self.offers);
        let deferred = self.deferred.clone();
        for k in 0..self.spare.len() {
            let Some(v) = std::rc::Rc::get_mut(&mut self.spare[k]) else {
                continue;
            };
            match settle_again(&self.items, &self.flows, &offers, &pricer, v, sc.months) {
                Ok(true) => {
                    let strategies = std::rc::Rc::clone(&self.spare[k]);
                    return Ok(pricer.pool_of(offers, strategies, deferred));
                }
                // of no use (closed otherwise at this horizon, or half settled)
                done => {
                    self.spare.remove(k);
                    done?;
                    break;
                }
            }
        }
        let strategies = self.copied(&pricer, sc.months)?;
        let pool = pricer.pool(offers, strategies, deferred);
        self.spare.insert(0, std::rc::Rc::clone(&pool.strategies));
        self.spare.truncate(2);
        Ok(pool)
    }

    /// The strategies over `months`, copied from the kept ones (not
    /// finished: [`Pricer::pool`]).
    fn copied(&self, pricer: &Pricer, months: u32) -> Result<Vec<(usize, Strategy)>, EngineError> {
        // sized once for every offer and model (a mix adds one more per offer
        // at most): growing them a push at a time copied the strategies over
        // and over (figures: docs/PERFORMANCE.md)
        let mut strategies =
            Vec::with_capacity(self.offers.len() * (pricer.scenario.models().len() + 1));
        for item in &self.items {
            match item {
                Item::Unpriced(idx, s) => strategies.push((
                    *idx,
                    Strategy {
                        months,
                        ..(**s).clone()
                    },
                )),
                Item::Priced {
                    idx,
                    instances,
                    models,
                } => {
                    let before = strategies.len();
                    for (s, (_, flow)) in self.models[models.clone()]
                        .iter()
                        .zip(&self.flows[models.clone()])
                    {
                        let mut s = s.clone();
                        if months != self.months {
                            let flow = flow.over(months);
                            s.months = months;
                            at_horizon(&mut s, &flow, &flow.settle()?);
                        }
                        strategies.push((*idx, s));
                    }
                    let f = &self.offers[*idx];
                    pricer.close_offer(f, *instances, *idx, &mut strategies, before)?;
                }
            }
        }
        Ok(strategies)
    }
}

/// `v`, the strategies of a pool made from `items` (with the kept `flows`,
/// and `offers`) at some horizon, settled again over `months` in place
/// and finished: each figure the horizon decides written again from the
/// kept cash flow, each strategy's own failures from the kept ones, and
/// each offer's close ([`Pricer::close`]) made again. False when an offer
/// closes otherwise at this horizon than `v` did (then `v` is of no use).
fn settle_again(
    items: &[Item],
    flows: &[(u16, CashFlow)],
    offers: &[OfferFacts],
    pricer: &Pricer,
    v: &mut [(usize, Strategy)],
    months: u32,
) -> Result<bool, EngineError> {
    let mut k = 0;
    for item in items {
        match item {
            Item::Unpriced(idx, s) => {
                let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                    return Ok(false);
                };
                t.months = months;
                t.fails = s.fails;
                k += 1;
            }
            Item::Priced {
                idx,
                instances,
                models,
            } => {
                let start = k;
                for (fails, flow) in &flows[models.clone()] {
                    let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                        return Ok(false);
                    };
                    let flow = flow.over(months);
                    t.months = months;
                    at_horizon(t, &flow, &flow.settle()?);
                    t.fails = *fails;
                    k += 1;
                }
                let close = pricer.close(&offers[*idx], *instances, &v[start..k])?;
                for c in close {
                    let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                        return Ok(false);
                    };
                    *t = c;
                    k += 1;
                }
                if v.get(k).is_some_and(|(i, _)| i == idx) {
                    return Ok(false);
                }
            }
        }
    }
    if k != v.len() {
        return Ok(false);
    }
    for (i, s) in v.iter_mut() {
        pricer.finish(s, offers[*i].fails);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use super::*;
    use crate::domain::advise::pool::build_pool;
    use crate::domain::advise::pool::tests::cases;
    use crate::domain::advise::search::advise_from_pool;
    use crate::domain::catalog::Currency;
    use crate::domain::embedded::test_catalog;
    use crate::domain::money::Money;

    /// The same pool: strategy for strategy, the offers' facts and what
    /// is deferred.
    fn assert_same(pool: &Pool, made: &Pool, what: &str) {
        assert_eq!(pool.strategies, made.strategies, "{what}");
        assert_eq!(pool.deferred, made.deferred, "{what}");
        for (x, y) in pool.offers.iter().zip(made.offers.iter()) {
            assert_eq!(
                (
                    x.offer.id.as_str(),
                    x.fails,
                    &x.unpriced,
                    &x.missing,
                    &x.rates
                ),
                (
                    y.offer.id.as_str(),
                    y.fails,
                    &y.unpriced,
                    &y.missing,
                    &y.rates
                ),
                "{what}"
            );
        }
    }

    /// What the worker keeps of a pool from one keystroke to the next:
    /// kept at one horizon, it gives at another the pool made there,
    /// strategy for strategy (spot, mixes, budgets of both kinds, credits,
    /// deferred offers), and the same advice; another input makes it again.
    /// Its strategies are copied while an earlier pool holds them, and
    /// settled again in place once none does (from any horizon to any
    /// other); strategies laid out otherwise are not used.
    #[test]
    fn a_pool_kept_at_one_horizon_is_the_pool_made_at_another() {
        use std::rc::Rc;
        let c = test_catalog();
        let (mut reused, mut in_place, mut refused, mut alike) = (0, 0, 0, 0);
        for (sc, a) in &cases() {
            for months in [1, 2, 7, 12, 13, 24, 36, 37, 59, 60] {
                let at = Scenario {
                    months,
                    promotions: crate::domain::scenario::Promotions {
                        credit: Some(Money::new(Decimal::from(700), Currency::USD)),
                        credit_expiry_month: Some(5),
                        first_month_discount_pct: Decimal::from(months % 3 * 10),
                        ..sc.promotions.clone()
                    },
                    ..sc.clone()
                };
                for defer in [false, true] {
                    let mut kept = None;
                    let first = Scenario {
                        months: sc.months,
                        ..at.clone()
                    };
                    let what = format!("{months} {defer} {a:?}");
                    let held = pool_kept(c, &first, a, defer, &mut kept).unwrap();
                    // the first pool holds its strategies: copied
                    let pool = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                    // kept, not made again
                    assert_eq!(kept.as_ref().map(|k| k.months), Some(sc.months));
                    reused += 1;
                    let made = build_pool(c, &at, a, defer).unwrap();
                    assert_same(&pool, &made, &what);
                    assert!(!Rc::ptr_eq(&pool.strategies, &held.strategies));
                    // settled in place both ways when the two horizons lay
                    // the strategies out alike (a Capacity Block that fits
                    // one horizon and not the other does not)
                    let layout =
                        |p: &Pool| p.strategies.iter().map(|(i, _)| *i).collect::<Vec<_>>();
                    alike += 2 * usize::from(layout(&held) == layout(&made));
                    // once nothing holds them, the first pool's strategies
                    // settled again over this horizon
                    let place = Rc::as_ptr(&held.strategies);
                    drop(held);
                    let again = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                    assert_same(&again, &made, &what);
                    in_place += usize::from(Rc::as_ptr(&again.strategies) == place);
                    // and this horizon's, over the first one
                    let place = Rc::as_ptr(&pool.strategies);
                    drop((pool, again));
                    let back = pool_kept(c, &first, a, defer, &mut kept).unwrap();
                    assert_same(&back, &build_pool(c, &first, a, defer).unwrap(), &what);
                    in_place += usize::from(Rc::as_ptr(&back.strategies) == place);
                    drop(back);
                    // strategies laid out otherwise (one offer's close
                    // taken away) are dropped, not used
                    let p = kept.as_mut().unwrap();
                    let v = Rc::get_mut(&mut p.spare[0]).unwrap();
                    if let Some(k) = (1..v.len()).find(|&k| v[k - 1].0 != v[k].0) {
                        v.remove(k - 1);
                        // (by its layout, not its address: a new pool's
                        // strategies may be given the freed one's memory)
                        let layout_of =
                            |v: &[(usize, Strategy)]| v.iter().map(|(i, _)| *i).collect::<Vec<_>>();
                        let dropped = layout_of(v);
                        let other = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                        assert_same(&other, &made, &what);
                        refused += 1;
                        let p = kept.as_ref().unwrap();
                        assert!(p.spare.iter().all(|s| layout_of(s) != dropped), "{what}");
                        assert!(p.spare.len() <= 2);
                    }
                }
                if months == 13 || months == 2 {
                    let mut kept = None;
                    advise_but_changes_kept(c, sc, a, &mut kept).unwrap();
                    let advice = |kept: Option<&mut Option<KeptPool>>| {
                        let (mut advice, work) = advise_from_pool(c, &at, a, true, kept).unwrap();
                        advice.changes = work.changes().unwrap();
                        advice
                    };
                    assert_eq!(advice(Some(&mut kept)), advice(None), "{months} {a:?}");
                }
            }
            // any other input: made again
            let mut kept = None;
            pool_kept(c, sc, a, true, &mut kept).unwrap();
            let more = Scenario {
                min_gpus: sc.min_gpus + 1,
                months: sc.months + 1,
                ..sc.clone()
            };
            pool_kept(c, &more, a, true, &mut kept).unwrap();
            assert_eq!(kept.as_ref().map(|k| k.months), Some(sc.months + 1));
        }
        assert!(reused > 100 && alike > 100, "{reused} {alike}");
        // (at least: a layout unlike can still be settled in place from
        // the other kept pool)
        assert!(in_place >= alike, "{in_place} {alike}");
        assert!(refused > 100, "{refused}");
    }
}
