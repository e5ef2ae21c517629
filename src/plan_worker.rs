//! The plan screen's worker (`gpucost-plan`): a second wasm module, loaded
//! by the app the first time the plan screen is shown (`plan-worker.js`),
//! that computes the plan, the cost of a job and the break-even
//! distribution ([`gpucost::ui::pages::plan::results`]) off the page's
//! thread. Message in: `[id, scenario link, language tag]`; message out:
//! `[id, error code or "", summary, charts, options, job, break-even]`.
//! Keeping this code out of the app's wasm keeps the first load small.

#[cfg(target_arch = "wasm32")]
fn main() {
    use gpucost::domain::catalog::Catalog;
    use gpucost::ui::i18n::Locale;
    use gpucost::ui::pages::plan::results::results;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let catalog: Option<&'static Catalog> =
        Catalog::embedded().ok().map(|c| &*Box::leak(Box::new(c)));
    let out = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let msg = js_sys::Array::from(&ev.data());
            let query = msg.get(1).as_string().unwrap_or_default();
            let locale = msg
                .get(2)
                .as_string()
                .and_then(|t| Locale::from_tag(&t))
                .unwrap_or(Locale::En);
            let reply = js_sys::Array::new();
            reply.push(&msg.get(0));
            match catalog {
                Some(c) => {
                    let r = results(c, &query, locale);
                    reply.push(&JsValue::from_str(r.error.as_deref().unwrap_or("")));
                    for p in &r.parts {
                        reply.push(&JsValue::from_str(p));
                    }
                }
                None => {
                    reply.push(&JsValue::from_str("catalog"));
                }
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
