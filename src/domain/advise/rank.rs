//! Scores, the ranking and the reasons of each pick.
use rust_decimal::Decimal;

use super::facts::{stated, wanted, OfferFacts};
use super::pool::Pool;
use super::*;
use crate::domain::catalog::{AcceleratorKind, Catalog};
use crate::domain::compare_basis::{basis, Basis, Candidate};
use crate::domain::money::round_money;
use crate::domain::scenario::BillingModel;

pub(super) fn pct(part: Decimal, whole: Decimal) -> Decimal {
    pct_in(part, whole)
}

fn pct_in<N: Num>(part: N, whole: N) -> N {
    if whole <= N::ZERO {
        return N::HUNDRED;
    }
    (part * N::HUNDRED / whole).lo(N::HUNDRED)
}

/// The arithmetic a score is computed in: `Decimal` for every score shown
/// or compared, `f64` only to find, before that, the few strategies that
/// can be their offer's best or the top ([`Field::new`]); the same formula
/// in both ([`scores_in`]).
trait Num:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    const ZERO: Self;
    const TEN: Self;
    const HUNDRED: Self;
    fn of(d: Decimal) -> Self;
    fn int(n: u32) -> Self;
    /// The lesser (the first when equal).
    fn lo(self, o: Self) -> Self;
    /// The greater (the first when equal).
    fn hi(self, o: Self) -> Self;
}

impl Num for Decimal {
    const ZERO: Self = Decimal::ZERO;
    const TEN: Self = Decimal::TEN;
    const HUNDRED: Self = Decimal::ONE_HUNDRED;
    fn of(d: Decimal) -> Self {
        d
    }
    fn int(n: u32) -> Self {
        Decimal::from(n)
    }
    // `Decimal`'s own min and max (the first when equal; `Ord::max`
    // gives the second: 0 for 0.00, the same number at another scale)
    fn lo(self, o: Self) -> Self {
        Decimal::min(self, o)
    }
    fn hi(self, o: Self) -> Self {
        Decimal::max(self, o)
    }
}

impl Num for f64 {
    const ZERO: Self = 0.0;
    const TEN: Self = 10.0;
    const HUNDRED: Self = 100.0;
    fn of(d: Decimal) -> Self {
        approx(d)
    }
    fn int(n: u32) -> Self {
        f64::from(n)
    }
    fn lo(self, o: Self) -> Self {
        self.min(o)
    }
    fn hi(self, o: Self) -> Self {
        self.max(o)
    }
}

/// `d` as f64 within a few units in the last place, from its parts
/// (`Decimal::as_f64` rounds its fraction back to the decimal scale, and
/// its 128-bit mantissa converts slowly in wasm: a fifth of an advice at
/// 10× between them).
fn approx(d: Decimal) -> f64 {
    const POW10: [f64; 29] = {
        let mut p = [1.0; 29];
        let mut i = 1;
        while i < 29 {
            p[i] = p[i - 1] * 10.0;
            i += 1;
        }
        p
    };
    let b = d.serialize();
    let word = |k: usize| f64::from(u32::from_le_bytes([b[k], b[k + 1], b[k + 2], b[k + 3]]));
    let m = (word(12) * 4_294_967_296.0 + word(8)) * 4_294_967_296.0 + word(4);
    let v = m / POW10[d.scale() as usize];
    if d.is_sign_negative() {
        -v
    } else {
        v
    }
}

/// How far below the best approximate total a strategy's approximate total
/// may be and still be scored exactly. A total is 0–100 and each of its
/// terms too (a share capped at 100; the risk score clamped at 0, its
/// deductions each within 0–100 as the scenario's validation bounds the
/// mix share and interruption rate), so the f64 figure is within ~1e-13 of
/// the exact one: a strategy further than this below another cannot rank
/// above it.
const APPROX_MARGIN: f64 = 1e-9;

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
    /// The scenario keeps the default interruption assumption.
    pub(super) spot_assumed: bool,
    pub(super) mix_share: Decimal,
}

/// What a strategy's cost is compared on (`crate::domain::compare_basis`):
/// its decision cost plus the bound of every charge it lacks.
pub(super) fn cost_basis(f: &OfferFacts, s: &Strategy) -> Basis {
    basis(&Candidate {
        missing: if s.complete { &[] } else { &f.rates },
        decision: s.decision_cost,
        months: s.months,
    })
}

/// The cost a strategy is scored on: what it prices plus the bounds of
/// what it does not; None when a charge it lacks is unbounded (no
/// published rate of its kind): it then scores no cost points.
pub(super) fn comparable(f: &OfferFacts, s: &Strategy) -> Option<Decimal> {
    let b = cost_basis(f, s);
    (b.unbounded == 0).then_some(b.upper)
}

/// The scores of a strategy: `tf_score` is its offer's datasheet TFLOPS
/// as a share of the highest ([`tf_score`]; None when unknown), the same
/// for all its strategies, so computed once per offer.
pub(super) fn scores(
    ctx: &Ctx,
    f: &OfferFacts,
    s: &Strategy,
    cost_now: Option<Decimal>,
    min_cost: Decimal,
    tf_score: Option<Decimal>,
    min_hours: Option<Decimal>,
) -> Scores {
    let (cost, perf, eco, risk, total) =
        scores_in(ctx, f, s, cost_now, min_cost, tf_score, min_hours);
    Scores {
        cost,
        perf,
        eco,
        risk,
        total,
    }
}

/// [`scores`] in `N`: cost, performance, ecosystem, risk and the weighted
/// total (what it reads of a strategy and its offer, [`Scale::same_scores`]
/// compares: a figure read here must be compared there). An unknown
/// performance (no job hours to compare, no sourced TFLOPS) takes no part
/// in the total: the weights are re-normalised over the scores that are
/// known. When only an unknown score is weighted the total is unknown too
/// (None: ranked after every known total). An unbounded cost (`cost_now`
/// None) scores 0: it ranks after every bounded one on cost.
fn scores_in<N: Num>(
    ctx: &Ctx,
    f: &OfferFacts,
    s: &Strategy,
    cost_now: Option<N>,
    min_cost: N,
    tf_score: Option<N>,
    min_hours: Option<N>,
) -> (N, Option<N>, N, N, Option<N>) {
    let cost = match cost_now {
        None => N::ZERO,
        Some(c) if c <= min_cost || c <= N::ZERO => N::HUNDRED,
        Some(c) => pct_in(min_cost.hi(N::ZERO), c),
    };
    // a job: the fastest feasible finish scores 100; otherwise datasheet TFLOPS
    let perf = match (s.job_hours.map(N::of), min_hours) {
        (Some(h), Some(min)) if h > N::ZERO => Some(pct_in(min, h)),
        _ => tf_score,
    };
    let eco = N::of(f.eco);
    let mut risk = N::HUNDRED;
    if let Some((scenario_monthly, _)) = ctx.spot {
        // the rate the strategy's cost rests on: the offer's own (published
        // or its Spot Advisor band) where it has one, else the scenario's
        let monthly = s.own_spot_rate.map_or(scenario_monthly, |(p, _)| p);
        let exposure = (N::int(20) + N::of(monthly)).lo(N::int(60));
        match s.model {
            BillingModel::Spot => risk = risk - exposure,
            BillingModel::Mix => risk = risk - exposure * N::of(ctx.mix_share) / N::HUNDRED,
            _ => {}
        }
    }
    let bursty = ctx.inputs.load == Load::Bursty;
    let (owed, decision) = (N::of(s.still_owed), N::of(s.decision_cost));
    if owed > N::ZERO && decision > N::ZERO {
        let k = if bursty { 100 } else { 50 };
        risk = risk - owed * N::int(k) / decision;
    }
    // lock-in: money committed within the horizon whatever the use (a 3-year
    // reservation for a 3-year horizon is not on-demand's risk)
    let committed = N::of(s.committed);
    if committed > owed && decision > N::ZERO {
        let k = if bursty {
            LOCK_IN_BURSTY
        } else {
            LOCK_IN_STEADY
        };
        risk = risk - (committed - owed) * N::int(k) / decision;
    }
    for bad in [s.indicative, s.assumed, !s.complete] {
        if bad {
            risk = risk - N::TEN;
        }
    }
    let risk = risk.hi(N::ZERO);
    let w = ctx.weights;
    let known = cost * N::int(w.cost) + eco * N::int(w.eco) + risk * N::int(w.risk);
    let total = match perf {
        Some(p) => Some((known + p * N::int(w.perf)) / N::int(w.sum().max(1))),
        None if w.sum() == 0 => Some(N::ZERO),
        None if w.sum() == w.perf => None,
        None => Some(known / N::int(w.sum() - w.perf)),
    };
    (cost, perf, eco, risk, total)
}

/// Ranked offers (index into the pool's offers, best strategy each), best
/// first, with their exact scores ([`Ranking::scores`]).
pub(super) struct Ranking<'a> {
    pub(super) rows: Vec<(usize, &'a Strategy)>,
    /// Each row's exact scores where ranking it needed them (its offer's
    /// best, or its place, was not decided by the approximate totals);
    /// the others' are worked out when read.
    exact: Vec<Option<Scores>>,
    scale: Scale,
}

impl Ranking<'_> {
    /// The exact scores of the `k`-th ranked offer's strategy.
    pub(super) fn scores(&self, ctx: &Ctx, pool: &Pool, k: usize) -> Scores {
        let (i, s) = self.rows[k];
        match self.exact[k] {
            Some(sc) => sc,
            None => self.scale.exact(ctx, pool, i, s),
        }
    }
}

/// Ranked offers (best strategy each) among strategies whose failed
/// constraints are within `allow`; full-precision scores.
pub(super) fn rank<'a>(ctx: &Ctx, pool: &'a Pool, allow: u16) -> Ranking<'a> {
    rank_where(ctx, pool, allow, &|_| true)
}

/// [`rank`] over the strategies `keep` accepts.
pub(super) fn rank_where<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
    keep: &dyn Fn(&Strategy) -> bool,
) -> Ranking<'a> {
    let Some(field) = Field::new(ctx, pool, allow, keep) else {
        return Ranking {
            rows: Vec::new(),
            exact: Vec::new(),
            scale: Scale::default(),
        };
    };
    let best = bests(ctx, pool, &field);
    let mut r = Ranking {
        rows: Vec::new(),
        exact: Vec::new(),
        scale: field.scale,
    };
    let mut approx = Vec::new();
    for (i, (s, sc, x)) in best
        .into_iter()
        .enumerate()
        .filter_map(|(i, b)| Some((i, b?)))
    {
        r.rows.push((i, s));
        r.exact.push(sc);
        approx.push(x);
    }
    sort_ranked(ctx, pool, &mut r, &approx);
    r
}

/// An offer's best strategy, with its exact scores when they were needed
/// to find it, and its approximate total.
type Best<'a> = (&'a Strategy, Option<Scores>, f64);

/// Each offer's best strategy in the field (None: it has none): only the
/// strategies near the offer's best approximate total can be its best,
/// and they are scored exactly when there are several.
fn bests<'a>(ctx: &Ctx, pool: &Pool, field: &Field<'a>) -> Vec<Option<Best<'a>>> {
    let mut near = vec![f64::NEG_INFINITY; pool.offers.len()];
    for c in &field.feasible {
        near[c.offer] = near[c.offer].max(c.approx);
    }
    let mut best: Vec<Option<Best>> = vec![None; pool.offers.len()];
    for c in field
        .feasible
        .iter()
        .filter(|c| near_enough(c.approx, near[c.offer]))
    {
        let (i, s) = (c.offer, c.strategy);
        best[i] = Some(match best[i] {
            None => (s, None, c.approx),
            Some((b, bs, bx)) => {
                let bs = bs.unwrap_or_else(|| field.scale.exact(ctx, pool, i, b));
                let sc = field.scale.exact(ctx, pool, i, s);
                if order_in(pool, &(i, s, sc), &(i, b, bs)) == std::cmp::Ordering::Less {
                    (s, Some(sc), c.approx)
                } else {
                    (b, Some(bs), bx)
                }
            }
        });
    }
    best
}

/// Sorts offers' best strategies in [`order`], given their approximate
/// totals: on those first, then exactly within each run of totals no
/// further than [`APPROX_MARGIN`] from the next (two totals further apart
/// are in the order of their approximations); only the strategies of such
/// runs are scored exactly. Indices are sorted, not the strategies (moving
/// those was most of the sort at 10×).
fn sort_ranked(ctx: &Ctx, pool: &Pool, r: &mut Ranking, approx: &[f64]) {
    let mut idx: Vec<usize> = (0..r.rows.len()).collect();
    let mut runs = Vec::new();
    if approx.iter().all(|x| x.is_finite()) {
        idx.sort_unstable_by(|a, b| approx[*b].total_cmp(&approx[*a]));
        let mut start = 0;
        for k in 1..=idx.len() {
            if k == idx.len() || approx[idx[k - 1]] - approx[idx[k]] > APPROX_MARGIN {
                if k - start > 1 {
                    runs.push(start..k);
                }
                start = k;
            }
        }
    } else {
        runs.push(0..idx.len());
    }
    for run in runs {
        let mut part: Vec<(usize, (usize, &Strategy, Scores))> = Vec::with_capacity(run.len());
        // the members scored exactly so far (indices into `part`)
        let mut scored: Vec<usize> = Vec::new();
        for &k in &idx[run.clone()] {
            let (i, s) = r.rows[k];
            // a copy of one of the last members scored (the same offer
            // elsewhere at the same price) is not scored again
            let copy = || {
                scored
                    .iter()
                    .rev()
                    .take(COPIES_LOOKED_AT)
                    .map(|&m| &part[m].1)
                    .find(|(j, t, _)| r.scale.same_scores(pool, (*j, t), (i, s)))
                    .map(|(_, _, sc)| *sc)
            };
            let sc = match r.exact[k].or_else(copy) {
                Some(sc) => sc,
                None => {
                    scored.push(part.len());
                    r.scale.exact(ctx, pool, i, s)
                }
            };
            r.exact[k] = Some(sc);
            part.push((k, (i, s, sc)));
        }
        part.sort_unstable_by(|a, b| order_in(pool, &a.1, &b.1));
        for (slot, (k, _)) in idx[run].iter_mut().zip(part) {
            *slot = k;
        }
    }
    r.rows = idx.iter().map(|k| r.rows[*k]).collect();
    r.exact = idx.iter().map(|k| r.exact[*k]).collect();
}

/// How many of the last strategies scored exactly in a run of equal
/// totals a strategy is compared with, to take the scores of one it is a
/// copy of ([`Scale::same_scores`]): a run can hold every offer (every
/// total unknown, or no weight), and comparing each with all before it
/// would grow with the square of the catalog.
const COPIES_LOOKED_AT: usize = 16;

/// The first of [`rank`]'s list, without ranking the rest (what would
/// lead if a constraint were dropped, or on cost alone).
pub(super) fn top<'a>(
    ctx: &Ctx,
    pool: &'a Pool,
    allow: u16,
) -> Option<(usize, &'a Strategy, Scores)> {
    let field = Field::new(ctx, pool, allow, &|_| true)?;
    let near = field
        .feasible
        .iter()
        .fold(f64::NEG_INFINITY, |m, c| m.max(c.approx));
    field
        .feasible
        .iter()
        .filter(|c| near_enough(c.approx, near))
        .map(|c| {
            let (i, s) = (c.offer, c.strategy);
            (i, s, field.scale.exact(ctx, pool, i, s))
        })
        .min_by(|a, b| order_in(pool, a, b))
}

/// Whether an approximate total may be the exact best, `best` being the
/// highest approximation: not further than [`APPROX_MARGIN`] below it (or
/// not a number: scored exactly).
fn near_enough(approx: f64, best: f64) -> bool {
    approx.partial_cmp(&(best - APPROX_MARGIN)) != Some(std::cmp::Ordering::Less)
}

/// A feasible strategy and its approximate total.
struct Feasible<'a> {
    offer: usize,
    strategy: &'a Strategy,
    approx: f64,
}

/// Every feasible strategy (failing only what `allow` allows, accepted by
/// `keep`), compared on what every one of them prices, with what their
/// scores are relative to.
struct Field<'a> {
    feasible: Vec<Feasible<'a>>,
    scale: Scale,
}

/// What the scores of a field's strategies are relative to.
#[derive(Default)]
struct Scale {
    min_cost: Decimal,
    min_hours: Option<Decimal>,
    /// each offer's TFLOPS score (offers with a feasible strategy)
    tf: Vec<Option<Decimal>>,
}

impl Scale {
    /// Whether two strategies (each with its offer's index) have the same
    /// scores, digit for digit: everything [`scores_in`] and the
    /// comparable cost read of them is the same, each figure to its last
    /// digit and scale (not only in value), and both are complete (an
    /// incomplete one's cost reads its offer's missing rates too).
    fn same_scores(
        &self,
        pool: &Pool,
        (i, s): (usize, &Strategy),
        (j, t): (usize, &Strategy),
    ) -> bool {
        let same = |a: &Decimal, b: &Decimal| a.serialize() == b.serialize();
        let both = |a: &Option<Decimal>, b: &Option<Decimal>| match (a, b) {
            (Some(a), Some(b)) => same(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        let spot = |x: &Option<(Decimal, bool)>| x.map(|(p, _)| p);
        s.complete
            && t.complete
            && s.model == t.model
            && s.months == t.months
            && s.indicative == t.indicative
            && s.assumed == t.assumed
            && same(&s.decision_cost, &t.decision_cost)
            && same(&s.still_owed, &t.still_owed)
            && same(&s.committed, &t.committed)
            && both(&s.job_hours, &t.job_hours)
            && both(&spot(&s.own_spot_rate), &spot(&t.own_spot_rate))
            && both(&self.tf[i], &self.tf[j])
            && same(&pool.offers[i].eco, &pool.offers[j].eco)
    }

    /// The exact scores of strategy `s` of offer `i`.
    fn exact(&self, ctx: &Ctx, pool: &Pool, i: usize, s: &Strategy) -> Scores {
        let f = &pool.offers[i];
        scores(
            ctx,
            f,
            s,
            comparable(f, s),
            self.min_cost,
            self.tf[i],
            self.min_hours,
        )
    }
}

impl<'a> Field<'a> {
    /// None when no strategy is feasible.
    fn new(
        ctx: &Ctx,
        pool: &'a Pool,
        allow: u16,
        keep: &dyn Fn(&Strategy) -> bool,
    ) -> Option<Field<'a>> {
        let feasible: Vec<&(usize, Strategy)> = pool
            .strategies
            .iter()
            .filter(|(_, s)| s.fails_within(allow) && keep(s))
            .collect();
        // compared on what each prices plus the bounds of what it does not
        let costs: Vec<Option<Decimal>> = feasible
            .iter()
            .map(|(i, s)| comparable(&pool.offers[*i], s))
            .collect();
        if feasible.is_empty() {
            return None;
        }
        // (every cost unbounded: none scores cost points, whatever this is)
        let min_cost = costs
            .iter()
            .flatten()
            .copied()
            .min_by(cmp_dec)
            .unwrap_or_default();
        // each offer once (its strategies are next to each other)
        let max_tf = feasible
            .iter()
            .enumerate()
            .filter(|(k, (i, _))| *k == 0 || feasible[k - 1].0 != *i)
            .filter_map(|(_, (i, _))| pool.offers[*i].tflops)
            .max()
            .unwrap_or(Decimal::ONE);
        let min_hours = feasible.iter().filter_map(|(_, s)| s.job_hours).min();
        // once per offer (its strategies are next to each other), and once
        // per datasheet figure: offers of one accelerator share it (a
        // division each was ~7 % of an advice at 10x)
        let mut tf = vec![None; pool.offers.len()];
        let mut tf_f = vec![None; pool.offers.len()];
        let mut seen: Vec<([u8; 16], Option<Decimal>, Option<f64>)> = Vec::new();
        let mut last = None;
        for (i, _) in &feasible {
            if last == Some(*i) {
                continue;
            }
            last = Some(*i);
            let f = &pool.offers[*i];
            let key = f.tflops.map_or([0xff; 16], |t| t.serialize());
            let (score, score_f) = match seen.iter().find(|(k, _, _)| *k == key) {
                Some(&(_, d, x)) => (d, x),
                None => {
                    let d = tf_score(f, max_tf);
                    seen.push((key, d, d.map(approx)));
                    (d, d.map(approx))
                }
            };
            tf[*i] = score;
            tf_f[*i] = score_f;
        }
        let (min_c, min_h) = (approx(min_cost), min_hours.map(approx));
        let feasible = feasible
            .into_iter()
            .zip(costs)
            .map(|((i, s), cost)| Feasible {
                offer: *i,
                strategy: s,
                approx: scores_in(
                    ctx,
                    &pool.offers[*i],
                    s,
                    cost.map(approx),
                    min_c,
                    tf_f[*i],
                    min_h,
                )
                .4
                .unwrap_or(f64::NEG_INFINITY),
            })
            .collect();
        Some(Field {
            feasible,
            scale: Scale {
                min_cost,
                min_hours,
                tf,
            },
        })
    }
}

/// An offer's datasheet TFLOPS as a share (%) of the highest, `max_tf`;
/// None when unknown (never 0: see [`scores_in`]).
fn tf_score(f: &OfferFacts, max_tf: Decimal) -> Option<Decimal> {
    f.tflops.map(|t| pct(t, max_tf))
}

/// Total desc, then decision cost, instances (fewer first), offer id, model, mix baseline (the
/// ranking's order; it ranks with [`order_in`]).
#[cfg(test)]
pub(super) fn order(a: Scores, sa: &Strategy, b: Scores, sb: &Strategy) -> std::cmp::Ordering {
    order_by(&a, sa, sa.offer.as_str(), &b, sb, sb.offer.as_str())
}

/// [`order`] of two ranked strategies of `pool`, their offer ids compared
/// by their places ([`OfferFacts::id_place`]): the same order without
/// comparing the ids (long and alike, `…~x3`: comparing them was ~10 % of
/// an advice's keystroke in the worker at 10x).
pub(super) fn order_in(
    pool: &Pool,
    (i, sa, a): &(usize, &Strategy, Scores),
    (j, sb, b): &(usize, &Strategy, Scores),
) -> std::cmp::Ordering {
    let place = |k: usize| pool.offers[k].id_place;
    order_by(a, sa, place(*i), b, sb, place(*j))
}

/// [`order`], the offer ids given as `ia`, `ib` (or anything in their
/// order); each key compared only when those before it are equal (the
/// ranking sorts runs of equal totals and costs). At the same total and
/// cost, fewer (so larger) instances come first: one 8-GPU box over eight
/// 1-GPU ones (one machine to run, its GPUs linked), then the offer id.
fn order_by<K: Ord>(
    a: &Scores,
    sa: &Strategy,
    ia: K,
    b: &Scores,
    sb: &Strategy,
    ib: K,
) -> std::cmp::Ordering {
    cmp_total(&b.total, &a.total)
        .then_with(|| cmp_dec(&sa.decision_cost, &sb.decision_cost))
        .then_with(|| sa.instances.cmp(&sb.instances))
        .then_with(|| ia.cmp(&ib))
        .then_with(|| sa.model.index().cmp(&sb.model.index()))
        .then_with(|| {
            sa.mix_baseline
                .map(|m| m.index())
                .cmp(&sb.mix_baseline.map(|m| m.index()))
        })
}

/// Totals compared, an unknown one below every known one.
fn cmp_total(a: &Option<Decimal>, b: &Option<Decimal>) -> std::cmp::Ordering {
    match (a, b) {
        (Some(a), Some(b)) => cmp_dec(a, b),
        _ => a.is_some().cmp(&b.is_some()),
    }
}

/// `a.cmp(b)`, in one step when both have the same scale (their signed
/// mantissas compare as the numbers do): the ranking compares totals and
/// costs of equal scale, most of them equal (one instance in three
/// regions), and the general comparison was most of its sort.
fn cmp_dec(a: &Decimal, b: &Decimal) -> std::cmp::Ordering {
    if a.scale() == b.scale() {
        a.mantissa().cmp(&b.mantissa())
    } else {
        a.cmp(b)
    }
}

pub(super) fn r1(d: Decimal) -> Decimal {
    let mut r = d.round_dp(1);
    r.rescale(1);
    r
}

pub(super) fn rounded(s: Scores) -> Scores {
    Scores {
        cost: r1(s.cost),
        perf: s.perf.map(r1),
        eco: r1(s.eco),
        risk: r1(s.risk),
        total: s.total.map(r1),
    }
}

/// What every pick's reasons read of the whole ranking, worked out once
/// per advice (once per pick, it was six passes over the ranking; once per
/// list of picks, two).
pub(super) struct Whole {
    min_cost: Decimal,
    max_tf: Decimal,
    min_hours: Option<Decimal>,
}

impl Whole {
    pub(super) fn of(pool: &Pool, ranked: &[(usize, &Strategy)]) -> Whole {
        Whole {
            min_cost: min_of(pool, ranked),
            max_tf: max_tf_of(pool, ranked),
            min_hours: ranked.iter().filter_map(|(_, s)| s.job_hours).min(),
        }
    }
}

pub(super) fn reasons(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy)],
    whole: &Whole,
    k: usize,
) -> Vec<Why> {
    let (min_cost, max_tf) = (whole.min_cost, whole.max_tf);
    let (i, s) = ranked[k];
    let f = &pool.offers[i];
    let a = ctx.inputs;
    let mut v = Vec::new();
    if comparable(f, s).is_some_and(|c| c <= min_cost) {
        v.push(Why::Cheapest);
    }
    let next = ranked
        .iter()
        .skip(k + 1)
        .find(|r| !same_deal(pool, &ranked[k], r));
    if let Some((_, other)) = next {
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
    match (s.job_hours, whole.min_hours, f.tflops) {
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
            let (monthly_pct, basis) = match s.own_spot_rate {
                Some((p, true)) => (p, SpotRateBasis::Published),
                Some((p, false)) => (p, SpotRateBasis::Band),
                None if ctx.spot_assumed => (monthly, SpotRateBasis::Assumed),
                None => (monthly, SpotRateBasis::Yours),
            };
            v.push(Why::SpotExposure {
                monthly_pct,
                share_pct,
                basis,
            });
        }
    }
    if s.indicative {
        v.push(Why::IndicativePrice);
    }
    if s.assumed {
        v.push(Why::AssumedRate);
    }
    if s.monthly_from_upfront {
        let rules = crate::domain::billing::rules::payment_rules(f.offer.provider);
        v.push(Why::MonthlyFromUpfront {
            source: rules.source.unwrap_or_default().to_string(),
        });
    }
    if s.negotiated {
        let rule = crate::domain::billing::rules::negotiated_source(f.offer.provider);
        v.push(Why::Negotiated {
            source: rule.source.to_string(),
        });
    }
    if committed_pct(s) > Decimal::ZERO {
        v.push(Why::LockIn {
            committed: s.committed,
            pct_of_cost: committed_pct(s),
        });
    }
    if let Some(c) = cheaper_commitment(pool, i, s) {
        v.push(Why::CheaperCommitment {
            model: c.model,
            decision_cost: c.decision_cost,
            pct_cheaper: r1(pct(s.decision_cost - c.decision_cost, s.decision_cost)),
            committed: c.committed,
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
    if !s.complete {
        let b = cost_basis(f, s);
        v.push(Why::Bounded {
            kinds: s.missing.clone(),
            priced: b.priced,
            bound: b.bound(),
        });
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
    if f.offer.needs_china_account() {
        let fact = stated(prov, f.stack(), "icp:");
        v.push(Why::ChinaAccount {
            source: fact.map(|x| x.source.clone()),
            as_of: fact.map(|x| x.as_of.clone()),
        });
    }
    v
}

/// The share of the decision cost committed whatever the use, %, 1 dp.
/// The cheapest commitment of the pick's own offer whose term fits the
/// horizon, complete and admissible wherever the pick is, when it costs
/// less than the pick (then only its lock-in, counted in risk, ranked it
/// lower: the offer's GPUs and provider are the pick's).
fn cheaper_commitment<'p>(pool: &'p Pool, i: usize, s: &Strategy) -> Option<&'p Strategy> {
    pool.strategies_of(i)
        .iter()
        .filter(|(_, c)| {
            c.model != s.model
                && c.mix_baseline.is_none()
                && c.fails & !s.fails == 0
                && c.complete
                && c.model.term_months().is_some_and(|t| t <= s.months)
                && c.decision_cost < s.decision_cost
        })
        .map(|(_, c)| c)
        .min_by(|a, b| cmp_dec(&a.decision_cost, &b.decision_cost))
}

pub(super) fn committed_pct(s: &Strategy) -> Decimal {
    if s.decision_cost <= Decimal::ZERO {
        return Decimal::ZERO;
    }
    r1(s.committed * Decimal::ONE_HUNDRED / s.decision_cost)
}

/// The same GPUs from the same provider, paid the same way at the same
/// decision cost (another region, or another instance size of the family).
/// Not when one links more of its GPUs by NVLink than the other: NVLink
/// does not span instances, so four 2-GPU boxes are not one 8-GPU NVLink
/// box at the same price.
pub(super) fn same_deal(pool: &Pool, a: &(usize, &Strategy), b: &(usize, &Strategy)) -> bool {
    // the strategies first: the picks test every ranked one, and most
    // differ there, before their offers' facts are read
    let same_strategy = a.1.decision_cost == b.1.decision_cost
        && a.1.gpus == b.1.gpus
        && a.1.model == b.1.model
        && a.1.mix_baseline == b.1.mix_baseline;
    same_strategy && {
        let (fa, fb) = (&pool.offers[a.0], &pool.offers[b.0]);
        let (oa, ob) = (fa.offer, fb.offer);
        let nvlink = fa.nvlink || fb.nvlink;
        oa.provider == ob.provider && oa.gpu == ob.gpu && (oa.gpu_count == ob.gpu_count || !nvlink)
    }
}

/// The picks: the best offers, an instance that is the same deal in
/// another region folded into the pick above it.
pub(super) fn top_picks(ctx: &Ctx, pool: &Pool, ranking: &Ranking, whole: &Whole) -> Vec<Pick> {
    let ranked = &ranking.rows;
    let mut chosen: Vec<Pick> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    for (k, r) in ranked.iter().enumerate() {
        match at.iter().position(|&c| same_deal(pool, &ranked[c], r)) {
            Some(j) => chosen[j].same_elsewhere.push(r.1.offer.clone()),
            None if chosen.len() < MAX_PICKS => {
                let mut p = pick_at(ctx, pool, ranking, k, Some(whole));
                p.rank = chosen.len() + 1;
                chosen.push(p);
                at.push(k);
            }
            None => {}
        }
    }
    chosen
}

/// The lowest bounded cost of the ranked strategies (what each prices
/// plus the bounds of what it does not; 0 when none is bounded).
pub(super) fn min_of(pool: &Pool, ranked: &[(usize, &Strategy)]) -> Decimal {
    ranked
        .iter()
        .filter_map(|(i, s)| comparable(&pool.offers[*i], s))
        .min()
        .unwrap_or_default()
}

pub(super) fn max_tf_of(pool: &Pool, ranked: &[(usize, &Strategy)]) -> Decimal {
    ranked
        .iter()
        .filter_map(|(i, _)| pool.offers[*i].tflops)
        .max()
        .unwrap_or(Decimal::ONE)
}

/// The first `n` ranked offers as picks (reasons for the first
/// [`MAX_PICKS`]).
pub(super) fn picks_of(
    ctx: &Ctx,
    pool: &Pool,
    ranking: &Ranking,
    n: usize,
    whole: &Whole,
) -> Vec<Pick> {
    (0..n.min(ranking.rows.len()))
        .map(|k| pick_at(ctx, pool, ranking, k, (k < MAX_PICKS).then_some(whole)))
        .collect()
}

/// The `k`-th ranked offer as a pick, with its reasons when given what
/// they read of the whole ranking.
fn pick_at(
    ctx: &Ctx,
    pool: &Pool,
    ranking: &Ranking,
    k: usize,
    reasons_from: Option<&Whole>,
) -> Pick {
    let (_, s) = ranking.rows[k];
    Pick {
        rank: k + 1,
        strategy: s.clone(),
        scores: rounded(ranking.scores(ctx, pool, k)),
        reasons: match reasons_from {
            Some(whole) => reasons(ctx, pool, &ranking.rows, whole, k),
            None => Vec::new(),
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
    use crate::domain::advise::pool::build_pool;
    use crate::domain::advise::pricer::spot_terms;
    use crate::domain::embedded::test_catalog;
    use crate::domain::scenario::Scenario;

    /// The default scenario over 12 months.
    fn a_year() -> Scenario {
        Scenario {
            months: 12,
            ..Scenario::default()
        }
    }

    /// The scoring context of a scenario and advice inputs.
    fn ctx_of<'a>(c: &'a Catalog, sc: &Scenario, a: &'a AdviceInputs, weights: Weights) -> Ctx<'a> {
        Ctx {
            catalog: c,
            inputs: a,
            weights,
            spot: spot_terms(sc),
            spot_assumed: sc.spot.keeps_default_rate(),
            mix_share: sc.mix_spot_share_pct,
        }
    }

    /// The ranking is in the exact order, found from approximate totals
    /// and scoring exactly only what they leave open: for the cases, every
    /// allowed set (each offer's best strategy and the offers' order the
    /// same as from every strategy scored exactly), and for totals no f64
    /// tells apart (runs within the margin, ties broken by decision cost
    /// and offer) with approximations wrong within the margin.
    #[test]
    fn the_ranking_is_in_the_exact_order() {
        use std::cmp::Ordering::Less;
        let c = test_catalog();
        let (sc, a) = (a_year(), AdviceInputs::default());
        let pool = build_pool(c, &sc, &a, false).unwrap();
        let ctx = ctx_of(c, &sc, &a, Weights::default());
        let mut scored_later = 0;
        let mut copies = 0;
        // the weights: the default; performance alone (offers without a
        // sourced TFLOPS figure have no total: one run, sorted exactly);
        // none (every total 0: one run of equal totals)
        let only_perf = Weights {
            cost: 0,
            perf: 1,
            eco: 0,
            risk: 0,
        };
        let none = Weights {
            perf: 0,
            ..only_perf
        };
        for (weights, allow) in [
            (Weights::default(), 0),
            (Weights::default(), u16::MAX),
            (Weights::default(), Exclusion::Budget.bit()),
            (only_perf, 0),
            (none, 0),
        ] {
            let ctx = ctx_of(c, &sc, &a, weights);
            let ranking = rank(&ctx, &pool, allow);
            let n = ranking.rows.len();
            assert!(n > 50, "{n}");
            scored_later += ranking.exact.iter().filter(|x| x.is_none()).count();
            let row = |k: usize| {
                let (i, s) = ranking.rows[k];
                (i, s, ranking.scores(&ctx, &pool, k))
            };
            for k in 1..n {
                let (a, b) = (row(k - 1), row(k));
                assert_eq!(order(a.2, a.1, b.2, b.1), Less);
            }
            // every feasible strategy scored exactly, in order: each
            // offer's first is its best, and the firsts are the ranking
            let field = Field::new(&ctx, &pool, allow, &|_| true).unwrap();
            let mut all: Vec<(usize, &Strategy, Scores)> = field
                .feasible
                .iter()
                .map(|c| {
                    let sc = field.scale.exact(&ctx, &pool, c.offer, c.strategy);
                    (c.offer, c.strategy, sc)
                })
                .collect();
            all.sort_by(|a, b| order_in(&pool, a, b));
            let mut seen = vec![false; pool.offers.len()];
            let firsts: Vec<(usize, &Strategy, Scores)> = all
                .into_iter()
                .filter(|(i, _, _)| !std::mem::replace(&mut seen[*i], true))
                .collect();
            assert_eq!(firsts.len(), n);
            for (k, (i, s, sc)) in firsts.into_iter().enumerate() {
                assert_eq!(ranking.rows[k].0, i, "allow {allow:#x}, row {k}");
                assert!(
                    std::ptr::eq(ranking.rows[k].1, s),
                    "allow {allow:#x}, row {k}"
                );
                // digit for digit (a copy's scores are its original's)
                let got = ranking.scores(&ctx, &pool, k);
                assert_eq!(format!("{got:?}"), format!("{sc:?}"), "row {k}");
            }
            // what `same_scores` takes for a copy scores the same
            for k in 0..n {
                for l in k + 1..n {
                    if ranking
                        .scale
                        .same_scores(&pool, ranking.rows[k], ranking.rows[l])
                    {
                        let (x, y) = (row(k).2, row(l).2);
                        assert_eq!(format!("{x:?}"), format!("{y:?}"), "rows {k}, {l}");
                        copies += 1;
                    }
                }
            }
        }
        // most are ranked without their exact scores (not every one
        // scored), and copies are there to be found
        assert!(scored_later > 100, "{scored_later}");
        assert!(copies > 10, "{copies}");
        // totals 1e-20 apart, every approximation 50 ± 1e-12 (or 70 for some)
        let ranking = rank(&ctx, &pool, 0);
        let tiny = Decimal::new(1, 20);
        let mut r = Ranking {
            rows: ranking.rows.iter().take(40).copied().collect(),
            exact: (0..40)
                .map(|k| {
                    let step = Decimal::from((k * 7) % 13);
                    let base = if k % 5 == 0 { 70 } else { 50 };
                    let total = Some(Decimal::from(base) + tiny * step);
                    Some(Scores {
                        total,
                        ..ranking.scores(&ctx, &pool, k)
                    })
                })
                .collect(),
            scale: Scale::default(),
        };
        let approx: Vec<f64> = r
            .exact
            .iter()
            .enumerate()
            .map(|(k, x)| approx(x.unwrap().total.unwrap()) + (k as f64 - 20.0) * 1e-13)
            .collect();
        sort_ranked(&ctx, &pool, &mut r, &approx);
        for k in 1..r.rows.len() {
            let (a, b) = (r.exact[k - 1].unwrap(), r.exact[k].unwrap());
            assert_eq!(order(a, r.rows[k - 1].1, b, r.rows[k].1), Less);
        }
    }

    /// `Scale::same_scores` takes a strategy for a copy only when every
    /// input of its scores is the same: a copy found in the ranking, with
    /// any one of them changed (one of the strategy's figures or flags,
    /// its offer's TFLOPS score or ecosystem score), is no copy; and each
    /// of the offer's two changes its score.
    #[test]
    fn a_copy_differs_in_no_input_of_its_scores() {
        let c = test_catalog();
        let (sc, a) = (a_year(), AdviceInputs::default());
        let pool = build_pool(c, &sc, &a, false).unwrap();
        let ctx = ctx_of(c, &sc, &a, Weights::default());
        let ranking = rank(&ctx, &pool, 0);
        let (rows, scale) = (&ranking.rows, &ranking.scale);
        let n = rows.len();
        let (k, l) = (0..n)
            .flat_map(|k| (k + 1..n).map(move |l| (k, l)))
            .find(|&(k, l)| scale.same_scores(&pool, rows[k], rows[l]))
            .expect("the test catalog has copies");
        let ((i, s), (j, t)) = (rows[k], rows[l]);
        let cent = Decimal::new(1, 2);
        let with = |f: &dyn Fn(&mut Strategy)| {
            let mut u = t.clone();
            f(&mut u);
            u
        };
        let changed = [
            (
                "model",
                with(&|u| {
                    u.model = if u.model == BillingModel::OnDemand {
                        BillingModel::Spot
                    } else {
                        BillingModel::OnDemand
                    }
                }),
            ),
            ("months", with(&|u| u.months += 1)),
            ("indicative", with(&|u| u.indicative = !u.indicative)),
            ("assumed", with(&|u| u.assumed = !u.assumed)),
            ("complete", with(&|u| u.complete = false)),
            ("decision cost", with(&|u| u.decision_cost += cent)),
            // the same value to another scale is not the same figure
            (
                "decision cost's digits",
                with(&|u| u.decision_cost.rescale(u.decision_cost.scale() + 1)),
            ),
            ("still owed", with(&|u| u.still_owed += cent)),
            ("committed", with(&|u| u.committed += cent)),
            (
                "job hours",
                with(&|u| u.job_hours = Some(u.job_hours.unwrap_or_default() + Decimal::ONE)),
            ),
            (
                "own spot rate",
                with(&|u| {
                    u.own_spot_rate = Some((
                        u.own_spot_rate
                            .map_or(Decimal::ONE, |(r, _)| r + Decimal::ONE),
                        true,
                    ))
                }),
            ),
        ];
        for (what, u) in &changed {
            assert!(!scale.same_scores(&pool, (i, s), (j, u)), "{what}");
        }
        // the offer's TFLOPS score
        let mut tf = scale.tf.clone();
        tf[j] = Some(tf[j].unwrap_or_default() + Decimal::ONE);
        let other = Scale {
            min_cost: scale.min_cost,
            min_hours: scale.min_hours,
            tf,
        };
        assert!(!other.same_scores(&pool, (i, s), (j, t)), "TFLOPS score");
        let differ = |x: Scores, y: Scores| format!("{x:?}") != format!("{y:?}");
        assert!(differ(
            other.exact(&ctx, &pool, i, s),
            other.exact(&ctx, &pool, j, t)
        ));
        // the offer's ecosystem score (the same for every offer under the
        // default inputs, so the ranking's copies never differ in it)
        let mut eco = build_pool(c, &sc, &a, false).unwrap();
        std::rc::Rc::get_mut(&mut eco.offers).unwrap()[j].eco += Decimal::ONE;
        assert!(!scale.same_scores(&eco, (i, s), (j, t)), "ecosystem score");
        assert!(differ(
            scale.exact(&ctx, &eco, i, s),
            scale.exact(&ctx, &eco, j, t)
        ));
    }

    /// An offer's strategies whose approximate totals are all near its
    /// best are scored exactly to find its best, wherever in the offer's
    /// list the best is; one far below is not a candidate.
    #[test]
    fn an_offers_best_among_near_totals_is_found_exactly() {
        let c = test_catalog();
        let (sc, a) = (a_year(), AdviceInputs::default());
        let pool = build_pool(c, &sc, &a, false).unwrap();
        let ctx = ctx_of(c, &sc, &a, Weights::default());
        let whole = Field::new(&ctx, &pool, 0, &|_| true).unwrap();
        let mut tried = 0;
        for i in 0..pool.offers.len() {
            let mut own: Vec<(&Strategy, Scores)> = whole
                .feasible
                .iter()
                .filter(|f| f.offer == i)
                .map(|f| (f.strategy, whole.scale.exact(&ctx, &pool, i, f.strategy)))
                .collect();
            if own.len() < 2 {
                continue;
            }
            // the exact best last, the worst first
            own.sort_by(|x, y| order_in(&pool, &(i, y.0, y.1), &(i, x.0, x.1)));
            let (far, _) = own[own.len() - 1];
            let field = |far_below: bool| Field {
                feasible: own
                    .iter()
                    .map(|(s, _)| Feasible {
                        offer: i,
                        strategy: s,
                        approx: if far_below && std::ptr::eq(*s, far) {
                            49.0
                        } else {
                            50.0
                        },
                    })
                    .collect(),
                scale: Scale {
                    min_cost: whole.scale.min_cost,
                    min_hours: whole.scale.min_hours,
                    tf: whole.scale.tf.clone(),
                },
            };
            let (best, scores, _) = bests(&ctx, &pool, &field(false))[i].unwrap();
            assert!(std::ptr::eq(best, far), "offer {i}");
            assert_eq!(scores, Some(own[own.len() - 1].1));
            // the exact best far below the others: the next one
            let (best, _, _) = bests(&ctx, &pool, &field(true))[i].unwrap();
            assert!(std::ptr::eq(best, own[own.len() - 2].0), "offer {i}");
            tried += 1;
        }
        assert!(tried > 50, "{tried}");
    }

    /// [`cmp_dec`] is `Decimal`'s order: equal scales or not, signs,
    /// zeros (a negative zero too), the largest mantissas.
    #[test]
    fn decimals_compare_as_their_numbers() {
        let mut v = vec![
            Decimal::ZERO,
            -Decimal::ZERO,
            Decimal::new(0, 2),
            Decimal::new(-0, 5),
            Decimal::MAX,
            Decimal::MIN,
            Decimal::from_i128_with_scale(-(1 << 95), 28),
            Decimal::from_i128_with_scale((1 << 96) - 1, 28),
            Decimal::from_i128_with_scale((1 << 96) - 2, 28),
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..400 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = i128::from(x as i64 % 2_000_000) - 1_000_000;
            let scale = (x >> 40) as u32 % 6;
            v.push(Decimal::from_i128_with_scale(m, scale));
        }
        let mut neg = Decimal::new(5, 1);
        neg.set_sign_negative(true);
        let mut negzero = Decimal::new(0, 3);
        negzero.set_sign_negative(true);
        v.extend([neg, negzero]);
        let mut tried = 0;
        for a in &v {
            for b in &v {
                assert_eq!(cmp_dec(a, b), a.cmp(b), "{a:?} {b:?}");
                tried += usize::from(a.scale() == b.scale());
            }
        }
        assert!(tried > 10_000, "{tried}");
    }

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
                let ctx = ctx_of(c, sc, a, weights);
                for allow in (0..16).map(|b| 1u16 << b).chain([0, u16::MAX]) {
                    let key = |r: Option<(usize, &Strategy, Scores)>| {
                        r.map(|(i, s, sc)| (i, s.offer.clone(), s.model, s.mix_baseline, sc.total))
                    };
                    let r = rank(&ctx, &pool, allow);
                    let first = key(r
                        .rows
                        .first()
                        .map(|&(i, s)| (i, s, r.scores(&ctx, &pool, 0))));
                    assert_eq!(first, key(top(&ctx, &pool, allow)), "allow {allow:#x}");
                    compared += usize::from(first.is_some());
                }
            }
        }
        // the cases rank something (the check is not vacuous)
        assert!(compared > 10, "{compared}");
    }
}
