import { test, expect } from './fixtures/app';

// Issue 49 point 4, links that remember their prices: a link made with an
// older dataset (`d=DATE+hash`) opens on today's data and the plan prices
// each option on the prices in force on DATE too (src/domain/tco/then.rs).

const P5 = 'aws:us-east-1:p5.48xlarge';

test('a plan link shared before the price cut shows each option then and now', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
  await app.open(`?v=2&screen=plan&m=1&bm=od,ri1n&sel=${P5}&d=2025-03-01+0123abcd`);
  // the link's dataset is named, and the figures are today's
  await expect(page.locator('[data-testid="link-notice"][data-key="d"]')).toContainText('2025-03-01+0123abcd');
  const table = page.getByTestId('then-now');
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toContainText('shared with the dataset of 2025-03-01');
  // on-demand, one month at 730 h: 98.32 × 730 = 71,773.60 then, 55.04 × 730 = 40,179.20 now
  const od = table.locator(`[data-testid="then-now-row"][data-offer="${P5}"][data-model="od"]`);
  await expect(od.getByTestId('then-cost')).toHaveText('$71,773.60');
  await expect(od.getByTestId('now-cost')).toHaveText('$40,179.20');
  await expect(od.getByTestId('then-change')).toHaveText('−44 %');
  // the 1-year reservation's price is dated after the link: not guessed
  const ri = table.locator(`[data-testid="then-now-row"][data-model="ri1n"]`);
  await expect(ri.getByTestId('then-cost')).toHaveText('not in the price history');
  // the link the app writes names today's dataset; the comparison stays while the plan is edited
  await expect(page).not.toHaveURL(/d=2025-03-01/);
  await page.getByTestId('plan-hours').fill('365');
  await expect(od.getByTestId('now-cost')).toHaveText('$20,089.60');
  await expect(od.getByTestId('then-cost')).toHaveText('$35,886.80');
  expect(app.realErrors()).toEqual([]);
});

test('a link from this dataset shows no comparison; in Chinese it reads', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'zh-CN'));
  await app.open(`?v=2&screen=plan&m=1&bm=od&sel=${P5}`);
  await expect(page.getByTestId('plan-options')).toBeVisible();
  await expect(page.getByTestId('then-now')).toHaveCount(0);
  await app.open(`?v=2&screen=plan&m=1&bm=od&sel=${P5}&d=2025-03-01+0123abcd`);
  await expect(page.getByTestId('then-now').locator('caption')).toContainText('此链接分享时使用 2025-03-01 的数据集');
  expect(app.realErrors()).toEqual([]);
});

test('side by side, each offer shows its price history with dates and sources', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
  await app.open(`?v=2&sel=${P5},tencent:ap-beijing:GN10X.18XLARGE320`);
  const cells = page.getByTestId('compare-row-history').getByTestId('price-history');
  await expect(cells).toHaveCount(2);
  // p5.48xlarge: the 2024-12 snapshot and today's price, drawn and written
  await expect(cells.nth(0)).toContainText('on-demand 2024-12 $98.32 → 2026-10-10 $55.04');
  await expect(cells.nth(0).locator('svg circle title').first()).toContainText('2024-12 · $98.32 · ');
  // one dated price: no chart, said so
  await expect(cells.nth(1).locator('svg')).toHaveCount(0);
  await expect(cells.nth(1)).toContainText('one dated price per model');
  expect(app.realErrors()).toEqual([]);
});

test('the price history is its own file, fetched only when a screen needs it', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/history.bin')) asked.push(r.url());
  });
  // a plan made with today's dataset: the worker runs, no history is fetched
  await app.open(`?v=2&screen=plan&m=1&bm=od&sel=${P5}`);
  await expect(page.getByTestId('plan-options')).toBeVisible();
  expect(asked).toEqual([]);
  // side by side: the history row waits for it, then draws it (fetched once)
  await app.open(`?v=2&sel=${P5},tencent:ap-beijing:GN10X.18XLARGE320`);
  await expect(page.getByTestId('compare-row-history').getByTestId('price-history')).toHaveCount(2);
  expect(asked).toHaveLength(1);
  expect(app.realErrors()).toEqual([]);
});

test('a price history that cannot be had is said, never guessed from today', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
  await page.route('**/history.bin', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await app.open(`?v=2&screen=plan&m=1&bm=od&sel=${P5}&d=2025-03-01+0123abcd`);
  await expect(page.getByTestId('plan-options')).toBeVisible();
  await expect(page.getByTestId('then-now-missing')).toContainText('The price history could not be loaded (history.bin: HTTP 503)');
  await expect(page.getByTestId('then-now')).toHaveCount(0);
  await app.open(`?v=2&sel=${P5},tencent:ap-beijing:GN10X.18XLARGE320`);
  await expect(page.getByTestId('compare-row-history').getByTestId('history-missing')).toContainText('history.bin: HTTP 503');
  // the costs are there all the same
  await expect(page.getByTestId('compare-row-od').getByTestId('decision-cost')).toHaveCount(2);
  expect(app.realErrors().filter((e) => !e.includes('history.bin') && !e.includes('503'))).toEqual([]);
});
