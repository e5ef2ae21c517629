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

/// A price is stale when its as-of is more than this many days before the
/// catalog's own as-of (12 months).
pub const STALE_AFTER_DAYS: i64 = 365;

impl Catalog {
    /// Is a price dated `as_of` more than 12 months older than the catalog?
    /// Measured against the catalog's date, not the clock, so a build shows
    /// the same badges every day; an unreadable date counts as stale.
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

    pub fn is_stale(&self, as_of: &str) -> bool {
        match (as_of_days(&self.as_of), as_of_days(as_of)) {
            (Some(c), Some(p)) => c - p > STALE_AFTER_DAYS,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
