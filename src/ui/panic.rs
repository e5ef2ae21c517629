//! A panic must never leave a dead page: the hook logs to the console and
//! reveals the static error panel that `index.html` carries.

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_fatal(&info.to_string());
    }));
}

/// Reveal the fatal-error panel with a detail line.
pub fn show_fatal(detail: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(el) = doc.get_element_by_id("fatal-detail") {
        el.set_text_content(Some(detail));
    }
    if let Some(el) = doc.get_element_by_id("fatal") {
        let _ = el.remove_attribute("hidden");
    }
    remove_boot_placeholder();
}

/// Remove the "Loading…" placeholder once the app (or the error panel) shows.
pub fn remove_boot_placeholder() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        el.remove();
    }
}
