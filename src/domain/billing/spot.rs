//! Spot (`spot`) and the spot mix (`mix`).
//!
//! The interruption model (λ, loss per interruption, overhead factor `f`,
//! deadline odds) is [`crate::domain::spot`]. Here:
//!
//! * Spot costs the midpoint of the catalog's snapshot range (notice
//!   `spot_midpoint` when it is a range) × `f`: billed spot hours = `h × f`.
//!   `f` comes from the scenario's interruption rate, or, while that is the
//!   default assumption, from the spot price's own Spot Advisor band where
//!   the catalog has one (notice `spot_advisor_band`; the band taken at its
//!   upper edge, [`SpotBand::assumed_monthly_pct`](crate::domain::catalog::SpotBand::assumed_monthly_pct)),
//!   or its published monthly share (`interruption_monthly_pct`, Alibaba's
//!   `DescribeSpotAdvice`; notice `spot_published_rate`).
//! * The mix runs a share `s` (`mix`) of the usage on spot and the rest on
//!   its baseline (`mixb`):
//!   - on-demand baseline: `(1 − s)·h` on-demand hours plus `s·h·f` spot
//!     hours; the first-month discount applies to the on-demand part;
//!   - committed baseline: the share `1 − s` of the fleet is committed
//!     (upfront and monthly charges for the whole term, whatever the usage)
//!     and the share `s` of the usage hours runs on spot. Shares are
//!     expected fractions of the fleet.
//! * Neither is available when the spot settings give no progress
//!   (`spot_no_progress`) or the offer has no spot price (`no_spot_price`).
use rust_decimal::Decimal;

use super::commitment::{self, term_notices};
use super::steps::Ramp;
use super::{Book, Few, ModelNotice, PriceRef, Reason, Scene, Shape};
use crate::domain::error::EngineError;
use crate::domain::money::{add, div, mul, sub};
use crate::domain::scenario::{BillingModel, InterruptionRate, SpotSettings};

/// Expected spot price per instance-hour (midpoint × overhead factor), with
/// its source and notice recorded.
fn spot_hourly(
    scene: &Scene,
    book: &Book,
    sources: &mut Few<PriceRef, 2>,
    notices: &mut Few<ModelNotice, 4>,
) -> Result<Result<Decimal, Reason>, EngineError> {
    let Some(range) = &book.spot else {
        return Ok(Err(Reason::NoSpotPrice));
    };
    // the offer's own Spot Advisor band or published rate, where the price
    // has one and the scenario keeps the default assumption (validation
    // keeps the two apart)
    let price = &range.price;
    let rate = match (price.interruption_band, price.interruption_monthly_pct) {
        _ if !scene.default_interruption => None,
        (Some(b), _) => Some(InterruptionRate::Band(b)),
        (None, Some(pct)) => Some(InterruptionRate::MonthlyPct(pct)),
        (None, None) => None,
    };
    let own;
    let p = match rate {
        Some(r) => {
            own = crate::domain::spot::params(&SpotSettings {
                interruption: r,
                ..scene.scenario.spot.clone()
            });
            &own
        }
        None => &scene.spot,
    };
    let Some(p) = p else {
        return Ok(Err(Reason::SpotNoProgress));
    };
    if range.min != range.max {
        notices.push(ModelNotice::SpotMidpoint);
    }
    match rate {
        Some(InterruptionRate::Band(band)) => notices.push(ModelNotice::SpotAdvisorBand { band }),
        Some(InterruptionRate::MonthlyPct(monthly_pct)) => {
            notices.push(ModelNotice::SpotPublishedRate { monthly_pct })
        }
        _ => {}
    }
    sources.push(range.src());
    let mid = (range.min + range.max) / Decimal::TWO;
    Ok(Ok(mul(mid, p.overhead_factor)?))
}

pub(crate) fn spot(scene: &Scene, book: &Book) -> Result<Result<Shape, Reason>, EngineError> {
    let mut sources = Few::default();
    let mut notices = Few::default();
    let spot_hourly = match spot_hourly(scene, book, &mut sources, &mut notices)? {
        Ok(v) => v,
        Err(r) => return Ok(Err(r)),
    };
    let h = scene.scenario.hours_per_month;
    Ok(Ok(Shape {
        usage: mul(mul(h, spot_hourly)?, book.instances)?,
        effective_hourly: spot_hourly,
        negotiated: book.negotiated.spot().is_some(),
        ..Shape::empty(sources, notices)
    }))
}

pub(crate) fn mix(scene: &Scene, book: &Book) -> Result<Result<Shape, Reason>, EngineError> {
    let mut sources = Few::default();
    let mut notices = Few::default();
    let spot_hourly = match spot_hourly(scene, book, &mut sources, &mut notices)? {
        Ok(v) => v,
        Err(r) => return Ok(Err(r)),
    };
    let base = scene.scenario.mix_baseline;
    match base {
        BillingModel::OnDemand => on_demand_baseline(scene, book, spot_hourly, sources, notices),
        BillingModel::Ri1No
        | BillingModel::Ri1Partial
        | BillingModel::Ri1All
        | BillingModel::Ri3No
        | BillingModel::Ri3Partial
        | BillingModel::Ri3All
        | BillingModel::Ri5No
        | BillingModel::Ri5Partial
        | BillingModel::Ri5All
        | BillingModel::Sp1
        | BillingModel::Sp3
        | BillingModel::Subscription
        | BillingModel::Installment => {
            committed_baseline(scene, book, base, spot_hourly, sources, notices)
        }
        // not a baseline (validation refuses it)
        BillingModel::Spot | BillingModel::Mix | BillingModel::CapacityBlock => {
            Ok(Err(Reason::NoCommitmentRate))
        }
    }
}

fn on_demand_baseline(
    scene: &Scene,
    book: &Book,
    spot_hourly: Decimal,
    mut sources: Few<PriceRef, 2>,
    mut notices: Few<ModelNotice, 4>,
) -> Result<Result<Shape, Reason>, EngineError> {
    let Some(od) = &book.on_demand else {
        return Ok(Err(Reason::NoSourcedPrice));
    };
    sources.insert_first(od.src());
    let h = scene.scenario.hours_per_month;
    let inst = book.instances;
    let s = div(scene.scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
    let od_hours = mul(sub(Decimal::ONE, s)?, h)?;
    let od_part = mul(mul(od_hours, od.hourly)?, inst)?;
    let spot_part = mul(mul(mul(s, h)?, spot_hourly)?, inst)?;
    let blended = add(mul(sub(Decimal::ONE, s)?, od.hourly)?, mul(s, spot_hourly)?)?;
    let nd = &book.negotiated;
    // a stepped on-demand price steps down with the on-demand instances'
    // own hours (`steps`); the spot share is the same every month
    let ramp = match od.price {
        Some(p) if od_hours > Decimal::ZERO => {
            Ramp::of(scene, p, nd.on_demand(), od_hours, inst, spot_part, None)?
        }
        _ => None,
    };
    let (usage, usage_fmd) = match &ramp {
        Some(r) => {
            notices.push(ModelNotice::SteppedPrice);
            (r.month(1), sub(r.month(1), spot_part)?)
        }
        None => (add(od_part, spot_part)?, od_part),
    };
    Ok(Ok(Shape {
        usage,
        usage_fmd,
        effective_hourly: blended,
        user_price: od.user(),
        negotiated: (s < Decimal::ONE && !od.user() && nd.on_demand().is_some())
            || (s > Decimal::ZERO && nd.spot().is_some()),
        ramp: ramp.map(Box::new),
        ..Shape::empty(sources, notices)
    }))
}

/// The mix with a committed baseline: the non-spot share `1 − s` of the
/// fleet is committed (upfront and monthly charges for the whole term,
/// whatever the usage; the commitment covers every hour those instances
/// run), and the share `s` of the usage hours runs on spot at its expected
/// (rework-inflated) price.
fn committed_baseline(
    scene: &Scene,
    book: &Book,
    base: BillingModel,
    spot_hourly: Decimal,
    mut sources: Few<PriceRef, 2>,
    mut notices: Few<ModelNotice, 4>,
) -> Result<Result<Shape, Reason>, EngineError> {
    let Some(c) = commitment::resolve(book, base, scene.assumed)? else {
        return Ok(Err(Reason::NoCommitmentRate));
    };
    if let Some(src) = c.src() {
        sources.insert_first(src);
    }
    let scenario = scene.scenario;
    let hpm = book.billing.hours_per_month;
    let h = scenario.hours_per_month;
    let s = div(scenario.mix_spot_share_pct, Decimal::ONE_HUNDRED)?;
    let base_share = sub(Decimal::ONE, s)?;
    let base_inst = mul(base_share, book.instances)?;
    let usage = mul(mul(mul(h, spot_hourly)?, s)?, book.instances)?;
    term_notices(scenario, c.term_months, &mut notices);
    let effective_hourly = add(
        mul(base_share, c.effective_hourly(hpm)?)?,
        mul(s, spot_hourly)?,
    )?;
    let user_price = c.price.is_none() && book.on_demand.is_some_and(|o| o.user());
    let nd = &book.negotiated;
    Ok(Ok(Shape {
        upfront_per_term: mul(c.upfront, base_inst)?,
        term: Some(c.term_months),
        usage,
        commit: mul(c.monthly, base_inst)?,
        commit_fmd: commitment::first_month_discount(base),
        effective_hourly,
        assumed: c.assumed,
        monthly_from_upfront: c.derived,
        user_price,
        negotiated: (base_share > Decimal::ZERO && !user_price && nd.commitment_model(base))
            || (s > Decimal::ZERO && nd.spot().is_some()),
        cash_unknown: c.split_unknown(),
        ..Shape::empty(sources, notices)
    }))
}
