//! What the checks and scores read of an offer: its facts (GPU, memory,
//! throughput, the provider's stated claims and SLA, whether it is of the
//! articles' pick's family) and the constraints it fails before any price.
//! Apart from the pricing: nothing here reads a rate or the horizon.
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;

use super::*;
use crate::domain::catalog::{
    Catalog, Gpu, Network, Offer, Provider, Sla, SlaScope, Stack, UsageKind,
};
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::tco::MissingRate;

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
    /// Charge kinds it lacks, and the same rates with their bounds (an
    /// incomplete result's cost is ranked on what is priced plus them).
    pub(super) missing: Vec<UsageKind>,
    pub(super) rates: Vec<MissingRate>,
    /// Its place in the order of the pool's offer ids (equal ids, equal
    /// places; [`place_ids`]): the ranking breaks ties on it.
    pub(super) id_place: u32,
    /// Its GPUs linked by NVLink ([`Offer::has_nvlink`]), read once: the
    /// picks compare it for every ranked offer.
    pub(super) nvlink: bool,
    /// Sold as a Capacity Block ([`Offer::capacity_block`]), read once:
    /// each horizon prices its block again.
    pub(super) sells_block: bool,
}

/// Each offer's place in the order of their ids ([`OfferFacts::id_place`]).
pub(super) fn place_ids(offers: &mut [OfferFacts]) {
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
/// per pool: every offer of a GPU has the same, and converting it for each
/// offer was costly (figures: docs/PERFORMANCE.md).
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
    let nvlink = o.has_nvlink(gpu);
    if a.needs(Need::NvLink) && !nvlink {
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
        rates: Vec::new(),
        id_place: 0,
        nvlink,
        sells_block: o.capacity_block().is_some(),
    }
}

/// True when the offer is of the family the articles pick for `p`
/// (family names compared without case and `_`: `NDasrA100_v4`,
/// `NDasrA100v4`).
pub(super) fn in_family(p: Profile, o: &Offer) -> bool {
    let (prov, family) = p.article_pick();
    let norm = |f: &str| f.replace('_', "").to_ascii_lowercase();
    o.provider == prov && norm(&o.family) == norm(family)
}
