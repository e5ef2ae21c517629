// Loads the wasm app. An external module (no inline script) so a strict CSP
// (script-src 'self' 'wasm-unsafe-eval') applies. Once the app runs,
// enhance.js adds what the first screen does not need: offline support (the
// service worker, "reload to update") and sharing the link.
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
  // the app runs; the rest is a bonus, its failure only a warning
  () => import('./enhance.js').then((m) => m.enhance(), (e) => console.warn('enhancements not loaded:', e)),
  (err) => showFatal(err && err.message ? err.message : err),
);
