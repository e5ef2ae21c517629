//! An offer (one instance type in one region) with its network facts and
//! its prices, and the rule that picks among several prices of one kind
//! ([`preferred`]). Apart from the catalog's GPUs, providers and regions
//! because these are what every quote reads.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::super::codes::code_enum;
use super::{Currency, Gpu, GpuId, OfferId, ProviderId, RegionCode};

code_enum! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Upfront {
        All = "all",
        Partial = "partial",
        No = "no",
    }
}

code_enum! {
    /// Multi-node RDMA an instance offers.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum RdmaKind {
        /// AWS Elastic Fabric Adapter.
        Efa = "efa",
        Infiniband = "infiniband",
        /// None stated by the sources read.
        None = "none",
    }
}

code_enum! {
    /// How the accelerators inside one instance talk to each other.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum GpuLink {
        /// One accelerator: nothing to connect.
        Single = "single",
        #[serde(rename = "nvswitch")]
        NvSwitch = "nvswitch",
        #[serde(rename = "nvlink")]
        NvLink = "nvlink",
        /// AWS NeuronLink (Trainium / Inferentia chip-to-chip; not NVLink).
        #[serde(rename = "neuronlink")]
        NeuronLink = "neuronlink",
        /// PCIe only as far as the sources state (no NVLink stated: not a denial).
        Pcie = "pcie",
        Unknown = "unknown",
    }
}

impl GpuLink {
    /// NVLink (directly or through NVSwitches) between the accelerators.
    pub fn is_nvlink(self) -> bool {
        matches!(self, GpuLink::NvLink | GpuLink::NvSwitch)
    }
}

/// An offer's network facts (supplement 2026-12, `network.csv`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Network {
    /// Network bandwidth, Gbit/s, as the provider states it (AWS baseline,
    /// Azure Ethernet NIC, Alibaba baseline, Tencent private network).
    pub gbps: Decimal,
    pub rdma: RdmaKind,
    /// InfiniBand fabric bandwidth per instance, Gbit/s, where stated (Azure ND).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fabric_gbps: Option<Decimal>,
    pub gpu_link: GpuLink,
    pub source: String,
    /// The oldest date of its fields' sources.
    pub as_of: String,
    /// The interconnect as stated and each field's source and date (full catalog only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One published price of an offer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "model", rename_all = "snake_case")]
pub enum PriceKind {
    /// On-demand / pay-as-you-go, per instance-hour.
    OnDemand { hourly: Decimal },
    /// Spot / preemptible snapshot range per instance-hour.
    Spot {
        hourly_min: Decimal,
        hourly_max: Decimal,
    },
    /// Reservation: upfront payment plus an hourly charge for every hour of the term.
    Reserved {
        term_months: u32,
        payment: Upfront,
        upfront: Decimal,
        hourly: Decimal,
    },
    /// Savings-plan rate per instance-hour under a commitment of this term.
    SavingsPlan {
        term_months: u32,
        payment: Upfront,
        hourly: Decimal,
    },
    /// Monthly subscription (包年包月), per instance-month.
    Subscription { monthly: Decimal },
    /// EC2 Capacity Block for ML: the reservation fee per instance-hour of
    /// a block of whole days (1–14 days, then weeks, at most 182 days),
    /// paid upfront when the block is bought.
    CapacityBlock { hourly: Decimal },
}

code_enum! {
    /// An AWS Spot Advisor "frequency of interruption" band: the share of
    /// instances interrupted in a month. The code is the link's (`si=lt5`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum SpotBand {
        #[serde(rename = "lt5")]
        Lt5 = "lt5",
        #[serde(rename = "5-10")]
        B5To10 = "5-10",
        #[serde(rename = "10-15")]
        B10To15 = "10-15",
        #[serde(rename = "15-20")]
        B15To20 = "15-20",
        #[serde(rename = "gt20")]
        Gt20 = "gt20",
    }
}

impl SpotBand {
    /// The monthly share the engine assumes for the band, percent: the
    /// band's upper edge (the conservative end); "> 20 %" has no published
    /// upper edge and is taken as 25 %.
    pub fn assumed_monthly_pct(self) -> Decimal {
        Decimal::from(match self {
            SpotBand::Lt5 => 5,
            SpotBand::B5To10 => 10,
            SpotBand::B10To15 => 15,
            SpotBand::B15To20 => 20,
            SpotBand::Gt20 => 25,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Price {
    #[serde(flatten)]
    pub kind: PriceKind,
    pub currency: Currency,
    /// Source id (shared: every result that cites the price clones it cheaply).
    pub source: std::sync::Arc<str>,
    pub as_of: std::sync::Arc<str>,
    /// True when this is not a list price for the bare instance (e.g. a
    /// third-party quote that includes a disk); `note` states the basis.
    #[serde(default)]
    pub indicative: bool,
    /// Lower end of a published range (e.g. Tencent's zone-dependent list
    /// prices); the value in `kind` is then the upper end. Same unit as `kind`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_min: Option<Decimal>,
    /// Set only when a source states that this spot price may exceed the
    /// on-demand price; validation then skips the spot ≤ on-demand check.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spot_exceeds_on_demand_sourced: bool,
    /// A partial-upfront reservation stored as upfront 0 + its effective
    /// hourly rate because the source does not publish the split: the term
    /// total is right, the month-by-month cash (the upfront paid at purchase)
    /// is unknown.
    #[serde(default, skip_serializing_if = "is_false")]
    pub split_unknown: bool,
    /// A spot price's AWS Spot Advisor interruption band, where the feed
    /// publishes one (the engine uses it instead of the default
    /// assumption, `billing::spot`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interruption_band: Option<SpotBand>,
    /// A spot price's published share of instances interrupted in a month,
    /// percent (0 ≤ p ≤ 99.99), where the provider publishes one per offer
    /// (Alibaba's `DescribeSpotAdvice`: the average release rate over the
    /// previous 30 days, the highest of the region's zones); never with a
    /// band. The worker's data file only: the app prices no spot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interruption_monthly_pct: Option<Decimal>,
    /// An on-demand price's published steps (Tencent's 三级阶梯价: the
    /// hourly price falls after 96 and 360 hours of an instance's use), as
    /// the provider quotes them: for the whole inquired configuration
    /// (instance and its default system disk). The engine bills step `i`
    /// at `hourly − (steps[0] − steps[i])`: the steps cover the instance
    /// alone, so the disk's share is the same in every step
    /// (`billing::steps`). Empty: one price at every hour. The worker's
    /// data file only (shared, like `source`: a clone of the price, as the
    /// app makes many, copies no list).
    #[serde(default, skip_serializing_if = "no_steps")]
    pub steps: std::sync::Arc<[Step]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One step of a stepped on-demand price: `hourly` from `from_hours` hours
/// of the instance's use until the next step's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub from_hours: u32,
    pub hourly: Decimal,
}

fn no_steps(s: &std::sync::Arc<[Step]>) -> bool {
    s.is_empty()
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// `provider:region:instance_type`, unique.
    pub id: OfferId,
    pub provider: ProviderId,
    /// Region code; must exist in `regions` for this provider.
    pub region: RegionCode,
    pub instance_type: String,
    pub family: String,
    /// GPU id; must exist in `gpus`.
    pub gpu: GpuId,
    pub gpu_count: u32,
    /// Total GPU memory as the offer states it (GB); `None` = unknown (the
    /// GPU's memory variant is not stated). Unknown never meets a VRAM need.
    #[serde(default)]
    pub gpu_memory_gb: Option<u32>,
    pub vcpu: u32,
    pub ram_gib: Decimal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_storage: Option<String>,
    /// Current prices (newest dated source per model). Empty = no sourced price.
    pub prices: Vec<Price>,
    /// Older prices superseded by newer sources, kept for history, newest
    /// first (`Catalog::from_json` sorts them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub price_history: Vec<Price>,
    /// Prices for the same SKU and region from another billing site, usually
    /// in another currency (e.g. Tencent/Aliyun international-site USD for a
    /// mainland region). Reference only; not used as the offer's price.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alt_prices: Vec<Price>,
    /// Source ids for the specs.
    pub spec_sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Network bandwidth, RDMA fabric and GPU interconnect (sourced); `None` = not in the catalog.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net: Option<Network>,
    /// The newest superseded price's date where the history itself is not
    /// here: the app's data file, whose compare table says only that date
    /// (the price is in the worker's rest, which puts it back and clears
    /// this). Read it through [`Offer::superseded_as_of`].
    #[serde(skip)]
    pub superseded_on: Option<std::sync::Arc<str>>,
}

/// The rule for an offer with several prices of one kind (e.g. a list price
/// and an indicative quote, or two subscription prices): a list price before
/// an indicative one, then the newest `as_of`, then the lowest figure (the
/// value in `kind`), then the first listed. Every part of the engine reads
/// prices through this rule.
pub fn preferred<'a>(
    prices: &'a [Price],
    is_kind: &dyn Fn(&PriceKind) -> bool,
) -> Option<&'a Price> {
    // one instance of this function for every caller (dyn): smaller wasm
    let mut best: Option<&Price> = None;
    for p in prices.iter().filter(|p| is_kind(&p.kind)) {
        if best.is_none_or(|b| p.preferred_over(b)) {
            best = Some(p);
        }
    }
    best
}

impl Price {
    /// The [`preferred`] rule between two prices of one kind.
    pub fn preferred_over(&self, other: &Price) -> bool {
        (
            self.indicative,
            std::cmp::Reverse(&*self.as_of),
            self.kind.figure(),
        ) < (
            other.indicative,
            std::cmp::Reverse(&*other.as_of),
            other.kind.figure(),
        )
    }
}

impl PriceKind {
    /// The figure used to break ties between prices of one kind.
    pub fn figure(&self) -> Decimal {
        match self {
            PriceKind::OnDemand { hourly }
            | PriceKind::Reserved { hourly, .. }
            | PriceKind::SavingsPlan { hourly, .. }
            | PriceKind::CapacityBlock { hourly } => *hourly,
            PriceKind::Spot { hourly_max, .. } => *hourly_max,
            PriceKind::Subscription { monthly } => *monthly,
        }
    }
}

code_enum! {
    /// Interconnect a filter can require (the compare screen's `fab`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Fabric {
        /// RDMA between instances (EFA or InfiniBand), as sourced.
        Rdma = "rdma",
        /// NVLink or NVSwitch between the GPUs of one instance, as sourced.
        NvLink = "nvlink",
    }
}

impl Offer {
    /// When the newest superseded price was current (its `as_of`): from
    /// the history where the catalog has it, else the app's file's date.
    pub fn superseded_as_of(&self) -> Option<&str> {
        self.price_history
            .first()
            .map(|p| &*p.as_of)
            .or(self.superseded_on.as_deref())
    }

    /// Does the offer have `f`? Only where a source states it.
    pub fn has_fabric(&self, f: Fabric, gpu: Option<&Gpu>) -> bool {
        match f {
            Fabric::Rdma => self.has_rdma(),
            Fabric::NvLink => self.has_nvlink(gpu),
        }
    }

    /// NVLink between the GPUs of one instance: the offer's sourced network
    /// fact (NVLink or NVSwitch), or, for a catalog without one, the GPU's
    /// stated interconnect. One GPU has nothing to link.
    pub fn has_nvlink(&self, gpu: Option<&Gpu>) -> bool {
        if self.gpu_count < 2 {
            return false;
        }
        match &self.net {
            Some(n) => n.gpu_link.is_nvlink(),
            None => {
                let ic = gpu
                    .map(|g| g.interconnect.to_ascii_lowercase())
                    .unwrap_or_default();
                ic.contains("nvlink") && !ic.contains("no nvlink") && !ic.contains("not in sources")
            }
        }
    }

    /// An AWS China region (Beijing, Ningxia): run by local partners, it
    /// needs a separate AWS China account, and a public site there an ICP
    /// filing (the provider's `icp:` fact says so, with its source).
    pub fn needs_china_account(&self) -> bool {
        self.provider == ProviderId::Aws && self.region.as_str().starts_with("cn-")
    }

    /// RDMA between instances (EFA or InfiniBand) as the offer's sourced
    /// network fact states it; no fact is no RDMA.
    pub fn has_rdma(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.rdma != RdmaKind::None)
    }

    /// The current on-demand price, if sourced (see [`preferred`]).
    pub fn on_demand(&self) -> Option<&Price> {
        preferred(&self.prices, &|k| matches!(k, PriceKind::OnDemand { .. }))
    }

    /// The current spot price range, if sourced (see [`preferred`]).
    pub fn spot(&self) -> Option<&Price> {
        preferred(&self.prices, &|k| matches!(k, PriceKind::Spot { .. }))
    }

    /// The current Capacity Block rate, if sourced (see [`preferred`]).
    pub fn capacity_block(&self) -> Option<&Price> {
        preferred(&self.prices, &|k| {
            matches!(k, PriceKind::CapacityBlock { .. })
        })
    }

    /// The billing currency of this offer's prices (the first price's), if priced.
    pub fn currency(&self) -> Option<Currency> {
        self.prices.first().map(|p| p.currency)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(monthly: i64, as_of: &str, indicative: bool) -> Price {
        Price {
            kind: PriceKind::Subscription {
                monthly: Decimal::from(monthly),
            },
            currency: Currency::CNY,
            source: "s".into(),
            as_of: as_of.into(),
            indicative,
            range_min: None,
            spot_exceeds_on_demand_sourced: false,
            split_unknown: false,
            interruption_band: None,
            interruption_monthly_pct: None,
            steps: Default::default(),
            note: None,
        }
    }

    #[test]
    fn preferred_price_rule() {
        let is_sub = &|k: &PriceKind| matches!(k, PriceKind::Subscription { .. });
        // a list price beats a newer indicative quote (the gn7i case:
        // 2023-06 list 4575.66 vs 2026-09-24 quote incl. disk 4675.66)
        let ps = [sub(4675, "2026-09-24", true), sub(4575, "2023-06", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(4575)
        );
        // among list prices the newest wins, whatever the order
        let ps = [sub(100, "2023-06", false), sub(120, "2026-01-21", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(120)
        );
        // same date: the lower figure, not the first listed
        let ps = [sub(130, "2026-01", false), sub(110, "2026-01", false)];
        assert_eq!(
            preferred(&ps, is_sub).unwrap().kind.figure(),
            Decimal::from(110)
        );
        assert!(preferred(&ps, &|k| matches!(k, PriceKind::OnDemand { .. })).is_none());
    }
}
