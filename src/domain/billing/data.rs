//! Data charges (the same for every billing model of an offer; volumes are
//! totals, not per instance, but for the boot disk and the public address:
//! `bd` GB and `ip` addresses per instance).
//!
//! * Egress per GB (tiered, free allowances as zero-priced first tiers,
//!   `eg`), cross-region per GB (`xr`), storage per GB-month (`st`, plus
//!   `bd` GB of boot disk per instance, at the same rate), and `ip` public
//!   IPv4 addresses per instance per address-hour, for the instance's hours
//!   a month (`h`; a job's hours when a job is priced).
//! * The rate is the catalog's for the offer's region; else the user's
//!   (`ur=provider:region:kind~rate`, flat, in the region's billing
//!   currency); else the catalog's for another region of the provider in the
//!   same region group *and* currency (notice `usage_rate_fallback`); else
//!   the charge is **missing** and the result incomplete.
//! * Fixed-bandwidth mode (`bw > 0` and a bandwidth rate exists): `bw`
//!   Mbps-months are charged on the bandwidth tiers and internet egress GB
//!   are not charged separately.
//! * Usage rates are in their own currency: each charge is converted into
//!   the display currency once, when computed.
//! * A missing charge carries its bound ([`RateBound`]): the volume at the
//!   highest published rate of its kind (the provider's own, any region;
//!   else any provider's), converted the same way. Results are ranked on
//!   what is priced plus that bound (`crate::domain::compare_basis`).
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::{user_price_currency, Fx};
use crate::domain::catalog::{
    as_of_days, Catalog, Currency, Offer, ProviderId, Region, RegionCode, UsageKind, UsageRate,
};
use crate::domain::error::EngineError;
use crate::domain::money::{add, mul, round_money, sub};
use crate::domain::scenario::{Scenario, UsageRateKey};

/// Remarks on an offer's data charges. Stable codes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum QuoteNotice {
    /// No usage rate for the offer's region; another region's of the same
    /// provider, region group and currency was used.
    UsageRateFallback { kind: UsageKind, region: RegionCode },
    /// The user's rate for this region was used (`ur=`).
    UsageRateUser { kind: UsageKind },
    /// Fixed-bandwidth mode: internet egress GB are included in the bandwidth.
    EgressInBandwidth,
}

/// A charge the result needs but the catalog has no rate for (and the user
/// entered none): the result is incomplete; it is ranked on what is priced
/// plus `bound` (`crate::domain::compare_basis`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissingRate {
    pub kind: UsageKind,
    pub provider: ProviderId,
    pub region: RegionCode,
    /// Units a month the charge is for, in the rate's unit.
    pub quantity: Decimal,
    /// The most the charge can cost a month; None when no provider
    /// publishes a rate of this kind (unbounded, never taken as 0).
    pub bound: Option<RateBound>,
}

/// The bound of a missing charge: the scenario's volume of its kind at the
/// highest rate published for that kind, preferring the same provider's
/// (any region) to any provider's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateBound {
    /// The rate taken: the highest tier price of that rate, per unit, in
    /// `currency`.
    pub rate: Decimal,
    pub currency: Currency,
    /// Where the rate is published.
    pub provider: ProviderId,
    pub region: RegionCode,
    /// Volume × rate per month, in the display currency (rounded).
    pub monthly: Decimal,
}

/// One data charge of an offer per month (display currency, rounded): a
/// line of the bill, with what it is made of, and what incomplete results
/// are compared on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataCharge {
    pub kind: UsageKind,
    pub monthly: Decimal,
    /// Units charged a month, in the rate's unit (GB, GB-months,
    /// Mbps-months, address-hours).
    pub quantity: Decimal,
    /// The rate per unit, in `currency`, when it is one figure (None: tiers).
    pub rate: Option<Decimal>,
    pub currency: Currency,
    /// The catalog rate's source id and date; None for the user's rate (`ur`).
    pub source: Option<(String, String)>,
    /// The region whose rate was taken when the offer's has none
    /// (notice `usage_rate_fallback`).
    pub from_region: Option<RegionCode>,
    /// Your negotiated discount went into `monthly` (the rate is list).
    pub negotiated: bool,
}

/// An offer's data charges per month, what is missing, and the oldest date
/// of the catalog rates used.
pub(crate) struct DataMonthly {
    /// Full precision.
    pub total: Decimal,
    pub notices: Vec<QuoteNotice>,
    pub missing: Vec<MissingRate>,
    /// Per kind, rounded to cents (each priced kind with a volume).
    pub charges: Vec<DataCharge>,
    /// The oldest `as_of` of the catalog usage rates used.
    pub oldest_as_of: Option<std::sync::Arc<str>>,
}

/// Tiered charge: `qty` units against ascending cumulative tiers.
pub fn tiered(rate: &UsageRate, qty: Decimal) -> Result<Decimal, EngineError> {
    let mut total = Decimal::ZERO;
    let mut lower = Decimal::ZERO;
    for t in &rate.tiers {
        if qty <= lower {
            break;
        }
        let upper = match t.up_to {
            Some(u) => Decimal::from(u).min(qty),
            None => qty,
        };
        if upper > lower {
            total = add(total, mul(sub(upper, lower)?, t.price)?)?;
            lower = upper;
        }
        if t.up_to.is_none() {
            break;
        }
    }
    Ok(total)
}

/// Where a usage rate comes from.
enum RateFound<'a> {
    Catalog(&'a UsageRate, bool),
    User(Decimal),
    Missing,
}

fn find_rate<'a>(
    catalog: &'a Catalog,
    scenario: &Scenario,
    offer: &Offer,
    region: Option<&Region>,
    kind: UsageKind,
) -> RateFound<'a> {
    let mut fallback = None;
    for r in &catalog.usage_rates {
        if r.provider == offer.provider && r.kind == kind {
            if r.region == offer.region {
                return RateFound::Catalog(r, false);
            }
            let same_kind_of_region = match (region, catalog.region(r.provider, &r.region)) {
                (Some(a), Some(b)) => a.group == b.group && a.billing_currency() == r.currency,
                _ => false,
            };
            if fallback.is_none() && same_kind_of_region {
                fallback = Some(r);
            }
        }
    }
    let key = UsageRateKey {
        provider: offer.provider,
        region: offer.region.clone(),
        kind,
    };
    if let Some(v) = scenario.user_usage_rates.get(key.code().as_str()) {
        return RateFound::User(*v);
    }
    match fallback {
        Some(r) => RateFound::Catalog(r, true),
        None => RateFound::Missing,
    }
}

/// The bound of a missing charge of `qty` units of `kind` a month (see
/// [`RateBound`]): the provider's highest rate of that kind, else the
/// highest of any provider (a zero rate, a fee documented as none, is no
/// bound), compared by what `qty` costs at it in the
/// display currency; the first of equals in catalog order. None when no
/// provider publishes one.
fn highest_rate(
    catalog: &Catalog,
    provider: ProviderId,
    kind: UsageKind,
    qty: Decimal,
    fx: Fx,
) -> Result<Option<RateBound>, EngineError> {
    // (own provider's best, any provider's best)
    let mut best: [Option<RateBound>; 2] = [None, None];
    for r in catalog.usage_rates.iter().filter(|r| r.kind == kind) {
        // a documented no-fee rate bounds nothing where it is not documented
        let Some(rate) = r
            .tiers
            .iter()
            .map(|t| t.price)
            .max()
            .filter(|p| !p.is_zero())
        else {
            continue;
        };
        let monthly = round_money(fx.conv(mul(qty, rate)?, r.currency)?);
        for (k, b) in best.iter_mut().enumerate() {
            if (k == 1 || r.provider == provider) && b.as_ref().is_none_or(|b| monthly > b.monthly)
            {
                *b = Some(RateBound {
                    rate,
                    currency: r.currency,
                    provider: r.provider,
                    region: r.region.clone(),
                    monthly,
                });
            }
        }
    }
    let [own, any] = best;
    Ok(own.or(any))
}

/// Monthly data cost of an offer run on `instances` instances (full
/// precision), its notices and the charges no rate exists for.
pub(crate) fn monthly(
    scene: &super::Scene,
    offer: &Offer,
    instances: u32,
) -> Result<DataMonthly, EngineError> {
    let (catalog, scenario, fx) = (scene.catalog, scene.scenario, scene.fx);
    let d = &scenario.data;
    let nd = scene.negotiated[offer.provider.index()].data();
    let mut total = Decimal::ZERO;
    let mut notices = Vec::new();
    let mut missing = Vec::new();
    let mut charges = Vec::new();
    let mut oldest: Option<&str> = None;
    let region = catalog.region(offer.provider, &offer.region);
    let region_currency = region
        .map(|r| r.billing_currency())
        .unwrap_or_else(|| user_price_currency(offer));
    let mut charge = |kind: UsageKind, qty: Decimal, notices: &mut Vec<QuoteNotice>| {
        if qty <= Decimal::ZERO {
            return Ok::<bool, EngineError>(false);
        }
        match find_rate(catalog, scenario, offer, region, kind) {
            RateFound::Catalog(r, fb) => {
                if fb {
                    notices.push(QuoteNotice::UsageRateFallback {
                        kind,
                        region: r.region.clone(),
                    });
                }
                let c = super::negotiated(nd, fx.conv(tiered(r, qty)?, r.currency)?)?;
                total = add(total, c)?;
                charges.push(DataCharge {
                    kind,
                    monthly: round_money(c),
                    quantity: qty,
                    rate: match r.tiers.as_slice() {
                        [t] => Some(t.price),
                        _ => None,
                    },
                    currency: r.currency,
                    source: Some((r.source.clone(), r.as_of.clone())),
                    from_region: fb.then(|| r.region.clone()),
                    negotiated: nd.is_some(),
                });
                if oldest.is_none_or(|o| older(&r.as_of, o)) {
                    oldest = Some(&r.as_of);
                }
                Ok(true)
            }
            RateFound::User(rate) => {
                notices.push(QuoteNotice::UsageRateUser { kind });
                let c = fx.conv(mul(qty, rate)?, region_currency)?;
                total = add(total, c)?;
                charges.push(DataCharge {
                    kind,
                    monthly: round_money(c),
                    quantity: qty,
                    rate: Some(rate),
                    currency: region_currency,
                    source: None,
                    from_region: None,
                    negotiated: false,
                });
                Ok(true)
            }
            RateFound::Missing => {
                missing.push(MissingRate {
                    kind,
                    provider: offer.provider,
                    region: offer.region.clone(),
                    quantity: qty,
                    bound: highest_rate(catalog, offer.provider, kind, qty, fx)?,
                });
                Ok(false)
            }
        }
    };
    let bw_mode = d.bandwidth_mbps > Decimal::ZERO
        && charge(
            UsageKind::BandwidthPerMbpsMonth,
            d.bandwidth_mbps,
            &mut notices,
        )?;
    if bw_mode {
        if d.egress_gb > Decimal::ZERO {
            notices.push(QuoteNotice::EgressInBandwidth);
        }
    } else {
        charge(UsageKind::EgressPerGb, d.egress_gb, &mut notices)?;
    }
    charge(UsageKind::InterRegionPerGb, d.cross_region_gb, &mut notices)?;
    // the storage kept and each instance's boot disk, at one rate
    let boot = mul(d.boot_disk_gb, Decimal::from(instances))?;
    charge(
        UsageKind::StoragePerGbMonth,
        add(d.storage_gb, boot)?,
        &mut notices,
    )?;
    // each instance's public address, for the hours it runs
    let addresses = Decimal::from(u64::from(d.public_ipv4) * u64::from(instances));
    charge(
        UsageKind::PublicIpv4PerHour,
        mul(addresses, scenario.hours_per_month)?,
        &mut notices,
    )?;
    Ok(DataMonthly {
        total,
        notices,
        missing,
        charges,
        oldest_as_of: oldest.map(std::sync::Arc::from),
    })
}

/// Is date `a` older than `b` (unreadable dates count as oldest)?
pub(crate) fn older(a: &str, b: &str) -> bool {
    match (as_of_days(a), as_of_days(b)) {
        (Some(x), Some(y)) => x < y,
        (None, Some(_)) => true,
        _ => false,
    }
}
