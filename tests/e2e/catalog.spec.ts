import { test, expect } from './fixtures/app';

test('the data screen shows the dataset version and offers per provider', async ({ app, page }) => {
  await app.open('?v=2&screen=sources');
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByTestId('dataset-version')).toContainText('Dataset');
  let sum = 0;
  for (const p of ['aws', 'azure', 'alibaba', 'tencent']) {
    const text = await page.getByTestId(`offer-count-${p}`).locator('.count').innerText();
    const n = Number(text);
    expect(n, `offers of ${p}`).toBeGreaterThan(0);
    sum += n;
  }
  await expect(page.getByTestId('offers-total')).toContainText(`${sum} offers`);
  // every source of the catalog, each with its locator (made by the worker
  // from the whole catalog: the app's own copy keeps titles and dates only)
  const items = page.getByTestId('source-list').locator('li');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(60);
  const refs = await items.locator('code.ref').allInnerTexts();
  expect(refs.length).toBe(await items.count());
  expect(refs.every((r) => r.trim().length > 5)).toBe(true);
});
