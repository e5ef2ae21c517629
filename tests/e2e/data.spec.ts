import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures/app';
import { syntheticData } from './fixtures/served';

// The catalog is a data file beside the wasm (catalog.bin for the app and
// the worker, catalog-rest.bin for what only the worker reads). A file that
// is missing or damaged, or two files of different datasets, are refused
// with a message, never shown as an app without data.

test('a damaged or missing app data file stops the app with a message', async ({ page }) => {
  for (const [what, reply] of [
    ['damaged', { status: 200, body: Buffer.from('GPUC not a catalog at all') }],
    ['truncated', null],
    ['missing', { status: 404, body: 'not found' }],
  ] as const) {
    await page.unroute('**/catalog.bin');
    await page.route('**/catalog.bin', async (route) => {
      if (reply) return route.fulfill(reply);
      // the real file cut in half
      const res = await route.fetch();
      const body = await res.body();
      return route.fulfill({ status: 200, body: body.subarray(0, body.length >> 1) });
    });
    await page.goto('/?v=2');
    await expect(page.getByTestId('fatal-error'), what).toBeVisible();
    await expect(page.locator('#fatal-detail'), what).toContainText(what === 'missing' ? 'HTTP 404' : 'data file');
    await expect(page.getByTestId('offer-row')).toHaveCount(0);
  }
});

test('when the worker\'s data file cannot be had, its screens say so instead of waiting', async ({ app, page }) => {
  await page.route('**/catalog-rest.bin', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await app.open('?v=2&screen=providers');
  await expect(page.getByTestId('providers').getByTestId('worker-failed')).toBeVisible();
  await page.getByTestId('nav-plan').click();
  await expect(page.getByTestId('plan-error')).toContainText(/could not be loaded/);
  // the app itself (its own data file) works
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
});

test('the worker\'s rest of another dataset is refused, not misread', async ({ app, page }) => {
  // the rest of the catalog with every offer twice (a data-only deploy
  // that replaced one file of the two): the plan says it could not load
  const other = readFileSync(syntheticData(2).rest);
  await page.route('**/catalog-rest.bin', (route) => route.fulfill({ status: 200, body: other }));
  await app.open('?v=2&screen=plan');
  await expect(page.getByTestId('plan-error')).toContainText(/could not be loaded/);
  expect(app.realErrors()).toEqual([]);
});
