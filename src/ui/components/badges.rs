//! Small pieces of markup both the page (the offer rows) and the worker
//! (the compare panel) show, written once.
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg};

/// The year of a price more than 12 months old at the date ages are
/// measured at (today in the browser), beside it; its tooltip says it is
/// stale and the date.
pub fn stale_badge(loc: Locale, as_of: &str) -> Html {
    let tip = fill(Msg::StaleTip.text(loc), &[as_of]);
    let mut h = Html::new();
    h.raw(" <span class=\"badge stale\" data-testid=\"stale-badge\"")
        .attr("title", &tip)
        .attr("aria-label", &tip)
        .raw(">")
        // its age: the year of its date (as wide as "stale"; the tip says
        // the rest), or "stale" for a price without a year
        .text(match as_of.get(..4) {
            Some(y) if y.bytes().all(|b| b.is_ascii_digit()) => y,
            _ => Msg::StaleBadge.text(loc),
        })
        .raw("</span>");
    h
}
