//! The one component that shows a part the worker renders: the part's
//! markup once it has arrived, kept while a newer request is out
//! (`data-state="pending"`, `aria-busy`), and a message in the page's
//! language when the worker cannot answer (an earlier good answer is then
//! replaced: its figures would no longer follow the inputs), said once per
//! part: in its first piece, unless the screen says it (`quiet`). Attributes and
//! handlers given to the component go to its element, so a screen can
//! delegate events on it. `after` runs once the markup is in (the compare
//! panel puts back refused text and focus); a read-only part can have a
//! newer answer patched into the last one (`patch`).
use leptos::prelude::*;

use crate::ui::html::{self, Html};
use crate::ui::i18n::{use_i18n, Locale, Msg};
use crate::ui::worker::client::{PartView, Shown};
use crate::ui::worker::Failure;

/// What runs once a part's markup is in its element.
pub type After = Box<dyn Fn(&web_sys::HtmlElement)>;

/// What the element holds for a part's state; `say`: this element says
/// that the worker failed (the others of the part are then empty).
pub fn content(s: &Shown, piece: usize, say: bool, locale: Locale) -> Html {
    match s.failed {
        Some(Failure::Unavailable | Failure::NoCatalog) if say => failed_html(locale),
        Some(Failure::Unavailable | Failure::NoCatalog) => Html::new(),
        _ => s.pieces.get(piece).cloned().unwrap_or_default(),
    }
}

fn failed_html(locale: Locale) -> Html {
    let mut h = Html::new();
    h.raw("<p class=\"field-error\" role=\"alert\" data-testid=\"worker-failed\">")
        .text(Msg::WorkerFailed.text(locale))
        .raw("</p>");
    h
}

#[component]
pub fn WorkerPart(
    view: PartView,
    /// Which piece of the part (the plan has five).
    #[prop(default = 0)]
    piece: usize,
    #[prop(optional)] class: &'static str,
    #[prop(optional)] testid: Option<&'static str>,
    #[prop(optional, into)] after: Option<After>,
    /// A newer answer is patched into the last one ([`html::update`]): for
    /// read-only output (no form controls), whose nodes can then stay.
    #[prop(optional)]
    patch: bool,
    /// The screen says it when the worker fails (or another part does).
    #[prop(optional)]
    quiet: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let el = NodeRef::<leptos::html::Div>::new();
    let say = piece == 0 && !quiet;
    let shown = Memo::new(move |_| {
        view.shown
            .with(|s| content(s, piece, say, i18n.locale.get()))
    });
    Effect::new(move |_| {
        let h = shown.get();
        let Some(e) = el.get() else { return };
        let focused = focused_key(&e);
        if patch {
            html::update(&e, &h);
        } else {
            html::set(&e, &h);
        }
        if let Some(f) = &after {
            f(&e);
        }
        // the control that had focus keeps it in the new markup
        if let Some(c) = focused.and_then(|sel| e.query_selector(&sel).ok().flatten()) {
            use wasm_bindgen::JsCast;
            if let Ok(c) = c.dyn_into::<web_sys::HtmlElement>() {
                let _ = c.focus();
            }
        }
    });
    view! {
        <div
            class=class
            data-testid=testid
            node_ref=el
            aria-busy=move || view.pending().then_some("true")
            data-state=move || if view.pending() { "pending" } else { "ready" }
            // shown (CSS) while the first answer is out
            data-wait=move || i18n.t(Msg::Computing)
        ></div>
    }
}

/// A selector for the focused control inside `el`, by what names it in the
/// part's markup (`data-key`, else `name`, else `id`).
fn focused_key(el: &web_sys::HtmlElement) -> Option<String> {
    let a = web_sys::window()?.document()?.active_element()?;
    if !el.contains(Some(&a)) {
        return None;
    }
    ["data-key", "name", "id"].into_iter().find_map(|attr| {
        let v = a.get_attribute(attr)?;
        Some(format!("[{attr}=\"{}\"]", v.replace(['"', '\\'], "")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_shows_its_piece_or_says_the_worker_failed() {
        let mut s = Shown::default();
        assert!(content(&s, 0, true, Locale::En).is_empty(), "nothing yet");
        let mut h = Html::new();
        h.text("ok");
        s.pieces = vec![Html::new(), h.clone()];
        assert_eq!(content(&s, 1, true, Locale::En), h);
        assert!(content(&s, 7, true, Locale::En).is_empty());
        s.failed = Some(Failure::Unavailable);
        let f = content(&s, 0, true, Locale::ZhCn);
        assert!(
            f.as_str().contains("data-testid=\"worker-failed\""),
            "{f:?}"
        );
        // said once: the part's other pieces, and a quiet part, are empty
        assert!(content(&s, 1, false, Locale::ZhCn).is_empty());
        assert!(content(&s, 0, false, Locale::ZhCn).is_empty());
        s.failed = Some(Failure::BadRequest);
        assert_eq!(
            content(&s, 1, true, Locale::En),
            h,
            "a stray reply keeps the part"
        );
    }
}
