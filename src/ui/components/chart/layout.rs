//! Chart input data and its geometry: plain functions from data to
//! positions, paths and label strings, so the views only place what is
//! computed here (no arithmetic inside `view!`) and the output is tested
//! natively. All coordinates are SVG user units rounded to 0.1.

use super::scale::{
    compact_money, finite, money_text, money_ticks, month_ticks, path_d, round1, tick_labels, Scale,
};
use crate::domain::catalog::Currency;
use crate::ui::format::currency_symbol;
use crate::ui::i18n::{fill, Locale, WorkerMsg};

/// Colour/dash classes, by `color % 8` (series) or part index (bars).
pub const COLOR_CLASSES: [&str; 8] = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"];

/// Longest horizon drawn (and tabulated): keeps hostile data from making a
/// table with millions of rows.
pub const MAX_MONTHS: u32 = 1200;

/// viewBox of the line chart; CSS scales it to the container width.
pub const LINE_W: f64 = 480.0;
pub const LINE_H: f64 = 280.0;
/// viewBox width of the bar chart; its height grows with the bar count.
pub const BARS_W: f64 = 480.0;

/// Cumulative cost lines over a horizon of months.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChartData {
    pub series: Vec<Series>,
    /// Break-even crossings, drawn as dots on their series.
    pub markers: Vec<Marker>,
    /// The horizon; 0 means "as long as the longest series".
    pub months: u32,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Series {
    pub label: String,
    /// Palette index, 0..8 (taken modulo 8).
    pub color: u8,
    /// Cumulative money paid by the end of months 1..=months.
    pub values: Vec<f64>,
    /// Still owed after the horizon (≥ 0; anything else is ignored).
    pub owed_after: f64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marker {
    /// Index into [`ChartData::series`].
    pub series: usize,
    /// 1..=months.
    pub month: u32,
    /// Short text, e.g. "M7".
    pub label: String,
}

/// Horizontal stacked bars, one per option.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BarsData {
    pub bars: Vec<Bar>,
    /// Component names, in stacking order.
    pub parts: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bar {
    pub label: String,
    /// One value per part; negative (credits) allowed.
    pub values: Vec<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// An axis tick: its position along the axis and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub pos: f64,
    pub label: String,
}

/// The same numbers as a chart, as strings for a `<table>`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableText {
    pub head: Vec<String>,
    /// The first cell of each row is its header.
    pub rows: Vec<Vec<String>>,
}

/// What is still owed after the horizon: a vertical segment at `x` from the
/// last value (`y0`) up to last + owed (`y1`, where the end dot goes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Owed {
    pub x: f64,
    pub y0: f64,
    pub y1: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LinePath {
    pub label: String,
    pub class: &'static str,
    /// Path `d`; empty when the series has no finite value.
    pub d: String,
    pub owed: Option<Owed>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MarkerDot {
    pub class: &'static str,
    pub month: u32,
    pub cx: f64,
    pub cy: f64,
    pub label: String,
    /// Label position and `text-anchor`, chosen to stay inside the plot.
    pub lx: f64,
    pub ly: f64,
    pub anchor: &'static str,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LineLayout {
    pub width: f64,
    pub height: f64,
    pub plot: Rect,
    /// `pos` is a y coordinate.
    pub y_ticks: Vec<Tick>,
    /// `pos` is an x coordinate.
    pub x_ticks: Vec<Tick>,
    /// y of the zero line.
    pub zero: f64,
    /// The y-axis unit: the currency code.
    pub unit: &'static str,
    /// The x-axis title.
    pub x_title: &'static str,
    pub lines: Vec<LinePath>,
    pub markers: Vec<MarkerDot>,
    /// Legend text for the owed segments, when any series owes something.
    pub owed_note: Option<String>,
    pub table: TableText,
}

fn rounded_rect(r: Rect) -> Rect {
    Rect {
        left: round1(r.left),
        top: round1(r.top),
        right: round1(r.right),
        bottom: round1(r.bottom),
    }
}

/// Geometry of a line chart in a `width` × `height` viewBox.
pub fn line_layout(
    data: &ChartData,
    width: f64,
    height: f64,
    locale: Locale,
    currency: Currency,
) -> LineLayout {
    let plot = rounded_rect(Rect {
        left: 56.0,
        top: 22.0,
        right: (width - 40.0).max(57.0),
        bottom: (height - 40.0).max(23.0),
    });
    let longest = data
        .series
        .iter()
        .map(|s| s.values.len())
        .max()
        .unwrap_or(0);
    let months = if data.months > 0 {
        data.months
    } else {
        u32::try_from(longest).unwrap_or(u32::MAX)
    }
    .min(MAX_MONTHS);
    let n = months as usize;
    let owed = |s: &Series| finite(s.owed_after).filter(|o| *o > 0.0);
    let last = |s: &Series| {
        s.values[..s.values.len().min(n)]
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, v)| finite(*v).map(|v| (i + 1, v)))
    };

    // y extent: every drawn value and the top of every owed segment.
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for s in &data.series {
        for v in s.values.iter().take(n).filter_map(|v| finite(*v)) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if let (Some((_, l)), Some(o)) = (last(s), owed(s)) {
            hi = hi.max(l + o);
        }
    }
    let ticks = money_ticks(lo, hi);
    let ys = Scale::new((ticks.lo, ticks.hi), (plot.bottom, plot.top));
    let xs = Scale::new((0.0, months as f64), (plot.left, plot.right));
    let y = |v: f64| round1(ys.map(v));
    let x = |m: usize| round1(xs.map(m as f64));

    let y_ticks = ticks
        .values
        .iter()
        .zip(tick_labels(&ticks, locale))
        .map(|(v, label)| Tick { pos: y(*v), label })
        .collect();
    let x_ticks = month_ticks(months)
        .into_iter()
        .map(|m| Tick {
            pos: x(m as usize),
            label: m.to_string(),
        })
        .collect();

    let mut owed_rank = 0.0;
    let lines = data
        .series
        .iter()
        .map(|s| {
            // from the start (nothing spent yet), so a one-month horizon
            // draws a line too
            let start = s
                .values
                .first()
                .and_then(|v| finite(*v))
                .map(|_| (x(0), y(0.0)));
            let pts: Vec<Option<(f64, f64)>> = std::iter::once(start)
                .chain(
                    s.values
                        .iter()
                        .take(n)
                        .enumerate()
                        .map(|(i, v)| finite(*v).map(|v| (x(i + 1), y(v)))),
                )
                .collect();
            let owed = match (last(s), owed(s)) {
                (Some((m, l)), Some(o)) => {
                    // Several owed segments at the horizon sit side by side.
                    let seg = Owed {
                        x: round1(x(m) + 4.0 * owed_rank),
                        y0: y(l),
                        y1: y(l + o),
                    };
                    owed_rank += 1.0;
                    Some(seg)
                }
                _ => None,
            };
            LinePath {
                label: s.label.clone(),
                class: COLOR_CLASSES[usize::from(s.color % 8)],
                d: path_d(&pts),
                owed,
            }
        })
        .collect();

    let markers = data
        .markers
        .iter()
        .filter_map(|mk| {
            let s = data.series.get(mk.series)?;
            let i = (mk.month as usize).checked_sub(1).filter(|i| *i < n)?;
            let v = finite(*s.values.get(i)?)?;
            let (cx, cy) = (x(i + 1), y(v));
            let (lx, anchor) = if cx - plot.left < 16.0 {
                ((cx - 4.0).max(plot.left + 2.0), "start")
            } else if plot.right - cx < 16.0 {
                ((cx + 4.0).min(plot.right - 2.0), "end")
            } else {
                (cx, "middle")
            };
            // Above the dot, or below it when that would leave the plot.
            let ly = if cy - 8.0 - 12.0 < plot.top {
                (cy + 18.0).min(plot.bottom - 2.0)
            } else {
                cy - 8.0
            };
            Some(MarkerDot {
                class: COLOR_CLASSES[usize::from(s.color % 8)],
                month: mk.month,
                cx,
                cy,
                label: mk.label.clone(),
                lx: round1(lx),
                ly: round1(ly),
                anchor,
            })
        })
        .collect();

    let sym = currency_symbol(currency);
    let owed_text = fill(WorkerMsg::ChartOwed.text(locale), &[&months.to_string()]);
    let any_owed = data.series.iter().any(|s| owed(s).is_some());
    let mut table = TableText {
        head: std::iter::once(WorkerMsg::ChartMonth.text(locale).to_string())
            .chain(data.series.iter().map(|s| s.label.clone()))
            .collect(),
        rows: (0..n)
            .map(|i| {
                std::iter::once((i + 1).to_string())
                    .chain(data.series.iter().map(|s| {
                        s.values
                            .get(i)
                            .map_or_else(|| "—".into(), |v| money_text(*v, sym))
                    }))
                    .collect()
            })
            .collect(),
    };
    if any_owed {
        table.rows.push(
            std::iter::once(owed_text.clone())
                .chain(
                    data.series
                        .iter()
                        .map(|s| money_text(owed(s).unwrap_or(0.0), sym)),
                )
                .collect(),
        );
    }
    if !data.markers.is_empty() {
        table.rows.push(
            std::iter::once(WorkerMsg::ChartBreakEven.text(locale).to_string())
                .chain((0..data.series.len()).map(|si| {
                    let labels: Vec<&str> = data
                        .markers
                        .iter()
                        .filter(|m| m.series == si)
                        .map(|m| m.label.as_str())
                        .collect();
                    if labels.is_empty() {
                        "—".into()
                    } else {
                        labels.join(", ")
                    }
                }))
                .collect(),
        );
    }

    LineLayout {
        width,
        height,
        plot,
        y_ticks,
        x_ticks,
        zero: y(0.0),
        unit: currency.code(),
        x_title: WorkerMsg::ChartMonth.text(locale),
        lines,
        markers,
        owed_note: any_owed.then_some(owed_text),
        table,
    }
}

/// One segment of a stacked bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub class: &'static str,
    pub x: f64,
    pub width: f64,
    /// Tooltip: part name and amount.
    pub title: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BarRow {
    pub label: String,
    /// Baseline of the label, above the bar.
    pub label_y: f64,
    /// Top, height and bottom of the bar.
    pub y: f64,
    pub height: f64,
    pub bottom: f64,
    pub segments: Vec<Segment>,
    /// x of the net total, marked when negative parts pull it below the
    /// positive stack's end.
    pub net_x: Option<f64>,
    /// Net total, compact, written after the bar's end.
    pub total: String,
    pub total_x: f64,
    pub total_y: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BarsLayout {
    pub width: f64,
    pub height: f64,
    /// The bars' area; the x axis is along its bottom.
    pub plot: Rect,
    /// `pos` is an x coordinate.
    pub x_ticks: Vec<Tick>,
    /// x of zero.
    pub zero: f64,
    pub unit: &'static str,
    pub rows: Vec<BarRow>,
    /// One legend entry per part: name and colour class.
    pub legend: Vec<(String, &'static str)>,
    pub table: TableText,
}

const BAR_ROW: f64 = 44.0;
const BAR_H: f64 = 16.0;

/// Geometry of stacked horizontal bars, `width` wide; the height follows
/// from the number of bars.
///
/// Negative parts (credits) are drawn honestly as what they are: segments
/// stacked to the *left* of zero, while positive parts stack to the right.
/// The positive stack therefore shows the gross spend, the left stack what
/// comes back, and a tick across the bar marks the net total — the figure
/// written after the bar — so a credit never hides inside a shorter bar.
pub fn bars_layout(data: &BarsData, width: f64, locale: Locale, currency: Currency) -> BarsLayout {
    let top = 6.0;
    let plot = rounded_rect(Rect {
        left: 24.0,
        top,
        right: (width - 72.0).max(25.0),
        bottom: top + BAR_ROW * data.bars.len() as f64,
    });
    let parts = |b: &Bar| -> Vec<(usize, f64)> {
        b.values
            .iter()
            .take(data.parts.len())
            .enumerate()
            .filter_map(|(j, v)| finite(*v).map(|v| (j, v)))
            .collect()
    };
    let sums = |b: &Bar| {
        parts(b).iter().fold((0.0, 0.0), |(neg, pos), (_, v)| {
            if *v < 0.0 {
                (neg + v, pos)
            } else {
                (neg, pos + v)
            }
        })
    };
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for b in &data.bars {
        let (neg, pos) = sums(b);
        lo = lo.min(neg);
        hi = hi.max(pos);
    }
    let ticks = money_ticks(lo, hi);
    let xs = Scale::new((ticks.lo, ticks.hi), (plot.left, plot.right));
    let x = |v: f64| round1(xs.map(v));
    let zero = x(0.0);
    let sym = currency_symbol(currency);

    let rows = data
        .bars
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let row_top = plot.top + BAR_ROW * i as f64;
            let (mut neg, mut pos) = (0.0, 0.0);
            let segments = parts(b)
                .into_iter()
                .filter(|(_, v)| *v != 0.0)
                .map(|(j, v)| {
                    let (a, z) = if v < 0.0 {
                        neg += v;
                        (neg, neg - v)
                    } else {
                        pos += v;
                        (pos - v, pos)
                    };
                    let (xa, xz) = (x(a), x(z));
                    Segment {
                        class: COLOR_CLASSES[j % 8],
                        x: xa,
                        width: round1(xz - xa),
                        title: format!("{}: {}", data.parts[j], money_text(v, sym)),
                    }
                })
                .collect();
            let net = neg + pos;
            let end = x(pos).max(zero);
            BarRow {
                label: b.label.clone(),
                label_y: round1(row_top + 13.0),
                y: round1(row_top + 18.0),
                height: BAR_H,
                bottom: round1(row_top + 18.0 + BAR_H),
                segments,
                net_x: (neg < 0.0).then(|| x(net)),
                total: compact_money(net, sym, locale),
                total_x: round1(end + 4.0),
                total_y: round1(row_top + 18.0 + BAR_H - 4.0),
            }
        })
        .collect();

    let x_ticks = ticks
        .values
        .iter()
        .zip(tick_labels(&ticks, locale))
        .map(|(v, label)| Tick { pos: x(*v), label })
        .collect();

    let table = TableText {
        head: std::iter::once(String::new())
            .chain(data.parts.iter().cloned())
            .chain(std::iter::once(
                WorkerMsg::ChartTotal.text(locale).to_string(),
            ))
            .collect(),
        rows: data
            .bars
            .iter()
            .map(|b| {
                let (neg, pos) = sums(b);
                std::iter::once(b.label.clone())
                    .chain((0..data.parts.len()).map(|j| {
                        b.values
                            .get(j)
                            .map_or_else(|| "—".into(), |v| money_text(*v, sym))
                    }))
                    .chain(std::iter::once(money_text(neg + pos, sym)))
                    .collect()
            })
            .collect(),
    };

    BarsLayout {
        width,
        height: plot.bottom + 26.0,
        plot,
        x_ticks,
        zero,
        unit: currency.code(),
        rows,
        legend: data
            .parts
            .iter()
            .enumerate()
            .map(|(j, p)| (p.clone(), COLOR_CLASSES[j % 8]))
            .collect(),
        table,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Locale = Locale::En;
    const USD: Currency = Currency::USD;

    fn two_series() -> ChartData {
        ChartData {
            series: vec![
                Series {
                    label: "On-demand".into(),
                    color: 0,
                    values: (1..=12).map(|m| 1_000.0 * m as f64).collect(),
                    owed_after: 0.0,
                },
                Series {
                    label: "1y RI".into(),
                    color: 1,
                    values: (1..=12).map(|m| 4_000.0 + 500.0 * m as f64).collect(),
                    owed_after: 2_000.0,
                },
            ],
            markers: vec![Marker {
                series: 1,
                month: 8,
                label: "M8".into(),
            }],
            months: 12,
        }
    }

    fn no_nan(l: &LineLayout) {
        let s = format!("{l:?}");
        assert!(!s.contains("NaN") && !s.contains("inf"), "{s}");
    }

    #[test]
    fn two_series_twelve_months() {
        let l = line_layout(&two_series(), LINE_W, LINE_H, EN, USD);
        no_nan(&l);
        assert_eq!(
            l.plot,
            Rect {
                left: 56.0,
                top: 22.0,
                right: 440.0,
                bottom: 240.0
            }
        );
        // max 12k (on-demand, and 10k + 2k owed): the finest 1-2-5 step
        // with at most 7 ticks is 2k
        let labels: Vec<&str> = l.y_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0", "2k", "4k", "6k", "8k", "10k", "12k"]);
        let ypos: Vec<f64> = l.y_ticks.iter().map(|t| t.pos).collect();
        assert_eq!(ypos, [240.0, 203.7, 167.3, 131.0, 94.7, 58.3, 22.0]);
        assert_eq!(l.zero, 240.0);
        let xl: Vec<&str> = l.x_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(xl, ["0", "2", "4", "6", "8", "10", "12"]);
        assert_eq!(l.x_ticks[0].pos, 56.0);
        assert_eq!(l.x_ticks[6].pos, 440.0);
        // from the start (month 0, nothing spent: x 56, y 240), then month 1
        // at x = 56 + 384/12 = 88; 1000 of 12000 → 240 - 18.2
        assert!(
            l.lines[0].d.starts_with("M56 240L88 221.8L120 203.7"),
            "{}",
            l.lines[0].d
        );
        // last point: month 12 at the right edge, 12000 at the top
        assert!(l.lines[0].d.ends_with("L440 22"), "{}", l.lines[0].d);
        assert_eq!(l.lines[0].class, "s0");
        assert_eq!(l.lines[0].owed, None);
        // owed: from 10000 (y 58.3) up to 12000 (y 22) at the horizon
        assert_eq!(
            l.lines[1].owed,
            Some(Owed {
                x: 440.0,
                y0: 58.3,
                y1: 22.0
            })
        );
        // marker on series 1 at month 8 (8000 → y 94.7), label above, centred
        let m = &l.markers[0];
        assert_eq!((m.cx, m.cy, m.month), (312.0, 94.7, 8));
        assert_eq!((m.lx, m.ly, m.anchor), (312.0, 86.7, "middle"));
        assert_eq!(m.class, "s1");
        assert_eq!(l.unit, "USD");
        assert_eq!(l.owed_note.as_deref(), Some("Still owed after month 12"));
        // table: header, 12 months, owed row, break-even row
        assert_eq!(l.table.head, ["Month", "On-demand", "1y RI"]);
        assert_eq!(l.table.rows.len(), 14);
        assert_eq!(l.table.rows[0], ["1", "$1,000.00", "$4,500.00"]);
        assert_eq!(
            l.table.rows[12],
            ["Still owed after month 12", "$0.00", "$2,000.00"]
        );
        assert_eq!(l.table.rows[13], ["Break-even", "—", "M8"]);
        // deterministic
        assert_eq!(l, line_layout(&two_series(), LINE_W, LINE_H, EN, USD));
    }

    #[test]
    fn markers_stay_inside_the_plot() {
        let mut d = two_series();
        d.markers = vec![
            Marker {
                series: 0,
                month: 12,
                label: "M12".into(),
            },
            Marker {
                series: 0,
                month: 1,
                label: "M1".into(),
            },
            // out of range / bad series: dropped
            Marker {
                series: 0,
                month: 13,
                label: "x".into(),
            },
            Marker {
                series: 0,
                month: 0,
                label: "x".into(),
            },
            Marker {
                series: 9,
                month: 1,
                label: "x".into(),
            },
        ];
        d.series[0].values[11] = 15_000.0; // at the very top
        let l = line_layout(&d, LINE_W, LINE_H, EN, USD);
        assert_eq!(l.markers.len(), 2);
        let top = &l.markers[0];
        assert_eq!((top.cx, top.cy), (440.0, 22.0));
        assert_eq!(top.anchor, "end");
        assert!(top.lx <= l.plot.right && top.ly > top.cy && top.ly <= l.plot.bottom);
        let left = &l.markers[1];
        assert_eq!((left.cx, left.anchor), (88.0, "middle"));
        let mut d = two_series();
        d.months = 60;
        d.markers[0].month = 1;
        let l = line_layout(&d, LINE_W, LINE_H, EN, USD);
        assert_eq!(l.markers[0].anchor, "start");
        assert!(l.markers[0].lx >= l.plot.left);
    }

    #[test]
    fn hostile_line_data_never_panics_or_emits_nan() {
        let en_cny = |d: &ChartData| line_layout(d, LINE_W, LINE_H, Locale::ZhCn, Currency::CNY);
        // empty
        let l = en_cny(&ChartData::default());
        no_nan(&l);
        assert!(l.lines.is_empty() && l.table.rows.is_empty());
        assert_eq!(l.x_ticks.len(), 1);
        // one point, all zeros
        let one = ChartData {
            series: vec![Series {
                label: "a".into(),
                values: vec![0.0],
                ..Series::default()
            }],
            months: 1,
            ..ChartData::default()
        };
        let l = en_cny(&one);
        no_nan(&l);
        // one month is a line from the start (it was an 8 px dash at the
        // right edge, which read as nothing drawn)
        assert_eq!(l.lines[0].d, "M56 240L440 240");
        // huge, negative, NaN, inf, owed NaN/negative, colour > 7, no horizon
        let bad = ChartData {
            series: vec![
                Series {
                    label: "h".into(),
                    color: 13,
                    values: vec![1e12, f64::NAN, -5e11, f64::INFINITY, 1e300],
                    owed_after: f64::NAN,
                },
                Series {
                    label: "n".into(),
                    color: 2,
                    values: vec![f64::NEG_INFINITY; 3],
                    owed_after: -4.0,
                },
                Series {
                    label: "o".into(),
                    color: 3,
                    values: vec![],
                    owed_after: f64::INFINITY,
                },
            ],
            markers: vec![Marker {
                series: 0,
                month: 2,
                label: "nan".into(),
            }],
            months: 0,
        };
        let l = en_cny(&bad);
        no_nan(&l);
        assert_eq!(l.lines[0].class, "s5");
        assert_eq!(l.lines[0].d.matches('M').count(), 3, "{}", l.lines[0].d);
        assert_eq!(l.lines[1].d, "");
        assert!(l.lines.iter().all(|s| s.owed.is_none()));
        assert!(l.markers.is_empty());
        assert_eq!(l.x_ticks.len(), 6); // months 0..=5
        assert_eq!(l.table.rows[1][1], "—");
        // a horizon longer than MAX_MONTHS is capped
        let long = ChartData {
            months: u32::MAX,
            ..ChartData::default()
        };
        assert_eq!(en_cny(&long).table.rows.len(), MAX_MONTHS as usize);
        // a tiny viewBox stays ordered
        let l = line_layout(&two_series(), 1.0, 1.0, EN, USD);
        no_nan(&l);
        assert!(l.plot.left < l.plot.right && l.plot.top < l.plot.bottom);
    }

    fn bars() -> BarsData {
        BarsData {
            parts: vec!["compute".into(), "upfront".into(), "credits".into()],
            bars: vec![
                Bar {
                    label: "On-demand".into(),
                    values: vec![8_000.0, 0.0, -1_000.0],
                },
                Bar {
                    label: "1y RI".into(),
                    values: vec![3_000.0, 2_000.0, 0.0],
                },
            ],
        }
    }

    #[test]
    fn stacked_bars_with_credits_left_of_zero() {
        let l = bars_layout(&bars(), BARS_W, EN, USD);
        assert_eq!(l.height, 6.0 + 88.0 + 26.0);
        assert_eq!(l.plot.right, 408.0);
        let labels: Vec<&str> = l.x_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["-2k", "0", "2k", "4k", "6k", "8k"]);
        // domain -2000..8000 over 24..408: 38.4 units per 1000
        assert_eq!(l.zero, 100.8);
        let r = &l.rows[0];
        assert_eq!((r.label_y, r.y, r.height), (19.0, 24.0, 16.0));
        // compute 0..8000 right of zero; the zero upfront is skipped; the
        // credit -1000..0 left of zero
        assert_eq!(r.segments.len(), 2);
        assert_eq!((r.segments[0].x, r.segments[0].width), (100.8, 307.2));
        assert_eq!((r.segments[1].x, r.segments[1].width), (62.4, 38.4));
        assert_eq!(r.segments[1].class, "s2");
        assert_eq!(r.segments[1].title, "credits: -$1,000.00");
        assert_eq!(r.net_x, Some(369.6));
        assert_eq!(r.total, "$7k");
        assert_eq!((r.total_x, r.total_y), (412.0, 36.0));
        let r = &l.rows[1];
        assert_eq!(r.y, 68.0);
        assert_eq!((r.segments[1].x, r.segments[1].width), (216.0, 76.8));
        assert_eq!(r.net_x, None);
        assert_eq!(r.total, "$5k");
        assert_eq!(l.table.head, ["", "compute", "upfront", "credits", "Total"]);
        assert_eq!(
            l.table.rows[0],
            ["On-demand", "$8,000.00", "$0.00", "-$1,000.00", "$7,000.00"]
        );
        assert_eq!(l.legend[2], ("credits".to_string(), "s2"));
    }

    #[test]
    fn hostile_bars_never_panic_or_emit_nan() {
        let check = |d: &BarsData| {
            let l = bars_layout(d, BARS_W, Locale::ZhCn, Currency::CNY);
            let s = format!("{l:?}");
            assert!(!s.contains("NaN") && !s.contains("inf"), "{s}");
            l
        };
        let l = check(&BarsData::default());
        assert!(l.rows.is_empty());
        let l = check(&BarsData {
            parts: vec!["a".into()],
            bars: vec![
                Bar {
                    label: "x".into(),
                    values: vec![f64::NAN, 5.0, 7.0], // extra values ignored
                },
                Bar {
                    label: "y".into(),
                    values: vec![],
                },
                Bar {
                    label: "z".into(),
                    values: vec![-1e300],
                },
            ],
        });
        assert!(l.rows[0].segments.is_empty());
        assert_eq!(l.rows[0].total, "¥0");
        assert_eq!(l.table.rows[0], ["x", "—", "¥0.00"]);
        assert_eq!(l.table.rows[1], ["y", "—", "¥0.00"]);
        assert_eq!(l.rows[2].total, "-¥1000万亿");
        let l = check(&BarsData {
            parts: vec!["a".into(), "b".into()],
            bars: vec![Bar {
                label: "zero".into(),
                values: vec![0.0, 0.0],
            }],
        });
        assert_eq!(l.zero, 24.0);
    }
}
