//! The plan screen's side of the plan worker: post the scenario link and
//! the language, take the markup back. Only the latest request's answer is
//! used; while one is out the screen says it is updating; a part that
//! failed keeps its last good markup ([`merge`]). In native builds (tests)
//! the results are computed in place.
use leptos::prelude::*;

use super::results::{merge, Results};
use crate::domain::catalog::Catalog;
use crate::ui::i18n::Locale;

/// What the screen reads.
#[derive(Clone, Copy)]
pub struct PlanOutput {
    pub results: RwSignal<Results>,
    /// A request is out (its answer not yet shown).
    pub pending: RwSignal<bool>,
    /// The worker could not be started or failed to load.
    pub broken: RwSignal<bool>,
}

impl PlanOutput {
    pub fn new() -> PlanOutput {
        PlanOutput {
            results: RwSignal::new(Results::default()),
            pending: RwSignal::new(false),
            broken: RwSignal::new(false),
        }
    }

    fn take(self, next: Results) {
        self.results.update(|r| *r = merge(r, next));
        self.pending.set(false);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn request(out: PlanOutput, catalog: &'static Catalog, query: String, locale: Locale) {
    out.take(super::results::results(catalog, &query, locale));
}

#[cfg(target_arch = "wasm32")]
pub fn request(out: PlanOutput, _catalog: &'static Catalog, query: String, locale: Locale) {
    imp::request(out, query, locale)
}

/// Ask the worker for markup (`kind`: `providers`, `advise-form`,
/// `advise`, `compare-panel`) for an app link in a language; the answer
/// goes into `into`. When the worker cannot be started or fails to load,
/// `into` gets a message saying so instead (every request waiting and every
/// later one), so no screen waits for an answer that cannot come.
#[cfg(not(target_arch = "wasm32"))]
pub fn request_markup(kind: &str, query: &str, locale: Locale, into: RwSignal<String>) {
    if let Ok(c) = Catalog::embedded_full() {
        into.set(crate::ui::pages::markup(&c, kind, query, locale));
    }
}

#[cfg(target_arch = "wasm32")]
pub fn request_markup(kind: &str, query: &str, locale: Locale, into: RwSignal<String>) {
    imp::request_markup(kind, query, locale, into)
}

/// What a markup request gets when the worker cannot answer.
#[cfg(target_arch = "wasm32")]
fn failed_html(locale: Locale) -> String {
    format!(
        "<p class=\"field-error\" role=\"alert\" data-testid=\"worker-failed\">{}</p>",
        crate::ui::i18n::Msg::WorkerFailed.text(locale)
    )
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::cell::{Cell, RefCell};

    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use super::{failed_html, PlanOutput};
    use crate::ui::i18n::Locale;
    use crate::ui::pages::plan::results::{Results, PARTS};
    use leptos::prelude::*;

    /// The worker script, relative to the page (works under a sub-path).
    const URL: &str = "./plan-worker.js";

    thread_local! {
        static WORKER: RefCell<Option<web_sys::Worker>> = const { RefCell::new(None) };
        static LATEST: Cell<u32> = const { Cell::new(0) };
        /// Markup requests waiting for their answer: (id, where it goes, language).
        static MARKUP: RefCell<Vec<(u32, RwSignal<String>, Locale)>> = const { RefCell::new(Vec::new()) };
        /// The worker failed to load or could not be started.
        static BROKEN: Cell<bool> = const { Cell::new(false) };
        static NEXT_MARKUP: Cell<u32> = const { Cell::new(MARKUP_IDS) };
        /// Where plan answers go (the plan screen's output).
        static PLAN_OUT: Cell<Option<PlanOutput>> = const { Cell::new(None) };
    }

    /// Markup requests are numbered from here (plan requests below).
    const MARKUP_IDS: u32 = 1 << 30;

    /// The worker, started on the first request. Answers go to the plan
    /// screen's output (the latest plan request only) or to the signal a
    /// markup request named.
    fn start() -> Option<web_sys::Worker> {
        let w = web_sys::Worker::new(URL).ok()?;
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let msg = js_sys::Array::from(&ev.data());
                let id = msg.get(0).as_f64().unwrap_or(0.0);
                if id == -1.0 {
                    // the module failed to load (see plan-worker.js)
                    broken();
                    return;
                }
                if id >= f64::from(MARKUP_IDS) {
                    let to = MARKUP.with_borrow_mut(|m| {
                        let i = m.iter().position(|(k, ..)| f64::from(*k) == id)?;
                        Some(m.remove(i).1)
                    });
                    if let Some(to) = to {
                        to.set(msg.get(1).as_string().unwrap_or_default());
                    }
                    return;
                }
                let Some(out) = PLAN_OUT.get() else { return };
                if id != f64::from(LATEST.get()) {
                    return; // an answer to an older request
                }
                let text = |i: u32| msg.get(i).as_string().unwrap_or_default();
                let mut r = Results::default();
                let err = text(1);
                r.error = (!err.is_empty()).then_some(err);
                for (i, p) in r.parts.iter_mut().enumerate().take(PARTS) {
                    *p = text(i as u32 + 2);
                }
                out.take(r);
            });
        let on_error = Closure::<dyn Fn()>::new(broken);
        w.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        w.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_message.forget();
        on_error.forget();
        Some(w)
    }

    fn broken() {
        BROKEN.set(true);
        if let Some(out) = PLAN_OUT.get() {
            out.broken.set(true);
            out.pending.set(false);
        }
        for (_, into, locale) in MARKUP.with_borrow_mut(std::mem::take) {
            into.set(failed_html(locale));
        }
    }

    /// Post a message, starting the worker first if needed; false when it
    /// cannot be started or the message not sent.
    fn post(msg: &js_sys::Array) -> bool {
        if BROKEN.get() {
            return false;
        }
        WORKER.with_borrow_mut(|slot| {
            if slot.is_none() {
                *slot = start();
            }
            slot.as_ref().is_some_and(|w| w.post_message(msg).is_ok())
        })
    }

    pub fn request_markup(kind: &str, query: &str, locale: Locale, into: RwSignal<String>) {
        let id = NEXT_MARKUP.get().wrapping_add(1).max(MARKUP_IDS);
        NEXT_MARKUP.set(id);
        MARKUP.with_borrow_mut(|m| m.push((id, into, locale)));
        let msg = js_sys::Array::of4(
            &JsValue::from(id),
            &JsValue::from_str(kind),
            &JsValue::from_str(query),
            &JsValue::from_str(locale.tag()),
        );
        if !post(&msg) {
            broken();
        }
    }

    pub fn request(out: PlanOutput, query: String, locale: Locale) {
        PLAN_OUT.set(Some(out));
        let id = LATEST.get().wrapping_add(1) % MARKUP_IDS;
        LATEST.set(id);
        let msg = js_sys::Array::of4(
            &JsValue::from(id),
            &JsValue::from_str("plan"),
            &JsValue::from_str(&query),
            &JsValue::from_str(locale.tag()),
        );
        out.pending.set(true);
        if !post(&msg) {
            broken();
        }
    }
}
