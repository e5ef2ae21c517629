//! Making an advice: the pool priced, ranked and explained
//! ([`advise`], [`advise_but_changes`]), and the staged search for what
//! would change its answer ([`AdviceWork`], [`ChangesSearch`]), which the
//! worker runs between keystrokes. Apart from the result types
//! (`advice`) and from what it reads (`pool`, `rank`, `explain`).
use super::explain::{self, active, budget_excess, exclusions, profile_check, relaxations};
use super::kept::{pool_kept, KeptPool};
use super::pool;
use super::pricer::spot_terms;
use super::rank::{picks_of, rank, top_picks, Ctx, Whole};
use super::*;
use crate::domain::catalog::{Catalog, OfferId};
use crate::domain::error::EngineError;
use crate::domain::money::round_money;
use crate::domain::scenario::Scenario;

/// The recommendation for a scenario and the advise inputs.
pub fn advise(c: &Catalog, sc: &Scenario, a: &AdviceInputs) -> Result<Advice, EngineError> {
    let (mut advice, work) = advise_but_changes(c, sc, a)?;
    advice.changes = work.changes()?;
    Ok(advice)
}

/// What an advice is made from, kept for what would change its answer
/// ([`AdviceWork::changes`]): a large share of an advice's work, so the
/// screen shows the advice first and that part once it is found
/// (figures: docs/PERFORMANCE.md).
pub struct AdviceWork<'a> {
    catalog: &'a Catalog,
    scenario: Scenario,
    inputs: AdviceInputs,
    weights: Weights,
    has_budget: bool,
    pool: pool::Pool<'a>,
    /// What the search for what would change the answer starts from, read
    /// off the advice's ranking (None: nothing is ranked). The offers the
    /// pool leaves unpriced are excluded whatever their prices, so pricing
    /// them does not change the ranking.
    first: Option<First>,
}

/// The advice's top pick, its best offers and the budget that would rule
/// the pick out.
struct First {
    top: Strategy,
    ids: Vec<OfferId>,
    budget: Change,
}

impl<'a> AdviceWork<'a> {
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            catalog: self.catalog,
            inputs: &self.inputs,
            weights: self.weights,
            spot: spot_terms(&self.scenario),
            spot_assumed: self.scenario.spot.keeps_default_rate(),
            mix_share: self.scenario.mix_spot_share_pct,
        }
    }

    /// What would change the advice's answer (empty when nothing fits):
    /// it reads the offers the advice left unpriced, priced first. The
    /// search of [`AdviceWork::changes_step`] run to its end.
    pub fn changes(&self) -> Result<Vec<Change>, EngineError> {
        let mut search = ChangesSearch::default();
        loop {
            if let Some(out) = self.changes_step(&mut search)? {
                return Ok(out);
            }
        }
    }

    /// One stage of the search for what would change the advice's answer
    /// (`search`: where it stands, [`ChangesSearch::default`] to start):
    /// the offers left unpriced priced (with the budget read off the
    /// advice's ranking), each relaxable constraint dropped, cost alone,
    /// then each horizon nearest first. The answer once found (then the
    /// search is over). The worker answers a newer request between two
    /// stages, not after the whole search.
    pub fn changes_step(
        &self,
        search: &mut ChangesSearch<'a>,
    ) -> Result<Option<Vec<Change>>, EngineError> {
        let s = search;
        // nothing fits (the ranking is empty): nothing to change, and the
        // offers left unpriced need no price for it
        let Some(first) = &self.first else {
            return Ok(Some(Vec::new()));
        };
        let ctx = self.ctx();
        let top = &first.top;
        loop {
            let pool = s.full.as_ref().unwrap_or(&self.pool);
            match s.stage {
                Stage::Complete => {
                    s.full = self
                        .pool
                        .completed(self.catalog, &self.scenario, &self.inputs)?;
                    s.out.push(first.budget.clone());
                    s.stage = Stage::Drop(0);
                    return Ok(None);
                }
                Stage::Drop(i) => {
                    // the relaxable constraints but the budget, one at a time
                    let dropped = active(&self.inputs, self.has_budget)
                        .into_iter()
                        .filter(|e| *e != Exclusion::Budget)
                        .nth(i);
                    let Some(e) = dropped else {
                        s.stage = Stage::CostOnly;
                        continue;
                    };
                    s.out.extend(explain::drop_change(&ctx, pool, top, e));
                    s.stage = Stage::Drop(i + 1);
                    return Ok(None);
                }
                Stage::CostOnly => {
                    s.out.extend(explain::cost_only_change(&ctx, pool, top));
                    if explain::horizon_tries(&self.scenario, &ctx).is_none() {
                        return Ok(Some(std::mem::take(&mut s.out)));
                    }
                    s.stage = Stage::Horizon(0);
                    return Ok(None);
                }
                Stage::Horizon(j) => {
                    let tries = explain::horizon_tries(&self.scenario, &ctx).unwrap_or_default();
                    let Some(&m) = tries.get(j) else {
                        s.out.push(Change::HorizonStable);
                        return Ok(Some(std::mem::take(&mut s.out)));
                    };
                    match explain::horizon_change(&self.scenario, &ctx, &first.ids, top, m)? {
                        Some(change) => {
                            s.out.push(change);
                            return Ok(Some(std::mem::take(&mut s.out)));
                        }
                        None => s.stage = Stage::Horizon(j + 1),
                    }
                    return Ok(None);
                }
            }
        }
    }
}

/// Where a search for what would change an advice's answer stands
/// ([`AdviceWork::changes_step`]): its stage, the advice's pool with the
/// offers it left unpriced priced (None: it left none) and the changes
/// found so far.
#[derive(Default)]
pub struct ChangesSearch<'a> {
    stage: Stage,
    full: Option<pool::Pool<'a>>,
    out: Vec<Change>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
enum Stage {
    #[default]
    Complete,
    Drop(usize),
    CostOnly,
    Horizon(usize),
}

/// The recommendation without what would change its answer (`changes` is
/// empty), and what that is found from.
pub fn advise_but_changes<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
) -> Result<(Advice, AdviceWork<'a>), EngineError> {
    advise_from_pool(c, sc, a, true, None)
}

/// [`advise_but_changes`] from the part of the pool `kept` holds when it
/// was made for the same catalog and inputs but the horizon (else made
/// again and kept there): the worker keeps it from one keystroke to the
/// next, so a keystroke in the months box does not price the catalog again.
pub fn advise_but_changes_kept<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    kept: &mut Option<KeptPool<'a>>,
) -> Result<(Advice, AdviceWork<'a>), EngineError> {
    advise_from_pool(c, sc, a, true, Some(kept))
}

/// [`advise_but_changes_kept`], the offers excluded before their price
/// left unpriced until something reads it (`defer`, see
/// [`pool::build_pool`]) or not; `kept`: None to make the pool without
/// keeping it.
pub(super) fn advise_from_pool<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    defer: bool,
    kept: Option<&mut Option<KeptPool<'a>>>,
) -> Result<(Advice, AdviceWork<'a>), EngineError> {
    let mut notes = Vec::new();
    let weights = if a.weights.sum() == 0 {
        notes.push(Note::WeightsFallback);
        Weights::default()
    } else {
        a.weights
    };
    let budget = inputs::budget_in(a, sc.currency, sc.fx(c));
    let mut work = AdviceWork {
        catalog: c,
        scenario: sc.clone(),
        inputs: a.clone(),
        weights,
        has_budget: budget.is_some(),
        pool: match kept {
            Some(kept) => pool_kept(c, sc, a, defer, kept)?,
            None => pool::build_pool(c, sc, a, defer)?,
        },
        first: None,
    };
    let (ctx, pool) = (work.ctx(), &work.pool);
    let spot_t = ctx.spot;
    if let Some((monthly_pct, overhead_pct)) = spot_t.filter(|_| a.spot != SpotTolerance::No) {
        notes.push(Note::Spot {
            monthly_pct,
            overhead_pct,
            assumed: sc.spot.keeps_default_rate(),
        });
        notes.push(Note::Burst {
            share_pct: sc.mix_spot_share_pct,
        });
    }
    notes.push(Note::ThroughputBasis);
    if let Some(b) = budget {
        notes.push(Note::BudgetBasis {
            basis: a.budget_basis,
            amount: round_money(b),
        });
    }
    if !sc.billing_models.is_empty() {
        notes.push(Note::ModelsLimited {
            count: sc.billing_models.len(),
        });
    }
    let job_mode = a.use_case == Some(UseCase::Job);
    if job_mode {
        notes.push(match &sc.job {
            Some(_) => Note::Job { months: sc.months },
            None => Note::NoJob,
        });
    }
    let ranked = rank(&ctx, pool, 0);
    // what the picks' reasons read of the whole ranking, worked out once
    let whole = Whole::of(pool, &ranked.rows);
    let picks = top_picks(&ctx, pool, &ranked, &whole);
    let table = picks_of(&ctx, pool, &ranked, MAX_RANKED, &whole);
    if let Some(oldest) = picks
        .iter()
        .filter_map(|p| p.strategy.age.clone().filter(|a| a.stale))
        .max_by_key(|a| a.age_days)
    {
        notes.push(Note::StalePrices {
            picks: picks
                .iter()
                .filter(|p| p.strategy.age.as_ref().is_some_and(|a| a.stale))
                .count(),
            oldest_as_of: oldest.oldest_as_of.to_string(),
            age_days: oldest.age_days,
        });
    }
    notes.extend(
        sc.warnings()
            .into_iter()
            .map(|warning| Note::Warning { warning }),
    );
    let active = active(a, budget.is_some());
    // nothing fits: what would admit an offer reads the prices of those
    // left unpriced (the ranking is the same: they are all excluded)
    let relax = if ranked.rows.is_empty() {
        let full = pool.completed(c, sc, a)?;
        relaxations(&ctx, full.as_ref().unwrap_or(pool), &active)
    } else {
        Vec::new()
    };
    let mut excluded = exclusions(pool);
    if let (Some(b), Some(g)) = (
        budget,
        excluded.iter_mut().find(|g| g.reason == Exclusion::Budget),
    ) {
        g.over_by = budget_excess(pool, a, b);
    }
    let profile = a.profile.map(|p| profile_check(p, &ctx, pool, &ranked));
    let first = explain::budget_change(&ctx, pool, &ranked.rows).map(|budget| First {
        top: ranked.rows[0].1.clone(),
        ids: ranked
            .rows
            .iter()
            .take(MAX_RANKED)
            .map(|(_, s)| s.offer.clone())
            .collect(),
        budget,
    });
    let advice = Advice {
        currency: sc.currency,
        months: sc.months,
        hours_per_month: sc.hours_per_month,
        weights,
        considered: pool.offers.len(),
        feasible: ranked.rows.len(),
        feasible_offers: ranked.rows.iter().map(|(_, s)| s.offer.clone()).collect(),
        picks,
        ranked: table,
        excluded,
        relaxations: relax,
        changes: Vec::new(),
        profile,
        notes,
    };
    work.first = first;
    Ok((advice, work))
}
