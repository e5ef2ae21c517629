import { test, expect } from './fixtures/app';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, appendFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedCopy, syntheticData, scaledData, deployData, CHANGED, SUPERSEDED } from './fixtures/served';

// The service worker precaches every built file on the first visit; after
// that any link opens with no network, and a new build is offered as
// "reload to update" instead of running beside the old one.
test.use({ serviceWorkers: 'allow' });

type Page = import('@playwright/test').Page;

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
}

/** Reload after a deploy: the page offers the new build ("reload to update"). */
async function reloadUntilOffered(page: Page, timeout = 15_000) {
  await page.reload();
  await expect(page.getByTestId('update-banner')).toBeVisible({ timeout });
}

/** Accept the new build: the page reloads once its service worker has taken over. */
async function acceptUpdate(page: Page) {
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('update-reload').click();
  await reloaded;
}

/** The build's code: a data-only refresh downloads none of it. */
const CODE = ['gpucost_bg.wasm', 'gpucost.js', 'gpucost-worker_bg.wasm', 'gpucost-worker.js', 'main.css', 'boot.js', 'enhance.js'];

test('after the first visit, a share link to any screen opens offline', async ({ app, page, context }) => {
  await app.open('?v=2');
  await controlled(page);
  await context.setOffline(true);
  await app.open('?v=2&screen=sources&p=azure&m=6');
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
  await expect(page.getByTestId('months')).toHaveValue('6');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  // the plan screen's worker (a second wasm module) comes from the cache too
  await app.open('?v=2&screen=plan&m=6&bm=od,ri1n&sel=aws:us-east-1:p4d.24xlarge');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('plan-cheapest')).toBeVisible();
  await expect(page.locator('[data-testid="chart-line"] [data-testid="chart-series"]')).toHaveCount(2);
  await context.setOffline(false);
  expect(app.realErrors()).toEqual([]);
});

test('offline, the cached page still shows the pre-rendered first screen for the default view, the skeleton for a link', async ({ app, page, context }) => {
  await app.open();
  await controlled(page);
  await context.setOffline(true);
  const seen = () => page.evaluate(() => (window as any).__seen);
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => {
    const shown = [...document.querySelectorAll('#boot .first')].filter((e) => getComputedStyle(e).display !== 'none');
    (window as any).__seen = {
      first: document.documentElement.dataset.first,
      rows: shown[0] ? [...shown[0].querySelectorAll('main tbody tr')].filter((r) => (r as HTMLElement).offsetParent !== null).length : 0,
    };
  }));
  // the page holds the rows a first view shows, not the whole first page
  const { FIRST_ROWS } = await import('../../tools/prerender.mjs');
  for (const [query, first, rows] of [['', 'en', FIRST_ROWS], ['?v=2&p=azure', 'wait-en', 0]] as const) {
    await page.goto(`/${query}`);
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    expect(await seen()).toEqual({ first, rows });
  }
  await context.setOffline(false);
  expect(app.realErrors()).toEqual([]);
});

test('the server stopped: a reload still works, on every screen', async ({ app, page }) => {
  const { base, server, done } = await servedCopy();
  try {
    await page.goto(`${base}?v=2&screen=plan&m=4&bm=od,ri1n&sel=aws:us-east-1:p4d.24xlarge`);
    await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
    await controlled(page);
    server.kill();
    await new Promise((r) => server.once('exit', r));
    await page.reload();
    await expect(page.getByTestId('screen-plan')).toBeVisible();
    await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('plan-cheapest')).toBeVisible();
    await page.getByTestId('nav-compare').click();
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    expect(app.realErrors()).toEqual([]);
  } finally {
    done();
  }
});

test('a new build is offered as "reload to update" and never mixed with the old one', async ({ page }) => {
  // a copy of the build on its own server, so the test can deploy a new one
  const { dir, base, done } = await servedCopy();
  try {
    await page.goto(`${base}?v=2&m=3`);
    await expect(page.getByTestId('app-title')).toBeVisible();
    await controlled(page);
    await expect(page.getByTestId('update-banner')).toHaveCount(0);

    // deploy: one file changes, the build step rewrites the worker
    appendFileSync(join(dir, 'main.css'), '\n/* build 2 */\n');
    execFileSync('node', ['../tools/postbuild.mjs', dir]);

    await reloadUntilOffered(page);
    // still the old build until the user accepts (the stylesheet is in the page)
    const newCss = () => page.evaluate(() => !!document.querySelector('style[data-inline="main.css"]')?.textContent?.includes('build 2')).catch(() => false);
    expect(await newCss()).toBe(false);
    // accepting reloads the page once the new worker has taken over
    await acceptUpdate(page);
    await expect(page.getByTestId('app-title')).toBeVisible();
    await expect.poll(newCss).toBe(true);
    await expect(page.getByTestId('update-banner')).toHaveCount(0);
    // the scenario survived the update (it is in the URL)
    expect(new URL(page.url()).searchParams.get('m')).toBe('3');
  } finally {
    done();
  }
});

test('a data-only refresh: a returning visitor downloads the data files and the page (its first rows), and no code', async ({ page, context }) => {
  const { dir, base, done } = await servedCopy();
  try {
    await page.goto(`${base}?v=2`);
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    await controlled(page);
    const before = await page.getByTestId('matched-count').getAttribute('data-matched');
    // a refresh that changed only prices: new data files, the same code
    deployData(dir, syntheticData(2));
    const wasm = readFileSync(join(dir, 'gpucost_bg.wasm'));
    expect(readFileSync('../dist/gpucost_bg.wasm').equals(wasm)).toBe(true);
    const fetched: string[] = [];
    // what reached the server (the page's own requests answered by the
    // service worker from its cache are not downloads)
    context.on('response', (r) => {
      if (r.url().startsWith(base) && !r.fromServiceWorker()) fetched.push(new URL(r.url()).pathname.replace(/^\//, ''));
    });
    await reloadUntilOffered(page);
    await acceptUpdate(page);
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    // the new data is shown: twice the offers
    await expect(page.getByTestId('matched-count')).toHaveAttribute('data-matched', String(Number(before) * 2));
    expect(fetched.filter((f) => CODE.includes(f)), `fetched: ${fetched.join(' ')}`).toEqual([]);
    expect(fetched).toContain('catalog.bin');
    expect(fetched).toContain('catalog-rest.bin');
    // the page's pre-rendered rows are the new data's too (postbuild renders them again)
    const served = await page.evaluate(async () => (await fetch('./')).text());
    expect(served).toContain(`data-matched="${Number(before) * 2}"`);
    expect(served).not.toContain(`data-matched="${before}"`);
    console.log(`data-only refresh: downloaded ${[...new Set(fetched)].sort().join(', ')}; the code came from the cache`);
  } finally {
    done();
  }
});

// The same 5 % of prices moved two ways: in place (the best case), and as a
// real refresh moves them (the prices replaced kept as history, the new ones
// citing new sources), which changes what the worker reads beyond the app's
// file, so that comes too.
for (const [how, data] of [['in place', CHANGED], ['as a real refresh moves them', SUPERSEDED]] as const) {
  test(`a refresh that moves 5 % of the prices of a 25x catalog ${how}: what a returning visitor downloads (printed)`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const { dir, base, done } = await servedCopy();
    try {
      deployData(dir, scaledData(25));
      await page.goto(`${base}?v=2`);
      await expect(page.getByTestId('offer-row').first()).toBeVisible();
      await controlled(page);
      // the worker's bundle is in the cache too (precached at install)
      await page.waitForFunction(async () => (await caches.keys()).length > 0 && (await (await caches.open((await caches.keys())[0])).keys()).some((r) => r.url.endsWith('/catalog-rest.bin')));
      deployData(dir, scaledData(data));
      const fetched: { path: string; bytes: number }[] = [];
      const sizes: Promise<void>[] = [];
      context.on('response', (r) => {
        if (!r.url().startsWith(base) || r.fromServiceWorker()) return;
        const path = new URL(r.url()).pathname.replace(/^\//, '') || 'index.html';
        sizes.push(r.request().sizes().then((z) => { fetched.push({ path, bytes: z.responseBodySize + z.responseHeadersSize }); }, () => {}));
      });
      await reloadUntilOffered(page, 30_000);
      await acceptUpdate(page);
      await expect(page.getByTestId('offer-row').first()).toBeVisible();
      await Promise.all(sizes);
      expect(fetched.map((f) => f.path).filter((f) => CODE.includes(f))).toEqual([]);
      expect(fetched.map((f) => f.path)).toContain('catalog.bin');
      // the worker reads the app's file too; what it reads beyond it has no
      // current price: moved in place it stays in the cache; a refresh
      // that supersedes prices puts them in it (each offer's newest
      // superseded price, whose date the app's file has) and cites new
      // sources, and a worker given the old one would refuse it
      if (data === CHANGED) expect(fetched.map((f) => f.path)).not.toContain('catalog-rest.bin');
      else expect(fetched.map((f) => f.path)).toContain('catalog-rest.bin');
      const total = fetched.reduce((s, f) => s + f.bytes, 0);
      const each = new Map<string, number>();
      for (const f of fetched) each.set(f.path, (each.get(f.path) ?? 0) + f.bytes);
      console.log(`data-only refresh of 5 % of the prices at 25x, ${how}: a returning visitor downloads ${(total / 1000).toFixed(1)} KB (${[...each].sort().map(([p, b]) => `${p} ${(b / 1000).toFixed(1)} KB`).join(', ')}); the code comes from the cache`);
      // the worker reads the new pair: a screen it answers answers
      await page.goto(`${base}?v=2&screen=providers`);
      await expect(page.getByTestId('providers-table')).toBeVisible({ timeout: 30_000 });
    } finally {
      done();
    }
  });
}

test('under a sub-path the app is styled, works offline and keeps its own cache', async ({ page, context }) => {
  const { base, done } = await servedCopy('gpucost');
  try {
    await page.goto(`${base}?v=2&m=5`);
    await expect(page.getByTestId('app-title')).toBeVisible();
    // the stylesheet loaded (relative asset URLs): the header has its colour
    const bg = await page.locator('.app-header').evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    await controlled(page);
    expect(await page.evaluate(async () => (await caches.keys()).every((k) => k.endsWith('@/gpucost/')))).toBe(true);
    await context.setOffline(true);
    await page.goto(`${base}?v=2&screen=sources&m=5`);
    await expect(page.getByTestId('screen-sources')).toBeVisible();
    await context.setOffline(false);
  } finally {
    done();
  }
});

// Installability needs a normal (not incognito) profile, so this test runs
// its own persistent browser context.
test('Chromium reports the app installable (manifest, icons, worker)', async ({ playwright, launchOptions, baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'gpucost-profile-'));
  const ctx = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, serviceWorkers: 'allow' });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseURL}/`);
    await expect(page.getByTestId('app-title')).toBeVisible();
    await controlled(page);
    const cdp = await ctx.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(manifest.errors).toEqual([]);
    expect(installabilityErrors).toEqual([]);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
