//! What the advise screen asks (the three steps) beyond the shared
//! scenario, the scenario profiles that fill them in, and the articles'
//! four profiles as presets. Pure data: the link keys are
//! [`super::keys::ADVISE_KEYS`].
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::{AcceleratorUse, Currency, ProviderId, RegionGroup};
use crate::domain::codes::code_enum;
use crate::domain::money::Money;
use crate::domain::scenario::Scenario;

code_enum! {
    /// Step 1: what the GPUs are for. Choosing one fills in its defaults
    /// ([`apply_use_case`]); every value stays editable.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum UseCase {
        Vision = "cv",
        LlmPretrain = "llm",
        FineTune = "ft",
        Inference = "inf",
        ResearchLab = "lab",
        Startup = "startup",
        Enterprise = "ent",
        GameAi = "game",
        /// The shared scenario's job (the plan screen's `jk` …): costs and
        /// hours per job instead of per month.
        Job = "job",
    }
}

code_enum! {
    /// Where the servers must be.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
    #[serde(rename_all = "snake_case")]
    pub enum Residency {
        #[default]
        Any = "any",
        /// Mainland China regions only.
        Mainland = "cn",
        /// Hong Kong regions only.
        HongKong = "hk",
        /// Outside mainland China (Hong Kong included).
        Overseas = "intl",
    }
}

code_enum! {
    /// A hard need (the link's `req` list).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Need {
        /// NVLink between the GPUs of an instance.
        NvLink = "nvlink",
        /// Multi-node RDMA (EFA / InfiniBand) as the offer's network fact states it.
        Rdma = "rdma",
        /// An ICP filing (public service in mainland China): mainland
        /// servers with a provider that has a sourced filing path.
        Icp = "icp",
        /// A published availability SLA of at least `slap` % (dated; for one
        /// instance the single-instance figure, for several the multi-zone
        /// one); spot capacity can be reclaimed, so spot and spot mixes are
        /// ruled out.
        Sla = "sla",
    }
}

code_enum! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Framework {
        PyTorch = "pytorch",
        TensorFlow = "tensorflow",
        Paddle = "paddle",
        MindSpore = "mindspore",
    }
}

code_enum! {
    /// A managed ML platform wanted: any, or a named one.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Platform {
        Any = "any",
        SageMaker = "sagemaker",
        AzureMl = "azureml",
        Pai = "pai",
        TiOne = "tione",
    }
}

code_enum! {
    /// Step 3: how much spot interruption the work can take.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
    #[serde(rename_all = "snake_case")]
    pub enum SpotTolerance {
        /// No spot at all.
        No = "no",
        /// Spot only for the burst share of a mix (the baseline is not spot).
        #[default]
        Mix = "mix",
        /// Spot alone is fine (checkpointed, restartable work).
        Yes = "yes",
    }
}

code_enum! {
    /// Step 3: steady or bursty load.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
    #[serde(rename_all = "snake_case")]
    pub enum Load {
        #[default]
        Steady = "steady",
        /// Peaks above a baseline: a committed baseline with a spot burst
        /// share is considered, and money still owed after the horizon
        /// weighs twice as much in the risk score.
        Bursty = "bursty",
    }
}

code_enum! {
    /// Step 2: what the budget limits.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
    #[serde(rename_all = "snake_case")]
    pub enum BudgetBasis {
        /// The highest month's cash (an upfront payment counts in its month).
        #[default]
        Monthly = "m",
        /// The decision cost: paid within the horizon plus still owed.
        Total = "t",
    }
}

code_enum! {
    /// The articles' four profiles ("unlimited budget: AWS P4d; value with
    /// domestic compliance: Aliyun GN7; mixed load and game AI: Tencent
    /// GN10X; enterprise stability: Azure NDv4").
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Profile {
        Unlimited = "unlimited",
        Domestic = "domestic",
        GameMixed = "game",
        Enterprise = "enterprise",
    }
}

impl Profile {
    /// The articles' pick: provider and instance family.
    pub fn article_pick(self) -> (ProviderId, &'static str) {
        match self {
            Profile::Unlimited => (ProviderId::Aws, "p4d"),
            Profile::Domestic => (ProviderId::Alibaba, "gn7"),
            Profile::GameMixed => (ProviderId::Tencent, "GN10X"),
            Profile::Enterprise => (ProviderId::Azure, "NDasrA100_v4"),
        }
    }
}

/// Score weights, each 0–100 (relative: only their ratios matter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Weights {
    pub cost: u32,
    pub perf: u32,
    pub eco: u32,
    pub risk: u32,
}

pub const MAX_WEIGHT: u32 = 100;

impl Default for Weights {
    fn default() -> Self {
        Weights {
            cost: 50,
            perf: 20,
            eco: 15,
            risk: 15,
        }
    }
}

impl Weights {
    pub fn sum(self) -> u32 {
        self.cost + self.perf + self.eco + self.risk
    }
}

/// The advise screen's own inputs (the shared scenario holds the rest:
/// GPUs, total memory, hours, months, filters, currency, spot settings).
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct AdviceInputs {
    pub use_case: Option<UseCase>,
    /// Budget in its own currency (converted at the scenario's rate).
    pub budget: Option<Money>,
    pub budget_basis: BudgetBasis,
    /// GPU memory per GPU, GB.
    pub gpu_memory_gb: Option<u32>,
    /// Hard needs, in [`Need::ALL`] order, no duplicates.
    pub needs: Vec<Need>,
    pub residency: Residency,
    pub framework: Option<Framework>,
    /// None = no managed platform wanted.
    pub platform: Option<Platform>,
    pub spot: SpotTolerance,
    pub load: Load,
    pub weights: Weights,
    /// The articles' profile the inputs came from (compared with their pick).
    pub profile: Option<Profile>,
    /// The monthly uptime an SLA need asks for, % (None = [`DEFAULT_SLA_PCT`]).
    pub sla_pct: Option<Decimal>,
}

/// The SLA an `sla` need asks for when `slap` is not given: 99.9 %, the
/// figure the articles argue about.
pub const DEFAULT_SLA_PCT: Decimal = Decimal::from_parts(999, 0, 0, false, 1);

impl UseCase {
    /// What the accelerators must be able to do for this use case (None:
    /// either; a job: its kind's).
    pub fn needs_use(
        self,
        job: Option<crate::domain::scenario::JobKind>,
    ) -> Option<AcceleratorUse> {
        use UseCase::*;
        match self {
            Vision | LlmPretrain | FineTune | ResearchLab => Some(AcceleratorUse::Training),
            Inference => Some(AcceleratorUse::Inference),
            Startup | Enterprise | GameAi => None,
            Job => job.map(crate::domain::job::job_use),
        }
    }
}

impl AdviceInputs {
    pub fn needs(&self, n: Need) -> bool {
        self.needs.contains(&n)
    }

    /// The SLA percentage an `sla` need asks for.
    pub fn sla_need_pct(&self) -> Decimal {
        self.sla_pct.unwrap_or(DEFAULT_SLA_PCT)
    }

    /// Set or clear a need, keeping the list in order.
    pub fn set_need(&mut self, n: Need, on: bool) {
        let had = self.needs.clone();
        self.needs = Need::ALL
            .into_iter()
            .filter(|x| if *x == n { on } else { had.contains(x) })
            .collect();
    }
}

fn d(n: u32) -> Decimal {
    Decimal::from(n)
}

/// Fill in a scenario profile's defaults (step 1). Replaces the needs,
/// memory, GPU count, hours, load, spot tolerance and weights with the
/// profile's; keeps the budget, horizon, residency, framework and filters.
pub fn apply_use_case(u: UseCase, sc: &mut Scenario, a: &mut AdviceInputs) {
    use UseCase::*;
    a.use_case = Some(u);
    a.profile = None;
    // (GPUs, GB per GPU, h/month, needs, load, spot, weights cost/perf/eco/risk)
    let (gpus, mem, hours, needs, load, spot, w): (u32, u32, u32, &[Need], _, _, [u32; 4]) = match u
    {
        Vision => (
            8,
            24,
            400,
            &[],
            Load::Bursty,
            SpotTolerance::Yes,
            [55, 25, 10, 10],
        ),
        LlmPretrain => (
            8,
            80,
            730,
            &[Need::NvLink, Need::Rdma],
            Load::Steady,
            SpotTolerance::No,
            [40, 40, 10, 10],
        ),
        FineTune => (
            4,
            80,
            200,
            &[Need::NvLink],
            Load::Bursty,
            SpotTolerance::Yes,
            [55, 25, 10, 10],
        ),
        Inference => (
            1,
            24,
            730,
            &[Need::Sla],
            Load::Steady,
            SpotTolerance::No,
            [50, 15, 10, 25],
        ),
        ResearchLab => (
            8,
            40,
            300,
            &[],
            Load::Bursty,
            SpotTolerance::Yes,
            [60, 25, 10, 5],
        ),
        Startup => (
            8,
            40,
            500,
            &[],
            Load::Bursty,
            SpotTolerance::Mix,
            [60, 15, 10, 15],
        ),
        Enterprise => (
            8,
            40,
            730,
            &[Need::NvLink, Need::Sla],
            Load::Steady,
            SpotTolerance::No,
            [30, 20, 20, 30],
        ),
        // the plan screen's job, or ResNet-50 to start from; the rest stays
        Job => {
            if sc.job.is_none() {
                sc.job = Some(crate::domain::scenario::JobSpec::new(
                    crate::domain::scenario::JobKind::Resnet50,
                ));
            }
            return;
        }
        GameAi => (
            8,
            16,
            500,
            &[],
            Load::Bursty,
            SpotTolerance::Mix,
            [50, 20, 10, 20],
        ),
    };
    sc.min_gpus = gpus;
    sc.hours_per_month = d(hours);
    a.gpu_memory_gb = Some(mem);
    a.needs = needs.to_vec();
    a.load = load;
    a.spot = spot;
    a.weights = Weights {
        cost: w[0],
        perf: w[1],
        eco: w[2],
        risk: w[3],
    };
}

/// The articles' profile as inputs: the situation each pick was written
/// for, never the pick itself (the ranking decides).
pub fn apply_profile(p: Profile, sc: &mut Scenario, a: &mut AdviceInputs) {
    *a = AdviceInputs::default();
    sc.region_groups.clear();
    sc.regions.clear();
    sc.providers.clear();
    sc.gpu_models.clear();
    sc.offers = None;
    sc.min_vram_gb = None;
    sc.months = 12;
    match p {
        Profile::Unlimited => {
            // "unlimited budget": no budget, performance first
            apply_use_case(UseCase::LlmPretrain, sc, a);
            a.gpu_memory_gb = Some(40);
            a.weights = Weights {
                cost: 10,
                perf: 60,
                eco: 15,
                risk: 15,
            };
        }
        Profile::Domestic => {
            // "value with domestic compliance": mainland servers with an
            // ICP filing path, cost first
            apply_use_case(UseCase::Vision, sc, a);
            a.residency = Residency::Mainland;
            a.set_need(Need::Icp, true);
            a.gpu_memory_gb = Some(32);
            sc.hours_per_month = d(730);
            a.load = Load::Steady;
            a.spot = SpotTolerance::No;
            a.weights = Weights {
                cost: 60,
                perf: 20,
                eco: 10,
                risk: 10,
            };
        }
        Profile::GameMixed => {
            // "mixed load and game AI": mainland players, bursty load
            apply_use_case(UseCase::GameAi, sc, a);
            a.residency = Residency::Mainland;
            a.gpu_memory_gb = Some(32);
        }
        Profile::Enterprise => {
            // "enterprise stability": SLA, no spot, a managed platform,
            // a three-year horizon
            apply_use_case(UseCase::Enterprise, sc, a);
            a.platform = Some(Platform::Any);
            sc.months = 36;
        }
    }
    a.profile = Some(p);
}

/// The budget converted into the display currency.
pub fn budget_in(a: &AdviceInputs, to: Currency, cny_per_usd: Decimal) -> Option<Decimal> {
    let m = a.budget?;
    m.convert(to, cny_per_usd).ok().map(|m| m.amount())
}

/// Region-group test of a residency (Hong Kong is told by the region's name).
pub fn residency_ok(r: Residency, group: RegionGroup, region_name_en: &str) -> bool {
    let hk = region_name_en.contains("Hong Kong");
    match r {
        Residency::Any => true,
        Residency::Mainland => group == RegionGroup::MainlandChina,
        Residency::HongKong => hk,
        Residency::Overseas => group != RegionGroup::MainlandChina,
    }
}
