import { test, expect } from './fixtures/app';

// At 375 px the first screen shows offers, not filters: the filters start
// folded, each offer is a card whose price is readable without scrolling
// sideways, and the controls are thumb-sized.
test.use({ viewport: { width: 375, height: 800 } });

test('phones: folded filters, offer cards with their prices, no sideways scrolling', async ({ app, page }) => {
  await app.open('?v=2&p=azure');
  await expect(page.locator('details.filters').first()).not.toHaveAttribute('open', '');
  const card = page.getByTestId('offer-row').first();
  await expect(card).toBeVisible();
  const price = card.locator('td[data-label^="Price"]');
  await expect(price).toBeInViewport();
  expect(await price.evaluate((td) => getComputedStyle(td, '::before').content)).toContain('Price');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(375);
  for (const id of ['nav-compare', 'nav-plan', 'nav-sources', 'sort-hourly']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box!.height, id).toBeGreaterThanOrEqual(44);
  }
  // the filters open from their summary
  await page.locator('details.filters > summary').first().click();
  await expect(page.getByTestId('filter-provider-azure')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const lang of ['en', 'zh-CN']) {
    test(`at 1280 px the default columns fit and the sorted column is in view (${lang})`, async ({ app, page }) => {
      await page.addInitScript((l) => localStorage.setItem('gpucost.lang', l), lang);
      await app.open('?v=2');
      await expect(page.getByTestId('offer-row').first()).toBeVisible();
      const [scroll, client] = await page.locator('.table-wrap:has(table.offers)').evaluate((w) => [w.scrollWidth, w.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      await expect(page.getByTestId('sort-gpuh')).toBeInViewport();
      expect(app.realErrors()).toEqual([]);
    });
  }
});
