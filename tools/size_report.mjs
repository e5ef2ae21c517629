// Prints raw / gzip / brotli bytes of every file in dist/ and the first-load
// transfer (what the browser fetches to show the first screen).
// Usage: node tools/size_report.mjs [dist] [--budget-gzip BYTES]
// The default view's first screen that tools/prerender.mjs puts into
// index.html counts in the first load, and is reported on its own: the
// budget rises by its bytes and by nothing else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { unfill } from './prerender.mjs';

const args = process.argv.slice(2);
const dist = args.find((a) => !a.startsWith('--')) ?? 'dist';
const bi = args.indexOf('--budget-gzip');
const budget = bi >= 0 ? Number(args[bi + 1]) : null;

// Fetched to show the first screen: the page, its stylesheet, the loader, JS
// glue, wasm and the catalog's data file (not print.css, media=print; not enhance.js and sw.js,
// loaded once the app runs; not the plan worker, loaded when the plan
// screen is first shown).
// main.css and first.js count apart only where the page links them: the
// build puts them in the page itself (tools/inline.mjs).
const inlined = readFileSync(join(dist, 'index.html'), 'utf8');
const FIRST_LOAD = [/^index\.html$/, /^boot\.js$/, /^gpucost\.js$/, /^gpucost_bg\.wasm$/, /^catalog\.bin$/,
  ...['main.css', 'first.js'].filter((f) => !inlined.includes(`data-inline="${f}"`)).map((f) => new RegExp(`^${f.replace('.', '\\.')}$`))];
// Fetched the first time the plan screen is shown (its own cost); the other
// screens' styles come after the first paint on a compare visit (web/first.js).
const PLAN_SCREEN = [/^screens\.css$/, /^worker\.js$/, /^gpucost-worker\.js$/, /^gpucost-worker_bg\.wasm$/, /^catalog-rest\.bin$/];

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// The .br / .gz copies written by tools/postbuild.mjs are the same files.
const rows = walk(dist).filter((p) => !/\.(br|gz)$/.test(p)).sort().map((p) => {
  const buf = readFileSync(p);
  return {
    file: relative(dist, p),
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const pad = (s, n) => String(s).padStart(n);
console.log(`${'file'.padEnd(34)}${pad('raw', 10)}${pad('gzip', 10)}${pad('brotli', 10)}  first-load`);
const total = { raw: 0, gzip: 0, brotli: 0 };
const plan = { raw: 0, gzip: 0, brotli: 0 };
const add = (t, r) => { t.raw += r.raw; t.gzip += r.gzip; t.brotli += r.brotli; };
for (const r of rows) {
  const first = FIRST_LOAD.some((re) => re.test(r.file));
  const onPlan = PLAN_SCREEN.some((re) => re.test(r.file));
  if (first) add(total, r);
  if (onPlan) add(plan, r);
  console.log(`${r.file.padEnd(34)}${pad(r.raw, 10)}${pad(r.gzip, 10)}${pad(r.brotli, 10)}  ${first ? 'yes' : onPlan ? 'plan screen' : ''}`);
}
console.log(`${'FIRST LOAD TOTAL'.padEnd(34)}${pad(total.raw, 10)}${pad(total.gzip, 10)}${pad(total.brotli, 10)}`);
console.log(`${'PLAN SCREEN, ON FIRST SHOW'.padEnd(34)}${pad(plan.raw, 10)}${pad(plan.gzip, 10)}${pad(plan.brotli, 10)}`);
// The pre-rendered first screen: the page's gzip bytes with it, less without.
const page = readFileSync(join(dist, 'index.html'), 'utf8');
const bare = unfill(page);
const gz = (t) => gzipSync(Buffer.from(t), { level: 9 }).length;
const first = bare === page ? 0 : gz(page) - gz(bare);
console.log(`${'PRE-RENDERED FIRST SCREEN (page)'.padEnd(34)}${pad(page.length - bare.length, 10)}${pad(first, 10)}${pad('', 10)}  ${first ? 'in the first load' : 'none'}`);
if (budget !== null) {
  const limit = budget + first;
  const ok = total.gzip <= limit;
  console.log(`size budget: first-load gzip ${total.gzip} B ${ok ? '<=' : '>'} ${limit} B (${budget} B + the pre-rendered first screen's ${first} B; ${total.gzip - first} B without it) ${ok ? 'OK' : 'OVER'}`);
  if (!ok) process.exit(1);
}
