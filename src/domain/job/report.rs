//! The job priced on every offer the scenario matches: each offer's hours
//! ([`super::hours`]) become a scenario priced by the quote
//! ([`pricing_scenario`]), and the offers are ranked cheapest and fastest
//! first ([`JobReport`]).

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::age::PriceAge;
use crate::domain::billing::Reason;
use crate::domain::catalog::{Catalog, Currency, GpuId, Offer, OfferId, UsageKind};
use crate::domain::compare_basis::{bases, Candidate};
use crate::domain::error::EngineError;
use crate::domain::money::{div, Money};
use crate::domain::scenario::{BillingModel, JobKind, JobSpec, Scenario};
use crate::domain::tco::{picks, quote_with, MissingRate, QuoteOptions};

use super::hours::{job_hours, JobHours};
use super::throughput::{default_scaling_pct, Fabric};
use super::{dec, work, workload, JobSkip};

/// One billing model's cost of the job on one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobModelCost {
    pub model: BillingModel,
    /// Paid during the job plus what a commitment still owes after it.
    pub decision_cost: Option<Money>,
    /// Paid during the job's months.
    pub total: Option<Money>,
    /// Commitment payments due after the job ends.
    pub still_owed: Decimal,
    /// False when a usage rate was missing (the figure is then a lower bound).
    pub complete: bool,
    /// The charge kinds missing (the figures exclude them).
    pub missing: Vec<UsageKind>,
    /// False for a partial-upfront reservation whose split is not published.
    pub cash_timing_known: bool,
    /// At the user's negotiated price (`ModelQuote::negotiated`).
    pub negotiated: bool,
    /// Spot and mix: the offer's own monthly interruption share, percent,
    /// and whether it was published as a rate (else a Spot Advisor band's
    /// upper edge); None on the scenario's rate (`ModelNotice::own_spot_rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_spot_rate: Option<(Decimal, bool)>,
    /// The age of the prices the cost rests on.
    pub age: Option<PriceAge>,
    pub unavailable: Option<Reason>,
}

/// The job on one offer: hours and cost, or why not.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobOffer {
    pub offer: OfferId,
    pub gpu: GpuId,
    pub hours: Option<JobHours>,
    pub skip: Option<JobSkip>,
    pub models: Vec<JobModelCost>,
    /// The model with the lowest decision cost (complete results first).
    pub cheapest_model: Option<BillingModel>,
    /// The rates its results miss, each with its bound over the job's
    /// months (every priced model misses the same; ranked on what is
    /// priced plus the bounds, `compare_basis`).
    pub missing_rates: Vec<MissingRate>,
    /// LLM serving: the cheapest model's decision cost per million tokens
    /// served (display currency, 2 dp); measured or estimated as `hours.basis` says.
    pub cost_per_million_tokens: Option<Decimal>,
}

impl JobOffer {
    fn best(&self) -> Option<&JobModelCost> {
        let m = self.cheapest_model?;
        self.models.iter().find(|c| c.model == m)
    }

    fn fits(&self) -> bool {
        self.hours.as_ref().and_then(|h| h.fits) != Some(false)
    }
}

/// The report: every matching offer, plus offer ids ranked cheapest first
/// (by the best model's decision cost; fitting, complete results first)
/// and fastest first (by wall hours; fitting first). Offers without a
/// figure are in neither list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobReport {
    /// The job with every input filled in (defaults included; whether an
    /// estimate used a default efficiency is in each offer's basis).
    pub job: JobSpec,
    pub currency: Currency,
    /// Work in samples (ResNet-50, BERT-large), exaFLOPs (LLM training) or
    /// tokens (LLM serving).
    pub work: Decimal,
    pub offers: Vec<JobOffer>,
    /// Cheapest first: fitting first, then by missing charge kinds and the
    /// cost on what every result of the group prices.
    pub cheapest: Vec<OfferId>,
    /// `cheapest` with measured throughput only (this GPU model was run).
    pub cheapest_measured: Vec<OfferId>,
    /// `cheapest` with estimated throughput only.
    pub cheapest_estimated: Vec<OfferId>,
    pub fastest: Vec<OfferId>,
    /// Serving: spot and the spot mix were not priced, because a 24×7
    /// service cannot run on capacity that is taken back, and the scenario
    /// did not ask for them (`bm=spot` does; see [`serving_models`]).
    pub spot_left_out: bool,
}

/// The billing models a job is priced on: the scenario's, except that a
/// serving job the scenario gives no models for is priced on the models
/// that can hold a 24×7 service (on demand and commitments), never on spot
/// or the spot mix unless asked, so one ranking does not compare one
/// offer's spot price with another's on-demand price.
pub fn serving_models(scenario: &Scenario) -> Option<Vec<BillingModel>> {
    let serving = scenario
        .job
        .as_ref()
        .is_some_and(|j| j.kind == JobKind::LlmServe);
    (serving && scenario.billing_models.is_empty()).then(|| {
        BillingModel::ALL
            .into_iter()
            .filter(|m| {
                !matches!(
                    m,
                    BillingModel::Spot | BillingModel::Mix | BillingModel::CapacityBlock
                )
            })
            .collect()
    })
}

/// The scenario that prices the job on one offer: only this offer, the
/// job's GPUs, `⌈hours / 730⌉` months with the hours spread over them, the
/// run's hours back to back (a Capacity Block covers them with one block),
/// and the spot job length = the job's hours when not set.
pub fn pricing_scenario(scenario: &Scenario, offer: &Offer, h: &JobHours) -> Scenario {
    let mut s = scenario.clone();
    if let Some(models) = serving_models(scenario) {
        s.billing_models = models;
        if offer.capacity_block().is_some() {
            s.billing_models.push(BillingModel::CapacityBlock);
        }
    }
    s.run_hours = Some(h.wall_hours);
    s.offers = Some(vec![offer.id.clone()]);
    s.min_gpus = h.gpus;
    s.min_vram_gb = None;
    s.months = h.months;
    s.hours_per_month = h.hours_per_month;
    if s.spot.job_hours.is_none() {
        s.spot.job_hours = Some(h.wall_hours);
    }
    s.job = None;
    s
}

/// Cost per job: for every offer the scenario matches (its filters, or its
/// explicit `offers`), the job's hours and its cost under every billing
/// model the scenario asks for, with the cheapest and fastest rankings.
pub fn job_report(catalog: &Catalog, scenario: &Scenario) -> Result<JobReport, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let Some(job) = scenario.job.clone() else {
        return Err(EngineError::NoJob);
    };
    let mut offers = Vec::new();
    for offer in catalog
        .offers
        .iter()
        .filter(|o| picks(catalog, scenario, o))
    {
        offers.push(job_offer(catalog, scenario, &job, offer)?);
    }
    // cheapest: fitting first, then what is priced plus the bound of what
    // is not (compare_basis)
    let best: Vec<Option<&JobModelCost>> = offers.iter().map(JobOffer::best).collect();
    let mut at = Vec::new();
    for (i, b) in best.iter().enumerate() {
        if let Some(d) = b.and_then(|b| b.decision_cost) {
            at.push((i, d.amount()));
        }
    }
    let items: Vec<Candidate> = at
        .iter()
        .map(|(i, d)| Candidate {
            missing: if best[*i].is_some_and(|b| !b.complete) {
                &offers[*i].missing_rates
            } else {
                &[]
            },
            decision: *d,
            months: offers[*i].hours.as_ref().map_or(1, |h| h.months),
        })
        .collect();
    let mut cheapest: Vec<(_, &OfferId, bool)> = bases(&items)
        .into_iter()
        .zip(&at)
        .map(|(basis, (i, _))| {
            let o = &offers[*i];
            let measured = o.hours.as_ref().is_some_and(|h| h.measured);
            ((!o.fits(), basis), &o.offer, measured)
        })
        .collect();
    cheapest.sort_by(|a, b| a.0.cmp(&b.0));
    // equally fast offers (same GPU and count) rank by cost
    let mut fastest: Vec<(_, &OfferId)> = offers
        .iter()
        .filter_map(|o| {
            let cost = o.best().and_then(|b| b.decision_cost).map(|m| m.amount());
            let key = (
                !o.fits(),
                o.hours.as_ref()?.wall_hours,
                cost.is_none(),
                cost.unwrap_or_default(),
            );
            Some((key, &o.offer))
        })
        .collect();
    fastest.sort();
    Ok(JobReport {
        spot_left_out: serving_models(scenario).is_some(),
        currency: scenario.currency,
        work: work(&job)?,
        cheapest_measured: cheapest
            .iter()
            .filter(|c| c.2)
            .map(|c| c.1.clone())
            .collect(),
        cheapest_estimated: cheapest
            .iter()
            .filter(|c| !c.2)
            .map(|c| c.1.clone())
            .collect(),
        cheapest: cheapest.iter().map(|c| c.1.clone()).collect(),
        fastest: fastest.into_iter().map(|(_, id)| id.clone()).collect(),
        offers,
        job: {
            // the scaling shown is the catalog's measured default (as measured:
            // NVLink inside one instance; each offer's basis gives its own)
            let mut r = job.resolved();
            if job.scaling_pct.is_none() {
                r.scaling_pct = Some(default_scaling_pct(
                    catalog,
                    workload(job.kind),
                    Fabric::AsMeasured,
                ));
            }
            r
        },
    })
}

fn job_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    job: &JobSpec,
    offer: &Offer,
) -> Result<JobOffer, EngineError> {
    let mut out = JobOffer {
        offer: offer.id.clone(),
        gpu: offer.gpu.clone(),
        hours: None,
        skip: None,
        models: Vec::new(),
        cheapest_model: None,
        missing_rates: Vec::new(),
        cost_per_million_tokens: None,
    };
    let h = match job_hours(catalog, scenario, job, offer)? {
        Ok(h) => h,
        Err(skip) => {
            out.skip = Some(skip);
            return Ok(out);
        }
    };
    let priced = quote_with(
        catalog,
        &pricing_scenario(scenario, offer, &h),
        QuoteOptions::TOTALS,
    );
    out.hours = Some(h);
    let q = match priced {
        Ok(q) => q,
        Err(e) => {
            out.skip = Some(JobSkip::PricingFailed {
                error: e.code().into(),
            });
            return Ok(out);
        }
    };
    let Some(oq) = q.offers.into_iter().next() else {
        out.skip = Some(JobSkip::PricingFailed {
            error: "not_quoted".into(),
        });
        return Ok(out);
    };
    let mut best: Option<((bool, Decimal), BillingModel)> = None;
    for m in oq.models {
        let complete = m.complete();
        if !complete && out.missing_rates.is_empty() {
            out.missing_rates = m.missing.clone();
        }
        if let Some(key) = m.rank_key() {
            if best.as_ref().is_none_or(|(b, _)| key < *b) {
                best = Some((key, m.model));
            }
        }
        out.models.push(JobModelCost {
            model: m.model,
            decision_cost: m.decision_cost,
            total: m.total,
            still_owed: m.still_owed,
            complete,
            missing: m.missing_kinds(),
            cash_timing_known: m.cash_timing_known,
            negotiated: m.negotiated,
            own_spot_rate: m.notices.own_spot_rate(),
            age: m.age,
            unavailable: m.unavailable,
        });
    }
    out.cheapest_model = best.map(|(_, m)| m);
    if job.kind == JobKind::LlmServe {
        // decision cost ÷ millions of tokens served
        let tokens_m = div(work(job)?, dec(1_000_000))?;
        out.cost_per_million_tokens = match out.best().and_then(|b| b.decision_cost) {
            Some(c) if tokens_m > Decimal::ZERO => Some(crate::domain::money::round_money(div(
                c.amount(),
                tokens_m,
            )?)),
            _ => None,
        };
    }
    Ok(out)
}
