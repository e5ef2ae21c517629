//! The pricing of an offer's strategies: the [`Pricer`] (what pricing
//! needs, made once per pool), a settled model as a [`Strategy`] and its
//! figures at a horizon, the spot assumption, and what a budget is tested
//! against. Pure: it keeps nothing between keystrokes (that is `kept`).
use rust_decimal::Decimal;

use super::facts::OfferFacts;
use super::pool::Pool;
use super::*;
use crate::domain::billing::assumed::AssumedRates;
use crate::domain::billing::cashflow::{from_cents, CashFlow, Settled};
use crate::domain::billing::Scene;
use crate::domain::catalog::{Catalog, Offer, UsageKind};
use crate::domain::error::EngineError;
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::spot;
use crate::domain::tco::{OfferPricing, Settlement};

/// The spot assumption: monthly interruption % and rework overhead %.
pub(super) fn spot_terms(sc: &Scenario) -> Option<(Decimal, Decimal)> {
    let p = spot::params(&sc.spot)?;
    let o = spot::outcome(&p, &sc.spot, sc.hours_per_month);
    let monthly = o
        .interruption_monthly_pct
        .unwrap_or_else(|| (o.interruptions_per_month * Decimal::ONE_HUNDRED).round_dp(1));
    let overhead = ((o.overhead_factor - Decimal::ONE) * Decimal::ONE_HUNDRED).round_dp(2);
    Some((monthly, overhead))
}

/// The strategy a settled model of `offer` is; `missing`: the charge
/// kinds the offer lacks (every priced model of an offer shares them).
pub(super) fn strategy_of(
    q: &Settlement,
    offer: &Offer,
    instances: u32,
    months: u32,
    mix_baseline: Option<BillingModel>,
    missing: &[UsageKind],
) -> Strategy {
    let mut s = Strategy {
        offer: offer.id.clone(),
        model: q.model,
        mix_baseline,
        decision_cost: Decimal::ZERO,
        paid: Decimal::ZERO,
        still_owed: Decimal::ZERO,
        upfront: Decimal::ZERO,
        peak_month: Decimal::ZERO,
        cash_timing_known: q.cash_timing_known(),
        peak_month_max: Decimal::ZERO,
        committed: Decimal::ZERO,
        instances,
        gpus: instances * offer.gpu_count,
        job_hours: None,
        complete: missing.is_empty(),
        missing: missing.to_vec(),
        indicative: q.indicative(),
        assumed: q.assumed(),
        monthly_from_upfront: q.monthly_from_upfront(),
        negotiated: q.negotiated(),
        own_spot_rate: q.own_spot_rate(),
        months,
        age: q.age(),
        fails: 0,
    };
    at_horizon(&mut s, &q.flow, q.settled());
    s
}

/// A strategy's figures that its horizon decides, from its cash flow over
/// that horizon and the flow's totals `t`: what it costs, pays and still
/// owes, its highest month and what buying it commits to.
pub(super) fn at_horizon(s: &mut Strategy, flow: &CashFlow, t: &Settled) {
    // in cents: an i64 times a u32 plus an i64 is within i128, and within
    // the 96 bits of a Decimal's mantissa (< 2^95 + 2^63); not in Decimal,
    // which was costly on every keystroke (figures: docs/PERFORMANCE.md)
    let months = flow.peak_and_first_upfront_c();
    let (peak, first_upfront) = months.unwrap_or((0, 0));
    // (no month: a zero, as the flow's own figure says it)
    let peak_month = months.map_or(Decimal::ZERO, |_| from_cents(peak));
    let term = flow.term_and_monthly_c();
    let cents = |c: i128| Decimal::try_from_i128_with_scale(c, 2).unwrap_or(Decimal::MAX);
    let wide = |a: i64, b: i64, n: u32| i128::from(a) + i128::from(b) * i128::from(n);
    // with the split unknown, a term's month 1 may hold all of its monthly
    // charges (the upfront paid at purchase): the highest it can be
    let peak_max = match term {
        Some((n, monthly)) if !s.cash_timing_known => {
            cents(wide(peak, monthly, n.saturating_sub(1)))
        }
        _ => peak_month,
    };
    // lock-in: what buying it commits to at once, its first term in full
    // (a renewal is a later decision; a monthly subscription commits a month)
    let committed = match term {
        Some((n, monthly)) => cents(wide(first_upfront, monthly, n).min(i128::from(t.decision))),
        None => Decimal::ZERO,
    };
    s.decision_cost = from_cents(t.decision);
    s.paid = from_cents(t.paid);
    s.still_owed = from_cents(t.still_owed);
    s.upfront = from_cents(t.upfront);
    s.peak_month = peak_month;
    s.peak_month_max = peak_max;
    s.committed = committed;
}

/// What pricing an offer's strategies needs, computed once per pool.
pub(super) struct Pricer<'s> {
    catalog: &'s Catalog,
    pub(super) scenario: &'s Scenario,
    inputs: &'s AdviceInputs,
    budget: Option<Decimal>,
    sp: Option<spot::SpotParams>,
    pub(super) assumed: Option<Vec<AssumedRates>>,
    spot_ok: bool,
    mix_ok: bool,
}

impl<'s> Pricer<'s> {
    pub(super) fn new(
        c: &'s Catalog,
        sc: &'s Scenario,
        a: &'s AdviceInputs,
        assumed: Option<Vec<AssumedRates>>,
    ) -> Pricer<'s> {
        let sla = a.needs(Need::Sla);
        Pricer {
            catalog: c,
            scenario: sc,
            inputs: a,
            budget: inputs::budget_in(a, sc.currency, sc.fx(c)),
            sp: spot::params(&sc.spot),
            assumed,
            spot_ok: a.spot == SpotTolerance::Yes && !sla,
            mix_ok: a.spot != SpotTolerance::No && !sla,
        }
    }

    /// Spot alone or in a mix, where the tolerance or an SLA rules it out.
    pub(super) fn risk(&self, m: BillingModel) -> u16 {
        match m {
            BillingModel::Spot if !self.spot_ok => Exclusion::Risk.bit(),
            BillingModel::Mix if !self.mix_ok => Exclusion::Risk.bit(),
            _ => 0,
        }
    }

    /// The scene the pool's offers are priced in (made once per pool).
    fn scene(&self) -> Result<Scene<'_>, EngineError> {
        Scene::new(
            self.catalog,
            self.scenario,
            self.sp,
            self.assumed.as_deref(),
        )
    }

    /// The priced strategies of offer `f` outside a job (pushed to `out`
    /// as offer `idx`; one unpriced strategy when none is), its charges,
    /// missing kinds and unpriced models noted in `f`. `scene`:
    /// [`Pricer::scene`], made on first use.
    pub(super) fn price<'p>(
        &'p self,
        scene: &mut Option<Scene<'p>>,
        instances: u32,
        idx: usize,
        f: &mut OfferFacts,
        out: &mut Vec<(usize, Strategy)>,
    ) -> Result<(), EngineError> {
        let before = out.len();
        out.extend(
            self.models(scene, instances, f)?
                .into_iter()
                .map(|(s, _)| (idx, s)),
        );
        self.close_offer(f, instances, idx, out, before)
    }

    /// Offer `f`'s priced models outside a job, each as a strategy with its
    /// cash flow; its charges, missing kinds and unpriced models noted in
    /// `f`. `scene`: [`Pricer::scene`], made on first use.
    pub(super) fn models<'p>(
        &'p self,
        scene: &mut Option<Scene<'p>>,
        instances: u32,
        f: &mut OfferFacts,
    ) -> Result<Vec<(Strategy, CashFlow)>, EngineError> {
        let (sc, o) = (self.scenario, f.offer);
        let scene = match scene {
            Some(s) => s,
            None => scene.insert(self.scene()?),
        };
        // the strategies read the cash flow, never the saving against on-demand
        let p = OfferPricing::new(scene, o, instances, true)?;
        let missing: Vec<UsageKind> = p.missing().iter().map(|m| m.kind).collect();
        let mut out = Vec::with_capacity(sc.models().len());
        // a Capacity Block's window is the horizon's: priced with the close
        for m in sc
            .models_selling(f.sells_block)
            .filter(|m| *m != BillingModel::CapacityBlock)
        {
            let q = match p.settle(m)? {
                Ok(q) => q,
                Err(_) => {
                    f.unpriced.push(m);
                    continue;
                }
            };
            let mut s = strategy_of(&q, o, instances, sc.months, None, &missing);
            s.fails |= self.risk(m);
            out.push((s, q.flow));
        }
        // as the job's figures note it: what its priced models lack
        if !out.is_empty() {
            f.missing = missing;
            f.rates = p.missing().to_vec();
        }
        Ok(out)
    }

    /// An offer's strategies closed (those in `out[before..]`, as offer
    /// `idx`): [`Pricer::close`]'s strategies added.
    pub(super) fn close_offer(
        &self,
        f: &OfferFacts,
        instances: u32,
        idx: usize,
        out: &mut Vec<(usize, Strategy)>,
        before: usize,
    ) -> Result<(), EngineError> {
        for s in self.close(f, instances, &out[before..])? {
            out.push((idx, s));
        }
        Ok(())
    }

    /// What closes an offer's priced strategies `own`, in this order: its
    /// Capacity Block where it is sold as one and the horizon fits one
    /// (its window is the horizon's, so it is priced at each horizon, never
    /// kept; where it does not fit it is not offered); with a bursty load,
    /// its mix (its best commitment as the baseline, bursts on spot); one
    /// unpriced strategy when it has nothing else. `f`: the offer's facts
    /// (its missing kinds, whether it sells a Capacity Block).
    pub(super) fn close(
        &self,
        f: &OfferFacts,
        instances: u32,
        own: &[(usize, Strategy)],
    ) -> Result<Vec<Strategy>, EngineError> {
        let (o, missing) = (f.offer, &f.missing[..]);
        let mut out = Vec::new();
        if let Some(s) = self.capacity_block(f, instances)? {
            out.push(s);
        }
        if let Some(s) = self.mix_or_none(o, instances, missing, own, out.is_empty())? {
            out.push(s);
        }
        Ok(out)
    }

    /// The offer's Capacity Block at this horizon, when the scenario prices
    /// one for it and it fits.
    fn capacity_block(
        &self,
        f: &OfferFacts,
        instances: u32,
    ) -> Result<Option<Strategy>, EngineError> {
        let (sc, o, missing) = (self.scenario, f.offer, &f.missing[..]);
        if !sc
            .models_selling(f.sells_block)
            .any(|m| m == BillingModel::CapacityBlock)
        {
            return Ok(None);
        }
        let scene = self.scene()?;
        let p = OfferPricing::new(&scene, o, instances, true)?;
        Ok(match p.settle(BillingModel::CapacityBlock)? {
            Ok(q) => Some(strategy_of(&q, o, instances, sc.months, None, missing)),
            Err(_) => None,
        })
    }

    /// The mix of [`Pricer::close`], or its unpriced strategy when `none`
    /// is priced.
    fn mix_or_none(
        &self,
        o: &Offer,
        instances: u32,
        missing: &[UsageKind],
        own: &[(usize, Strategy)],
        none: bool,
    ) -> Result<Option<Strategy>, EngineError> {
        let (sc, a) = (self.scenario, self.inputs);
        let mut best_commit: Option<(Decimal, BillingModel)> = None;
        if a.load == Load::Bursty && o.spot().is_some() {
            for (_, s) in own {
                if s.model.is_commitment() && best_commit.is_none_or(|(d, _)| s.decision_cost < d) {
                    best_commit = Some((s.decision_cost, s.model));
                }
            }
        }
        // commit the baseline, burst with spot
        if let Some((_, m)) = best_commit {
            let mut mixed = sc.clone();
            mixed.billing_models = vec![BillingModel::Mix];
            mixed.mix_baseline = m;
            let scene = Scene::new(self.catalog, &mixed, self.sp, self.assumed.as_deref())?;
            let p = OfferPricing::new(&scene, o, instances, true)?;
            if let Ok(q) = p.settle(BillingModel::Mix)? {
                let mut s = strategy_of(&q, o, instances, sc.months, Some(m), missing);
                s.fails |= self.risk(BillingModel::Mix);
                return Ok(Some(s));
            }
        }
        Ok((own.is_empty() && none).then(|| placeholder(o, Exclusion::NoPrice.bit(), sc.months)))
    }

    /// The pool (outside a job) of these offers and strategies, each
    /// strategy failing what its offer fails and the budget.
    pub(super) fn pool<'a>(
        self,
        offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
        mut strategies: Vec<(usize, Strategy)>,
        deferred: Vec<usize>,
    ) -> Pool<'a> {
        for (i, s) in &mut strategies {
            self.finish(s, offers[*i].fails);
        }
        self.pool_of(offers, std::rc::Rc::new(strategies), deferred)
    }

    /// The pool of these offers and finished strategies.
    pub(super) fn pool_of<'a>(
        self,
        offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
        strategies: std::rc::Rc<Vec<(usize, Strategy)>>,
        deferred: Vec<usize>,
    ) -> Pool<'a> {
        Pool {
            offers,
            measured: Vec::new(),
            strategies,
            deferred,
            assumed: self.assumed,
        }
    }

    /// What a strategy fails besides its own: its offer's constraints and
    /// the budget.
    pub(super) fn finish(&self, s: &mut Strategy, offer_fails: u16) {
        let a = self.inputs;
        s.fails |= offer_fails;
        if let Some(b) = self.budget {
            if s.fails & Exclusion::NoPrice.bit() == 0 && budget_metric(s, a.budget_basis) > b {
                s.fails |= Exclusion::Budget.bit();
                // within what the highest month could be: unknown, never passed
                if a.budget_basis == BudgetBasis::Monthly && s.peak_month <= b {
                    s.fails |= Exclusion::CashTiming.bit();
                }
            }
        }
    }
}

/// An offer with no priced strategy, failing `fails`.
pub(super) fn placeholder(o: &Offer, fails: u16, months: u32) -> Strategy {
    Strategy {
        offer: o.id.clone(),
        model: BillingModel::OnDemand,
        mix_baseline: None,
        decision_cost: Decimal::ZERO,
        paid: Decimal::ZERO,
        still_owed: Decimal::ZERO,
        upfront: Decimal::ZERO,
        peak_month: Decimal::ZERO,
        cash_timing_known: true,
        peak_month_max: Decimal::ZERO,
        committed: Decimal::ZERO,
        instances: 0,
        gpus: 0,
        job_hours: None,
        complete: false,
        missing: Vec::new(),
        indicative: false,
        assumed: false,
        monthly_from_upfront: false,
        negotiated: false,
        own_spot_rate: None,
        months,
        age: None,
        fails,
    }
}

/// What a budget is tested against: the highest month's cash (its highest
/// possible value when the timing is unknown: never a guess), or the
/// decision cost.
pub(super) fn budget_metric(s: &Strategy, basis: BudgetBasis) -> Decimal {
    match basis {
        BudgetBasis::Monthly => s.peak_month_max,
        BudgetBasis::Total => s.decision_cost,
    }
}
