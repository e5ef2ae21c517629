//! The browser's address bar: read `location.search`, write history entries.
//! Parsing and writing links is `ui::link`; keeping the state and the URL in
//! step is `ui::state`.

/// Test-only switch: `synthetic=N` multiplies the catalog N× (2–25) for speed
/// measurements. It is kept out of the link format and re-appended on writes.
pub const SYNTHETIC_KEY: &str = "synthetic";

/// The current query string without its leading `?`.
pub fn current_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.trim_start_matches('?').to_string())
        .unwrap_or_default()
}

/// Split the test-only synthetic factor off a query.
pub fn split_synthetic(query: &str) -> (String, Option<u32>) {
    let mut factor = None;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|kv| {
            if let Some(v) = kv.strip_prefix("synthetic=") {
                factor = v.parse::<u32>().ok().filter(|n| (2..=25).contains(n));
                false
            } else {
                !kv.is_empty()
            }
        })
        .collect();
    (rest.join("&"), factor)
}

/// How long the typing must pause before its link goes into the address
/// bar (ms): longer than a keystroke's answer takes, so the browser's
/// `replaceState` (slow here: docs/PERFORMANCE.md) never stands between a keystroke and its
/// answer. What reads the address bar first writes the waiting link
/// ([`flush_typing`]: share, export, QR code, the link remembered when the
/// page is left, the columns remembered), and so does the next discrete
/// change before its own entry.
const TYPING_PAUSE_MS: u64 = 300;

/// How a change of the state goes into the browser's history (`ui::state`
/// decides it, this module writes it).
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(test, derive(Debug))]
pub enum Write {
    /// A new history entry (a discrete change).
    Push,
    /// The current entry, at once (the first write, back/forward).
    Replace,
    /// The current entry, once the typing pauses (see [`write_query`]):
    /// the browser's `replaceState` is slow (docs/PERFORMANCE.md), and a
    /// keystroke's answer does not wait for it.
    Typing,
}

/// A link and the synthetic factor written after it.
type Link = (String, Option<u32>);

thread_local! {
    /// The link typed but not yet written, and the keystroke it came from
    /// (a timer of an earlier one finds a newer number and leaves it).
    static TYPING: std::cell::RefCell<(u32, Option<Link>)> =
        const { std::cell::RefCell::new((0, None)) };
}

/// Put the state's link into the address bar as `how` says: typing once it
/// pauses; any other change in a task of its own right after this one's
/// (a keystroke's or a click's request to the worker does not wait for
/// the browser's history), after the typed link still waiting. The writes
/// keep their order (timers of one delay run in the order they were set).
pub fn write_query(query: String, synthetic: Option<u32>, how: Write) {
    use leptos::prelude::set_timeout;
    use std::time::Duration;

    let (delay, then): (u64, Box<dyn FnOnce()>) = match how {
        Write::Typing => {
            let n = TYPING.with_borrow_mut(|t| {
                t.0 = t.0.wrapping_add(1);
                t.1 = Some((query, synthetic));
                t.0
            });
            let mine = move || {
                if TYPING.with_borrow(|t| t.0) == n {
                    flush_typing();
                }
            };
            (TYPING_PAUSE_MS, Box::new(mine))
        }
        Write::Push | Write::Replace => (
            0,
            Box::new(move || {
                flush_typing();
                write_now(&query, synthetic, how == Write::Replace);
            }),
        ),
    };
    set_timeout(then, Duration::from_millis(delay));
}

/// Write the typed link still waiting, if any.
pub fn flush_typing() {
    if let Some((q, synthetic)) = TYPING.with_borrow_mut(|t| t.1.take()) {
        write_now(&q, synthetic, true);
    }
}

/// Forget the typed link still waiting (back/forward left its entry: it
/// must not be written into the one restored).
pub fn drop_typing() {
    TYPING.with_borrow_mut(|t| t.1 = None);
}

/// `enhance.js` writes the waiting link before it reads the address bar.
#[cfg(all(target_arch = "wasm32", not(feature = "worker-html")))]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = flushLink)]
pub fn flush_link() {
    flush_typing();
}

/// Write `query` to the address bar unless it is already there: replacing
/// the current history entry, or as a new one.
fn write_now(query: &str, synthetic: Option<u32>, replace: bool) {
    let Some(w) = web_sys::window() else { return };
    let mut q = query.to_string();
    if let Some(n) = synthetic {
        if !q.is_empty() {
            q.push('&');
        }
        q.push_str(&format!("{SYNTHETIC_KEY}={n}"));
    }
    if current_query() == q {
        return;
    }
    let path = w.location().pathname().unwrap_or_else(|_| "/".into());
    let url = if q.is_empty() {
        path
    } else {
        format!("{path}?{q}")
    };
    if let Ok(h) = w.history() {
        let _ = if replace {
            h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        } else {
            h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        };
    }
}
