//! Parsing of numbers typed into form fields. Pure, so bad input is handled
//! the same way everywhere: an empty field means "no value" (the default), a
//! bad one returns a code the UI shows next to the field, and the state keeps
//! its last good value.

use rust_decimal::Decimal;
use serde::Serialize;

/// Why a typed value was refused. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputError {
    NotANumber,
    NotWhole,
    TooSmall,
    TooLarge,
}

/// Accepted range of a numeric field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NumberField {
    pub min: Decimal,
    pub max: Decimal,
    /// Only whole numbers.
    pub whole: bool,
    /// The minimum itself is refused (e.g. an exchange rate must be > 0).
    pub exclusive_min: bool,
}

/// A form field accepts what the link key it edits accepts.
impl From<crate::domain::link::Bounds> for NumberField {
    fn from(b: crate::domain::link::Bounds) -> NumberField {
        NumberField {
            min: b.lo,
            max: b.hi,
            whole: b.whole,
            exclusive_min: b.lo_open,
        }
    }
}

impl NumberField {
    pub const fn whole(min: i64, max: i64) -> NumberField {
        NumberField {
            min: Decimal::from_parts(min as u32, 0, 0, min < 0, 0),
            max: Decimal::from_parts(max as u32, (max >> 32) as u32, 0, false, 0),
            whole: true,
            exclusive_min: false,
        }
    }

    pub const fn decimal(min: i64, max: i64, exclusive_min: bool) -> NumberField {
        NumberField {
            whole: false,
            exclusive_min,
            ..NumberField::whole(min, max)
        }
    }

    /// Parse a typed value: `Ok(None)` for an empty field. Accepts
    /// surrounding spaces, full-width digits and signs (a Chinese IME's
    /// `１２，０００．５`), commas between groups of three digits as thousands
    /// separators (`1,000` and `12,345.5`, as the app prints numbers), and
    /// otherwise one comma as the decimal separator (`7,1875`). Anything
    /// else (`1,00,0`, `1_000`, `1e3`) is refused, never read in part.
    pub fn parse(&self, raw: &str) -> Result<Option<Decimal>, InputError> {
        let t: String = raw.trim().chars().map(half_width).collect();
        let t = t.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let t = plain_number(t).ok_or(InputError::NotANumber)?;
        let v = crate::domain::money::parse_plain(&t).ok_or(InputError::NotANumber)?;
        if self.whole && !crate::domain::money::is_whole(v) {
            return Err(InputError::NotWhole);
        }
        if v < self.min || (self.exclusive_min && v == self.min) {
            return Err(InputError::TooSmall);
        }
        if v > self.max {
            return Err(InputError::TooLarge);
        }
        Ok(Some(v.normalize()))
    }
}

/// A number typed into a box that edits a link key, as the link writes it:
/// full-width characters made ASCII, thousands separators dropped, one
/// decimal comma made a point, read as [`NumberField::parse`] reads it.
/// None when the text is not only a number's characters (the link reader
/// then refuses it as it is, or it is not a number's text at all).
pub fn link_number(raw: &str) -> Option<String> {
    let t: String = raw.trim().chars().map(half_width).collect();
    let t = t.trim();
    let numeric = t
        .bytes()
        .all(|c| c.is_ascii_digit() || b",.-+".contains(&c));
    if t.is_empty() || !numeric {
        return None;
    }
    plain_number(t)
}

/// A full-width digit, sign, point or comma as its ASCII form (others as
/// they are).
fn half_width(c: char) -> char {
    match c {
        '０'..='９' | '．' | '，' | '－' | '＋' => {
            char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
        }
        '　' => ' ',
        _ => c,
    }
}

/// `t` with its thousands separators removed, or its one decimal comma
/// made a point; None when its commas are neither. (One pass over the
/// bytes: this runs in the app, where every byte of code is downloaded.)
fn plain_number(t: &str) -> Option<String> {
    let b = t.as_bytes();
    let commas = b.iter().filter(|&&c| c == b',').count();
    if commas == 0 {
        return Some(t.to_string());
    }
    let point = b.iter().position(|&c| c == b'.');
    // grouped: digits in groups of three after a first group of 1–3, up
    // to the point
    let start = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let (mut run, mut first, mut grouped) = (0, true, true);
    for &c in &b[start..point.unwrap_or(b.len())] {
        if c == b',' {
            grouped &= if first {
                (1..=3).contains(&run)
            } else {
                run == 3
            };
            first = false;
            run = 0;
        } else {
            run += 1;
        }
    }
    if grouped && run == 3 {
        return Some(t.replace(',', ""));
    }
    // one comma and no point: a decimal comma
    (point.is_none() && commas == 1).then(|| t.replace(',', "."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_number_is_written_as_the_link_reads_it() {
        assert_eq!(link_number(" 1,000 ").as_deref(), Some("1000"));
        assert_eq!(link_number("１２，０００．５").as_deref(), Some("12000.5"));
        assert_eq!(link_number("7,5").as_deref(), Some("7.5"));
        assert_eq!(link_number("80").as_deref(), Some("80"));
        // refused as typed by the link reader, never read in part
        assert_eq!(link_number("1,00,0"), None);
        assert_eq!(link_number("1,000usd"), None);
        assert_eq!(link_number("a100"), None);
        assert_eq!(link_number(""), None);
    }

    #[test]
    fn parses_and_bounds_values() {
        let gpus = NumberField::whole(1, 4096);
        assert_eq!(gpus.parse(""), Ok(None));
        assert_eq!(gpus.parse(" 8 "), Ok(Some(Decimal::from(8))));
        assert_eq!(gpus.parse("-3"), Err(InputError::TooSmall));
        assert_eq!(gpus.parse("0"), Err(InputError::TooSmall));
        assert_eq!(gpus.parse("2.5"), Err(InputError::NotWhole));
        assert_eq!(gpus.parse("abc"), Err(InputError::NotANumber));
        assert_eq!(gpus.parse("NaN"), Err(InputError::NotANumber));
        assert_eq!(gpus.parse("inf"), Err(InputError::NotANumber));
        assert_eq!(gpus.parse("5000"), Err(InputError::TooLarge));

        let fx = NumberField::decimal(0, 1000, true);
        assert_eq!(fx.parse("0"), Err(InputError::TooSmall));
        assert_eq!(fx.parse("7,1875"), Ok(Some(Decimal::new(71875, 4))));
        // plain numbers only, as links write them: an exponent or a digit
        // separator is refused beside the field, not guessed at
        assert_eq!(fx.parse("1e3"), Err(InputError::NotANumber));
        assert_eq!(fx.parse("1_000"), Err(InputError::NotANumber));
        assert_eq!(fx.parse(" .5 "), Ok(Some(Decimal::new(5, 1))));
        assert_eq!(fx.parse("1.2.3"), Err(InputError::NotANumber));
        // thousands separators as the app prints numbers: never read as 1
        let money = NumberField::decimal(0, 1_000_000_000, false);
        assert_eq!(money.parse("1,000"), Ok(Some(Decimal::from(1000))));
        assert_eq!(money.parse("12,345.5"), Ok(Some(Decimal::new(123455, 1))));
        assert_eq!(money.parse("1,234,567"), Ok(Some(Decimal::from(1_234_567))));
        assert_eq!(money.parse("0,5"), Ok(Some(Decimal::new(5, 1))));
        assert_eq!(money.parse("1,00,0"), Err(InputError::NotANumber));
        assert_eq!(money.parse("1,0000"), Ok(Some(Decimal::new(10000, 4))));
        assert_eq!(money.parse("1,000,5"), Err(InputError::NotANumber));
        assert_eq!(money.parse(",5"), Ok(Some(Decimal::new(5, 1))));
        // full-width digits and separators from a Chinese IME
        assert_eq!(money.parse("１２"), Ok(Some(Decimal::from(12))));
        assert_eq!(
            money.parse("１２，０００．５"),
            Ok(Some(Decimal::new(120005, 1)))
        );
        assert_eq!(gpus.parse("　８　"), Ok(Some(Decimal::from(8))));
        assert_eq!(gpus.parse("－３"), Err(InputError::TooSmall));
        assert_eq!(gpus.parse("4,096"), Ok(Some(Decimal::from(4096))));
        assert_eq!(gpus.parse("4,097"), Err(InputError::TooLarge));
        let big = NumberField::whole(0, 1_000_000_000);
        assert_eq!(
            big.parse("1000000000"),
            Ok(Some(Decimal::from(1_000_000_000)))
        );
    }
}
