//! Catalog validation: referential integrity, units, price sanity and GPU
//! spec consistency. [`validate`] returns every problem found (empty = valid).

use std::collections::{HashMap, HashSet};
use std::fmt;

use rust_decimal::Decimal;

pub use super::catalog::as_of_days;
use super::catalog::{
    Catalog, Currency, GpuId, Offer, OfferId, Price, PriceKind, RegionCode, Upfront, UsageKind,
};

/// Allowed reservation / savings-plan terms in months.
pub const RESERVED_TERMS: [u32; 3] = [12, 36, 60];

/// Relative tolerance for "sparse = 2 × dense": vendor datasheets round
/// (e.g. L40S FP16 362 dense / 733 sparse).
pub const SPARSE_TOLERANCE: f64 = 0.015;

/// One validation problem. `context` names the offer, GPU, region, source,
/// fact or usage rate concerned.
#[derive(Debug, Clone, PartialEq)]
pub enum ValidationError {
    DuplicateId {
        kind: &'static str,
        id: String,
    },
    UnknownGpu {
        offer: OfferId,
        gpu: GpuId,
    },
    UnknownRegion {
        context: String,
        provider: String,
        region: RegionCode,
    },
    UnknownProvider {
        context: String,
        provider: String,
    },
    UnknownSource {
        context: String,
        source: String,
    },
    OfferIdMismatch {
        offer: OfferId,
        expected: OfferId,
    },
    CurrencyMismatch {
        context: String,
        expected: Currency,
        found: Currency,
    },
    NonPositive {
        context: String,
        field: &'static str,
    },
    SpotAboveOnDemand {
        offer: OfferId,
        spot_max: Decimal,
        on_demand: Decimal,
    },
    /// `offer` is the price's context: the offer id, plus ` (history)` or
    /// ` (alt)` for a superseded or alternative-site price.
    SpotMinAboveMax {
        offer: String,
        min: Decimal,
        max: Decimal,
    },
    RangeInvalid {
        context: String,
    },
    /// An interruption band on a price that is not spot.
    BandNotSpot {
        context: String,
    },
    /// A published monthly interruption rate on a price that is not spot,
    /// together with a band, or outside 0–99.99 %.
    SpotRateInvalid {
        context: String,
        why: &'static str,
    },
    /// Stepped on-demand prices that cannot be billed as published: on a
    /// price that is not on-demand or has a range, not two or three steps,
    /// not starting at hour 0, hours not ascending or beyond a year, a step
    /// above the one
    /// before it, or a step that leaves the instance nothing to pay.
    StepsInvalid {
        context: String,
        why: &'static str,
    },
    /// A Chinese text that no longer translates its English (the leading
    /// date differs, "undated" is not 无日期) or that has no English.
    Untranslated {
        context: String,
        field: &'static str,
    },
    EmptyAsOf {
        context: String,
    },
    EmptyText {
        context: String,
        field: &'static str,
    },
    /// A fact claim outside the advise screen's vocabulary
    /// ([`crate::domain::catalog::CLAIMS`]).
    UnknownClaim {
        context: String,
        claim: String,
    },
    SparseNotDouble {
        gpu: GpuId,
        metric: &'static str,
        dense: f64,
        sparse: f64,
    },
    GpuMemoryMismatch {
        offer: OfferId,
        expected: Option<u32>,
        found: Option<u32>,
    },
    ZeroGpuCount {
        offer: OfferId,
    },
    BadTerm {
        context: String,
        term_months: u32,
    },
    DuplicateCurrentPrice {
        offer: OfferId,
        key: String,
    },
    BadTiers {
        context: String,
        problem: &'static str,
    },
    BadFx {
        problem: &'static str,
    },
    /// `as_of` is not an ISO date (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`).
    UndatedPrice {
        context: String,
        as_of: String,
    },
    /// A memory figure of 0 used as "unknown": unknown must be absent.
    MemorySentinel {
        context: String,
    },
    /// The offer's note says its availability in the region is not verified.
    UnverifiedAvailability {
        offer: OfferId,
    },
    /// A benchmark names a GPU that is not in `gpus`.
    UnknownBenchmarkGpu {
        context: String,
        gpu: GpuId,
    },
    /// A benchmark with more GPUs of a model measures less than one with
    /// fewer (the engine scales between measured counts).
    BenchmarkNotMonotonic {
        context: String,
    },
    /// `split_unknown` on a price that is not a partial-upfront reservation
    /// stored as upfront 0 + its effective hourly rate.
    SplitUnknownMisplaced {
        context: String,
    },
    /// An accelerator that is not a GPU without a source saying what it is.
    AcceleratorUnsourced {
        gpu: GpuId,
    },
    /// An SLA percentage outside (0, 100], or dated/undated inconsistently.
    BadSla {
        context: String,
    },
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ValidationError::*;
        match self {
            DuplicateId { kind, id } => write!(f, "duplicate {kind} id `{id}`"),
            UnknownGpu { offer, gpu } => write!(f, "offer `{offer}`: unknown GPU `{gpu}`"),
            UnknownRegion { context, provider, region } => {
                write!(f, "{context}: unknown region `{provider}:{region}`")
            }
            UnknownProvider { context, provider } => {
                write!(f, "{context}: unknown provider `{provider}`")
            }
            UnknownSource { context, source } => write!(f, "{context}: unknown source `{source}`"),
            OfferIdMismatch { offer, expected } => {
                write!(f, "offer `{offer}`: id should be `{expected}`")
            }
            CurrencyMismatch { context, expected, found } => write!(
                f,
                "{context}: currency {} but the region bills in {}",
                found.code(),
                expected.code()
            ),
            NonPositive { context, field } => write!(f, "{context}: `{field}` must be positive"),
            SpotAboveOnDemand { offer, spot_max, on_demand } => write!(
                f,
                "offer `{offer}`: spot max {spot_max} exceeds on-demand {on_demand} (no source marks this as an exception)"
            ),
            SpotMinAboveMax { offer, min, max } => {
                write!(f, "offer `{offer}`: spot min {min} > max {max}")
            }
            RangeInvalid { context } => {
                write!(f, "{context}: range_min must be positive and ≤ the price")
            }
            BandNotSpot { context } => {
                write!(f, "{context}: interruption_band on a price that is not spot")
            }
            SpotRateInvalid { context, why } => {
                write!(f, "{context}: interruption_monthly_pct {why}")
            }
            StepsInvalid { context, why } => write!(f, "{context}: steps {why}"),
            EmptyAsOf { context } => write!(f, "{context}: empty as_of"),
            Untranslated { context, field } => write!(
                f,
                "{context}: `{field}` does not translate its English text (translate it again)"
            ),
            EmptyText { context, field } => write!(f, "{context}: empty `{field}`"),
            UnknownClaim { context, claim } => write!(f, "{context}: unknown claim `{claim}`"),
            SparseNotDouble { gpu, metric, dense, sparse } => write!(
                f,
                "GPU `{gpu}`: {metric} sparse {sparse} is not 2 × dense {dense}"
            ),
            GpuMemoryMismatch { offer, expected, found } => write!(
                f,
                "offer `{offer}`: gpu_memory_gb {found:?} != gpu_count × GPU memory = {expected:?}"
            ),
            ZeroGpuCount { offer } => write!(f, "offer `{offer}`: gpu_count must be > 0"),
            BadTerm { context, term_months } => write!(
                f,
                "{context}: term_months {term_months} not one of {RESERVED_TERMS:?}"
            ),
            DuplicateCurrentPrice { offer, key } => {
                write!(f, "offer `{offer}`: more than one current price for {key}")
            }
            BadTiers { context, problem } => write!(f, "{context}: tiers {problem}"),
            BadFx { problem } => write!(f, "fx: {problem}"),
            UndatedPrice { context, as_of } => {
                write!(f, "{context}: as_of `{as_of}` is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")
            }
            MemorySentinel { context } => {
                write!(f, "{context}: memory 0 used for unknown; leave it absent")
            }
            UnverifiedAvailability { offer } => write!(
                f,
                "offer `{offer}`: availability in this region is not verified; drop the offer"
            ),
            UnknownBenchmarkGpu { context, gpu } => {
                write!(f, "{context}: unknown GPU `{gpu}`")
            }
            BenchmarkNotMonotonic { context } => write!(
                f,
                "{context}: measures less than a run with fewer GPUs of the same model"
            ),
            SplitUnknownMisplaced { context } => write!(
                f,
                "{context}: split_unknown is only for a partial-upfront reservation stored as upfront 0"
            ),
            AcceleratorUnsourced { gpu } => write!(
                f,
                "GPU `{gpu}`: an accelerator that is not a GPU needs kind_source"
            ),
            BadSla { context } => write!(
                f,
                "{context}: SLA % must be in (0, 100] and dated unless marked undated"
            ),
        }
    }
}

impl std::error::Error for ValidationError {}

fn dup_check<'a>(
    kind: &'static str,
    ids: impl Iterator<Item = &'a str>,
    errs: &mut Vec<ValidationError>,
) {
    let mut seen = HashSet::new();
    for id in ids {
        if !seen.insert(id) {
            errs.push(ValidationError::DuplicateId {
                kind,
                id: id.to_string(),
            });
        }
    }
}

fn model_key(kind: &PriceKind) -> String {
    match kind {
        PriceKind::OnDemand { .. } => "on_demand".into(),
        PriceKind::Spot { .. } => "spot".into(),
        PriceKind::Reserved {
            term_months,
            payment,
            ..
        } => format!("reserved/{term_months}/{payment:?}"),
        PriceKind::SavingsPlan {
            term_months,
            payment,
            ..
        } => format!("savings_plan/{term_months}/{payment:?}"),
        PriceKind::Subscription { .. } => "subscription".into(),
        PriceKind::CapacityBlock { .. } => "capacity_block".into(),
    }
}

/// The value a `range_min` is the lower end of.
fn headline(kind: &PriceKind) -> Decimal {
    match kind {
        PriceKind::OnDemand { hourly } => *hourly,
        PriceKind::Spot { hourly_max, .. } => *hourly_max,
        PriceKind::Reserved { hourly, .. }
        | PriceKind::SavingsPlan { hourly, .. }
        | PriceKind::CapacityBlock { hourly } => *hourly,
        PriceKind::Subscription { monthly } => *monthly,
    }
}

/// Why a price's steps cannot be billed as published (see
/// [`Price::steps`]), if they cannot.
fn steps_problem(p: &Price) -> Option<&'static str> {
    let (Some(first), Some(last)) = (p.steps.first(), p.steps.last()) else {
        return None;
    };
    let PriceKind::OnDemand { hourly } = p.kind else {
        return Some("on a price that is not on-demand");
    };
    let pairs = || p.steps.windows(2).map(|w| (&w[0], &w[1]));
    if p.range_min.is_some() {
        Some("together with a range_min")
    } else if !(2..=crate::domain::billing::steps::MAX_STEPS).contains(&p.steps.len()) {
        Some("not two or three steps")
    } else if first.from_hours != 0 {
        Some("not starting at hour 0")
    } else if pairs().any(|(a, b)| b.from_hours <= a.from_hours) {
        Some("whose hours do not ascend")
    } else if last.from_hours > crate::domain::billing::steps::MAX_FROM_HOURS {
        Some("starting after a year of use (8,784 h)")
    } else if pairs().any(|(a, b)| b.hourly > a.hourly) {
        Some("with a step above the one before it")
    } else if first.hourly < hourly {
        Some("whose first step is below the price (it includes the instance)")
    } else if hourly - (first.hourly - last.hourly) <= Decimal::ZERO {
        Some("leaving the instance nothing to pay in the last step")
    } else {
        None
    }
}

/// Every named text field must say something.
fn check_texts(ctx: &str, fields: &[(&'static str, &String)], errs: &mut Vec<ValidationError>) {
    for (field, text) in fields {
        if text.trim().is_empty() {
            errs.push(ValidationError::EmptyText {
                context: ctx.to_string(),
                field,
            });
        }
    }
}

/// A price's as-of must be a date [`as_of_days`] can read.
fn check_dated(ctx: &str, as_of: &str, errs: &mut Vec<ValidationError>) {
    if !as_of.trim().is_empty() && as_of_days(as_of).is_none() {
        errs.push(ValidationError::UndatedPrice {
            context: ctx.to_string(),
            as_of: as_of.to_string(),
        });
    }
}

/// A figure's source id must exist and its as-of date must be given.
fn check_sourced(
    ctx: &str,
    source: &str,
    as_of: &str,
    sources: &HashSet<&str>,
    errs: &mut Vec<ValidationError>,
) {
    if !sources.contains(source) {
        errs.push(ValidationError::UnknownSource {
            context: ctx.to_string(),
            source: source.to_string(),
        });
    }
    if as_of.trim().is_empty() {
        errs.push(ValidationError::EmptyAsOf {
            context: ctx.to_string(),
        });
    }
}

/// Reservation and savings-plan terms are 1, 3 or 5 years.
fn check_term(ctx: &str, term_months: u32, errs: &mut Vec<ValidationError>) {
    if !RESERVED_TERMS.contains(&term_months) {
        errs.push(ValidationError::BadTerm {
            context: ctx.to_string(),
            term_months,
        });
    }
}

fn check_price(
    ctx: &str,
    p: &Price,
    expected: Option<Currency>,
    sources: &HashSet<&str>,
    errs: &mut Vec<ValidationError>,
) {
    let zero = Decimal::ZERO;
    let pos = |v: Decimal, field: &'static str, errs: &mut Vec<ValidationError>| {
        if v <= zero {
            errs.push(ValidationError::NonPositive {
                context: ctx.to_string(),
                field,
            });
        }
    };
    match &p.kind {
        PriceKind::OnDemand { hourly } => pos(*hourly, "hourly", errs),
        PriceKind::Spot {
            hourly_min,
            hourly_max,
        } => {
            pos(*hourly_min, "hourly_min", errs);
            pos(*hourly_max, "hourly_max", errs);
            if hourly_min > hourly_max {
                errs.push(ValidationError::SpotMinAboveMax {
                    offer: ctx.to_string(),
                    min: *hourly_min,
                    max: *hourly_max,
                });
            }
        }
        PriceKind::Reserved {
            term_months,
            payment,
            upfront,
            hourly,
        } => {
            check_term(ctx, *term_months, errs);
            if *upfront < zero {
                errs.push(ValidationError::NonPositive {
                    context: ctx.to_string(),
                    field: "upfront",
                });
            }
            // All-upfront reservations may have a zero hourly charge;
            // otherwise the hourly charge must be positive.
            if *hourly < zero || (*hourly == zero && *payment != Upfront::All) {
                errs.push(ValidationError::NonPositive {
                    context: ctx.to_string(),
                    field: "hourly",
                });
            }
            if *payment == Upfront::All && *upfront <= zero {
                errs.push(ValidationError::NonPositive {
                    context: ctx.to_string(),
                    field: "upfront",
                });
            }
        }
        PriceKind::SavingsPlan {
            term_months,
            hourly,
            ..
        } => {
            check_term(ctx, *term_months, errs);
            pos(*hourly, "hourly", errs);
        }
        PriceKind::Subscription { monthly } => pos(*monthly, "monthly", errs),
        PriceKind::CapacityBlock { hourly } => pos(*hourly, "hourly", errs),
    }
    if p.interruption_band.is_some() && !matches!(p.kind, PriceKind::Spot { .. }) {
        errs.push(ValidationError::BandNotSpot {
            context: ctx.to_string(),
        });
    }
    if let Some(r) = p.interruption_monthly_pct {
        let why = if !matches!(p.kind, PriceKind::Spot { .. }) {
            Some("on a price that is not spot")
        } else if p.interruption_band.is_some() {
            Some("together with an interruption_band")
        } else if r < zero || r > crate::domain::scenario::MAX_MONTHLY_INTERRUPTION_PCT {
            Some("outside 0–99.99 %")
        } else {
            None
        };
        if let Some(why) = why {
            errs.push(ValidationError::SpotRateInvalid {
                context: ctx.to_string(),
                why,
            });
        }
    }
    if let Some(why) = steps_problem(p) {
        errs.push(ValidationError::StepsInvalid {
            context: ctx.to_string(),
            why,
        });
    }
    if let Some(lo) = p.range_min {
        if lo <= zero || lo > headline(&p.kind) {
            errs.push(ValidationError::RangeInvalid {
                context: ctx.to_string(),
            });
        }
    }
    if p.split_unknown
        && !matches!(p.kind, PriceKind::Reserved { payment: Upfront::Partial, upfront, .. } if upfront.is_zero())
    {
        errs.push(ValidationError::SplitUnknownMisplaced {
            context: ctx.to_string(),
        });
    }
    check_sourced(ctx, &p.source, &p.as_of, sources, errs);
    check_dated(ctx, &p.as_of, errs);
    if let Some(exp) = expected {
        if p.currency != exp {
            errs.push(ValidationError::CurrencyMismatch {
                context: ctx.to_string(),
                expected: exp,
                found: p.currency,
            });
        }
    }
}

fn check_offer(c: &Catalog, o: &Offer, sources: &HashSet<&str>, errs: &mut Vec<ValidationError>) {
    let expected_id = OfferId::from(format!(
        "{}:{}:{}",
        o.provider.code(),
        o.region,
        o.instance_type
    ));
    if o.id != expected_id {
        errs.push(ValidationError::OfferIdMismatch {
            offer: o.id.clone(),
            expected: expected_id,
        });
    }
    if c.provider(o.provider).is_none() {
        errs.push(ValidationError::UnknownProvider {
            context: format!("offer `{}`", o.id),
            provider: o.provider.code().to_string(),
        });
    }
    let region = c.region(o.provider, &o.region);
    if region.is_none() {
        errs.push(ValidationError::UnknownRegion {
            context: format!("offer `{}`", o.id),
            provider: o.provider.code().to_string(),
            region: o.region.clone(),
        });
    }
    let currency = region.map(|r| r.billing_currency());
    if o.gpu_count == 0 {
        errs.push(ValidationError::ZeroGpuCount {
            offer: o.id.clone(),
        });
    }
    match c.gpu(&o.gpu) {
        None => errs.push(ValidationError::UnknownGpu {
            offer: o.id.clone(),
            gpu: o.gpu.clone(),
        }),
        Some(g) => {
            let expected = g.memory_gb.map(|m| o.gpu_count * m);
            if expected != o.gpu_memory_gb {
                errs.push(ValidationError::GpuMemoryMismatch {
                    offer: o.id.clone(),
                    expected,
                    found: o.gpu_memory_gb,
                });
            }
        }
    }
    if o.gpu_memory_gb == Some(0) {
        errs.push(ValidationError::MemorySentinel {
            context: format!("offer `{}`", o.id),
        });
    }
    if o.note.as_deref().is_some_and(|n| {
        let n = n.to_ascii_lowercase();
        n.contains("availability not verified") || n.contains("not verified in this region")
    }) {
        errs.push(ValidationError::UnverifiedAvailability {
            offer: o.id.clone(),
        });
    }
    if o.vcpu == 0 {
        errs.push(ValidationError::NonPositive {
            context: format!("offer `{}`", o.id),
            field: "vcpu",
        });
    }
    if o.ram_gib <= Decimal::ZERO {
        errs.push(ValidationError::NonPositive {
            context: format!("offer `{}`", o.id),
            field: "ram_gib",
        });
    }
    for s in &o.spec_sources {
        if !sources.contains(s.as_str()) {
            errs.push(ValidationError::UnknownSource {
                context: format!("offer `{}` specs", o.id),
                source: s.clone(),
            });
        }
    }
    if let Some(n) = &o.net {
        let ctx = format!("offer `{}` network", o.id);
        check_sourced(&ctx, &n.source, &n.as_of, sources, errs);
        check_dated(&ctx, &n.as_of, errs);
        if n.gbps <= Decimal::ZERO || n.fabric_gbps.is_some_and(|f| f <= Decimal::ZERO) {
            errs.push(ValidationError::NonPositive {
                context: ctx,
                field: "gbps",
            });
        }
    }
    for p in &o.prices {
        check_price(&o.id, p, currency, sources, errs);
    }
    for p in &o.price_history {
        check_price(&format!("{} (history)", o.id), p, currency, sources, errs);
    }
    for p in &o.alt_prices {
        // Another billing site: currency may differ from the region's.
        check_price(&format!("{} (alt)", o.id), p, None, sources, errs);
    }
    // At most one current price per (model, term, payment); indicative
    // quotes are counted separately from list prices.
    let mut seen = HashMap::new();
    for p in &o.prices {
        let key = format!(
            "{}{}",
            model_key(&p.kind),
            if p.indicative { " (indicative)" } else { "" }
        );
        if seen.insert(key.clone(), ()).is_some() {
            errs.push(ValidationError::DuplicateCurrentPrice {
                offer: o.id.clone(),
                key,
            });
        }
    }
    // Spot ≤ on-demand (list, non-indicative on-demand preferred).
    let od = o
        .prices
        .iter()
        .filter(|p| matches!(p.kind, PriceKind::OnDemand { .. }))
        .min_by_key(|p| p.indicative)
        .map(|p| match p.kind {
            PriceKind::OnDemand { hourly } => hourly,
            _ => unreachable!(),
        });
    if let Some(od) = od {
        for p in &o.prices {
            if let PriceKind::Spot { hourly_max, .. } = p.kind {
                if hourly_max > od && !p.spot_exceeds_on_demand_sourced {
                    errs.push(ValidationError::SpotAboveOnDemand {
                        offer: o.id.clone(),
                        spot_max: hourly_max,
                        on_demand: od,
                    });
                }
            }
        }
    }
}

/// Validate the whole catalog; returns all problems found.
pub fn validate(c: &Catalog) -> Vec<ValidationError> {
    let mut errs = Vec::new();
    dup_check("source", c.sources.iter().map(|s| s.id.as_str()), &mut errs);
    dup_check("gpu", c.gpus.iter().map(|g| g.id.as_str()), &mut errs);
    dup_check("offer", c.offers.iter().map(|o| o.id.as_str()), &mut errs);
    dup_check(
        "provider",
        c.providers.iter().map(|p| p.id.code()),
        &mut errs,
    );
    let region_keys: Vec<String> = c
        .regions
        .iter()
        .map(|r| format!("{}:{}", r.provider.code(), r.code))
        .collect();
    dup_check("region", region_keys.iter().map(|s| s.as_str()), &mut errs);

    let sources: HashSet<&str> = c.sources.iter().map(|s| s.id.as_str()).collect();
    for s in &c.sources {
        if s.as_of.trim().is_empty() {
            errs.push(ValidationError::EmptyAsOf {
                context: format!("source `{}`", s.id),
            });
        }
        if s.reference.trim().is_empty() {
            errs.push(ValidationError::EmptyText {
                context: format!("source `{}`", s.id),
                field: "reference",
            });
        }
        // a translation keeps its English's date: one made for an earlier
        // `as_of` is caught when the date changes
        let date = |t: &str| -> String {
            t.chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect()
        };
        let as_of_ok = s.as_of_zh.as_deref().is_none_or(|zh| {
            if s.as_of.starts_with("undated") {
                zh.starts_with("无日期")
            } else {
                !zh.trim().is_empty() && date(zh) == date(&s.as_of)
            }
        });
        let fields = [
            ("as_of_zh", as_of_ok),
            ("note_zh", s.note_zh.is_none() || s.note.is_some()),
        ];
        for (field, ok) in fields {
            if !ok {
                errs.push(ValidationError::Untranslated {
                    context: format!("source `{}`", s.id),
                    field,
                });
            }
        }
    }

    if c.fx.cny_per_usd <= Decimal::ZERO {
        errs.push(ValidationError::BadFx {
            problem: "cny_per_usd must be positive",
        });
    }
    if !sources.contains(c.fx.source.as_str()) {
        errs.push(ValidationError::UnknownSource {
            context: "fx".into(),
            source: c.fx.source.clone(),
        });
    }

    for g in &c.gpus {
        if g.memory_gb == Some(0) {
            errs.push(ValidationError::MemorySentinel {
                context: format!("GPU `{}`", g.id),
            });
        }
        let cited = g
            .sources
            .iter()
            .chain(&g.kind_source)
            .chain(&g.frameworks_source)
            .chain(g.field_sources.iter().map(|f| &f.source));
        for s in cited {
            if !sources.contains(s.as_str()) {
                errs.push(ValidationError::UnknownSource {
                    context: format!("GPU `{}`", g.id),
                    source: s.clone(),
                });
            }
        }
        if g.kind != crate::domain::catalog::AcceleratorKind::Gpu && g.kind_source.is_none() {
            errs.push(ValidationError::AcceleratorUnsourced { gpu: g.id.clone() });
        }
        for fw in g.frameworks.iter().flatten() {
            if !fw.starts_with("fw:") || !crate::domain::catalog::CLAIMS.contains(&fw.as_str()) {
                errs.push(ValidationError::UnknownClaim {
                    context: format!("GPU `{}` frameworks", g.id),
                    claim: fw.clone(),
                });
            }
        }
        if g.sparsity_2to1 {
            let pairs: [(&'static str, Option<f64>, Option<f64>); 4] = [
                ("TF32", g.tf32_tflops_dense, g.tf32_tflops_sparse),
                ("FP16/BF16", g.fp16_tflops_dense, g.fp16_tflops_sparse),
                ("FP8", g.fp8_tflops_dense, g.fp8_tflops_sparse),
                ("INT8", g.int8_tops_dense, g.int8_tops_sparse),
            ];
            for (metric, d, s) in pairs {
                if let (Some(d), Some(s)) = (d, s) {
                    if (s - 2.0 * d).abs() > SPARSE_TOLERANCE * s {
                        errs.push(ValidationError::SparseNotDouble {
                            gpu: g.id.clone(),
                            metric,
                            dense: d,
                            sparse: s,
                        });
                    }
                }
            }
        }
    }

    for p in &c.providers {
        for x in &p.sla {
            let ctx = format!("sla {}/{}", p.id.code(), x.scope.code());
            let dated = x.as_of.as_deref().is_some_and(|d| as_of_days(d).is_some());
            if x.pct <= Decimal::ZERO || x.pct > Decimal::ONE_HUNDRED || dated == x.undated {
                errs.push(ValidationError::BadSla {
                    context: ctx.clone(),
                });
            }
            if !sources.contains(x.source.as_str()) {
                errs.push(ValidationError::UnknownSource {
                    context: ctx,
                    source: x.source.clone(),
                });
            }
        }
        for f in &p.facts {
            let ctx = format!("fact {}/{}", p.id.code(), f.topic);
            check_sourced(&ctx, &f.source, &f.as_of, &sources, &mut errs);
            check_texts(
                &ctx,
                &[
                    ("topic", &f.topic),
                    ("text_en", &f.text_en),
                    ("text_zh", &f.text_zh),
                ],
                &mut errs,
            );
            for claim in &f.claims {
                if !crate::domain::catalog::CLAIMS.contains(&claim.as_str()) {
                    errs.push(ValidationError::UnknownClaim {
                        context: ctx.clone(),
                        claim: claim.clone(),
                    });
                }
            }
        }
    }

    for r in &c.regions {
        if c.provider(r.provider).is_none() {
            errs.push(ValidationError::UnknownProvider {
                context: format!("region `{}`", r.code),
                provider: r.provider.code().to_string(),
            });
        }
    }

    for o in &c.offers {
        check_offer(c, o, &sources, &mut errs);
    }

    for p in &c.promotions {
        let ctx = format!("promotion {}/{}", p.provider.code(), p.name);
        if c.provider(p.provider).is_none() {
            errs.push(ValidationError::UnknownProvider {
                context: ctx.clone(),
                provider: p.provider.code().to_string(),
            });
        }
        check_sourced(&ctx, &p.source, &p.as_of, &sources, &mut errs);
        check_dated(&ctx, &p.as_of, &mut errs);
        check_texts(
            &ctx,
            &[
                ("name", &p.name),
                ("applies_to", &p.applies_to),
                ("benefit", &p.benefit),
                ("eligibility", &p.eligibility),
            ],
            &mut errs,
        );
    }

    for b in &c.benchmarks {
        let ctx = format!("benchmark {}×{} {}", b.gpu_count, b.gpu, b.workload.code());
        if c.gpu(&b.gpu).is_none() {
            errs.push(ValidationError::UnknownBenchmarkGpu {
                context: ctx.clone(),
                gpu: b.gpu.clone(),
            });
        }
        if b.gpu_count == 0 {
            errs.push(ValidationError::NonPositive {
                context: ctx.clone(),
                field: "gpu_count",
            });
        }
        if b.samples_per_sec <= Decimal::ZERO {
            errs.push(ValidationError::NonPositive {
                context: ctx.clone(),
                field: "samples_per_sec",
            });
        }
        check_sourced(&ctx, &b.source, &b.as_of, &sources, &mut errs);
        check_dated(&ctx, &b.as_of, &mut errs);
        // the lowest figure at a count (what the engine uses) is at least
        // the lowest figure at any smaller count of the same GPU and workload
        let lowest = |n: u32| {
            c.benchmarks
                .iter()
                .filter(|x| x.gpu == b.gpu && x.workload == b.workload && x.gpu_count == n)
                .map(|x| x.samples_per_sec)
                .min()
        };
        if c.benchmarks.iter().any(|x| {
            x.gpu == b.gpu
                && x.workload == b.workload
                && x.gpu_count < b.gpu_count
                && lowest(x.gpu_count) > lowest(b.gpu_count)
        }) {
            errs.push(ValidationError::BenchmarkNotMonotonic { context: ctx });
        }
    }

    for u in &c.usage_rates {
        let ctx = format!("usage {}:{}:{:?}", u.provider.code(), u.region, u.kind);
        match c.region(u.provider, &u.region) {
            None => errs.push(ValidationError::UnknownRegion {
                context: ctx.clone(),
                provider: u.provider.code().to_string(),
                region: u.region.clone(),
            }),
            Some(r) => {
                if r.billing_currency() != u.currency {
                    errs.push(ValidationError::CurrencyMismatch {
                        context: ctx.clone(),
                        expected: r.billing_currency(),
                        found: u.currency,
                    });
                }
            }
        }
        check_sourced(&ctx, &u.source, &u.as_of, &sources, &mut errs);
        check_dated(&ctx, &u.as_of, &mut errs);
        if u.tiers.is_empty() {
            errs.push(ValidationError::BadTiers {
                context: ctx.clone(),
                problem: "empty",
            });
            continue;
        }
        if u.tiers.last().and_then(|t| t.up_to).is_some() {
            errs.push(ValidationError::BadTiers {
                context: ctx.clone(),
                problem: "last tier must have no upper bound",
            });
        }
        let bounds: Vec<u64> = u.tiers.iter().filter_map(|t| t.up_to).collect();
        if bounds.len() != u.tiers.len() - 1 || bounds.windows(2).any(|w| w[0] >= w[1]) {
            errs.push(ValidationError::BadTiers {
                context: ctx.clone(),
                problem: "upper bounds must be ascending and only the last unbounded",
            });
        }
        // A free allowance is a zero-priced first tier followed by paid tiers;
        // an address a provider documents no fee for is one zero tier, with
        // a note saying where.
        let no_fee = u.kind == UsageKind::PublicIpv4PerHour
            && u.tiers.len() == 1
            && u.tiers[0].price.is_zero()
            && u.note.as_deref().is_some_and(|n| !n.trim().is_empty());
        let paid =
            &u.tiers[usize::from(no_fee || (u.tiers.len() > 1 && u.tiers[0].price.is_zero()))..];
        if paid.iter().any(|t| t.price <= Decimal::ZERO) {
            errs.push(ValidationError::BadTiers {
                context: ctx.clone(),
                problem: "prices must be positive (only a first free-allowance tier may be 0)",
            });
        }
    }
    errs
}
