//! The compare screen's table and side-by-side panel, as pure functions of
//! (catalog, scenario, view). The UI only renders what these return.
//!
//! Split in two steps so typing in the search box does not re-price 3 000
//! offers: [`price_all`] depends only on the pricing inputs of the scenario
//! ([`pricing_inputs`] strips the filters), and [`table`] filters, sorts and
//! pages already-priced rows.

use std::cmp::Ordering;

use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::catalog::Currency;
use crate::domain::catalog::{Catalog, Gpu, Offer, Region};
use crate::domain::error::EngineError;
use crate::domain::link::{Column, LinkState, Sort, TflopsKind, TimeUnit, View};
use crate::domain::money::{convert, mul, round_money};
use crate::domain::pricing::{assumed_rates, offer_metrics_with, OfferMetrics};
use crate::domain::scenario::{BillingModel, Scenario, UsageRateKey};
use crate::domain::tco::{matches, quote, ModelQuote, OfferQuote, Quote};

/// Rows per page: bounds the DOM to what a screen can show.
pub const PAGE_SIZE: usize = 50;

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

/// Hours in one time unit: a day is 24 h, a month 730 h (8 760 / 12, the
/// providers' own monthly convention), a year 8 760 h.
pub fn hours_in(unit: TimeUnit) -> Decimal {
    Decimal::from(match unit {
        TimeUnit::H => 1,
        TimeUnit::D => 24,
        TimeUnit::M => 730,
        TimeUnit::Y => 8760,
    })
}

/// The part of a scenario that changes prices (filters removed), so a memo
/// over it only re-prices when a price input changes.
pub fn pricing_inputs(s: &Scenario) -> Scenario {
    Scenario {
        gpu_models: Vec::new(),
        providers: Vec::new(),
        region_groups: Vec::new(),
        regions: Vec::new(),
        offers: None,
        min_gpus: 1,
        min_vram_gb: None,
        ..s.clone()
    }
}

/// One priced offer (all offers of the catalog, in catalog order).
#[derive(Debug, Clone)]
pub struct PricedOffer {
    pub offer: &'static Offer,
    pub gpu: Option<&'static Gpu>,
    pub region: Option<&'static Region>,
    pub metrics: Result<OfferMetrics, EngineError>,
}

/// Catalog entries are compared by identity (they never change while the
/// app runs): cheaper than comparing every field of every offer each time
/// the table's memo recomputes, and less code in the wasm.
impl PartialEq for PricedOffer {
    fn eq(&self, other: &Self) -> bool {
        fn same<T>(a: Option<&T>, b: Option<&T>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        std::ptr::eq(self.offer, other.offer)
            && same(self.gpu, other.gpu)
            && same(self.region, other.region)
            && self.metrics == other.metrics
    }
}

/// Price every offer of a `'static` catalog under the scenario's pricing inputs.
pub fn price_all(catalog: &'static Catalog, scenario: &Scenario) -> Vec<PricedOffer> {
    let assumed = assumed_rates(catalog, scenario);
    catalog
        .offers
        .iter()
        .map(|o| PricedOffer {
            offer: o,
            gpu: catalog.gpu(&o.gpu),
            region: catalog.region(o.provider, &o.region),
            metrics: offer_metrics_with(catalog, scenario, o, assumed.as_deref()),
        })
        .collect()
}

/// Figures of one table row in the view's time unit and display currency.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowFigures {
    pub price: Option<Decimal>,
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

impl RowFigures {
    pub fn of(m: &OfferMetrics, view: &View) -> RowFigures {
        let k = hours_in(view.time_unit);
        let per_tflops = match view.tflops {
            TflopsKind::Fp16 => m.per_fp16_tflops_hour,
            TflopsKind::Tf32 => m.per_tf32_tflops_hour,
            TflopsKind::Fp32 => m.per_fp32_tflops_hour,
        };
        let bc = m.best_commitment.as_ref();
        RowFigures {
            price: scale(m.hourly, k),
            per_gpu: scale(m.per_gpu_hour, k),
            per_tflops: scale(per_tflops, k),
            per_vram_gb: scale(m.per_vram_gb_hour, k),
            spot_min: scale(m.spot_min_hourly, k),
            spot_max: scale(m.spot_max_hourly, k),
            commit: scale(bc.map(|b| b.per_used_hour), k),
            commit_model: bc.map(|b| b.model),
            commit_assumed: bc.is_some_and(|b| b.assumed),
            monthly: m.monthly.map(round_money),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub priced: PricedOffer,
    pub figures: RowFigures,
}

#[derive(Debug, Clone, PartialEq)]
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
    let o = p.offer;
    let hay = [
        o.instance_type.as_str(),
        o.family.as_str(),
        o.region.as_str(),
        o.provider.code(),
        p.gpu.map(|g| g.name.as_str()).unwrap_or(""),
        p.region.map(|r| r.name_en.as_str()).unwrap_or(""),
        p.region.map(|r| r.name_zh.as_str()).unwrap_or(""),
    ];
    // ASCII folding is enough (codes and English names; Chinese has no case)
    // and keeps Unicode case tables out of the wasm bundle.
    hay.iter().any(|h| h.to_ascii_lowercase().contains(needle))
}

/// Does a priced offer pass every filter of the scenario and view?
/// `gpus` and `vram` are per-offer minimums on this screen.
pub fn passes(catalog: &Catalog, scenario: &Scenario, view: &View, p: &PricedOffer) -> bool {
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
    if let Some(max) = view.max_price {
        match p.metrics.as_ref().ok().and_then(|m| m.hourly) {
            Some(h) if h <= max => {}
            _ => return false,
        }
    }
    let needle = view.q.trim().to_ascii_lowercase();
    needle.is_empty() || needle.split_whitespace().all(|w| search_hit(p, w))
}

/// A row while filtering and sorting: borrowed, so only the shown page is cloned.
struct Candidate<'a> {
    priced: &'a PricedOffer,
    figures: RowFigures,
}

fn key_num(r: &Candidate, c: Column) -> Option<Decimal> {
    let f = &r.figures;
    let o = r.priced.offer;
    match c {
        Column::Gpus => Some(Decimal::from(o.gpu_count)),
        Column::Vram => o.gpu_memory_gb.map(Decimal::from),
        Column::Vcpu => Some(Decimal::from(o.vcpu)),
        Column::Ram => Some(o.ram_gib),
        Column::Hourly => f.price,
        Column::Gpuh => f.per_gpu,
        Column::Tflopsh => f.per_tflops,
        Column::Vramh => f.per_vram_gb,
        Column::Spot => f.spot_min,
        Column::Commit => f.commit,
        Column::Monthly => f.monthly,
        Column::Provider | Column::Region | Column::Type | Column::Gpu => None,
    }
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

fn is_text(c: Column) -> bool {
    matches!(
        c,
        Column::Provider | Column::Region | Column::Type | Column::Gpu
    )
}

/// Compare two rows by a column; missing numbers sort last in both directions.
fn compare_rows(a: &Candidate, b: &Candidate, sort: Sort) -> Ordering {
    let ord = if is_text(sort.column) {
        let o = key_text(a, sort.column).cmp(key_text(b, sort.column));
        if sort.descending {
            o.reverse()
        } else {
            o
        }
    } else {
        match (key_num(a, sort.column), key_num(b, sort.column)) {
            (Some(x), Some(y)) if sort.descending => y.cmp(&x),
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
    };
    ord.then_with(|| a.priced.offer.id.cmp(&b.priced.offer.id))
}

/// Default order: cheapest per GPU-hour first (what most users ask).
pub const DEFAULT_SORT: Sort = Sort {
    column: Column::Gpuh,
    descending: false,
};

/// Filter, sort and page priced offers.
pub fn table(catalog: &Catalog, scenario: &Scenario, view: &View, priced: &[PricedOffer]) -> Table {
    let mut rows: Vec<Candidate> = priced
        .iter()
        .filter(|p| passes(catalog, scenario, view, p))
        .map(|p| Candidate {
            figures: match &p.metrics {
                Ok(m) => RowFigures::of(m, view),
                Err(_) => RowFigures::empty(),
            },
            priced: p,
        })
        .collect();
    let sort = view.sort.unwrap_or(DEFAULT_SORT);
    rows.sort_by(|a, b| compare_rows(a, b, sort));
    let matched = rows.len();
    let pages = matched.div_ceil(PAGE_SIZE).max(1) as u32;
    let page = view.page.clamp(1, pages);
    let start = (page as usize - 1) * PAGE_SIZE;
    let rows = rows
        .into_iter()
        .skip(start)
        .take(PAGE_SIZE)
        .map(|c| Row {
            priced: c.priced.clone(),
            figures: c.figures,
        })
        .collect();
    Table {
        rows,
        matched,
        total: priced.len(),
        page,
        pages,
    }
}

impl RowFigures {
    fn empty() -> RowFigures {
        RowFigures {
            price: None,
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
pub fn switch_currency(catalog: &Catalog, l: &mut LinkState, to: Currency) {
    let from = l.scenario.currency;
    let fx = l.scenario.fx(catalog);
    l.view.max_price = l
        .view
        .max_price
        .and_then(|p| convert(p, from, to, fx).ok())
        .map(round_money)
        .filter(|p| *p > Decimal::ZERO);
    l.scenario.currency = to;
}

/// The side-by-side panel: the selected offers quoted under every billing
/// model over the scenario's horizon, with the best (lowest) value per row.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub quote: Quote,
    /// Billing models with at least one priced offer, in display order.
    pub models: Vec<BillingModel>,
    /// For each model in `models`: index (into `quote.offers`) of the cheapest total.
    pub best_by_model: Vec<Option<usize>>,
    /// Index of the offer with the lowest on-demand hourly price.
    pub best_hourly: Option<usize>,
}

/// Quote the selected offers (in selection order) over the scenario's horizon.
pub fn panel(
    catalog: &Catalog,
    scenario: &Scenario,
    selected: &[String],
) -> Result<Panel, EngineError> {
    let s = Scenario {
        offers: Some(selected.to_vec()),
        billing_models: Vec::new(),
        ..pricing_inputs(scenario)
    };
    let mut q = quote(catalog, &s)?;
    // Keep the user's selection order (quote walks the catalog order).
    q.offers
        .sort_by_key(|o| selected.iter().position(|id| *id == o.offer));
    let models: Vec<BillingModel> = s
        .models()
        .iter()
        .copied()
        .filter(|m| q.offers.iter().any(|o| model_quote(o, *m).is_some()))
        .collect();
    let best_by_model = models
        .iter()
        .map(|m| {
            argmin(
                q.offers
                    .iter()
                    .map(|o| model_quote(o, *m).and_then(|x| x.rank_key())),
            )
        })
        .collect();
    let best_hourly = argmin(q.offers.iter().map(|o| {
        o.models
            .iter()
            .find(|mq| mq.model == BillingModel::OnDemand)
            .and_then(|mq| mq.effective_hourly)
    }));
    Ok(Panel {
        quote: q,
        models,
        best_by_model,
        best_hourly,
    })
}

/// The usage rates the panel can ask the user for: every rate a result
/// lacks, plus every rate the user has already entered for a selected
/// offer's region (so a box does not vanish once its rate is typed), in
/// the panel's order without duplicates.
pub fn rate_inputs(p: &Panel, s: &Scenario) -> Vec<UsageRateKey> {
    // in the panel's offer order; no sort (one less sort in the wasm)
    let mut codes: Vec<String> = Vec::new();
    let mut add = |c: String| {
        if !codes.contains(&c) {
            codes.push(c);
        }
    };
    for o in &p.quote.offers {
        for m in &o.models {
            for r in &m.missing {
                let k = UsageRateKey {
                    provider: r.provider,
                    region: r.region.clone(),
                    kind: r.kind,
                };
                add(k.code());
            }
        }
        // the offer id is `provider:region:type`; a rate key starts with `provider:region:`
        let prefix = match o.offer.rsplit_once(':') {
            Some((pr, _)) => format!("{pr}:"),
            None => continue,
        };
        for k in s.user_usage_rates.keys().filter(|k| k.starts_with(&prefix)) {
            add(k.clone());
        }
    }
    codes
        .iter()
        .filter_map(|c| UsageRateKey::from_code(c))
        .collect()
}

/// One billing model's result for an offer, when it could be priced.
pub fn model_quote(o: &OfferQuote, m: BillingModel) -> Option<&ModelQuote> {
    o.models
        .iter()
        .find(|q| q.model == m && q.unavailable.is_none())
}

/// The decision cost of one billing model of an offer, if available.
pub fn model_total(o: &OfferQuote, m: BillingModel) -> Option<Decimal> {
    model_quote(o, m).and_then(|q| q.decision_cost.map(|t| t.amount()))
}

/// Index of the smallest value (the first on ties); None when all are None.
fn argmin<K: PartialOrd>(values: impl Iterator<Item = Option<K>>) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, v) in values.enumerate() {
        if let Some(v) = v {
            if best.as_ref().is_none_or(|(_, b)| v < *b) {
                best = Some((i, v));
            }
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> &'static Catalog {
        Box::leak(Box::new(Catalog::embedded().unwrap()))
    }

    fn run(s: &Scenario, v: &View) -> Table {
        let c = catalog();
        let priced = price_all(c, &pricing_inputs(s));
        table(c, s, v, &priced)
    }

    #[test]
    fn default_view_lists_every_offer_cheapest_gpu_hour_first() {
        let t = run(&Scenario::default(), &View::default());
        assert_eq!(t.matched, t.total);
        assert!(t.rows.len() <= PAGE_SIZE);
        let g: Vec<Decimal> = t.rows.iter().filter_map(|r| r.figures.per_gpu).collect();
        assert!(g.windows(2).all(|w| w[0] <= w[1]), "{g:?}");
    }

    #[test]
    fn unpriced_rows_sort_last_in_both_directions() {
        for descending in [false, true] {
            let v = View {
                sort: Some(Sort {
                    column: Column::Hourly,
                    descending,
                }),
                page: 1,
                ..View::default()
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
        let t = run(&s, &View::default());
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.priced.offer.gpu_count >= 8 && r.priced.offer.gpu_memory_gb >= Some(640)));

        let v = View {
            q: "p4d".into(),
            ..View::default()
        };
        let t = run(&Scenario::default(), &v);
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.priced.offer.instance_type.contains("p4d")));

        let v = View {
            max_price: Some(Decimal::ONE),
            ..View::default()
        };
        let t = run(&Scenario::default(), &v);
        assert!(t.matched > 0);
        assert!(t
            .rows
            .iter()
            .all(|r| r.figures.price.is_some_and(|p| p <= Decimal::ONE)));

        let v = View {
            q: "no-such-offer-anywhere".into(),
            ..View::default()
        };
        assert_eq!(run(&Scenario::default(), &v).matched, 0);
    }

    #[test]
    fn time_unit_scales_rates() {
        let s = Scenario::default();
        let h = run(&s, &View::default());
        let d = run(
            &s,
            &View {
                time_unit: TimeUnit::D,
                ..View::default()
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
        let mut l = LinkState::default();
        l.view.max_price = Some(Decimal::from(10));
        l.scenario.fx_cny_per_usd = Some(Decimal::from(7));
        switch_currency(c, &mut l, Currency::CNY);
        assert_eq!(l.scenario.currency, Currency::CNY);
        assert_eq!(l.view.max_price, Some(Decimal::new(7000, 2)));
        switch_currency(c, &mut l, Currency::USD);
        assert_eq!(l.view.max_price, Some(Decimal::new(1000, 2)));
    }

    #[test]
    fn pages_are_clamped() {
        let v = View {
            page: 9999,
            ..View::default()
        };
        let t = run(&Scenario::default(), &v);
        assert_eq!(t.page, t.pages);
        assert!(!t.rows.is_empty());
    }

    #[test]
    fn panel_keeps_selection_order_and_finds_best() {
        let c = catalog();
        let mut ids: Vec<String> = c
            .offers
            .iter()
            .filter(|o| o.on_demand().is_some())
            .take(3)
            .map(|o| o.id.clone())
            .collect();
        ids.reverse();
        let p = panel(c, &Scenario::default(), &ids).unwrap();
        let got: Vec<&str> = p.quote.offers.iter().map(|o| o.offer.as_str()).collect();
        assert_eq!(got, ids.iter().map(String::as_str).collect::<Vec<_>>());
        let od = p
            .models
            .iter()
            .position(|m| *m == BillingModel::OnDemand)
            .unwrap();
        let best = p.best_by_model[od].unwrap();
        let best_total = model_total(&p.quote.offers[best], BillingModel::OnDemand).unwrap();
        for o in &p.quote.offers {
            assert!(model_total(o, BillingModel::OnDemand).unwrap() >= best_total);
        }
    }
}
