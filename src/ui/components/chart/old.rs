//! TEMPORARY: the hand-written chart markup, kept only to check the templates render the same.
#![allow(dead_code)]
use std::fmt::Write;

use super::layout::{bars_layout, line_layout, TableText, BARS_W, LINE_H, LINE_W};
pub use super::layout::{Bar, BarsData, ChartData, Marker, Series};
use super::scale::num;
use crate::domain::catalog::Currency;
use crate::ui::format::esc;
use crate::ui::i18n::{Locale, Rt};

/// Start an `<svg>` figure: `testid`, viewBox and the accessible summary.
fn open(out: &mut String, testid: &str, w: f64, h: f64, summary: &str) {
    let _ = write!(
        out,
        "<figure class=\"chart\" data-testid=\"{testid}\"><svg class=\"chart-svg\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">",
        num(w),
        num(h),
        esc(summary)
    );
}

fn line(out: &mut String, class: &str, x1: f64, x2: f64, y1: f64, y2: f64) {
    let _ = write!(
        out,
        "<line class=\"{class}\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>",
        num(x1),
        num(x2),
        num(y1),
        num(y2)
    );
}

/// `<text>` at (x, y) with extra attributes (`dy`, `text-anchor`).
fn text(out: &mut String, class: &str, x: f64, y: f64, extra: &str, t: &str) {
    let _ = write!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" {extra}>{}</text>",
        num(x),
        num(y),
        esc(t)
    );
}

/// The chart's numbers as a table. Hidden visually (but not from screen
/// readers) until the toggle is opened: `.chart-toggle:not([open]) +
/// .chart-table` applies the `.sr-only` rules.
fn data_table(out: &mut String, caption: &str, t: &TableText, locale: Locale) {
    let _ = write!(
        out,
        "<details class=\"chart-toggle\"><summary>{}</summary></details><div class=\"chart-table\" data-testid=\"chart-table\"><table><caption>{}</caption><thead><tr>",
        esc(Rt::ChartTable.text(locale)),
        esc(caption)
    );
    for h in &t.head {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(h));
    }
    out.push_str("</tr></thead><tbody>");
    for r in &t.rows {
        out.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let tag = if i == 0 { "th scope=\"row\"" } else { "td" };
            let _ = write!(out, "<{tag}>{}</{}>", esc(c), &tag[..2]);
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

const SWATCH: &str = "<svg class=\"chart-swatch\" viewBox=\"0 0 24 10\" aria-hidden=\"true\">";

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
) -> String {
    let l = line_layout(data, LINE_W, LINE_H, locale, currency);
    let p = l.plot;
    let mut out = String::with_capacity(4096);
    open(&mut out, "chart-line", l.width, l.height, summary);
    for t in &l.y_ticks {
        line(&mut out, "chart-grid", p.left, p.right, t.pos, t.pos);
        text(
            &mut out,
            "chart-tick",
            p.left,
            t.pos,
            "dx=\"-6\" dy=\"0.35em\" text-anchor=\"end\"",
            &t.label,
        );
    }
    line(&mut out, "chart-zero", p.left, p.right, l.zero, l.zero);
    line(&mut out, "chart-axis", p.left, p.right, p.bottom, p.bottom);
    for t in &l.x_ticks {
        text(
            &mut out,
            "chart-tick",
            t.pos,
            p.bottom,
            "dy=\"1.3em\" text-anchor=\"middle\"",
            &t.label,
        );
    }
    text(
        &mut out,
        "chart-unit",
        p.left,
        p.top,
        "dy=\"-0.7em\"",
        l.unit,
    );
    text(
        &mut out,
        "chart-unit",
        p.right,
        p.bottom,
        "dy=\"2.5em\" text-anchor=\"end\"",
        l.x_title,
    );
    for s in &l.lines {
        let _ = write!(
            out,
            "<g class=\"{}\"><path class=\"chart-line\" data-testid=\"chart-series\" data-label=\"{}\" d=\"{}\"/>",
            s.class,
            esc(&s.label),
            s.d
        );
        if let Some(o) = s.owed {
            let _ = write!(
                out,
                "<line class=\"chart-owed\" data-testid=\"chart-owed\" x1=\"{x}\" x2=\"{x}\" y1=\"{}\" y2=\"{y1}\"/><circle class=\"chart-owed-end\" cx=\"{x}\" cy=\"{y1}\" r=\"3.5\"/>",
                num(o.y0),
                x = num(o.x),
                y1 = num(o.y1),
            );
        }
        out.push_str("</g>");
    }
    for m in &l.markers {
        let _ = write!(
            out,
            "<g class=\"{}\" data-testid=\"chart-marker\" data-month=\"{}\"><circle class=\"chart-dot\" cx=\"{}\" cy=\"{}\" r=\"4\"/>",
            m.class,
            m.month,
            num(m.cx),
            num(m.cy)
        );
        text(
            &mut out,
            "chart-mark",
            m.lx,
            m.ly,
            &format!("text-anchor=\"{}\"", m.anchor),
            &m.label,
        );
        out.push_str("</g>");
    }
    out.push_str("</svg><ul class=\"chart-legend\">");
    for s in &l.lines {
        let _ = write!(
            out,
            "<li class=\"{}\">{SWATCH}<line class=\"chart-line\" x1=\"1\" y1=\"5\" x2=\"23\" y2=\"5\"/></svg>{}</li>",
            s.class,
            esc(&s.label)
        );
    }
    if let Some(n) = &l.owed_note {
        let _ = write!(
            out,
            "<li data-testid=\"chart-owed-key\">{SWATCH}<line class=\"chart-owed\" x1=\"12\" y1=\"10\" x2=\"12\" y2=\"3\"/><circle class=\"chart-owed-end\" cx=\"12\" cy=\"3\" r=\"2\"/></svg>{}</li>",
            esc(n)
        );
    }
    out.push_str("</ul>");
    data_table(&mut out, caption, &l.table, locale);
    out.push_str("</figure>");
    out
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
) -> String {
    let l = bars_layout(data, BARS_W, locale, currency);
    let p = l.plot;
    let mut out = String::with_capacity(4096);
    open(&mut out, "chart-bars", l.width, l.height, summary);
    for t in &l.x_ticks {
        line(&mut out, "chart-grid", t.pos, t.pos, p.top, p.bottom);
        text(
            &mut out,
            "chart-tick",
            t.pos,
            p.bottom,
            "dy=\"1.3em\" text-anchor=\"middle\"",
            &t.label,
        );
    }
    line(&mut out, "chart-zero", l.zero, l.zero, p.top, p.bottom);
    text(
        &mut out,
        "chart-unit",
        l.width,
        p.bottom,
        "dy=\"1.3em\" text-anchor=\"end\"",
        l.unit,
    );
    for r in &l.rows {
        let _ = write!(
            out,
            "<g class=\"chart-bar\" data-testid=\"chart-bar\" data-label=\"{}\">",
            esc(&r.label)
        );
        text(&mut out, "chart-label", p.left, r.label_y, "", &r.label);
        for sg in &r.segments {
            let _ = write!(
                out,
                "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}</title></rect>",
                sg.class,
                num(sg.x),
                num(r.y),
                num(sg.width),
                num(r.height),
                esc(&sg.title)
            );
        }
        if let Some(n) = r.net_x {
            line(&mut out, "chart-net", n, n, r.y, r.bottom);
        }
        text(&mut out, "chart-total", r.total_x, r.total_y, "", &r.total);
        out.push_str("</g>");
    }
    out.push_str("</svg><ul class=\"chart-legend\">");
    for (name, class) in &l.legend {
        let _ = write!(
            out,
            "<li class=\"{class}\"><span class=\"chart-box\" aria-hidden=\"true\"></span>{}</li>",
            esc(name)
        );
    }
    out.push_str("</ul>");
    data_table(&mut out, caption, &l.table, locale);
    out.push_str("</figure>");
    out
}

/// Markup in a form where equal DOMs compare equal: attributes sorted,
/// `<x/>` written `<x></x>`, `&#39;` as `'` (maud leaves `'` as it is,
/// which is safe in text and double-quoted attributes).
pub fn normalise(html: &str) -> String {
    let html = html.replace("&#39;", "'");
    let mut out = String::with_capacity(html.len());
    let mut rest = html.as_str();
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let j = rest[i..].find('>').expect("tag ends") + i;
        let tag = &rest[i + 1..j];
        rest = &rest[j + 1..];
        if tag.starts_with('/') {
            out.push('<');
            out.push_str(tag);
            out.push('>');
            continue;
        }
        let (tag, closed) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let tag = tag.trim();
        let (name, mut attrs) = match tag.find(' ') {
            Some(k) => (&tag[..k], &tag[k..]),
            None => (tag, ""),
        };
        let mut list = Vec::new();
        loop {
            attrs = attrs.trim_start();
            if attrs.is_empty() {
                break;
            }
            let eq = attrs.find('=').expect("attr=value");
            let key = &attrs[..eq];
            assert!(!key.contains(' '), "boolean attribute in {tag}");
            let v = &attrs[eq + 1..];
            assert!(v.starts_with('"'), "{tag}");
            let end = v[1..].find('"').unwrap() + 1;
            list.push(format!("{key}={}", &v[..=end]));
            attrs = &v[end + 1..];
        }
        list.sort();
        out.push('<');
        out.push_str(name);
        for a in &list {
            out.push(' ');
            out.push_str(a);
        }
        out.push('>');
        if closed {
            out.push_str(&format!("</{name}>"));
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_templates_draw_what_the_hand_written_markup_drew() {
    let lines = ChartData {
        series: vec![
            Series {
                label: "A <&> 'x'".into(),
                color: 0,
                values: vec![1.0, 2.0, f64::NAN, -4.0],
                owed_after: 3.0,
            },
            Series {
                label: "B".into(),
                color: 9,
                values: vec![2.0, 2.5, 3.0, 1e6],
                owed_after: 0.0,
            },
        ],
        markers: vec![Marker {
            series: 1,
            month: 2,
            label: "M2 \"<\"".into(),
        }],
        months: 4,
    };
    let bars = BarsData {
        parts: vec!["compute".into(), "credits".into(), "<b>".into()],
        bars: vec![
            Bar {
                label: "On-demand".into(),
                values: vec![100.0, -20.0, 3.0],
            },
            Bar {
                label: "x & y".into(),
                values: vec![0.0, -200.0, 5e5],
            },
        ],
    };
    for (locale, currency) in [(Locale::En, Currency::USD), (Locale::ZhCn, Currency::CNY)] {
        for (cap, sum) in [("Cost", "Two \"options\""), ("<c>", "s & t")] {
            let new = super::line_chart(&lines, locale, currency, cap, sum).into_string();
            let old = line_chart(&lines, locale, currency, cap, sum);
            assert_eq!(normalise(&new), normalise(&old));
            let new = super::stacked_bars(&bars, locale, currency, cap, sum).into_string();
            let old = stacked_bars(&bars, locale, currency, cap, sum);
            assert_eq!(normalise(&new), normalise(&old));
            let empty = ChartData::default();
            assert_eq!(
                normalise(&super::line_chart(&empty, locale, currency, cap, sum).into_string()),
                normalise(&line_chart(&empty, locale, currency, cap, sum))
            );
        }
    }
}
