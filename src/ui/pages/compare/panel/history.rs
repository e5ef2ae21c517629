//! An offer's price history in the side-by-side panel: its on-demand and
//! spot prices over time (the current ones and those the catalog keeps as
//! history), a small chart with each point's date and source, and the same
//! as text. The history is a data file of its own (`history.bin`), which
//! the worker fetches when the panel first asks (`Server::needs_history`),
//! never with the first load.
use maud::{html, Markup};
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::catalog::{as_of_days, Catalog, Currency, Offer, PriceKind};
use crate::domain::money::convert;
use crate::ui::format;
use crate::ui::i18n::{Locale, WorkerMsg};

/// One dated price: days since the epoch, per instance-hour in the display
/// currency, its date as written and its source's title.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub day: i64,
    pub hourly: Decimal,
    pub as_of: String,
    pub source: String,
}

/// The offer's on-demand and spot (midpoint of its range) list prices by
/// date, oldest first; an indicative price (not a bare list price: it would
/// read as a change that did not happen), a price with an unreadable date
/// or an unconvertible amount is left out.
pub fn series(c: &Catalog, o: &Offer, to: Currency, fx: Decimal) -> [Vec<Point>; 2] {
    let mut od = Vec::new();
    let mut spot = Vec::new();
    for p in o.prices.iter().chain(&o.price_history) {
        let (list, amount) = match p.kind {
            PriceKind::OnDemand { hourly } => (&mut od, hourly),
            PriceKind::Spot {
                hourly_min,
                hourly_max,
            } => (&mut spot, (hourly_min + hourly_max) / Decimal::TWO),
            _ => continue,
        };
        if p.indicative {
            continue;
        }
        let (Some(day), Ok(hourly)) = (as_of_days(&p.as_of), convert(amount, p.currency, to, fx))
        else {
            continue;
        };
        list.push(Point {
            day,
            hourly: crate::domain::money::round_rate(hourly),
            as_of: p.as_of.to_string(),
            source: c.source_title(&p.source).to_string(),
        });
    }
    for s in [&mut od, &mut spot] {
        s.sort_by_key(|p| p.day);
    }
    [od, spot]
}

const W: f64 = 168.0;
const H: f64 = 52.0;
const PAD: f64 = 5.0;

/// The panel's cell: the chart when a series has two dated prices or
/// more, and the prices as text ("on-demand 2024-12 $98.32 → 2026-10-10
/// $55.04"); "one dated price" when nothing changed in the kept history.
pub fn cell(c: &Catalog, o: &Offer, cur: Currency, fx: Decimal, loc: Locale) -> Markup {
    let [od, spot] = series(c, o, cur, fx);
    let named = [(WorkerMsg::HistoryOd, &od), (WorkerMsg::HistorySpot, &spot)];
    let text: Vec<String> = named
        .iter()
        .filter(|(_, s)| !s.is_empty())
        .map(|(m, s)| {
            let steps: Vec<String> = s
                .iter()
                .map(|p| format!("{} {}", p.as_of, format::money(p.hourly, cur, loc)))
                .collect();
            format!("{} {}", m.text(loc), steps.join(" → "))
        })
        .collect();
    let moved = od.len() > 1 || spot.len() > 1;
    let all: Vec<&Point> = od.iter().chain(&spot).collect();
    let (d0, d1) = (
        all.iter().map(|p| p.day).min().unwrap_or(0),
        all.iter().map(|p| p.day).max().unwrap_or(0),
    );
    let ys: Vec<f64> = all.iter().filter_map(|p| p.hourly.to_f64()).collect();
    let (y0, y1) = (
        ys.iter().copied().fold(f64::INFINITY, f64::min),
        ys.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    );
    let x = |d: i64| match d1 > d0 {
        true => PAD + (d - d0) as f64 / (d1 - d0) as f64 * (W - 2.0 * PAD),
        false => W / 2.0,
    };
    let y = |v: &Decimal| {
        let v = v.to_f64().unwrap_or(y0);
        match y1 > y0 {
            true => H - PAD - (v - y0) / (y1 - y0) * (H - 2.0 * PAD),
            false => H / 2.0,
        }
    };
    let label = text.join("; ");
    html! {
        div.price-history data-testid="price-history" data-points=(all.len()) {
            @if moved {
                svg viewBox={ "0 0 " (W) " " (H) } width=(W) height=(H) role="img" aria-label=(label) {
                    @for (i, (_, s)) in named.iter().enumerate() {
                        @if s.len() > 1 {
                            polyline class={ "series s" (i) } fill="none"
                                points=(s.iter().map(|p| format!("{:.1},{:.1}", x(p.day), y(&p.hourly))).collect::<Vec<_>>().join(" ")) {}
                        }
                        @for p in s.iter() {
                            circle class={ "dot s" (i) } cx=(format!("{:.1}", x(p.day))) cy=(format!("{:.1}", y(&p.hourly))) r="2.5" {
                                title { (p.as_of) " · " (format::money(p.hourly, cur, loc)) " · " (p.source) }
                            }
                        }
                    }
                }
            }
            @for t in &text { span.hint { (t) } }
            @if !moved {
                span.hint { (WorkerMsg::HistoryOne.text(loc)) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog as catalog;

    /// p5.48xlarge in us-east-1: on-demand 98.32 $/h in the 2024-12
    /// snapshot, 55.04 $/h on 2026-10-10; both drawn, oldest first, each
    /// with its date and source; a yuan price shows in dollars at the rate.
    #[test]
    fn the_history_is_drawn_oldest_first_with_dates_and_sources() {
        let c = catalog();
        let o = c.offer("aws:us-east-1:p5.48xlarge").unwrap();
        let [od, spot] = series(c, o, Currency::USD, Decimal::from(7));
        let od: Vec<(&str, Decimal)> = od.iter().map(|p| (p.as_of.as_str(), p.hourly)).collect();
        assert_eq!(
            od,
            vec![
                ("2024-12", Decimal::new(9832, 2)),
                ("2026-10-10", Decimal::new(5504, 2))
            ]
        );
        assert!(spot.len() >= 2);
        let html = cell(c, o, Currency::USD, Decimal::from(7), Locale::En).into_string();
        assert!(
            html.contains("<svg") && html.contains("<title>2024-12 · $98.32 · "),
            "{html}"
        );
        assert!(
            html.contains("on-demand 2024-12 $98.32 → 2026-10-10 $55.04"),
            "{html}"
        );
        // an offer whose kept history never moved: no chart, said so
        let still = c
            .offers
            .iter()
            .find(|o| o.price_history.is_empty() && o.on_demand().is_some() && o.spot().is_none())
            .unwrap();
        let html = cell(c, still, Currency::USD, Decimal::from(7), Locale::En).into_string();
        assert!(
            !html.contains("<svg") && html.contains("one dated price"),
            "{html}"
        );
    }
}
