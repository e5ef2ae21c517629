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
//!   cost plus the bound of every charge it lacks, `compare_basis`, so an
//!   incomplete result never wins by what it omits; an unbounded one
//!   scores 0);
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
mod advice;
mod explain;
mod facts;
pub mod inputs;
mod job_pool;
mod kept;
pub mod keys;
mod pool;
mod pricer;
mod rank;
mod search;

pub use advice::{
    Advice, Behind, Change, Exclusion, ExclusionGroup, Note, Pick, ProfileCheck, Relaxation,
    ScorePart, Scores, SpotRateBasis, Strategy, Why, FLIP_MONTHS, MAX_PICKS, MAX_RANKED,
};
pub use kept::KeptPool;
pub use search::{advise, advise_but_changes, advise_but_changes_kept, AdviceWork, ChangesSearch};

pub use inputs::{
    AdviceInputs, BudgetBasis, Framework, Load, Need, Platform, Profile, Residency, SpotTolerance,
    UseCase, Weights,
};

/// The claim vocabulary provider facts may carry (kept with the catalog's
/// `Fact`, which both this screen and `validate` read).
pub use crate::domain::catalog::CLAIMS;
