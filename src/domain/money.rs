//! Exact money.
//!
//! # Rounding policy (the only place rounding happens)
//!
//! * All arithmetic is done in full [`Decimal`] precision (28 significant
//!   digits); nothing is rounded while a figure is being computed.
//! * **Reported money figures** — every month line item (upfront, usage,
//!   commitment, data, credits) and every total — are rounded **once**, to
//!   2 decimal places (cents / 分), **half away from zero**, by
//!   [`round_money`] (or [`to_cents`], the same rounding as integer cents,
//!   which the cash flows use). A line's `total` is the sum of its rounded items, the
//!   `cumulative` column is the running sum of rounded line totals, and a
//!   quote's total is the last cumulative value, so reported figures always
//!   add up exactly.
//! * **Reported unit rates** (per hour, per GPU-hour, per TFLOPS-hour, …) are
//!   rounded by [`round_rate`] to 6 decimal places, half away from zero.
//! * Currency conversion multiplies by (USD→CNY) or divides by (CNY→USD) the
//!   scenario's rate, in full precision, before any rounding.
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::domain::catalog::Currency;
use crate::domain::error::EngineError;

/// Decimal places of reported money figures.
pub const MONEY_DP: u32 = 2;
/// Decimal places of reported unit rates.
pub const RATE_DP: u32 = 6;

/// A number as people and links write it: an optional sign, digits and at
/// most one decimal point (`12`, `-0.5`, `.5`, `5.`), at most 28 digits.
/// Nothing else: no exponent, no `_` separators, no `NaN`. (Smaller than
/// `Decimal::from_str`, whose scientific-notation path the browser never
/// needs.)
pub fn parse_plain(s: &str) -> Option<Decimal> {
    let (neg, digits) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let mut mantissa: i128 = 0;
    let (mut scale, mut count, mut point) = (0u32, 0u32, false);
    for b in digits.bytes() {
        match b {
            b'0'..=b'9' => {
                count += 1;
                if count > 28 {
                    return None;
                }
                mantissa = mantissa * 10 + i128::from(b - b'0');
                if point {
                    scale += 1;
                }
            }
            b'.' if !point => point = true,
            _ => return None,
        }
    }
    if count == 0 {
        return None;
    }
    let d = Decimal::try_from_i128_with_scale(mantissa, scale).ok()?;
    Some(if neg { -d } else { d })
}

/// No fractional part (`2.000` is whole).
pub fn is_whole(d: Decimal) -> bool {
    d.normalize().scale() == 0
}

/// Round a money figure for reporting: 2 dp, half away from zero.
pub fn round_money(d: Decimal) -> Decimal {
    let mut r = d.round_dp_with_strategy(MONEY_DP, RoundingStrategy::MidpointAwayFromZero);
    r.rescale(MONEY_DP);
    r
}

/// A money figure rounded as [`round_money`] rounds it, as integer cents;
/// `None` when that does not fit an `i64`. The cash flows round every
/// figure they report this way, thousands of times per plan: an integer
/// division by a power of ten (64-bit when the figure fits, else 128-bit;
/// a `Decimal` has at most 96 bits and 28 places) instead of
/// `round_money`, a large share of a plan's instructions (docs/PERFORMANCE.md).
pub fn to_cents(d: Decimal) -> Option<i64> {
    let (m, scale) = (d.mantissa(), d.scale());
    if scale <= MONEY_DP {
        // (in 64 bits: a mantissa beyond them is a product beyond them)
        return i64::try_from(m)
            .ok()?
            .checked_mul(POW10[(MONEY_DP - scale) as usize] as i64);
    }
    let places = (scale - MONEY_DP) as usize;
    let cents = match i64::try_from(m) {
        // 10^18 is the largest power of ten an i64 holds
        Ok(m) if places <= 18 => i128::from(half_away(m, POW10[places] as i64)),
        _ => half_away(m, POW10[places]),
    };
    i64::try_from(cents).ok()
}

/// 10^0 to 10^28 (a `Decimal`'s scale is at most 28), read instead of
/// worked out (`pow` is a loop, and every figure of every cash flow is
/// read in cents).
const POW10: [i128; 29] = {
    let mut p = [1i128; 29];
    let mut k = 1;
    while k < 29 {
        p[k] = p[k - 1] * 10;
        k += 1;
    }
    p
};

/// `m / div` rounded half away from zero (`div` > 1): a remainder of half
/// the divisor or more, in magnitude, moves the quotient away from zero.
fn half_away<T>(m: T, div: T) -> T
where
    T: Copy
        + PartialOrd
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>
        + std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Neg<Output = T>
        + From<i8>,
{
    let (q, r) = (m / div, m % div);
    let zero = T::from(0);
    let abs = |x: T| if x < zero { -x } else { x };
    // |r| >= div / 2, without rounding div / 2 down: 2|r| >= div
    if abs(r) >= div - abs(r) {
        if m < zero {
            q - T::from(1)
        } else {
            q + T::from(1)
        }
    } else {
        q
    }
}

/// Round a unit rate for reporting: 6 dp, half away from zero.
pub fn round_rate(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(RATE_DP, RoundingStrategy::MidpointAwayFromZero)
        .normalize()
}

/// `None` (a checked operation overflowed) → [`EngineError::Overflow`].
/// (A match, not `ok_or`: `ok_or` builds and drops the error on every
/// successful operation.)
#[inline]
pub(crate) fn no_overflow<T>(v: Option<T>) -> Result<T, EngineError> {
    match v {
        Some(v) => Ok(v),
        None => Err(EngineError::Overflow),
    }
}

/// Checked add mapping overflow to [`EngineError::Overflow`].
pub fn add(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    no_overflow(a.checked_add(b))
}
/// Checked subtraction.
pub fn sub(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    no_overflow(a.checked_sub(b))
}
/// Checked multiplication.
pub fn mul(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    no_overflow(a.checked_mul(b))
}
/// Checked division (division by zero is an error too).
pub fn div(a: Decimal, b: Decimal) -> Result<Decimal, EngineError> {
    if b.is_zero() {
        return Err(EngineError::DivisionByZero);
    }
    no_overflow(a.checked_div(b))
}

/// Convert an amount between currencies with `cny_per_usd` (must be > 0).
pub fn convert(
    amount: Decimal,
    from: Currency,
    to: Currency,
    cny_per_usd: Decimal,
) -> Result<Decimal, EngineError> {
    match (from, to) {
        (Currency::USD, Currency::USD) | (Currency::CNY, Currency::CNY) => Ok(amount),
        (Currency::USD, Currency::CNY) => mul(amount, cny_per_usd),
        (Currency::CNY, Currency::USD) => div(amount, cny_per_usd),
    }
}

/// An exact amount in one currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    amount: Decimal,
    currency: Currency,
}

impl Money {
    pub fn new(amount: Decimal, currency: Currency) -> Money {
        Money { amount, currency }
    }
    pub fn amount(&self) -> Decimal {
        self.amount
    }
    pub fn currency(&self) -> Currency {
        self.currency
    }
    /// Convert with `cny_per_usd` (CNY per USD, > 0); full precision.
    pub fn convert(self, to: Currency, cny_per_usd: Decimal) -> Result<Money, EngineError> {
        if cny_per_usd <= Decimal::ZERO {
            return Err(EngineError::InvalidRate);
        }
        Ok(Money::new(
            convert(self.amount, self.currency, to, cny_per_usd)?,
            to,
        ))
    }
    /// The reported figure: see the module's rounding policy.
    pub fn rounded(self) -> Money {
        Money::new(round_money(self.amount), self.currency)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn plain_numbers_read_as_the_full_parser_reads_them() {
        for s in [
            "0",
            "12",
            "-0.5",
            ".5",
            "5.",
            "+3",
            "0.000001",
            "999999999.123456",
            "7.10",
            "9999999999999999999999999999",
        ] {
            assert_eq!(parse_plain(s), Decimal::from_str(s).ok(), "{s}");
            // the scale is kept (7.10 stays 2 dp until normalised)
            assert_eq!(
                parse_plain(s).map(|d| d.scale()),
                Decimal::from_str(s).ok().map(|d| d.scale())
            );
        }
    }

    #[test]
    fn anything_else_is_not_a_number() {
        for s in [
            "",
            "-",
            "+",
            ".",
            "1.2.3",
            "1e3",
            "1E-2",
            "1_000",
            "NaN",
            "inf",
            " 1",
            "1 ",
            "--1",
            "0x10",
            "１２",
            "99999999999999999999999999999",
        ] {
            assert_eq!(parse_plain(s), None, "{s}");
        }
    }

    /// Integer cents are exactly what `round_money` reports, at every
    /// scale, sign and size, midpoints and the 64-bit edge included.
    #[test]
    fn cents_are_the_rounded_figure() {
        let slow = |d: Decimal| i64::try_from(round_money(d).mantissa()).ok();
        let mut cases = vec![
            Decimal::ZERO,
            Decimal::new(5, 3),
            Decimal::new(-5, 3),
            Decimal::new(4999, 5),
            Decimal::new(-4999, 5),
            Decimal::new(125, 3),
            Decimal::new(-125, 3),
            Decimal::new(135, 3),
            Decimal::new(7, 0),
            Decimal::new(-7, 1),
            Decimal::new(i64::MAX, 0),
            Decimal::new(i64::MAX, 2),
            Decimal::new(i64::MIN, 2),
            Decimal::new(i64::MAX, 3),
            Decimal::new(i64::MIN, 20),
            Decimal::new(i64::MAX, 28),
            Decimal::new(i64::MAX / 100, 0),
            Decimal::new(i64::MAX / 100 + 1, 0),
            Decimal::MAX,
            Decimal::MIN,
            Decimal::from_str("0.000000000000000000005").unwrap(),
            Decimal::from_str("12345678901234567890.125").unwrap(),
            Decimal::from_str("-92233720368547758.075").unwrap(),
        ];
        // products and quotients as the cash flows make them
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = (x >> (x % 40)) as i64 * if x & 1 == 0 { 1 } else { -1 };
            let d = Decimal::new(m, (x >> 50) as u32 % 29);
            cases.push(d);
            cases.push(d * Decimal::new(((x >> 20) % 100_000) as i64, 4));
            if let Some(q) = d.checked_div(Decimal::new(((x >> 30) % 997 + 1) as i64, 1)) {
                cases.push(q);
            }
        }
        for d in cases {
            assert_eq!(to_cents(d), slow(d), "{d} (scale {})", d.scale());
        }
    }

    #[test]
    fn whole_means_no_fractional_part() {
        assert!(is_whole(Decimal::new(2000, 3)));
        assert!(is_whole(Decimal::from(-7)));
        assert!(!is_whole(Decimal::new(25, 1)));
    }
}
