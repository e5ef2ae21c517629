//! The link format: a short, readable, versioned query string shared by the
//! UI's URL and `gpucost quote`. See `LINK_FORMAT.md` for the key table.
//!
//! Parsing never fails: a malformed or unknown value for a key falls back to
//! that key's default only and produces a [`LinkNotice`] naming the key;
//! list keys drop unknown items and keep the known ones. A missing `v` means
//! v=1; a future `v` produces a notice and is parsed best-effort.
//! [`to_query`] omits defaults and writes keys in a stable order, so
//! `parse_query(&to_query(s), c) == s` for every valid state.
//!
//! # Versions
//! * **v=2** (written now): `si` is the share of instances interrupted per
//!   month (or an AWS band `lt5 5-10 10-15 15-20 gt20`); `sih` is
//!   interruptions per hour; `cr` and an hourly `stu` carry their currency
//!   (`500usd`, `3000cny`); `disc` is per payment option (`40` or
//!   `40,45,50`); `ur` holds user usage rates.
//! * **v=1**: `si` meant interruptions per hour (read as `sih`), `disc` one
//!   discount for every payment option (read as `disc=d,d,d`); each
//!   migrated key gets a `migrated` notice. v1's first-month discount also
//!   cut commitments and its student cap was per instance: those rules are
//!   the engine's now, so a v1 link using `fmd` or `stucap` gets a
//!   `rule_changed` notice.
use std::collections::BTreeMap;
use std::str::FromStr;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::domain::catalog::{Catalog, Currency, ProviderId, RegionGroup};
use crate::domain::money::Money;
use crate::domain::scenario::{
    AssumedDiscount, BillingModel, InterruptionRate, RegionRef, Scenario, SpotBand, StudentPrice,
    UsageRateKey, DEFAULT_HOURS_PER_MONTH, DEFAULT_MIX_SHARE_PCT, DEFAULT_MONTHS,
    MAX_BANDWIDTH_MBPS, MAX_FX, MAX_GPUS, MAX_HOURS_PER_MONTH, MAX_INPUT_DP, MAX_JOB_HOURS,
    MAX_MINUTES, MAX_MONEY_INPUT, MAX_MONTHLY_INTERRUPTION_PCT, MAX_MONTHS, MAX_VOLUME_GB,
    MAX_VRAM_GB, MIN_FX,
};

/// The link format version this code writes.
pub const LINK_VERSION: u32 = 2;
/// Maximum selected offers (`sel`).
pub const MAX_SELECTED: usize = 6;
/// Maximum search text length in characters (`q`).
pub const MAX_QUERY_CHARS: usize = 200;
pub const MAX_PAGE: u32 = 100_000;

/// Compare-table columns (`sort`, `cols`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Column {
    Provider,
    Region,
    Type,
    Gpu,
    Gpus,
    Vram,
    Vcpu,
    Ram,
    Hourly,
    Gpuh,
    Tflopsh,
    Vramh,
    Spot,
    Commit,
    Monthly,
}

impl Column {
    pub const ALL: [Column; 15] = [
        Column::Provider,
        Column::Region,
        Column::Type,
        Column::Gpu,
        Column::Gpus,
        Column::Vram,
        Column::Vcpu,
        Column::Ram,
        Column::Hourly,
        Column::Gpuh,
        Column::Tflopsh,
        Column::Vramh,
        Column::Spot,
        Column::Commit,
        Column::Monthly,
    ];
    pub fn code(self) -> &'static str {
        match self {
            Column::Provider => "provider",
            Column::Region => "region",
            Column::Type => "type",
            Column::Gpu => "gpu",
            Column::Gpus => "gpus",
            Column::Vram => "vram",
            Column::Vcpu => "vcpu",
            Column::Ram => "ram",
            Column::Hourly => "hourly",
            Column::Gpuh => "gpuh",
            Column::Tflopsh => "tflopsh",
            Column::Vramh => "vramh",
            Column::Spot => "spot",
            Column::Commit => "commit",
            Column::Monthly => "monthly",
        }
    }
    pub fn from_code(s: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.code() == s)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sort {
    pub column: Column,
    pub descending: bool,
}

/// Time unit of the compare table's prices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeUnit {
    #[default]
    H,
    D,
    M,
    Y,
}

/// Precision used for the price-per-TFLOPS column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TflopsKind {
    #[default]
    Fp16,
    Tf32,
    Fp32,
}

/// Compare-screen view state (parsed and serialized here, used by the UI).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Search text.
    pub q: String,
    /// Max price per hour in the display currency.
    pub max_price: Option<Decimal>,
    pub sort: Option<Sort>,
    /// Visible columns; empty = the UI's default set.
    pub cols: Vec<Column>,
    pub time_unit: TimeUnit,
    pub tflops: TflopsKind,
    /// Selected offer ids (at most 6).
    pub selected: Vec<String>,
    /// 1-based page.
    pub page: u32,
}

impl Default for View {
    fn default() -> Self {
        View {
            q: String::new(),
            max_price: None,
            sort: None,
            cols: Vec::new(),
            time_unit: TimeUnit::H,
            tflops: TflopsKind::Fp16,
            selected: Vec::new(),
            page: 1,
        }
    }
}

/// Why a key was (partly) ignored. Stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkNoticeCode {
    UnknownKey,
    /// Malformed value; the key's default is used.
    InvalidValue,
    /// Number outside the key's range; the key's default is used.
    OutOfRange,
    /// Unknown item of a list key dropped (value = the item).
    UnknownItem,
    /// More items than allowed; the first ones are kept.
    TooManyItems,
    /// `v` newer than this build; parsed best-effort.
    UnsupportedVersion,
    /// Key given twice; the last value wins.
    DuplicateKey,
    /// A v1 key read with its v1 meaning and rewritten in v2 form.
    Migrated,
    /// A v1 link uses a promotion whose scope the engine has since changed
    /// (first-month discount, student cap): figures may differ from when
    /// the link was made.
    RuleChanged,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkNotice {
    pub key: String,
    pub value: String,
    pub code: LinkNoticeCode,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LinkState {
    pub scenario: Scenario,
    pub view: View,
    pub notices: Vec<LinkNotice>,
}

// ---------------------------------------------------------------- encoding

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

fn dec_str(d: Decimal) -> String {
    d.normalize().to_string()
}

// ----------------------------------------------------------------- parsing

enum Bad {
    Invalid,
    Range,
}

fn parse_dec(s: &str) -> Result<Decimal, Bad> {
    if s.is_empty()
        || s.len() > 30
        || !s
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
    {
        return Err(Bad::Invalid);
    }
    let d = Decimal::from_str(s)
        .map(|d| d.normalize())
        .map_err(|_| Bad::Invalid)?;
    if d.scale() > MAX_INPUT_DP {
        return Err(Bad::Range);
    }
    Ok(d)
}

/// An amount with an optional currency suffix (`500`, `500usd`, `3000cny`).
fn money_in(s: &str, lo_exclusive: bool) -> Result<(Decimal, Option<Currency>), Bad> {
    let lower = s.to_ascii_lowercase();
    let (num, cur) = if let Some(n) = lower.strip_suffix("usd") {
        (n, Some(Currency::USD))
    } else if let Some(n) = lower.strip_suffix("cny") {
        (n, Some(Currency::CNY))
    } else {
        (lower.as_str(), None)
    };
    let v = dec_in(num, Decimal::ZERO, d(MAX_MONEY_INPUT), lo_exclusive)?;
    Ok((v, cur))
}

fn money_str(m: Money) -> String {
    format!(
        "{}{}",
        dec_str(m.amount()),
        m.currency().code().to_ascii_lowercase()
    )
}

fn dec_in(s: &str, lo: Decimal, hi: Decimal, lo_exclusive: bool) -> Result<Decimal, Bad> {
    let d = parse_dec(s)?;
    if d < lo || d > hi || (lo_exclusive && d == lo) {
        return Err(Bad::Range);
    }
    Ok(d)
}

fn pct(s: &str) -> Result<Decimal, Bad> {
    dec_in(s, Decimal::ZERO, Decimal::ONE_HUNDRED, false)
}

fn u32_in(s: &str, lo: u32, hi: u32) -> Result<u32, Bad> {
    if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
        // a negative or fractional number is out of range, not garbage
        return match parse_dec(s) {
            Ok(_) => Err(Bad::Range),
            Err(b) => Err(b),
        };
    }
    let v: u32 = s.parse().map_err(|_| Bad::Invalid)?;
    if v < lo || v > hi {
        return Err(Bad::Range);
    }
    Ok(v)
}

fn d(v: i64) -> Decimal {
    Decimal::from(v)
}

struct Parser<'a> {
    catalog: &'a Catalog,
    notices: Vec<LinkNotice>,
}

impl Parser<'_> {
    fn note(&mut self, key: &str, value: &str, code: LinkNoticeCode) {
        self.notices.push(LinkNotice {
            key: key.to_string(),
            value: value.to_string(),
            code,
        });
    }

    /// Apply a single-value parse; on error note and keep the default.
    fn one<T>(&mut self, key: &str, raw: &str, r: Result<T, Bad>, slot: &mut T) {
        match r {
            Ok(v) => *slot = v,
            Err(Bad::Invalid) => self.note(key, &decode(raw), LinkNoticeCode::InvalidValue),
            Err(Bad::Range) => self.note(key, &decode(raw), LinkNoticeCode::OutOfRange),
        }
    }

    /// Parse a comma list; unknown items are dropped with a notice.
    fn list<T>(&mut self, key: &str, raw: &str, f: impl Fn(&str) -> Option<T>) -> Vec<T> {
        let mut out = Vec::new();
        for item in raw.split(',') {
            let item = decode(item);
            if item.is_empty() {
                continue;
            }
            match f(&item) {
                Some(v) => out.push(v),
                None => self.note(key, &item, LinkNoticeCode::UnknownItem),
            }
        }
        out
    }
}

/// Extract the query part of a full URL (or return the input).
fn query_part(input: &str) -> &str {
    let s = input.trim();
    let s = match s.find('?') {
        Some(i) => &s[i + 1..],
        None => s.trim_start_matches('#'),
    };
    match s.find('#') {
        Some(i) => &s[..i],
        None => s,
    }
}

/// Parse a query string or a full URL into a state. Never fails.
pub fn parse_query(input: &str, catalog: &Catalog) -> LinkState {
    let mut p = Parser {
        catalog,
        notices: Vec::new(),
    };
    let mut sc = Scenario::default();
    let mut view = View::default();
    let mut seen: Vec<String> = Vec::new();
    // The version decides what some keys mean, wherever `v` stands.
    let version = query_part(input)
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .filter(|(k, _)| decode(k) == "v")
        .filter_map(|(_, v)| u32_in(&decode(v), 1, u32::MAX / 2).ok())
        .next_back()
        .unwrap_or(1);
    let v1 = version == 1;
    // Amounts without a currency are in the link's display currency,
    // known only once every key is read.
    let mut credit: Option<(Decimal, Option<Currency>)> = None;
    let mut student_hourly: Option<(Decimal, Option<Currency>)> = None;
    for pair in query_part(input).split('&') {
        if pair.is_empty() {
            continue;
        }
        let (rk, raw) = match pair.find('=') {
            Some(i) => (&pair[..i], &pair[i + 1..]),
            None => (pair, ""),
        };
        let key = decode(rk);
        if seen.contains(&key) {
            p.note(&key, &decode(raw), LinkNoticeCode::DuplicateKey);
        } else {
            seen.push(key.clone());
        }
        let val = decode(raw);
        let k = key.as_str();
        match k {
            "v" => match u32_in(&val, 1, u32::MAX / 2) {
                Ok(1..=LINK_VERSION) => {}
                Ok(_) => p.note(k, &val, LinkNoticeCode::UnsupportedVersion),
                Err(_) => p.note(k, &val, LinkNoticeCode::InvalidValue),
            },
            "gpu" => {
                let c = p.catalog;
                sc.gpu_models = p.list(k, raw, |s| c.gpu(s).map(|g| g.id.clone()));
            }
            "gpus" => p.one(k, raw, u32_in(&val, 1, MAX_GPUS), &mut sc.min_gpus),
            "vram" => {
                let r = u32_in(&val, 0, MAX_VRAM_GB).map(Some);
                p.one(k, raw, r, &mut sc.min_vram_gb)
            }
            "h" => {
                let r = dec_in(
                    &val,
                    Decimal::ZERO,
                    Decimal::from(MAX_HOURS_PER_MONTH),
                    false,
                );
                p.one(k, raw, r, &mut sc.hours_per_month)
            }
            "m" => p.one(k, raw, u32_in(&val, 1, MAX_MONTHS), &mut sc.months),
            "p" => sc.providers = p.list(k, raw, ProviderId::from_code),
            "rg" => sc.region_groups = p.list(k, raw, RegionGroup::from_code),
            "r" => {
                let c = p.catalog;
                sc.regions = p.list(k, raw, |s| {
                    let (pv, code) = s.split_once(':')?;
                    let pv = ProviderId::from_code(pv)?;
                    c.region(pv, code).map(|r| RegionRef {
                        provider: pv,
                        code: r.code.clone(),
                    })
                });
            }
            "o" => {
                let c = p.catalog;
                // given = only these, even when none is known (never "all")
                sc.offers = Some(p.list(k, raw, |s| c.offer(s).map(|o| o.id.clone())));
            }
            "cur" => {
                let r = match val.to_ascii_uppercase().as_str() {
                    "USD" => Ok(Currency::USD),
                    "CNY" => Ok(Currency::CNY),
                    _ => Err(Bad::Invalid),
                };
                p.one(k, raw, r, &mut sc.currency)
            }
            "fx" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_FX), true).map(Some);
                p.one(k, raw, r, &mut sc.fx_cny_per_usd)
            }
            "bm" => sc.billing_models = p.list(k, raw, BillingModel::from_code),
            "si" if v1 => {
                let r = pct(&val).map(InterruptionRate::HourlyPct);
                if r.is_ok() {
                    p.note(k, &val, LinkNoticeCode::Migrated);
                }
                p.one(k, raw, r, &mut sc.spot.interruption)
            }
            "si" => {
                let r = match SpotBand::from_code(&val.to_ascii_lowercase()) {
                    Some(b) => Ok(InterruptionRate::Band(b)),
                    None => dec_in(&val, Decimal::ZERO, MAX_MONTHLY_INTERRUPTION_PCT, false)
                        .map(InterruptionRate::MonthlyPct),
                };
                p.one(k, raw, r, &mut sc.spot.interruption)
            }
            "sih" => {
                let r = pct(&val).map(InterruptionRate::HourlyPct);
                p.one(k, raw, r, &mut sc.spot.interruption)
            }
            "ck" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_MINUTES), false);
                p.one(k, raw, r, &mut sc.spot.checkpoint_minutes)
            }
            "ro" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_MINUTES), false);
                p.one(k, raw, r, &mut sc.spot.restart_minutes)
            }
            "job" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_JOB_HOURS), true).map(Some);
                p.one(k, raw, r, &mut sc.spot.job_hours)
            }
            "dl" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_JOB_HOURS), true).map(Some);
                p.one(k, raw, r, &mut sc.spot.deadline_hours)
            }
            "mix" => p.one(k, raw, pct(&val), &mut sc.mix_spot_share_pct),
            "mixb" => {
                let r = BillingModel::from_code(&val)
                    .filter(|m| m.is_mix_baseline())
                    .ok_or(Bad::Invalid);
                p.one(k, raw, r, &mut sc.mix_baseline)
            }
            "fmd" => {
                if v1 && pct(&val).is_ok_and(|x| !x.is_zero()) {
                    p.note(k, &val, LinkNoticeCode::RuleChanged);
                }
                p.one(
                    k,
                    raw,
                    pct(&val),
                    &mut sc.promotions.first_month_discount_pct,
                )
            }
            "cr" => {
                let r = money_in(&val, false).map(Some);
                p.one(k, raw, r, &mut credit)
            }
            "crx" => {
                let r = u32_in(&val, 1, MAX_MONTHS).map(Some);
                p.one(k, raw, r, &mut sc.promotions.credit_expiry_month)
            }
            "stu" => match val.strip_suffix("off") {
                Some(n) => {
                    let r = pct(n).map(|x| Some(StudentPrice::DiscountPct(x)));
                    student_hourly = None;
                    p.one(k, raw, r, &mut sc.promotions.student)
                }
                None => {
                    let r = money_in(&val, false).map(Some);
                    p.one(k, raw, r, &mut student_hourly)
                }
            },
            "stucap" => {
                let r = dec_in(&val, Decimal::ZERO, d(24), false);
                if v1 && r.is_ok() {
                    p.note(k, &val, LinkNoticeCode::RuleChanged);
                }
                p.one(k, raw, r, &mut sc.promotions.student_daily_cap_hours)
            }
            "eg" | "xr" | "st" | "bw" => {
                let max = if k == "bw" {
                    d(MAX_BANDWIDTH_MBPS)
                } else {
                    d(MAX_VOLUME_GB)
                };
                let r = dec_in(&val, Decimal::ZERO, max, false);
                let slot = match k {
                    "eg" => &mut sc.data.egress_gb,
                    "xr" => &mut sc.data.cross_region_gb,
                    "st" => &mut sc.data.storage_gb,
                    _ => &mut sc.data.bandwidth_mbps,
                };
                p.one(k, raw, r, slot)
            }
            "up" => {
                let mut map = BTreeMap::new();
                for item in raw.split(',') {
                    if item.is_empty() {
                        continue;
                    }
                    let Some((id, price)) = item.rsplit_once('~') else {
                        p.note(k, &decode(item), LinkNoticeCode::InvalidValue);
                        continue;
                    };
                    let id = decode(id);
                    if p.catalog.offer(&id).is_none() {
                        p.note(k, &id, LinkNoticeCode::UnknownItem);
                        continue;
                    }
                    match dec_in(&decode(price), Decimal::ZERO, d(MAX_MONEY_INPUT), true) {
                        Ok(v) => {
                            map.insert(id, v);
                        }
                        Err(_) => p.note(k, &decode(item), LinkNoticeCode::InvalidValue),
                    }
                }
                sc.user_prices = map;
            }
            "disc" => {
                let parts: Vec<&str> = val.split(',').collect();
                let r = match parts.as_slice() {
                    [n] => pct(n).map(|n| AssumedDiscount {
                        no_upfront_pct: n,
                        // v1: one discount for every payment option
                        partial_upfront_pct: v1.then_some(n),
                        all_upfront_pct: v1.then_some(n),
                    }),
                    [n, pa, a] => pct(n).and_then(|n| {
                        Ok(AssumedDiscount {
                            no_upfront_pct: n,
                            partial_upfront_pct: Some(pct(pa)?),
                            all_upfront_pct: Some(pct(a)?),
                        })
                    }),
                    _ => Err(Bad::Invalid),
                };
                if v1 && r.is_ok() && parts.len() == 1 {
                    p.note(k, &val, LinkNoticeCode::Migrated);
                }
                p.one(k, raw, r.map(Some), &mut sc.assumed_discount)
            }
            "ur" => {
                let mut map = BTreeMap::new();
                for item in raw.split(',') {
                    if item.is_empty() {
                        continue;
                    }
                    let item = decode(item);
                    let parsed = item.rsplit_once('~').and_then(|(key, price)| {
                        let k = UsageRateKey::from_code(key)?;
                        p.catalog.region(k.provider, &k.region)?;
                        let price = dec_in(price, Decimal::ZERO, d(MAX_MONEY_INPUT), false).ok()?;
                        Some((k.code(), price))
                    });
                    match parsed {
                        Some((key, price)) => {
                            map.insert(key, price);
                        }
                        None => p.note(k, &item, LinkNoticeCode::UnknownItem),
                    }
                }
                sc.user_usage_rates = map;
            }
            "q" => {
                if val.chars().count() > MAX_QUERY_CHARS {
                    p.note(k, "", LinkNoticeCode::OutOfRange);
                    view.q = val.chars().take(MAX_QUERY_CHARS).collect();
                } else {
                    view.q = val;
                }
            }
            "maxp" => {
                let r = dec_in(&val, Decimal::ZERO, d(MAX_MONEY_INPUT), true).map(Some);
                p.one(k, raw, r, &mut view.max_price)
            }
            "sort" => {
                let (desc, c) = match val.strip_prefix('-') {
                    Some(c) => (true, c),
                    None => (false, val.as_str()),
                };
                let r = Column::from_code(c)
                    .map(|column| {
                        Some(Sort {
                            column,
                            descending: desc,
                        })
                    })
                    .ok_or(Bad::Invalid);
                p.one(k, raw, r, &mut view.sort)
            }
            "cols" => view.cols = p.list(k, raw, Column::from_code),
            "tu" => {
                let r = match val.as_str() {
                    "h" => Ok(TimeUnit::H),
                    "d" => Ok(TimeUnit::D),
                    "m" => Ok(TimeUnit::M),
                    "y" => Ok(TimeUnit::Y),
                    _ => Err(Bad::Invalid),
                };
                p.one(k, raw, r, &mut view.time_unit)
            }
            "tf" => {
                let r = match val.as_str() {
                    "fp16" => Ok(TflopsKind::Fp16),
                    "tf32" => Ok(TflopsKind::Tf32),
                    "fp32" => Ok(TflopsKind::Fp32),
                    _ => Err(Bad::Invalid),
                };
                p.one(k, raw, r, &mut view.tflops)
            }
            "sel" => {
                let c = p.catalog;
                let mut sel = p.list(k, raw, |s| c.offer(s).map(|o| o.id.clone()));
                if sel.len() > MAX_SELECTED {
                    p.note(k, &val, LinkNoticeCode::TooManyItems);
                    sel.truncate(MAX_SELECTED);
                }
                view.selected = sel;
            }
            "page" => p.one(k, raw, u32_in(&val, 1, MAX_PAGE), &mut view.page),
            _ => p.note(k, &val, LinkNoticeCode::UnknownKey),
        }
    }
    let with_cur = |(v, c): (Decimal, Option<Currency>)| Money::new(v, c.unwrap_or(sc.currency));
    sc.promotions.credit = credit.filter(|(v, _)| !v.is_zero()).map(with_cur);
    if let Some(h) = student_hourly {
        sc.promotions.student = Some(StudentPrice::Hourly(with_cur(h)));
    }
    if sc.fx_cny_per_usd.is_some_and(|fx| fx < MIN_FX) {
        let v = sc.fx_cny_per_usd.take().map(dec_str).unwrap_or_default();
        p.note("fx", &v, LinkNoticeCode::OutOfRange);
    }
    LinkState {
        scenario: sc,
        view,
        notices: p.notices,
    }
}

// ------------------------------------------------------------- serializing

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items
        .iter()
        .map(|i| encode(&f(i)))
        .collect::<Vec<_>>()
        .join(",")
}

/// `key~rate,key~rate` (the form of `up` and `ur`).
fn keyed_rates(map: &BTreeMap<String, Decimal>) -> String {
    map.iter()
        .map(|(k, p)| format!("{}~{}", encode(k), dec_str(*p)))
        .collect::<Vec<_>>()
        .join(",")
}

/// Serialize a state: `v` first, then non-default keys in the order of
/// LINK_FORMAT.md. Notices are not serialized.
pub fn to_query(state: &LinkState) -> String {
    let sc = &state.scenario;
    let v = &state.view;
    let def = Scenario::default();
    let mut kv: Vec<(&str, String)> = vec![("v", LINK_VERSION.to_string())];
    let mut push = |k: &'static str, cond: bool, val: String| {
        if cond {
            kv.push((k, val));
        }
    };
    push(
        "gpu",
        !sc.gpu_models.is_empty(),
        list(&sc.gpu_models, |s| s.clone()),
    );
    push("gpus", sc.min_gpus != 1, sc.min_gpus.to_string());
    if let Some(x) = sc.min_vram_gb {
        push("vram", true, x.to_string());
    }
    push(
        "h",
        sc.hours_per_month != Decimal::from(DEFAULT_HOURS_PER_MONTH),
        dec_str(sc.hours_per_month),
    );
    push("m", sc.months != DEFAULT_MONTHS, sc.months.to_string());
    push(
        "p",
        !sc.providers.is_empty(),
        list(&sc.providers, |p| p.code().into()),
    );
    push(
        "rg",
        !sc.region_groups.is_empty(),
        list(&sc.region_groups, |g| g.code().into()),
    );
    push(
        "r",
        !sc.regions.is_empty(),
        list(&sc.regions, |r| format!("{}:{}", r.provider.code(), r.code)),
    );
    if let Some(ids) = &sc.offers {
        push("o", true, list(ids, |s| s.clone()));
    }
    push(
        "cur",
        sc.currency != Currency::USD,
        sc.currency.code().into(),
    );
    if let Some(fx) = sc.fx_cny_per_usd {
        push("fx", true, dec_str(fx));
    }
    push(
        "bm",
        !sc.billing_models.is_empty(),
        list(&sc.billing_models, |m| m.code().into()),
    );
    let s = &sc.spot;
    let ds = &def.spot;
    if s.interruption != ds.interruption {
        match s.interruption {
            InterruptionRate::MonthlyPct(x) => push("si", true, dec_str(x)),
            InterruptionRate::Band(b) => push("si", true, b.code().into()),
            InterruptionRate::HourlyPct(x) => push("sih", true, dec_str(x)),
        }
    }
    push(
        "ck",
        s.checkpoint_minutes != ds.checkpoint_minutes,
        dec_str(s.checkpoint_minutes),
    );
    push(
        "ro",
        s.restart_minutes != ds.restart_minutes,
        dec_str(s.restart_minutes),
    );
    if let Some(j) = s.job_hours {
        push("job", true, dec_str(j));
    }
    if let Some(x) = s.deadline_hours {
        push("dl", true, dec_str(x));
    }
    push(
        "mix",
        sc.mix_spot_share_pct != Decimal::from(DEFAULT_MIX_SHARE_PCT),
        dec_str(sc.mix_spot_share_pct),
    );
    push(
        "mixb",
        sc.mix_baseline != BillingModel::OnDemand,
        sc.mix_baseline.code().into(),
    );
    let pr = &sc.promotions;
    push(
        "fmd",
        !pr.first_month_discount_pct.is_zero(),
        dec_str(pr.first_month_discount_pct),
    );
    if let Some(c) = pr.credit {
        push("cr", !c.amount().is_zero(), money_str(c));
    }
    if let Some(x) = pr.credit_expiry_month {
        push("crx", true, x.to_string());
    }
    match pr.student {
        Some(StudentPrice::Hourly(x)) => push("stu", true, money_str(x)),
        Some(StudentPrice::DiscountPct(x)) => push("stu", true, format!("{}off", dec_str(x))),
        None => {}
    }
    push(
        "stucap",
        pr.student_daily_cap_hours != def.promotions.student_daily_cap_hours,
        dec_str(pr.student_daily_cap_hours),
    );
    let dv = &sc.data;
    push("eg", !dv.egress_gb.is_zero(), dec_str(dv.egress_gb));
    push(
        "xr",
        !dv.cross_region_gb.is_zero(),
        dec_str(dv.cross_region_gb),
    );
    push("st", !dv.storage_gb.is_zero(), dec_str(dv.storage_gb));
    push(
        "bw",
        !dv.bandwidth_mbps.is_zero(),
        dec_str(dv.bandwidth_mbps),
    );
    push(
        "up",
        !sc.user_prices.is_empty(),
        keyed_rates(&sc.user_prices),
    );
    push(
        "ur",
        !sc.user_usage_rates.is_empty(),
        keyed_rates(&sc.user_usage_rates),
    );
    if let Some(a) = sc.assumed_discount {
        let v = match (a.partial_upfront_pct, a.all_upfront_pct) {
            (Some(pa), Some(al)) => format!(
                "{},{},{}",
                dec_str(a.no_upfront_pct),
                dec_str(pa),
                dec_str(al)
            ),
            _ => dec_str(a.no_upfront_pct),
        };
        push("disc", true, v);
    }
    push("q", !v.q.is_empty(), encode(&v.q));
    if let Some(x) = v.max_price {
        push("maxp", true, dec_str(x));
    }
    if let Some(srt) = v.sort {
        push(
            "sort",
            true,
            format!(
                "{}{}",
                if srt.descending { "-" } else { "" },
                srt.column.code()
            ),
        );
    }
    push(
        "cols",
        !v.cols.is_empty(),
        list(&v.cols, |c| c.code().into()),
    );
    let tu = match v.time_unit {
        TimeUnit::H => "h",
        TimeUnit::D => "d",
        TimeUnit::M => "m",
        TimeUnit::Y => "y",
    };
    push("tu", v.time_unit != TimeUnit::H, tu.into());
    let tf = match v.tflops {
        TflopsKind::Fp16 => "fp16",
        TflopsKind::Tf32 => "tf32",
        TflopsKind::Fp32 => "fp32",
    };
    push("tf", v.tflops != TflopsKind::Fp16, tf.into());
    push(
        "sel",
        !v.selected.is_empty(),
        list(&v.selected, |s| s.clone()),
    );
    push("page", v.page != 1, v.page.to_string());
    kv.iter()
        .map(|(k, v)| {
            // single values that went through encode() already, or are safe
            format!("{k}={v}")
        })
        .collect::<Vec<_>>()
        .join("&")
}
