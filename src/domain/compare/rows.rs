//! The compare table's rules: which priced offers pass the filters, in
//! which order, on which page, and each row's figures in the view's time
//! unit. Pure functions of (catalog, scenario, view, priced offers), tested
//! natively; the table component only renders what [`table`] returns.
use std::cmp::Ordering;

use rust_decimal::Decimal;
use serde::Serialize;

use super::view::{Column, CompareView, Fabric, Sort, TflopsKind, DEFAULT_SORT};
use crate::domain::catalog::{Catalog, Currency, GpuLink};
use crate::domain::compare::PricedOffer;
use crate::domain::money::{convert, mul, round_money};
use crate::domain::pricing::OfferMetrics;
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::tco::matches;

/// Rows per page: bounds the DOM to what a screen can show.
pub const PAGE_SIZE: usize = 50;

/// Figures of one table row in the view's time unit and display currency.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowFigures {
    pub price: Option<Decimal>,
    /// The list price when `price` is the user's negotiated one.
    pub list_price: Option<Decimal>,
    pub per_gpu: Option<Decimal>,
    pub per_tflops: Option<Decimal>,
    pub per_vram_gb: Option<Decimal>,
    pub spot_min: Option<Decimal>,
    pub spot_max: Option<Decimal>,
    pub commit: Option<Decimal>,
    pub commit_model: Option<BillingModel>,
    pub commit_assumed: bool,
    /// Per instance at the scenario's hours per month.
    pub monthly: Option<Decimal>,
}

fn scale(v: Option<Decimal>, by: Decimal) -> Option<Decimal> {
    v.and_then(|x| mul(x, by).ok())
}

/// A priced column's figure in the view's time unit (the monthly cost is
/// per month already); `None` for the columns that are not priced.
fn figure(m: &OfferMetrics, view: &CompareView, c: Column) -> Option<Decimal> {
    let per_hour = match c {
        Column::Hourly => m.hourly,
        Column::Gpuh => m.per_gpu_hour,
        Column::Tflopsh => match view.tflops {
            TflopsKind::Fp16 => m.per_fp16_tflops_hour,
            TflopsKind::Tf32 => m.per_tf32_tflops_hour,
            TflopsKind::Fp32 => m.per_fp32_tflops_hour,
        },
        Column::Vramh => m.per_vram_gb_hour,
        Column::Spot => m.spot_min_hourly,
        Column::Commit => m.best_commitment.as_ref().map(|b| b.per_used_hour),
        Column::Monthly => return m.monthly.map(round_money),
        _ => return None,
    };
    scale(per_hour, view.time_unit.hours())
}

impl RowFigures {
    pub fn of(m: &OfferMetrics, view: &CompareView) -> RowFigures {
        let bc = m.best_commitment.as_ref();
        RowFigures {
            price: figure(m, view, Column::Hourly),
            list_price: scale(m.list_hourly, view.time_unit.hours()),
            per_gpu: figure(m, view, Column::Gpuh),
            per_tflops: figure(m, view, Column::Tflopsh),
            per_vram_gb: figure(m, view, Column::Vramh),
            spot_min: figure(m, view, Column::Spot),
            spot_max: scale(m.spot_max_hourly, view.time_unit.hours()),
            commit: figure(m, view, Column::Commit),
            commit_model: bc.map(|b| b.model),
            commit_assumed: bc.is_some_and(|b| b.assumed),
            monthly: figure(m, view, Column::Monthly),
        }
    }

    /// The best commitment costs more per hour used than on-demand (a
    /// horizon too short for any term).
    pub fn commit_above(&self) -> bool {
        matches!((self.commit, self.price), (Some(c), Some(p)) if c > p)
    }

    /// A priced offer's figures, or none where it could not be priced.
    fn of_priced(p: &PricedOffer, view: &CompareView) -> RowFigures {
        match &p.metrics {
            Ok(m) => RowFigures::of(m, view),
            Err(_) => RowFigures::empty(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub priced: PricedOffer,
    pub figures: RowFigures,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    /// The current page's rows.
    pub rows: Vec<Row>,
    /// Offers matching the filters (all pages).
    pub matched: usize,
    /// Offers in the catalog.
    pub total: usize,
    /// 1-based page actually shown (clamped).
    pub page: u32,
    pub pages: u32,
}

fn search_hit(p: &PricedOffer, needle: &str) -> bool {
    use crate::domain::scenario::narrow::text_hit;
    text_hit(p.offer, p.gpu, p.region, needle)
}

/// Does a priced offer pass every filter of the scenario and view?
/// `gpus` and `vram` are per-offer minimums on this screen.
pub fn passes(catalog: &Catalog, scenario: &Scenario, view: &CompareView, p: &PricedOffer) -> bool {
    let o = p.offer;
    if !matches(catalog, scenario, o) || o.gpu_count < scenario.min_gpus {
        return false;
    }
    if scenario
        .min_vram_gb
        .is_some_and(|v| o.gpu_memory_gb.is_none_or(|m| m < v))
    {
        return false;
    }
    // a required interconnect counts only where a source states it
    let fabric_ok = |f: &Fabric| match f {
        Fabric::Rdma => o.has_rdma(),
        Fabric::NvLink => o.has_nvlink(p.gpu),
    };
    if !view.fab.iter().all(fabric_ok) {
        return false;
    }
    if let Some(max) = view.max_price {
        match p.metrics.as_ref().ok().and_then(|m| m.hourly) {
            Some(h) if h <= max => {}
            _ => return false,
        }
    }
    let needle = view.q.trim().to_ascii_lowercase();
    needle.is_empty() || needle.split_whitespace().all(|w| search_hit(p, w))
}

/// A row while filtering and sorting: borrowed, with the figure it is
/// sorted by; the other figures are worked out for the rows returned only
/// (a page of the table: a catalog of every region has thousands).
struct Candidate<'a> {
    priced: &'a PricedOffer,
    key: Option<Decimal>,
}

/// The number a row is sorted by in column `c` (the figure it shows).
fn key_num(p: &PricedOffer, view: &CompareView, c: Column) -> Option<Decimal> {
    let o = p.offer;
    match c {
        Column::Gpus => Some(Decimal::from(o.gpu_count)),
        Column::Vram => o.gpu_memory_gb.map(Decimal::from),
        Column::Vcpu => Some(Decimal::from(o.vcpu)),
        Column::Ram => Some(o.ram_gib),
        Column::Net => o.net.as_ref().map(|n| n.gbps),
        Column::Link => o.net.as_ref().and_then(|n| link_rank(n.gpu_link)),
        Column::Provider | Column::Region | Column::Type | Column::Gpu => None,
        _ => p.metrics.as_ref().ok().and_then(|m| figure(m, view, c)),
    }
}

/// GPU links ordered by what they give multi-GPU work (unknown sorts last).
fn link_rank(l: GpuLink) -> Option<Decimal> {
    let r = match l {
        GpuLink::NvSwitch => 4,
        GpuLink::NvLink => 3,
        GpuLink::NeuronLink => 2,
        GpuLink::Pcie => 1,
        GpuLink::Single => 0,
        GpuLink::Unknown => return None,
    };
    Some(Decimal::from(r))
}

fn key_text<'a>(r: &Candidate<'a>, c: Column) -> &'a str {
    let p = r.priced;
    match c {
        Column::Provider => p.offer.provider.code(),
        Column::Region => &p.offer.region,
        Column::Type => &p.offer.instance_type,
        Column::Gpu => p.gpu.map(|g| g.name.as_str()).unwrap_or(&p.offer.gpu),
        _ => "",
    }
}

/// Compare two rows by a column; missing numbers sort last in both directions.
fn compare_rows(a: &Candidate, b: &Candidate, sort: Sort) -> Ordering {
    let ord = if sort.column.is_text() {
        let o = key_text(a, sort.column).cmp(key_text(b, sort.column));
        if sort.descending {
            o.reverse()
        } else {
            o
        }
    } else {
        match (a.key, b.key) {
            (Some(x), Some(y)) if sort.descending => y.cmp(&x),
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
    };
    ord.then_with(|| a.priced.offer.id.cmp(&b.priced.offer.id))
}

/// The offers that pass the filters, in the table's order (borrowed).
fn sorted<'a>(
    catalog: &Catalog,
    scenario: &Scenario,
    view: &CompareView,
    priced: &'a [PricedOffer],
) -> Vec<Candidate<'a>> {
    let sort = view.sort.unwrap_or(DEFAULT_SORT);
    let mut rows: Vec<Candidate> = priced
        .iter()
        .filter(|p| passes(catalog, scenario, view, p))
        .map(|p| Candidate {
            key: key_num(p, view, sort.column),
            priced: p,
        })
        .collect();
    sort_rows(&mut rows, sort);
    rows
}

/// The table's one sort (one copy of the sort in the wasm for every list
/// ordered like the table).
fn sort_rows(rows: &mut [Candidate], sort: Sort) {
    rows.sort_by(|a, b| compare_rows(a, b, sort));
}

/// Offers in ascending order of a figure of each (`None` last, then by
/// offer id), as the table orders a number column: for lists outside the
/// table (the plan's offer picker).
pub fn by_figure<'a>(
    items: impl Iterator<Item = (&'a PricedOffer, Option<Decimal>)>,
) -> Vec<&'a PricedOffer> {
    let mut rows: Vec<Candidate> = items
        .map(|(priced, key)| Candidate { priced, key })
        .collect();
    // the order of any number column, ascending: the key is the figure
    // given, not the column's own (Hourly only names "a number column",
    // so the one sort the table uses orders these too)
    let sort = Sort {
        column: Column::Hourly,
        descending: false,
    };
    sort_rows(&mut rows, sort);
    rows.into_iter().map(|c| c.priced).collect()
}

fn row(c: Candidate, view: &CompareView) -> Row {
    Row {
        priced: c.priced.clone(),
        figures: RowFigures::of_priced(c.priced, view),
    }
}

/// Filter, sort and page priced offers.
pub fn table(
    catalog: &Catalog,
    scenario: &Scenario,
    view: &CompareView,
    priced: &[PricedOffer],
) -> Table {
    let rows = sorted(catalog, scenario, view, priced);
    let matched = rows.len();
    let pages = matched.div_ceil(PAGE_SIZE).max(1) as u32;
    let page = view.page.clamp(1, pages);
    let start = (page as usize - 1) * PAGE_SIZE;
    let rows = rows
        .into_iter()
        .skip(start)
        .take(PAGE_SIZE)
        .map(|c| row(c, view))
        .collect();
    Table {
        rows,
        matched,
        total: priced.len(),
        page,
        pages,
    }
}

/// Every row that passes the filters, in the table's order (all pages: the
/// export's rows).
pub fn all_rows(
    catalog: &Catalog,
    scenario: &Scenario,
    view: &CompareView,
    priced: &[PricedOffer],
) -> Vec<Row> {
    sorted(catalog, scenario, view, priced)
        .into_iter()
        .map(|c| row(c, view))
        .collect()
}

impl RowFigures {
    fn empty() -> RowFigures {
        RowFigures {
            price: None,
            list_price: None,
            per_gpu: None,
            per_tflops: None,
            per_vram_gb: None,
            spot_min: None,
            spot_max: None,
            commit: None,
            commit_model: None,
            commit_assumed: false,
            monthly: None,
        }
    }
}

/// Switch the display currency, converting the typed max price at the
/// scenario's rate (rounded to cents) so the filter keeps its meaning and
/// nothing the user entered is lost.
pub fn switch_currency(catalog: &Catalog, s: &mut Scenario, v: &mut CompareView, to: Currency) {
    let from = s.currency;
    let fx = s.fx(catalog);
    v.max_price = v
        .max_price
        .and_then(|p| convert(p, from, to, fx).ok())
        .map(round_money)
        .filter(|p| *p > Decimal::ZERO);
    s.currency = to;
}

/// Which of the filters [`clear_filters`] clears are set, in the panel's
/// order: providers, region groups, regions, GPU models, minimum GPUs,
/// minimum GPU memory, search, price cap, interconnect (the folded
/// filters' summary names them).
pub fn filters_on(s: &Scenario, v: &CompareView) -> [bool; 9] {
    [
        !s.providers.is_empty(),
        !s.region_groups.is_empty(),
        !s.regions.is_empty(),
        !s.gpu_models.is_empty(),
        s.min_gpus != 1,
        s.min_vram_gb.is_some(),
        !v.q.is_empty(),
        v.max_price.is_some(),
        !v.fab.is_empty(),
    ]
}

/// How many filters are set (the count in the filters' summary).
pub fn active_filters(s: &Scenario, v: &CompareView) -> usize {
    filters_on(s, v).iter().filter(|on| **on).count()
}

/// Remove every filter (not units, currency, columns or selection).
pub fn clear_filters(s: &mut Scenario, v: &mut CompareView) {
    s.providers.clear();
    s.region_groups.clear();
    s.regions.clear();
    s.gpu_models.clear();
    s.min_gpus = 1;
    s.min_vram_gb = None;
    v.q.clear();
    v.max_price = None;
    v.fab.clear();
    v.page = 1;
}

/// Tick or untick a provider: regions of providers no longer shown are
/// dropped from the region filter.
pub fn toggle_provider(s: &mut Scenario, p: crate::domain::catalog::ProviderId, on: bool) {
    s.providers.retain(|x| *x != p);
    if on {
        s.providers.push(p);
    }
    let shown = s.providers.clone();
    s.regions
        .retain(|r| shown.is_empty() || shown.contains(&r.provider));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::compare::view::TimeUnit;
    use crate::domain::compare::{price_all, pricing_inputs};

    use crate::domain::embedded::test_catalog as catalog;

    fn run(s: &Scenario, v: &CompareView) -> Table {
        let c = catalog();
        let priced = price_all(c, &pricing_inputs(s));
        table(c, s, v, &priced)
    }

    /// Every matching offer of a view, all pages.
    fn all_rows(v: &CompareView) -> Vec<Row> {
        let mut v = v.clone();
        v.page = 1;
        let first = run(&Scenario::default(), &v);
        let mut rows = first.rows;
        for p in 2..=first.pages {
            v.page = p;
            rows.extend(run(&Scenario::default(), &v).rows);
        }
        rows
    }

    /// The commitment column is the best commitment's cost over the
    /// horizon ÷ the hours used: for 168 h in one month, p4d's 1-year
    /// reservation is far above its $21.957642/h on demand, and the row
    /// says so; at a year of full use it is below, and says nothing.
    #[test]
    fn a_commitment_above_on_demand_per_hour_used_is_flagged() {
        let v = CompareView {
            q: "p4d.24xlarge us-east-1".into(),
            ..CompareView::default()
        };
        let row = |h: i64, m: u32| {
            let s = Scenario {
                hours_per_month: Decimal::from(h),
                months: m,
                ..Scenario::default()
            };
            let t = run(&s, &v);
            assert_eq!(t.rows.len(), 1);
            t.rows[0].figures.clone()
        };
        let short = row(168, 1);
        assert_eq!(short.price, Some(Decimal::new(21_957_642, 6)));
        assert!(short.commit.unwrap() > Decimal::from(600), "{short:?}");
        assert!(short.commit_above());
        let year = row(730, 12);
        assert!(year.commit.unwrap() < year.price.unwrap(), "{year:?}");
        assert!(!year.commit_above());
    }

    #[test]
    fn a_required_interconnect_keeps_only_offers_whose_sources_state_it() {
        let both = CompareView {
            fab: vec![Fabric::Rdma, Fabric::NvLink],
            ..CompareView::default()
        };
        let ids: Vec<String> = all_rows(&both)
            .iter()
            .map(|r| r.priced.offer.id.as_str().to_string())
            .collect();
        // p4d: EFA and NVSwitch; ND96asr_v4: InfiniBand and NVLink (both sourced)
        assert!(
            ids.contains(&"aws:us-east-1:p4d.24xlarge".to_string()),
            "{ids:?}"
        );
        assert!(ids.contains(&"azure:eastus:Standard_ND96asr_v4".to_string()));
        // one GPU has no NVLink, and g5 states no RDMA
        assert!(!ids.iter().any(|i| i.ends_with(":g5.xlarge")));
        // exactly the offers whose network fact states both, counted apart
        let stated = catalog()
            .offers
            .iter()
            .filter(|o| {
                o.gpu_count > 1
                    && o.net.as_ref().is_some_and(|n| {
                        n.rdma != crate::domain::catalog::RdmaKind::None && n.gpu_link.is_nvlink()
                    })
            })
            .count();
        assert_eq!(ids.len(), stated);
        assert!(stated > 0 && stated < catalog().offers.len());
        // each requirement alone keeps more (or as many)
        for f in [Fabric::Rdma, Fabric::NvLink] {
            let one = CompareView {
                fab: vec![f],
                ..CompareView::default()
            };
            assert!(all_rows(&one).len() >= ids.len());
        }
    }

    fn descending(column: Column) -> CompareView {
        CompareView {
            sort: Some(Sort {
                column,
                descending: true,
            }),
            ..CompareView::default()
        }
    }

    #[test]
    fn the_network_column_sorts_by_bandwidth_and_the_link_column_best_linked_first() {
        let v = descending(Column::Net);
        let g: Vec<Decimal> = all_rows(&v)
            .iter()
            .filter_map(|r| r.priced.offer.net.as_ref().map(|n| n.gbps))
            .collect();
        assert!(g.windows(2).all(|w| w[0] >= w[1]), "{g:?}");
        assert!(g[0] >= Decimal::from(3200), "{}", g[0]);
        let v = descending(Column::Link);
        let l: Vec<GpuLink> = all_rows(&v)
            .iter()
            .filter_map(|r| r.priced.offer.net.as_ref().map(|n| n.gpu_link))
            .collect();
        // NVSwitch first, one GPU after PCIe, unknown last
        assert_eq!(l[0], GpuLink::NvSwitch);
        let rank = |g: &GpuLink| link_rank(*g).map_or(-1, |d| i64::try_from(d).unwrap_or(0));
        assert!(l.windows(2).all(|w| rank(&w[0]) >= rank(&w[1])), "{l:?}");
    }

    #[test]
    fn default_view_lists_every_offer_cheapest_gpu_hour_first() {
        let t = run(&Scenario::default(), &CompareView::default());
        assert_eq!(t.matched, t.total);
        assert!(t.rows.len() <= PAGE_SIZE);
        let g: Vec<Decimal> = t.rows.iter().filter_map(|r| r.figures.per_gpu).collect();
        assert!(g.windows(2).all(|w| w[0] <= w[1]), "{g:?}");
    }

    #[test]
    fn unpriced_rows_sort_last_in_both_directions() {
        for descending in [false, true] {
            let v = CompareView {
                sort: Some(Sort {
                    column: Column::Hourly,
                    descending,
                }),
                page: 1,
                ..CompareView::default()
            };
            let s = Scenario {
                providers: vec![crate::domain::catalog::ProviderId::Alibaba],
                ..Scenario::default()
            };
            let t = run(&s, &v);
            let first_none = t.rows.iter().position(|r| r.figures.price.is_none());
            if let Some(i) = first_none {
                assert!(t.rows[i..].iter().all(|r| r.figures.price.is_none()));
            }
        }
    }

    #[test]
    fn filters_by_min_gpus_vram_search_and_max_price() {
        let s = Scenario {
            min_gpus: 8,
            min_vram_gb: Some(640),
            ..Scenario::default()
        };
        let t = run(&s, &CompareView::default());
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.priced.offer.gpu_count >= 8 && r.priced.offer.gpu_memory_gb >= Some(640)));

        let v = CompareView {
            q: "p4d".into(),
            ..CompareView::default()
        };
        let t = run(&Scenario::default(), &v);
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.priced.offer.instance_type.contains("p4d")));

        let v = CompareView {
            max_price: Some(Decimal::ONE),
            ..CompareView::default()
        };
        let t = run(&Scenario::default(), &v);
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.figures.price.is_some_and(|p| p <= Decimal::ONE)));

        let v = CompareView {
            q: "no-such-offer-anywhere".into(),
            ..CompareView::default()
        };
        assert_eq!(run(&Scenario::default(), &v).matched, 0);
    }

    #[test]
    fn time_unit_scales_rates() {
        let s = Scenario::default();
        let h = run(&s, &CompareView::default());
        let d = run(
            &s,
            &CompareView {
                time_unit: TimeUnit::D,
                ..CompareView::default()
            },
        );
        let a = h.rows.iter().find(|r| r.figures.price.is_some()).unwrap();
        let b = d
            .rows
            .iter()
            .find(|r| r.priced.offer.id == a.priced.offer.id)
            .unwrap();
        assert_eq!(
            b.figures.price.unwrap(),
            a.figures.price.unwrap() * Decimal::from(24)
        );
    }

    #[test]
    fn switching_currency_converts_the_max_price() {
        let c = catalog();
        let (mut s, mut v) = (Scenario::default(), CompareView::default());
        v.max_price = Some(Decimal::from(10));
        s.fx_cny_per_usd = Some(Decimal::from(7));
        switch_currency(c, &mut s, &mut v, Currency::CNY);
        assert_eq!(s.currency, Currency::CNY);
        assert_eq!(v.max_price, Some(Decimal::new(7000, 2)));
        switch_currency(c, &mut s, &mut v, Currency::USD);
        assert_eq!(v.max_price, Some(Decimal::new(1000, 2)));
    }

    #[test]
    fn unticking_a_provider_drops_its_regions_and_clearing_keeps_units() {
        use crate::domain::catalog::ProviderId;
        use crate::domain::scenario::RegionRef;
        let (mut s, mut v) = (Scenario::default(), CompareView::default());
        toggle_provider(&mut s, ProviderId::Aws, true);
        toggle_provider(&mut s, ProviderId::Azure, true);
        s.regions = vec![
            RegionRef::from_code("aws:us-east-1").unwrap(),
            RegionRef::from_code("azure:eastus").unwrap(),
        ];
        toggle_provider(&mut s, ProviderId::Aws, false);
        assert_eq!(s.providers, vec![ProviderId::Azure]);
        assert_eq!(s.regions.len(), 1);
        v.time_unit = TimeUnit::M;
        v.q = "a100".into();
        // providers, regions and search are on; a unit is not a filter
        let on = filters_on(&s, &v);
        assert_eq!(
            on,
            [true, false, true, false, false, false, true, false, false]
        );
        assert_eq!(active_filters(&s, &v), 3);
        v.page = 3;
        clear_filters(&mut s, &mut v);
        assert!(s.providers.is_empty() && s.regions.is_empty());
        assert!(v.q.is_empty());
        assert_eq!(active_filters(&s, &v), 0);
        assert_eq!((v.page, v.time_unit), (1, TimeUnit::M));
    }

    #[test]
    fn pages_are_clamped() {
        let v = CompareView {
            page: 9999,
            ..CompareView::default()
        };
        let t = run(&Scenario::default(), &v);
        assert_eq!(t.page, t.pages);
        assert!(!t.rows.is_empty());
    }
}
