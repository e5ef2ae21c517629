//! The catalog's dates: reading an `as_of` as a day count, when a price is
//! stale, and which prices are newer than a given date. Apart from the
//! catalog's types because it is arithmetic on their dates, with its own
//! exhaustive test.
use super::{Catalog, Offer};

/// Days since 1970-01-01 of the first day an `as_of` can mean: `YYYY-MM-DD`,
/// `YYYY-MM` (first of the month) or `YYYY` (1 January). Anything else,
/// including "undated" or text after the date, is `None`.
///
/// Read without allocating or splitting: it runs per priced result (figures: docs/PERFORMANCE.md).
pub fn as_of_days(as_of: &str) -> Option<i64> {
    // the number written in `b`, all of whose bytes must be digits
    let num = |b: &[u8]| -> Option<i64> {
        b.iter().try_fold(0i64, |n, &c| {
            c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0'))
        })
    };
    let b = as_of.as_bytes();
    let dash = |i: usize| b[i] == b'-';
    let y = num(b.get(..4)?)?;
    let (m, d) = match b.len() {
        4 => (1, 1),
        7 if dash(4) => (num(&b[5..7])?, 1),
        10 if dash(4) && dash(7) => (num(&b[5..7])?, num(&b[8..10])?),
        _ => return None,
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_len = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > month_len[(m - 1) as usize] {
        return None;
    }
    // Days from civil (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The date (`YYYY-MM-DD`) of a day count since 1970-01-01: the inverse
/// of [`as_of_days`] on full dates (civil from days, Howard Hinnant's
/// algorithm). The CLI turns the clock into today's date with it.
pub fn date_of_days(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A price is stale when its as-of is more than this many days before the
/// date it is looked at (12 months).
pub const STALE_AFTER_DAYS: i64 = 365;

/// Is a price dated `as_of` more than 12 months older than `at` (the date
/// ages are measured at: today in the app and the CLI)? An unreadable
/// date counts as stale.
pub fn is_stale_at(as_of: &str, at: &str) -> bool {
    match (as_of_days(at), as_of_days(as_of)) {
        (Some(c), Some(p)) => c - p > STALE_AFTER_DAYS,
        _ => true,
    }
}

impl Catalog {
    /// Offers with a current price dated after `date` (`YYYY-MM-DD`, e.g.
    /// the dataset date of an old link), each with its newest such date, in
    /// catalog order: the figures that may differ from when the link was
    /// made. Empty when `date` is not a date.
    pub fn prices_dated_after(&self, date: &str) -> Vec<(&Offer, &str)> {
        let Some(since) = as_of_days(date) else {
            return Vec::new();
        };
        self.offers
            .iter()
            .filter_map(|o| {
                o.prices
                    .iter()
                    .filter(|p| as_of_days(&p.as_of).is_some_and(|d| d > since))
                    .map(|p| &*p.as_of)
                    .max()
                    .map(|d| (o, d))
            })
            .collect()
    }

    /// Is a price dated `as_of` more than 12 months older than the
    /// catalog's own date? ([`is_stale_at`] the catalog's date: the
    /// screens and the CLI measure at today's date instead.)
    pub fn is_stale(&self, as_of: &str) -> bool {
        is_stale_at(as_of, &self.as_of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every day from 1600-01-01 to 2400-12-31 (both leap-century kinds),
    /// and the days before 1970: the date read back is the same day.
    #[test]
    fn date_of_days_is_the_inverse_of_as_of_days() {
        let (from, to) = (
            as_of_days("1600-01-01").unwrap(),
            as_of_days("2400-12-31").unwrap(),
        );
        for n in from..=to {
            let d = date_of_days(n);
            assert_eq!(as_of_days(&d), Some(n), "{n} -> {d}");
        }
        assert_eq!(date_of_days(0), "1970-01-01");
        assert_eq!(date_of_days(-1), "1969-12-31");
        assert_eq!(
            date_of_days(as_of_days("2026-12-05").unwrap()),
            "2026-12-05"
        );
    }

    /// 12 months is 365 days before the date looked at, whatever that date.
    #[test]
    fn stale_is_measured_at_the_date_given() {
        assert!(!is_stale_at("2025-12-05", "2026-12-05"));
        assert!(is_stale_at("2025-12-04", "2026-12-05"));
        assert!(!is_stale_at("2025-12-04", "2026-11-30"));
        assert!(is_stale_at("undated", "2026-12-05"));
        assert!(is_stale_at("2026-10-10", "not a date"));
    }

    #[test]
    fn as_of_days_reads_only_the_three_forms() {
        use super::as_of_days;
        assert_eq!(as_of_days("2026-11"), as_of_days("2026-11-01"));
        assert_eq!(as_of_days("2026"), as_of_days("2026-01-01"));
        for bad in [
            "",
            "-",
            "2026-",
            "2026-11-",
            "2026-11-01-",
            "2026-11-01-02",
            "26-11-01",
            "2026-1",
            "undated",
            "2026-11-01x",
            "2023-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-1-01",
            "+026-11",
            "2026_11",
            "２０２６",
        ] {
            assert_eq!(as_of_days(bad), None, "{bad:?}");
        }
        // the days of the reading by parts (`split('-')` and `parse`) it
        // replaced, for every date of the catalog and every day, month and
        // year form (valid or not) of 1999-2031
        fn by_parts(as_of: &str) -> Option<i64> {
            let num = |s: &str, len: usize| -> Option<i64> {
                (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse().ok())
                    .flatten()
            };
            let mut parts = as_of.split('-');
            let y = num(parts.next()?, 4)?;
            let (m, d) = match (parts.next(), parts.next(), parts.next()) {
                (None, _, _) => (1, 1),
                (Some(m), None, _) => (num(m, 2)?, 1),
                (Some(m), Some(d), None) => (num(m, 2)?, num(d, 2)?),
                _ => return None,
            };
            // the calendar and the day count, as as_of_days has them
            as_of_days(&format!("{y:04}-{m:02}-{d:02}"))
        }
        let cat = Catalog::embedded().unwrap();
        let mut dates: Vec<String> = cat
            .offers
            .iter()
            .flat_map(|o| o.prices.iter().map(|p| p.as_of.to_string()))
            .collect();
        for y in 1999..=2031 {
            dates.push(format!("{y}"));
            for m in 0..=13 {
                dates.push(format!("{y}-{m:02}"));
                dates.push(format!("{y}-{m}"));
                for d in 0..=32 {
                    dates.push(format!("{y}-{m:02}-{d:02}"));
                    dates.push(format!("{y}-{m:02}-{d}"));
                }
            }
        }
        let mut read = 0;
        for d in &dates {
            assert_eq!(as_of_days(d), by_parts(d), "{d}");
            read += usize::from(as_of_days(d).is_some());
        }
        assert!(read > 12_000, "{read}");
        // the calendar's edges
        assert_eq!(as_of_days("1970-01-01"), Some(0));
        assert_eq!(as_of_days("2000-03-01"), Some(11_017));
        assert_eq!(as_of_days("2024-02-29"), Some(19_782));
        assert_eq!(as_of_days("2026-12-31"), Some(20_818));
    }
}
