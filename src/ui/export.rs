//! Export of what a screen shows, as CSV or JSON: the compare table (every
//! matching row in the table's order, the columns shown), the plan's
//! options, or the data sources; with the dataset version, the link and the
//! sources the figures cite. Pure: computed in the plan worker when the
//! user asks (`enhance.js` posts the page's link), tested natively.
//!
//! Figures are plain numbers (dot decimals, no grouping, no currency sign:
//! the currency and unit are in the column header) so a spreadsheet reads
//! them as numbers; CSV is UTF-8 with a byte-order mark (spreadsheet
//! programs otherwise misread Chinese text) and RFC 4180 quoting.
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::age::PriceAge;
use crate::domain::catalog::{Catalog, Offer};
use crate::domain::compare::rows::all_rows;
use crate::domain::compare::view::{visible_columns, Column};
use crate::domain::compare::{price_all, pricing_inputs};
use crate::domain::plan::{plan, plan_scenario, BreakEven, Figure};
use crate::ui::format;
use crate::ui::i18n::{fill, Locale, Msg, Text, WorkerMsg};
use crate::ui::labels::{
    break_even_why, column_msg, figure_msg, gpu_link_msg, model_msg, provider_msg, rdma_msg,
    unit_short,
};
use crate::ui::link::{self, AppLink, Screen};

pub use crate::ui::worker::Format;

/// A file to download.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub name: String,
    pub mime: &'static str,
    pub content: String,
}

/// What is exported: column headers, rows of cells, and the sources cited.
struct Sheet {
    columns: Vec<String>,
    rows: Vec<Vec<Cell>>,
    sources: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum Cell {
    Text(String),
    Num(Decimal),
    Empty,
}

fn num(v: Option<Decimal>) -> Cell {
    v.map_or(Cell::Empty, |d| Cell::Num(d.normalize()))
}

fn t(m: impl Text, locale: Locale) -> String {
    m.text(locale).to_string()
}

/// The date of the oldest price a result rests on, "stale" beside it when
/// over 12 months old.
fn age_cell(age: Option<&PriceAge>, locale: Locale) -> Cell {
    match age {
        Some(a) if a.stale => Cell::Text(format!(
            "{} ({})",
            a.oldest_as_of,
            t(Msg::StaleBadge, locale)
        )),
        Some(a) => Cell::Text(a.oldest_as_of.to_string()),
        None => Cell::Empty,
    }
}

/// Export the screen a link shows.
pub fn export(catalog: &'static Catalog, query: &str, locale: Locale, f: Format) -> File {
    let (l, _) = link::parse(query, catalog);
    let sheet = sheet_of(catalog, &l, locale);
    // stable keys, whatever the UI language
    let meta = [
        ("dataset", catalog.version()),
        ("as_of", catalog.as_of.clone()),
        ("screen", l.screen.code().to_string()),
        ("currency", l.scenario.currency.code().to_string()),
        ("link", link::write(&l)),
    ];
    // the dataset's version in the name: a CSV file is its table alone
    let stem = format!("gpucost-{}-{}", l.screen.code(), catalog.version());
    match f {
        Format::Csv => File {
            name: format!("{stem}.csv"),
            mime: "text/csv;charset=utf-8",
            content: csv(&sheet),
        },
        Format::Json => {
            // the columns' keys are their English headers in every language
            // (only the headers are made again, not the sheet)
            let keys = columns_of(&l, Locale::En);
            File {
                name: format!("{stem}.json"),
                mime: "application/json",
                content: json(&meta, &keys, &sheet, catalog),
            }
        }
    }
}

/// A screen's sheet headers (what [`sheet_of`] makes them).
fn columns_of(l: &AppLink, locale: Locale) -> Vec<String> {
    match l.screen {
        Screen::Compare => compare_columns(l, locale),
        Screen::Plan => plan_columns(l, locale),
        Screen::Advise => advise_columns(l, locale),
        Screen::Sources => sources_columns(locale),
        Screen::Providers => providers_columns(locale),
    }
}

fn sheet_of(catalog: &'static Catalog, l: &AppLink, locale: Locale) -> Sheet {
    match l.screen {
        Screen::Compare => compare_sheet(catalog, l, locale),
        Screen::Plan => plan_sheet(catalog, l, locale),
        Screen::Advise => advise_sheet(catalog, l, locale),
        Screen::Sources => sources_sheet(catalog, locale),
        Screen::Providers => providers_sheet(catalog, locale),
    }
}

/// The sources an offer's prices and specs cite, in order, once each.
fn cite(o: &Offer, out: &mut Vec<String>) {
    let ids = o
        .prices
        .iter()
        .map(|p| &*p.source)
        .chain(o.spec_sources.iter().map(|s| s.as_str()))
        .chain(o.net.iter().map(|n| n.source.as_str()));
    for id in ids {
        if !out.iter().any(|x| x == id) {
            out.push(id.to_string());
        }
    }
}

/// The compare sheet's headers: the columns shown, then what a row needs
/// beside them (offer id, GPUs, prices' date and age, selected, sources).
fn compare_columns(l: &AppLink, locale: Locale) -> Vec<String> {
    let cols = visible_columns(&l.compare.cols);
    let view = &l.compare;
    let cur = l.scenario.currency.code();
    let unit = t(unit_short(view.time_unit), locale);
    let mut columns = Vec::new();
    for c in &cols {
        let name = t(column_msg(*c), locale);
        match c {
            Column::Spot => {
                columns.push(format!(
                    "{name} {} ({cur}/{unit})",
                    t(WorkerMsg::Min, locale)
                ));
                columns.push(format!(
                    "{name} {} ({cur}/{unit})",
                    t(WorkerMsg::Max, locale)
                ));
            }
            Column::Commit => {
                columns.push(format!("{name} ({cur}/{unit})"));
                columns.push(t(WorkerMsg::ExportCommitModel, locale));
                columns.push(t(Msg::AboveOnDemand, locale));
            }
            Column::Monthly => columns.push(format!(
                "{} ({cur})",
                fill(&name, &[&format::plain(l.scenario.hours_per_month, locale)])
            )),
            Column::Net => {
                columns.push(name);
                columns.push(t(WorkerMsg::ExportRdma, locale));
                columns.push(t(WorkerMsg::ExportFabric, locale));
            }
            Column::Hourly | Column::Gpuh | Column::Tflopsh | Column::Vramh => {
                columns.push(format!("{name} ({cur}/{unit})"))
            }
            _ => columns.push(name),
        }
    }
    columns.push(t(WorkerMsg::ExportOfferId, locale));
    if !cols.contains(&Column::Gpus) {
        columns.push(t(Msg::ColGpus, locale));
    }
    columns.push(t(WorkerMsg::ColPricesAsOf, locale));
    columns.push(t(Msg::StaleBadge, locale));
    columns.push(t(WorkerMsg::ExportSelected, locale));
    columns.push(t(Msg::DataSources, locale));
    columns
}

fn compare_sheet(catalog: &'static Catalog, l: &AppLink, locale: Locale) -> Sheet {
    let s = pricing_inputs(&l.scenario);
    let priced = price_all(catalog, &s);
    let cols = visible_columns(&l.compare.cols);
    let view = &l.compare;
    let rows = all_rows(catalog, &l.scenario, view, &priced);
    let columns = compare_columns(l, locale);
    let gpus_shown = cols.contains(&Column::Gpus);
    let at = crate::domain::age::reference_date(catalog, &l.scenario);
    let yes_no = |b: bool| Cell::Text(t(if b { WorkerMsg::Yes } else { WorkerMsg::No }, locale));
    let mut sources = Vec::new();
    let out_rows = rows
        .iter()
        .map(|r| {
            let o = r.priced.offer;
            cite(o, &mut sources);
            let f = &r.figures;
            let mut cells = Vec::new();
            for c in &cols {
                match c {
                    Column::Provider => cells.push(Cell::Text(t(provider_msg(o.provider), locale))),
                    Column::Region => cells.push(Cell::Text(
                        r.priced
                            .region
                            .map(|g| format::region_name(g, locale))
                            .unwrap_or_else(|| o.region.to_string()),
                    )),
                    Column::Type => cells.push(Cell::Text(o.instance_type.clone())),
                    Column::Gpu => cells.push(Cell::Text(
                        r.priced
                            .gpu
                            .map(|g| g.name.clone())
                            .unwrap_or_else(|| o.gpu.to_string()),
                    )),
                    Column::Gpus => cells.push(Cell::Num(Decimal::from(o.gpu_count))),
                    Column::Vram => cells.push(num(o.gpu_memory_gb.map(Decimal::from))),
                    Column::Vcpu => cells.push(Cell::Num(Decimal::from(o.vcpu))),
                    Column::Ram => cells.push(Cell::Num(o.ram_gib)),
                    Column::Hourly => cells.push(num(f.price)),
                    Column::Gpuh => cells.push(num(f.per_gpu)),
                    Column::Tflopsh => cells.push(num(f.per_tflops)),
                    Column::Vramh => cells.push(num(f.per_vram_gb)),
                    Column::Spot => {
                        cells.push(num(f.spot_min));
                        cells.push(num(f.spot_max));
                    }
                    Column::Commit => {
                        cells.push(num(f.commit));
                        cells.push(
                            f.commit_model
                                .map_or(Cell::Empty, |m| Cell::Text(t(model_msg(m), locale))),
                        );
                        cells.push(match f.commit {
                            Some(_) => Cell::Text(t(
                                if f.commit_above() {
                                    WorkerMsg::Yes
                                } else {
                                    WorkerMsg::No
                                },
                                locale,
                            )),
                            None => Cell::Empty,
                        });
                    }
                    Column::Monthly => cells.push(num(f.monthly)),
                    Column::Net => {
                        cells.push(num(o.net.as_ref().map(|n| n.gbps)));
                        cells.push(
                            o.net
                                .as_ref()
                                .map_or(Cell::Empty, |n| Cell::Text(t(rdma_msg(n.rdma), locale))),
                        );
                        cells.push(num(o.net.as_ref().and_then(|n| n.fabric_gbps)));
                    }
                    Column::Link => cells.push(o.net.as_ref().map_or(Cell::Empty, |n| {
                        Cell::Text(t(gpu_link_msg(n.gpu_link), locale))
                    })),
                }
            }
            cells.push(Cell::Text(o.id.to_string()));
            if !gpus_shown {
                cells.push(Cell::Num(Decimal::from(o.gpu_count)));
            }
            // the prices the row's figures rest on: the oldest one's date
            let refs = r
                .priced
                .metrics
                .as_ref()
                .map(|m| m.sources.as_slice())
                .unwrap_or(&[]);
            let oldest = refs.iter().filter_map(|p| p.as_of()).min();
            cells.push(oldest.map_or(Cell::Empty, |d| Cell::Text(d.to_string())));
            cells.push(oldest.map_or(Cell::Empty, |d| {
                yes_no(crate::domain::catalog::is_stale_at(d, at))
            }));
            cells.push(yes_no(l.compare.selected.contains(&o.id)));
            // every source the row's prices, specs and network cite
            let mut ids = Vec::new();
            cite(o, &mut ids);
            cells.push(Cell::Text(ids.join(" ")));
            cells
        })
        .collect();
    Sheet {
        columns,
        rows: out_rows,
        sources,
    }
}

/// The plan sheet's headers.
fn plan_columns(l: &AppLink, locale: Locale) -> Vec<String> {
    let cur = l.scenario.currency.code();
    let mut columns = vec![
        t(WorkerMsg::ExportOfferId, locale),
        t(WorkerMsg::PlanColOption, locale),
    ];
    for m in Figure::ALL.map(figure_msg) {
        columns.push(format!("{} ({cur})", t(m, locale)));
    }
    columns.push(t(WorkerMsg::PlanColBreakeven, locale));
    columns.push(t(WorkerMsg::ColPricesAsOf, locale));
    columns
}

fn plan_sheet(catalog: &'static Catalog, l: &AppLink, locale: Locale) -> Sheet {
    let s = plan_scenario(&l.scenario, &l.compare);
    let columns = plan_columns(l, locale);
    let mut sources = Vec::new();
    let mut rows = Vec::new();
    if let Ok(p) = plan(catalog, &s) {
        for o in &p.options {
            if let Some(offer) = catalog.offer(&o.offer) {
                cite(offer, &mut sources);
            }
            // a month, or why there is none in words (as the options table
            // says it); empty only for what is not a commitment
            let cross = match p.break_even(o) {
                BreakEven::Month(m) => Cell::Num(Decimal::from(m)),
                why => break_even_why(why).map_or(Cell::Empty, |m| Cell::Text(t(m, locale))),
            };
            let mut cells = vec![
                Cell::Text(o.offer.to_string()),
                Cell::Text(t(model_msg(o.model), locale)),
            ];
            for (f, v) in Figure::ALL.into_iter().zip(o.figures()) {
                // data with a rate missing is unknown: an empty cell, not 0
                cells.push(if f == Figure::Data && !o.missing.is_empty() {
                    Cell::Empty
                } else {
                    Cell::Num(v)
                });
            }
            cells.push(cross);
            cells.push(age_cell(o.age.as_ref(), locale));
            rows.push(cells);
        }
    }
    Sheet {
        columns,
        rows,
        sources,
    }
}

/// The advise sheet's headers.
fn advise_columns(l: &AppLink, locale: Locale) -> Vec<String> {
    let cur = l.scenario.currency.code();
    vec![
        "#".to_string(),
        t(WorkerMsg::ExportOfferId, locale),
        t(WorkerMsg::AdvColStrategy, locale),
        format!("{} ({cur})", t(WorkerMsg::AdvColCost, locale)),
        t(WorkerMsg::AdvScoreCost, locale),
        t(WorkerMsg::AdvScorePerf, locale),
        t(WorkerMsg::AdvScoreEco, locale),
        t(WorkerMsg::AdvScoreRisk, locale),
        t(WorkerMsg::AdvColTotal, locale),
        t(WorkerMsg::ColPricesAsOf, locale),
    ]
}

/// The advise screen's ranking: every feasible offer's best strategy with
/// its scores (the screen shows the first ten).
fn advise_sheet(catalog: &'static Catalog, l: &AppLink, locale: Locale) -> Sheet {
    let columns = advise_columns(l, locale);
    let mut sources = Vec::new();
    let mut rows = Vec::new();
    if let Ok(a) = crate::domain::advise::advise(catalog, &l.scenario, &l.advise) {
        for p in &a.ranked {
            if let Some(offer) = catalog.offer(&p.strategy.offer) {
                cite(offer, &mut sources);
            }
            let s = &p.strategy;
            let model = match s.mix_baseline {
                Some(b) => format!(
                    "{} + {}",
                    t(model_msg(b), locale),
                    t(model_msg(s.model), locale)
                ),
                None => t(model_msg(s.model), locale),
            };
            rows.push(vec![
                Cell::Num(Decimal::from(p.rank as u32)),
                Cell::Text(s.offer.to_string()),
                Cell::Text(model),
                Cell::Num(s.decision_cost),
                Cell::Num(p.scores.cost),
                p.scores.perf.map_or(Cell::Empty, Cell::Num),
                Cell::Num(p.scores.eco),
                Cell::Num(p.scores.risk),
                p.scores.total.map_or(Cell::Empty, Cell::Num),
                age_cell(s.age.as_ref(), locale),
            ]);
        }
    }
    Sheet {
        columns,
        rows,
        sources,
    }
}

/// The providers sheet's headers.
fn providers_columns(locale: Locale) -> Vec<String> {
    vec![
        t(Msg::ColProvider, locale),
        "topic".into(),
        t(WorkerMsg::ExportFact, locale),
        t(Msg::DataSources, locale),
        t(Msg::AsOf, locale),
    ]
}

/// Every sourced provider fact: provider, topic, text in the language, its
/// source and date.
fn providers_sheet(catalog: &Catalog, locale: Locale) -> Sheet {
    let mut rows = Vec::new();
    let mut sources = Vec::new();
    for p in &catalog.providers {
        for f in &p.facts {
            if !sources.contains(&f.source) {
                sources.push(f.source.clone());
            }
            rows.push(vec![
                Cell::Text(t(provider_msg(p.id), locale)),
                Cell::Text(f.topic.clone()),
                Cell::Text(if locale == Locale::ZhCn {
                    f.text_zh.clone()
                } else {
                    f.text_en.clone()
                }),
                Cell::Text(f.source.clone()),
                Cell::Text(f.as_of.clone()),
            ]);
        }
    }
    Sheet {
        columns: providers_columns(locale),
        rows,
        sources,
    }
}

/// The sources sheet's headers.
fn sources_columns(locale: Locale) -> Vec<String> {
    vec![
        "id".into(),
        t(WorkerMsg::ExportTitle, locale),
        t(WorkerMsg::ExportReference, locale),
        t(Msg::AsOf, locale),
    ]
}

fn sources_sheet(catalog: &Catalog, locale: Locale) -> Sheet {
    Sheet {
        columns: sources_columns(locale),
        rows: catalog
            .sources
            .iter()
            .map(|s| {
                vec![
                    Cell::Text(s.id.clone()),
                    Cell::Text(s.title.clone()),
                    Cell::Text(s.reference.clone()),
                    Cell::Text(s.as_of.clone()),
                ]
            })
            .collect(),
        sources: Vec::new(),
    }
}

/// A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`
/// first) gets a `'` in front; numbers stay numbers (a negative credit is
/// not a formula).
fn defused(c: &Cell) -> String {
    match c {
        Cell::Text(s) if s.starts_with(['=', '+', '-', '@']) => format!("'{s}"),
        Cell::Text(s) => s.clone(),
        Cell::Num(d) => d.to_string(),
        Cell::Empty => String::new(),
    }
}

/// Records as CSV: RFC 4180 quoting by the csv crate's writer, CRLF.
fn records(rows: impl IntoIterator<Item = Vec<String>>) -> String {
    let mut w = csv::WriterBuilder::new()
        .flexible(true)
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    for r in rows {
        // a writer into memory cannot fail: errors only come from its sink
        let _ = w.write_record(&r);
    }
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The CSV file: UTF-8 with a byte-order mark (spreadsheets otherwise
/// misread Chinese text), and one table: its header, then its rows. What it
/// was made from (dataset, link, sources cited) is in the JSON export of the
/// same link; the dataset's version is in the file's name.
fn csv(sheet: &Sheet) -> String {
    let text = |s: &String| defused(&Cell::Text(s.clone()));
    let table = records(
        std::iter::once(sheet.columns.iter().map(text).collect())
            .chain(sheet.rows.iter().map(|r| r.iter().map(defused).collect())),
    );
    format!("\u{feff}{table}")
}

/// A cell in JSON: text, an exact number (the decimal's own digits, never
/// through a float), or null.
impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Text(t) => s.serialize_str(t),
            Cell::Num(d) => match serde_json::value::RawValue::from_string(d.to_string()) {
                Ok(raw) => raw.serialize(s),
                Err(e) => Err(serde::ser::Error::custom(e)),
            },
            Cell::Empty => s.serialize_none(),
        }
    }
}

/// The meta lines as one object, in their order.
struct Meta<'a>(&'a [(&'static str, String)]);

impl Serialize for Meta<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[derive(Serialize)]
struct SourceCited<'a> {
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    as_of: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonFile<'a> {
    meta: Meta<'a>,
    /// The columns' keys: the same in every UI language.
    keys: &'a [String],
    /// The columns' headers in the UI language.
    columns: &'a [String],
    rows: &'a [Vec<Cell>],
    sources: Vec<SourceCited<'a>>,
}

fn json(
    meta: &[(&'static str, String)],
    keys: &[String],
    sheet: &Sheet,
    catalog: &Catalog,
) -> String {
    let file = JsonFile {
        meta: Meta(meta),
        keys,
        columns: &sheet.columns,
        rows: &sheet.rows,
        sources: sheet
            .sources
            .iter()
            .map(|id| {
                let s = catalog.source(id);
                SourceCited {
                    id,
                    title: s.map(|s| s.title.as_str()),
                    as_of: s.map(|s| s.as_of.as_str()),
                }
            })
            .collect(),
    };
    // serialising owned strings and decimal digits cannot fail
    let mut out = serde_json::to_string_pretty(&file).unwrap_or_default();
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::embedded::test_catalog as catalog;
    use crate::domain::scenario::BillingModel;

    #[test]
    fn the_compare_csv_has_every_matching_row_in_table_order_with_a_bom() {
        let c = catalog();
        let f = export(c, "v=2&p=azure&sort=hourly", Locale::ZhCn, Format::Csv);
        assert!(f.content.starts_with('\u{feff}'));
        assert!(f.name.ends_with(".csv") && f.name.contains("compare"));
        let azure = c
            .offers
            .iter()
            .filter(|o| o.provider.code() == "azure")
            .count();
        // one table: the header, then one line per Azure offer (what it
        // was made from is the JSON's; the dataset's version is in the name)
        assert!(!f.content.contains("\r\n\r\n"), "{}", f.content);
        assert!(f.name.contains(&c.version()), "{}", f.name);
        let table: Vec<&str> = f.content.lines().collect();
        assert_eq!(table.len(), azure + 1, "header + one line per Azure offer");
        let head: Vec<&str> = table[0].trim_start_matches('\u{feff}').split(',').collect();
        assert!(head.contains(&"价格 (USD/小时)"), "{}", table[0]);
        // no English in a Chinese header
        assert!(
            !table[0].contains("min") && !table[0].contains("max"),
            "{}",
            table[0]
        );
        // every row says its GPUs, its prices' date and age, whether it is
        // selected and its sources
        for h in ["GPU 数", "价格日期", "过旧", "已选入并排比较", "数据来源"] {
            assert!(head.contains(&h), "{h}: {}", table[0]);
        }
        let col = |h: &str| head.iter().position(|x| *x == h).unwrap();
        let nc48 = table
            .iter()
            .find(|r| r.contains("azure:eastus:Standard_NC48ads_A100_v4"))
            .unwrap();
        let cells: Vec<&str> = nc48.split(',').collect();
        assert_eq!(cells[col("GPU 数")], "2");
        assert_eq!(cells[col("价格日期")], "2026-10-10");
        assert_eq!(cells[col("过旧")], "否");
        assert_eq!(cells[col("数据来源")], "mr-book sky-az net-azure");
        // the side-by-side selection is in the file
        let sel = export(c, "v=2&p=azure&sel=azure:eastus:Standard_NC48ads_A100_v4,azure:eastus:Standard_NC24ads_A100_v4", Locale::En, Format::Csv);
        let selected = sel
            .content
            .lines()
            .filter(|r| r.contains(",yes,") && r.contains("NC") && r.contains("ads_A100_v4"))
            .count();
        assert!(selected >= 2, "{}", sel.content);
    }

    /// The plan CSV's break-even column: a month, or why there is none as
    /// the options table says it; empty only for what is not a commitment
    /// (before: "not within the horizon" and "unknown" were both empty).
    #[test]
    fn the_plan_csv_says_why_a_commitment_has_no_break_even_month() {
        let c = catalog();
        let mut seen = std::collections::BTreeSet::new();
        for link in [
            "v=2&screen=plan&gpus=8&m=12&h=730&bm=od,ri1n,ri1p,ri1a,ri3n,ri3p,ri3a,sp1n,sp3a,sub1,sub12",
            "v=2&screen=plan&gpus=8&m=36&h=730&bm=od,ri1p,ri3p,sub36&p=azure,alibaba,tencent",
            "v=2&screen=plan&gpus=8&m=2&h=100&bm=od,ri1a,ri3a",
        ] {
            let f = export(c, link, Locale::En, Format::Csv);
            let mut r = csv::Reader::from_reader(f.content.trim_start_matches('\u{feff}').as_bytes());
            let at = r.headers().unwrap().iter().position(|h| h == "Break-even month").unwrap();
            for row in r.records() {
                let row = row.unwrap();
                let commitment = BillingModel::ALL
                    .iter()
                    .find(|m| t(model_msg(**m), Locale::En) == row[1])
                    .unwrap()
                    .is_commitment();
                let cell = &row[at];
                assert_eq!(cell.is_empty(), !commitment, "{link}: {row:?}");
                seen.insert(if cell.parse::<u32>().is_ok() { "month" } else { cell }.to_string());
            }
        }
        for why in [
            "month",
            "not within the horizon",
            "unknown: when it is paid is not sourced",
        ] {
            assert!(seen.contains(why), "{seen:?}");
        }
    }

    #[test]
    fn the_json_export_is_valid_json_with_exact_numbers() {
        let c = catalog();
        let f = export(
            c,
            "v=2&screen=plan&m=3&bm=od,ri1n&sel=aws:us-east-1:p4d.24xlarge",
            Locale::En,
            Format::Json,
        );
        let v: serde_json::Value = serde_json::from_str(&f.content).unwrap();
        assert_eq!(v["meta"]["dataset"], c.version());
        // keys are the same in every language; headers follow the language
        let zh = export(
            c,
            "v=2&screen=plan&m=3&bm=od,ri1n&sel=aws:us-east-1:p4d.24xlarge",
            Locale::ZhCn,
            Format::Json,
        );
        let z: serde_json::Value = serde_json::from_str(&zh.content).unwrap();
        assert_eq!(z["keys"], v["keys"]);
        assert_eq!(z["meta"]["dataset"], c.version());
        assert_ne!(z["columns"], v["columns"]);
        assert_eq!(v["keys"], v["columns"]);
        // on every screen, a Chinese file's keys are the English file's
        // headers (the headers are made in English, not the whole sheet)
        for screen in [
            "compare&cols=hourly,spot,commit,monthly,net",
            "plan",
            "advise",
            "providers",
            "sources",
        ] {
            let q = format!("v=2&screen={screen}&cur=CNY");
            let en: serde_json::Value =
                serde_json::from_str(&export(c, &q, Locale::En, Format::Json).content).unwrap();
            let zh: serde_json::Value =
                serde_json::from_str(&export(c, &q, Locale::ZhCn, Format::Json).content).unwrap();
            assert_eq!(zh["keys"], en["columns"], "{screen}");
            assert_eq!(
                zh["columns"].as_array().unwrap().len(),
                en["columns"].as_array().unwrap().len()
            );
        }
        let rows = v["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        // p4d on demand, 3 months × 730 h × 21.957642 = 48,087.24
        assert_eq!(rows[0][0], "aws:us-east-1:p4d.24xlarge");
        assert_eq!(rows[0][9].to_string(), "48087.24");
        assert!(!v["sources"].as_array().unwrap().is_empty());
    }

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        let sheet = Sheet {
            columns: vec![
                "a,b".into(),
                "say \"hi\"".into(),
                "=1+1".into(),
                "plain".into(),
            ],
            rows: vec![vec![
                Cell::Text("@cmd".into()),
                Cell::Num(Decimal::new(-125, 2)),
                Cell::Empty,
                Cell::Text("line\nbreak".into()),
            ]],
            sources: Vec::new(),
        };
        let out = csv(&sheet);
        assert_eq!(
            out,
            "\u{feff}\"a,b\",\"say \"\"hi\"\"\",'=1+1,plain\r\n'@cmd,-1.25,,\"line\nbreak\"\r\n"
        );
        let f = export(catalog(), "v=2&screen=sources", Locale::En, Format::Csv);
        assert!(f.content.lines().count() > 10);
    }
}
