//! Charts for the plan screen: cumulative cost lines ([`line_chart`]) and
//! stacked cost bars ([`stacked_bars`]), drawn as SVG templates (maud) from
//! plain data; the worker renders them (`worker-html`).
//!
//! The maths is apart from the view, as leptos-chartistry splits it: the
//! templates only place what [`layout`] computed (positions, paths, label
//! strings — all tested natively), and coordinates are written with
//! [`scale::num`] (no float formatting code in the wasm); colours, dashes
//! and font sizes come from CSS classes (`style-src 'self'`: no inline
//! styles). Each chart is an `<svg role="img">` with the caller's summary
//! as its label, a legend as an HTML list, and the same numbers as a
//! `<table>`: read by screen readers always, shown on screen when the
//! "Table" toggle before it is opened (a `<details>` plus a sibling
//! selector in CSS — no state, no script). Every text is escaped by
//! `html!`.

pub mod layout;
pub mod scale;

use maud::{html, Markup};

use crate::domain::catalog::Currency;
use crate::ui::i18n::{Locale, WorkerMsg};
use layout::{bars_layout, line_layout, TableText, BARS_W, LINE_H, LINE_W};
pub use layout::{Bar, BarsData, ChartData, Marker, Series};
use scale::num;

/// A chart: the `<svg>` (`w` × `h` viewBox, `summary` as its accessible
/// label) holding `plot`, then its legend items and its data table.
fn figure(
    testid: &str,
    (w, h): (f64, f64),
    summary: &str,
    plot: Markup,
    legend: Markup,
    table: Markup,
) -> Markup {
    html! {
        figure.chart data-testid=(testid) {
            svg.chart-svg viewBox={ "0 0 " (num(w)) " " (num(h)) } role="img" aria-label=(summary) { (plot) }
            ul.chart-legend { (legend) }
            (table)
        }
    }
}

/// A straight SVG line (grid, axis, zero, net tick).
fn rule(class: &str, x1: f64, x2: f64, y1: f64, y2: f64) -> Markup {
    html! { line class=(class) x1=(num(x1)) x2=(num(x2)) y1=(num(y1)) y2=(num(y2)) {} }
}

/// A legend key: a small SVG drawing what the entry stands for.
fn swatch(key: Markup) -> Markup {
    html! { svg.chart-swatch viewBox="0 0 24 10" aria-hidden="true" { (key) } }
}

/// The chart's numbers as a table. Hidden visually (but not from screen
/// readers) until the toggle is opened: `.chart-toggle:not([open]) +
/// .chart-table` applies the `.sr-only` rules.
fn data_table(caption: &str, t: &TableText, locale: Locale) -> Markup {
    html! {
        details.chart-toggle { summary { (WorkerMsg::ChartTable.text(locale)) } }
        div.chart-table data-testid="chart-table" {
            table {
                caption { (caption) }
                thead { tr { @for h in &t.head { th scope="col" { (h) } } } }
                tbody {
                    @for r in &t.rows {
                        tr {
                            @for (i, c) in r.iter().enumerate() {
                                @if i == 0 { th scope="row" { (c) } } @else { td { (c) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Cumulative cost per option over the horizon, with break-even markers and
/// what is still owed after the horizon (a dashed vertical segment from the
/// last value up to last + owed, ending in an open dot).
///
/// `caption` titles the data table; `summary` is the SVG's `aria-label`.
pub fn line_chart(
    data: &ChartData,
    locale: Locale,
    currency: Currency,
    caption: &str,
    summary: &str,
) -> Markup {
    let l = line_layout(data, LINE_W, LINE_H, locale, currency);
    let p = l.plot;
    let plot = html! {
        @for t in &l.y_ticks {
            (rule("chart-grid", p.left, p.right, t.pos, t.pos))
            text.chart-tick x=(num(p.left)) y=(num(t.pos)) dx="-6" dy="0.35em" text-anchor="end" { (t.label) }
        }
        (rule("chart-zero", p.left, p.right, l.zero, l.zero))
        (rule("chart-axis", p.left, p.right, p.bottom, p.bottom))
        @for t in &l.x_ticks {
            text.chart-tick x=(num(t.pos)) y=(num(p.bottom)) dy="1.3em" text-anchor="middle" { (t.label) }
        }
        text.chart-unit x=(num(p.left)) y=(num(p.top)) dy="-0.7em" { (l.unit) }
        text.chart-unit x=(num(p.right)) y=(num(p.bottom)) dy="2.5em" text-anchor="end" { (l.x_title) }
        @for s in &l.lines {
            g class=(s.class) {
                path.chart-line data-testid="chart-series" data-label=(s.label) d=(s.d) {}
                @if let Some(o) = s.owed {
                    line.chart-owed data-testid="chart-owed" x1=(num(o.x)) x2=(num(o.x)) y1=(num(o.y0)) y2=(num(o.y1)) {}
                    circle.chart-owed-end cx=(num(o.x)) cy=(num(o.y1)) r="3.5" {}
                }
            }
        }
        @for m in &l.markers {
            g class=(m.class) data-testid="chart-marker" data-month=(m.month) {
                circle.chart-dot cx=(num(m.cx)) cy=(num(m.cy)) r="4" {}
                text.chart-mark x=(num(m.lx)) y=(num(m.ly)) text-anchor=(m.anchor) { (m.label) }
            }
        }
    };
    let legend = html! {
        @for s in &l.lines {
            li class=(s.class) {
                (swatch(html! { line.chart-line x1="1" y1="5" x2="23" y2="5" {} }))
                (s.label)
            }
        }
        @if let Some(n) = &l.owed_note {
            li data-testid="chart-owed-key" {
                (swatch(html! {
                    line.chart-owed x1="12" y1="10" x2="12" y2="3" {}
                    circle.chart-owed-end cx="12" cy="3" r="2" {}
                }))
                (n)
            }
        }
    };
    figure(
        "chart-line",
        (l.width, l.height),
        summary,
        plot,
        legend,
        data_table(caption, &l.table, locale),
    )
}

/// Cost components per option as horizontal stacked bars, the option's name
/// above its bar and its net total after it. Negative parts (credits) stack
/// to the left of zero and a tick marks the net; see [`layout::bars_layout`].
pub fn stacked_bars(
    data: &BarsData,
    locale: Locale,
    currency: Currency,
    caption: &str,
    summary: &str,
) -> Markup {
    let l = bars_layout(data, BARS_W, locale, currency);
    let p = l.plot;
    let plot = html! {
        @for t in &l.x_ticks {
            (rule("chart-grid", t.pos, t.pos, p.top, p.bottom))
            text.chart-tick x=(num(t.pos)) y=(num(p.bottom)) dy="1.3em" text-anchor="middle" { (t.label) }
        }
        (rule("chart-zero", l.zero, l.zero, p.top, p.bottom))
        text.chart-unit x=(num(l.width)) y=(num(p.bottom)) dy="1.3em" text-anchor="end" { (l.unit) }
        @for r in &l.rows {
            g.chart-bar data-testid="chart-bar" data-label=(r.label) {
                text.chart-label x=(num(p.left)) y=(num(r.label_y)) { (r.label) }
                @for sg in &r.segments {
                    rect class=(sg.class) x=(num(sg.x)) y=(num(r.y)) width=(num(sg.width)) height=(num(r.height)) {
                        title { (sg.title) }
                    }
                }
                @if let Some(n) = r.net_x { (rule("chart-net", n, n, r.y, r.bottom)) }
                text.chart-total x=(num(r.total_x)) y=(num(r.total_y)) { (r.total) }
            }
        }
    };
    let legend = html! {
        @for (name, class) in &l.legend {
            li class=(class) { span.chart-box aria-hidden="true" {} (name) }
        }
    };
    figure(
        "chart-bars",
        (l.width, l.height),
        summary,
        plot,
        legend,
        data_table(caption, &l.table, locale),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(html: &str, needle: &str) -> usize {
        html.matches(needle).count()
    }

    #[test]
    fn line_chart_markup_has_every_series_owed_segment_and_marker() {
        let data = ChartData {
            series: vec![
                Series {
                    label: "A <&>".into(),
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
        let html =
            line_chart(&data, Locale::En, Currency::USD, "Cost", "Two \"options\"").into_string();
        assert_eq!(count(&html, "data-testid=\"chart-series\""), 2);
        assert_eq!(count(&html, "data-label=\"A &lt;&amp;&gt;\""), 1);
        assert_eq!(count(&html, "data-testid=\"chart-owed\""), 1);
        assert_eq!(
            count(&html, "data-testid=\"chart-marker\" data-month=\"2\""),
            1
        );
        assert_eq!(count(&html, "<caption>Cost</caption>"), 1);
        assert!(
            html.contains("aria-label=\"Two &quot;options&quot;\""),
            "{html}"
        );
        assert!(
            !html.contains("NaN") && !html.contains("inf") && !html.contains("style="),
            "{html}"
        );
    }

    #[test]
    fn bars_markup_has_a_rect_per_part_and_a_net_tick_for_credits() {
        let data = BarsData {
            parts: vec!["compute".into(), "credits".into()],
            bars: vec![Bar {
                label: "On-demand".into(),
                values: vec![100.0, -20.0],
            }],
        };
        let html = stacked_bars(&data, Locale::ZhCn, Currency::CNY, "c", "s").into_string();
        assert_eq!(count(&html, "<rect "), 2);
        assert_eq!(count(&html, "chart-net"), 1);
        assert_eq!(count(&html, "<tbody><tr>"), 1);
        assert!(!html.contains("NaN"));
    }
}
