// The first screen in the page itself: runs the built app (its wasm, glue and
// catalog file, from the built folder) in a headless DOM (jsdom, from
// tests/node_modules) on the default view in each language — en on the bare
// link, zh on the CNY link first.js makes of a first visit in Chinese — and
// puts what the app's first frame shows (the header and the compare screen,
// with its first rows) into the page's #boot, so a visitor sees the answer
// before the app's code has arrived. first.js decides before the first paint
// which copy shows (or the skeleton, for any other link); the app removes
// #boot when it mounts its own first frame (ui::start).
//
// The copies are inert and hidden from assistive technology (nothing in them
// works before the app does), and carry no id or data-testid (the app's
// own elements are the only ones with them).
//
// Usage (tools/postbuild.mjs calls it in every Trunk build):
//   node tools/prerender.mjs DIST         rewrite DIST/index.html
//   node tools/prerender.mjs DIST --print print the first screen's markup
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The default view in each language: [lang, navigator.language, query]. */
export const VARIANTS = [
  ['en', 'en-US', ''],
  ['zh', 'zh-CN', '?v=2&cur=CNY'],
];

/** Rows pre-rendered: a first view of 1920 × 1200 shows about 21 (1280 ×
 *  800 about 11, a phone 3 cards); the app brings the page's others. */
export const FIRST_ROWS = 24;

// Attributes the inert copy has no use for, none of which changes how it
// looks: what names an element or points at one (only the app's own
// elements carry them), what assistive technology or a pointer reads
// (the copy is hidden from the one and inert to the other), and the
// handlers' keys. Without them the rows are about half the bytes.
const DROP = ['id', 'data-testid', 'for', 'role', 'title', 'tabindex', 'data-tip', 'data-key', 'data-action'];
const dropped = (name) => DROP.includes(name) || name.startsWith('aria-');

/** Runs the app once on `query` in `lang`; returns the first frame's markup
 *  and the link the app wrote. */
async function firstFrame(dir, page, lang, navLang, query) {
  const modules = join(here, '..', 'tests', 'node_modules');
  const { JSDOM } = await import(join(modules, 'jsdom', 'lib', 'api.js'));
  const { transformSync } = await import(join(modules, 'esbuild', 'lib', 'main.js'));
  const dom = new JSDOM(page, { url: `http://localhost/${query}`, pretendToBeVisual: true, runScripts: 'outside-only' });
  const { window } = dom;
  try {
    Object.defineProperty(window.navigator, 'language', { get: () => navLang });
    // what jsdom lacks and the glue uses
    window.TextDecoder = TextDecoder;
    window.TextEncoder = TextEncoder;
    window.document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    // the glue (an ES module) as a script run inside the page, so that its
    // global object is the page's window, as in a browser
    const glue = transformSync(readFileSync(join(dir, 'gpucost.js'), 'utf8'), {
      format: 'iife', globalName: '__gpucost', logLevel: 'silent',
    }).code;
    window.eval(glue);
    const app = window.__gpucost;
    // (objects of the page's realm: the glue tells a plain object by its prototype)
    const init = new window.Object();
    init.module_or_path = new window.Uint8Array(readFileSync(join(dir, 'gpucost_bg.wasm')));
    await app.default(init);
    app.start(new window.Uint8Array(readFileSync(join(dir, 'catalog.bin'))));
    // the rows are set by an effect (a microtask) after the mount, all of
    // the page's rows in the one frame
    await new Promise((r) => setImmediate(r));
    // and the link is written in a task after theirs (ui::state): a timer
    // set after the app's runs after it
    await new Promise((r) => window.setTimeout(r, 0));
    const fatal = window.document.getElementById('fatal');
    if (fatal && !fatal.hidden) throw new Error(`the app failed: ${window.document.getElementById('fatal-detail').textContent}`);
    const link = window.location.search;
    if (!/^\?v=\d+&d=/.test(link)) throw new Error(`the app wrote no link naming its data (${JSON.stringify(link)})`);
    return { ...extract(window.document, lang), link };
  } finally {
    window.close();
  }
}

/** The app's header and compare screen as inert markup. */
function extract(doc, lang) {
  const header = doc.querySelector('body > header.app-header');
  const main = doc.querySelector('body > main');
  const compare = main?.querySelector('[data-testid="screen-compare"]');
  if (!header || !compare) throw new Error('the app rendered no header or compare screen');
  const all = compare.querySelectorAll('tbody tr[data-offer]');
  if (all.length < 8) throw new Error(`the app's first frame has ${all.length} rows (expected the default view's first screen)`);
  // only the rows a first view can show: the page waits for the whole copy
  // to be parsed (its skeleton last), and a 50-row table took the parse,
  // style and layout of a slow phone most of its first paint
  for (const r of [...all].slice(FIRST_ROWS)) r.remove();
  const rows = Math.min(all.length, FIRST_ROWS);
  // only the compare screen (the others are hidden), and of folded
  // details only their summary (the rest is not rendered)
  for (const child of [...main.children]) if (!child.contains(compare)) child.remove();
  for (const d of [header, main]) {
    // what the app set as properties, which markup only keeps as attributes
    // (the language switch shows the page's language)
    for (const o of d.querySelectorAll('option')) o.toggleAttribute('selected', o.selected);
    for (const i of d.querySelectorAll('input')) {
      if (i.type === 'checkbox' || i.type === 'radio') i.toggleAttribute('checked', i.checked);
      else if (i.value !== (i.getAttribute('value') ?? '')) i.setAttribute('value', i.value);
    }
    for (const det of d.querySelectorAll('details:not([open])')) {
      for (const c of [...det.childNodes]) if (!(c.nodeType === 1 && c.tagName === 'SUMMARY')) c.remove();
    }
    for (const el of [d, ...d.querySelectorAll('*')]) {
      for (const a of el.getAttributeNames()) if (dropped(a)) el.removeAttribute(a);
    }
  }
  const html = `<div class="first" data-lang="${lang}" inert aria-hidden="true">${header.outerHTML}${main.outerHTML}</div>`;
  return { html, rows };
}

/** What #boot holds: each language's first screen, the skeleton, and the
 *  loading text for assistive technology. */
export async function prerender(dir) {
  const page = unfill(readFileSync(join(dir, 'index.html'), 'utf8'));
  const parts = [];
  const counts = [];
  // the default view's link as the app writes it, in each language (first.js:
  // a remembered link equal to it is the default view)
  const links = [];
  for (const [lang, navLang, query] of VARIANTS) {
    const { html, rows, link } = await firstFrame(dir, page, lang, navLang, query);
    parts.push(html);
    counts.push(`${lang} ${rows} rows`);
    links.push(`<meta name="gpucost-default-${lang}" content="${link.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`);
  }
  // any other link: the frame (the language's header) and a skeleton of a
  // screen, until the app shows the link's own answer
  // (the last element: the copies show once it is parsed, never a table
  // half-parsed from a slow network, whose columns would move as it grows)
  const skeleton = `<div class="skeleton" aria-hidden="true">${'<i></i>'.repeat(8)}</div>`;
  const boot = `<p class="boot">Loading… 加载中…</p>${parts.join('')}${skeleton}`;
  return { page, boot, head: links.join(''), counts };
}

const BOOT = /(<div\b[^>]*\bid="?boot"?(?=[\s>])[^>]*>)<p class="?boot"?>[^<]*<\/p>(<\/div>)/;

// first.js, which reads the head's default links
const FIRST = /<script src="?first\.js"?><\/script>/;
// a filled #boot (its skeleton is its last element) and the default links
const FILLED = /(<div\b[^>]*\bid="?boot"?(?=[\s>])[^>]*>)[\s\S]*?<div class="?skeleton"?[^>]*>(?:<i><\/i>)*<\/div>(<\/div>)/;
const LINKS = /<meta name="gpucost-default-[a-z]+" content="[^"]*">/g;
const PLACEHOLDER = '<p class="boot">Loading… 加载中…</p>';

/** The page as Trunk wrote it: #boot holding only the loading text, no
 *  default links (what [`fill`] added taken out again). */
export function unfill(page) {
  return page.replace(FILLED, (_, open, close) => `${open}${PLACEHOLDER}${close}`).replace(LINKS, '');
}

/** The page with its #boot filled and the default links before first.js
 *  (a page filled before is filled anew: after a data-only refresh, the
 *  rows are the new data's). */
export function fill(page, { boot, head }) {
  const bare = unfill(page);
  if (!BOOT.test(bare)) throw new Error('index.html has no #boot placeholder');
  if (!FIRST.test(bare)) throw new Error('index.html does not load first.js');
  return bare.replace(FIRST, (s) => `${head}${s}`).replace(BOOT, (_, open, close) => `${open}${boot}${close}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const r = await prerender(dir);
  if (process.argv.includes('--print')) console.log(r.head + r.boot);
  else writeFileSync(join(dir, 'index.html'), fill(r.page, r));
  const { counts } = r;
  console.error(`prerender: the default view's first screen (${counts.join(', ')}) in index.html`);
}
