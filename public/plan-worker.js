// The plan screen's worker: loads the gpucost-plan wasm module (wasm-bindgen
// "no-modules" build), whose start function installs the message handler.
// Messages that arrive while the module loads are kept and handed over.
const early = [];
self.onmessage = (e) => early.push(e);
importScripts('./gpucost-plan.js');
wasm_bindgen({ module_or_path: './gpucost-plan_bg.wasm' }).then(
  () => { for (const e of early) self.onmessage(e); },
  (err) => self.postMessage([-1, String(err)]),
);
