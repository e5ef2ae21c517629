import { test, expect } from './fixtures/app';

// Screens are chosen by a query key (`screen=`), so a deep link to any
// screen is a plain file request for `/` that every static host answers
// without rewrite rules. The test server (tools/serve_dist.py) serves files
// only: a path that is not a file is a 404.

test('the server has no rewrite rules: an unknown path is a 404', async ({ page }) => {
  const res = await page.goto('/sources');
  expect(res?.status()).toBe(404);
});

test('a deep link opens each screen with its scenario', async ({ app, page }) => {
  await app.open('?v=2&screen=sources&p=azure&m=6');
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  await expect(page.getByTestId('nav-sources')).toHaveAttribute('aria-current', 'page');

  await app.open('?v=2&p=azure&m=6');
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
  await expect(page.getByTestId('months')).toHaveValue('6');
  expect(app.realErrors()).toEqual([]);
});

test('switching screens keeps the scenario; back and forward restore screens', async ({ app, page }) => {
  await app.open('?v=2&p=azure&m=6&q=nd96');
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await page.getByTestId('nav-sources').click();
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  await expect(page.getByTestId('screen-compare')).toBeHidden();
  // every link the app writes names its dataset (`d`)
  expect(new URL(page.url()).search).toMatch(/^\?v=2&screen=sources&d=[0-9-]+%2B[0-9a-f]+&m=6&p=azure&q=nd96$/);

  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
  await expect(page.getByTestId('months')).toHaveValue('6');
  await expect(page.getByTestId('filter-search')).toHaveValue('nd96');

  await page.goBack();
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});

test('nav links are real links: the address opens the screen in a new page', async ({ app, page, context }) => {
  await app.open('?v=2&gpus=8');
  const href = await page.getByTestId('nav-sources').getAttribute('href');
  expect(href).toMatch(/^\?v=2&screen=sources&d=[^&]+&gpus=8$/);
  const other = await context.newPage();
  await other.goto(`/${href}`);
  await expect(other.getByTestId('screen-sources')).toBeVisible();
});

test('a link made with an older dataset says so and lists the prices dated after it', async ({ app, page }) => {
  await app.open('?v=2&d=2025-06-30%2Bdeadbeef&p=aws');
  const notice = page.locator('[data-testid=link-notice][data-key=d]');
  await expect(notice).toContainText('2025-06-30+deadbeef');
  await notice.getByTestId('changed-prices').locator('summary').click();
  const items = notice.getByTestId('changed-prices').locator('li');
  expect(await items.count()).toBeGreaterThan(0);
  await expect(items.first()).toContainText(/20\d\d-\d\d/);
  // the figures and the link from now on use today's data
  const dataset = (await page.getByTestId('dataset-version').locator('code').innerText()).trim();
  await expect.poll(() => new URL(page.url()).searchParams.get('d')).toBe(dataset);
  expect(app.realErrors()).toEqual([]);
});

// The plan, providers and advise screens' styles are a sheet of their own
// (screens.css), not in the first load: a compare visit paints without
// waiting for it, a link to another screen waits for it (never an unstyled
// first paint), and a screen opened later is styled.
test('the other screens\' styles: not awaited by compare, awaited by a link to them', async ({ app, page }) => {
  const blocking = () => page.evaluate(() => {
    const e = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/screens.css'));
    return e ? (e as PerformanceResourceTiming & { renderBlockingStatus: string }).renderBlockingStatus : 'not fetched';
  });
  await app.open('?v=2&gpus=8');
  await expect.poll(blocking).toBe('non-blocking');
  await page.getByTestId('nav-advise').click();
  await expect(page.getByTestId('screen-advise')).toHaveCSS('display', 'grid');

  for (const screen of ['advise', 'plan', 'providers']) {
    await app.open(`?v=2&screen=${screen}`);
    await expect.poll(blocking).toBe('blocking');
  }
  await expect(page.locator('table.providers th').first()).toHaveCSS('white-space', 'normal');
  // a link that ticks offers opens on their side-by-side comparison: it waits too
  await app.open('?v=2&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:g5.xlarge');
  await expect.poll(blocking).toBe('blocking');
  await expect(page.locator('.compare td').first()).toHaveCSS('text-align', 'right');
  expect(app.realErrors()).toEqual([]);
});

// Issue 50: a link to a screen the worker answers starts the worker with
// the page (first.js), so its code and data download beside the app's; the
// app adopts that worker rather than starting a second one. A link to the
// compare screen, or to a screen there is not, starts none.
test('a link to a worker\'s screen starts the worker with the page; the app adopts it', async ({ app, page }) => {
  const workers: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/worker.js')) workers.push(r.url());
  });
  // the app's wasm held back: what starts the worker meanwhile is the page
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/gpucost_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?v=2&screen=plan&gpus=16&m=1&sel=aws:us-east-1:p4d.24xlarge');
  await expect.poll(() => workers.length).toBe(1);
  await expect(page.getByTestId('boot')).toHaveCount(1);
  release();
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('plan-results')).toContainText('p4d.24xlarge');
  expect(workers).toHaveLength(1);
  await page.unroute('**/gpucost_bg.wasm');

  // a compare link, and a screen there is not (opened on compare)
  for (const q of ['?v=2&gpus=8', '?v=2&screen=bogus']) {
    workers.length = 0;
    await app.open(q);
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(workers, q).toEqual([]);
  }
  expect(app.realErrors()).toEqual([]);
});

// A link to another screen prices nothing for the compare table while it
// is hidden (at 25× that was ~150 ms of the app's first task on the slow
// profile, docs/PERFORMANCE.md): its rows come when it is opened, for the
// link's own filters.
test('the compare table is priced when it is first shown, not on a link to another screen', async ({ app, page }) => {
  await app.open('?v=2&screen=plan&r=aws:us-east-1&gpus=8');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('offer-row')).toHaveCount(0);
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  const regions = await page.getByTestId('offer-row').evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute('data-offer')!.split(':').slice(0, 2).join(':')))]);
  expect(regions).toEqual(['aws:us-east-1']);
  // back on the plan, the table keeps its rows (nothing is priced again)
  await page.getByTestId('nav-plan').click();
  await expect(page.getByTestId('screen-plan')).toBeVisible();
  await expect(page.getByTestId('offer-row').first()).toBeAttached();
  expect(app.realErrors()).toEqual([]);
});

// A box beside a label that wraps was squeezed by it (7.6–13 px wide on
// the plan's billing models): every box of a form is the same size.
for (const width of [1280, 375]) {
  test(`every check box of the plan's and the advice's inputs is one size at ${width} px`, async ({ app, page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [q, screen] of [['?v=2&screen=plan', 'screen-plan'], ['?v=2&screen=advise&gpus=8', 'screen-advise']]) {
      await app.open(q);
      const controls = page.getByTestId(screen);
      // a phone starts the inputs folded
      for (const d of await controls.locator('details.filters').all()) {
        if (!(await d.evaluate((e) => (e as HTMLDetailsElement).open))) await d.locator('> summary').click();
      }
      await expect(controls.locator('input[type=checkbox]').first()).toBeVisible();
      const widths = await controls.locator('input[type=checkbox]').evaluateAll((boxes) =>
        boxes.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => `${r.width.toFixed(1)}×${r.height.toFixed(1)}`));
      expect(widths.length, q).toBeGreaterThanOrEqual(4);
      expect(new Set(widths).size, `${q}: ${[...new Set(widths)].join(', ')}`).toBe(1);
    }
  });
}

// Issue 48, point 8: at 1280×800 the inputs are a side panel and the plan's
// and the advice's answers start in the first view, beside the inputs (they
// started at y ≈ 1240 and ~1.8 screens down); the phone keeps one column.
test('plan and advise answer in the first view at 1280×800, beside their inputs', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const inView = async (answer: string, inputs: string) => {
    const a = await page.getByTestId(answer).first().boundingBox();
    const i = await page.getByTestId(inputs).boundingBox();
    expect(a && a.y + Math.min(a.height, 60) <= 800, `${answer} in the first view: ${JSON.stringify(a)}`).toBe(true);
    expect(a && i && a.x >= i.x + i.width, `${answer} beside ${inputs}`).toBe(true);
  };
  await app.open('?v=2&screen=plan&gpus=4&gpu=a100-80-sxm,a100-40-sxm');
  await expect(page.getByTestId('plan-cheapest')).toBeVisible();
  await inView('plan-cheapest', 'plan-controls');
  await page.getByTestId('plan-months').fill('36');
  await expect(page.getByTestId('plan-cheapest')).toContainText('36-month');
  await inView('plan-cheapest', 'plan-controls');

  await app.open('?v=2&screen=advise&gpus=4');
  await expect(page.getByTestId('advise-pick').first()).toBeVisible();
  await inView('advise-pick', 'advise-form');

  await page.setViewportSize({ width: 375, height: 812 });
  const form = await page.getByTestId('advise-form').boundingBox();
  const pick = await page.getByTestId('advise-pick').first().boundingBox();
  expect(form && pick && pick.y > form.y).toBe(true);
  expect(app.realErrors()).toEqual([]);
});

// Issue 48 point 8: the currency was only among compare's filters; plan
// and advise have it beside their inputs, and it is the link's one `cur`.
test('plan and advise switch the currency beside their inputs', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open('?v=2&screen=plan');
  await expect(page.getByTestId('plan-cheapest')).toContainText('$');
  await page.getByTestId('plan-currency').selectOption('CNY');
  await expect(page.getByTestId('plan-cheapest')).toContainText('¥');
  await expect.poll(() => new URL(page.url()).searchParams.get('cur')).toBe('CNY');
  await expect(page.getByTestId('plan-currency')).toBeInViewport();

  await page.getByTestId('nav-advise').click();
  await expect(page.getByTestId('adv-cur')).toHaveValue('CNY');
  await expect(page.getByTestId('advise-pick').first()).toContainText('¥');
  await page.getByTestId('adv-cur').selectOption('USD');
  await expect(page.getByTestId('advise-pick').first()).toContainText('$');
  await expect.poll(() => new URL(page.url()).searchParams.get('cur')).toBe(null);
  // the compare screen follows: one currency for every screen
  await page.getByTestId('nav-compare').click();
  await app.openFilters();
  await expect(page.getByTestId('currency')).toHaveValue('USD');
  expect(app.realErrors()).toEqual([]);
});

// Issue 48 point 8: the plan has its region beside its inputs (before: only
// compare's filters had one); it is the link's one `r`, so the cheapest
// offers planned are that region's and compare shows the same region.
test('the plan picks its region beside its inputs', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.open('?v=2&screen=plan');
  const region = page.getByTestId('plan-region');
  await expect(region).toBeInViewport();
  await expect(region).toHaveValue('');
  await expect(page.getByTestId('plan-auto')).toBeVisible();
  await region.selectOption('alibaba:cn-shanghai');
  await expect.poll(() => new URL(page.url()).searchParams.get('r')).toBe('alibaba:cn-shanghai');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await expect
    .poll(() =>
      page.getByTestId('plan-option').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-offer')?.split(':').slice(0, 2).join(':')))]),
    )
    .toEqual(['alibaba:cn-shanghai']);
  await page.getByTestId('nav-compare').click();
  await app.openFilters();
  await expect(page.getByTestId('filter-region')).toHaveValue('alibaba:cn-shanghai');
  // "All regions" on compare clears it for the plan too
  await page.getByTestId('filter-region').selectOption('');
  await page.getByTestId('nav-plan').click();
  await expect(region).toHaveValue('');
  expect(app.realErrors()).toEqual([]);
});
