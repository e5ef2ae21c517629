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
//! platform (claim `mlp:…`); memory per GPU (unknown never counts as
//! enough); NVLink (≥ 2 GPUs per instance and a GPU whose sourced
//! interconnect says NVLink); no price; then per strategy: spot tolerance
//! and the SLA need (spot alone needs tolerance `yes`, a mix `mix` or
//! `yes`, and neither is allowed with an SLA need); the budget (monthly:
//! the highest month's cash, upfront included; total: the decision cost).
//! Each strategy carries the set of constraints it fails, so relaxations
//! are set operations, not new quotes.
//!
//! # Scores (0–100 each, relative to the feasible strategies)
//!
//! * **cost** = 100 × cheapest decision cost ÷ this decision cost;
//! * **performance** = 100 × dense FP16 TFLOPS per GPU ÷ the best
//!   feasible GPU's (datasheet figures; no sourced figure scores 0);
//! * **ecosystem** = share of the wanted items the provider's sourced facts
//!   state: the framework (`fw:…`), a managed platform (`mlp:…`),
//!   deep-learning images (`dl:images`);
//! * **risk** = 100 − spot exposure (spot alone: 20 + the assumed monthly
//!   interruption %, at most 60; a mix: that × the burst share) − lock-in
//!   (still owed ÷ decision cost × 50, × 100 with a bursty load) − 10 each
//!   for an indicative price, an assumed (unsourced) commitment rate and a
//!   missing usage rate; never below 0.
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
pub mod inputs;
pub mod keys;

use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::billing::assumed::assumed_rates;
use crate::domain::catalog::{Catalog, Currency, Offer, OfferId, Provider};
use crate::domain::codes::code_enum;
use crate::domain::error::EngineError;
use crate::domain::job::{job_report, JobReport};
use crate::domain::money::round_money;
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::spot;
use crate::domain::tco::{matches, quote_offer, ModelQuote, QuoteOptions};

pub use inputs::{
    AdviceInputs, BudgetBasis, Framework, Load, Need, Platform, Profile, Residency, SpotTolerance,
    UseCase, Weights,
};

/// The claim vocabulary provider facts may carry (`Fact::claims`).
pub const CLAIMS: &[&str] = &[
    "fw:pytorch",
    "fw:tensorflow",
    "fw:paddle",
    "fw:mindspore",
    "mlp:sagemaker",
    "mlp:azureml",
    "mlp:pai",
    "mlp:tione",
    "dl:images",
    "icp:mainland",
];

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
        Memory = "memory",
        NvLink = "nvlink",
        NoPrice = "no_price",
        /// A job (use case `job`): no measured or estimable throughput, or
        /// longer than the longest horizon priced.
        NoThroughput = "no_throughput",
        Risk = "risk",
        Budget = "budget",
    }
}

impl Exclusion {
    fn bit(self) -> u16 {
        1 << self.index()
    }
    /// Constraints a user can relax (the filters and missing prices are not).
    pub fn relaxable(self) -> bool {
        !matches!(
            self,
            Exclusion::Filters | Exclusion::NoPrice | Exclusion::NoThroughput
        )
    }
}

fn first_bit(mask: u16) -> Option<Exclusion> {
    Exclusion::ALL.into_iter().find(|e| mask & e.bit() != 0)
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
    /// The highest month's cash (upfront included).
    pub peak_month: Decimal,
    pub instances: u32,
    pub gpus: u32,
    /// The job's wall-clock hours on this offer (use case `job`).
    pub job_hours: Option<Decimal>,
    pub complete: bool,
    pub indicative: bool,
    pub assumed: bool,
    /// Constraints failed (bits of [`Exclusion`]); 0 = feasible.
    #[serde(skip)]
    fails: u16,
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
    /// Multi-node RDMA was asked and no source in the catalog confirms it.
    RdmaUnverified,
    /// An SLA was asked; the catalog has no SLA percentages.
    SlaNotInCatalog,
    /// AWS China regions need a China-specific account (sourced).
    ChinaAccount,
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
    pub agrees: bool,
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

/// Facts about an offer the checks and scores need.
struct OfferFacts<'a> {
    offer: &'a Offer,
    per_gpu_gb: Option<u32>,
    tflops: Option<Decimal>,
    nvlink: bool,
    fails: u16,
}

fn provider_claim<'a>(
    p: Option<&'a Provider>,
    claim: &str,
) -> Option<&'a crate::domain::catalog::Fact> {
    p?.facts
        .iter()
        .find(|f| f.claims.iter().any(|c| c == claim))
}

fn has_prefix_claim(p: Option<&Provider>, prefix: &str) -> bool {
    p.is_some_and(|p| {
        p.facts
            .iter()
            .any(|f| f.claims.iter().any(|c| c.starts_with(prefix)))
    })
}

fn platform_claim(pl: Platform) -> &'static str {
    match pl {
        Platform::Any => "mlp:",
        Platform::SageMaker => "mlp:sagemaker",
        Platform::AzureMl => "mlp:azureml",
        Platform::Pai => "mlp:pai",
        Platform::TiOne => "mlp:tione",
    }
}

fn offer_facts<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    o: &'a Offer,
) -> OfferFacts<'a> {
    let gpu = c.gpu(o.gpu.as_str());
    let prov = c.provider(o.provider);
    let per_gpu_gb = o
        .gpu_memory_gb
        .map(|t| t / o.gpu_count.max(1))
        .or_else(|| gpu.and_then(|g| g.memory_gb));
    let tflops = gpu
        .and_then(|g| g.fp16_tflops_dense)
        .filter(|t| t.is_finite() && *t > 0.0)
        .and_then(Decimal::from_f64)
        .map(|t| t.round_dp(1));
    let ic = gpu
        .map(|g| g.interconnect.to_ascii_lowercase())
        .unwrap_or_default();
    let nvlink = o.gpu_count >= 2
        && ic.contains("nvlink")
        && !ic.contains("no nvlink")
        && !ic.contains("not in sources");
    let mut fails = 0;
    if !matches(c, sc, o) {
        fails |= Exclusion::Filters.bit();
    }
    let region = c.region(o.provider, o.region.as_str());
    let (group, name) = region.map_or((None, ""), |r| (Some(r.group), r.name_en.as_str()));
    if !group.is_some_and(|g| inputs::residency_ok(a.residency, g, name)) {
        fails |= Exclusion::Residency.bit();
    }
    if a.needs(Need::Icp)
        && !(group == Some(crate::domain::catalog::RegionGroup::MainlandChina)
            && provider_claim(prov, "icp:mainland").is_some())
    {
        fails |= Exclusion::Icp.bit();
    }
    if let Some(pl) = a.platform.filter(|p| *p != Platform::Any) {
        if provider_claim(prov, platform_claim(pl)).is_none() {
            fails |= Exclusion::Platform.bit();
        }
    }
    if let Some(need) = a.gpu_memory_gb {
        if per_gpu_gb.is_none_or(|g| g < need) {
            fails |= Exclusion::Memory.bit();
        }
    }
    if sc.min_vram_gb.is_some_and(|v| v > 0) && o.gpu_memory_gb.is_none() {
        fails |= Exclusion::Memory.bit();
    }
    if a.needs(Need::NvLink) && !nvlink {
        fails |= Exclusion::NvLink.bit();
    }
    OfferFacts {
        offer: o,
        per_gpu_gb,
        tflops,
        nvlink,
        fails,
    }
}

/// The spot assumption: monthly interruption % and rework overhead %.
fn spot_terms(sc: &Scenario) -> Option<(Decimal, Decimal)> {
    let p = spot::params(&sc.spot)?;
    let o = spot::outcome(&p, &sc.spot, sc.hours_per_month);
    let monthly = o
        .interruption_monthly_pct
        .unwrap_or_else(|| (o.interruptions_per_month * Decimal::ONE_HUNDRED).round_dp(1));
    let overhead = ((o.overhead_factor - Decimal::ONE) * Decimal::ONE_HUNDRED).round_dp(2);
    Some((monthly, overhead))
}

fn strategy_of(
    q: &ModelQuote,
    offer: &Offer,
    instances: u32,
    mix_baseline: Option<BillingModel>,
) -> Option<Strategy> {
    let cost = q.decision_cost?.amount();
    let paid = q.total?.amount();
    let peak = q
        .lines()
        .iter()
        .map(|l| l.total)
        .max()
        .unwrap_or(Decimal::ZERO);
    Some(Strategy {
        offer: offer.id.clone(),
        model: q.model,
        mix_baseline,
        decision_cost: cost,
        paid,
        still_owed: q.still_owed,
        upfront: q.upfront_total,
        peak_month: peak,
        instances,
        gpus: instances * offer.gpu_count,
        job_hours: None,
        complete: q.complete(),
        indicative: q.indicative,
        assumed: q.assumed,
        fails: 0,
    })
}

/// Every strategy of every offer the filters match, with its failed
/// constraints; and the offers' facts.
struct Pool<'a> {
    offers: Vec<OfferFacts<'a>>,
    /// Offers whose job throughput was measured (not estimated).
    measured: Vec<OfferId>,
    /// (index into `offers`, strategy)
    strategies: Vec<(usize, Strategy)>,
}

fn build_pool<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
) -> Result<Pool<'a>, EngineError> {
    sc.validate(c)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let budget = inputs::budget_in(a, sc.currency, sc.fx(c));
    let sp = spot::params(&sc.spot);
    let assumed = assumed_rates(c, sc);
    let opts = QuoteOptions { lines: true };
    let sla = a.needs(Need::Sla);
    let spot_ok = a.spot == SpotTolerance::Yes && !sla;
    let mix_ok = a.spot != SpotTolerance::No && !sla;
    let job = job_of(c, sc, a)?;
    let mut offers = Vec::new();
    let mut strategies = Vec::new();
    // the shared filters decide what is considered; everything else is
    // checked here so every exclusion has its reason
    let mut base = sc.clone();
    base.providers.clear();
    base.region_groups.clear();
    base.regions.clear();
    base.gpu_models.clear();
    for o in &c.offers {
        if !matches(c, sc, o) {
            continue;
        }
        let f = offer_facts(c, sc, a, o);
        let idx = offers.len();
        let mut priced = 0usize;
        if let Some(report) = &job {
            if let Some(jo) = report.offers.iter().find(|j| j.offer == o.id) {
                let mut fails = 0;
                match &jo.hours {
                    Some(h) if h.fits == Some(false) => fails |= Exclusion::Memory.bit(),
                    Some(_) => {}
                    None => fails |= Exclusion::NoThroughput.bit(),
                }
                for m in &jo.models {
                    let (Some(cost), Some(paid), Some(h)) = (m.decision_cost, m.total, &jo.hours)
                    else {
                        continue;
                    };
                    priced += 1;
                    let mut st = Strategy {
                        offer: o.id.clone(),
                        model: m.model,
                        mix_baseline: None,
                        decision_cost: cost.amount(),
                        paid: paid.amount(),
                        still_owed: m.still_owed,
                        upfront: Decimal::ZERO,
                        peak_month: round_money(cost.amount() / Decimal::from(h.months.max(1))),
                        instances: h.instances,
                        gpus: h.gpus,
                        job_hours: Some(h.wall_hours),
                        complete: m.complete,
                        indicative: false,
                        assumed: false,
                        fails,
                    };
                    let allowed = match m.model {
                        BillingModel::Spot => spot_ok,
                        BillingModel::Mix => mix_ok,
                        _ => true,
                    };
                    if !allowed {
                        st.fails |= Exclusion::Risk.bit();
                    }
                    strategies.push((idx, st));
                }
                if priced == 0 && fails != 0 {
                    // no figure: the reason is the throughput or memory, not the price
                    strategies.push((idx, placeholder(o, fails)));
                    priced = 1;
                }
            }
        } else if let Some(instances) = crate::domain::pricing::instances_needed(sc, o) {
            let oq = quote_offer(c, &base, o, sp.as_ref(), assumed.as_deref(), opts)?;
            let mut best_commit: Option<(Decimal, BillingModel)> = None;
            for q in &oq.models {
                let Some(mut s) = strategy_of(q, o, instances, None) else {
                    continue;
                };
                priced += 1;
                if q.model.is_commitment() && best_commit.is_none_or(|(d, _)| s.decision_cost < d) {
                    best_commit = Some((s.decision_cost, q.model));
                }
                let allowed = match q.model {
                    BillingModel::Spot => spot_ok,
                    BillingModel::Mix => mix_ok,
                    _ => true,
                };
                if !allowed {
                    s.fails |= Exclusion::Risk.bit();
                }
                strategies.push((idx, s));
            }
            // commit the baseline, burst with spot
            if a.load == Load::Bursty && o.spot().is_some() {
                if let Some((_, m)) = best_commit {
                    let mut mixed = base.clone();
                    mixed.billing_models = vec![BillingModel::Mix];
                    mixed.mix_baseline = m;
                    let mq = quote_offer(c, &mixed, o, sp.as_ref(), assumed.as_deref(), opts)?;
                    for q in &mq.models {
                        if let Some(mut s) = strategy_of(q, o, instances, Some(m)) {
                            priced += 1;
                            if !mix_ok {
                                s.fails |= Exclusion::Risk.bit();
                            }
                            strategies.push((idx, s));
                        }
                    }
                }
            }
        }
        if priced == 0 {
            strategies.push((idx, placeholder(o, Exclusion::NoPrice.bit())));
        }
        offers.push(f);
    }
    for (i, s) in &mut strategies {
        s.fails |= offers[*i].fails;
        if let Some(b) = budget {
            if s.fails & Exclusion::NoPrice.bit() == 0 && budget_metric(s, a.budget_basis) > b {
                s.fails |= Exclusion::Budget.bit();
            }
        }
    }
    let measured = job
        .iter()
        .flat_map(|r| &r.offers)
        .filter(|j| {
            j.hours.as_ref().is_some_and(|h| {
                !matches!(
                    h.basis,
                    crate::domain::job::ThroughputBasis::Estimate { .. }
                )
            })
        })
        .map(|j| j.offer.clone())
        .collect();
    Ok(Pool {
        offers,
        measured,
        strategies,
    })
}

/// An offer with no priced strategy, failing `fails`.
fn placeholder(o: &Offer, fails: u16) -> Strategy {
    Strategy {
        offer: o.id.clone(),
        model: BillingModel::OnDemand,
        mix_baseline: None,
        decision_cost: Decimal::ZERO,
        paid: Decimal::ZERO,
        still_owed: Decimal::ZERO,
        upfront: Decimal::ZERO,
        peak_month: Decimal::ZERO,
        instances: 0,
        gpus: 0,
        job_hours: None,
        complete: false,
        indicative: false,
        assumed: false,
        fails,
    }
}

/// The job report when the use case is a job and the scenario has one.
fn job_of(c: &Catalog, sc: &Scenario, a: &AdviceInputs) -> Result<Option<JobReport>, EngineError> {
    if a.use_case != Some(UseCase::Job) || sc.job.is_none() {
        return Ok(None);
    }
    job_report(c, sc).map(Some)
}

fn budget_metric(s: &Strategy, basis: BudgetBasis) -> Decimal {
    match basis {
        BudgetBasis::Monthly => s.peak_month,
        BudgetBasis::Total => s.decision_cost,
    }
}

fn pct(part: Decimal, whole: Decimal) -> Decimal {
    if whole <= Decimal::ZERO {
        return Decimal::ONE_HUNDRED;
    }
    (part * Decimal::ONE_HUNDRED / whole).min(Decimal::ONE_HUNDRED)
}

/// Everything scoring needs besides the strategy.
struct Ctx<'a> {
    catalog: &'a Catalog,
    inputs: &'a AdviceInputs,
    weights: Weights,
    spot: Option<(Decimal, Decimal)>,
    mix_share: Decimal,
}

/// The wanted ecosystem items (claim prefixes / claims).
fn wanted(a: &AdviceInputs) -> Vec<&'static str> {
    let mut w = Vec::new();
    if let Some(f) = a.framework {
        w.push(match f {
            Framework::PyTorch => "fw:pytorch",
            Framework::TensorFlow => "fw:tensorflow",
            Framework::Paddle => "fw:paddle",
            Framework::MindSpore => "fw:mindspore",
        });
    }
    if let Some(p) = a.platform {
        w.push(platform_claim(p));
    }
    w.push("dl:images");
    w
}

fn scores(
    ctx: &Ctx,
    f: &OfferFacts,
    s: &Strategy,
    min_cost: Decimal,
    max_tf: Decimal,
    min_hours: Option<Decimal>,
) -> Scores {
    let cost = if s.decision_cost <= min_cost || s.decision_cost <= Decimal::ZERO {
        Decimal::ONE_HUNDRED
    } else {
        pct(min_cost.max(Decimal::ZERO), s.decision_cost)
    };
    // a job: the fastest feasible finish scores 100; otherwise datasheet TFLOPS
    let perf = match (s.job_hours, min_hours) {
        (Some(h), Some(min)) if h > Decimal::ZERO => pct(min, h),
        _ => f.tflops.map_or(Decimal::ZERO, |t| pct(t, max_tf)),
    };
    let prov = ctx.catalog.provider(f.offer.provider);
    let items = wanted(ctx.inputs);
    let met = items
        .iter()
        .filter(|w| {
            if w.ends_with(':') {
                has_prefix_claim(prov, w)
            } else {
                provider_claim(prov, w).is_some()
            }
        })
        .count();
    let eco = Decimal::from(met as u32 * 100) / Decimal::from(items.len() as u32);
    let mut risk = Decimal::ONE_HUNDRED;
    if let Some((monthly, _)) = ctx.spot {
        let exposure = (Decimal::from(20) + monthly).min(Decimal::from(60));
        match s.model {
            BillingModel::Spot => risk -= exposure,
            BillingModel::Mix => risk -= exposure * ctx.mix_share / Decimal::ONE_HUNDRED,
            _ => {}
        }
    }
    if s.still_owed > Decimal::ZERO && s.decision_cost > Decimal::ZERO {
        let k = if ctx.inputs.load == Load::Bursty {
            100
        } else {
            50
        };
        risk -= s.still_owed * Decimal::from(k) / s.decision_cost;
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
fn rank<'a>(ctx: &Ctx, pool: &'a Pool, allow: u16) -> Vec<(usize, &'a Strategy, Scores)> {
    let feasible: Vec<&(usize, Strategy)> = pool
        .strategies
        .iter()
        .filter(|(_, s)| s.fails & !allow == 0)
        .collect();
    let Some(min_cost) = feasible.iter().map(|(_, s)| s.decision_cost).min() else {
        return Vec::new();
    };
    let max_tf = feasible
        .iter()
        .filter_map(|(i, _)| pool.offers[*i].tflops)
        .max()
        .unwrap_or(Decimal::ONE);
    let min_hours = feasible.iter().filter_map(|(_, s)| s.job_hours).min();
    let mut best: Vec<Option<(&Strategy, Scores)>> = vec![None; pool.offers.len()];
    for (i, s) in feasible {
        let sc = scores(ctx, &pool.offers[*i], s, min_cost, max_tf, min_hours);
        let better = match &best[*i] {
            None => true,
            Some((b, bs)) => order(sc, s, *bs, b) == std::cmp::Ordering::Less,
        };
        if better {
            best[*i] = Some((s, sc));
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

/// Total desc, then decision cost, offer id, model, mix baseline.
fn order(a: Scores, sa: &Strategy, b: Scores, sb: &Strategy) -> std::cmp::Ordering {
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

fn r1(d: Decimal) -> Decimal {
    let mut r = d.round_dp(1);
    r.rescale(1);
    r
}

fn rounded(s: Scores) -> Scores {
    Scores {
        cost: r1(s.cost),
        perf: r1(s.perf),
        eco: r1(s.eco),
        risk: r1(s.risk),
        total: r1(s.total),
    }
}

fn reasons(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    k: usize,
    min_cost: Decimal,
    max_tf: Decimal,
) -> Vec<Why> {
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
    if a.needs(Need::NvLink) || f.offer.gpu_count >= 2 {
        if let Some(g) = ctx.catalog.gpu(f.offer.gpu.as_str()) {
            v.push(Why::Interconnect {
                text: g.interconnect.clone(),
            });
        }
    }
    let prov = ctx.catalog.provider(f.offer.provider);
    for w in wanted(a) {
        let fact = match w.strip_suffix(':') {
            Some(_) => prov.and_then(|p| {
                p.facts
                    .iter()
                    .find(|f| f.claims.iter().any(|c| c.starts_with(w)))
            }),
            None => provider_claim(prov, w),
        };
        match fact {
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
    if !s.complete {
        v.push(Why::Incomplete);
    }
    if a.needs(Need::Rdma) {
        v.push(Why::RdmaUnverified);
    }
    if a.needs(Need::Sla) {
        v.push(Why::SlaNotInCatalog);
    }
    if f.offer.provider == crate::domain::catalog::ProviderId::Aws
        && f.offer.region.as_str().starts_with("cn-")
    {
        v.push(Why::ChinaAccount);
    }
    let _ = f.nvlink;
    v
}

/// The same GPUs from the same provider, paid the same way at the same
/// decision cost (another region, or another instance size of the family).
fn same_deal(pool: &Pool, a: &(usize, &Strategy, Scores), b: &(usize, &Strategy, Scores)) -> bool {
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
fn top_picks(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    months: u32,
) -> Vec<Pick> {
    let mut chosen: Vec<usize> = Vec::new();
    let mut elsewhere: Vec<Vec<OfferId>> = Vec::new();
    for (k, r) in ranked.iter().enumerate() {
        match chosen.iter().position(|&c| same_deal(pool, &ranked[c], r)) {
            Some(j) => elsewhere[j].push(r.1.offer.clone()),
            None if chosen.len() < MAX_PICKS => {
                chosen.push(k);
                elsewhere.push(Vec::new());
            }
            None => {}
        }
    }
    let all = picks_of(ctx, pool, ranked, ranked.len(), months);
    chosen
        .iter()
        .zip(elsewhere)
        .enumerate()
        .map(|(n, (&k, same))| {
            let mut p = all[k].clone();
            p.rank = n + 1;
            p.same_elsewhere = same;
            if p.reasons.is_empty() {
                p.reasons = reasons(
                    ctx,
                    pool,
                    ranked,
                    k,
                    min_of(ranked),
                    max_tf_of(pool, ranked),
                );
            }
            p
        })
        .collect()
}

fn min_of(ranked: &[(usize, &Strategy, Scores)]) -> Decimal {
    ranked
        .iter()
        .map(|(_, s, _)| s.decision_cost)
        .min()
        .unwrap_or_default()
}

fn max_tf_of(pool: &Pool, ranked: &[(usize, &Strategy, Scores)]) -> Decimal {
    ranked
        .iter()
        .filter_map(|(i, _, _)| pool.offers[*i].tflops)
        .max()
        .unwrap_or(Decimal::ONE)
}

fn picks_of(
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    n: usize,
    months: u32,
) -> Vec<Pick> {
    let min_cost = min_of(ranked);
    let max_tf = max_tf_of(pool, ranked);
    ranked
        .iter()
        .take(n)
        .enumerate()
        .map(|(k, (_, s, sc))| Pick {
            rank: k + 1,
            strategy: (*s).clone(),
            scores: rounded(*sc),
            reasons: if k < MAX_PICKS {
                reasons(ctx, pool, ranked, k, min_cost, max_tf)
            } else {
                Vec::new()
            },
            monthly: round_money(s.decision_cost / Decimal::from(months.max(1))),
            same_elsewhere: Vec::new(),
        })
        .collect()
}

/// Group the infeasible offers by the first constraint their least-failing
/// strategy fails.
fn exclusions(pool: &Pool) -> Vec<ExclusionGroup> {
    let mut per_offer: Vec<Option<u16>> = vec![None; pool.offers.len()];
    for (i, s) in &pool.strategies {
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
fn budget_excess(pool: &Pool, a: &AdviceInputs, budget: Decimal) -> Option<Decimal> {
    pool.strategies
        .iter()
        .filter(|(_, s)| s.fails == Exclusion::Budget.bit())
        .map(|(_, s)| budget_metric(s, a.budget_basis) - budget)
        .min()
        .map(round_money)
}

fn relaxations(ctx: &Ctx, pool: &Pool, active: &[Exclusion]) -> Vec<Relaxation> {
    let make = |drop: Vec<Exclusion>| -> Option<Relaxation> {
        let allow = drop.iter().fold(0u16, |m, e| m | e.bit());
        let ranked = rank(ctx, pool, allow);
        let (i, s, _) = ranked.first()?;
        Some(Relaxation {
            admits: ranked.len(),
            top: s.offer.clone(),
            model: s.model,
            decision_cost: s.decision_cost,
            budget_needed: drop.contains(&Exclusion::Budget).then(|| {
                pool.strategies
                    .iter()
                    .filter(|(_, x)| x.fails & !allow == 0)
                    .map(|(_, x)| budget_metric(x, ctx.inputs.budget_basis))
                    .min()
                    .unwrap_or_default()
            }),
            memory_gb: drop
                .contains(&Exclusion::Memory)
                .then_some(pool.offers[*i].per_gpu_gb)
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
fn active(a: &AdviceInputs, has_budget: bool) -> Vec<Exclusion> {
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
    if a.spot != SpotTolerance::Yes || a.needs(Need::Sla) {
        v.push(Exclusion::Risk);
    }
    if has_budget {
        v.push(Exclusion::Budget);
    }
    v
}

/// The recommendation for a scenario and the advise inputs.
pub fn advise(c: &Catalog, sc: &Scenario, a: &AdviceInputs) -> Result<Advice, EngineError> {
    let mut notes = Vec::new();
    let weights = if a.weights.sum() == 0 {
        notes.push(Note::WeightsFallback);
        Weights::default()
    } else {
        a.weights
    };
    let pool = build_pool(c, sc, a)?;
    let spot_t = spot_terms(sc);
    let ctx = Ctx {
        catalog: c,
        inputs: a,
        weights,
        spot: spot_t,
        mix_share: sc.mix_spot_share_pct,
    };
    let budget = inputs::budget_in(a, sc.currency, sc.fx(c));
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
    let ranked = rank(&ctx, &pool, 0);
    let picks = top_picks(&ctx, &pool, &ranked, sc.months);
    let table = picks_of(&ctx, &pool, &ranked, MAX_RANKED, sc.months);
    let active = active(a, budget.is_some());
    let relax = if ranked.is_empty() {
        relaxations(&ctx, &pool, &active)
    } else {
        Vec::new()
    };
    let changes = match ranked.first() {
        Some(top) => changes(sc, &ctx, &pool, &ranked, top.1, &active)?,
        None => Vec::new(),
    };
    let mut excluded = exclusions(&pool);
    if let (Some(b), Some(g)) = (
        budget,
        excluded.iter_mut().find(|g| g.reason == Exclusion::Budget),
    ) {
        g.over_by = budget_excess(&pool, a, b);
    }
    let profile = a.profile.map(|p| profile_check(p, c, &pool, &ranked));
    Ok(Advice {
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
        changes,
        profile,
        notes,
    })
}

fn changes(
    sc: &Scenario,
    ctx: &Ctx,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
    top: &Strategy,
    active: &[Exclusion],
) -> Result<Vec<Change>, EngineError> {
    let c = ctx.catalog;
    let horizons = ctx.inputs.use_case != Some(UseCase::Job);
    let mut out = Vec::new();
    // the budget that rules the top pick out: below its cheapest strategy's metric
    let a = ctx.inputs;
    let top_min = pool
        .strategies
        .iter()
        .filter(|(_, s)| s.offer == top.offer && s.fails & !Exclusion::Budget.bit() == 0)
        .map(|(_, s)| budget_metric(s, a.budget_basis))
        .min()
        .unwrap_or_else(|| budget_metric(top, a.budget_basis));
    let then = ranked
        .iter()
        .filter(|(_, s, _)| s.offer != top.offer)
        .filter(|(i, _, _)| {
            pool.strategies.iter().any(|(j, s)| {
                j == i
                    && s.fails & !Exclusion::Budget.bit() == 0
                    && budget_metric(s, a.budget_basis) < top_min
            })
        })
        .map(|(_, s, _)| s.offer.clone())
        .next();
    out.push(Change::Budget {
        below: round_money(top_min),
        basis: a.budget_basis,
        then,
    });
    for e in active.iter().filter(|e| **e != Exclusion::Budget) {
        let r = rank(ctx, pool, e.bit());
        if let Some((_, s, _)) = r.first().filter(|(_, s, _)| s.offer != top.offer) {
            out.push(Change::Drop {
                constraint: *e,
                then: s.offer.clone(),
                model: s.model,
                cost: s.decision_cost,
            });
        }
    }
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
        mix_share: ctx.mix_share,
    };
    if let Some((_, s, _)) = rank(&cost_only, pool, 0).first() {
        if s.offer != top.offer || s.model != top.model {
            out.push(Change::CostOnly {
                then: s.offer.clone(),
                model: s.model,
            });
        }
    }
    // the nearest horizon at which another of the best offers leads (a
    // job's horizon is its own length)
    if !horizons {
        return Ok(out);
    }
    let ids: Vec<OfferId> = ranked
        .iter()
        .take(MAX_RANKED)
        .map(|(_, s, _)| s.offer.clone())
        .collect();
    let mut tries: Vec<u32> = FLIP_MONTHS
        .into_iter()
        .filter(|m| *m != sc.months)
        .collect();
    tries.sort_by_key(|m| (m.abs_diff(sc.months), *m));
    let mut found = false;
    for m in tries {
        let mut s2 = sc.clone();
        s2.months = m;
        s2.offers = Some(ids.clone());
        let sub = build_pool(c, &s2, a)?;
        let r = rank(ctx, &sub, 0);
        if let Some((_, s, _)) = r.first() {
            if s.offer != top.offer {
                out.push(Change::Horizon {
                    months: m,
                    then: s.offer.clone(),
                    model: s.model,
                });
                found = true;
                break;
            }
        }
    }
    if !found {
        out.push(Change::HorizonStable);
    }
    Ok(out)
}

fn profile_check(
    p: Profile,
    c: &Catalog,
    pool: &Pool,
    ranked: &[(usize, &Strategy, Scores)],
) -> ProfileCheck {
    let (prov, family) = p.article_pick();
    // family names are compared without case and `_` (`NDasrA100_v4`, `NDasrA100v4`)
    let norm = |f: &str| f.replace('_', "").to_ascii_lowercase();
    let is_family = |o: &Offer| o.provider == prov && norm(&o.family) == norm(family);
    let in_catalog = c.offers.iter().any(is_family);
    let hit = ranked
        .iter()
        .enumerate()
        .find(|(_, (i, _, _))| is_family(pool.offers[*i].offer));
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
    ProfileCheck {
        profile: p,
        family: family.into(),
        rank: hit.map(|(k, _)| k + 1),
        offer: hit.map(|(_, (_, s, _))| s.offer.clone()),
        total: hit.map(|(_, (_, _, sc))| r1(sc.total)),
        decision_cost: hit.map(|(_, (_, s, _))| s.decision_cost),
        excluded,
        missing: !in_catalog,
        agrees: hit.is_some_and(|(k, _)| k == 0),
    }
}
