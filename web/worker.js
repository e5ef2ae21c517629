// The app's worker: loads the gpucost-worker wasm module (wasm-bindgen
// "no-modules" build) and, at the same time, the catalog: the app's data
// file (catalog.bin) and what the worker reads beyond it (catalog-rest.bin:
// with each offer's newest superseded price; the rest of the history is
// history.bin); then starts it with the data;
// its start installs the message handler. Messages that arrive while the
// two load are kept and handed over. If either cannot be had, the page is
// told (id -1) and says so where it waits for an answer. The page starts it
// as worker.js?synthetic=N when it is on the documented test-only
// synthetic=N switch, so both compute on the same N× catalog.
const early = [];
self.onmessage = (e) => early.push(e);
importScripts('./gpucost-worker.js');
const file = (name) =>
  fetch(`./${name}`).then((r) => {
    if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
const data = Promise.all([file('catalog.bin'), file('catalog-rest.bin')]);
// The price history (history.bin), fetched once, when a request first
// needs it (the side-by-side history row, a plan's prices then): never
// before. The module calls it and waits on the promise; the requests that
// need it wait with it, so it gives up after 20 s (the screens then say
// the history could not be had, and answer the rest).
let history;
self.gpucostHistory = () =>
  (history ??= fetch('./history.bin', { signal: AbortSignal.timeout(20_000) })
    .then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .catch((e) => {
      throw new Error(`history.bin: ${e.message}`);
    }));
Promise.all([wasm_bindgen({ module_or_path: './gpucost-worker_bg.wasm' }), data]).then(
  ([, [app, rest]]) => {
    // the range (2–25, else 1) is start_worker's, the one the page's is
    // (ui::url::split_synthetic)
    const n = Number(new URLSearchParams(self.location.search).get('synthetic'));
    wasm_bindgen.start_worker(new Uint8Array(app), new Uint8Array(rest), Number.isInteger(n) && n > 0 ? n : 1);
    for (const e of early) self.onmessage(e);
  },
  (err) => self.postMessage([-1, String(err)]),
);
