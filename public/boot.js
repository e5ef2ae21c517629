// Loads the wasm app and its catalog. An external module (no inline script) so a strict CSP
// (script-src 'self' 'wasm-unsafe-eval') applies. Before the app starts it
// applies what is remembered (theme; on a bare visit, the last settings; on
// a first visit, the currency of the language; the chosen columns); once the app runs,
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

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

// Theme: a remembered choice, else the system's. Anything else stored is ignored.
const theme = stored('gpucost.theme');
document.documentElement.dataset.theme =
  theme === 'light' || theme === 'dark' ? theme
    : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

// Settings: a link always wins. A bare visit reopens the last settings; a
// first visit in Chinese shows CNY unless the link names a currency (or a
// price cap, which is in the link's currency).
const LAST = /^\?v=\d{1,3}(&[A-Za-z0-9._~%:,+\-]+=[A-Za-z0-9._~%:,+\-]*)*$/;
const last = stored('gpucost.last');
const root = document.documentElement;
if (location.search === '' && last !== null) {
  if (last.length < 16384 && LAST.test(last)) {
    history.replaceState(null, '', location.pathname + last + location.hash);
    root.dataset.restored = 'last';
  } else {
    root.dataset.restored = 'ignored';
  }
} else if (last === null) {
  const lang = stored('gpucost.lang') || navigator.language || '';
  const q = new URLSearchParams(location.search);
  if (lang.toLowerCase().startsWith('zh') && !q.has('cur') && !q.has('maxp')) {
    if (!q.has('v')) q.set('v', '2');
    q.set('cur', 'CNY');
    history.replaceState(null, '', location.pathname + '?' + q.toString().replace(/%3A/g, ':').replace(/%2C/g, ',') + location.hash);
  }
}

// Columns: what the person chose in the column picker (remembered by
// enhance.js) applies to a current link that names no columns.
const cols = stored('gpucost.cols');
const here = new URLSearchParams(location.search);
if (cols !== null && /^[a-z0-9]{1,12}(,[a-z0-9]{1,12}){0,30}$/.test(cols) && !here.has('cols')
    && (!here.has('v') || here.get('v') === '2')) {
  here.set('v', here.get('v') || '2');
  here.set('cols', cols);
  history.replaceState(null, '', location.pathname + '?' + here.toString().replace(/%3A/g, ':').replace(/%2C/g, ',') + location.hash);
}

function showFatal(message) {
  const panel = document.getElementById('fatal');
  const detail = document.getElementById('fatal-detail');
  if (detail) detail.textContent = String(message);
  if (panel) panel.hidden = false;
  const boot = document.getElementById('boot');
  if (boot) boot.remove();
}

Promise.all([init({ module_or_path: new URL('./gpucost_bg.wasm', import.meta.url) }), data])
  .then(([, buf]) => start(new Uint8Array(buf)))
  .then(
    // the app runs; the rest is a bonus, its failure only a warning
    () => import('./enhance.js').then((m) => m.enhance(), (e) => console.warn('enhancements not loaded:', e)),
    (err) => showFatal(err && err.message ? err.message : err),
  );
