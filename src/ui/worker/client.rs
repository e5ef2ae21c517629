//! The page's side of the worker boundary: the one `Worker` of the app,
//! started on the first request, used by every screen ([`PartView`]) and
//! by `enhance.js` (exports and QR codes, through [`worker_export`] and
//! [`worker_qr`], so no second copy of the module is ever started). Every
//! request gets exactly one [`Reply`]; when the worker cannot be started or
//! its module fails to load, every request waiting and every later one gets
//! [`Failure::Unavailable`], so nothing waits for an answer that cannot come.
//! In native builds (tests) nothing is started and every request gets that
//! answer at once.
use leptos::prelude::*;

use super::{Failure, Part, Reply, Request};
use crate::ui::html::Html;
use crate::ui::i18n::Locale;
use crate::ui::state::AppState;

/// Ask the worker; `answer` gets its reply (once).
pub fn ask(req: &Request, answer: impl FnOnce(Reply) + 'static) {
    imp::ask(req, Box::new(answer))
}

/// Ask the worker with `ask` whenever what it reads changes. A change of the
/// app's link runs it at once, in the change itself (the keystroke's or
/// the click's handler, [`AppState::on_change`]): the requests then leave
/// before the page's effects update what the change touches (field
/// labels and values, the navigation's links, hidden screens), which
/// delayed a plan or an advice keystroke's request (figures:
/// docs/PERFORMANCE.md) and now runs while the worker computes. An effect runs it for everything else (the language, the
/// screen shown, the first request); its repeat of a request just made is
/// dropped ([`PartView::request`]).
pub fn ask_on_change(state: AppState, ask: impl Fn() + 'static) {
    // one effect and one body, however many screens ask (first-load bytes)
    let ask: std::rc::Rc<dyn Fn()> = std::rc::Rc::new(ask);
    state.on_change(ask.clone());
    Effect::new(move |_| ask());
}

/// What a screen shows of a worker part: the latest answer's pieces (a
/// piece that failed keeps the last good markup), whether a newer request
/// is out, and why the last one failed. Only the latest request's answer
/// is taken.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Shown {
    pub pieces: Vec<Html>,
    /// A request is out (its answer not yet shown).
    pub pending: bool,
    /// The engine error code of the latest answer, if a piece failed.
    pub error: Option<String>,
    /// The latest request got no answer.
    pub failed: Option<Failure>,
    /// What the latest request asked for (its link and language).
    pub asked: Option<(String, Locale)>,
}

impl Shown {
    fn take(&mut self, reply: Reply) {
        self.pending = false;
        match reply {
            Reply::Markup { error, pieces } => {
                self.failed = None;
                let keep = error.is_some();
                self.error = error;
                if self.pieces.len() < pieces.len() {
                    self.pieces.resize(pieces.len(), Html::new());
                }
                for (old, new) in self.pieces.iter_mut().zip(pieces) {
                    if !(keep && new.is_empty()) {
                        *old = new;
                    }
                }
            }
            Reply::Failed(why) => self.failed = Some(why),
            // not an answer to a render request
            _ => self.failed = Some(Failure::BadRequest),
        }
    }
}

/// A worker part of a screen, asked for again whenever its link or the
/// language changes (see [`crate::ui::components::worker_part`]).
#[derive(Clone, Copy)]
pub struct PartView {
    part: Part,
    pub shown: RwSignal<Shown>,
    latest: StoredValue<u32>,
}

impl PartView {
    pub fn new(part: Part) -> PartView {
        PartView {
            part,
            shown: RwSignal::new(Shown::default()),
            latest: StoredValue::new(0),
        }
    }

    /// Ask for the part for an app link (the plan: a scenario link). What
    /// the latest request asked for is not asked again, unless it failed.
    pub fn request(self, query: String, locale: Locale) {
        let key = (query, locale);
        if self
            .shown
            .with_untracked(|s| s.failed.is_none() && s.asked.as_ref() == Some(&key))
        {
            return;
        }
        let n = self.latest.get_value().wrapping_add(1);
        self.latest.set_value(n);
        self.shown.update(|s| {
            s.pending = true;
            s.asked = Some(key.clone());
        });
        let (query, locale) = key;
        let req = Request::Render {
            part: self.part,
            query,
            locale,
        };
        ask(&req, move |reply| {
            // an answer to an older request is dropped
            if self.latest.try_get_value() == Some(n) {
                self.shown.update(|s| s.take(reply));
            }
        });
    }

    pub fn pending(self) -> bool {
        self.shown.with(|s| s.pending)
    }

    pub fn failed(self) -> Option<Failure> {
        self.shown.with(|s| s.failed)
    }

    pub fn error(self) -> Option<String> {
        self.shown.with(|s| s.error.clone())
    }

    /// Whether any answer with markup has arrived.
    pub fn answered(self) -> bool {
        self.shown.with(|s| !s.pieces.is_empty())
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;

    pub fn ask(_: &Request, answer: Box<dyn FnOnce(Reply)>) {
        answer(Reply::Failed(Failure::Unavailable));
    }
}

// The page's exports for enhance.js: in the app's wasm only (the worker
// binary, built with `worker-html`, would export them too).
#[cfg(all(target_arch = "wasm32", not(feature = "worker-html")))]
pub use imp::{worker_export, worker_qr};

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::cell::{Cell, RefCell};

    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    use super::*;
    #[cfg(not(feature = "worker-html"))]
    use crate::ui::worker::Format;

    /// The worker script, relative to the page (works under a sub-path).
    const URL: &str = "./worker.js";

    type Answer = Box<dyn FnOnce(Reply)>;

    thread_local! {
        static WORKER: RefCell<Option<web_sys::Worker>> = const { RefCell::new(None) };
        static WAITING: RefCell<Vec<(u32, Answer)>> = const { RefCell::new(Vec::new()) };
        static NEXT: Cell<u32> = const { Cell::new(0) };
        /// The worker failed to load or could not be started.
        static BROKEN: Cell<bool> = const { Cell::new(false) };
    }

    /// The worker `first.js` started while the page loaded, on a link to a
    /// screen the worker answers (none on the synthetic=N switch, or once
    /// it said it failed): `start` runs once.
    fn early() -> Option<web_sys::Worker> {
        let w =
            js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("gpucostWorker")).ok()?;
        w.is_object().then(|| w.unchecked_into())
    }

    fn start() -> Option<web_sys::Worker> {
        let w = match early() {
            Some(w) => w,
            // on the test-only synthetic=N switch the worker scales its catalog too
            None => match crate::ui::url::split_synthetic(&crate::ui::url::current_query()).1 {
                Some(n) => web_sys::Worker::new(&format!("{URL}?synthetic={n}")),
                None => web_sys::Worker::new(URL),
            }
            .ok()?,
        };
        let on_message =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
                let msg = js_sys::Array::from(&ev.data());
                let id = msg.get(0).as_f64().unwrap_or(-1.0);
                if id < 0.0 {
                    // the module failed to load (see worker.js)
                    broken();
                    return;
                }
                let fields = (1..msg.length())
                    .map(|i| msg.get(i).as_string().unwrap_or_default())
                    .collect();
                let reply = Reply::decode(fields).unwrap_or(Reply::Failed(Failure::BadRequest));
                let answer = WAITING.with_borrow_mut(|w| {
                    let i = w.iter().position(|(k, _)| f64::from(*k) == id)?;
                    Some(w.remove(i).1)
                });
                if let Some(answer) = answer {
                    answer(reply);
                }
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
        for (_, answer) in WAITING.with_borrow_mut(std::mem::take) {
            answer(Reply::Failed(Failure::Unavailable));
        }
    }

    pub fn ask(req: &Request, answer: Answer) {
        if BROKEN.get() {
            return answer(Reply::Failed(Failure::Unavailable));
        }
        let id = NEXT.get().wrapping_add(1);
        NEXT.set(id);
        WAITING.with_borrow_mut(|w| w.push((id, answer)));
        let msg = js_sys::Array::new();
        msg.push(&JsValue::from(id));
        for f in req.encode() {
            msg.push(&JsValue::from(f));
        }
        let sent = WORKER.with_borrow_mut(|slot| {
            if slot.is_none() {
                *slot = start();
            }
            slot.as_ref().is_some_and(|w| w.post_message(&msg).is_ok())
        });
        if !sent {
            broken();
        }
    }

    /// A promise of a reply, for `enhance.js`: `ok` turns the reply into
    /// the promise's value, or `None` to reject it.
    #[cfg(not(feature = "worker-html"))]
    fn promise(
        req: Request,
        ok: impl FnOnce(Reply) -> Option<JsValue> + 'static,
    ) -> js_sys::Promise {
        let mut ok = Some(ok);
        js_sys::Promise::new(&mut |resolve, reject| {
            let Some(ok) = ok.take() else { return };
            super::ask(&req, move |reply| match ok(reply) {
                Some(v) => drop(resolve.call1(&JsValue::NULL, &v)),
                None => drop(reject.call0(&JsValue::NULL)),
            });
        })
    }

    /// The file of what the screen of an app link shows: resolves to
    /// `[name, mime, content]`.
    #[cfg(not(feature = "worker-html"))]
    #[wasm_bindgen(js_name = workerExport)]
    pub fn worker_export(query: String, lang: String, format: String) -> js_sys::Promise {
        let req = Request::Export {
            query,
            locale: Locale::from_tag(&lang).unwrap_or(Locale::En),
            format: Format::from_code(&format).unwrap_or(Format::Csv),
        };
        promise(req, |reply| match reply {
            Reply::File {
                name,
                mime,
                content,
            } => Some(js_sys::Array::of3(&name.into(), &mime.into(), &content.into()).into()),
            _ => None,
        })
    }

    /// The QR code of `text` put into `into`: resolves to 0, or to the
    /// text's length in bytes when it is too long for a QR code.
    #[cfg(not(feature = "worker-html"))]
    #[wasm_bindgen(js_name = workerQr)]
    pub fn worker_qr(into: web_sys::Element, text: String, label: String) -> js_sys::Promise {
        promise(Request::Qr { text, label }, move |reply| match reply {
            Reply::Qr(svg) => {
                crate::ui::html::set(&into, &svg);
                Some(JsValue::from(0))
            }
            Reply::TooLong(n) => Some(JsValue::from(n as u32)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn markup(error: Option<&str>, pieces: &[&str]) -> Reply {
        Reply::Markup {
            error: error.map(String::from),
            pieces: pieces
                .iter()
                .map(|p| Html::from_worker(p.to_string()))
                .collect(),
        }
    }

    #[test]
    fn a_failed_piece_keeps_the_last_good_markup_and_a_failure_keeps_everything() {
        let mut s = Shown {
            pending: true,
            ..Shown::default()
        };
        s.take(markup(None, &["a", "b", "c", "", "e"]));
        assert!(!s.pending && s.error.is_none());
        s.take(markup(Some("overflow"), &["", "", "", "", "E"]));
        let text: Vec<&str> = s.pieces.iter().map(Html::as_str).collect();
        assert_eq!(text, ["a", "b", "c", "", "E"]);
        assert_eq!(s.error.as_deref(), Some("overflow"));
        s.take(Reply::Failed(Failure::Unavailable));
        assert_eq!(s.failed, Some(Failure::Unavailable));
        assert_eq!(s.pieces.len(), 5, "the last good markup stays");
        s.take(markup(None, &["x", "", "", "", ""]));
        assert_eq!(s.failed, None);
        assert_eq!(
            s.pieces[1].as_str(),
            "",
            "a good answer replaces every piece"
        );
    }

    #[test]
    fn a_part_asked_again_for_what_it_was_just_asked_drops_the_repeat_unless_it_failed() {
        let owner = Owner::new();
        owner.set();
        let v = PartView::new(Part::Providers);
        // natively a request fails at once
        v.request("v=2".into(), Locale::En);
        assert_eq!(v.failed(), Some(Failure::Unavailable));
        // a failed request is asked again
        v.shown.update(|s| s.failed = None);
        v.request("v=2".into(), Locale::ZhCn);
        assert_eq!(v.failed(), Some(Failure::Unavailable));
        // an answered one is not (had it been, it would have failed again)
        v.shown.update(|s| s.failed = None);
        v.request("v=2".into(), Locale::ZhCn);
        assert_eq!(v.failed(), None);
        // another link or language is
        v.request("v=2&m=3".into(), Locale::ZhCn);
        assert_eq!(v.failed(), Some(Failure::Unavailable));
    }

    #[test]
    fn natively_every_request_is_answered_at_once_as_unavailable() {
        let got = std::rc::Rc::new(std::cell::Cell::new(None));
        let g = got.clone();
        ask(
            &Request::Qr {
                text: "x".into(),
                label: String::new(),
            },
            move |r| g.set(Some(r == Reply::Failed(Failure::Unavailable))),
        );
        assert_eq!(got.get(), Some(true));
    }
}
