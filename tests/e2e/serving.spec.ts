import { test, expect } from './fixtures/app';
import { readFileSync } from 'node:fs';

// `make serve` and the test server serve like a production static host:
// precompressed files chosen by Accept-Encoding, and the security headers
// of tools/headers.json on every response (the same headers dist/ ships as
// _headers and nginx-headers.conf).
// (Playwright runs from tests/.)
const HEADERS = JSON.parse(readFileSync('../tools/headers.json', 'utf8'));

test('files are sent precompressed as the client accepts', async ({ request }) => {
  const br = await request.get('/gpucost_bg.wasm', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['content-type']).toBe('application/wasm');
  const gz = await request.get('/gpucost_bg.wasm', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get('/gpucost_bg.wasm', { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  const raw = Number(plain.headers()['content-length']);
  const sent = Number(br.headers()['content-length']);
  console.log(`wasm: ${raw} B raw, ${sent} B as brotli, ${gz.headers()['content-length']} B as gzip`);
  expect(sent).toBeLessThan(raw / 2);
  // the body decodes to the same file
  expect((await br.body()).length).toBe(raw);
});

/** The CSP of the page: the base one with the page's inline stylesheet and
 *  script allowed by their hashes (tools/inline.mjs). */
async function pageCsp() {
  const { inlineHashes, withHashes } = await import('../../tools/inline.mjs');
  const hashes = inlineHashes(readFileSync('../dist/index.html', 'utf8'));
  expect(hashes.script).toHaveLength(1);
  expect(hashes.style).toHaveLength(1);
  return withHashes(HEADERS.all['Content-Security-Policy'], hashes) as string;
}

test('every response carries the security headers and revalidates; no directory listing', async ({ request }) => {
  const csp = await pageCsp();
  for (const path of ['/', '/index.html', '/boot.js', '/main.css', '/gpucost_bg.wasm', '/sw.js', '/nope']) {
    const res = await request.get(path);
    const page = path === '/' || path === '/index.html';
    for (const [k, v] of Object.entries(HEADERS.all)) {
      expect(res.headers()[k.toLowerCase()], `${k} on ${path}`).toBe(k === 'Content-Security-Policy' && page ? csp : v);
    }
  }
  expect((await request.get('/icons/')).status()).toBe(404);
  // the page names the files the app starts with, so they are fetched before it is parsed
  for (const path of ['/', '/index.html']) {
    expect((await request.get(path)).headers().link, path).toBe(HEADERS.document.Link);
  }
  expect((await request.get('/boot.js')).headers().link).toBeUndefined();
  const dist = (f: string) => readFileSync(`../dist/${f}`, 'utf8');
  expect(dist('_headers')).toContain(`/index.html\n  Link: ${HEADERS.document.Link}`);
  expect(dist('nginx-headers.conf')).toContain('add_header Link $gpucost_doc0 always;');
  // static hosts send the page's CSP on every path (a host joins the
  // headers of every rule a path matches: two CSPs would both apply)
  expect(dist('_headers')).toContain(`/*\n  Content-Security-Policy: ${csp}\n`);
  expect(dist('nginx-headers.conf')).toContain(`add_header Content-Security-Policy "${csp}" always;`);
  expect(csp).not.toContain('unsafe-inline');
});

test('the preloaded files are fetched once each', async ({ app, page }) => {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  await app.open('?v=2');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  for (const f of ['/gpucost_bg.wasm', '/gpucost.js', '/boot.js']) {
    expect(seen.filter((p) => p === f), f).toHaveLength(1);
  }
  // the first stylesheet and script are in the page itself
  for (const f of ['/first.js', '/main.css']) expect(seen, f).not.toContain(f);
});

test('the app runs under the strict CSP: no violation, no request leaves the origin', async ({ app, page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await app.open('?v=2&p=aws&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.8xlarge');
  await expect(page.getByTestId('compare-panel')).toBeVisible();
  await page.getByTestId('nav-sources').click();
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
  // nothing inline runs but the page's own two blocks, by their hashes
  expect(csp).toBe(await pageCsp());
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'/);
  expect(violations).toEqual([]);
  const origin = new URL(page.url()).origin;
  const foreign = requests.filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
  expect(requests.length).toBeGreaterThan(3);
  expect(foreign).toEqual([]);
  expect(app.realErrors()).toEqual([]);
});
