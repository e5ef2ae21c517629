// The page's first stylesheet and its first script in the page itself:
// main.css and first.js, which the first paint waits for, were two more
// requests after the page on the critical path (on a slow profile they
// arrived ~0.3 s after it, the wasm's download sharing the line). The
// files stay in the built folder, so a build step run again on it (a
// data-only refresh) takes them out and puts them back in.
//
// The strict CSP allows exactly these two blocks by their hashes
// (`inlineHashes`, added to script-src and style-src by tools/postbuild.mjs
// for static hosts and by tools/serve_dist.py).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LINKED = {
  'main.css': /<link\b[^>]*\bhref="?(?:\.\/)?main\.css"?[^>]*>/,
  'first.js': /<script src="?first\.js"?><\/script>/,
};
const INLINED = /<(script|style) data-inline="([\w.-]+)">[\s\S]*?<\/\1>/g;

/** The page with main.css and first.js as the files they were. */
export function uninline(page) {
  return page.replace(INLINED, (_, tag, file) => (tag === 'style' ? `<link href=./${file} rel=stylesheet>` : `<script src=${file}></script>`));
}

/** The page with main.css and first.js (from `dir`) in it. */
export function inline(page, dir) {
  let out = uninline(page);
  for (const [file, linked] of Object.entries(LINKED)) {
    if (!linked.test(out)) throw new Error(`index.html does not load ${file}`);
    const text = readFileSync(join(dir, file), 'utf8').trim();
    const tag = file.endsWith('.css') ? 'style' : 'script';
    if (text.includes(`</${tag}`)) throw new Error(`${file} holds </${tag}: it cannot be inlined`);
    out = out.replace(linked, () => `<${tag} data-inline="${file}">${text}</${tag}>`);
  }
  return out;
}

/** CSP sources for the page's inline blocks: { script: [...], style: [...] }. */
export function inlineHashes(page) {
  const out = { script: [], style: [] };
  for (const m of page.matchAll(INLINED)) {
    const body = m[0].slice(m[0].indexOf('>') + 1, m[0].lastIndexOf('<'));
    out[m[1]].push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return out;
}

/** A CSP with the page's inline blocks allowed by hash. */
export function withHashes(csp, hashes) {
  return csp
    .replace(/script-src 'self'/, (s) => [s, ...hashes.script].join(' '))
    .replace(/style-src 'self'/, (s) => [s, ...hashes.style].join(' '));
}
