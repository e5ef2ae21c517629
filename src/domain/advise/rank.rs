//! Scores, the ranking and the reasons of each pick.
use super::pool::*;
use super::*;
use crate::domain::catalog::{AcceleratorKind, UsageKind};

pub(super) fn pct(part: Decimal, whole: Decimal) -> Decimal {
    if whole <= Decimal::ZERO {
        return Decimal::ONE_HUNDRED;
    }
    (part * Decimal::ONE_HUNDRED / whole).min(Decimal::ONE_HUNDRED)
}

/// Risk points for a horizon fully committed (steady load; twice with a
/// bursty one): the share of the decision cost committed within the horizon
/// × this.
pub const LOCK_IN_STEADY: u32 = 20;
pub const LOCK_IN_BURSTY: u32 = 40;

/// Everything scoring needs besides the strategy.
pub(super) struct Ctx<'a> {
    pub(super) catalog: &'a Catalog,
    pub(super) inputs: &'a AdviceInputs,
    pub(super) weights: Weights,
    pub(super) spot: Option<(Decimal, Decimal)>,
    pub(super) mix_share: Decimal,
}

/// The cost a strategy is compared on: its decision cost without the
/// charges of `without` (kinds some compared strategy lacks), so a result
/// missing a charge never wins by its omission.
pub(super) fn comparable(f: &OfferFacts, s: &Strategy, without: &[UsageKind]) -> Decimal {
    crate::domain::compare_basis::comparable(
        &crate::domain::compare_basis::Candidate {
            missing: &[],
            decision: s.decision_cost,
            charges: &f.charges,
            months: s.months,
        },
        without,
    )
}

/// The charge kinds any of the strategies lacks, in `UsageKind` order.
pub(super) fn lacking<'a>(strategies: impl Iterator<Item = &'a Strategy>) -> Vec<UsageKind> {
    // a handful of kinds, each kept once (collecting every strategy's and
    // sorting them was ~2 % of an advice at 10×)
    let mut k: Vec<UsageKind> = Vec::new();
    for m in strategies.flat_map(|s| s.missing.iter()) {
        if !k.contains(m) {
            k.push(*m);
        }
    }
    k.sort();
    k
}

/// The scores of a strategy: `tf_score` is its offer's datasheet TFLOPS
/// as a share of the highest ([`tf_score`]), the same for all its
/// strategies, so computed once per offer.
pub(super) fn scores(
    ctx: &Ctx,
    f: &OfferFacts,
    s: &Strategy,
    cost_now: Decimal,
    min_cost: Decimal,
    tf_score: Decimal,
    min_hours: Option<Decimal>,
) -> Scores {
    let cost = if cost_now <= min_cost || cost_now <= Decimal::ZERO {
        Decimal::ONE_HUNDRED
    } else {
        pct(min_cost.max(Decimal::ZERO), cost_now)
    };
    // a job: the fastest feasible finish scores 100; otherwise datasheet TFLOPS
    let perf = match (s.job_hours, min_hours) {
        (Some(h), Some(min)) if h > Decimal::ZERO => pct(min, h),
        _ => tf_score,
    };
    let eco = f.eco;
    let mut risk = Decimal::ONE_HUNDRED;
    if let Some((monthly, _)) = ctx.spot {
        let exposure = (Decimal::from(20) + monthly).min(Decimal::from(60));
        match s.model {
            BillingModel::Spot => risk -= exposure,
            BillingModel::Mix => risk -= exposure * ctx.mix_share / Decimal::ONE_HUNDRED,
            _ => {}
        }
    }
    let bursty = ctx.inputs.load == Load::Bursty;
    if s.still_owed > Decimal::ZERO && s.decision_cost > Decimal::ZERO {
        let k = if bursty { 100 } else { 50 };
        risk -= s.still_owed * Decimal::from(k) / s.decision_cost;
    }
    // lock-in: money committed within the horizon whatever the use (a 3-year
    // reservation for a 3-year horizon is not on-demand's risk)
    if s.committed > s.still_owed && s.decision_cost > Decimal::ZERO {
        let k = if bursty {
            LOCK_IN_BURSTY
        } else {
            LOCK_IN_STEADY
        };
        risk -= (s.committed - s.still_owed) * Decimal::from(k) / s.decision_cost;
    }
    for bad in [s.indicative, s.assumed, !s.complete] {
        if bad {
            risk -= Decimal::TEN;
        }
    }
    let risk = risk.max(Decimal::ZERO);
    let w = ctx.weights;
    let total = (cost * Decimal::from(w.cost)
        + perf * Decimal::from(w.perf)
        + eco * Decimal::from(w.eco)
        + risk * Decimal::from(w.risk))
        / Decimal::from(w.sum().max(1));
    Scores {
        cost,
        perf,
        eco,
        risk,
        total,
    }
}

/// Ranked offers (best strategy each) among strategies whose failed
/// constraints are within `allow`; full-precision scores.
pub(super) fn rank<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
) -> Vec<(usize, &'a Strategy, Scores)> {
    rank_where(ctx, pool, allow, &|_| true)
}

/// [`rank`] over the strategies `keep` accepts.
pub(super) fn rank_where<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
    keep: &dyn Fn(&Strategy) -> bool,
) -> Vec<(usize, &'a Strategy, Scores)> {
    let mut best: Vec<Option<(&Strategy, Scores)>> = vec![None; pool.offers.len()];
    for (i, s, sc) in scored(ctx, pool, allow, keep) {
        let better = match &best[i] {
            None => true,
            Some((b, bs)) => order(sc, s, *bs, b) == std::cmp::Ordering::Less,
        };
        if better {
            best[i] = Some((s, sc));
        }
    }
    let mut out: Vec<(usize, &Strategy, Scores)> = best
        .into_iter()
        .enumerate()
        .filter_map(|(i, b)| b.map(|(s, sc)| (i, s, sc)))
        .collect();
    out.sort_by(|a, b| order(a.2, a.1, b.2, b.1));
    out
}

/// The first of [`rank`]'s list, without ranking the rest (what would
/// lead if a constraint were dropped, or on cost alone).
pub(super) fn top<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
) -> Option<(usize, &'a Strategy, Scores)> {
    scored(ctx, pool, allow, &|_| true)
        .into_iter()
        .min_by(|a, b| order(a.2, a.1, b.2, b.1))
}

/// Every feasible strategy (failing only what `allow` allows, accepted by
/// `keep`) with its scores, compared on what every one of them prices.
fn scored<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
    keep: &dyn Fn(&Strategy) -> bool,
) -> Vec<(usize, &'a Strategy, Scores)> {
    let feasible: Vec<&(usize, Strategy)> = pool
        .strategies
        .iter()
        .filter(|(_, s)| s.fails_within(allow) && keep(s))
        .collect();
    // compared on what every feasible strategy prices
    let without = lacking(feasible.iter().map(|(_, s)| s));
    let costs: Vec<Decimal> = feasible
        .iter()
        .map(|(i, s)| comparable(&pool.offers[*i], s, &without))
        .collect();
    let Some(min_cost) = costs.iter().min().copied() else {
        return Vec::new();
    };
    let max_tf = feasible
        .iter()
        .filter_map(|(i, _)| pool.offers[*i].tflops)
        .max()
        .unwrap_or(Decimal::ONE);
    let min_hours = feasible.iter().filter_map(|(_, s)| s.job_hours).min();
    // each offer's TFLOPS score, for its first strategy scored
    let mut tf: Vec<Option<Decimal>> = vec![None; pool.offers.len()];
    feasible
        .into_iter()
        .zip(costs)
        .map(|((i, s), cost)| {
            let f = &pool.offers[*i];
            let tf_score = *tf[*i].get_or_insert_with(|| tf_score(f, max_tf));
            let sc = scores(ctx, f, s, cost, min_cost, tf_score, min_hours);
            (*i, s, sc)
        })
        .collect()
}

/// An offer's datasheet TFLOPS as a share (%) of the highest, `max_tf`;
/// 0 when unknown.
fn tf_score(f: &OfferFacts, max_tf: Decimal) -> Decimal {
    f.tflops.map_or(Decimal::ZERO, |t| pct(t, max_tf))
}

/// Total desc, then decision cost, offer id, model, mix baseline.
pub(super) fn order(a: Scores, sa: &Strategy, b: Scores, sb: &Strategy) -> std::cmp::Ordering {
    b.total
        .cmp(&a.total)
        .then(sa.decision_cost.cmp(&sb.decision_cost))
        .then_with(|| sa.offer.as_str().cmp(sb.offer.as_str()))
        .then(sa.model.index().cmp(&sb.model.index()))
        .then(
            sa.mix_baseline
                .map(|m| m.index())
                .cmp(&sb.mix_baseline.map(|m| m.index())),
        )
}

pub(super) fn r1(d: Decimal) -> Decimal {
    let mut r = d.round_dp(1);
    r.rescale(1);
    r
}

pub(super) fn rounded(s: Scores) -> Scores {
    Scores {
        cost: r1(s.cost),
        perf: r1(s.perf),
        eco: r1(s.eco),
        risk: r1(s.risk),
        total: r1(s.total),
    }
}

pub(super) fn reasons(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    k: usize,
) -> Vec<Why> {
    let (min_cost, max_tf) = (min_of(ranked), max_tf_of(pool, ranked));
    let (i, s, _) = ranked[k];
    let f = &pool.offers[i];
    let a = ctx.inputs;
    let mut v = Vec::new();
    if s.decision_cost <= min_cost {
        v.push(Why::Cheapest);
    }
    let next = ranked
        .iter()
        .skip(k + 1)
        .find(|r| !same_deal(pool, &ranked[k], r));
    if let Some((_, other, _)) = next {
        if other.decision_cost > Decimal::ZERO {
            v.push(Why::VsNext {
                pct_cheaper: r1(
                    (other.decision_cost - s.decision_cost) * Decimal::ONE_HUNDRED
                        / other.decision_cost,
                ),
                other: other.offer.clone(),
                other_cost: other.decision_cost,
            });
        }
    }
    if let Some(g) = f.per_gpu_gb {
        v.push(Why::Memory {
            per_gpu_gb: g,
            need_gb: a.gpu_memory_gb,
            total_gb: f.offer.gpu_memory_gb.map(|t| t * s.instances),
        });
    }
    let min_hours = ranked.iter().filter_map(|(_, s, _)| s.job_hours).min();
    match (s.job_hours, min_hours, f.tflops) {
        (Some(h), Some(min), _) => v.push(Why::JobHours {
            hours: h,
            pct_of_fastest: r1(pct(min, h)),
            measured: pool.measured.contains(&f.offer.id),
        }),
        (_, _, Some(t)) => v.push(Why::Throughput {
            tflops: t,
            pct_of_best: r1(pct(t, max_tf)),
        }),
        (_, _, None) => v.push(Why::ThroughputUnknown),
    }
    if let Some(g) = f.gpu.filter(|g| g.kind != AcceleratorKind::Gpu) {
        v.push(Why::Accelerator {
            kind: g.kind,
            stack: g.stack,
            source: g.kind_source.clone(),
        });
    }
    let multi = f.offer.gpu_count >= 2 || s.instances > 1;
    match f.net() {
        Some(n) if a.needs(Need::NvLink) || a.needs(Need::Rdma) || multi => v.push(Why::Network {
            gbps: n.gbps,
            rdma: n.rdma,
            fabric_gbps: n.fabric_gbps,
            gpu_link: n.gpu_link,
            source: n.source.clone(),
            as_of: n.as_of.clone(),
        }),
        Some(_) => {}
        None => {
            if a.needs(Need::NvLink) || f.offer.gpu_count >= 2 {
                if let Some(g) = f.gpu {
                    v.push(Why::Interconnect {
                        text: g.interconnect.clone(),
                    });
                }
            }
        }
    }
    let prov = ctx.catalog.provider(f.offer.provider);
    for w in wanted(a) {
        match stated(prov, f.stack(), w) {
            Some(fact) => v.push(Why::Stated {
                claim: fact
                    .claims
                    .iter()
                    .find(|c| c.starts_with(w))
                    .cloned()
                    .unwrap_or_default(),
                source: fact.source.clone(),
                as_of: fact.as_of.clone(),
            }),
            None => v.push(Why::NotStated { claim: w.into() }),
        }
    }
    if s.still_owed > Decimal::ZERO {
        v.push(Why::StillOwed {
            amount: s.still_owed,
        });
    }
    if let Some((monthly, _)) = ctx.spot {
        let share = match s.model {
            BillingModel::Spot => Some(Decimal::ONE_HUNDRED),
            BillingModel::Mix => Some(ctx.mix_share),
            _ => None,
        };
        if let Some(share_pct) = share {
            v.push(Why::SpotExposure {
                monthly_pct: monthly,
                share_pct,
            });
        }
    }
    if s.indicative {
        v.push(Why::IndicativePrice);
    }
    if s.assumed {
        v.push(Why::AssumedRate);
    }
    if committed_pct(s) > Decimal::ZERO {
        v.push(Why::LockIn {
            committed: s.committed,
            pct_of_cost: committed_pct(s),
        });
    }
    if !s.cash_timing_known {
        v.push(Why::CashTimingUnknown {
            peak_min: s.peak_month,
            peak_max: s.peak_month_max,
        });
    }
    if !s.complete {
        v.push(Why::Incomplete);
    }
    let without = lacking(ranked.iter().map(|(_, s, _)| *s));
    if !without.is_empty() {
        v.push(Why::ComparedWithout { kinds: without });
    }
    if let Some(age) = s.age.as_ref().filter(|a| a.stale) {
        v.push(Why::StalePrices {
            oldest_as_of: age.oldest_as_of.to_string(),
            age_days: age.age_days,
        });
    }
    if a.needs(Need::Rdma) && f.net().is_none() {
        v.push(Why::RdmaUnverified);
    }
    if a.needs(Need::Sla) {
        match f.sla {
            Some(x) => v.push(Why::Sla {
                scope: x.scope,
                pct: x.pct,
                need_pct: a.sla_need_pct(),
                source: x.source.clone(),
                as_of: x.as_of.clone(),
                secondary: x.secondary,
            }),
            None => v.push(Why::SlaNotInCatalog),
        }
    }
    if f.offer.provider == crate::domain::catalog::ProviderId::Aws
        && f.offer.region.as_str().starts_with("cn-")
    {
        v.push(Why::ChinaAccount);
    }
    v
}

/// The share of the decision cost committed whatever the use, %, 1 dp.
pub(super) fn committed_pct(s: &Strategy) -> Decimal {
    if s.decision_cost <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    r1(s.committed * Decimal::ONE_HUNDRED / s.decision_cost)
}

/// The same GPUs from the same provider, paid the same way at the same
/// decision cost (another region, or another instance size of the family).
pub(super) fn same_deal(
    pool: &Pool,
    a: &(usize, &Strategy, Scores),
    b: &(usize, &Strategy, Scores),
) -> bool {
    let (oa, ob) = (pool.offers[a.0].offer, pool.offers[b.0].offer);
    oa.provider == ob.provider
        && oa.gpu == ob.gpu
        && a.1.gpus == b.1.gpus
        && a.1.model == b.1.model
        && a.1.mix_baseline == b.1.mix_baseline
        && a.1.decision_cost == b.1.decision_cost
}

/// The picks: the best offers, an instance that is the same deal in
/// another region folded into the pick above it.
pub(super) fn top_picks(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
) -> Vec<Pick> {
    let mut chosen: Vec<Pick> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    for (k, r) in ranked.iter().enumerate() {
        match at.iter().position(|&c| same_deal(pool, &ranked[c], r)) {
            Some(j) => chosen[j].same_elsewhere.push(r.1.offer.clone()),
            None if chosen.len() < MAX_PICKS => {
                let mut p = pick_at(ctx, pool, ranked, k, true);
                p.rank = chosen.len() + 1;
                chosen.push(p);
                at.push(k);
            }
            None => {}
        }
    }
    chosen
}

pub(super) fn min_of(ranked: &[(usize, &Strategy, Scores)]) -> Decimal {
    ranked
        .iter()
        .map(|(_, s, _)| s.decision_cost)
        .min()
        .unwrap_or_default()
}

pub(super) fn max_tf_of(pool: &Pool, ranked: &[(usize, &Strategy, Scores)]) -> Decimal {
    ranked
        .iter()
        .filter_map(|(i, _, _)| pool.offers[*i].tflops)
        .max()
        .unwrap_or(Decimal::ONE)
}

/// The first `n` ranked offers as picks (reasons for the first
/// [`MAX_PICKS`]).
pub(super) fn picks_of(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    n: usize,
) -> Vec<Pick> {
    (0..n.min(ranked.len()))
        .map(|k| pick_at(ctx, pool, ranked, k, k < MAX_PICKS))
        .collect()
}

/// The `k`-th ranked offer as a pick.
fn pick_at(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    k: usize,
    with_reasons: bool,
) -> Pick {
    let (_, s, sc) = ranked[k];
    Pick {
        rank: k + 1,
        strategy: s.clone(),
        scores: rounded(sc),
        reasons: if with_reasons {
            reasons(ctx, pool, ranked, k)
        } else {
            Vec::new()
        },
        // per month of what the figures cover (a job's own months)
        monthly: round_money(s.decision_cost / Decimal::from(s.months.max(1))),
        same_elsewhere: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::advise::inputs::{Need, Residency, SpotTolerance};
    use crate::domain::advise::pool::{build_pool, spot_terms};
    use crate::domain::embedded::test_catalog;

    /// `top` (what would lead with a constraint dropped, or on cost alone)
    /// is the first of the whole ranking, for every constraint allowed.
    #[test]
    fn the_top_is_the_first_of_the_ranking_whatever_is_allowed() {
        let c = test_catalog();
        let cases: Vec<(Scenario, AdviceInputs)> = vec![
            (
                Scenario {
                    min_gpus: 8,
                    months: 12,
                    ..Scenario::default()
                },
                AdviceInputs {
                    gpu_memory_gb: Some(40),
                    ..AdviceInputs::default()
                },
            ),
            (
                Scenario {
                    months: 36,
                    ..Scenario::default()
                },
                AdviceInputs {
                    needs: vec![Need::NvLink, Need::Sla],
                    ..AdviceInputs::default()
                },
            ),
            (
                Scenario {
                    months: 3,
                    ..Scenario::default()
                },
                AdviceInputs {
                    residency: Residency::Mainland,
                    gpu_memory_gb: Some(500),
                    spot: SpotTolerance::Yes,
                    ..AdviceInputs::default()
                },
            ),
        ];
        let mut compared = 0;
        for (sc, a) in &cases {
            let pool = build_pool(c, sc, a, false).unwrap();
            for weights in [
                Weights::default(),
                Weights {
                    cost: 1,
                    perf: 0,
                    eco: 0,
                    risk: 0,
                },
            ] {
                let ctx = Ctx {
                    catalog: c,
                    inputs: a,
                    weights,
                    spot: spot_terms(sc),
                    mix_share: sc.mix_spot_share_pct,
                };
                for allow in (0..16).map(|b| 1u16 << b).chain([0, u16::MAX]) {
                    let key = |r: Option<(usize, &Strategy, Scores)>| {
                        r.map(|(i, s, sc)| (i, s.offer.clone(), s.model, s.mix_baseline, sc.total))
                    };
                    let first = key(rank(&ctx, &pool, allow).into_iter().next());
                    assert_eq!(first, key(top(&ctx, &pool, allow)), "allow {allow:#x}");
                    compared += usize::from(first.is_some());
                }
            }
        }
        // the cases rank something (the check is not vacuous)
        assert!(compared > 10, "{compared}");
    }
}
