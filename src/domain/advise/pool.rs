//! The candidates: every offer the filters match, the hard constraints it
//! fails, and its priced strategies (see the module docs of `advise`).
use super::*;
use crate::domain::billing::assumed::AssumedRates;
use crate::domain::billing::cashflow::{from_cents, CashFlow, Settled};
use crate::domain::billing::Scene;
use crate::domain::catalog::{Gpu, Network, Sla, SlaScope, Stack, UsageKind};
use crate::domain::tco::{DataCharge, OfferPricing, Settlement};

/// Facts about an offer the checks and scores need.
#[derive(Clone)]
pub(super) struct OfferFacts<'a> {
    pub(super) offer: &'a Offer,
    pub(super) gpu: Option<&'a Gpu>,
    pub(super) per_gpu_gb: Option<u32>,
    pub(super) tflops: Option<Decimal>,
    /// The ecosystem score: the share of the wanted claims the provider's
    /// facts state for this accelerator's stack.
    pub(super) eco: Decimal,
    pub(super) fails: u16,
    /// The provider's SLA figure checked (the deployment's scope), when an
    /// SLA is asked for.
    pub(super) sla: Option<&'a Sla>,
    /// Billing models asked for that the offer cannot price.
    pub(super) unpriced: Vec<BillingModel>,
    /// Charge kinds it lacks and its data charges per month (comparisons
    /// of incomplete results).
    pub(super) missing: Vec<UsageKind>,
    pub(super) charges: Vec<DataCharge>,
    /// Its place in the order of the pool's offer ids (equal ids, equal
    /// places; [`place_ids`]): the ranking breaks ties on it.
    pub(super) id_place: u32,
}

/// Each offer's place in the order of their ids ([`OfferFacts::id_place`]).
fn place_ids(offers: &mut [OfferFacts]) {
    let mut by_id: Vec<usize> = (0..offers.len()).collect();
    by_id.sort_unstable_by(|&a, &b| offers[a].offer.id.as_str().cmp(offers[b].offer.id.as_str()));
    let mut place = 0;
    for k in 0..by_id.len() {
        if k > 0 && offers[by_id[k]].offer.id != offers[by_id[k - 1]].offer.id {
            place += 1;
        }
        offers[by_id[k]].id_place = place;
    }
}

impl OfferFacts<'_> {
    pub(super) fn stack(&self) -> Option<Stack> {
        self.gpu.and_then(|g| g.stack)
    }

    pub(super) fn net(&self) -> Option<&Network> {
        self.offer.net.as_ref()
    }
}

/// The provider's fact stating a claim for an accelerator stack.
pub(super) fn provider_claim<'a>(
    p: Option<&'a Provider>,
    stack: Option<Stack>,
    claim: &str,
) -> Option<&'a crate::domain::catalog::Fact> {
    p?.facts
        .iter()
        .find(|f| f.holds_for(stack) && f.claims.iter().any(|c| c == claim))
}

/// The provider's fact stating a wanted item for an accelerator stack: a
/// claim, or (`mlp:`) any claim of that kind.
pub(super) fn stated<'a>(
    p: Option<&'a Provider>,
    stack: Option<Stack>,
    wanted: &str,
) -> Option<&'a crate::domain::catalog::Fact> {
    match wanted.strip_suffix(':') {
        Some(_) => p?
            .facts
            .iter()
            .find(|f| f.holds_for(stack) && f.claims.iter().any(|c| c.starts_with(wanted))),
        None => provider_claim(p, stack, wanted),
    }
}

pub(super) fn platform_claim(pl: Platform) -> &'static str {
    match pl {
        Platform::Any => "mlp:",
        Platform::SageMaker => "mlp:sagemaker",
        Platform::AzureMl => "mlp:azureml",
        Platform::Pai => "mlp:pai",
        Platform::TiOne => "mlp:tione",
    }
}

pub(super) fn framework_claim(f: Framework) -> &'static str {
    match f {
        Framework::PyTorch => "fw:pytorch",
        Framework::TensorFlow => "fw:tensorflow",
        Framework::Paddle => "fw:paddle",
        Framework::MindSpore => "fw:mindspore",
    }
}

/// The wanted ecosystem items (claim prefixes / claims).
pub(super) fn wanted(a: &AdviceInputs) -> Vec<&'static str> {
    let mut w = Vec::new();
    if let Some(f) = a.framework {
        w.push(framework_claim(f));
    }
    if let Some(p) = a.platform {
        w.push(platform_claim(p));
    }
    w.push("dl:images");
    w
}

/// The SLA scope a deployment of `instances` instances can claim: one
/// instance its single-instance figure; several, spread across zones, the
/// multi-zone one.
pub(super) fn sla_scope(instances: u32) -> SlaScope {
    if instances > 1 {
        SlaScope::MultiZone
    } else {
        SlaScope::SingleInstance
    }
}

/// Each GPU's datasheet dense FP16 TFLOPS as a decimal (1 dp), read once
/// per pool: every offer of a GPU has the same (`Decimal::from_f64` for
/// each offer was ~2 % of an advice at 10×).
#[derive(Default)]
pub(super) struct Tflops<'a>(Vec<(&'a Gpu, Option<Decimal>)>);

impl<'a> Tflops<'a> {
    fn of(&mut self, g: &'a Gpu) -> Option<Decimal> {
        if let Some((_, t)) = self.0.iter().find(|(k, _)| std::ptr::eq(*k, g)) {
            return *t;
        }
        let t = g
            .fp16_tflops_dense
            .filter(|t| t.is_finite() && *t > 0.0)
            .and_then(Decimal::from_f64)
            .map(|t| t.round_dp(1));
        self.0.push((g, t));
        t
    }
}

pub(super) fn offer_facts<'a>(
    c: &'a Catalog,
    a: &AdviceInputs,
    sc: &Scenario,
    o: &'a Offer,
    tflops: &mut Tflops<'a>,
) -> OfferFacts<'a> {
    let gpu = c.gpu(o.gpu.as_str());
    let prov = c.provider(o.provider);
    let stack = gpu.and_then(|g| g.stack);
    let per_gpu_gb = o
        .gpu_memory_gb
        .map(|t| t / o.gpu_count.max(1))
        .or_else(|| gpu.and_then(|g| g.memory_gb));
    let tflops = gpu.and_then(|g| tflops.of(g));
    let mut fails = 0;
    let region = c.region(o.provider, o.region.as_str());
    let (group, name) = region.map_or((None, ""), |r| (Some(r.group), r.name_en.as_str()));
    if !group.is_some_and(|g| inputs::residency_ok(a.residency, g, name)) {
        fails |= Exclusion::Residency.bit();
    }
    if a.needs(Need::Icp)
        && !(group == Some(crate::domain::catalog::RegionGroup::MainlandChina)
            && provider_claim(prov, None, "icp:mainland").is_some())
    {
        fails |= Exclusion::Icp.bit();
    }
    if let Some(pl) = a.platform.filter(|p| *p != Platform::Any) {
        if provider_claim(prov, None, platform_claim(pl)).is_none() {
            fails |= Exclusion::Platform.bit();
        }
    }
    // what the accelerator is for, and the frameworks its stack runs
    let job_kind = sc.job.as_ref().map(|j| j.kind);
    if let (Some(u), Some(g)) = (a.use_case.and_then(|u| u.needs_use(job_kind)), gpu) {
        if !g.can(u) {
            fails |= Exclusion::Accelerator.bit();
        }
    }
    if let (Some(f), Some(g)) = (a.framework, gpu) {
        if g.runs_framework(framework_claim(f)) == Some(false) {
            fails |= Exclusion::Accelerator.bit();
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
    if a.needs(Need::NvLink) && !o.has_nvlink(gpu) {
        fails |= Exclusion::NvLink.bit();
    }
    if a.needs(Need::Rdma) && !o.has_rdma() {
        fails |= Exclusion::Rdma.bit();
    }
    // the SLA need against the provider's dated figure for the deployment's scope
    let sla = if a.needs(Need::Sla) {
        let instances = crate::domain::pricing::instances_needed(sc, o).unwrap_or(1);
        let s = prov.and_then(|p| p.sla(sla_scope(instances)));
        if s.is_none_or(|s| s.undated || s.pct < a.sla_need_pct()) {
            fails |= Exclusion::Sla.bit();
        }
        s
    } else {
        None
    };
    let items = wanted(a);
    let met = items
        .iter()
        .filter(|w| stated(prov, stack, w).is_some())
        .count();
    OfferFacts {
        offer: o,
        gpu,
        per_gpu_gb,
        tflops,
        eco: Decimal::from(met as u32 * 100) / Decimal::from(items.len() as u32),
        fails,
        sla,
        unpriced: Vec::new(),
        missing: Vec::new(),
        charges: Vec::new(),
        id_place: 0,
    }
}

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
fn at_horizon(s: &mut Strategy, flow: &CashFlow, t: &Settled) {
    // in cents (in Decimal, ~7 % of an advice's keystroke at 10x): an i64
    // times a u32 plus an i64 is within i128, and within the 96 bits of a
    // Decimal's mantissa (< 2^95 + 2^63)
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

/// Every strategy of every offer the filters match, with its failed
/// constraints; and the offers' facts.
#[derive(Clone)]
pub(super) struct Pool<'a> {
    /// Shared with the [`KeptPool`] it was made from (a keystroke in the
    /// months box copied them all).
    pub(super) offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
    /// Offers whose job throughput was measured (not estimated).
    pub(super) measured: Vec<OfferId>,
    /// (index into `offers`, strategy); shared with the [`KeptPool`] it
    /// was made from, which settles them again over the next horizon in
    /// place once nothing else holds them.
    pub(super) strategies: std::rc::Rc<Vec<(usize, Strategy)>>,
    /// Offers not priced yet (see [`build_pool`]), in `offers` order; each
    /// stands in `strategies` as one unpriced strategy failing what the
    /// offer fails.
    pub(super) deferred: Vec<usize>,
    /// The assumed discounts the pool was priced with (one pass over the
    /// catalog), kept for pricing its deferred offers.
    assumed: Option<Vec<AssumedRates>>,
}

/// The offer-level constraints checked before the price (the first each
/// fails is the reason it is excluded, whatever its prices).
fn before_price() -> u16 {
    [
        Exclusion::Residency,
        Exclusion::Icp,
        Exclusion::Platform,
        Exclusion::Accelerator,
        Exclusion::Memory,
        Exclusion::NvLink,
        Exclusion::Rdma,
    ]
    .into_iter()
    .fold(0, |m, e| m | e.bit())
}

/// True when the offer is of the family the articles pick for `p`
/// (family names compared without case and `_`: `NDasrA100_v4`,
/// `NDasrA100v4`).
pub(super) fn in_family(p: Profile, o: &Offer) -> bool {
    let (prov, family) = p.article_pick();
    let norm = |f: &str| f.replace('_', "").to_ascii_lowercase();
    o.provider == prov && norm(&o.family) == norm(family)
}

/// What pricing an offer's strategies needs, computed once per pool.
struct Pricer<'s> {
    catalog: &'s Catalog,
    scenario: &'s Scenario,
    inputs: &'s AdviceInputs,
    budget: Option<Decimal>,
    sp: Option<spot::SpotParams>,
    assumed: Option<Vec<AssumedRates>>,
    spot_ok: bool,
    mix_ok: bool,
}

impl<'s> Pricer<'s> {
    fn new(
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
    fn risk(&self, m: BillingModel) -> u16 {
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

    /// The priced strategies of an offer outside a job (pushed to `out`
    /// as offer `idx`; one unpriced strategy when none is), its charges,
    /// missing kinds and unpriced models noted in `f`. `scene`:
    /// [`Pricer::scene`], made on first use.
    fn price<'p>(
        &'p self,
        scene: &mut Option<Scene<'p>>,
        o: &Offer,
        instances: u32,
        idx: usize,
        f: &mut OfferFacts,
        out: &mut Vec<(usize, Strategy)>,
    ) -> Result<(), EngineError> {
        let before = out.len();
        out.extend(
            self.models(scene, o, instances, f)?
                .into_iter()
                .map(|(s, _)| (idx, s)),
        );
        self.close_offer(o, instances, idx, &f.missing, out, before)
    }

    /// An offer's priced models outside a job, each as a strategy with its
    /// cash flow; its charges, missing kinds and unpriced models noted in
    /// `f`. `scene`: [`Pricer::scene`], made on first use.
    fn models<'p>(
        &'p self,
        scene: &mut Option<Scene<'p>>,
        o: &Offer,
        instances: u32,
        f: &mut OfferFacts,
    ) -> Result<Vec<(Strategy, CashFlow)>, EngineError> {
        let sc = self.scenario;
        let scene = match scene {
            Some(s) => s,
            None => scene.insert(self.scene()?),
        };
        // the strategies read the cash flow, never the saving against on-demand
        let p = OfferPricing::new(scene, o, instances, true)?;
        f.charges = p.charges().to_vec();
        let missing: Vec<UsageKind> = p.missing().iter().map(|m| m.kind).collect();
        let mut out = Vec::with_capacity(sc.models().len());
        for &m in sc.models() {
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
        }
        Ok(out)
    }

    /// An offer's strategies closed (those in `out[before..]`, as offer
    /// `idx`): [`Pricer::close`]'s strategy added.
    fn close_offer(
        &self,
        o: &Offer,
        instances: u32,
        idx: usize,
        missing: &[UsageKind],
        out: &mut Vec<(usize, Strategy)>,
        before: usize,
    ) -> Result<(), EngineError> {
        if let Some(s) = self.close(o, instances, missing, &out[before..])? {
            out.push((idx, s));
        }
        Ok(())
    }

    /// What closes an offer's priced strategies `own`: with a bursty load,
    /// its mix (its best commitment as the baseline, bursts on spot); one
    /// unpriced strategy when it has none; else nothing. `missing`: the
    /// offer's missing kinds.
    fn close(
        &self,
        o: &Offer,
        instances: u32,
        missing: &[UsageKind],
        own: &[(usize, Strategy)],
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
        Ok(own
            .is_empty()
            .then(|| placeholder(o, Exclusion::NoPrice.bit(), sc.months)))
    }

    /// The pool (outside a job) of these offers and strategies, each
    /// strategy failing what its offer fails and the budget.
    fn pool<'a>(
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
    fn pool_of<'a>(
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
    fn finish(&self, s: &mut Strategy, offer_fails: u16) {
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

/// The pool of the scenario and advice inputs. With `defer`, an offer
/// that fails a constraint checked before the price (residency, ICP,
/// platform, accelerator, memory, NVLink, RDMA) is not priced: nothing the
/// advice shows reads its prices (it is excluded for that constraint
/// whatever they are) but what would change the answer and the relaxations,
/// which price it first ([`Pool::completed`]). Outside a job and the
/// articles' pick's family (whose unpriced models the advice reports).
pub(super) fn build_pool<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    defer: bool,
) -> Result<Pool<'a>, EngineError> {
    sc.validate(c)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    match job_of(c, sc, a)? {
        Some(job) => job_pool(c, sc, a, &job),
        None => KeptPool::new(c, sc, a, defer, KeptPool::key(sc, a, defer))?.into_pool(sc, a),
    }
}

/// [`build_pool`], from what `kept` holds when it was made for the same
/// catalog and inputs but the horizon (else made again and kept there):
/// a keystroke in the months box then settles each kept cash flow over
/// the new horizon instead of pricing the catalog again.
pub(super) fn pool_kept<'a>(
    c: &'a Catalog,
    sc: &Scenario,
    a: &AdviceInputs,
    defer: bool,
    kept: &mut Option<KeptPool<'a>>,
) -> Result<Pool<'a>, EngineError> {
    sc.validate(c)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    if let Some(job) = job_of(c, sc, a)? {
        return job_pool(c, sc, a, &job);
    }
    let key = KeptPool::key(sc, a, defer);
    let reuse = kept
        .as_ref()
        .is_some_and(|p| std::ptr::eq(p.catalog, c) && p.key == key);
    if !reuse {
        *kept = None;
        *kept = Some(KeptPool::new(c, sc, a, defer, key)?);
    }
    match kept {
        Some(p) => p.pool(sc, a),
        None => unreachable!("made above"),
    }
}

/// The part of a pool (outside a job) that its horizon does not change:
/// the offers the filters match with their facts, those left unpriced,
/// and each priced model's strategy with its cash flow (its figures are
/// settled again over each horizon: a model's rates and charges do not
/// read it, and its cash flow reads it only as the months it runs over,
/// [`CashFlow::over`]; the shape's notices do, and no strategy keeps them). The worker keeps it from one keystroke to the
/// next; made again as soon as any other input differs ([`KeptPool::key`]).
pub struct KeptPool<'a> {
    catalog: &'a Catalog,
    key: (Scenario, AdviceInputs, bool),
    /// The horizon its strategies were made for.
    months: u32,
    offers: std::rc::Rc<Vec<OfferFacts<'a>>>,
    deferred: Vec<usize>,
    assumed: Option<Vec<AssumedRates>>,
    /// In pool order.
    items: Vec<Item<'a>>,
    /// The strategies of the last two pools made from it, each settled
    /// again in place over a later horizon once nothing else holds it
    /// ([`KeptPool::pool`]).
    spare: Vec<std::rc::Rc<Vec<(usize, Strategy)>>>,
}

/// One offer's part of [`KeptPool`].
enum Item<'a> {
    /// Its priced models (none: it has no price), each as a strategy
    /// over the horizon it was made for, with its cash flow.
    Priced {
        idx: usize,
        offer: &'a Offer,
        instances: u32,
        models: Vec<(Strategy, CashFlow)>,
    },
    /// It is not priced (deferred, or its instances can't be counted):
    /// its one strategy, whose months are set to each horizon.
    Unpriced(usize, Box<Strategy>),
}

impl<'a> KeptPool<'a> {
    /// What the kept part is made from: the scenario with its horizon put
    /// back to the default, the advice inputs, and whether it defers.
    fn key(sc: &Scenario, a: &AdviceInputs, defer: bool) -> (Scenario, AdviceInputs, bool) {
        let s = Scenario {
            months: Scenario::default().months,
            ..sc.clone()
        };
        (s, a.clone(), defer)
    }

    fn new(
        c: &'a Catalog,
        sc: &Scenario,
        a: &AdviceInputs,
        defer: bool,
        key: (Scenario, AdviceInputs, bool),
    ) -> Result<KeptPool<'a>, EngineError> {
        let pricer = Pricer::new(c, sc, a, assumed_rates(c, sc));
        let mut scene = None;
        let considered = c.offers.len();
        let mut offers = Vec::with_capacity(considered);
        let mut items = Vec::with_capacity(considered);
        let mut deferred = Vec::new();
        // the shared filters decide what is considered; every other constraint
        // is checked here, so each exclusion has its reason
        let mut tflops = Tflops::default();
        for o in c.offers.iter().filter(|o| matches(c, sc, o)) {
            let mut f = offer_facts(c, a, sc, o, &mut tflops);
            let idx = offers.len();
            items.push(
                if defer
                    && f.fails & before_price() != 0
                    && !a.profile.is_some_and(|p| in_family(p, o))
                {
                    deferred.push(idx);
                    Item::Unpriced(idx, Box::new(placeholder(o, 0, sc.months)))
                } else if let Some(instances) = crate::domain::pricing::instances_needed(sc, o) {
                    Item::Priced {
                        idx,
                        offer: o,
                        instances,
                        models: pricer.models(&mut scene, o, instances, &mut f)?,
                    }
                } else {
                    Item::Unpriced(
                        idx,
                        Box::new(placeholder(o, Exclusion::NoPrice.bit(), sc.months)),
                    )
                },
            );
            offers.push(f);
        }
        place_ids(&mut offers);
        Ok(KeptPool {
            catalog: c,
            key,
            months: sc.months,
            offers: std::rc::Rc::new(offers),
            deferred,
            assumed: pricer.assumed,
            items,
            spare: Vec::new(),
        })
    }

    /// The pool over the horizon it was made for, without copying it.
    fn into_pool(self, sc: &Scenario, a: &AdviceInputs) -> Result<Pool<'a>, EngineError> {
        let pricer = Pricer::new(self.catalog, sc, a, self.assumed);
        let mut strategies = Vec::with_capacity(self.offers.len() * (sc.models().len() + 1));
        for item in self.items {
            match item {
                Item::Unpriced(idx, s) => strategies.push((idx, *s)),
                Item::Priced {
                    idx,
                    offer,
                    instances,
                    models,
                } => {
                    let before = strategies.len();
                    strategies.extend(models.into_iter().map(|(s, _)| (idx, s)));
                    let missing = &self.offers[idx].missing;
                    pricer.close_offer(offer, instances, idx, missing, &mut strategies, before)?;
                }
            }
        }
        Ok(pricer.pool(self.offers, strategies, self.deferred))
    }

    /// The pool over the horizon of `sc` (made for the same key). Its
    /// strategies are one of the last two pools' settled again in place
    /// when nothing else holds them any more, else copied from the kept
    /// ones. (The worker drops the advice before last, and the search for
    /// what would change it, once it has answered the last: with two kept,
    /// a keystroke copies no strategy, and freeing none follows its answer.)
    fn pool(&mut self, sc: &Scenario, a: &AdviceInputs) -> Result<Pool<'a>, EngineError> {
        let pricer = Pricer::new(self.catalog, sc, a, self.assumed.clone());
        let offers = std::rc::Rc::clone(&self.offers);
        let deferred = self.deferred.clone();
        for k in 0..self.spare.len() {
            let Some(v) = std::rc::Rc::get_mut(&mut self.spare[k]) else {
                continue;
            };
            match settle_again(&self.items, &offers, &pricer, v, sc.months) {
                Ok(true) => {
                    let strategies = std::rc::Rc::clone(&self.spare[k]);
                    return Ok(pricer.pool_of(offers, strategies, deferred));
                }
                // of no use (closed otherwise at this horizon, or half settled)
                done => {
                    self.spare.remove(k);
                    done?;
                    break;
                }
            }
        }
        let strategies = self.copied(&pricer, sc.months)?;
        let pool = pricer.pool(offers, strategies, deferred);
        self.spare.insert(0, std::rc::Rc::clone(&pool.strategies));
        self.spare.truncate(2);
        Ok(pool)
    }

    /// The strategies over `months`, copied from the kept ones (not
    /// finished: [`Pricer::pool`]).
    fn copied(&self, pricer: &Pricer, months: u32) -> Result<Vec<(usize, Strategy)>, EngineError> {
        // sized once for every offer and model (a mix adds one more per offer
        // at most): growing them a push at a time copied the strategies over
        // and over (~4 % of an advice's instructions at 10x)
        let mut strategies =
            Vec::with_capacity(self.offers.len() * (pricer.scenario.models().len() + 1));
        for item in &self.items {
            match item {
                Item::Unpriced(idx, s) => strategies.push((
                    *idx,
                    Strategy {
                        months,
                        ..(**s).clone()
                    },
                )),
                Item::Priced {
                    idx,
                    offer,
                    instances,
                    models,
                } => {
                    let before = strategies.len();
                    for (s, flow) in models {
                        let mut s = s.clone();
                        if months != self.months {
                            let flow = flow.over(months);
                            s.months = months;
                            at_horizon(&mut s, &flow, &flow.settle()?);
                        }
                        strategies.push((*idx, s));
                    }
                    let missing = &self.offers[*idx].missing;
                    pricer.close_offer(
                        offer,
                        *instances,
                        *idx,
                        missing,
                        &mut strategies,
                        before,
                    )?;
                }
            }
        }
        Ok(strategies)
    }
}

/// `v`, the strategies of a pool made from `items` (and `offers`) at some
/// horizon, settled again over `months` in place and finished: each figure
/// the horizon decides written again from the kept cash flow, each
/// strategy's own failures from the kept strategy, and each offer's close
/// ([`Pricer::close`]) made again. False when an offer closes otherwise at
/// this horizon than `v` did (then `v` is of no use).
fn settle_again(
    items: &[Item],
    offers: &[OfferFacts],
    pricer: &Pricer,
    v: &mut [(usize, Strategy)],
    months: u32,
) -> Result<bool, EngineError> {
    let mut k = 0;
    for item in items {
        match item {
            Item::Unpriced(idx, s) => {
                let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                    return Ok(false);
                };
                t.months = months;
                t.fails = s.fails;
                k += 1;
            }
            Item::Priced {
                idx,
                offer,
                instances,
                models,
            } => {
                let start = k;
                for (s, flow) in models {
                    let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                        return Ok(false);
                    };
                    let flow = flow.over(months);
                    t.months = months;
                    at_horizon(t, &flow, &flow.settle()?);
                    t.fails = s.fails;
                    k += 1;
                }
                let close = pricer.close(offer, *instances, &offers[*idx].missing, &v[start..k])?;
                if let Some(c) = close {
                    let Some((_, t)) = v.get_mut(k).filter(|(i, _)| i == idx) else {
                        return Ok(false);
                    };
                    *t = c;
                    k += 1;
                }
                if v.get(k).is_some_and(|(i, _)| i == idx) {
                    return Ok(false);
                }
            }
        }
    }
    if k != v.len() {
        return Ok(false);
    }
    for (i, s) in v.iter_mut() {
        pricer.finish(s, offers[*i].fails);
    }
    Ok(true)
}

/// The pool of a job: each offer's strategies are its figures in the job
/// report (the job's own months and instances).
fn job_pool<'a>(
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
            let fails = match (&jo.hours, &jo.skip) {
                (Some(h), _) if h.fits == Some(false) => Exclusion::Memory.bit(),
                (Some(_), _) => 0,
                (None, Some(crate::domain::job::JobSkip::AcceleratorCannotRun { .. })) => {
                    Exclusion::Accelerator.bit()
                }
                (None, _) => Exclusion::NoThroughput.bit(),
            };
            if fails != 0 {
                // no figure: the reason is the throughput or memory, not the price
                unpriced = fails;
            }
            f.charges = jo.data_charges.clone();
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

impl<'a> Pool<'a> {
    /// This pool with its deferred offers priced (None when none is: the
    /// pool is complete), for what reads the strategies of excluded offers.
    /// The same as [`build_pool`] without deferring, strategy for strategy
    /// and in the same order.
    pub(super) fn completed(
        &self,
        c: &'a Catalog,
        sc: &Scenario,
        a: &AdviceInputs,
    ) -> Result<Option<Pool<'a>>, EngineError> {
        if self.deferred.is_empty() {
            return Ok(None);
        }
        let pricer = Pricer::new(c, sc, a, self.assumed.clone());
        let mut scene = None;
        let mut offers = (*self.offers).clone();
        let mut strategies = Vec::with_capacity(self.strategies.len() * (sc.models().len() + 1));
        let mut next = self.deferred.iter().peekable();
        for (i, s) in self.strategies.iter() {
            if next.next_if_eq(&i).is_none() {
                strategies.push((*i, s.clone()));
                continue;
            }
            let f = &mut offers[*i];
            let o = f.offer;
            let before = strategies.len();
            if let Some(instances) = crate::domain::pricing::instances_needed(sc, o) {
                pricer.price(&mut scene, o, instances, *i, f, &mut strategies)?;
            }
            if strategies.len() == before {
                strategies.push((*i, placeholder(o, Exclusion::NoPrice.bit(), sc.months)));
            }
            for (_, s) in &mut strategies[before..] {
                pricer.finish(s, f.fails);
            }
        }
        Ok(Some(Pool {
            offers: std::rc::Rc::new(offers),
            measured: self.measured.clone(),
            strategies: std::rc::Rc::new(strategies),
            deferred: Vec::new(),
            assumed: pricer.assumed,
        }))
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
        months,
        age: None,
        fails,
    }
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

/// What a budget is tested against: the highest month's cash (its highest
/// possible value when the timing is unknown: never a guess), or the
/// decision cost.
pub(super) fn budget_metric(s: &Strategy, basis: BudgetBasis) -> Decimal {
    match basis {
        BudgetBasis::Monthly => s.peak_month_max,
        BudgetBasis::Total => s.decision_cost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::advise::inputs::{Need, Residency};
    use crate::domain::catalog::Currency;
    use crate::domain::embedded::test_catalog;
    use crate::domain::money::Money;

    /// Deferring rests on this: the constraints it defers on are checked
    /// before the price, so an offer failing one is excluded for it
    /// whatever its prices.
    #[test]
    fn the_constraints_deferred_on_are_those_checked_before_the_price() {
        let before = Exclusion::ALL
            .into_iter()
            .filter(|e| *e != Exclusion::Filters && e.index() < Exclusion::NoPrice.index())
            .fold(0, |m, e| m | e.bit());
        assert_eq!(before_price(), before);
    }

    fn cases() -> Vec<(Scenario, AdviceInputs)> {
        let sc = |months, min_gpus| Scenario {
            months,
            min_gpus,
            ..Scenario::default()
        };
        let usd = |v: u32| Some(Money::new(Decimal::from(v), Currency::USD));
        vec![
            (
                sc(12, 8),
                AdviceInputs {
                    gpu_memory_gb: Some(40),
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(36, 1),
                AdviceInputs {
                    needs: vec![Need::NvLink, Need::Sla],
                    profile: Some(Profile::Unlimited),
                    ..AdviceInputs::default()
                },
            ),
            // nothing fits: the relaxations read the deferred offers
            (
                sc(3, 1),
                AdviceInputs {
                    residency: Residency::Mainland,
                    gpu_memory_gb: Some(500),
                    spot: SpotTolerance::Yes,
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(24, 8),
                AdviceInputs {
                    needs: vec![Need::Rdma],
                    platform: Some(Platform::SageMaker),
                    load: Load::Bursty,
                    spot: SpotTolerance::Mix,
                    budget: usd(60_000),
                    profile: Some(Profile::Domestic),
                    ..AdviceInputs::default()
                },
            ),
            // the deferred offers priced with the pool's assumed discounts
            (
                Scenario {
                    assumed_discount: Some(crate::domain::scenario::AssumedDiscount {
                        no_upfront_pct: Decimal::from(30),
                        partial_upfront_pct: None,
                        all_upfront_pct: Some(Decimal::from(45)),
                    }),
                    ..sc(36, 1)
                },
                AdviceInputs {
                    residency: Residency::Mainland,
                    ..AdviceInputs::default()
                },
            ),
            // rates the catalog lacks in some regions; offers with no spot
            // price cannot price the last model (a mix)
            (
                Scenario {
                    data: crate::domain::scenario::DataVolumes {
                        egress_gb: Decimal::from(500),
                        cross_region_gb: Decimal::from(200),
                        storage_gb: Decimal::from(1000),
                        ..Default::default()
                    },
                    ..sc(18, 2)
                },
                AdviceInputs {
                    load: Load::Bursty,
                    spot: SpotTolerance::Yes,
                    ..AdviceInputs::default()
                },
            ),
            (
                sc(6, 1),
                AdviceInputs {
                    residency: Residency::HongKong,
                    needs: vec![Need::Icp],
                    framework: Some(Framework::Paddle),
                    budget: usd(5_000),
                    budget_basis: BudgetBasis::Monthly,
                    ..AdviceInputs::default()
                },
            ),
        ]
    }

    /// The pool prices each model without dressing it as a quote's
    /// result: every strategy carries the figures the quote gives for the
    /// same offer and model (a mix: the quote of the scenario with that
    /// baseline), and each offer its unpriced models, missing kinds and
    /// charges as the quote reports them.
    #[test]
    fn the_pools_strategies_carry_the_quotes_figures() {
        use crate::domain::tco::{quote_offer, QuoteOptions};
        let c = test_catalog();
        let opts = QuoteOptions {
            lines: true,
            savings: false,
        };
        let (mut checked, mut mixes, mut lacking) = (0, 0, 0);
        for (sc, a) in &cases() {
            let pool = build_pool(c, sc, a, false).unwrap();
            let assumed = crate::domain::billing::assumed::assumed_rates(c, sc);
            let sp = spot::params(&sc.spot);
            for (i, s) in pool.strategies.iter() {
                let f = &pool.offers[*i];
                if s.instances == 0 {
                    continue; // an offer with no priced strategy
                }
                let mut q_sc = sc.clone();
                if let Some(b) = s.mix_baseline {
                    q_sc.billing_models = vec![BillingModel::Mix];
                    q_sc.mix_baseline = b;
                    mixes += 1;
                }
                let oq =
                    quote_offer(c, &q_sc, f.offer, sp.as_ref(), assumed.as_deref(), opts).unwrap();
                let q = oq.models.iter().find(|q| q.model == s.model).unwrap();
                let (peak, _) = q.peak_and_first_upfront();
                assert_eq!(Some(s.decision_cost), q.decision_cost.map(|m| m.amount()));
                assert_eq!(Some(s.paid), q.total.map(|m| m.amount()));
                assert_eq!(
                    (s.still_owed, s.upfront, s.peak_month),
                    (q.still_owed, q.upfront_total, peak)
                );
                assert_eq!(
                    (s.cash_timing_known, s.indicative, s.assumed, s.complete),
                    (q.cash_timing_known, q.indicative, q.assumed, q.complete())
                );
                assert_eq!((&s.missing, &s.age), (&q.missing_kinds(), &q.age));
                assert_eq!(f.charges, oq.data_charges);
                assert_eq!(f.missing, q.missing_kinds());
                lacking +=
                    usize::from(!f.missing.is_empty() && f.unpriced.contains(&BillingModel::Mix));
                let unpriced: Vec<BillingModel> = oq
                    .models
                    .iter()
                    .filter(|q| q.unavailable.is_some())
                    .map(|q| q.model)
                    .collect();
                if s.mix_baseline.is_none() {
                    assert_eq!(f.unpriced, unpriced);
                }
                checked += 1;
            }
        }
        assert!(
            checked > 100 && mixes > 0 && lacking > 0,
            "{checked} {mixes} {lacking}"
        );
    }

    /// The same pool: strategy for strategy, the offers' facts and what
    /// is deferred.
    fn assert_same(pool: &Pool, made: &Pool, what: &str) {
        assert_eq!(pool.strategies, made.strategies, "{what}");
        assert_eq!(pool.deferred, made.deferred, "{what}");
        for (x, y) in pool.offers.iter().zip(made.offers.iter()) {
            assert_eq!(
                (
                    x.offer.id.as_str(),
                    x.fails,
                    &x.unpriced,
                    &x.missing,
                    &x.charges
                ),
                (
                    y.offer.id.as_str(),
                    y.fails,
                    &y.unpriced,
                    &y.missing,
                    &y.charges
                ),
                "{what}"
            );
        }
    }

    /// What the worker keeps of a pool from one keystroke to the next:
    /// kept at one horizon, it gives at another the pool made there,
    /// strategy for strategy (spot, mixes, budgets of both kinds, credits,
    /// deferred offers), and the same advice; another input makes it again.
    /// Its strategies are copied while an earlier pool holds them, and
    /// settled again in place once none does (from any horizon to any
    /// other); strategies laid out otherwise are not used.
    #[test]
    fn a_pool_kept_at_one_horizon_is_the_pool_made_at_another() {
        use std::rc::Rc;
        let c = test_catalog();
        let (mut reused, mut in_place, mut refused) = (0, 0, 0);
        for (sc, a) in &cases() {
            for months in [1, 2, 7, 12, 13, 24, 36, 37, 59, 60] {
                let at = Scenario {
                    months,
                    promotions: crate::domain::scenario::Promotions {
                        credit: Some(Money::new(Decimal::from(700), Currency::USD)),
                        credit_expiry_month: Some(5),
                        first_month_discount_pct: Decimal::from(months % 3 * 10),
                        ..sc.promotions.clone()
                    },
                    ..sc.clone()
                };
                for defer in [false, true] {
                    let mut kept = None;
                    let first = Scenario {
                        months: sc.months,
                        ..at.clone()
                    };
                    let what = format!("{months} {defer} {a:?}");
                    let held = pool_kept(c, &first, a, defer, &mut kept).unwrap();
                    // the first pool holds its strategies: copied
                    let pool = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                    // kept, not made again
                    assert_eq!(kept.as_ref().map(|k| k.months), Some(sc.months));
                    reused += 1;
                    let made = build_pool(c, &at, a, defer).unwrap();
                    assert_same(&pool, &made, &what);
                    assert!(!Rc::ptr_eq(&pool.strategies, &held.strategies));
                    // once nothing holds them, the first pool's strategies
                    // settled again over this horizon
                    let place = Rc::as_ptr(&held.strategies);
                    drop(held);
                    let again = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                    assert_same(&again, &made, &what);
                    in_place += usize::from(Rc::as_ptr(&again.strategies) == place);
                    // and this horizon's, over the first one
                    let place = Rc::as_ptr(&pool.strategies);
                    drop((pool, again));
                    let back = pool_kept(c, &first, a, defer, &mut kept).unwrap();
                    assert_same(&back, &build_pool(c, &first, a, defer).unwrap(), &what);
                    in_place += usize::from(Rc::as_ptr(&back.strategies) == place);
                    drop(back);
                    // strategies laid out otherwise (one offer's close
                    // taken away) are dropped, not used
                    let p = kept.as_mut().unwrap();
                    let v = Rc::get_mut(&mut p.spare[0]).unwrap();
                    if let Some(k) = (1..v.len()).find(|&k| v[k - 1].0 != v[k].0) {
                        v.remove(k - 1);
                        let place = Rc::as_ptr(&p.spare[0]);
                        let other = pool_kept(c, &at, a, defer, &mut kept).unwrap();
                        assert_same(&other, &made, &what);
                        refused += 1;
                        let p = kept.as_ref().unwrap();
                        assert!(p.spare.iter().all(|s| Rc::as_ptr(s) != place));
                        assert!(p.spare.len() <= 2);
                    }
                }
                if months == 13 || months == 2 {
                    let mut kept = None;
                    advise_but_changes_kept(c, sc, a, &mut kept).unwrap();
                    let advice = |kept: Option<&mut Option<KeptPool>>| {
                        let (mut advice, work) = advise_from_pool(c, &at, a, true, kept).unwrap();
                        advice.changes = work.changes().unwrap();
                        advice
                    };
                    assert_eq!(advice(Some(&mut kept)), advice(None), "{months} {a:?}");
                }
            }
            // any other input: made again
            let mut kept = None;
            pool_kept(c, sc, a, true, &mut kept).unwrap();
            let more = Scenario {
                min_gpus: sc.min_gpus + 1,
                months: sc.months + 1,
                ..sc.clone()
            };
            pool_kept(c, &more, a, true, &mut kept).unwrap();
            assert_eq!(kept.as_ref().map(|k| k.months), Some(sc.months + 1));
        }
        assert!(reused > 100, "{reused}");
        assert_eq!(in_place, 2 * reused);
        assert!(refused > 100, "{refused}");
    }

    /// A pool that left offers unpriced, once completed, is the pool that
    /// priced them all, strategy for strategy; and the advice made on it
    /// (what would change its answer and the relaxations included) is the
    /// advice made on the whole pool.
    #[test]
    fn a_deferred_pool_completed_is_the_whole_pool_and_gives_the_same_advice() {
        let c = test_catalog();
        let mut deferred = 0;
        for (sc, a) in &cases() {
            let whole = build_pool(c, sc, a, false).unwrap();
            assert!(whole.deferred.is_empty());
            let lazy = build_pool(c, sc, a, true).unwrap();
            assert_eq!(lazy.offers.len(), whole.offers.len());
            deferred += lazy.deferred.len();
            let done = lazy.completed(c, sc, a).unwrap().unwrap_or(lazy.clone());
            assert_eq!(done.strategies, whole.strategies, "{a:?}");
            for (x, y) in done.offers.iter().zip(whole.offers.iter()) {
                assert_eq!(x.offer.id, y.offer.id);
                assert_eq!(x.fails, y.fails);
                assert_eq!(x.unpriced, y.unpriced);
                assert_eq!(x.missing, y.missing);
                assert_eq!(x.charges, y.charges);
            }
            let advice = |defer| {
                let (mut advice, work) = advise_from_pool(c, sc, a, defer, None).unwrap();
                advice.changes = work.changes().unwrap();
                advice
            };
            assert_eq!(advice(true), advice(false), "{a:?}");
        }
        // the cases defer something (the check is not vacuous)
        assert!(deferred > 10, "{deferred}");
    }
}
