// Loads the wasm app and its catalog. An external module (no inline script) so a strict CSP
// (script-src 'self' 'wasm-unsafe-eval') applies. What is remembered (theme,
// last settings, the language's currency, the chosen columns) was applied
// before the first paint by first.js; the app takes the first screen over
// (the pre-rendered rows or the skeleton in #boot). Once the app runs,
// enhance.js adds what the first screen does not need: offline support (the
// service worker, "reload to update"), sharing, QR code, export, the theme
// switch and remembering the last settings.
import init, { start } from './gpucost.js';

// The catalog: a data file beside the wasm (preloaded by the page), fetched
// while the wasm downloads and compiles.
const data = fetch(new URL('./catalog.bin', import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`catalog.bin: HTTP ${r.status}`);
  return r.arrayBuffer();
});

function showFatal(message) {
  const panel = document.getElementById('fatal');
  const detail = document.getElementById('fatal-detail');
  if (detail) detail.textContent = String(message);
  if (panel) panel.hidden = false;
  const boot = document.getElementById('boot');
  if (boot) boot.remove();
}

Promise.all([init({ module_or_path: new URL('./gpucost_bg.wasm', import.meta.url) }), data])
  .then(([, buf]) => {
    // the app's first frame replaces the pre-rendered first screen (or the
    // skeleton): scrolled where the reader had scrolled it
    const y = scrollY;
    start(new Uint8Array(buf));
    // after the rows are in (a microtask), before the frame is painted
    if (y > 0) requestAnimationFrame(() => scrollTo(0, y));
  })
  .then(
    // the app runs; the rest is a bonus, its failure only a warning
    () => import('./enhance.js').then((m) => m.enhance(), (e) => console.warn('enhancements not loaded:', e)),
    (err) => showFatal(err?.message ? err.message : err),
  );
