//! The link format: a short, readable, versioned query string shared by the
//! UI's URL and the command line. `LINK_FORMAT.md` (next to this file) is the
//! key table for users; this module is the same table for the code.
//!
//! * Every key is one [`KeySpec`]: its code, its documentation (meaning,
//!   default, valid values), its bounds, how it is read and how it is
//!   written. Parsing, writing and the documentation check
//!   (`tests/link_format.rs`) all walk the same tables: the scenario's keys
//!   here ([`SCENARIO_KEYS`]), the app's and each screen's view keys in the
//!   UI (`ui::link`).
//! * Parsing never fails: a malformed or out-of-range value falls back to
//!   that key's default only and produces a [`LinkNotice`] naming the key;
//!   list keys drop unknown items and keep the known ones; a filter whose
//!   every item is unknown matches nothing ([`Reader::filter_list`]). A missing `v`
//!   means v=1; an unreadable `v` is read as the current version with a
//!   notice; a future `v` gives a notice and is read best-effort.
//! * Links of earlier versions are first rewritten into the current form by
//!   [`migrate`] (with a notice per rewritten key), then read by the tables.
//! * Writing omits defaults (a spec's `write` returns `None`) and writes keys
//!   in table order, so `parse(write(s)) == s` for every valid state.
mod closest;
pub mod codec;
pub mod migrate;
mod scenario_keys;

use serde::{Deserialize, Serialize};

use crate::domain::catalog::Catalog;
use crate::domain::scenario::Scenario;

pub use closest::{closest, closest_filter, vocabulary};
pub use codec::{dec_str, decode, encode, Bad, Bounds};
pub use scenario_keys::{finish_scenario, SCENARIO_KEYS};
pub(crate) use scenario_keys::{money_in, money_str};

/// The link format version this code writes.
pub const LINK_VERSION: u32 = 2;

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
    /// A key of an earlier version read with its old meaning and rewritten
    /// in the current form.
    Migrated,
    /// An earlier-version link uses a promotion whose scope the engine has
    /// since changed (first-month discount, student cap): figures may differ
    /// from when the link was made.
    RuleChanged,
    /// The link was made with another dataset (`d`, value = its version):
    /// prices may have been updated since.
    DataUpdated,
    /// A filter whose every item is unknown (value = the filter as given):
    /// it matches nothing, never every offer.
    NoMatch,
    /// More unknown keys than [`UNKNOWN_KEYS_APART`], in one notice
    /// instead of one each (key = the first of them, joined, value = how
    /// many).
    UnknownKeys,
    /// A value longer than its key allows (the search text): its first
    /// characters are kept (value = how many).
    Shortened,
    /// A value that is not validly percent-encoded (a `%` not followed by
    /// two hex digits, or bytes that are not UTF-8): the key's default is
    /// used (value = the value as written).
    BadEscape,
}

/// More unknown keys than this are one notice (a link with thousands of
/// them would otherwise stack thousands).
pub const UNKNOWN_KEYS_APART: usize = 3;

/// The unknown keys of `notices`, when there are more than
/// [`UNKNOWN_KEYS_APART`], as one notice where the first was: the first
/// keys named, and how many.
fn unknown_keys_together(notices: &mut Vec<LinkNotice>) {
    let unknown = |n: &LinkNotice| n.code == LinkNoticeCode::UnknownKey;
    let count = notices.iter().filter(|n| unknown(n)).count();
    let Some(at) = notices
        .iter()
        .position(unknown)
        .filter(|_| count > UNKNOWN_KEYS_APART)
    else {
        return;
    };
    // each key shortened: they are the link's, whatever it holds
    let mut named: Vec<String> = notices
        .iter()
        .filter(|n| unknown(n))
        .take(5)
        .map(|n| n.key.chars().take(20).collect())
        .collect();
    if count > named.len() {
        named.push("…".into());
    }
    // the count with its thousands grouped, as the screens write numbers
    let digits = count.to_string();
    let mut n = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            n.push(',');
        }
        n.push(d);
    }
    let one = LinkNotice::new(&named.join(", "), &n, LinkNoticeCode::UnknownKeys);
    notices.retain(|n| !unknown(n));
    notices.insert(at, one);
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinkNotice {
    pub key: String,
    pub value: String,
    pub code: LinkNoticeCode,
}

impl LinkNotice {
    pub fn new(key: &str, value: &str, code: LinkNoticeCode) -> LinkNotice {
        LinkNotice {
            key: key.to_string(),
            value: value.to_string(),
            code,
        }
    }
}

/// One link key: its documentation (the row of `LINK_FORMAT.md`), its
/// bounds and how it is read into / written from the part of the state `T`
/// its table owns.
///
/// The documentation fields exist in native builds only (the tests and the
/// command line): the browser never shows them, and they would add their
/// text to the wasm bundle.
pub struct KeySpec<T: 'static> {
    pub code: &'static str,
    #[cfg(not(target_arch = "wasm32"))]
    pub meaning: &'static str,
    #[cfg(not(target_arch = "wasm32"))]
    pub default: &'static str,
    #[cfg(not(target_arch = "wasm32"))]
    pub values: &'static str,
    /// For number keys: the accepted range, read by the parser from here.
    pub bounds: Option<Bounds>,
    /// Read the raw (still percent-encoded) value into the state. An error
    /// leaves the state's default and gives a notice for the key.
    pub read: fn(&mut Reader, &str, &mut T) -> Result<(), Bad>,
    /// The encoded value, or `None` when the state has the default (written
    /// as nothing, which keeps links short).
    pub write: fn(&T) -> Option<String>,
}

/// What a key's `read` sees: the catalog (to check ids), the link's
/// version, the key's bounds, and the notices so far.
pub struct Reader<'a> {
    pub catalog: &'a Catalog,
    pub version: u32,
    key: &'static str,
    bounds: Option<Bounds>,
    notices: Vec<LinkNotice>,
    /// Keys whose amount had no currency suffix: it is in the link's
    /// display currency, known only once every key is read.
    pub bare_amounts: Vec<&'static str>,
    /// Filters read with no known value, in key order: they become
    /// `Scenario::no_match` once every key is read.
    pub no_match: Vec<(String, String)>,
}

impl Reader<'_> {
    /// The notices, once every key is read.
    pub fn into_notices(self) -> Vec<LinkNotice> {
        self.notices
    }

    /// A notice about the key being read.
    pub fn note(&mut self, value: &str, code: LinkNoticeCode) {
        self.notices.push(LinkNotice::new(self.key, value, code));
    }

    /// A notice about another key (used once the whole link is read).
    pub fn note_key(&mut self, key: &str, value: &str, code: LinkNoticeCode) {
        self.notices.push(LinkNotice::new(key, value, code));
    }

    fn bounds(&self) -> Bounds {
        // Every number key declares its bounds; a key without them is a
        // programming error caught by `tests/link_format.rs`, read as ≥ 0.
        self.bounds.unwrap_or(Bounds::dec(0, Decimal::MAX, false))
    }

    /// The value as a number within the key's bounds.
    pub fn number(&self, raw: &str) -> Result<Decimal, Bad> {
        self.bounds().check(&decode(raw))
    }

    /// The value as a whole number within the key's bounds.
    pub fn whole(&self, raw: &str) -> Result<u32, Bad> {
        self.bounds().check_u32(&decode(raw))
    }

    /// A filter's comma list: unknown items are dropped with a notice each;
    /// when items were given and none is known, the filter matches nothing
    /// (never every offer): the list is empty and the filter is kept in
    /// [`Reader::no_match`], with one `NoMatch` notice instead of one per
    /// item.
    pub fn filter_list<U>(&mut self, raw: &str, f: impl Fn(&str) -> Option<U>) -> Vec<U> {
        let before = self.notices.len();
        let out = self.list(raw, f);
        self.filter_read(before, out.is_empty(), raw);
        out
    }

    /// After a filter's list: a later value of the key replaces an earlier
    /// one; with items and none known, their notices become one `NoMatch`
    /// and the filter is kept as matching nothing (in key order, so a state
    /// reads back equal whatever the order of its link's keys).
    fn filter_read(&mut self, before: usize, empty: bool, raw: &str) {
        let key = self.key;
        self.no_match.retain(|(k, _)| k != key);
        if empty && self.notices.len() > before {
            self.notices.truncate(before);
            let value = decode(raw);
            self.note(&value, LinkNoticeCode::NoMatch);
            let at = self.no_match.partition_point(|(k, _)| k.as_str() < key);
            self.no_match.insert(at, (key.to_string(), value));
        }
    }

    /// A comma list; unknown items are dropped with a notice each.
    pub fn list<U>(&mut self, raw: &str, f: impl Fn(&str) -> Option<U>) -> Vec<U> {
        let mut out = Vec::new();
        for item in raw.split(',') {
            let item = decode(item);
            if item.is_empty() {
                continue;
            }
            match f(&item) {
                Some(v) => out.push(v),
                None => self.note(&item, LinkNoticeCode::UnknownItem),
            }
        }
        out
    }
}

use rust_decimal::Decimal;

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

/// The link's `key=value` pairs, keys decoded, values still encoded.
fn pairs(input: &str) -> Vec<(String, String)> {
    query_part(input)
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| match pair.find('=') {
            Some(i) => (decode(&pair[..i]), pair[i + 1..].to_string()),
            None => (decode(pair), String::new()),
        })
        .collect()
}

/// The version a link was written in (wherever `v` stands): 1 when absent;
/// a `v` that does not read as a version (`v=abc`) is read as the current
/// version, and the key's notice says so (it is never taken for v1 silently).
fn version_of(pairs: &[(String, String)]) -> u32 {
    let mut given = pairs.iter().filter(|(k, _)| k == "v").peekable();
    if given.peek().is_none() {
        return 1;
    }
    given
        .filter_map(|(_, v)| VERSION_BOUNDS.check_u32(&decode(v)).ok())
        .next_back()
        .unwrap_or(LINK_VERSION)
}

const VERSION_BOUNDS: Bounds = Bounds::whole(1, u32::MAX / 2);

/// The `v` key's documentation row (the driver reads it, not a table).
#[cfg(not(target_arch = "wasm32"))]
pub const VERSION_DOC: [&str; 4] = [
    "v",
    "format version",
    "`2`",
    "`1` or `2`; a missing `v` means 1 (see *Versions*); a `v` that is not a version (`v=abc`) is read as 2 with a notice `invalid_value`; a newer `v` gives a notice and is read best-effort",
];

/// Read a key into `value` with the first spec of `specs` whose code is
/// `key`; false when no spec of the table has that code.
pub fn read_key<T>(
    specs: &'static [KeySpec<T>],
    value: &mut T,
    r: &mut Reader,
    key: &str,
    raw: &str,
) -> bool {
    let Some(spec) = specs.iter().find(|s| s.code == key) else {
        return false;
    };
    r.key = spec.code;
    r.bounds = spec.bounds;
    match (spec.read)(r, raw, value) {
        Ok(()) => {}
        Err(Bad::Invalid) => r.note(&decode(raw), LinkNoticeCode::InvalidValue),
        Err(Bad::Range) => r.note(&decode(raw), LinkNoticeCode::OutOfRange),
    }
    true
}

/// Append `code=value` for every key of `specs` whose value is not the default.
pub fn write_keys<T>(specs: &'static [KeySpec<T>], value: &T, out: &mut Vec<String>) {
    for s in specs {
        if let Some(v) = (s.write)(value) {
            out.push(format!("{}={v}", s.code));
        }
    }
}

/// Read a link: split it, migrate an earlier version, check `v` and
/// duplicates, and hand every other key to `dispatch` (which returns false
/// for a key no table owns: an `unknown_key` notice). The returned reader
/// holds the notices; values that depend on several keys are settled after
/// (e.g. [`finish_scenario`]).
pub fn read<'a>(
    input: &str,
    catalog: &'a Catalog,
    mut dispatch: impl FnMut(&mut Reader, &str, &str) -> bool,
) -> Reader<'a> {
    let pairs = pairs(input);
    let version = version_of(&pairs);
    let mut r = Reader {
        catalog,
        version,
        key: "",
        bounds: None,
        notices: Vec::new(),
        bare_amounts: Vec::new(),
        no_match: Vec::new(),
    };
    let pairs = migrate::to_current(version, pairs, &mut r.notices);
    let mut seen: Vec<&str> = Vec::new();
    for (key, raw) in &pairs {
        if seen.contains(&key.as_str()) {
            r.notices.push(LinkNotice::new(
                key,
                &decode(raw),
                LinkNoticeCode::DuplicateKey,
            ));
        } else {
            seen.push(key);
        }
        if key == "v" {
            match VERSION_BOUNDS.check_u32(&decode(raw)) {
                Ok(1..=LINK_VERSION) => {}
                Ok(_) => r.note_key(key, &decode(raw), LinkNoticeCode::UnsupportedVersion),
                Err(_) => r.note_key(key, &decode(raw), LinkNoticeCode::InvalidValue),
            }
        } else if !codec::well_encoded(raw) {
            r.note_key(key, raw, LinkNoticeCode::BadEscape);
        } else if !dispatch(&mut r, key, raw) {
            r.note_key(key, &decode(raw), LinkNoticeCode::UnknownKey);
        }
    }
    unknown_keys_together(&mut r.notices);
    r
}

/// Read only the scenario's keys of a link (any other key is unknown here;
/// the app's links are read by `ui::link`, which adds the view keys).
pub fn parse_scenario(input: &str, catalog: &Catalog) -> (Scenario, Vec<LinkNotice>) {
    let mut sc = Scenario::default();
    let mut r = read(input, catalog, |r, k, raw| {
        read_key(SCENARIO_KEYS, &mut sc, r, k, raw)
    });
    finish_scenario(&mut sc, &mut r);
    (sc, r.into_notices())
}
