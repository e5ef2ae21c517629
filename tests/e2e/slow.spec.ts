import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { CalculatorPage } from './fixtures/app';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { servedCopy, scaledData, deployData, SCALED } from './fixtures/served';

// Time to the first table rows on a slow profile (1.6 Mbps down, 750 kbps
// up, 150 ms RTT, 4× CPU slowdown), served compressed as `make serve` does:
// printed, not asserted (timings on shared machines are noisy, so the cold
// figure is the median of three fresh browser contexts). Target: ≤ 2.0 s
// cold.
const COLD_RUNS = 3;

async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const bytes = { n: 0 };
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => { bytes.n += e.encodedDataLength; });
  // when the browser painted the first row (Element Timing: the first row's
  // cells carry elementtiming="first-row")
  await page.addInitScript(() => {
    const w = window as any;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as any[]) if (e.identifier === 'first-row' && !w.__firstRow) w.__firstRow = Math.round(e.renderTime || e.loadTime);
    }).observe({ type: 'element', buffered: true });
    // when the parser had put the pre-rendered first row in the page, and
    // when the app took the first screen over (#boot gone)
    w.__bootRow = 0;
    w.__takeover = 0;
    new MutationObserver((_, mo) => {
      if (!w.__bootRow && document.querySelector('#boot td[elementtiming]')) w.__bootRow = Math.round(performance.now());
      if (w.__bootRow && !document.getElementById('boot')) {
        w.__takeover = Math.round(performance.now());
        mo.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    // cumulative layout shift of the load (shifts after input excluded, as CLS does)
    (window as any).__cls = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return bytes;
}

/** Load (or reload) and wait for the first rows: wall-clock ms, when they
 * were painted and when the wasm had arrived (ms from navigation start). */
async function firstRows(page: Page, go: () => Promise<unknown>) {
  const t0 = Date.now();
  await go();
  await expect(page.getByTestId('offer-row').first()).toBeVisible({ timeout: 30_000 });
  const wall = Date.now() - t0;
  await expect.poll(() => page.evaluate(() => (window as any).__firstRow ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
  const t = await page.evaluate(() => {
    const res = (end: string) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(end)) as PerformanceResourceTiming | undefined;
    const w = res('.wasm');
    const d = res('/catalog.bin');
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const g = window as any;
    return {
      painted: g.__firstRow as number,
      // the browser reported the pre-rendered row's paint (before the app took over)
      pre: g.__bootRow > 0 && g.__firstRow < (g.__takeover || Infinity),
      // the pre-rendered rows were in the page before the first paint
      preBeforeFcp: g.__bootRow > 0 && g.__bootRow < (fcp?.startTime ?? 0),
      // the first paint of anything: the pre-rendered rows, or the frame and skeleton of a deep link
      frame: Math.round(fcp?.startTime ?? 0),
      cls: Number((g.__cls ?? 0).toFixed(4)),
      wasm: Math.round(w?.responseEnd ?? 0),
      data: Math.round(d?.responseEnd ?? 0),
      dataTime: Math.round(d ? d.responseEnd - d.startTime : 0),
    };
  });
  return { wall, ...t };
}

test('first rows on a throttled profile, cold and warm, bare visit and deep link (printed)', async ({ browser }) => {
  test.setTimeout(240_000);
  type Run = { wall: number; painted: number; frame: number; wasm: number; data: number; cls: number; pre: boolean; preBeforeFcp: boolean };
  const lines: string[] = [];
  for (const [name, url] of [['bare visit', '/'], ['deep link', '/?v=2&p=aws,azure&sort=-gpuh&cur=CNY']] as const) {
    const cold: Run[] = [];
    let coldKb = 0;
    let warm: Run = { wall: 0, painted: 0, frame: 0, wasm: 0, data: 0, cls: 0, pre: false, preBeforeFcp: false };
    let warmKb = 0;
    for (let i = 0; i < COLD_RUNS; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const app = new CalculatorPage(page);
      const bytes = await throttled(context, page);
      cold.push(await firstRows(page, () => page.goto(url)));
      coldKb = Math.round(bytes.n / 1024);
      if (i === COLD_RUNS - 1) {
        bytes.n = 0;
        // warm: the same link again (a reload would open the link the app wrote, ?v=2&d=…)
        warm = await firstRows(page, () => page.goto(url));
        warmKb = Math.round(bytes.n / 1024);
      }
      // as every spec that opens the app: nothing left the test server, the CSP held
      expect(app.foreign, 'requests outside the origin').toEqual([]);
      expect(app.cspViolations, 'CSP violations').toEqual([]);
      expect(app.realErrors()).toEqual([]);
      await context.close();
    }
    const byPaint = [...cold].sort((a, b) => a.painted - b.painted);
    const m = byPaint[Math.floor(byPaint.length / 2)];
    const ratio = (r: Run) => (r.painted / Math.max(1, r.wasm)).toFixed(2);
    lines.push(`slow profile, ${name}: first rows cold, median of ${COLD_RUNS}: painted at ${m.painted} ms (wasm in at ${m.wasm} ms, data file at ${m.data} ms; seen by the test at ${m.wall} ms; runs painted at ${cold.map((c) => c.painted).join(', ')} ms; ${coldKb} KB transferred), warm: painted at ${warm.painted} ms (${warmKb} KB, revalidated), target cold <= 2000 ms`);
    const frame = (r: Run) => (r.frame / Math.max(1, r.wasm)).toFixed(2);
    lines.push(`slow profile ratio, ${name}: first row painted / wasm arrival cold ${ratio(m)}, warm ${ratio(warm)} (goal < 1 for the default view); first paint (frame) / wasm arrival cold ${frame(m)} (at ${m.frame} ms), warm ${frame(warm)} (at ${warm.frame} ms); CLS cold ${m.cls}, warm ${warm.cls} (goal 0)`);
    if (name === 'bare visit') {
      // Chromium does not always report the pre-rendered row's paint (no
      // element timing and no LCP candidate for that frame, seen in a trace
      // of such a run: the rows are painted in the first contentful frame
      // all the same); then the figure above is the app's own row. Say how
      // often, and what the first paint was in those runs.
      const missed = cold.filter((c) => !c.pre);
      const fcpRows = cold.filter((c) => c.preBeforeFcp).map((c) => (c.frame / Math.max(1, c.wasm)).toFixed(2));
      lines.push(`slow profile, bare visit: the pre-rendered row's paint reported by the browser in ${cold.length - missed.length} of ${cold.length} cold runs (painted / wasm arrival ${cold.filter((c) => c.pre).map(ratio).join(', ') || '-'}; in the others the app's row: ${missed.map(ratio).join(', ') || '-'}); first paint / wasm arrival with the pre-rendered rows already in the page: ${fcpRows.join(', ') || '-'}`);
    }
  }
  for (const l of lines) console.log(l);
});

/** Cold first rows, median of three fresh contexts, at `url`, with the
 * bytes transferred by phase: before the first priced row was painted (the
 * pre-rendered one where the page has it), before the app's own rows, and by
 * network idle (no service worker: its precache is measured apart). */
async function coldMedian(browser: import('@playwright/test').Browser, url: string) {
  const runs = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const app = new CalculatorPage(page);
    await throttled(context, page);
    const rows = await firstRows(page, () => page.goto(url));
    const offers = Number(await page.getByTestId('matched-count').getAttribute('data-matched'));
    await page.waitForLoadState('networkidle');
    const bytes = await page.evaluate((r) => {
      const all = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      const upTo = (t: number) => all.filter((e) => e.responseEnd <= t).reduce((s, e) => s + e.transferSize, 0);
      const g = window as any;
      // the first priced row: the pre-rendered one when the browser reported
      // its paint, or the first paint when the pre-rendered rows were in the
      // page before it (Chromium does not always report that row; see above)
      const first = r.pre ? r.painted : r.preBeforeFcp ? r.frame : r.painted;
      // the app's own rows: when it took the first screen over (a deep link
      // has no pre-rendered rows: its first row is the app's)
      const own = g.__takeover || r.painted;
      return { first, own, beforeFirst: upTo(first), beforeApp: upTo(own), idle: upTo(Infinity) };
    }, rows);
    expect(app.realErrors()).toEqual([]);
    runs.push({ ...rows, offers, ...bytes });
    await context.close();
  }
  return runs.sort((a, b) => a.first - b.first)[Math.floor(runs.length / 2)];
}

/** Cold, median of three fresh contexts: when a worker screen's first
 * answer was in (its results `data-state="ready"`, seen in the page). */
async function coldAnswer(browser: import('@playwright/test').Browser, url: string, testid: string) {
  const runs: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await throttled(context, page);
    await page.addInitScript((id) => {
      const w = window as any;
      new MutationObserver((_, mo) => {
        const el = document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;
        if (el?.dataset.state === 'ready') {
          w.__answer = Math.round(performance.now());
          mo.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    }, testid);
    await page.goto(url);
    await expect(page.getByTestId(testid)).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    runs.push(await page.evaluate(() => (window as any).__answer as number));
    await context.close();
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

test('every region: first rows and bytes by phase at 1x, 10x and 25x of the catalog (printed)', async ({ browser }) => {
  test.setTimeout(720_000);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const base = await servedCopy();
  const served = [{ n: 1, ...base }];
  try {
    for (const n of SCALED) {
      const copy = await servedCopy();
      served.push({ n, ...copy });
      deployData(copy.dir, scaledData(n));
      // the app's code is the same bytes with any catalog
      for (const f of ['gpucost_bg.wasm', 'gpucost.js', 'gpucost-worker_bg.wasm']) {
        expect(readFileSync(`${copy.dir}/${f}`).equals(readFileSync(`${base.dir}/${f}`)), f).toBe(true);
      }
    }
    const gz = (dir: string, f: string) => gzipSync(readFileSync(`${dir}/${f}`), { level: 9 }).length;
    const lines: string[] = [];
    const bare: Record<number, Awaited<ReturnType<typeof coldMedian>>> = {};
    for (const s of served) {
      const b = await coldMedian(browser, s.base);
      const d = await coldMedian(browser, `${s.base}?v=2&r=aws:us-east-1&sort=-gpuh`);
      bare[s.n] = b;
      // every region cloned: n times the offers, and a region's link shows its own
      expect(b.offers).toBe(s.n * bare[1].offers);
      if (s.n === 1) expect(d.offers).toBeLessThan(b.offers);
      const plan = await coldAnswer(browser, `${s.base}?v=2&screen=plan`, 'plan-results');
      const advise = await coldAnswer(browser, `${s.base}?v=2&screen=advise&gpus=8`, 'advise-results');
      lines.push(`every region ${s.n}x: the first answer of a link to the plan screen at ${plan} ms, to the advise screen at ${advise} ms, cold, median of ${COLD_RUNS} (goal <= 2500 ms at 25x)`);
      lines.push(`every region ${s.n}x (${b.offers} offers; data files ${kb(gz(s.dir, 'catalog.bin'))} app, ${kb(gz(s.dir, 'catalog-rest.bin'))} worker's rest, gzip -9): bare visit, cold median of ${COLD_RUNS}: first priced row at ${b.first} ms after ${kb(b.beforeFirst)} (goal <= 800 ms, <= 260 KB), the app's own rows at ${b.own} ms after ${kb(b.beforeApp)}, ${kb(b.idle)} by network idle (goal <= 400 KB), wasm in at ${b.wasm} ms, data at ${b.data} ms; deep link (one region, ${d.offers} offers): its rows at ${d.own} ms (goal <= 1500 ms) after ${kb(d.beforeApp)}, ${kb(d.idle)} by network idle`);
    }
    const r = (n: number, k: 'first' | 'own' | 'idle') => (bare[n][k] / Math.max(1, bare[1][k])).toFixed(2);
    lines.push(`every region, bare visit, ratios to 1x in this run: first priced row ${SCALED.map((n) => `${n}x ${r(n, 'first')}`).join(', ')}; the app's rows ${SCALED.map((n) => `${n}x ${r(n, 'own')}`).join(', ')}; bytes by network idle ${SCALED.map((n) => `${n}x ${r(n, 'idle')}`).join(', ')}`);
    for (const l of lines) console.log(l);
    // the pre-rendered first screen answers before the code and the data
    // at every size: the bytes before the first priced row do not grow
    // and a bare visit's bytes by network idle (the service worker's precache
    // apart) stay within 400 KB at 25x
    for (const n of SCALED) expect(bare[n].beforeFirst, `${n}x: bytes before the first priced row`).toBeLessThanOrEqual(260_000);
    expect(bare[25].idle, '25x: bytes by network idle').toBeLessThanOrEqual(400_000);
  } finally {
    for (const s of served) s.done();
  }
});
