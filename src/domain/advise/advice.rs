//! What an advice is: the public result types (a [`Strategy`] and the
//! [`Exclusion`]s it fails, the picks with their [`Scores`] and reasons,
//! the exclusions, relaxations and changes, the notes, the [`Advice`]).
//! Apart from the search that makes them (`search`) and the pool they are
//! read from (`pool`), so the UI and tests read the shape in one place.
use rust_decimal::Decimal;
use serde::Serialize;

use super::inputs::{BudgetBasis, Profile, Weights};
use crate::domain::catalog::{Currency, OfferId};
use crate::domain::codes::code_enum;
use crate::domain::scenario::BillingModel;

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
        /// A job whose model does not fit in one instance where the
        /// instances have no RDMA to link them (`job::JobSkip`'s
        /// `ReplicaSpansInstances`, `NoRdmaBetweenInstances`).
        Placement = "placement",
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
    pub(super) fn bit(self) -> u16 {
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
                | Exclusion::Placement
                | Exclusion::Accelerator
                | Exclusion::CashTiming
        )
    }
}

/// The first constraint (in check order) of those `mask` holds: its lowest
/// bit set ([`Exclusion::bit`]), found in one step, not a search of every
/// constraint: the exclusions read it twice for each strategy
/// (figures: docs/PERFORMANCE.md).
pub(super) fn first_bit(mask: u16) -> Option<Exclusion> {
    Exclusion::ALL.get(mask.trailing_zeros() as usize).copied()
}

/// The four scores and the weighted total (0–100, 1 dp).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scores {
    pub cost: Decimal,
    /// None when unknown (no job hours to compare and no sourced TFLOPS):
    /// then it takes no part in `total`, whose weights are re-normalised
    /// over the known scores.
    pub perf: Option<Decimal>,
    pub eco: Decimal,
    pub risk: Decimal,
    /// None only when every weighted score is unknown.
    pub total: Option<Decimal>,
}

/// Where a spot interruption rate comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpotRateBasis {
    /// The default assumption (no rate published for the offer).
    Assumed,
    /// The user's own setting (`si`, `sib`, `sih`).
    Yours,
    /// The upper edge of the offer's AWS Spot Advisor band.
    Band,
    /// The share the provider publishes for the offer.
    Published,
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
    /// A reservation's all-upfront price paid monthly by the provider's
    /// rule, not a sourced price (`ModelQuote::monthly_from_upfront`).
    pub monthly_from_upfront: bool,
    /// At the user's negotiated price (`ModelQuote::negotiated`).
    pub negotiated: bool,
    /// Spot and mix: the offer's own monthly interruption share and whether
    /// it was published as a rate (`JobModelCost::own_spot_rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_spot_rate: Option<(Decimal, bool)>,
    /// Months the figures cover (the horizon; a job's own months).
    pub months: u32,
    /// The age of the prices it rests on.
    pub age: Option<crate::domain::age::PriceAge>,
    /// Constraints failed (bits of [`Exclusion`]); 0 = feasible.
    #[serde(skip)]
    pub(super) fails: u16,
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
    /// No sourced dense FP16 figure: performance unknown, left out of the
    /// total (its weight shared by the known scores).
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
    /// The spot interruption the strategy is exposed to, and where the
    /// rate comes from.
    SpotExposure {
        monthly_pct: Decimal,
        share_pct: Decimal,
        basis: SpotRateBasis,
    },
    IndicativePrice,
    AssumedRate,
    /// Paid monthly: the all-upfront price ÷ the term's months, by the
    /// provider's rule (`billing::rules`, whose source it carries).
    MonthlyFromUpfront {
        source: String,
    },
    /// At the user's negotiated price: the provider's rule applies `nd` to
    /// this billing model (`billing::rules::negotiated_rule`); it carries
    /// the rule's source (`negotiated_source`).
    Negotiated {
        source: String,
    },
    /// A usage rate is missing: the figure is a lower bound.
    Incomplete,
    /// Multi-node RDMA was asked and the catalog has no network fact for the offer.
    RdmaUnverified,
    /// An SLA was asked; the catalog has no SLA figure for the provider.
    SlaNotInCatalog,
    /// A commitment of the same offer that fits the horizon costs less than
    /// the pick (its lock-in, counted in risk, ranked it lower).
    CheaperCommitment {
        model: BillingModel,
        decision_cost: Decimal,
        pct_cheaper: Decimal,
        committed: Decimal,
    },
    /// An AWS China region: operated by a local partner, it needs a separate
    /// AWS China account, and a public site there an ICP filing. The AWS
    /// fact that states it (its `icp:` claim), with its source and date;
    /// None when the catalog has no such fact.
    ChinaAccount {
        source: Option<String>,
        as_of: Option<String>,
    },
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
    /// Charge kinds it lacks: it is compared on `priced` plus `bound`, the
    /// most they can cost at the highest published rate of their kind
    /// (None: some kind has no published rate anywhere, unbounded).
    Bounded {
        kinds: Vec<crate::domain::catalog::UsageKind>,
        priced: Decimal,
        bound: Option<Decimal>,
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
        /// The default share, not the user's: the same assumed figure for
        /// every offer without a Spot Advisor band of its own in the catalog
        /// (spot is priced on the band where it has one).
        assumed: bool,
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
