// After `trunk build` (a Trunk post_build hook; also runnable on a built
// folder: `node tools/postbuild.mjs dist`):
// 0. the JS files minified (esbuild from tests/node_modules; Trunk minifies
//    HTML and CSS but leaves wasm-bindgen's glue as written), web/enhance.js
//    and the modules it imports bundled into one enhance.js, and the wasm
//    imports' names shortened in the modules and their glue, and the
//    default view's first screen rendered into index.html by the built app
//    (tools/prerender.mjs; this one also on a built folder);
// 1. sw.js: the service worker with the list of every built file and a cache
//    name from their contents (web/sw.template.js);
// 2. _headers (Netlify, Cloudflare Pages) and nginx-headers.conf: the
//    security headers of tools/headers.json, for common static hosts;
// 3. NAME.br and NAME.gz beside every compressible file, so a server can
//    send them as they are (tools/serve_dist.py does).
// Before that, inside a Trunk build, the catalog's data files (catalog.bin
// for the app and the worker, catalog-rest.bin for what only the worker
// reads, history.bin for the price
// history the worker fetches when asked: written by build.rs next to the
// wasm builds) are copied in: the data is not in the wasm, so a
// data-only change leaves the code byte-identical.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync, unlinkSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? 'dist';
const GENERATED = new Set(['sw.js', '_headers', 'nginx-headers.conf']);
const COMPRESSED = /\.(br|gz)$/;
const COMPRESSIBLE = /\.(html|css|js|wasm|svg|webmanifest|bin)$/;
const DATA = ['catalog.bin', 'catalog-rest.bin', 'history.bin'];

function walk(d) {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [relative(dir, p).split('\\').join('/')];
  });
}

// 0. minify the JS, only inside a Trunk build (re-minifying renames
//    variables again, which would make an unchanged build look new)
if (process.env.TRUNK_STAGING_DIR) {
  const { buildSync, transformSync } = await import(join(here, '..', 'tests', 'node_modules', 'esbuild', 'lib', 'main.js'));
  // what the page gains once the app runs: one file, its concerns one module each in web/
  buildSync({
    entryPoints: [join(here, '..', 'web', 'enhance.js')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2020',
    external: ['./gpucost.js'],
    outfile: join(dir, 'enhance.js'),
    logLevel: 'error',
  });
  // first.js and the plan worker's files are classic scripts (the worker's
  // share globals, `wasm_bindgen`): no module format, so top-level names are kept
  for (const [f, format] of [['gpucost.js', 'esm'], ['boot.js', 'esm'], ['first.js'], ['gpucost-worker.js'], ['worker.js']]) {
    const p = join(dir, f);
    const out = transformSync(readFileSync(p, 'utf8'), { minify: true, target: 'es2020', ...(format ? { format } : {}) });
    writeFileSync(p, out.code);
  }
  // the other screens' styles (copied as written: Trunk minifies only the
  // stylesheet it links)
  for (const f of ['screens.css']) {
    const p = join(dir, f);
    writeFileSync(p, transformSync(readFileSync(p, 'utf8'), { loader: 'css', minify: true }).code);
  }
  // 0b. shorter import names in both wasm modules and their glue
  //     (tools/short-imports.mjs; what it saves: docs/SIZE.md)
  const { shortenImports } = await import('./short-imports.mjs');
  for (const name of ['gpucost', 'gpucost-worker']) {
    shortenImports(join(dir, `${name}_bg.wasm`), join(dir, `${name}.js`), `./${name}_bg.js`);
  }
}

// The data files, from the wasm builds' profile directory.
if (process.env.TRUNK_STAGING_DIR) {
  const profile = process.env.TRUNK_PROFILE === 'debug' ? 'debug' : 'release';
  const from = join(process.env.CARGO_TARGET_DIR ?? join(here, '..', 'target'), 'wasm32-unknown-unknown', profile, 'gpucost-data');
  for (const f of DATA) {
    if (!existsSync(join(from, f))) {
      console.error(`postbuild: ${join(from, f)} is missing (build.rs writes it during the wasm build)`);
      process.exit(1);
    }
    copyFileSync(join(from, f), join(dir, f));
  }
}
for (const f of DATA) {
  if (!existsSync(join(dir, f))) {
    console.error(`postbuild: ${f} is missing from ${dir}`);
    process.exit(1);
  }
}

// Trunk leaves its (consumed) <link data-trunk rel=rust …> marker in the page.
if (process.env.TRUNK_STAGING_DIR) {
  const page = join(dir, 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace(/<link[^>]*\bdata-trunk\b[^>]*>/g, ''));
}

// 0c. the default view's first screen in the page (tools/prerender.mjs:
//     the built app itself, run in a headless DOM), also on a built folder
//     whose data files were replaced: the page's rows are the data's
{
  const { prerender, fill } = await import('./prerender.mjs');
  const { inline, uninline } = await import('./inline.mjs');
  const page = join(dir, 'index.html');
  const r = await prerender(dir);
  // 0d. main.css and first.js in the page (tools/inline.mjs)
  writeFileSync(page, inline(fill(uninline(readFileSync(page, 'utf8')), r), dir));
  console.log(`postbuild: the default view's first screen in index.html (${r.counts.join(', ')})`);
}

// Drop compressed copies of an earlier run (a file may have changed).
for (const f of walk(dir).filter((f) => COMPRESSED.test(f))) unlinkSync(join(dir, f));

// 1. the service worker
// (main.css and first.js are in the page: tools/inline.mjs)
const files = walk(dir).filter((f) => !GENERATED.has(f) && f !== 'main.css' && f !== 'first.js').sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update('\0').update(readFileSync(join(dir, f))).update('\0');
const cache = `gpucost-${hash.digest('hex').slice(0, 16)}`;
// [path, subresource integrity]; the page itself is cached as the scope ('./')
const sri = (f) => `sha384-${createHash('sha384').update(readFileSync(join(dir, f))).digest('base64')}`;
const entries = files.map((f) => [f === 'index.html' ? './' : f, sri(f)]);
const sw = readFileSync(join(here, '..', 'web', 'sw.template.js'), 'utf8')
  .replace('__CACHE__', cache)
  .replace('__FILES__', JSON.stringify(entries));
writeFileSync(join(dir, 'sw.js'), sw);

// 2. headers for static hosts
const h = JSON.parse(readFileSync(join(here, 'headers.json'), 'utf8'));
// the CSP allows the page's inline stylesheet and script by their hashes
// (on every path: a host joins the headers of every rule a path matches,
// and two CSPs would both apply)
{
  const { inlineHashes, withHashes } = await import('./inline.mjs');
  const csp = 'Content-Security-Policy';
  h.all[csp] = withHashes(h.all[csp], inlineHashes(readFileSync(join(dir, 'index.html'), 'utf8')));
}
const all = Object.entries(h.all);
let headers = '# Written by tools/postbuild.mjs from tools/headers.json.\n/*\n';
for (const [k, v] of all) headers += `  ${k}: ${v}\n`;
const doc = Object.entries(h.document);
for (const page of ['/', '/index.html']) {
  headers += `${page}\n`;
  for (const [k, v] of doc) headers += `  ${k}: ${v}\n`;
}
writeFileSync(join(dir, '_headers'), headers);
const q = (v) => `"${v.replaceAll('"', '\\"')}"`;
const nginx = `# Written by tools/postbuild.mjs from tools/headers.json. Include it in
# the server (or location) block that serves this folder, e.g.
#   location /gpucost/ { alias /srv/gpucost/dist/; include /srv/gpucost/dist/nginx-headers.conf; }
# gzip_static sends the .gz files written beside each file; with the
# ngx_brotli module, uncomment brotli_static to send the .br files.
# Needs application/wasm in mime.types (nginx ships it since 1.21.0).
gzip_static on;
gzip_vary on;
# brotli_static on;
${all.map(([k, v]) => `add_header ${k} ${q(v)} always;`).join('\n')}
# the page itself (a directory index or .html) also gets these; nginx sends
# no header whose value is empty
${doc.map((_, i) => `set $gpucost_doc${i} "";`).join('\n')}
if ($uri ~ "(/|\\.html)$") {
${doc.map(([, v], i) => `  set $gpucost_doc${i} ${q(v)};`).join('\n')}
}
${doc.map(([k], i) => `add_header ${k} $gpucost_doc${i} always;`).join('\n')}
`;
writeFileSync(join(dir, 'nginx-headers.conf'), nginx);

// 3. precompressed copies
let n = 0;
for (const f of walk(dir).filter((f) => COMPRESSIBLE.test(f.split('/').pop()))) {
  const buf = readFileSync(join(dir, f));
  writeFileSync(join(dir, `${f}.gz`), gzipSync(buf, { level: 9 }));
  writeFileSync(join(dir, `${f}.br`), brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  n += 1;
}
console.log(`postbuild: ${files.length} files precached as ${cache}; headers for static hosts; ${n} files precompressed (br, gz)`);
