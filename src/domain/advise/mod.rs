//! The recommender: which offer and way of paying suits the user's case,
//! and why. Pure and deterministic: `(&Catalog, &Scenario, &AdviceInputs)
//! -> Advice`.
//!
//! # Candidates
//!
//! Every offer the shared filters match (providers, regions, GPUs, `o`) is
//! quoted by the engine ([`tco::quote_with`]) for the scenario's billing
//! models; a *strategy* is one priced model of one offer. With a bursty
//! load and spot allowed in a mix, each offer with a spot price also gets a
//! mix whose baseline is its cheapest commitment ("commit the baseline,
//! burst with spot"), quoted with the scenario's burst share (`mix`).
//!
//! # Hard constraints (exclusions)
//!
//! Checked per offer, in this order (the order exclusions are grouped by):
//! outside the filters; residency; ICP (a mainland region and a provider
//! with a sourced filing path, claim `icp:mainland`); a named managed
//! platform (claim `mlp:…`); the accelerator (what the use case or job
//! needs it for: training excludes Inferentia; a framework its stack does
//! not run, e.g. PaddlePaddle on Neuron); memory per GPU (unknown never
//! counts as enough); NVLink (≥ 2 GPUs per instance and the offer's sourced
//! interconnect NVLink or NVSwitch); multi-node RDMA (the offer's sourced
//! EFA or InfiniBand); no price; a job without throughput; the SLA need
//! (the provider's dated figure for the deployment's scope, single instance
//! for one instance, multi-zone for several, at least `slap` %, 99.9 by
//! default; an undated figure never confirms it); then per strategy: spot
//! tolerance and the SLA need (spot alone needs tolerance `yes`, a mix
//! `mix` or `yes`, and neither is allowed with an SLA need); the budget
//! (monthly: the highest month's cash, upfront included: its highest
//! possible value when a partial-upfront split is not published, and such a
//! strategy within the range also fails `cash_timing`: never passed on a
//! guess; total: the decision cost). Each strategy carries the set of
//! constraints it fails, so relaxations are set operations, not new quotes.
//!
//! # Scores (0–100 each, relative to the feasible strategies)
//!
//! * **cost** = 100 × cheapest comparable cost ÷ this one (the decision
//!   cost without the charges of any kind some feasible strategy lacks, so
//!   an incomplete result never wins by what it omits);
//! * **performance** = 100 × dense FP16 TFLOPS per GPU ÷ the best
//!   feasible GPU's (datasheet figures; no sourced figure scores 0);
//! * **ecosystem** = share of the wanted items the provider's sourced facts
//!   state for the accelerator's stack: the framework (`fw:…`), a managed
//!   platform (`mlp:…`), deep-learning images (`dl:images`);
//! * **risk** = 100 − spot exposure (spot alone: 20 + the assumed monthly
//!   interruption %, at most 60; a mix: that × the burst share) − money
//!   still owed after the horizon (÷ decision cost × 50, × 100 with a bursty
//!   load) − lock-in (the rest of the first term committed at purchase ÷
//!   decision cost × 20, × 40 bursty: a 3-year reservation for a 3-year
//!   horizon is not on-demand's risk) − 10 each for an indicative price, an
//!   assumed (unsourced) commitment rate and a missing usage rate; never
//!   below 0.
//!
//! The total is the weighted mean (weights 0–100; all zero falls back to
//! the defaults with a notice). Each offer is represented by its best
//! strategy. Order: total, then lower decision cost, then offer id, then
//! billing model: deterministic.
//!
//! # What would change the answer
//!
//! The budget that rules the top pick out (and who leads then); each active
//! constraint dropped; cost-only weights; the nearest horizon among
//! 1, 3, 6, 12, 18, 24, 36, 48, 60 months at which another of the ten
//! best-ranked offers leads (re-quoted at that horizon). With no feasible
//! offer: the nearest relaxations (one constraint, else two) that admit
//! one, with the budget or memory value that would.
mod explain;
mod facts;
pub mod inputs;
mod job_pool;
mod kept;
pub mod keys;
mod pool;
mod pricer;
mod rank;

use explain::{active, budget_excess, exclusions, profile_check, relaxations};
pub use kept::KeptPool;
use pricer::spot_terms;
use rank::{picks_of, rank, top_picks, Ctx, Whole};

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::{Catalog, Currency, OfferId};
use crate::domain::codes::code_enum;
use crate::domain::error::EngineError;
use crate::domain::money::round_money;
use crate::domain::scenario::{BillingModel, Scenario};

pub use inputs::{
    AdviceInputs, BudgetBasis, Framework, Load, Need, Platform, Profile, Residency, SpotTolerance,
    UseCase, Weights,
};

/// The claim vocabulary provider facts may carry (kept with the catalog's
/// `Fact`, which both this screen and `validate` read).
pub use crate::domain::catalog::CLAIMS;

/// Picks shown.
pub const MAX_PICKS: usize = 3;
/// Offers ranked in the table.
pub const MAX_RANKED: usize = 10;
/// Horizons the "what would change" search tries (months).
pub const FLIP_MONTHS: [u32; 9] = [1, 3, 6, 12, 18, 24, 36, 48, 60];

code_enum! {
    /// Why an offer (or a strategy) is out. Declaration order = check order.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Exclusion {
        Filters = "filters",
        Residency = "residency",
        Icp = "icp",
        Platform = "platform",
        /// The accelerator is not for this work (training on Inferentia), or
        /// its stack does not run the framework asked for (a CUDA-only
        /// framework on Neuron).
        Accelerator = "accelerator",
        Memory = "memory",
        NvLink = "nvlink",
        /// Multi-node RDMA asked for and the offer has none (EFA/InfiniBand
        /// as its network fact states).
        Rdma = "rdma",
        NoPrice = "no_price",
        /// A job (use case `job`): no measured or estimable throughput, or
        /// longer than the longest horizon priced.
        NoThroughput = "no_throughput",
        /// An SLA asked for and the provider's figure for the deployment's
        /// scope is below it, undated, or not in the catalog.
        Sla = "sla",
        Risk = "risk",
        /// A monthly budget that the strategy's highest month may exceed: a
        /// partial-upfront reservation whose upfront is not published (the
        /// budget is never passed on a guess).
        CashTiming = "cash_timing",
        Budget = "budget",
    }
}

impl Exclusion {
    fn bit(self) -> u16 {
        1 << self.index()
    }
    /// Constraints a user can relax (the filters, missing prices, what the
    /// accelerator is and an unknown cash timing are not).
    pub fn relaxable(self) -> bool {
        !matches!(
            self,
            Exclusion::Filters
                | Exclusion::NoPrice
                | Exclusion::NoThroughput
                | Exclusion::Accelerator
                | Exclusion::CashTiming
        )
    }
}

/// The first constraint (in check order) of those `mask` holds: its lowest
/// bit set ([`Exclusion::bit`]), found in one step, not a search of every
/// constraint (the exclusions read it twice for each strategy: ~4 % of an
/// advice's keystroke at 10x).
fn first_bit(mask: u16) -> Option<Exclusion> {
    Exclusion::ALL.get(mask.trailing_zeros() as usize).copied()
}

/// The four scores and the weighted total (0–100, 1 dp).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scores {
    pub cost: Decimal,
    pub perf: Decimal,
    pub eco: Decimal,
    pub risk: Decimal,
    pub total: Decimal,
}

/// A way to pay for one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Strategy {
    pub offer: OfferId,
    pub model: BillingModel,
    /// The committed baseline of a mix (None: on-demand baseline or no mix).
    pub mix_baseline: Option<BillingModel>,
    /// Paid within the horizon + still owed − credit on what is owed.
    pub decision_cost: Decimal,
    pub paid: Decimal,
    pub still_owed: Decimal,
    pub upfront: Decimal,
    /// The highest month's cash (upfront included); with an unknown
    /// partial-upfront split, its lower bound (the term spread evenly).
    pub peak_month: Decimal,
    /// False when the month-by-month cash is unknown (see `peak_month_max`).
    pub cash_timing_known: bool,
    /// The highest the highest month can be (= `peak_month` when known; the
    /// whole term prepaid in month 1 when the split is unknown): what a
    /// monthly budget is tested against.
    pub peak_month_max: Decimal,
    /// Money committed at purchase whatever the use: the first term in full
    /// (upfront + its monthly charges; renewals are later decisions): the
    /// lock-in the risk score counts.
    pub committed: Decimal,
    pub instances: u32,
    pub gpus: u32,
    /// The job's wall-clock hours on this offer (use case `job`).
    pub job_hours: Option<Decimal>,
    pub complete: bool,
    /// The charge kinds it lacks (its figures are then a lower bound).
    pub missing: Vec<crate::domain::catalog::UsageKind>,
    pub indicative: bool,
    pub assumed: bool,
    /// Months the figures cover (the horizon; a job's own months).
    pub months: u32,
    /// The age of the prices it rests on.
    pub age: Option<crate::domain::age::PriceAge>,
    /// Constraints failed (bits of [`Exclusion`]); 0 = feasible.
    #[serde(skip)]
    fails: u16,
}

impl Strategy {
    /// Whether it fails nothing but what `allow` allows (0: feasible).
    pub(super) fn fails_within(&self, allow: u16) -> bool {
        self.fails & !allow == 0
    }
}

/// A reason a pick is where it is, with its numbers. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Why {
    /// Decision cost against the next-ranked offer (positive = cheaper).
    VsNext {
        pct_cheaper: Decimal,
        other: OfferId,
        other_cost: Decimal,
    },
    /// The lowest decision cost of every feasible strategy.
    Cheapest,
    /// Memory per GPU and what was asked.
    Memory {
        per_gpu_gb: u32,
        need_gb: Option<u32>,
        total_gb: Option<u32>,
    },
    /// Dense FP16 TFLOPS per GPU and its share of the best feasible.
    Throughput {
        tflops: Decimal,
        pct_of_best: Decimal,
    },
    /// No sourced dense FP16 figure (scored 0).
    ThroughputUnknown,
    /// The job's wall-clock hours and how its throughput is known.
    JobHours {
        hours: Decimal,
        pct_of_fastest: Decimal,
        measured: bool,
    },
    /// The GPU's sourced interconnect (NVLink needs or multi-GPU instances).
    Interconnect {
        text: String,
    },
    /// Wanted items the provider's facts state, with the fact's source.
    Stated {
        claim: String,
        source: String,
        as_of: String,
    },
    /// A wanted item no fact of the provider states.
    NotStated {
        claim: String,
    },
    /// Still owed after the horizon.
    StillOwed {
        amount: Decimal,
    },
    /// The assumed spot interruption the strategy is exposed to.
    SpotExposure {
        monthly_pct: Decimal,
        share_pct: Decimal,
    },
    IndicativePrice,
    AssumedRate,
    /// A usage rate is missing: the figure is a lower bound.
    Incomplete,
    /// Multi-node RDMA was asked and the catalog has no network fact for the offer.
    RdmaUnverified,
    /// An SLA was asked; the catalog has no SLA figure for the provider.
    SlaNotInCatalog,
    /// AWS China regions need a China-specific account (sourced).
    ChinaAccount,
    /// The accelerator is not a GPU (what it is, its stack, the source).
    Accelerator {
        kind: crate::domain::catalog::AcceleratorKind,
        stack: Option<crate::domain::catalog::Stack>,
        source: Option<String>,
    },
    /// The instance's network facts: bandwidth, RDMA, GPU interconnect.
    Network {
        gbps: Decimal,
        rdma: crate::domain::catalog::RdmaKind,
        fabric_gbps: Option<Decimal>,
        gpu_link: crate::domain::catalog::GpuLink,
        source: String,
        as_of: String,
    },
    /// The provider's SLA for the deployment's scope, against the need.
    Sla {
        scope: crate::domain::catalog::SlaScope,
        pct: Decimal,
        need_pct: Decimal,
        source: String,
        as_of: Option<String>,
        secondary: bool,
    },
    /// Money committed whatever the use, and its share of the decision cost.
    LockIn {
        committed: Decimal,
        pct_of_cost: Decimal,
    },
    /// The partial-upfront split is not published: the highest month is
    /// between these (the term total is right).
    CashTimingUnknown {
        peak_min: Decimal,
        peak_max: Decimal,
    },
    /// The prices it rests on are over 12 months old.
    StalePrices {
        oldest_as_of: String,
        age_days: i64,
    },
    /// Charge kinds left out when comparing with results that lack them.
    ComparedWithout {
        kinds: Vec<crate::domain::catalog::UsageKind>,
    },
}

/// A pick: the offer's best strategy, its scores and reasons.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pick {
    pub rank: usize,
    pub strategy: Strategy,
    pub scores: Scores,
    pub reasons: Vec<Why>,
    /// Decision cost per month of the horizon (for the sentence).
    pub monthly: Decimal,
    /// The same GPUs at the same price and way of paying in other regions
    /// or instance sizes (listed here instead of taking another pick's place).
    pub same_elsewhere: Vec<OfferId>,
}

/// Offers excluded for one reason (the first constraint each fails).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExclusionGroup {
    pub reason: Exclusion,
    pub count: usize,
    /// Up to 3 offer ids, in catalog order.
    pub examples: Vec<OfferId>,
    /// Budget: the smallest excess of any strategy over the budget.
    pub over_by: Option<Decimal>,
    /// Memory: the largest per-GPU memory among them (GB).
    pub best_memory_gb: Option<u32>,
}

/// Dropping these constraints admits offers; the top one then.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Relaxation {
    pub drop: Vec<Exclusion>,
    pub admits: usize,
    pub top: OfferId,
    pub model: BillingModel,
    pub decision_cost: Decimal,
    /// The budget that would admit it (budget relaxations).
    pub budget_needed: Option<Decimal>,
    /// The per-GPU memory it has (memory relaxations).
    pub memory_gb: Option<u32>,
}

/// One change that makes another offer lead.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Change {
    /// A budget below `below` rules the top pick out; `then` leads.
    Budget {
        below: Decimal,
        basis: BudgetBasis,
        then: Option<OfferId>,
    },
    /// Without this constraint, `then` leads at `cost`.
    Drop {
        constraint: Exclusion,
        then: OfferId,
        model: BillingModel,
        cost: Decimal,
    },
    /// With cost-only weights, `then` leads.
    CostOnly { then: OfferId, model: BillingModel },
    /// At this horizon another offer leads.
    Horizon {
        months: u32,
        then: OfferId,
        model: BillingModel,
    },
    /// No horizon tried changes the top pick.
    HorizonStable,
}

/// How the articles' pick fares.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProfileCheck {
    pub profile: Profile,
    pub family: String,
    /// The family's best-ranked offer (1-based rank among feasible offers).
    pub rank: Option<usize>,
    pub offer: Option<OfferId>,
    pub total: Option<Decimal>,
    pub decision_cost: Option<Decimal>,
    /// Why the family is out when it is.
    pub excluded: Option<Exclusion>,
    /// The family is not in the catalog at all.
    pub missing: bool,
    /// What the catalog lacks for the family's best offer: billing models the
    /// scenario asks for that it cannot price (e.g. no reservation price),
    /// and usage rates it lacks. Its rank rests only on what is priced.
    pub unpriced_models: Vec<BillingModel>,
    pub missing_rates: Vec<crate::domain::catalog::UsageKind>,
    pub agrees: bool,
    /// Where it loses most against the top pick (the score with the largest
    /// weighted gap), when it ranks below it.
    pub behind: Option<Behind>,
}

code_enum! {
    /// One of the four scores.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum ScorePart {
        Cost = "cost",
        Perf = "perf",
        Eco = "eco",
        Risk = "risk",
    }
}

/// A score of the articles' pick against the top pick's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Behind {
    pub part: ScorePart,
    pub pick: Decimal,
    pub top: Decimal,
}

/// A stated assumption or notice. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Note {
    /// Weights summed to zero: the defaults are used.
    WeightsFallback,
    /// The spot assumption in force.
    Spot {
        monthly_pct: Decimal,
        overhead_pct: Decimal,
    },
    /// The burst share of a mix.
    Burst { share_pct: Decimal },
    /// Performance = datasheet dense FP16 TFLOPS, not a measured run.
    ThroughputBasis,
    /// The budget basis.
    BudgetBasis { basis: BudgetBasis, amount: Decimal },
    /// Only these billing models were considered (the shared `bm`).
    ModelsLimited { count: usize },
    /// Use case `job`: money per job, performance = the job's hours; a
    /// monthly budget is compared with the job's average month.
    Job { months: u32 },
    /// Use case `job` with no job in the scenario.
    NoJob,
    /// Picks whose prices are over 12 months old (the oldest of them).
    StalePrices {
        picks: usize,
        oldest_as_of: String,
        age_days: i64,
    },
    /// Inputs that make figures zero (see `ScenarioWarning`).
    Warning {
        warning: crate::domain::scenario::ScenarioWarning,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    pub currency: Currency,
    pub months: u32,
    pub hours_per_month: Decimal,
    pub weights: Weights,
    pub considered: usize,
    pub feasible: usize,
    /// Every feasible offer, best first.
    pub feasible_offers: Vec<OfferId>,
    pub picks: Vec<Pick>,
    /// The best [`MAX_RANKED`] offers (best strategy each), picks first.
    pub ranked: Vec<Pick>,
    pub excluded: Vec<ExclusionGroup>,
    pub relaxations: Vec<Relaxation>,
    pub changes: Vec<Change>,
    pub profile: Option<ProfileCheck>,
    pub notes: Vec<Note>,
}

/// The recommendation for a scenario and the advise inputs.
pub fn advise(c: &Catalog, sc: &Scenario, a: &AdviceInputs) -> Result<Advice, EngineError> {
    let (mut advice, work) = advise_but_changes(c, sc, a)?;
    advice.changes = work.changes()?;
    Ok(advice)
}

/// What an advice is made from, kept for what would change its answer
/// ([`AdviceWork::changes`], about half of the work of an advice): the
/// screen shows the advice first and that part once it is found.
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
fn advise_from_pool<'a>(
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
            Some(kept) => kept::pool_kept(c, sc, a, defer, kept)?,
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
    let whole = Whole::of(pool, &ranked);
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
    let relax = if ranked.is_empty() {
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
    let first = explain::budget_change(&ctx, pool, &ranked).map(|budget| First {
        top: ranked[0].1.clone(),
        ids: ranked
            .iter()
            .take(MAX_RANKED)
            .map(|(_, s, _)| s.offer.clone())
            .collect(),
        budget,
    });
    let advice = Advice {
        currency: sc.currency,
        months: sc.months,
        hours_per_month: sc.hours_per_month,
        weights,
        considered: pool.offers.len(),
        feasible: ranked.len(),
        feasible_offers: ranked.iter().map(|(_, s, _)| s.offer.clone()).collect(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A mask's first constraint is the first in check order whose bit it
    /// holds, for every mask (with the bits no constraint has).
    #[test]
    fn a_masks_first_constraint_is_the_first_checked() {
        for mask in 0..=u16::MAX {
            let searched = Exclusion::ALL.into_iter().find(|e| mask & e.bit() != 0);
            assert_eq!(first_bit(mask), searched, "{mask:#b}");
        }
    }
}
