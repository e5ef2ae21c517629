//! How old the prices behind an answer are: every pick, plan option and job
//! result carries the oldest `as_of` of the prices it rests on and its age in
//! days, measured at the catalog's date (or the scenario's `today`), so an
//! answer resting on prices over 12 months old says so where it is shown.
use std::sync::Arc;

use serde::Serialize;

use crate::domain::catalog::{as_of_days, Catalog, STALE_AFTER_DAYS};
use crate::domain::scenario::Scenario;

/// The age of the prices a result rests on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PriceAge {
    /// The oldest `as_of` among the prices used (`YYYY`, `YYYY-MM` or
    /// `YYYY-MM-DD`; the catalog's string, shared by every result).
    pub oldest_as_of: Arc<str>,
    /// Days from that date (its first day) to the reference date.
    pub age_days: i64,
    /// The reference date the age is measured at (the catalog's date unless
    /// the scenario gives `today`; one string shared by a quote's results).
    pub as_at: Arc<str>,
    /// Older than 12 months ([`STALE_AFTER_DAYS`]).
    pub stale: bool,
}

/// The date ages are measured at: the scenario's `today` when it reads as a
/// date, else the catalog's as-of.
pub fn reference_date<'a>(catalog: &'a Catalog, scenario: &'a Scenario) -> &'a str {
    scenario
        .today
        .as_deref()
        .filter(|d| as_of_days(d).is_some())
        .unwrap_or(&catalog.as_of)
}

impl PriceAge {
    /// The age of the oldest readable date in `dates` at `reference`; None
    /// when no date reads (only user prices) or the reference does not read.
    pub fn oldest<'a>(
        dates: impl IntoIterator<Item = &'a str>,
        reference: &str,
    ) -> Option<PriceAge> {
        let dates: Vec<Arc<str>> = dates.into_iter().map(Arc::from).collect();
        Self::oldest_at(&dates, &Arc::from(reference), as_of_days(reference))
    }

    /// [`PriceAge::oldest`] with the reference already read (`at` =
    /// `as_of_days(reference)`): a quote measures every result of an offer
    /// at the same date and reads it once. The strings are shared, not
    /// copied (a quote of the 10× catalog made ~70,000 of them).
    pub fn oldest_at<'a>(
        dates: impl IntoIterator<Item = &'a Arc<str>>,
        reference: &Arc<str>,
        at: Option<i64>,
    ) -> Option<PriceAge> {
        let at = at?;
        let (days, date) = dates
            .into_iter()
            .filter_map(|d| as_of_days(d).map(|n| (n, d)))
            .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))?;
        let age_days = at - days;
        Some(PriceAge {
            oldest_as_of: date.clone(),
            age_days,
            as_at: reference.clone(),
            stale: age_days > STALE_AFTER_DAYS,
        })
    }

    /// The older of two ages (None counts as no price).
    pub fn older(a: Option<PriceAge>, b: Option<PriceAge>) -> Option<PriceAge> {
        match (a, b) {
            (Some(x), Some(y)) => Some(if y.age_days > x.age_days { y } else { x }),
            (x, None) => x,
            (None, y) => y,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oldest_date_and_staleness() {
        let a = PriceAge::oldest(["2025-11-30", "2021", "2026-10-10"], "2026-11-30").unwrap();
        assert_eq!(&*a.oldest_as_of, "2021");
        // 2021-01-01 → 2026-11-30: 5 × 365 + 2 leap days (2024 and none else… 2024 only) + 333
        assert_eq!(a.age_days, 2159);
        assert!(a.stale);
        let b = PriceAge::oldest(["2025-11-30"], "2026-11-30").unwrap();
        assert_eq!((b.age_days, b.stale), (365, false));
        let c = PriceAge::oldest(["2025-11-29"], "2026-11-30").unwrap();
        assert_eq!((c.age_days, c.stale), (366, true));
        assert!(PriceAge::oldest(["user"], "2026-11-30").is_none());
    }
}
