//! Small pieces of markup both the page (the offer rows) and the worker
//! (the compare panel) show, written once.
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg};

/// "stale" beside a price more than 12 months old at the date ages are
/// measured at (today in the browser); its tooltip says the date.
pub fn stale_badge(loc: Locale, as_of: &str) -> Html {
    let tip = fill(Msg::StaleTip.text(loc), &[as_of]);
    let mut h = Html::new();
    h.raw(" <span class=\"badge stale\" data-testid=\"stale-badge\"")
        .attr("title", &tip)
        .attr("aria-label", &tip)
        .raw(">")
        .text(Msg::StaleBadge.text(loc))
        .raw("</span>");
    h
}
