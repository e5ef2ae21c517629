// What the page gains once the app runs (loaded by boot.js; not needed for
// the first screen, so not in the first load). One module per concern,
// bundled into dist/enhance.js at build time (tools/postbuild.mjs):
// * morph.js: a newer worker answer patched into the last one (handed to
//   the app);
// * offline.js: the service worker and "reload to update";
// * actions.js: share, export (CSV / JSON) and the QR code;
// * prefs.js: the theme switch, the link and columns remembered;
// * keyboard.js: arrow keys across the offer table; a ticked row and the
//   current screen's tab kept in view;
// * tips.js: a price's source and date in a box the table cannot clip.
// Texts follow <html lang> (set by the app): zh or en.
import { useMorph } from './gpucost.js';
import { download, share, showQr } from './actions.js';
import { currentTabInView, keepInView, notePress, rove } from './keyboard.js';
import { morph } from './morph.js';
import { registerWorker } from './offline.js';
import { followSystem, noteRestored, remember, rememberColumns, toggleTheme } from './prefs.js';
import { tips } from './tips.js';

// The specs take the morph from here (tests/e2e/morph.spec.ts).
export { morph };

export function enhance() {
  useMorph(morph);
  document.addEventListener('keydown', rove);
  document.addEventListener('pointerdown', notePress, true);
  document.addEventListener('keydown', notePress, true);
  document.addEventListener('change', keepInView);
  currentTabInView();
  tips();
  // phones: the answer first — the filters start folded (their summary opens them),
  // unless they show a value of the link that was refused, with its message
  if (matchMedia('(max-width: 640px)').matches) {
    for (const d of document.querySelectorAll('details.filters')) if (!d.querySelector('[aria-invalid="true"]')) d.open = false;
  }
  followSystem();
  noteRestored();
  addEventListener('pagehide', remember);
  // after the app has written the link (its update runs before a timer)
  document.addEventListener('change', (ev) => {
    if (ev.target instanceof Element && ev.target.closest('[data-testid="column-picker"]')) setTimeout(rememberColumns, 0);
  });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') remember(); });
  document.addEventListener('click', (ev) => {
    // the clear button hides once no filter is on: the focus goes back to
    // the filters' summary, not to the page
    const bar = ev.target instanceof Element && ev.target.closest('.clear-filters') ? ev.target.closest('.filter-bar') : null;
    if (bar) setTimeout(() => bar.querySelector('summary')?.focus(), 0);
    const button = ev.target instanceof Element ? ev.target.closest('[data-action]') : null;
    if (!button) return;
    const action = button.dataset.action;
    if (action === 'share') share(button);
    else if (action === 'qr') showQr(button);
    else if (action === 'export-csv') download(button, 'csv');
    else if (action === 'export-json') download(button, 'json');
    else if (action === 'theme') toggleTheme();
  });
  return registerWorker();
}
