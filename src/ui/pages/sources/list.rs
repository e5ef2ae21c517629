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
                li id={ "src-" (s.id) } {
                    strong { (s.title) } " · "
                    span.kind { (source_kind_msg(s.kind).text(locale)) }
                    " · " (as_of) " " (s.as_of) br;
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
}
