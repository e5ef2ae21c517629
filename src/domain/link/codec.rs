//! Percent-encoding and the value parsers every key spec uses.

use rust_decimal::Decimal;

use crate::domain::scenario::MAX_INPUT_DP;

fn is_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b':')
}

/// Percent-encode a value (space → `+`; `-._~:` and alphanumerics kept).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if is_safe(b) {
            out.push(b as char);
        } else if b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[(b >> 4) as usize]));
            out.push(char::from(b"0123456789ABCDEF"[(b & 15) as usize]));
        }
    }
    out
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decode (`+` → space; malformed escapes kept literally).
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether `s` decodes exactly: every `%` starts an escape of two hex
/// digits and the decoded bytes are UTF-8 (what [`decode`] would otherwise
/// keep literally or replace by `�`).
pub fn well_encoded(s: &str) -> bool {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let digit = |j: usize| b.get(j).copied().and_then(hex);
            let (Some(h), Some(l)) = (digit(i + 1), digit(i + 2)) else {
                return false;
            };
            out.push(h << 4 | l);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    std::str::from_utf8(&out).is_ok()
}

/// A list key's value: the items' codes, each encoded, comma-separated;
/// `None` (nothing written) for an empty list.
pub fn list<'a, T, S: AsRef<str>>(items: &'a [T], code: impl Fn(&'a T) -> S) -> Option<String> {
    (!items.is_empty()).then(|| {
        items
            .iter()
            .map(|i| encode(code(i).as_ref()))
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// A decimal as links write it: no trailing zeros.
pub fn dec_str(d: Decimal) -> String {
    d.normalize().to_string()
}

/// Why a value was not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bad {
    /// Not of the key's form.
    Invalid,
    /// A number outside the key's bounds (or with too many decimals).
    Range,
}

/// A plain decimal (digits, one `.`, a leading `-`), at most
/// [`MAX_INPUT_DP`] decimals.
pub fn parse_dec(s: &str) -> Result<Decimal, Bad> {
    if s.is_empty()
        || s.len() > 30
        || !s
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return Err(Bad::Invalid);
    }
    let d = crate::domain::money::parse_plain(s)
        .map(|d| d.normalize())
        .ok_or(Bad::Invalid)?;
    if d.scale() > MAX_INPUT_DP {
        return Err(Bad::Range);
    }
    Ok(d)
}

/// Bounds of a number key, inclusive unless `lo_open`; `whole` numbers only
/// when set. The parser reads a key's bounds from its spec, so what
/// `LINK_FORMAT.md` lists and what is accepted cannot drift apart (a test
/// parses each bound).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    pub lo: Decimal,
    pub hi: Decimal,
    pub lo_open: bool,
    pub whole: bool,
}

impl Bounds {
    /// Whole numbers `lo..=hi`.
    pub const fn whole(lo: u32, hi: u32) -> Bounds {
        Bounds {
            lo: Decimal::from_parts(lo, 0, 0, false, 0),
            hi: Decimal::from_parts(hi, 0, 0, false, 0),
            lo_open: false,
            whole: true,
        }
    }
    /// Decimals `lo..=hi` (`lo` excluded when `lo_open`).
    pub const fn dec(lo: u32, hi: Decimal, lo_open: bool) -> Bounds {
        Bounds {
            lo: Decimal::from_parts(lo, 0, 0, false, 0),
            hi,
            lo_open,
            whole: false,
        }
    }
    /// A decimal upper bound from a whole number.
    pub const fn int(v: u32) -> Decimal {
        Decimal::from_parts(v, 0, 0, false, 0)
    }

    pub fn check(&self, s: &str) -> Result<Decimal, Bad> {
        let d = parse_dec(s)?;
        if d < self.lo || d > self.hi || (self.lo_open && d == self.lo) {
            return Err(Bad::Range);
        }
        if self.whole && !crate::domain::money::is_whole(d) {
            return Err(Bad::Range);
        }
        Ok(d)
    }

    /// A whole number within the bounds (a negative or fractional number is
    /// out of range, not garbage).
    pub fn check_u32(&self, s: &str) -> Result<u32, Bad> {
        if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return match parse_dec(s) {
                Ok(_) => Err(Bad::Range),
                Err(b) => Err(b),
            };
        }
        let v: u32 = s.parse().map_err(|_| Bad::Invalid)?;
        let d = Decimal::from(v);
        if d < self.lo || d > self.hi {
            return Err(Bad::Range);
        }
        Ok(v)
    }
}

/// A percentage 0–100.
pub const PCT: Bounds = Bounds::dec(0, Decimal::ONE_HUNDRED, false);
