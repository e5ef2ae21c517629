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
});
