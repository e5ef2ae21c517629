//! The app's worker (`gpucost-plan`): a second wasm module, started by the
//! page's one worker client (`ui::worker::client`) on the first request,
//! that computes and renders what the first load leaves out — the plan, the
//! cost of a job and the break-even distribution, the compare panel, the
//! advise screen, the providers table, the source list, exports and QR
//! codes. Messages are the one wire form of `ui::worker` (`[id, code,
//! fields…]`); every request gets one reply, a request that does not read
//! gets `failed bad-request`.

// The worker starts when `plan-worker.js` hands it the whole catalog.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// Install the message handler, with the whole catalog (`catalog-full.bin`:
/// the providers screen shows the facts' text); a file that does not decode
/// answers every request `failed no-catalog`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_worker(catalog: &[u8]) {
    use gpucost::domain::catalog::Catalog;
    use gpucost::ui::pages::serve::serve;
    use gpucost::ui::worker::{Failure, Reply, Request};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let catalog: Option<&'static Catalog> = Catalog::from_bytes(catalog)
        .ok()
        .map(|c| &*Box::leak(Box::new(c)));
    let out = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let msg = js_sys::Array::from(&ev.data());
            let fields: Vec<String> = (1..msg.length())
                .map(|i| msg.get(i).as_string().unwrap_or_default())
                .collect();
            let reply = match (Request::decode(&fields), catalog) {
                (Ok(req), Some(c)) => serve(c, &req),
                (Ok(_), None) => Reply::Failed(Failure::NoCatalog),
                (Err(_), _) => Reply::Failed(Failure::BadRequest),
            };
            let answer = js_sys::Array::new();
            answer.push(&msg.get(0));
            for f in reply.encode() {
                answer.push(&JsValue::from(f));
            }
            let _ = out.post_message(&answer);
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "gpucost-plan is the app's web worker; on the command line use `gpucost plan '<link>'`."
    );
    std::process::exit(2);
}
