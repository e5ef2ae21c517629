//! Pure chart arithmetic: linear scales, "nice" ticks, compact money labels,
//! month ticks and SVG path strings. No leptos here: everything is plain
//! data in, plain data out, and unit-tested natively.
//!
//! Hostile input never panics and never yields NaN/inf: non-finite values
//! are dropped by the callers' filters ([`finite`]), and every function here
//! also copes with them on its own (a degenerate scale maps to the middle of
//! its range, a non-finite coordinate ends a path segment).

use crate::ui::i18n::Locale;

/// Largest magnitude drawn; beyond it values are clamped, so spans and
/// products cannot overflow to infinity (1e15 of any currency is far above
/// any real cloud bill).
pub const MAX_ABS: f64 = 1e15;

/// `Some(v)` clamped to ±[`MAX_ABS`] when `v` is finite, else `None`.
pub fn finite(v: f64) -> Option<f64> {
    v.is_finite().then(|| v.clamp(-MAX_ABS, MAX_ABS))
}

/// A linear map from a domain to a range (SVG user units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    d0: f64,
    d1: f64,
    r0: f64,
    r1: f64,
}

impl Scale {
    pub fn new(domain: (f64, f64), range: (f64, f64)) -> Scale {
        Scale {
            d0: domain.0,
            d1: domain.1,
            r0: range.0,
            r1: range.1,
        }
    }

    /// The range position of `v`. A zero-width (or non-finite) domain maps
    /// everything to the middle of the range; a non-finite `v` to `r0`.
    pub fn map(&self, v: f64) -> f64 {
        let w = self.d1 - self.d0;
        let out = if !w.is_finite() || w == 0.0 {
            (self.r0 + self.r1) / 2.0
        } else if !v.is_finite() {
            self.r0
        } else {
            self.r0 + (v - self.d0) / w * (self.r1 - self.r0)
        };
        if out.is_finite() {
            out
        } else {
            self.r0
        }
    }
}

/// Ticks over a domain extended to whole steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Ticks {
    /// The extended domain: the first and last tick.
    pub lo: f64,
    pub hi: f64,
    /// 1, 2 or 5 × 10^k.
    pub step: f64,
    pub values: Vec<f64>,
}

/// 1-2-5 × 10^k ticks covering `[min(lo, 0), max(hi, 0)]` — money axes
/// always show 0 — with 4 to 7 ticks, the finest step that fits. All-zero
/// (or non-finite) input gives 0..1.
pub fn money_ticks(lo: f64, hi: f64) -> Ticks {
    let lo = finite(lo).unwrap_or(0.0).min(0.0);
    let mut hi = finite(hi).unwrap_or(0.0).max(0.0);
    if hi - lo <= 0.0 {
        hi = lo + 1.0;
    }
    let span = hi - lo;
    let k0 = span.log10().floor() as i32 - 2;
    let mut best: Option<(i64, i64, i32, i64)> = None;
    'search: for k in k0..k0 + 4 {
        for mant in [1i64, 2, 5] {
            let step = pow10_mul(mant, k);
            // Epsilons: 0.3 / 0.1 must not become 2.999… or 3.000…1.
            let first = (lo / step + 1e-9).floor() as i64;
            let last = (hi / step - 1e-9).ceil() as i64;
            if last - first < 7 {
                // at most 7 ticks
                best = Some((first, last, k, mant));
                break 'search;
            }
        }
    }
    let (first, last, k, mant) = best.unwrap_or((0, 1, 0, 1));
    let values: Vec<f64> = (first..=last).map(|i| pow10_mul(i * mant, k)).collect();
    Ticks {
        lo: values[0],
        hi: values[values.len() - 1],
        step: pow10_mul(mant, k),
        values,
    }
}

/// `m × 10^k`, dividing for negative `k` so 3 × 10^-1 is exactly 0.3.
fn pow10_mul(m: i64, k: i32) -> f64 {
    if k >= 0 {
        m as f64 * 10f64.powi(k)
    } else {
        m as f64 / 10f64.powi(-k)
    }
}

/// Month ticks for a horizon of `months`: 0 and every `step` months, with
/// step 1, 2, 3, 6, 12, 24, … so there are at most 8 labels.
pub fn month_ticks(months: u32) -> Vec<u32> {
    let step = [1u32, 2, 3, 6, 12, 24, 36, 60, 120]
        .into_iter()
        .find(|s| months / s <= 7)
        .unwrap_or_else(|| months.div_ceil(7).div_ceil(12) * 12);
    (0..=months / step).map(|i| i * step).collect()
}

/// Compact units by locale: thousands for en, 万/亿 for zh.
fn units(locale: Locale) -> &'static [(f64, &'static str)] {
    match locale {
        Locale::En => &[(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")],
        Locale::ZhCn => &[(1e12, "万亿"), (1e8, "亿"), (1e4, "万")],
    }
}

fn unit_for(abs: f64, locale: Locale) -> (f64, &'static str) {
    units(locale)
        .iter()
        .copied()
        .find(|(d, _)| abs >= *d)
        .unwrap_or((1.0, ""))
}

/// `x` rounded to exactly `dp` (≤ 9) decimals with integer arithmetic: float
/// formatting (`{:.2}`, `f64`'s `Display`) would add the standard
/// library's float-printing code to the wasm (figures: docs/PERFORMANCE.md). Magnitudes beyond
/// `u64` after scaling saturate (the layouts clamp values to ±1e15).
pub fn fixed(x: f64, dp: usize) -> String {
    let dp = dp.min(9);
    let Some(x) = finite(x) else {
        return "0".into();
    };
    let scale = 10u64.pow(dp as u32);
    let t = (x.abs() * scale as f64).round() as u64;
    let mut s = String::with_capacity(24);
    if x < 0.0 && t != 0 {
        s.push('-');
    }
    s.push_str(&(t / scale).to_string());
    if dp > 0 {
        let frac = (t % scale).to_string();
        s.push('.');
        for _ in frac.len()..dp {
            s.push('0');
        }
        s.push_str(&frac);
    }
    s
}

/// `x` with at most `dp` decimals, trailing zeros dropped, never "-0".
fn trimmed(x: f64, dp: usize) -> String {
    let mut s = fixed(x, dp);
    if s.contains('.') {
        s.truncate(s.trim_end_matches('0').trim_end_matches('.').len());
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// A coordinate as SVG attribute text, to 0.1 user units: `12.3`, `40`.
pub fn num(v: f64) -> String {
    trimmed(v, 1)
}

/// Axis labels for ticks: one unit for the whole axis (chosen by the largest
/// tick) and just enough decimals for the step — `0, 0.5k, 1k, 1.5k` (en),
/// `0, 0.5万, 1万` (zh).
pub fn tick_labels(t: &Ticks, locale: Locale) -> Vec<String> {
    let top = t.lo.abs().max(t.hi.abs());
    let (div, unit) = unit_for(top, locale);
    let rel = t.step / div;
    let dp = if rel >= 1.0 {
        0
    } else {
        ((-rel.log10()).ceil().max(0.0) as usize).min(6)
    };
    t.values
        .iter()
        .map(|v| {
            let s = trimmed(v / div, dp);
            if s == "0" {
                s
            } else {
                format!("{s}{unit}")
            }
        })
        .collect()
}

/// One figure in compact form with three significant digits and the
/// currency symbol: `$1.23k`, `$35k`, `-$812`, `¥1.2万`, `¥3.5亿`.
pub fn compact_money(v: f64, symbol: &str, locale: Locale) -> String {
    let Some(v) = finite(v) else {
        return "—".into();
    };
    let (div, unit) = unit_for(v.abs(), locale);
    let x = v.abs() / div;
    let dp = if x == 0.0 {
        0
    } else {
        (2 - x.log10().floor() as i32).clamp(0, 2) as usize
    };
    let s = trimmed(x, dp);
    let sign = if v < 0.0 && s != "0" { "-" } else { "" };
    format!("{sign}{symbol}{s}{unit}")
}

/// A full money figure for table cells: `$1,234.56`, `-¥12.00`, `—` for a
/// non-finite value.
pub fn money_text(v: f64, symbol: &str) -> String {
    let Some(v) = finite(v) else {
        return "—".into();
    };
    let s = fixed(v.abs(), 2);
    let (int, frac) = s.split_once('.').unwrap_or((&s, "00"));
    let sign = if v < 0.0 && s != "0.00" { "-" } else { "" };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(sign);
    out.push_str(symbol);
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out.push('.');
    out.push_str(frac);
    out
}

/// A coordinate rounded to 0.1 user units, so output is stable across
/// platforms: `12.3`, `40`, never `-0` (a non-finite value gives `0`).
pub fn round1(v: f64) -> f64 {
    if v.is_finite() {
        (v * 10.0).round() / 10.0 + 0.0
    } else {
        0.0
    }
}

/// An SVG path `d` for a polyline through `points`; `None` (or a non-finite
/// coordinate) leaves a gap, so missing data is never bridged by a line.
/// Coordinates are rounded to one decimal: `M10 20.5L30 40`. A point with
/// no neighbour (a one-month horizon) is drawn as a short dash centred on
/// it (`m-4 0h8`), not left invisible.
pub fn path_d(points: &[Option<(f64, f64)>]) -> String {
    let mut d = String::new();
    let mut run = 0;
    for p in points {
        match p {
            Some((x, y)) if x.is_finite() && y.is_finite() => {
                d.push(if run > 0 { 'L' } else { 'M' });
                d.push_str(&num(*x));
                d.push(' ');
                d.push_str(&num(*y));
                run += 1;
            }
            _ => {
                if run == 1 {
                    d.push_str(LONE);
                }
                run = 0;
            }
        }
    }
    if run == 1 {
        d.push_str(LONE);
    }
    d
}

/// What a lone point adds to its `M x y`: a dash 8 units wide around it.
const LONE: &str = "m-4 0h8";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_text_matches_float_formatting() {
        for (x, dp) in [
            (0.0, 2),
            (1234.565, 2),
            (-0.004, 2),
            (12.349, 1),
            (-7.26, 1),
            (0.6, 0),
            (1e15, 2),
            (0.000123, 6),
        ] {
            let want = format!("{x:.dp$}");
            let want = if want
                .trim_start_matches('-')
                .trim_matches(|c| c == '0' || c == '.')
                .is_empty()
            {
                want.trim_start_matches('-').to_string()
            } else {
                want
            };
            assert_eq!(fixed(x, dp), want, "{x} {dp}");
        }
        assert_eq!(fixed(f64::NAN, 2), "0");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(12.349), "12.3");
        assert_eq!(num(40.0), "40");
    }

    #[test]
    fn scale_maps_linearly_and_survives_degenerate_domains() {
        let s = Scale::new((0.0, 100.0), (300.0, 20.0));
        assert_eq!(s.map(0.0), 300.0);
        assert_eq!(s.map(100.0), 20.0);
        assert_eq!(s.map(50.0), 160.0);
        // zero-width domain: the middle, not NaN/inf
        let z = Scale::new((5.0, 5.0), (0.0, 10.0));
        assert_eq!(z.map(5.0), 5.0);
        assert_eq!(z.map(1e300), 5.0);
        // non-finite input or domain
        assert_eq!(s.map(f64::NAN), 300.0);
        assert_eq!(s.map(f64::INFINITY), 300.0);
        let n = Scale::new((f64::NAN, 1.0), (0.0, 10.0));
        assert!(n.map(0.5).is_finite());
        let big = Scale::new((-f64::MAX, f64::MAX), (0.0, 10.0));
        assert!(big.map(1.0).is_finite());
    }

    fn check(t: &Ticks, lo: f64, hi: f64) {
        let n = t.values.len();
        assert!((4..=7).contains(&n), "{n} ticks for {lo}..{hi}: {t:?}");
        assert!(t.lo <= lo.min(0.0) && t.hi >= hi.max(0.0), "{t:?}");
        assert!(t.values.contains(&0.0), "{t:?}");
        let m = t.step / 10f64.powf(t.step.log10().floor());
        assert!(
            [1.0, 2.0, 5.0].iter().any(|x| (m - x).abs() < 1e-9),
            "{t:?}"
        );
        assert!(t.values.iter().all(|v| v.is_finite()));
    }

    #[test]
    fn money_ticks_are_nice_and_include_zero() {
        let t = money_ticks(0.0, 12_345.0);
        assert_eq!(t.step, 5_000.0);
        assert_eq!(t.values, vec![0.0, 5_000.0, 10_000.0, 15_000.0]);
        let t = money_ticks(0.0, 100.0);
        assert_eq!(t.values, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        // exact decimals, not 0.30000000000000004
        let t = money_ticks(0.0, 0.3);
        assert_eq!(t.values, vec![0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
        // negative credits extend below zero
        let t = money_ticks(-250.0, 1_000.0);
        assert_eq!(t.values, vec![-500.0, 0.0, 500.0, 1_000.0]);
        // all zeros / non-finite: 0..1
        let t = money_ticks(0.0, 0.0);
        assert_eq!(t.values, vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
        assert_eq!(money_ticks(f64::NAN, f64::INFINITY), t);
        // positive-only data still starts at 0
        assert_eq!(money_ticks(900.0, 1_000.0).lo, 0.0);
        for (lo, hi) in [
            (0.0, 1.0),
            (0.0, 7.1),
            (-0.1, 7.1),
            (0.0, 1e12),
            (-1e12, 1e12),
            (-3.0, 0.0),
            (0.0, 999.0),
            (0.0, 1001.0),
            (-1e15, 1e15),
            (0.0, 1e-9),
        ] {
            check(&money_ticks(lo, hi), lo, hi);
        }
        // a sweep of spans: 4–7 ticks everywhere
        let mut v = 0.013;
        while v < 1e13 {
            check(&money_ticks(0.0, v), 0.0, v);
            check(&money_ticks(-v / 3.0, v), -v / 3.0, v);
            v *= 1.37;
        }
        // huge values are clamped, never infinite
        let t = money_ticks(-f64::MAX, f64::MAX);
        assert!(t.values.iter().all(|v| v.is_finite()));
    }

    #[test]
    fn month_ticks_step_by_horizon() {
        assert_eq!(month_ticks(0), vec![0]);
        assert_eq!(month_ticks(1), vec![0, 1]);
        assert_eq!(month_ticks(7), vec![0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(month_ticks(12), vec![0, 2, 4, 6, 8, 10, 12]);
        assert_eq!(month_ticks(36), vec![0, 6, 12, 18, 24, 30, 36]);
        assert_eq!(month_ticks(60), vec![0, 12, 24, 36, 48, 60]);
        for m in 0..2000 {
            let t = month_ticks(m);
            assert!(
                t.len() <= 8 && t[0] == 0 && *t.last().unwrap() <= m,
                "{m}: {t:?}"
            );
        }
        assert!(month_ticks(u32::MAX).len() <= 8);
    }

    #[test]
    fn tick_labels_are_compact_per_locale() {
        let en = Locale::En;
        let zh = Locale::ZhCn;
        let t = money_ticks(0.0, 1_400.0);
        assert_eq!(tick_labels(&t, en), ["0", "0.5k", "1k", "1.5k"]);
        let t = money_ticks(0.0, 34_000.0);
        assert_eq!(tick_labels(&t, en), ["0", "10k", "20k", "30k", "40k"]);
        assert_eq!(tick_labels(&t, zh), ["0", "1万", "2万", "3万", "4万"]);
        let t = money_ticks(-250.0, 1_000.0);
        assert_eq!(tick_labels(&t, en), ["-0.5k", "0", "0.5k", "1k"]);
        let t = money_ticks(0.0, 3.4e8);
        assert_eq!(tick_labels(&t, zh), ["0", "1亿", "2亿", "3亿", "4亿"]);
        let t = money_ticks(0.0, 0.3);
        assert_eq!(
            tick_labels(&t, en),
            ["0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3"]
        );
        let t = money_ticks(0.0, 1e12);
        assert_eq!(tick_labels(&t, en)[5], "1T");
        assert_eq!(tick_labels(&t, zh)[5], "1万亿");
    }

    #[test]
    fn compact_money_three_digits() {
        let en = Locale::En;
        let zh = Locale::ZhCn;
        assert_eq!(compact_money(1_234.0, "$", en), "$1.23k");
        assert_eq!(compact_money(1_200.0, "$", en), "$1.2k");
        assert_eq!(compact_money(35_000.0, "$", en), "$35k");
        assert_eq!(compact_money(1_200_000.0, "$", en), "$1.2M");
        assert_eq!(compact_money(812.4, "$", en), "$812");
        assert_eq!(compact_money(-812.4, "$", en), "-$812");
        assert_eq!(compact_money(0.0, "$", en), "$0");
        assert_eq!(compact_money(12_000.0, "¥", zh), "¥1.2万");
        assert_eq!(compact_money(3.5e8, "¥", zh), "¥3.5亿");
        assert_eq!(compact_money(12_345_678.0, "¥", zh), "¥1235万");
        assert_eq!(compact_money(f64::NAN, "$", en), "—");
        assert_eq!(compact_money(1e300, "$", en), "$1000T");
    }

    #[test]
    fn money_text_is_grouped_with_two_decimals() {
        assert_eq!(money_text(1_234_567.891, "$"), "$1,234,567.89");
        assert_eq!(money_text(-12.0, "¥"), "-¥12.00");
        assert_eq!(money_text(-0.001, "$"), "$0.00");
        assert_eq!(money_text(999.999, "$"), "$1,000.00");
        assert_eq!(money_text(f64::INFINITY, "$"), "—");
    }

    #[test]
    fn paths_round_and_break_at_gaps() {
        assert_eq!(round1(-0.04), 0.0);
        assert_eq!(round1(-0.04).to_string(), "0");
        assert_eq!(round1(12.349).to_string(), "12.3");
        assert_eq!(round1(f64::NAN), 0.0);
        let pts = [
            Some((0.0, 10.04)),
            Some((10.06, 20.0)),
            None,
            Some((30.0, f64::NAN)),
            Some((40.0, 5.0)),
            Some((50.0, 6.0)),
        ];
        assert_eq!(path_d(&pts), "M0 10L10.1 20M40 5L50 6");
        assert_eq!(path_d(&[]), "");
        // a lone point is a short dash, not nothing (a one-month plan's chart)
        assert_eq!(path_d(&[Some((1.0, 2.0))]), "M1 2m-4 0h8");
        assert_eq!(
            path_d(&[Some((1.0, 2.0)), None, Some((3.0, 4.0)), Some((5.0, 6.0))]),
            "M1 2m-4 0h8M3 4L5 6"
        );
    }
}
