//! The pool of a job (use case `job`): each offer's strategies are its
//! figures in the job report (the job's own months and instances), not a
//! quote of the scenario's horizon. Apart from the pool of a horizon, which
//! the worker keeps (`kept`); a job's pool is made afresh.
use rust_decimal::Decimal;

use super::facts::{offer_facts, place_ids, Tflops};
use super::pool::Pool;
use super::pricer::{placeholder, Pricer};
use super::*;
use crate::domain::billing::assumed::assumed_rates;
use crate::domain::catalog::{Catalog, OfferId};
use crate::domain::error::EngineError;
use crate::domain::job::{job_report, JobReport};
use crate::domain::money::round_money;
use crate::domain::scenario::Scenario;
use crate::domain::tco::matches;

/// The pool of a job: each offer's strategies are its figures in the job
/// report (the job's own months and instances).
pub(super) fn job_pool<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    job: &JobReport,
) -> Result<Pool<'a>, EngineError> {
    let pricer = Pricer::new(c, sc, a, assumed_rates(c, sc));
    // each offer's job figures by its id (one look-up per offer, not a
    // search of the report's list)
    let job_offers: std::collections::HashMap<&OfferId, _> =
        job.offers.iter().map(|j| (&j.offer, j)).collect();
    let considered = c.offers.len();
    let mut offers = Vec::with_capacity(considered);
    let mut strategies = Vec::with_capacity(considered * (sc.models().len() + 1));
    let mut tflops = Tflops::default();
    for o in c.offers.iter().filter(|o| matches(c, sc, o)) {
        let mut f = offer_facts(c, a, sc, o, &mut tflops);
        let idx = offers.len();
        let before = strategies.len();
        // what an offer with no priced strategy fails
        let mut unpriced = Exclusion::NoPrice.bit();
        if let Some(jo) = job_offers.get(&o.id) {
            use crate::domain::job::JobSkip;
            let fails = match (&jo.hours, &jo.skip) {
                (Some(h), _) if h.fits == Some(false) => Exclusion::Memory.bit(),
                (Some(_), _) => 0,
                (None, Some(JobSkip::AcceleratorCannotRun { .. })) => Exclusion::Accelerator.bit(),
                (
                    None,
                    Some(
                        JobSkip::ReplicaSpansInstances { .. }
                        | JobSkip::NoRdmaBetweenInstances { .. },
                    ),
                ) => Exclusion::Placement.bit(),
                (None, _) => Exclusion::NoThroughput.bit(),
            };
            if fails != 0 {
                // no figure: the reason is the throughput or memory, not the price
                unpriced = fails;
            }
            f.rates = jo.missing_rates.clone();
            for m in &jo.models {
                let (Some(cost), Some(paid), Some(h)) = (m.decision_cost, m.total, &jo.hours)
                else {
                    if m.unavailable.is_some() {
                        f.unpriced.push(m.model);
                    }
                    continue;
                };
                f.missing = m.missing.clone();
                let peak = round_money(cost.amount() / Decimal::from(h.months.max(1)));
                strategies.push((
                    idx,
                    Strategy {
                        offer: o.id.clone(),
                        model: m.model,
                        mix_baseline: None,
                        decision_cost: cost.amount(),
                        paid: paid.amount(),
                        still_owed: m.still_owed,
                        upfront: Decimal::ZERO,
                        peak_month: peak,
                        cash_timing_known: m.cash_timing_known,
                        peak_month_max: if m.cash_timing_known {
                            peak
                        } else {
                            cost.amount()
                        },
                        committed: if m.model.is_commitment() {
                            cost.amount()
                        } else {
                            Decimal::ZERO
                        },
                        instances: h.instances,
                        gpus: h.gpus,
                        job_hours: Some(h.wall_hours),
                        complete: m.complete,
                        missing: m.missing.clone(),
                        indicative: false,
                        assumed: false,
                        monthly_from_upfront: false,
                        negotiated: m.negotiated,
                        own_spot_rate: m.own_spot_rate,
                        months: h.months,
                        age: m.age.clone(),
                        fails: fails | pricer.risk(m.model),
                    },
                ));
            }
        }
        if strategies.len() == before {
            strategies.push((idx, placeholder(o, unpriced, sc.months)));
        }
        offers.push(f);
    }
    place_ids(&mut offers);
    for (i, s) in &mut strategies {
        pricer.finish(s, offers[*i].fails);
    }
    let measured = job
        .offers
        .iter()
        .filter(|j| j.hours.as_ref().is_some_and(|h| h.measured))
        .map(|j| j.offer.clone())
        .collect();
    Ok(Pool {
        offers: std::rc::Rc::new(offers),
        measured,
        strategies: std::rc::Rc::new(strategies),
        deferred: Vec::new(),
        assumed: pricer.assumed,
    })
}

/// The job report when the use case is a job and the scenario has one.
pub(super) fn job_of(
    c: &Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
) -> Result<Option<JobReport>, EngineError> {
    if a.use_case != Some(UseCase::Job) || sc.job.is_none() {
        return Ok(None);
    }
    job_report(c, sc).map(Some)
}
