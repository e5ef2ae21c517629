//! The browser's address bar: read `location.search`, write history entries.
//! Parsing and writing links is `ui::link`; keeping the state and the URL in
//! step is `ui::state`.

/// Test-only switch: `synthetic=N` multiplies the catalog N× (2–20) for speed
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
                factor = v.parse::<u32>().ok().filter(|n| (2..=20).contains(n));
                false
            } else {
                !kv.is_empty()
            }
        })
        .collect();
    (rest.join("&"), factor)
}

/// Write `query` to the address bar unless it is already there.
/// `replace` is used while typing so each keystroke is not a history entry.
pub fn write_query(query: &str, synthetic: Option<u32>, replace: bool) {
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
