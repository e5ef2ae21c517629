//! Markup that is safe to put into the page, and the one place it goes in.
//!
//! [`Html`] can only be built from escaped text: data goes in through
//! [`Html::text`] and [`Html::attr`] (escaped), markup only as string
//! literals written in the code ([`Html::raw`] takes `&'static str`), or
//! from a template the worker renders (`maud::Markup`, whose `html!` escapes
//! every value it is given). So a price,
//! a source title or a typed value can never become a tag, and no call site
//! has to remember to escape. [`set`], [`update`] and [`inner`] (for a
//! view's `inner_html`) are the only ways markup enters an element: the worker parts ([`crate::ui::components::worker_part`])
//! and the page-side markup the first load keeps (the offer rows, the plan's
//! pick lists, the QR code) all go through it ([`update`] is [`set`] for a
//! newer answer: it keeps the nodes the earlier one left).

/// Escaped markup (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Html(String);

impl Html {
    pub fn new() -> Html {
        Html(String::new())
    }

    pub fn with_capacity(n: usize) -> Html {
        Html(String::with_capacity(n))
    }

    /// Fixed markup written in the code (a tag, an attribute name).
    pub fn raw(&mut self, markup: &'static str) -> &mut Html {
        self.0.push_str(markup);
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, s: &str) -> &mut Html {
        escape_into(&mut self.0, s);
        self
    }

    /// ` name="value"`, the value escaped.
    pub fn attr(&mut self, name: &'static str, value: &str) -> &mut Html {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push_str("=\"");
        escape_into(&mut self.0, value);
        self.0.push('"');
        self
    }

    /// Another piece of escaped markup.
    pub fn append(&mut self, other: &Html) -> &mut Html {
        self.0.push_str(&other.0);
        self
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Markup the worker made ([`Html::render`] there) and sent over the
    /// worker boundary, which is the only caller.
    pub(crate) fn from_worker(markup: String) -> Html {
        Html(markup)
    }

    /// The markup as sent over the worker boundary.
    pub(crate) fn into_string(self) -> String {
        self.0
    }
}

/// A template the worker rendered (escaping is the template's).
#[cfg(feature = "worker-html")]
impl From<maud::Markup> for Html {
    fn from(m: maud::Markup) -> Html {
        Html(m.into_string())
    }
}

/// Escaped markup inside a template (it is escaped already: a piece the
/// page and the worker both show, written once with [`Html`]).
#[cfg(feature = "worker-html")]
impl maud::Render for Html {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(&self.0);
    }
}

fn escape_into(out: &mut String, s: &str) {
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
}

/// Put markup into an element, replacing what it held.
pub fn set(el: &web_sys::Element, html: &Html) {
    el.set_inner_html(html.as_str());
}

/// Put a newer answer of the same part into an element that shows an
/// earlier one: what the element then holds is what [`set`] would make, but
/// the nodes whose tag is the same stay (only changed text and attributes
/// are written), so the browser neither rebuilds nor restyles the rest
/// (figures: docs/PERFORMANCE.md). The
/// patching is `morph` in `web/morph.js`, handed over when it has loaded
/// ([`use_morph`]); until then, and for an empty element, this is [`set`].
/// Only for parts without form controls' typed state (a patched input keeps
/// what was typed in it).
pub fn update(el: &web_sys::Element, html: &Html) {
    if !imp::morph(el, html.as_str()) {
        set(el, html);
    }
}

#[cfg(not(all(target_arch = "wasm32", not(feature = "worker-html"))))]
mod imp {
    pub fn morph(_: &web_sys::Element, _: &str) -> bool {
        false
    }
}

#[cfg(all(target_arch = "wasm32", not(feature = "worker-html")))]
pub use imp::use_morph;

#[cfg(all(target_arch = "wasm32", not(feature = "worker-html")))]
mod imp {
    use std::cell::RefCell;

    use wasm_bindgen::prelude::*;

    thread_local! {
        static MORPH: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    }

    /// `enhance.js` hands over its `morph(element, markup)`.
    #[wasm_bindgen(js_name = useMorph)]
    pub fn use_morph(f: js_sys::Function) {
        MORPH.set(Some(f));
    }

    /// Whether the markup was patched in (false: no morph yet, an empty
    /// element, or the morph threw).
    pub fn morph(el: &web_sys::Element, markup: &str) -> bool {
        if el.first_child().is_none() {
            return false;
        }
        MORPH.with_borrow(|m| {
            m.as_ref().is_some_and(|f| {
                f.call2(&JsValue::NULL, el, &JsValue::from_str(markup))
                    .is_ok()
            })
        })
    }
}

/// Markup for a view's `inner_html` (a list the view rebuilds as its
/// signals change): the same markup [`set`] takes, for the same element kind.
pub fn inner(html: Html) -> String {
    html.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped_and_only_literals_go_in_raw() {
        let mut h = Html::new();
        h.raw("<td")
            .attr("data-label", "a\"b<c>")
            .raw(">")
            .text("<script>&'x'</script>")
            .raw("</td>");
        assert_eq!(
            h.as_str(),
            "<td data-label=\"a&quot;b&lt;c&gt;\">&lt;script&gt;&amp;&#39;x&#39;&lt;/script&gt;</td>"
        );
    }
}
