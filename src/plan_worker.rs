//! The plan screen's worker (`gpucost-plan`): a second wasm module, loaded
//! by the app the first time the plan screen is shown (`plan-worker.js`),
//! that computes the plan, the cost of a job and the break-even
//! distribution ([`gpucost::ui::pages::plan::results`]) off the page's
//! thread; `enhance.js` also asks it for exports and QR codes. Messages:
//!
//! | in | out |
//! |---|---|
//! | `[id, "plan", scenario link, language]` | `[id, error code or "", summary, charts, options, job, break-even]` |
//! | `[id, "export", app link, language, "csv" or "json"]` | `[id, file name, MIME type, content]` |
//! | `[id, "qr", text, label]` | `[id, svg or "", length in bytes when too long]` |
//! | `[id, "providers", "", language]` | `[id, the providers table]` |
//! | `[id, "advise-form", app link, language]` | `[id, the advise screen's three-step form]` |
//! | `[id, "advise", app link, language]` | `[id, the recommendation]` |
//! | `[id, "compare-panel", app link, language]` | `[id, the compare screen's side-by-side panel]` |
//! | `[id, "sources", "", language]` | `[id, the data screen's source list]` |
//!
//! Keeping this code out of the app's wasm keeps the first load small.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gpucost::domain::catalog::Catalog;
    use gpucost::ui::export::{export, Format};
    use gpucost::ui::i18n::Locale;
    use gpucost::ui::pages::markup;
    use gpucost::ui::pages::plan::results::results;
    use gpucost::ui::qr::qr_svg;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // the whole catalog: the providers screen shows the facts' text
    let catalog: Option<&'static Catalog> = Catalog::embedded_full()
        .ok()
        .map(|c| &*Box::leak(Box::new(c)));
    let out = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let msg = js_sys::Array::from(&ev.data());
            let text = |i: u32| msg.get(i).as_string().unwrap_or_default();
            let locale = Locale::from_tag(&text(3)).unwrap_or(Locale::En);
            let reply = js_sys::Array::new();
            reply.push(&msg.get(0));
            let push = |s: &str| {
                reply.push(&JsValue::from_str(s));
            };
            match (text(1).as_str(), catalog) {
                ("plan", Some(c)) => {
                    let r = results(c, &text(2), locale);
                    push(r.error.as_deref().unwrap_or(""));
                    for p in &r.parts {
                        push(p);
                    }
                }
                ("export", Some(c)) => {
                    let f = export(
                        c,
                        &text(2),
                        locale,
                        Format::from_code(&text(4)).unwrap_or(Format::Csv),
                    );
                    push(&f.name);
                    push(f.mime);
                    push(&f.content);
                }
                (
                    k @ ("providers" | "advise-form" | "advise" | "compare-panel" | "sources"),
                    Some(c),
                ) => push(&markup(c, k, &text(2), locale)),
                ("qr", _) => match qr_svg(&text(2), &text(3)) {
                    Ok(svg) => push(&svg),
                    Err(len) => {
                        push("");
                        push(&len.to_string());
                    }
                },
                _ => push("catalog"),
            }
            let _ = out.post_message(&reply);
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("gpucost-plan is the plan screen's web worker; on the command line use `gpucost plan '<link>'`.");
    std::process::exit(2);
}
