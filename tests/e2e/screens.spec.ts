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
  expect(new URL(page.url()).search).toBe('?v=2&screen=sources&m=6&p=azure&q=nd96');

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
  expect(href).toBe('?v=2&screen=sources&gpus=8');
  const other = await context.newPage();
  await other.goto(`/${href}`);
  await expect(other.getByTestId('screen-sources')).toBeVisible();
});
