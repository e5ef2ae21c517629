// Preferences, remembered in localStorage under the keys and patterns
// first.js declares (it runs first, in the head, and applies them before
// the first paint): the light/dark theme, the page's link when it is left
// (reopened on a bare visit, with a note saying so) and the chosen columns.
import { flushLink } from './gpucost.js';

const PREFS = globalThis.gpucostPrefs;

// Texts follow <html lang> (set by the app): zh or en.
export const zh = () => (document.documentElement.lang || '').startsWith('zh');

// Theme: the header's switch flips light/dark and remembers it (first.js
// applies it before the first paint); without a choice the system's follows.
function setTheme(t) {
  document.documentElement.dataset.theme = t;
  for (const b of document.querySelectorAll('[data-action="theme"]')) b.setAttribute('aria-pressed', String(t === 'dark'));
}
export function toggleTheme() {
  const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
  setTheme(next);
  try { localStorage.setItem(PREFS.theme, next); } catch { /* not remembered */ }
}
export function followSystem() {
  const mq = matchMedia('(prefers-color-scheme: dark)');
  mq.addEventListener('change', (e) => {
    let chosen = null;
    try { chosen = localStorage.getItem(PREFS.theme); } catch { /* none */ }
    if (chosen !== 'light' && chosen !== 'dark') setTheme(e.matches ? 'dark' : 'light');
  });
  setTheme(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
}

// The last settings: the page's link is remembered when the page is left,
// and a bare visit reopens it (first.js); a note says so, with a way out.
export function remember() {
  flushLink();
  const q = location.search;
  if (!PREFS.LAST.test(q) || q.includes('synthetic=')) return;
  try { localStorage.setItem(PREFS.last, q); } catch { /* not remembered */ }
}
// The columns chosen in the column picker are remembered (first.js applies
// them to links that name none); choosing the default ones forgets them.
export function rememberColumns() {
  flushLink();
  const c = new URLSearchParams(location.search).get('cols');
  try {
    if (c && PREFS.COLS.test(c)) localStorage.setItem(PREFS.cols, c);
    else localStorage.removeItem(PREFS.cols);
  } catch { /* not remembered */ }
}
export function noteRestored() {
  const how = document.documentElement.dataset.restored;
  if (!how) return;
  const bar = document.createElement('div');
  bar.className = 'update';
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'restored-note';
  const text = document.createElement('span');
  if (how === 'last') {
    text.textContent = zh() ? '已打开您上次的设置。' : 'Your last settings were reopened.';
    const fresh = document.createElement('a');
    fresh.href = '?v=2';
    fresh.dataset.testid = 'start-fresh';
    fresh.textContent = zh() ? '重新开始' : 'Start fresh';
    bar.append(text, ' ', fresh);
  } else {
    text.textContent = zh() ? '无法读取已保存的设置，已忽略。' : 'Stored settings could not be read and were ignored.';
    try { localStorage.removeItem(PREFS.last); } catch { /* nothing */ }
    bar.append(text);
  }
  document.body.prepend(bar);
}
