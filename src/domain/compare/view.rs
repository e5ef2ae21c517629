//! The compare screen's view state (search, price cap, sort, columns, time
//! unit, TFLOPS basis, selection, page) and its link keys. Pure: compiled
//! and tested natively.
use rust_decimal::Decimal;

pub use crate::domain::catalog::Fabric;
use crate::domain::catalog::OfferId;
use crate::domain::codes::code_enum;
use crate::domain::link::codec::list;
use crate::domain::link::{dec_str, decode, encode, Bad, Bounds, KeySpec, LinkNoticeCode, Reader};
pub use crate::domain::scenario::Narrow;
use crate::domain::scenario::MAX_MONEY_INPUT;

/// Maximum selected offers (`sel`).
pub const MAX_SELECTED: usize = 6;
/// Maximum search text length in characters (`q`).
pub const MAX_QUERY_CHARS: usize = 200;
pub const MAX_PAGE: u32 = 100_000;

code_enum! {
    /// Compare-table columns (`sort`, `cols`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Column {
        Provider = "provider",
        Region = "region",
        Type = "type",
        Gpu = "gpu",
        Gpus = "gpus",
        Vram = "vram",
        Vcpu = "vcpu",
        Ram = "ram",
        /// Network bandwidth and RDMA fabric (the offer's sourced network fact).
        Net = "net",
        /// How the GPUs inside the instance are linked (NVLink, PCIe…).
        Link = "link",
        Hourly = "hourly",
        Gpuh = "gpuh",
        Tflopsh = "tflopsh",
        Vramh = "vramh",
        Spot = "spot",
        Commit = "commit",
        Monthly = "monthly",
    }
}

impl Column {
    /// Columns sorted as text (the others sort as numbers, missing last).
    pub fn is_text(self) -> bool {
        matches!(
            self,
            Column::Provider | Column::Region | Column::Type | Column::Gpu
        )
    }
}

/// Columns shown when the link names none.
pub const DEFAULT_COLUMNS: [Column; 13] = [
    Column::Provider,
    Column::Region,
    Column::Type,
    Column::Gpu,
    Column::Vram,
    Column::Vcpu,
    Column::Ram,
    Column::Hourly,
    Column::Gpuh,
    Column::Tflopsh,
    Column::Spot,
    Column::Commit,
    Column::Monthly,
];

/// Visible columns: the link's choice or the default set, in table order.
pub fn visible_columns(cols: &[Column]) -> Vec<Column> {
    if cols.is_empty() {
        DEFAULT_COLUMNS.to_vec()
    } else {
        Column::ALL
            .into_iter()
            .filter(|c| cols.contains(c))
            .collect()
    }
}

/// Show or hide a column; the default set is stored as nothing (short links).
pub fn toggle_column(cols: &[Column], c: Column, on: bool) -> Vec<Column> {
    let mut v = visible_columns(cols);
    v.retain(|x| *x != c);
    if on {
        v.push(c);
    }
    let v = visible_columns(&v);
    if v == DEFAULT_COLUMNS {
        Vec::new()
    } else {
        v
    }
}

/// Require an interconnect or drop it; kept in [`Fabric::ALL`]'s order (one link per choice).
pub fn toggle_fabric(fab: &[Fabric], f: Fabric, on: bool) -> Vec<Fabric> {
    Fabric::ALL
        .into_iter()
        .filter(|x| if *x == f { on } else { fab.contains(x) })
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: Column,
    pub descending: bool,
}

/// Default order: cheapest per GPU-hour first (what most users ask).
pub const DEFAULT_SORT: Sort = Sort {
    column: Column::Gpuh,
    descending: false,
};

code_enum! {
    /// Time unit of the compare table's prices.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum TimeUnit {
        #[default]
        H = "h",
        D = "d",
        M = "m",
        Y = "y",
    }
}

impl TimeUnit {
    /// Hours in one unit: a day is 24 h, a month 730 h (8 760 / 12, the
    /// providers' own monthly convention), a year 8 760 h.
    pub fn hours(self) -> Decimal {
        Decimal::from(match self {
            TimeUnit::H => 1,
            TimeUnit::D => 24,
            TimeUnit::M => 730,
            TimeUnit::Y => 8760,
        })
    }
}

code_enum! {
    /// Precision used for the price-per-TFLOPS column.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum TflopsKind {
        #[default]
        Fp16 = "fp16",
        Tf32 = "tf32",
        Fp32 = "fp32",
    }
}

/// Compare-screen view state.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareView {
    /// Search text.
    pub q: String,
    /// Max price per hour in the display currency.
    pub max_price: Option<Decimal>,
    pub sort: Option<Sort>,
    /// Visible columns; empty = [`DEFAULT_COLUMNS`].
    pub cols: Vec<Column>,
    /// Required interconnect: an offer is shown only with each sourced.
    pub fab: Vec<Fabric>,
    pub time_unit: TimeUnit,
    pub tflops: TflopsKind,
    /// Selected offer ids (at most [`MAX_SELECTED`]).
    pub selected: Vec<OfferId>,
    /// 1-based page.
    pub page: u32,
}

impl Default for CompareView {
    fn default() -> Self {
        CompareView {
            q: String::new(),
            max_price: None,
            sort: None,
            cols: Vec::new(),
            fab: Vec::new(),
            time_unit: TimeUnit::H,
            tflops: TflopsKind::Fp16,
            selected: Vec::new(),
            page: 1,
        }
    }
}

impl CompareView {
    /// The filters of this screen that the others apply when they pick
    /// offers for the compare screen's filters (None when none is set).
    pub fn narrow(&self) -> Option<Narrow> {
        Narrow::of(&self.q, &self.fab, self.max_price)
    }
}

/// Search text as stored: at most [`MAX_QUERY_CHARS`] characters.
pub fn clip_query(s: &str) -> String {
    s.chars().take(MAX_QUERY_CHARS).collect()
}

/// The compare screen's keys, in the order links write them: its own
/// filters first ([`NARROW_KEYS`], which a worker's scenario link carries).
/// The compare screen's own filters (`q`, `maxp`, `fab`): the first keys
/// of [`COMPARE_KEYS`].
pub fn narrow_keys() -> &'static [KeySpec<CompareView>] {
    &COMPARE_KEYS[..3]
}

pub static COMPARE_KEYS: &[KeySpec<CompareView>] = &[
    KeySpec {
        code: "q",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: search text",
        #[cfg(not(target_arch = "wasm32"))]
        default: "empty",
        #[cfg(not(target_arch = "wasm32"))]
        values: "≤ 200 characters",
        bounds: None,
        read: r_q,
        write: w_q,
    },
    KeySpec {
        code: "maxp",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: max price per hour (display currency)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_MONEY_INPUT as u32), true)),
        read: r_maxp,
        write: w_maxp,
    },
    KeySpec {
        code: "fab",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: required interconnect (RDMA between instances, NVLink between GPUs), as sourced",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "comma list of `rdma nvlink`",
        bounds: None,
        read: r_fab,
        write: w_fab,
    },
    KeySpec {
        code: "sort",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: sort column, `-` prefix = descending",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`provider region type gpu gpus vram vcpu ram net link hourly gpuh tflopsh vramh spot commit monthly`",
        bounds: None,
        read: r_sort,
        write: w_sort,
    },
    KeySpec {
        code: "cols",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: visible columns",
        #[cfg(not(target_arch = "wasm32"))]
        default: "UI default",
        #[cfg(not(target_arch = "wasm32"))]
        values: "same codes",
        bounds: None,
        read: r_cols,
        write: w_cols,
    },
    KeySpec {
        code: "tu",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: time unit",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`h`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`h d m y`",
        bounds: None,
        read: r_tu,
        write: w_tu,
    },
    KeySpec {
        code: "tf",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: TFLOPS precision",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`fp16`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`fp16 tf32 fp32`",
        bounds: None,
        read: r_tf,
        write: w_tf,
    },
    KeySpec {
        code: "sel",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: selected offer ids",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "up to 6",
        bounds: None,
        read: r_sel,
        write: w_sel,
    },
    KeySpec {
        code: "page",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "compare: page",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`1`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "1–100000",
        bounds: Some(Bounds::whole(1, MAX_PAGE)),
        read: r_page,
        write: w_page,
    },
];

fn r_q(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    let val = decode(raw);
    if val.chars().count() > MAX_QUERY_CHARS {
        r.note(&MAX_QUERY_CHARS.to_string(), LinkNoticeCode::Shortened);
    }
    v.q = clip_query(&val);
    Ok(())
}
fn w_q(v: &CompareView) -> Option<String> {
    (!v.q.is_empty()).then(|| encode(&v.q))
}

fn r_maxp(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    v.max_price = Some(r.number(raw)?);
    Ok(())
}
fn w_maxp(v: &CompareView) -> Option<String> {
    v.max_price.map(dec_str)
}

fn r_sort(_: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    let val = decode(raw);
    let (descending, c) = match val.strip_prefix('-') {
        Some(c) => (true, c),
        None => (false, val.as_str()),
    };
    let column = Column::from_code(c).ok_or(Bad::Invalid)?;
    v.sort = Some(Sort { column, descending });
    Ok(())
}
fn w_sort(v: &CompareView) -> Option<String> {
    let s = v.sort?;
    Some(format!(
        "{}{}",
        if s.descending { "-" } else { "" },
        s.column.code()
    ))
}

fn r_cols(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    v.cols = r.list(raw, Column::from_code);
    Ok(())
}
fn w_cols(v: &CompareView) -> Option<String> {
    list(&v.cols, |c| c.code())
}

fn r_fab(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    let mut f = r.list(raw, Fabric::from_code);
    f.sort_by_key(|x| Fabric::ALL.iter().position(|a| a == x));
    f.dedup();
    v.fab = f;
    Ok(())
}
fn w_fab(v: &CompareView) -> Option<String> {
    list(&v.fab, |c| c.code())
}

fn r_tu(_: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    v.time_unit = TimeUnit::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_tu(v: &CompareView) -> Option<String> {
    (v.time_unit != TimeUnit::default()).then(|| v.time_unit.code().into())
}

fn r_tf(_: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    v.tflops = TflopsKind::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_tf(v: &CompareView) -> Option<String> {
    (v.tflops != TflopsKind::default()).then(|| v.tflops.code().into())
}

fn r_sel(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    let c = r.catalog;
    let mut sel = r.list(raw, |s| c.offer(s).map(|o| o.id.clone()));
    if sel.len() > MAX_SELECTED {
        r.note(&decode(raw), LinkNoticeCode::TooManyItems);
        sel.truncate(MAX_SELECTED);
    }
    v.selected = sel;
    Ok(())
}
fn w_sel(v: &CompareView) -> Option<String> {
    list(&v.selected, |s| s.as_str())
}

fn r_page(r: &mut Reader, raw: &str, v: &mut CompareView) -> Result<(), Bad> {
    v.page = r.whole(raw)?;
    Ok(())
}
fn w_page(v: &CompareView) -> Option<String> {
    (v.page != 1).then(|| v.page.to_string())
}

impl CompareView {
    /// A click on a column header: sort by it ascending, or flip the order
    /// when it is already the sort column; the default order is written as
    /// nothing; back to page 1.
    pub fn click_sort(&mut self, c: Column) {
        let cur = self.sort.unwrap_or(DEFAULT_SORT);
        let next = Sort {
            column: c,
            descending: cur.column == c && !cur.descending,
        };
        self.sort = (next != DEFAULT_SORT).then_some(next);
        self.page = 1;
    }

    /// Select or deselect an offer; at most [`MAX_SELECTED`], in the order chosen.
    pub fn select(&mut self, id: &OfferId, on: bool) {
        self.selected.retain(|x| x != id);
        if on && self.selected.len() < MAX_SELECTED {
            self.selected.push(id.clone());
        }
    }

    /// The page `delta` pages away, within `1..=pages`.
    pub fn turn_page(&mut self, current: u32, pages: u32, delta: i64) {
        let next = (i64::from(current) + delta).clamp(1, i64::from(pages.max(1)));
        self.page = next as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_clicks_cycle_ascending_descending_and_default_is_nothing() {
        let mut v = CompareView {
            page: 4,
            ..CompareView::default()
        };
        v.click_sort(Column::Hourly);
        assert_eq!(
            v.sort,
            Some(Sort {
                column: Column::Hourly,
                descending: false
            })
        );
        assert_eq!(v.page, 1);
        v.click_sort(Column::Hourly);
        assert!(v.sort.is_some_and(|s| s.descending));
        // the default column ascending is written as nothing
        v.click_sort(Column::Gpuh);
        assert_eq!(v.sort, None);
        v.click_sort(Column::Gpuh);
        assert!(v
            .sort
            .is_some_and(|s| s.column == Column::Gpuh && s.descending));
    }

    #[test]
    fn selection_keeps_order_and_stops_at_the_maximum() {
        let mut v = CompareView::default();
        for i in 0..8 {
            v.select(&OfferId::from(format!("o{i}")), true);
        }
        assert_eq!(v.selected.len(), MAX_SELECTED);
        v.select(&OfferId::from("o2"), false);
        assert_eq!(v.selected, ["o0", "o1", "o3", "o4", "o5"]);
        v.select(&OfferId::from("o9"), true);
        assert_eq!(v.selected.last().map(OfferId::as_str), Some("o9"));
    }

    #[test]
    fn pages_turn_within_bounds() {
        let mut v = CompareView::default();
        v.turn_page(1, 5, -1);
        assert_eq!(v.page, 1);
        v.turn_page(5, 5, 1);
        assert_eq!(v.page, 5);
        v.turn_page(2, 5, 1);
        assert_eq!(v.page, 3);
        v.turn_page(1, 0, 1);
        assert_eq!(v.page, 1);
    }

    #[test]
    fn interconnect_requirements_keep_one_order() {
        let v = toggle_fabric(&[], Fabric::NvLink, true);
        let v = toggle_fabric(&v, Fabric::Rdma, true);
        assert_eq!(v, [Fabric::Rdma, Fabric::NvLink]);
        assert_eq!(toggle_fabric(&v, Fabric::Rdma, false), [Fabric::NvLink]);
        assert_eq!(toggle_fabric(&v, Fabric::NvLink, true), v);
    }

    #[test]
    fn default_columns_are_written_as_nothing() {
        let shown = toggle_column(&[], Column::Vramh, true);
        assert!(shown.contains(&Column::Vramh));
        assert_eq!(
            toggle_column(&shown, Column::Vramh, false),
            Vec::<Column>::new()
        );
        let fewer = toggle_column(&[], Column::Ram, false);
        assert_eq!(fewer.len(), DEFAULT_COLUMNS.len() - 1);
        assert_eq!(visible_columns(&fewer), fewer);
    }
}
