//! Every source the catalog cites, with its kind, date and locator: a list
//! the worker renders from the whole catalog when the data screen is shown
//! (a template: every value is escaped by `html!`).
use maud::html;

use crate::domain::catalog::Catalog;
use crate::ui::html::Html;
use crate::ui::i18n::{Locale, Msg};
use crate::ui::labels::source_kind_msg;

pub fn list(catalog: &Catalog, locale: Locale) -> Html {
    let as_of = Msg::AsOf.text(locale);
    html! {
        ul data-testid="source-list" {
            @for s in &catalog.sources {
                // in Chinese where translated (a source a refresh just
                // added may not be yet: its English is marked as such)
                @let zh = locale == Locale::ZhCn;
                @let date = s.as_of_zh.as_deref().filter(|_| zh);
                @let note = s.note_zh.as_deref().filter(|_| zh);
                li id={ "src-" (s.id) } {
                    strong { (s.title) } " · "
                    span.kind { (source_kind_msg(s.kind).text(locale)) }
                    " · " (as_of) " "
                    @if let Some(d) = date { (d) } @else { span lang=[zh.then_some("en")] { (s.as_of) } }
                    @if let Some(n) = note { span.sub data-testid="source-note" { (n) } }
                    @else if let Some(n) = &s.note { span.sub data-testid="source-note" lang=[zh.then_some("en")] { (n) } }
                    @else { br; }
                    code.ref { (s.reference) }
                }
            }
        }
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_is_listed_escaped_in_both_languages() {
        let c = crate::domain::embedded::test_catalog();
        let en = list(c, Locale::En);
        let en = en.as_str();
        assert_eq!(en.matches("<li id=\"src-").count(), c.sources.len());
        assert!(en.contains("as of"));
        assert!(!en.contains("<script"));
        let first = &c.sources[0];
        assert!(
            en.contains(&format!("<li id=\"src-{}\"><strong>", first.id)),
            "{en:.300}"
        );
        assert!(list(c, Locale::ZhCn).as_str().contains("截至"));
    }

    /// Issue 48 point 14: in Chinese the sources' dates said "2025-05
    /// (est., inferred)" and their notes were not shown at all. Each date
    /// and note is in the page's language where translated, and an
    /// untranslated one is marked English.
    #[test]
    fn dates_and_notes_follow_the_language() {
        let c = crate::domain::embedded::test_catalog();
        let s = c
            .sources
            .iter()
            .find(|s| s.as_of_zh.is_some() && s.note_zh.is_some())
            .unwrap();
        let zh = list(c, Locale::ZhCn);
        let en = list(c, Locale::En);
        let esc = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('"', "&quot;")
        };
        for (html, date, note) in [
            (
                zh.as_str(),
                s.as_of_zh.as_deref().unwrap(),
                s.note_zh.as_deref().unwrap(),
            ),
            (en.as_str(), s.as_of.as_str(), s.note.as_deref().unwrap()),
        ] {
            let li = &html[html.find(&format!("id=\"src-{}\"", s.id)).unwrap()..];
            let li = &li[..li.find("</li>").unwrap()];
            assert!(li.contains(&esc(date)), "{li}");
            assert!(li.contains(&esc(note)), "{li}");
        }
        assert!(!zh.as_str().contains(&esc(&s.as_of)));
        // every English date that says more than a date is translated
        let untranslated: Vec<&str> = c
            .sources
            .iter()
            .filter(|s| s.as_of.chars().any(|ch| ch.is_ascii_alphabetic()) && s.as_of_zh.is_none())
            .map(|s| s.id.as_str())
            .collect();
        assert!(untranslated.is_empty(), "{untranslated:?}");
    }
}
