//! The app's worker (`gpucost-worker`): a second wasm module, started by the
//! page's one worker client (`ui::worker::client`) on the first request,
//! that computes and renders what the first load leaves out — the plan, the
//! cost of a job and the break-even distribution, the compare panel, the
//! advise screen, the providers table, the source list, exports and QR
//! codes. Messages are the one wire form of `ui::worker` (`[id, code,
//! fields…]`); every request gets one reply, a request that does not read
//! gets `failed bad-request`.

// The worker starts when `worker.js` hands it the whole catalog.
#[cfg(target_arch = "wasm32")]
fn main() {}

/// Install the message handler, with the worker's catalog (the app's
/// `catalog.bin` and `catalog-rest.bin` beside it: the providers screen
/// shows the facts' text, quotes read the usage rates) multiplied `synthetic`
/// times when the page is on the documented test-only `synthetic=N`
/// switch (2–25; else 1); a file that does not decode answers every
/// request `failed no-catalog`. The price history (`history.bin`) joins it
/// when a request first needs it (`Server::needs_history`): worker.js's
/// `gpucostHistory()` fetches it, the requests that need it wait in order,
/// and every other request is answered meanwhile.
///
/// Every request is answered at once but the flip search and what would
/// change an advice, which run a slice at a time (about [`SLICE_MS`], or
/// one stage of the advice's search when that is longer), queued as messages: a
/// message that arrives meanwhile (or was already waiting) is answered
/// first, and a newer plan
/// or advice request makes the running job stale (it is answered
/// `failed superseded`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn start_worker(app: &[u8], rest: &[u8], synthetic: u32) {
    use std::cell::RefCell;
    use std::rc::Rc;

    use gpucost::domain::catalog::Catalog;
    use gpucost::ui::pages::dispatch::{Job, Served, Server};
    use gpucost::ui::worker::{Failure, Part, Reply, Request};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let synthetic = if (2..=25).contains(&synthetic) {
        synthetic
    } else {
        1
    };
    let scale = move |c: Catalog| match synthetic {
        1 => c,
        n => gpucost::domain::synthetic::scaled(&c, n),
    };
    let read = Catalog::from_parts(app, rest).ok();
    // the price history joins the file as read, before any scaling: kept
    // apart only when the catalog is scaled (the test-only switch)
    let base: Option<Catalog> = if synthetic > 1 { read.clone() } else { None };
    let catalog: Option<&'static Catalog> = read.map(|c| &*Box::leak(Box::new(scale(c))));
    let post = {
        let scope = scope.clone();
        move |id: &JsValue, reply: Reply| {
            let answer = js_sys::Array::new();
            answer.push(id);
            for f in reply.encode() {
                answer.push(&JsValue::from(f));
            }
            let _ = scope.post_message(&answer);
        }
    };
    let server = Rc::new(RefCell::new(catalog.map(Server::without_history)));
    // the running job (the flip search, or what would change an advice)
    // and the id of the request it answers
    let job: Rc<RefCell<Option<(JsValue, Job)>>> = Rc::new(RefCell::new(None));
    type Slice = Rc<RefCell<Option<Closure<dyn FnMut()>>>>;
    let tick: Slice = Rc::new(RefCell::new(None));
    // a slice is queued (never two: each would run a slice)
    let queued = Rc::new(std::cell::Cell::new(false));
    // Slices are queued as messages on a channel of the worker's own, not
    // as timers: timers set from timers are held 4 ms apart after the
    // fifth, which left the worker idle between slices (what would change
    // an advice waited between each of its stages: docs/PERFORMANCE.md). A channel's
    // message is a task like a message from the page, so one that arrived
    // during a slice is answered before the next slice. (A timer where
    // the channel cannot be made.)
    let channel = web_sys::MessageChannel::new().ok();
    let next = {
        let (scope, channel) = (scope.clone(), channel.clone());
        move |t: &Closure<dyn FnMut()>| -> bool {
            match &channel {
                Some(c) => c.port2().post_message(&JsValue::NULL).is_ok(),
                None => scope
                    .set_timeout_with_callback(t.as_ref().unchecked_ref())
                    .is_ok(),
            }
        }
    };
    // one slice of the search; scheduled again until it answers
    *tick.borrow_mut() = Some(Closure::<dyn FnMut()>::new({
        let (job, tick, post, next) = (job.clone(), tick.clone(), post.clone(), next.clone());
        let queued = queued.clone();
        move || {
            queued.set(false);
            let start = js_sys::Date::now();
            let mut slot = job.borrow_mut();
            let Some((id, j)) = slot.as_mut() else { return };
            while js_sys::Date::now() - start < SLICE_MS {
                if let Some(reply) = j.step(STEPS) {
                    post(id, reply);
                    *slot = None;
                    return;
                }
            }
            if let Some(t) = tick.borrow().as_ref() {
                queued.set(next(t));
            }
        }
    }));
    // (the slice holds itself: it lives as long as the worker)
    if let (Some(c), Some(t)) = (&channel, tick.borrow().as_ref()) {
        c.port1().set_onmessage(Some(t.as_ref().unchecked_ref()));
    }
    // a request answered (or its work started): the same for a message and
    // for one that waited for the price history
    let handle: Rc<dyn Fn(JsValue, Request)> = {
        let (server, job, tick, queued, post, next) = (
            server.clone(),
            job.clone(),
            tick.clone(),
            queued.clone(),
            post.clone(),
            next.clone(),
        );
        Rc::new(move |id: JsValue, req: Request| {
            let mut server = server.borrow_mut();
            let Some(server) = server.as_mut() else {
                return post(&id, Reply::Failed(Failure::NoCatalog));
            };
            // a newer plan or advice makes the running job's answer stale;
            // the job is dropped after the new request is served (after its
            // answer is posted, when it is answered at once: freeing a large
            // advice's pool took time before it, docs/PERFORMANCE.md)
            let mut stale = None;
            if let Request::Render {
                part: Part::Plan | Part::PlanFlips | Part::Advise | Part::AdviseChanges,
                ..
            } = req
            {
                stale = job.borrow_mut().take();
                if let Some((old, _)) = &stale {
                    post(old, Reply::Failed(Failure::Superseded));
                }
            }
            match server.serve(&req) {
                Served::Now(reply) => post(&id, reply),
                Served::Later(j) => {
                    *job.borrow_mut() = Some((id, *j));
                    match tick.borrow().as_ref() {
                        Some(t) if !queued.get() => queued.set(next(t)),
                        _ => {}
                    }
                }
            }
            drop(stale);
        })
    };
    // requests waiting for the price history, in the order they came
    // (None: none asked for yet)
    type Waiting = Option<Vec<(JsValue, Request)>>;
    let waiting: Rc<RefCell<Waiting>> = Rc::new(RefCell::new(None));
    // the price history (`history.bin`, fetched by worker.js's
    // `gpucostHistory`) joined to the catalog, or why not; then the
    // requests that waited for it are answered
    let arrived = {
        let (server, waiting, handle) = (server.clone(), waiting.clone(), handle.clone());
        move |got: Result<Vec<u8>, String>| {
            let whole = got.and_then(|bytes| {
                let h = gpucost::domain::wire::decode_history(&bytes)
                    .map_err(|e| format!("history.bin: {}", e.0))?;
                let c = base.as_ref().or(catalog).ok_or("no catalog")?;
                let c = c.with_history(h).map_err(|e| e.0)?;
                Ok(&*Box::leak(Box::new(scale(c))))
            });
            if let Some(s) = server.borrow_mut().as_mut() {
                s.history_arrived(whole);
            }
            let waited = waiting.borrow_mut().take().unwrap_or_default();
            for (id, req) in waited {
                handle(id, req);
            }
        }
    };
    let arrived = Rc::new(arrived);
    let fetch_history = move || {
        let call = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("gpucostHistory"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .and_then(|f| f.call0(&JsValue::NULL).ok())
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
        let Some(promise) = call else {
            return arrived(Err("history.bin: not asked for".into()));
        };
        // each called at most once; kept for the worker's life (one pair)
        let ok = {
            let arrived = arrived.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |v: JsValue| {
                arrived(Ok(js_sys::Uint8Array::new(&v).to_vec()))
            })
        };
        let err = {
            let arrived = arrived.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                // a string, an Error's message, or a plain statement
                let why = e.as_string().or_else(|| {
                    js_sys::Reflect::get(&e, &JsValue::from_str("message"))
                        .ok()
                        .and_then(|m| m.as_string())
                });
                arrived(Err(
                    why.unwrap_or_else(|| "history.bin could not be fetched".into())
                ))
            })
        };
        let _ = promise.then2(&ok, &err);
        ok.forget();
        err.forget();
    };
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let msg = js_sys::Array::from(&ev.data());
            let id = msg.get(0);
            let fields: Vec<String> = (1..msg.length())
                .map(|i| msg.get(i).as_string().unwrap_or_default())
                .collect();
            let Ok(req) = Request::decode(&fields) else {
                return post(&id, Reply::Failed(Failure::BadRequest));
            };
            let needs = server
                .borrow()
                .as_ref()
                .is_some_and(|s| s.needs_history(&req));
            if needs {
                // the first asks for the file; the others wait with it
                let first = waiting.borrow().is_none();
                waiting
                    .borrow_mut()
                    .get_or_insert_with(Vec::new)
                    .push((id, req));
                if first {
                    fetch_history();
                }
                return;
            }
            handle(id, req);
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}

/// How long one slice of the flip search runs before the worker looks at
/// its messages again (ms), and how many values it tries between two looks
/// at the clock.
#[cfg(target_arch = "wasm32")]
const SLICE_MS: f64 = 4.0;
#[cfg(target_arch = "wasm32")]
const STEPS: usize = 2;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "gpucost-worker is the app's web worker; on the command line use `gpucost plan '<link>'`."
    );
    std::process::exit(2);
}
