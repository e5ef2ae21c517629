//! A compact binary form of the catalog, written at build time by `build.rs`
//! from `src/data/catalog.json` and read by `domain::embedded`.
//!
//! Why: parsing the JSON in the browser pulled serde_json and serde's
//! tagged-enum machinery into the wasm bundle (a large share of the
//! first-load budget: docs/SIZE.md). This hand-written format is sequential
//! fields, little-endian integers, varint lengths, exact `Decimal`s (a scale
//! byte; the mantissas' bytes in streams apart, see `Mantissas`), and
//! strings stored once in a table and referenced by index (ids, dates and
//! notes repeat across hundreds of offers, further apart than gzip's
//! window); an offer's id is not stored when it is its provider, region and
//! type joined. The JSON stays the source of truth.
//! Every struct lists its fields in `wire_struct!` (or a hand-written impl)
//! and is read with a struct literal, so adding a field to a catalog type
//! without adding it here is a compile error.
//!
//! This file is also compiled into `build.rs` (with `catalog/`), so it uses
//! only `super::catalog`.

use rust_decimal::Decimal;

use super::catalog::*;

/// Bumped whenever the encoding changes.
pub const WIRE_VERSION: u32 = 12;

/// Which data file a catalog is written as: the app's leaves out what only
/// the worker reads (provider facts and SLAs, usage rates, promotions,
/// benchmarks, per-field GPU sources, notes, superseded prices but the
/// newest one's date: [`take_rest`]), and the app's build has no
/// code to read those fields at all (they are its default); the worker's
/// file, and every native build, has everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    App = 0,
    Full = 1,
}

/// The app's wasm (no worker templates) reads only the app's file.
#[cfg(all(target_arch = "wasm32", not(feature = "worker-html")))]
const READS_FULL: bool = false;
#[cfg(not(all(target_arch = "wasm32", not(feature = "worker-html"))))]
const READS_FULL: bool = true;
const MAGIC: &[u8; 4] = b"GPUC";
const HISTORY_MAGIC: &[u8; 4] = b"GPUH";

/// Why decoding failed (the bytes are built from a validated file, so this
/// only signals a corrupted or mismatched build).
#[derive(Debug, Clone, PartialEq)]
pub struct WireError(pub &'static str);

/// Encoder state: the body and the string table being built.
pub struct Writer {
    /// Whether the worker-only fields are written.
    full: bool,
    buf: Vec<u8>,
    /// The decimals' mantissas, in streams of their own (see `Decimal`).
    nums: Mantissas<Vec<u8>>,
    index: std::collections::HashMap<String, u32>,
    table: Vec<String>,
}

impl Writer {
    fn push(&mut self, b: u8) {
        self.buf.push(b);
    }

    fn extend(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// LEB128 unsigned varint.
    fn varint(&mut self, mut v: u32) {
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.buf.push(byte);
                return;
            }
            self.buf.push(byte | 0x80);
        }
    }
}

pub struct Reader<'a> {
    /// Whether the file has the worker-only fields.
    full: bool,
    bytes: &'a [u8],
    pos: usize,
    /// The decimals' mantissas.
    nums: Mantissas<Stream<'a>>,
    strings: Vec<String>,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        let end = self
            .pos
            .checked_add(n)
            .ok_or(WireError("length overflow"))?;
        let s = self
            .bytes
            .get(self.pos..end)
            .ok_or(WireError("unexpected end"))?;
        self.pos = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], WireError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, WireError> {
        Ok(self.take(1)?[0])
    }

    /// One stream of the file: its length, then its bytes.
    fn stream(&mut self) -> Result<Stream<'a>, WireError> {
        let n = self.varint()? as usize;
        Ok(Stream {
            bytes: self.take(n)?,
            pos: 0,
        })
    }

    fn varint(&mut self) -> Result<u32, WireError> {
        let mut v: u32 = 0;
        for shift in (0..35).step_by(7) {
            let b = self.byte()?;
            v |= u32::from(b & 0x7f)
                .checked_shl(shift)
                .ok_or(WireError("varint overflow"))?;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(WireError("varint too long"))
    }

    fn utf8(&mut self) -> Result<String, WireError> {
        let n = self.varint()? as usize;
        let b = self.take(n)?;
        core::str::from_utf8(b)
            .map(str::to_owned)
            .map_err(|_| WireError("bad utf-8"))
    }
}

/// A value that can be written to and read from the wire.
pub trait Wire: Sized {
    fn put(&self, w: &mut Writer);
    fn get(r: &mut Reader) -> Result<Self, WireError>;
}

macro_rules! wire_int {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn put(&self, w: &mut Writer) {
                w.extend(&self.to_le_bytes());
            }
            fn get(r: &mut Reader) -> Result<Self, WireError> {
                Ok(<$t>::from_le_bytes(r.array()?))
            }
        }
    )*};
}
wire_int!(u16, u32, u64, f64);

impl Wire for bool {
    fn put(&self, w: &mut Writer) {
        w.push(u8::from(*self));
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(WireError("bad bool")),
        }
    }
}

fn put_len(len: usize, w: &mut Writer) {
    // Catalog lists and strings are far below 4 GiB.
    w.varint(len as u32);
}

/// A string is an index into the table (each distinct string stored once).
/// A shared string: written like a `String` (same string table).
impl Wire for std::sync::Arc<str> {
    fn put(&self, w: &mut Writer) {
        self.to_string().put(w)
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        String::get(r).map(std::sync::Arc::from)
    }
}

/// A shared list: written like a `Vec`.
impl<T: Wire> Wire for std::sync::Arc<[T]> {
    fn put(&self, w: &mut Writer) {
        put_len(self.len(), w);
        for v in self.iter() {
            v.put(w);
        }
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        Vec::<T>::get(r).map(std::sync::Arc::from)
    }
}

/// Ids (`catalog/ids.rs`): written like a `String` (same string table), so the
/// bytes are those of the plain strings they replaced.
macro_rules! wire_string_id {
    ($($t:ident),+ $(,)?) => {$(
        impl Wire for $t {
            fn put(&self, w: &mut Writer) {
                self.as_str().to_string().put(w)
            }
            fn get(r: &mut Reader) -> Result<Self, WireError> {
                String::get(r).map($t::from)
            }
        }
    )+};
}
wire_string_id!(OfferId, GpuId, RegionCode);

impl Wire for String {
    fn put(&self, w: &mut Writer) {
        let next = w.table.len() as u32;
        let i = *w.index.entry(self.clone()).or_insert(next);
        if i == next {
            w.table.push(self.clone());
        }
        w.varint(i);
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        let i = r.varint()? as usize;
        r.strings
            .get(i)
            .cloned()
            .ok_or(WireError("bad string index"))
    }
}

/// The decimals' mantissas, apart from the body: their lengths in bytes,
/// their first (most significant) bytes and the rest, each a stream of its
/// own. Apart, what remains of the body repeats from one region's offers to
/// another's (the same types, models, sources and dates), which gzip finds
/// only when the prices do not break it up; and the first bytes (which
/// follow the prices' magnitudes) do not share a code with the rest (which
/// are as good as random).
#[derive(Default)]
pub struct Mantissas<S> {
    lens: S,
    first: S,
    rest: S,
}

/// A stream being read.
#[derive(Default)]
pub struct Stream<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Stream<'_> {
    fn next(&mut self) -> Result<u8, WireError> {
        let b = *self
            .bytes
            .get(self.pos)
            .ok_or(WireError("unexpected end"))?;
        self.pos += 1;
        Ok(b)
    }

    fn done(&self) -> bool {
        self.pos == self.bytes.len()
    }
}

/// A decimal as one byte in the body (scale, sign in the top bit) and its
/// mantissa's magnitude, big-endian, in [`Mantissas`]: exact, 1–4 bytes for
/// a typical price.
impl Wire for Decimal {
    fn put(&self, w: &mut Writer) {
        let neg = self.is_sign_negative();
        w.push(self.scale() as u8 | if neg { 0x80 } else { 0 });
        let m = self.mantissa().unsigned_abs();
        let n = (128 - m.leading_zeros() as usize).div_ceil(8);
        let be = m.to_be_bytes();
        let m = &be[16 - n..];
        w.nums.lens.push(n as u8);
        if let Some((first, rest)) = m.split_first() {
            w.nums.first.push(*first);
            w.nums.rest.extend_from_slice(rest);
        }
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        let head = r.byte()?;
        let n = r.nums.lens.next()?;
        if n > 12 {
            return Err(WireError("decimal too long"));
        }
        let mut m: i128 = 0;
        for i in 0..n {
            let b = if i == 0 {
                r.nums.first.next()?
            } else {
                r.nums.rest.next()?
            };
            m = m << 8 | i128::from(b);
        }
        let m = if head & 0x80 != 0 { -m } else { m };
        Decimal::try_from_i128_with_scale(m, u32::from(head & 0x7f))
            .map_err(|_| WireError("bad decimal"))
    }
}

/// Not data: nothing written, a fresh hint read.
impl Wire for RegionHint {
    fn put(&self, _: &mut Writer) {}
    fn get(_: &mut Reader) -> Result<Self, WireError> {
        Ok(RegionHint::default())
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, w: &mut Writer) {
        match self {
            None => w.push(0),
            Some(v) => {
                w.push(1);
                v.put(w);
            }
        }
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        match r.byte()? {
            0 => Ok(None),
            1 => Ok(Some(T::get(r)?)),
            _ => Err(WireError("bad option tag")),
        }
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, w: &mut Writer) {
        put_len(self.len(), w);
        for v in self {
            v.put(w);
        }
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        let n = r.varint()? as usize;
        // Never trust a length for the allocation: grow as items arrive.
        let mut out = Vec::with_capacity(n.min(1024));
        for _ in 0..n {
            out.push(T::get(r)?);
        }
        Ok(out)
    }
}

/// Code enums (`codes.rs`) as one byte: the variant's index in `ALL`.
macro_rules! wire_unit_enum {
    ($($t:ident),+ $(,)?) => {$(
        impl Wire for $t {
            fn put(&self, w: &mut Writer) {
                w.push(self.index() as u8);
            }
            fn get(r: &mut Reader) -> Result<Self, WireError> {
                $t::ALL
                    .get(r.byte()? as usize)
                    .copied()
                    .ok_or(WireError(concat!("bad ", stringify!($t))))
            }
        }
    )+};
}
wire_unit_enum!(
    ProviderId,
    Currency,
    RegionGroup,
    SourceKind,
    Upfront,
    UsageKind,
    Workload,
    Precision,
    AcceleratorKind,
    Stack,
    AcceleratorUse,
    SlaScope,
    RdmaKind,
    SpotBand,
    GpuLink
);

/// A worker-only field: written in the full layout only; read there, and
/// the default in the app's file (the app's build has no code to read it).
fn put_full<T: Wire>(v: &T, w: &mut Writer) {
    if w.full {
        v.put(w);
    }
}

fn get_full<T: Wire + Default>(r: &mut Reader) -> Result<T, WireError> {
    if READS_FULL && r.full {
        T::get(r)
    } else {
        Ok(T::default())
    }
}

/// Structs as their fields in order; after `full:`, the worker-only ones.
macro_rules! wire_struct {
    ($t:ident { $($f:ident),+ $(,)? $(; full: $($g:ident),+ $(,)?)? }) => {
        impl Wire for $t {
            fn put(&self, w: &mut Writer) {
                $(self.$f.put(w);)+
                $($(put_full(&self.$g, w);)+)?
            }
            fn get(r: &mut Reader) -> Result<Self, WireError> {
                Ok($t { $($f: Wire::get(r)?,)+ $($($g: get_full(r)?,)+)? })
            }
        }
    };
}
wire_struct!(Source {
    id,
    title,
    reference,
    as_of,
    kind,
    note;
    full: as_of_zh,
    note_zh
});
wire_struct!(Gpu {
    id,
    name,
    vendor,
    form_factor,
    memory_gb,
    memory_type,
    memory_bandwidth_gbs,
    fp32_tflops,
    tf32_tflops_dense,
    tf32_tflops_sparse,
    fp16_tflops_dense,
    fp16_tflops_sparse,
    fp8_tflops_dense,
    fp8_tflops_sparse,
    int8_tops_dense,
    int8_tops_sparse,
    sparsity_2to1,
    interconnect,
    tdp_w,
    release_year,
    kind,
    stack,
    uses,
    sources;
    full: architecture,
    kind_source,
    frameworks,
    frameworks_source,
    field_sources,
    note,
});
wire_struct!(FieldSource { field, source });
wire_struct!(Sla {
    scope,
    pct,
    source,
    as_of,
    undated,
    secondary,
    note
});
wire_struct!(Network {
    gbps,
    rdma,
    fabric_gbps,
    gpu_link,
    source,
    as_of;
    full: note
});
wire_struct!(Fact {
    topic,
    text_en,
    text_zh,
    source,
    as_of,
    claims,
    applies_to
});
wire_struct!(BillingRules {
    granularity_seconds,
    minimum_seconds,
    spot_notice_seconds,
    spot_protection_hours,
    hours_per_month,
});
wire_struct!(Provider {
    id,
    name_en,
    name_zh,
    billing;
    full: facts,
    sla
});
wire_struct!(Region {
    provider,
    code,
    name_en,
    name_zh,
    group
});
wire_struct!(Price {
    kind,
    currency,
    source,
    as_of,
    indicative,
    range_min,
    spot_exceeds_on_demand_sourced,
    split_unknown,
    interruption_band;
    full: note, interruption_monthly_pct, steps,
});
wire_struct!(Step { from_hours, hourly });
/// An offer as its fields in order, except the id: almost always
/// `provider:region:instance_type`, so it is written only when it is not
/// (a leading `Option`), and rebuilt from those three when reading.
impl Wire for Offer {
    fn put(&self, w: &mut Writer) {
        let derived = derived_offer_id(self.provider, &self.region, &self.instance_type);
        (self.id.as_str() != derived)
            .then(|| self.id.as_str().to_string())
            .put(w);
        self.provider.put(w);
        self.region.put(w);
        self.instance_type.put(w);
        self.family.put(w);
        self.gpu.put(w);
        self.gpu_count.put(w);
        self.gpu_memory_gb.put(w);
        self.vcpu.put(w);
        self.ram_gib.put(w);
        self.network.put(w);
        self.local_storage.put(w);
        self.prices.put(w);
        self.price_history.put(w);
        self.spec_sources.put(w);
        self.net.put(w);
        put_full(&self.alt_prices, w);
        put_full(&self.note, w);
        self.superseded_on.put(w);
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        let id: Option<String> = Wire::get(r)?;
        let provider: ProviderId = Wire::get(r)?;
        let region: RegionCode = Wire::get(r)?;
        let instance_type: String = Wire::get(r)?;
        let id = id.unwrap_or_else(|| derived_offer_id(provider, &region, &instance_type));
        Ok(Offer {
            id: OfferId::from(id.as_str()),
            provider,
            region,
            instance_type,
            family: Wire::get(r)?,
            gpu: Wire::get(r)?,
            gpu_count: Wire::get(r)?,
            gpu_memory_gb: Wire::get(r)?,
            vcpu: Wire::get(r)?,
            ram_gib: Wire::get(r)?,
            network: Wire::get(r)?,
            local_storage: Wire::get(r)?,
            prices: Wire::get(r)?,
            price_history: Wire::get(r)?,
            spec_sources: Wire::get(r)?,
            net: Wire::get(r)?,
            alt_prices: get_full(r)?,
            note: get_full(r)?,
            superseded_on: Wire::get(r)?,
        })
    }
}

pub(crate) fn derived_offer_id(
    provider: ProviderId,
    region: &RegionCode,
    instance_type: &str,
) -> String {
    format!("{}:{}:{instance_type}", provider.code(), region.as_str())
}
wire_struct!(Tier { up_to, price });
wire_struct!(UsageRate {
    provider,
    region,
    kind,
    currency,
    tiers,
    source,
    as_of,
    note
});
wire_struct!(FxDefault {
    cny_per_usd,
    as_of,
    source
});
wire_struct!(OfferHistory { id, prices });
wire_struct!(History { kept, offers });
wire_struct!(Catalog {
    schema,
    as_of,
    hash,
    region_hint,
    fx,
    sources,
    gpus,
    providers,
    regions,
    offers;
    full: usage_rates,
    promotions,
    benchmarks,
});
wire_struct!(Benchmark {
    gpu,
    gpu_count,
    workload,
    precision,
    samples_per_sec,
    system,
    source,
    as_of,
});
wire_struct!(Promotion {
    provider,
    name,
    applies_to,
    benefit,
    eligibility,
    cap,
    expiry,
    source,
    as_of,
    note,
});

impl Wire for PriceKind {
    fn put(&self, w: &mut Writer) {
        match self {
            PriceKind::OnDemand { hourly } => {
                w.push(0);
                hourly.put(w);
            }
            PriceKind::Spot {
                hourly_min,
                hourly_max,
            } => {
                w.push(1);
                hourly_min.put(w);
                hourly_max.put(w);
            }
            PriceKind::Reserved {
                term_months,
                payment,
                upfront,
                hourly,
            } => {
                w.push(2);
                term_months.put(w);
                payment.put(w);
                upfront.put(w);
                hourly.put(w);
            }
            PriceKind::SavingsPlan {
                term_months,
                payment,
                hourly,
            } => {
                w.push(3);
                term_months.put(w);
                payment.put(w);
                hourly.put(w);
            }
            PriceKind::Subscription { monthly } => {
                w.push(4);
                monthly.put(w);
            }
            PriceKind::CapacityBlock { hourly } => {
                w.push(5);
                hourly.put(w);
            }
        }
    }
    fn get(r: &mut Reader) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => PriceKind::OnDemand {
                hourly: Wire::get(r)?,
            },
            1 => PriceKind::Spot {
                hourly_min: Wire::get(r)?,
                hourly_max: Wire::get(r)?,
            },
            2 => PriceKind::Reserved {
                term_months: Wire::get(r)?,
                payment: Wire::get(r)?,
                upfront: Wire::get(r)?,
                hourly: Wire::get(r)?,
            },
            3 => PriceKind::SavingsPlan {
                term_months: Wire::get(r)?,
                payment: Wire::get(r)?,
                hourly: Wire::get(r)?,
            },
            4 => PriceKind::Subscription {
                monthly: Wire::get(r)?,
            },
            5 => PriceKind::CapacityBlock {
                hourly: Wire::get(r)?,
            },
            _ => return Err(WireError("bad price model")),
        })
    }
}

/// Encode a catalog: magic, version, layout, string table, the decimals'
/// mantissas (three streams), body.
pub fn encode(c: &Catalog) -> Vec<u8> {
    encode_as(c, Layout::Full)
}

/// The catalog as one of the two data files.
pub fn encode_as(c: &Catalog, layout: Layout) -> Vec<u8> {
    encode_value(c, layout, MAGIC)
}

/// The price history's data file (`history.bin`), in the full layout.
pub fn encode_history(h: &History) -> Vec<u8> {
    encode_value(h, Layout::Full, HISTORY_MAGIC)
}

/// Decode a price history written by [`encode_history`].
pub fn decode_history(bytes: &[u8]) -> Result<History, WireError> {
    decode_value(bytes, HISTORY_MAGIC)
}

fn encode_value<T: Wire>(c: &T, layout: Layout, magic: &[u8; 4]) -> Vec<u8> {
    let mut body = Writer {
        full: layout == Layout::Full,
        buf: Vec::with_capacity(128 * 1024),
        nums: Mantissas::default(),
        index: std::collections::HashMap::new(),
        table: Vec::new(),
    };
    c.put(&mut body);
    let mut out = Writer {
        full: body.full,
        buf: Vec::with_capacity(body.buf.len() + 128 * 1024),
        nums: Mantissas::default(),
        index: std::collections::HashMap::new(),
        table: Vec::new(),
    };
    out.extend(magic);
    WIRE_VERSION.put(&mut out);
    out.push(layout as u8);
    out.varint(body.table.len() as u32);
    for t in &body.table {
        out.varint(t.len() as u32);
        out.extend(t.as_bytes());
    }
    for s in [&body.nums.lens, &body.nums.first, &body.nums.rest] {
        out.varint(s.len() as u32);
        out.extend(s);
    }
    out.extend(&body.buf);
    out.buf
}

/// Decode a catalog written by [`encode`]; trailing bytes are an error.
pub fn decode(bytes: &[u8]) -> Result<Catalog, WireError> {
    decode_value(bytes, MAGIC)
}

fn decode_value<T: Wire>(bytes: &[u8], magic: &[u8; 4]) -> Result<T, WireError> {
    let mut r = Reader {
        full: false,
        bytes,
        pos: 0,
        nums: Mantissas::default(),
        strings: Vec::new(),
    };
    if r.take(4)? != magic {
        return Err(WireError("not a catalog"));
    }
    if u32::get(&mut r)? != WIRE_VERSION {
        return Err(WireError("wire version mismatch"));
    }
    r.full = match r.byte()? {
        0 => false,
        1 if READS_FULL => true,
        1 => return Err(WireError("the worker's data file, not the app's")),
        _ => return Err(WireError("unknown layout")),
    };
    let n = r.varint()? as usize;
    let mut strings = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        strings.push(r.utf8()?);
    }
    r.strings = strings;
    r.nums = Mantissas {
        lens: r.stream()?,
        first: r.stream()?,
        rest: r.stream()?,
    };
    let c = T::get(&mut r)?;
    let n = &r.nums;
    if r.pos != bytes.len() || !(n.lens.done() && n.first.done() && n.rest.done()) {
        return Err(WireError("trailing bytes"));
    }
    Ok(c)
}

/// The worker's data file (`catalog-rest.bin`): what the worker reads
/// beyond the app's file (`catalog.bin`, [`Catalog::for_browser`]), which
/// the worker reads too, so a link to a worker's screen downloads the
/// offers once and a refresh that moves prices only changes the app's
/// file. Field by field, in the catalog's order, everything
/// `for_browser` leaves out (the whole sources list with its text, each
/// GPU's, provider's, offer's and price's worker-only fields, usage rates,
/// promotions, benchmarks), with the shape of the catalog it was split
/// from (`Catalog::shape`): read beside another dataset's app file it is
/// refused, not misread.
const REST_MAGIC: &[u8; 4] = b"GPUR";

/// The rest of a catalog ([`encode_rest`]).
pub(crate) struct Rest {
    shape: u64,
    sources: Vec<Source>,
    gpus: Vec<GpuRest>,
    providers: Vec<ProviderRest>,
    offers: Vec<OfferRest>,
    usage_rates: Vec<UsageRate>,
    promotions: Vec<Promotion>,
    benchmarks: Vec<Benchmark>,
}

struct GpuRest {
    sources: Vec<String>,
    field_sources: Vec<FieldSource>,
    architecture: Option<String>,
    kind_source: Option<String>,
    frameworks: Option<Vec<String>>,
    frameworks_source: Option<String>,
    note: Option<String>,
}

struct ProviderRest {
    facts: Vec<Fact>,
    sla: Vec<Sla>,
}

struct OfferRest {
    note: Option<String>,
    spec_sources: Vec<String>,
    net_note: Option<String>,
    alt_prices: Vec<Price>,
    prices: Vec<PriceRest>,
    /// The newest superseded price, whole (the app's file has its date).
    price_history: Vec<Price>,
}

struct PriceRest {
    note: Option<String>,
    interruption_monthly_pct: Option<Decimal>,
    steps: std::sync::Arc<[Step]>,
}

wire_struct!(Rest {
    shape,
    sources,
    gpus,
    providers,
    offers,
    usage_rates,
    promotions,
    benchmarks
});
wire_struct!(GpuRest {
    sources,
    field_sources,
    architecture,
    kind_source,
    frameworks,
    frameworks_source,
    note
});
wire_struct!(ProviderRest { facts, sla });
wire_struct!(OfferRest {
    note,
    spec_sources,
    net_note,
    alt_prices,
    prices,
    price_history
});
wire_struct!(PriceRest {
    note,
    interruption_monthly_pct,
    steps
});

/// What the app's data file leaves out of a catalog and the rest carries to
/// the worker, taken out of `c` (each field left at its default): one
/// pattern per struct naming every field, kept (`_`) or taken, so a field
/// added to one does not compile until it is sorted here. The one list
/// serves both sides: [`Catalog::for_browser`] drops what it takes, and
/// [`encode_rest`] writes it. The sources are the caller's: the rest has
/// the whole list, the app's file the cited ones, shortened.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn take_rest(c: &mut Catalog, shape: u64, sources: Vec<Source>) -> Rest {
    use std::mem::take;
    let Catalog {
        schema: _,
        as_of: _,
        fx: _,
        sources: _,
        gpus,
        providers,
        regions: _,
        offers,
        usage_rates,
        promotions,
        benchmarks,
        hash: _,
        region_hint: _,
    } = c;
    let gpu = |g: &mut Gpu| {
        let Gpu {
            id: _,
            name: _,
            vendor: _,
            form_factor: _,
            memory_gb: _,
            memory_type: _,
            memory_bandwidth_gbs: _,
            fp32_tflops: _,
            tf32_tflops_dense: _,
            tf32_tflops_sparse: _,
            fp16_tflops_dense: _,
            fp16_tflops_sparse: _,
            fp8_tflops_dense: _,
            fp8_tflops_sparse: _,
            int8_tops_dense: _,
            int8_tops_sparse: _,
            sparsity_2to1: _,
            interconnect: _,
            tdp_w: _,
            release_year: _,
            kind: _,
            stack: _,
            uses: _,
            // what only the worker (job estimates, the advise checks, the
            // providers screen) reads; spec sources are cited by the data
            // screen and the exports
            architecture,
            kind_source,
            frameworks,
            frameworks_source,
            field_sources,
            sources,
            note,
        } = g;
        GpuRest {
            sources: take(sources),
            field_sources: take(field_sources),
            architecture: take(architecture),
            kind_source: take(kind_source),
            frameworks: take(frameworks),
            frameworks_source: take(frameworks_source),
            note: take(note),
        }
    };
    let provider = |p: &mut Provider| {
        let Provider {
            id: _,
            name_en: _,
            name_zh: _,
            billing: _,
            facts,
            sla,
        } = p;
        ProviderRest {
            facts: take(facts),
            sla: take(sla),
        }
    };
    let price = |p: &mut Price| {
        let Price {
            kind: _,
            currency: _,
            source: _,
            as_of: _,
            indicative: _,
            range_min: _,
            spot_exceeds_on_demand_sourced: _,
            split_unknown: _,
            interruption_band: _,
            interruption_monthly_pct,
            steps,
            note,
        } = p;
        PriceRest {
            note: take(note),
            interruption_monthly_pct: take(interruption_monthly_pct),
            steps: take(steps),
        }
    };
    let offer = |o: &mut Offer| {
        let Offer {
            id: _,
            provider: _,
            region: _,
            instance_type: _,
            family: _,
            gpu: _,
            gpu_count: _,
            gpu_memory_gb: _,
            vcpu: _,
            ram_gib: _,
            network: _,
            local_storage: _,
            prices,
            price_history,
            alt_prices,
            spec_sources,
            note,
            net,
            // the app's file's date of the history it leaves here
            superseded_on: _,
        } = o;
        let net_note = net.as_mut().and_then(|n| {
            let Network {
                gbps: _,
                rdma: _,
                fabric_gbps: _,
                gpu_link: _,
                source: _,
                as_of: _,
                note,
            } = n;
            take(note)
        });
        OfferRest {
            note: take(note),
            spec_sources: take(spec_sources),
            net_note,
            alt_prices: take(alt_prices),
            prices: prices.iter_mut().map(price).collect(),
            price_history: take(price_history),
        }
    };
    Rest {
        shape,
        sources,
        gpus: gpus.iter_mut().map(gpu).collect(),
        providers: providers.iter_mut().map(provider).collect(),
        offers: offers.iter_mut().map(offer).collect(),
        // quotes with data charges, promotions and jobs are the worker's
        // (compare panel, plan, advise): the app's table prices neither
        usage_rates: take(usage_rates),
        promotions: take(promotions),
        benchmarks: take(benchmarks),
    }
}

impl PriceRest {
    fn put(self, p: &mut Price) {
        let PriceRest {
            note,
            interruption_monthly_pct,
            steps,
        } = self;
        p.note = note;
        p.interruption_monthly_pct = interruption_monthly_pct;
        p.steps = steps;
    }
}

/// The worker's file beside the app's: `c` is the worker's catalog (each
/// offer's newest superseded price only, [`Catalog::split_history`]), whose
/// app file is `encode_as(&c.for_browser(), Layout::App)`; what it holds is
/// [`take_rest`]'s, with every source.
#[cfg(not(target_arch = "wasm32"))]
pub fn encode_rest(c: &Catalog) -> Vec<u8> {
    let rest = take_rest(&mut c.clone(), c.shape(), c.sources.clone());
    encode_value(&rest, Layout::Full, REST_MAGIC)
}

/// The worker's catalog from the app's file and the rest ([`encode_rest`]);
/// a rest of another dataset's shape is refused. Every field of the rest is
/// named: one added to it and not put back here is an unused binding.
pub fn decode_with_rest(app: &[u8], rest: &[u8]) -> Result<Catalog, WireError> {
    let mut c = decode(app)?;
    let Rest {
        shape,
        sources,
        gpus,
        providers,
        offers,
        usage_rates,
        promotions,
        benchmarks,
    } = decode_value(rest, REST_MAGIC)?;
    let other = WireError("the worker's data file is of another dataset");
    if shape != c.shape()
        || gpus.len() != c.gpus.len()
        || providers.len() != c.providers.len()
        || offers.len() != c.offers.len()
    {
        return Err(other);
    }
    c.sources = sources;
    for (g, x) in c.gpus.iter_mut().zip(gpus) {
        let GpuRest {
            sources,
            field_sources,
            architecture,
            kind_source,
            frameworks,
            frameworks_source,
            note,
        } = x;
        g.sources = sources;
        g.field_sources = field_sources;
        g.architecture = architecture;
        g.kind_source = kind_source;
        g.frameworks = frameworks;
        g.frameworks_source = frameworks_source;
        g.note = note;
    }
    for (p, x) in c.providers.iter_mut().zip(providers) {
        let ProviderRest { facts, sla } = x;
        p.facts = facts;
        p.sla = sla;
    }
    for (o, x) in c.offers.iter_mut().zip(offers) {
        let OfferRest {
            note,
            spec_sources,
            net_note,
            alt_prices,
            prices,
            price_history,
        } = x;
        if prices.len() != o.prices.len()
            || !o.price_history.is_empty()
            || price_history.first().map(|p| &*p.as_of) != o.superseded_on.as_deref()
            || (net_note.is_some() && o.net.is_none())
        {
            return Err(other);
        }
        o.note = note;
        o.spec_sources = spec_sources;
        if let Some(n) = &mut o.net {
            n.note = net_note;
        }
        o.alt_prices = alt_prices;
        for (p, y) in o.prices.iter_mut().zip(prices) {
            y.put(p);
        }
        o.price_history = price_history;
        o.superseded_on = None;
    }
    c.usage_rates = usage_rates;
    c.promotions = promotions;
    c.benchmarks = benchmarks;
    Ok(c)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::from_json(CATALOG_JSON).expect("catalog parses")
    }

    #[test]
    fn an_offer_id_is_rebuilt_unless_it_differs_from_provider_region_type() {
        let mut c = catalog();
        let plain = encode(&c);
        assert_eq!(decode(&plain).unwrap(), c);
        // derived ids are not in the string table
        let id = c.offers[0].id.as_str().to_string();
        assert!(!plain.windows(id.len()).any(|w| w == id.as_bytes()));
        // an id that is not derived is written and read back as it was
        c.offers[0].id = OfferId::from("custom:offer-id");
        let bytes = encode(&c);
        assert!(bytes.windows(15).any(|w| w == b"custom:offer-id"));
        assert_eq!(decode(&bytes).unwrap(), c);
    }

    /// The price history is a file of its own: the worker's catalog keeps
    /// each offer's newest superseded price, the history file the rest, and
    /// joined they are the catalog; a history of another dataset, or a
    /// catalog's file read as a history, is refused. A refresh that leaves
    /// every offer's superseded prices alone leaves the history file's
    /// bytes as they were (a returning visitor keeps it from the cache).
    #[test]
    fn the_price_history_splits_off_and_joins_back() {
        let c = catalog();
        let (lite, h) = c.split_history();
        assert!(!h.offers.is_empty());
        assert!(lite.offers.iter().all(|o| o.price_history.len() <= 1));
        let bytes = encode_history(&h);
        let back = decode_history(&bytes).unwrap();
        assert_eq!(back, h);
        let lite_read = decode(&encode(&lite)).unwrap();
        assert_eq!(lite_read.with_history(back).unwrap(), c);
        // another dataset's: an offer's newest superseded price moved, or
        // a catalog whose kept prices differ (an offer gained a superseded
        // price the history lacks)
        let mut other = h.clone();
        other.offers[0].prices[0].as_of = "2001-01-01".into();
        let e = lite.with_history(other).unwrap_err();
        assert!(e.0.contains("is of another dataset"), "{e:?}");
        let mut gained = lite.clone();
        let o = gained
            .offers
            .iter_mut()
            .find(|o| o.price_history.len() == 1 && !h.offers.iter().any(|x| x.id == o.id))
            .unwrap();
        o.price_history[0].as_of = "2026-12-01".into();
        assert!(gained.with_history(h.clone()).is_err());
        // a refresh that re-dates the current prices: a new catalog, the
        // same history file
        let mut moved = c.clone();
        for o in &mut moved.offers {
            for p in &mut o.prices {
                p.as_of = "2026-12-07".into();
            }
        }
        moved.hash = "0123abcd".into();
        let (moved_lite, moved_h) = moved.split_history();
        assert_ne!(encode(&moved_lite), encode(&lite));
        assert_eq!(encode_history(&moved_h), bytes);
        assert!(decode_history(&encode(&lite)).is_err());
        assert!(decode(&bytes).is_err());
    }

    /// The pipeline appends what a refresh replaced after the research
    /// history: read from JSON, every offer's history is newest first
    /// (what the app's file dates and the history file splits by), in
    /// whatever order the file has it.
    #[test]
    fn the_price_history_is_read_newest_first() {
        let newest_first = |c: &Catalog| {
            c.offers.iter().all(|o| {
                let days: Vec<_> = o
                    .price_history
                    .iter()
                    .map(|p| as_of_days(&p.as_of))
                    .collect();
                days.windows(2).all(|w| w[0] >= w[1])
            })
        };
        let mut raw: serde_json::Value = serde_json::from_str(CATALOG_JSON).unwrap();
        let o = raw["offers"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|o| {
                let h = o["price_history"].as_array();
                h.is_some_and(|h| h.iter().any(|p| p["as_of"] != h[0]["as_of"]))
            })
            .unwrap();
        let h = o["price_history"].as_array_mut().unwrap();
        h.sort_by_key(|p| as_of_days(p["as_of"].as_str().unwrap()));
        let oldest_first = serde_json::to_string(&raw).unwrap();
        let c = Catalog::from_json(&oldest_first).unwrap();
        assert!(newest_first(&c));
        assert!(newest_first(&catalog()));
        let lite = c.for_browser();
        assert!(lite.offers.iter().zip(&c.offers).all(|(a, o)| {
            a.superseded_as_of().map(as_of_days)
                == o.price_history.iter().map(|p| as_of_days(&p.as_of)).max()
        }));
    }

    /// The worker reads the app's file and the rest beside it: joined they
    /// are the worker's catalog (scaled too: `tests/cli.rs`); a rest of
    /// another dataset's shape is refused; a refresh that moves prices and
    /// their dates changes the app's file and leaves the rest's bytes as
    /// they were.
    #[test]
    fn the_workers_catalog_is_the_apps_file_and_the_rest() {
        let c = catalog();
        let (worker, _) = c.split_history();
        let app = encode_as(&c.for_browser(), Layout::App);
        let rest = encode_rest(&worker);
        assert_eq!(decode_with_rest(&app, &rest).unwrap(), worker);
        assert!(rest.len() < encode(&worker).len());
        assert!(decode(&rest).is_err() && decode_with_rest(&rest, &app).is_err());
        // the app's file has each offer's newest superseded date, not the
        // price: that is the rest's
        let lite = Catalog::from_bytes(&app).unwrap();
        assert!(lite.offers.iter().all(|o| o.price_history.is_empty()));
        assert!(lite.offers.iter().any(|o| o.superseded_as_of().is_some()));
        assert!(lite
            .offers
            .iter()
            .zip(&worker.offers)
            .all(|(a, w)| a.superseded_as_of() == w.superseded_as_of()));
        let mut moved = c.clone();
        for o in &mut moved.offers {
            for p in &mut o.prices {
                p.as_of = "2026-12-07".into();
                if let PriceKind::OnDemand { hourly } = &mut p.kind {
                    *hourly += Decimal::ONE;
                }
            }
        }
        moved.hash = "0123abcd".into();
        let moved_app = encode_as(&moved.for_browser(), Layout::App);
        assert_ne!(moved_app, encode_as(&c.for_browser(), Layout::App));
        assert_eq!(encode_rest(&moved.split_history().0), rest);
        assert!(decode_with_rest(&moved_app, &rest).is_ok());
        // another dataset's: an offer fewer, or a price kind more (both
        // with other lengths), and of the same lengths: two offers swapped,
        // a price of another kind, a network entry or a price citing
        // another source, a price superseded (`shape`)
        let refused = |other: &Catalog, why: &str| {
            let e = decode_with_rest(&encode_as(&other.for_browser(), Layout::App), &rest);
            assert_eq!(
                e.unwrap_err().0,
                "the worker's data file is of another dataset",
                "{why}"
            );
        };
        let mut fewer = c.clone();
        fewer.offers.pop();
        refused(&fewer, "an offer fewer");
        // another kind than it had
        let spot = |p: &mut Price| {
            p.kind = if matches!(p.kind, PriceKind::Spot { .. }) {
                PriceKind::OnDemand {
                    hourly: Decimal::ONE,
                }
            } else {
                PriceKind::Spot {
                    hourly_min: Decimal::ONE,
                    hourly_max: Decimal::TWO,
                }
            }
        };
        // an offer with a price and no history
        let one = |c: &Catalog| -> usize {
            c.offers
                .iter()
                .position(|o| !o.prices.is_empty() && o.price_history.is_empty())
                .unwrap()
        };
        let mut more = c.clone();
        let i = one(&more);
        let mut p = more.offers[i].prices[0].clone();
        spot(&mut p);
        more.offers[i].prices.push(p);
        refused(&more, "a price more");
        let mut swapped = c.clone();
        swapped.offers.swap(0, 1);
        refused(&swapped, "two offers swapped");
        let mut kind = c.clone();
        let i = one(&kind);
        spot(&mut kind.offers[i].prices[0]);
        refused(&kind, "a price of another kind");
        let mut net = c.clone();
        let n = net.offers[0].net.as_mut().unwrap();
        let other = c.sources.iter().find(|s| s.id != n.source).unwrap();
        n.source = other.id.clone();
        refused(&net, "a network entry citing another source");
        let mut cited = c.clone();
        let i = one(&cited);
        let now = cited.offers[i].prices[0].source.clone();
        let other = c.sources.iter().find(|s| *s.id != *now).unwrap();
        cited.offers[i].prices[0].source = other.id.as_str().into();
        refused(&cited, "a price citing another source");
        let mut superseded = c.clone();
        let i = one(&superseded);
        let old = superseded.offers[i].prices[0].clone();
        superseded.offers[i].price_history.push(old);
        refused(&superseded, "a price superseded");
        // an offer's newest superseded price replaced by a newer one: the
        // same lengths, kinds and sources, another date in the app's file
        let mut anew = c.clone();
        let o = anew
            .offers
            .iter_mut()
            .find(|o| !o.price_history.is_empty())
            .unwrap();
        o.price_history[0].as_of = "2026-12-01".into();
        refused(&anew, "the newest superseded price replaced");
    }

    /// The worker-only fields the repo's catalog leaves empty (a price's
    /// steps and published interruption rate, an offer's prices at other
    /// sites) go through the rest too.
    #[test]
    fn the_rest_carries_steps_interruption_rates_and_alt_prices() {
        let mut c = catalog();
        let o = c.offers.iter_mut().find(|o| !o.prices.is_empty()).unwrap();
        let alt = o.prices[0].clone();
        o.alt_prices.push(alt);
        o.prices[0].steps = vec![
            Step {
                from_hours: 0,
                hourly: Decimal::TWO,
            },
            Step {
                from_hours: 100,
                hourly: Decimal::ONE,
            },
        ]
        .into();
        let p = c
            .offers
            .iter_mut()
            .flat_map(|o| o.prices.iter_mut())
            .find(|p| matches!(p.kind, PriceKind::Spot { .. }))
            .unwrap();
        p.interruption_monthly_pct = Some(Decimal::new(41, 1));
        let (worker, _) = c.split_history();
        let app = encode_as(&c.for_browser(), Layout::App);
        let back = decode_with_rest(&app, &encode_rest(&worker)).unwrap();
        assert_eq!(back, worker);
        let prices = || back.offers.iter().flat_map(|o| &o.prices);
        assert!(back.offers.iter().any(|o| !o.alt_prices.is_empty()));
        assert!(prices().any(|p| p.steps.len() == 2));
        assert!(prices().any(|p| p.interruption_monthly_pct.is_some()));
    }

    /// A spot price's published interruption rate is the worker's: it
    /// round-trips in the full layout and is left out of the app's (read
    /// there as none).
    #[test]
    fn a_published_interruption_rate_is_in_the_workers_file_only() {
        let mut c = catalog();
        let p = c
            .offers
            .iter_mut()
            .flat_map(|o| o.prices.iter_mut())
            .find(|p| matches!(p.kind, PriceKind::Spot { .. }) && p.interruption_band.is_none())
            .unwrap();
        p.interruption_monthly_pct = Some(Decimal::new(41, 1));
        assert_eq!(decode(&encode(&c)).unwrap(), c);
        let app = decode(&encode_as(&c, Layout::App)).unwrap();
        assert!(app
            .offers
            .iter()
            .flat_map(|o| &o.prices)
            .all(|p| p.interruption_monthly_pct.is_none()));
    }
}
