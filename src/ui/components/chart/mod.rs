//! Charts for the plan screen: cumulative cost lines ([`LineChart`]) and
//! stacked cost bars ([`StackedBars`]), drawn as SVG from plain data.
//!
//! The views only place what [`layout`] computed (positions, paths, label
//! strings — all tested natively); colours, dashes and font sizes come from
//! CSS classes (`style-src 'self'`: no inline styles). Each chart is an
//! `<svg role="img">` with the caller's summary as its label, a legend as an
//! HTML list, and the same numbers as a `<table>`: read by screen readers
//! always, shown on screen when the "Table" toggle before it is opened
//! (a `<details>` plus a sibling selector in CSS — no state, no script).
//!
//! Props are plain values, not signals: a page renders a chart inside its
//! own reactive closure (`move || view! { <LineChart data=memo.get() … /> }`)
//! and the whole SVG is rebuilt when the data changes, which is what a
//! chart needs anyway and keeps the wasm small.

pub mod layout;
pub mod scale;

use leptos::prelude::*;

use crate::domain::catalog::Currency;
use crate::ui::i18n::{Locale, Msg};
use layout::{bars_layout, line_layout, TableText, BARS_W, LINE_H, LINE_W};
pub use layout::{Bar, BarsData, ChartData, Marker, Series};

fn view_box(w: f64, h: f64) -> String {
    format!("0 0 {w} {h}")
}

/// The chart's numbers as a table. Hidden visually (but not from screen
/// readers) until the toggle is opened: `.chart-toggle:not([open]) +
/// .chart-table` applies the `.sr-only` rules.
fn data_table(caption: String, t: TableText, locale: Locale) -> impl IntoView {
    let head = t
        .head
        .into_iter()
        .map(|h| view! { <th scope="col">{h}</th> })
        .collect_view();
    let rows = t
        .rows
        .into_iter()
        .map(|r| {
            let mut cells = r.into_iter();
            let first = cells.next().unwrap_or_default();
            let rest = cells.map(|c| view! { <td>{c}</td> }).collect_view();
            view! { <tr><th scope="row">{first}</th>{rest}</tr> }
        })
        .collect_view();
    view! {
        <details class="chart-toggle">
            <summary>{Msg::ChartTable.text(locale)}</summary>
        </details>
        <div class="chart-table" data-testid="chart-table">
            <table>
                <caption>{caption}</caption>
                <thead><tr>{head}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Cumulative cost per option over the horizon, with break-even markers and
/// what is still owed after the horizon (a dashed vertical segment from the
/// last value up to last + owed, ending in an open dot).
///
/// `caption` titles the data table; `summary` is the SVG's `aria-label`.
#[component]
pub fn LineChart(
    data: ChartData,
    locale: Locale,
    currency: Currency,
    #[prop(into)] caption: String,
    #[prop(into)] summary: String,
) -> impl IntoView {
    line_chart(&data, locale, currency, caption, summary)
}

/// [`LineChart`] as a plain function (no props builder).
pub fn line_chart(
    data: &ChartData,
    locale: Locale,
    currency: Currency,
    caption: String,
    summary: String,
) -> impl IntoView {
    let l = line_layout(data, LINE_W, LINE_H, locale, currency);
    let p = l.plot;
    let y_ticks = l
        .y_ticks
        .into_iter()
        .map(|t| {
            view! {
                <line class="chart-grid" x1=p.left x2=p.right y1=t.pos y2=t.pos />
                <text class="chart-tick" x=p.left y=t.pos dx="-6" dy="0.35em" text-anchor="end">
                    {t.label}
                </text>
            }
        })
        .collect_view();
    let x_ticks = l
        .x_ticks
        .into_iter()
        .map(|t| {
            view! {
                <text class="chart-tick" x=t.pos y=p.bottom dy="1.3em" text-anchor="middle">
                    {t.label}
                </text>
            }
        })
        .collect_view();
    let legend = l
        .lines
        .iter()
        .map(|s| {
            view! {
                <li class=s.class>
                    <svg class="chart-swatch" viewBox="0 0 24 10" aria-hidden="true">
                        <line class="chart-line" x1="1" y1="5" x2="23" y2="5" />
                    </svg>
                    {s.label.clone()}
                </li>
            }
        })
        .collect_view();
    let owed_key = l.owed_note.map(|n| {
        view! {
            <li data-testid="chart-owed-key">
                <svg class="chart-swatch" viewBox="0 0 24 10" aria-hidden="true">
                    <line class="chart-owed" x1="12" y1="10" x2="12" y2="3" />
                    <circle class="chart-owed-end" cx="12" cy="3" r="2" />
                </svg>
                {n}
            </li>
        }
    });
    let lines = l
        .lines
        .into_iter()
        .map(|s| {
            let owed = s.owed.map(|o| {
                view! {
                    <line class="chart-owed" data-testid="chart-owed" x1=o.x x2=o.x y1=o.y0 y2=o.y1 />
                    <circle class="chart-owed-end" cx=o.x cy=o.y1 r="3.5" />
                }
            });
            view! {
                <g class=s.class>
                    <path class="chart-line" data-testid="chart-series" data-label=s.label d=s.d />
                    {owed}
                </g>
            }
        })
        .collect_view();
    let markers = l
        .markers
        .into_iter()
        .map(|m| {
            view! {
                <g class=m.class data-testid="chart-marker" data-month=m.month>
                    <circle class="chart-dot" cx=m.cx cy=m.cy r="4" />
                    <text class="chart-mark" x=m.lx y=m.ly text-anchor=m.anchor>{m.label}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-line">
            <svg class="chart-svg" viewBox=view_box(l.width, l.height) role="img" aria-label=summary>
                {y_ticks}
                <line class="chart-zero" x1=p.left x2=p.right y1=l.zero y2=l.zero />
                <line class="chart-axis" x1=p.left x2=p.right y1=p.bottom y2=p.bottom />
                {x_ticks}
                <text class="chart-unit" x=p.left y=p.top dy="-0.7em">{l.unit}</text>
                <text class="chart-unit" x=p.right y=p.bottom dy="2.5em" text-anchor="end">{l.x_title}</text>
                {lines}
                {markers}
            </svg>
            <ul class="chart-legend">{legend}{owed_key}</ul>
            {data_table(caption, l.table, locale)}
        </figure>
    }
}

/// Cost components per option as horizontal stacked bars, the option's name
/// above its bar and its net total after it. Negative parts (credits) stack
/// to the left of zero and a tick marks the net; see [`layout::bars_layout`].
#[component]
pub fn StackedBars(
    data: BarsData,
    locale: Locale,
    currency: Currency,
    #[prop(into)] caption: String,
    #[prop(into)] summary: String,
) -> impl IntoView {
    stacked_bars(&data, locale, currency, caption, summary)
}

/// [`StackedBars`] as a plain function (no props builder).
pub fn stacked_bars(
    data: &BarsData,
    locale: Locale,
    currency: Currency,
    caption: String,
    summary: String,
) -> impl IntoView {
    let l = bars_layout(data, BARS_W, locale, currency);
    let p = l.plot;
    let ticks = l
        .x_ticks
        .into_iter()
        .map(|t| {
            view! {
                <line class="chart-grid" x1=t.pos x2=t.pos y1=p.top y2=p.bottom />
                <text class="chart-tick" x=t.pos y=p.bottom dy="1.3em" text-anchor="middle">
                    {t.label}
                </text>
            }
        })
        .collect_view();
    let rows = l
        .rows
        .into_iter()
        .map(|r| {
            let (y, h, bottom) = (r.y, r.height, r.bottom);
            let segments = r
                .segments
                .into_iter()
                .map(|s| {
                    view! {
                        <rect class=s.class x=s.x y=y width=s.width height=h>
                            <title>{s.title}</title>
                        </rect>
                    }
                })
                .collect_view();
            let net = r.net_x.map(|n| {
                view! { <line class="chart-net" x1=n x2=n y1=y y2=bottom /> }
            });
            let label = r.label.clone();
            view! {
                <g class="chart-bar" data-testid="chart-bar" data-label=label>
                    <text class="chart-label" x=p.left y=r.label_y>{r.label}</text>
                    {segments}
                    {net}
                    <text class="chart-total" x=r.total_x y=r.total_y>{r.total}</text>
                </g>
            }
        })
        .collect_view();
    let legend = l
        .legend
        .into_iter()
        .map(|(name, class)| {
            view! {
                <li class=class>
                    <span class="chart-box" aria-hidden="true"></span>
                    {name}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="chart" data-testid="chart-bars">
            <svg class="chart-svg" viewBox=view_box(l.width, l.height) role="img" aria-label=summary>
                {ticks}
                <line class="chart-zero" x1=l.zero x2=l.zero y1=p.top y2=p.bottom />
                <text class="chart-unit" x=l.width y=p.bottom dy="1.3em" text-anchor="end">{l.unit}</text>
                {rows}
            </svg>
            <ul class="chart-legend">{legend}</ul>
            {data_table(caption, l.table, locale)}
        </figure>
    }
}

/// In the browser: the views put the layout's figures into SVG elements
/// (native tests cover the layout; `to_html` needs leptos' `ssr` feature).
#[cfg(all(test, target_arch = "wasm32"))]
mod wasm_tests {
    use super::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    fn mount(f: impl FnOnce() -> AnyView + 'static) -> web_sys::HtmlElement {
        let doc = web_sys::window().unwrap().document().unwrap();
        let div: web_sys::HtmlElement = doc.create_element("div").unwrap().unchecked_into();
        doc.body().unwrap().append_child(&div).unwrap();
        leptos::mount::mount_to(div.clone(), f).forget();
        div
    }

    fn count(root: &web_sys::HtmlElement, sel: &str) -> u32 {
        root.query_selector_all(sel).unwrap().length()
    }

    #[wasm_bindgen_test]
    fn line_chart_mounts_svg_with_test_ids() {
        let data = ChartData {
            series: vec![
                Series {
                    label: "A".into(),
                    color: 0,
                    values: vec![1.0, 2.0, f64::NAN],
                    owed_after: 3.0,
                },
                Series {
                    label: "B".into(),
                    color: 1,
                    values: vec![2.0, 2.5, 3.0],
                    owed_after: 0.0,
                },
            ],
            markers: vec![Marker {
                series: 1,
                month: 2,
                label: "M2".into(),
            }],
            months: 3,
        };
        let root = mount(move || {
            line_chart(
                &data,
                Locale::En,
                Currency::USD,
                "Cost".into(),
                "Two options".into(),
            )
            .into_any()
        });
        assert_eq!(
            count(&root, "[data-testid='chart-line'] svg[role='img']"),
            1
        );
        assert_eq!(count(&root, "[data-testid='chart-series']"), 2);
        assert_eq!(
            count(&root, "[data-testid='chart-series'][data-label='A']"),
            1
        );
        assert_eq!(count(&root, "[data-testid='chart-owed']"), 1);
        assert_eq!(
            count(&root, "[data-testid='chart-marker'][data-month='2']"),
            1
        );
        assert_eq!(count(&root, "caption"), 1);
        let path = root
            .query_selector("[data-testid='chart-series']")
            .unwrap()
            .unwrap();
        assert_eq!(
            path.namespace_uri().as_deref(),
            Some("http://www.w3.org/2000/svg")
        );
        let html = root.inner_html();
        assert!(!html.contains("NaN") && !html.contains("style="), "{html}");
    }

    #[wasm_bindgen_test]
    fn stacked_bars_mount() {
        let data = BarsData {
            parts: vec!["compute".into(), "credits".into()],
            bars: vec![Bar {
                label: "On-demand".into(),
                values: vec![100.0, -20.0],
            }],
        };
        let root = mount(move || {
            stacked_bars(&data, Locale::ZhCn, Currency::CNY, "c".into(), "s".into()).into_any()
        });
        assert_eq!(count(&root, "[data-testid='chart-bars'] rect"), 2);
        assert_eq!(count(&root, ".chart-net"), 1);
        assert_eq!(count(&root, "tbody tr"), 1);
        assert!(!root.inner_html().contains("NaN"));
    }
}
