//! What the ranking leaves out and what would change it: exclusions by
//! reason, relaxations, the flips, and the articles' pick.
use rust_decimal::Decimal;

use super::advice::first_bit;
use super::facts::in_family;
use super::pool::{build_pool, Pool};
use super::pricer::budget_metric;
use super::rank::*;
use super::*;
use crate::domain::catalog::{Offer, OfferId};
use crate::domain::error::EngineError;
use crate::domain::money::round_money;
use crate::domain::scenario::Scenario;

/// Group the infeasible offers by the first constraint their least-failing
/// strategy fails.
pub(super) fn exclusions(pool: &Pool) -> Vec<ExclusionGroup> {
    let mut per_offer: Vec<Option<u16>> = vec![None; pool.offers.len()];
    for (i, s) in pool.strategies.iter() {
        let cur = per_offer[*i];
        let fewer = |m: u16| (m.count_ones(), first_bit(m));
        if cur.is_none_or(|c| fewer(s.fails) < fewer(c)) {
            per_offer[*i] = Some(s.fails);
        }
    }
    let mut groups: Vec<ExclusionGroup> = Vec::new();
    for (i, m) in per_offer.iter().enumerate() {
        let Some(m) = *m else { continue };
        let Some(reason) = first_bit(m) else { continue };
        let g = match groups.iter_mut().find(|g| g.reason == reason) {
            Some(g) => g,
            None => {
                groups.push(ExclusionGroup {
                    reason,
                    count: 0,
                    examples: Vec::new(),
                    over_by: None,
                    best_memory_gb: None,
                });
                groups.last_mut().expect("just pushed")
            }
        };
        g.count += 1;
        if g.examples.len() < 3 {
            g.examples.push(pool.offers[i].offer.id.clone());
        }
        if reason == Exclusion::Memory {
            g.best_memory_gb = g.best_memory_gb.max(pool.offers[i].per_gpu_gb);
        }
    }
    groups.sort_by_key(|g| g.reason);
    groups
}

/// The smallest excess over the budget among strategies failing only it.
pub(super) fn budget_excess(pool: &Pool, a: &AdviceInputs, budget: Decimal) -> Option<Decimal> {
    pool.strategies
        .iter()
        .filter(|(_, s)| s.fails == Exclusion::Budget.bit())
        .map(|(_, s)| budget_metric(s, a.budget_basis) - budget)
        .min()
        .map(round_money)
}

pub(super) fn relaxations(ctx: &Ctx, pool: &Pool, active: &[Exclusion]) -> Vec<Relaxation> {
    let make = |drop: Vec<Exclusion>| -> Option<Relaxation> {
        let allow = drop.iter().fold(0u16, |m, e| m | e.bit());
        // the smallest budget that admits a strategy (a highest month that
        // is not known counts at its highest possible value), and the top
        // pick at that budget: the relaxation names a budget that does fit it
        let basis = ctx.inputs.budget_basis;
        let needed = drop.contains(&Exclusion::Budget).then(|| {
            pool.strategies
                .iter()
                .filter(|(_, x)| x.fails_within(allow))
                .map(|(_, x)| budget_metric(x, basis))
                .min()
                .unwrap_or_default()
        });
        let fits = |x: &Strategy| {
            x.fails & Exclusion::Budget.bit() == 0
                || needed.is_none_or(|n| budget_metric(x, basis) <= n)
        };
        let ranked = rank_where(ctx, pool, allow, &fits);
        let &(i, s) = ranked.rows.first()?;
        Some(Relaxation {
            admits: rank(ctx, pool, allow).rows.len(),
            top: s.offer.clone(),
            model: s.model,
            decision_cost: s.decision_cost,
            budget_needed: needed,
            memory_gb: drop
                .contains(&Exclusion::Memory)
                .then_some(pool.offers[i].per_gpu_gb)
                .flatten(),
            drop,
        })
    };
    let singles: Vec<Relaxation> = active.iter().filter_map(|e| make(vec![*e])).collect();
    if !singles.is_empty() {
        return singles;
    }
    let mut pairs = Vec::new();
    for (k, a) in active.iter().enumerate() {
        for b in &active[k + 1..] {
            pairs.extend(make(vec![*a, *b]));
        }
    }
    pairs.truncate(4);
    pairs
}

/// The relaxable constraints the inputs switch on, in check order.
pub(super) fn active(a: &AdviceInputs, has_budget: bool) -> Vec<Exclusion> {
    let mut v = Vec::new();
    if a.residency != Residency::Any {
        v.push(Exclusion::Residency);
    }
    if a.needs(Need::Icp) {
        v.push(Exclusion::Icp);
    }
    if a.platform.is_some_and(|p| p != Platform::Any) {
        v.push(Exclusion::Platform);
    }
    if a.gpu_memory_gb.is_some() {
        v.push(Exclusion::Memory);
    }
    if a.needs(Need::NvLink) {
        v.push(Exclusion::NvLink);
    }
    if a.needs(Need::Rdma) {
        v.push(Exclusion::Rdma);
    }
    if a.needs(Need::Sla) {
        v.push(Exclusion::Sla);
    }
    if a.spot != SpotTolerance::Yes || a.needs(Need::Sla) {
        v.push(Exclusion::Risk);
    }
    if has_budget {
        v.push(Exclusion::Budget);
    }
    v
}

/// The budget that rules the top pick out (below its cheapest strategy's
/// metric), and the next ranked offer that would lead under it; None when
/// nothing is ranked. Each offer's cheapest metric is found in one pass
/// over the strategies (looking through them all for each ranked offer
/// was quadratic in the catalog's size).
pub(super) fn budget_change(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy)],
) -> Option<Change> {
    let &(top_i, top) = ranked.first()?;
    let a = ctx.inputs;
    // each offer's least metric among its strategies failing nothing but
    // the budget
    let mut least: Vec<Option<Decimal>> = vec![None; pool.offers.len()];
    for (i, s) in pool.strategies.iter() {
        if s.fails & !Exclusion::Budget.bit() == 0 {
            let m = budget_metric(s, a.budget_basis);
            if least[*i].is_none_or(|l| m < l) {
                least[*i] = Some(m);
            }
        }
    }
    let top_min = least[top_i].unwrap_or_else(|| budget_metric(top, a.budget_basis));
    let then = ranked
        .iter()
        .filter(|(_, s)| s.offer != top.offer)
        .find(|(i, _)| least[*i].is_some_and(|l| l < top_min))
        .map(|(_, s)| s.offer.clone());
    Some(Change::Budget {
        below: round_money(top_min),
        basis: a.budget_basis,
        then,
    })
}

/// What would lead with the constraint `e` dropped, when another offer.
pub(super) fn drop_change(ctx: &Ctx, pool: &Pool, top: &Strategy, e: Exclusion) -> Option<Change> {
    let (_, s, _) = rank::top(ctx, pool, e.bit()).filter(|(_, s, _)| s.offer != top.offer)?;
    Some(Change::Drop {
        constraint: e,
        then: s.offer.clone(),
        model: s.model,
        cost: s.decision_cost,
    })
}

/// What would lead on cost alone, when another offer or model.
pub(super) fn cost_only_change(ctx: &Ctx, pool: &Pool, top: &Strategy) -> Option<Change> {
    let cost_only = Ctx {
        catalog: ctx.catalog,
        inputs: ctx.inputs,
        weights: Weights {
            cost: 1,
            perf: 0,
            eco: 0,
            risk: 0,
        },
        spot: ctx.spot,
        spot_assumed: ctx.spot_assumed,
        mix_share: ctx.mix_share,
    };
    let (_, s, _) = rank::top(&cost_only, pool, 0)?;
    (s.offer != top.offer || s.model != top.model).then(|| Change::CostOnly {
        then: s.offer.clone(),
        model: s.model,
    })
}

/// The horizons tried for another leader, nearest first (None for a job:
/// its horizon is its own length).
pub(super) fn horizon_tries(sc: &Scenario, ctx: &Ctx) -> Option<Vec<u32>> {
    if ctx.inputs.use_case == Some(UseCase::Job) {
        return None;
    }
    let mut tries: Vec<u32> = FLIP_MONTHS
        .into_iter()
        .filter(|m| *m != sc.months)
        .collect();
    tries.sort_by_key(|m| (m.abs_diff(sc.months), *m));
    Some(tries)
}

/// Another of the best offers (`ids`) leading at `months`, if one does.
pub(super) fn horizon_change(
    sc: &Scenario,
    ctx: &Ctx,
    ids: &[OfferId],
    top: &Strategy,
    months: u32,
) -> Result<Option<Change>, EngineError> {
    let mut s2 = sc.clone();
    s2.months = months;
    s2.offers = Some(ids.to_vec());
    let sub = build_pool(ctx.catalog, &s2, ctx.inputs, true)?;
    Ok(rank::top(ctx, &sub, 0)
        .filter(|(_, s, _)| s.offer != top.offer)
        .map(|(_, s, _)| Change::Horizon {
            months,
            then: s.offer.clone(),
            model: s.model,
        }))
}

pub(super) fn profile_check(p: Profile, ctx: &Ctx, pool: &Pool, ranking: &Ranking) -> ProfileCheck {
    let ranked = &ranking.rows;
    let c = ctx.catalog;
    let family = p.article_pick().1;
    let is_family = |o: &Offer| in_family(p, o);
    let in_catalog = c.offers.iter().any(is_family);
    let hit = ranked
        .iter()
        .enumerate()
        .find(|(_, (i, _))| is_family(pool.offers[*i].offer));
    let excluded = if hit.is_none() {
        pool.strategies
            .iter()
            .filter(|(i, _)| is_family(pool.offers[*i].offer))
            .map(|(_, s)| s.fails)
            .min_by_key(|m| (m.count_ones(), first_bit(*m)))
            .and_then(first_bit)
            .or(in_catalog.then_some(Exclusion::Filters))
    } else {
        None
    };
    // what the catalog lacks for the family's best-placed offer
    let subject = hit
        .map(|(_, (i, _))| *i)
        .or_else(|| pool.offers.iter().position(|f| is_family(f.offer)));
    let (unpriced_models, missing_rates) = subject.map_or((Vec::new(), Vec::new()), |i| {
        (
            pool.offers[i].unpriced.clone(),
            pool.offers[i].missing.clone(),
        )
    });
    ProfileCheck {
        unpriced_models,
        missing_rates,
        profile: p,
        family: family.into(),
        rank: hit.map(|(k, _)| k + 1),
        offer: hit.map(|(_, (_, s))| s.offer.clone()),
        total: hit.and_then(|(k, _)| ranking.scores(ctx, pool, k).total.map(r1)),
        decision_cost: hit.map(|(_, (_, s))| s.decision_cost),
        excluded,
        missing: !in_catalog,
        agrees: hit.is_some_and(|(k, _)| k == 0),
        behind: match hit {
            Some((k, _)) if k > 0 => behind(
                ctx.weights,
                &ranking.scores(ctx, pool, k),
                &ranking.scores(ctx, pool, 0),
            ),
            _ => None,
        },
    }
}

/// The score with the largest weighted gap below the top pick's (a score
/// unknown on either side has no gap).
fn behind(w: Weights, pick: &Scores, top: &Scores) -> Option<Behind> {
    [
        (ScorePart::Cost, Some(pick.cost), Some(top.cost), w.cost),
        (ScorePart::Perf, pick.perf, top.perf, w.perf),
        (ScorePart::Eco, Some(pick.eco), Some(top.eco), w.eco),
        (ScorePart::Risk, Some(pick.risk), Some(top.risk), w.risk),
    ]
    .into_iter()
    .filter_map(|(part, a, b, wt)| Some((part, a?, b?, wt)))
    .map(|(part, a, b, wt)| ((b - a) * Decimal::from(wt), part, a, b))
    .filter(|(gap, ..)| *gap > Decimal::ZERO)
    .max_by(|x, y| x.0.cmp(&y.0))
    .map(|(_, part, a, b)| Behind {
        part,
        pick: r1(a),
        top: r1(b),
    })
}
