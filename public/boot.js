// Loads the wasm app. An external module (no inline script) so a strict CSP
// (script-src 'self' 'wasm-unsafe-eval') applies. Once the app runs, the
// offline support (offline.js: the service worker and "reload to update")
// is loaded; it is not needed to show the first screen.
import init from './gpucost.js';

function showFatal(message) {
  const panel = document.getElementById('fatal');
  const detail = document.getElementById('fatal-detail');
  if (detail) detail.textContent = String(message);
  if (panel) panel.hidden = false;
  const boot = document.getElementById('boot');
  if (boot) boot.remove();
}

init({ module_or_path: new URL('./gpucost_bg.wasm', import.meta.url) }).then(
  // the app runs; offline support is a bonus, its failure only a warning
  () => import('./offline.js').then((m) => m.registerWorker(), (e) => console.warn('offline support not loaded:', e)),
  (err) => showFatal(err && err.message ? err.message : err),
);
