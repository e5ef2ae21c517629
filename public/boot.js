// Loads the wasm app. An external module (no inline script) so a strict CSP
// (script-src 'self' 'wasm-unsafe-eval') can be applied.
import init from './gpucost.js';

function showFatal(message) {
  const panel = document.getElementById('fatal');
  const detail = document.getElementById('fatal-detail');
  if (detail) detail.textContent = String(message);
  if (panel) panel.hidden = false;
  const boot = document.getElementById('boot');
  if (boot) boot.remove();
}

init({ module_or_path: new URL('./gpucost_bg.wasm', import.meta.url) }).catch((err) => {
  showFatal(err && err.message ? err.message : err);
});
