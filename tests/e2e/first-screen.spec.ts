import { test, expect } from './fixtures/app';
import type { Page } from '@playwright/test';

// Issue 26: the first screen is the answer. A bare visit (no query, fresh
// storage, the browser's language) shows priced offers without scrolling:
// at least 8 rows at 1280 × 800, at least 2 cards on a 375 × 812 phone. The
// filters stay one click away, their summary naming how many are on.

/** Priced offer rows wholly inside the viewport (top ≥ 0, bottom ≤ its height). */
async function pricedInView(page: Page): Promise<number> {
  await expect(page.getByTestId('offer-row').first().locator('td[data-col="hourly"] .price')).toBeVisible();
  return page.getByTestId('offer-row').evaluateAll((rows) => {
    const h = window.innerHeight;
    return rows.filter((r) => {
      if (!r.querySelector('td[data-col="hourly"] .price')) return false;
      const b = r.getBoundingClientRect();
      return b.height > 0 && b.top >= 0 && b.bottom <= h;
    }).length;
  });
}

const CASES: [string, number, number, number][] = [
  // locale, width, height, at least
  ['en-US', 1280, 800, 8],
  ['zh-CN', 1280, 800, 8],
  ['en-US', 375, 812, 2],
  ['zh-CN', 375, 812, 2],
];

for (const [locale, width, height, least] of CASES) {
  test.describe(`${locale} at ${width} × ${height}`, () => {
    test.use({ locale, viewport: { width, height } });
    test(`a bare visit shows at least ${least} priced offers without scrolling`, async ({ app, page }) => {
      await app.open();
      await expect(page.locator('html')).toHaveAttribute('lang', locale.startsWith('zh') ? /^zh/ : /^en/);
      const n = await pricedInView(page);
      console.log(`first screen ${locale} ${width}×${height}: ${n} priced offers in view`);
      expect(n).toBeGreaterThanOrEqual(least);
      // the filters are in view and one click from open; no sideways scrolling
      const summary = page.locator('details.filters > summary').first();
      await expect(summary).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('filter-count')).toBeAttached();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(width);
      expect(app.realErrors()).toEqual([]);
    });
  });
}

test.describe('the filters one click away', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('folded, the summary names what is on beside a clear button; it opens and closes by mouse and keyboard', async ({ app, page }) => {
    await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
    await app.open('?v=2&p=azure&gpus=8');
    const details = page.locator('details.filters').first();
    const summary = details.locator('> summary');
    await expect(details).not.toHaveAttribute('open', '');
    await expect(page.getByTestId('filter-count')).toHaveText(' · 2 active');
    await expect(page.getByTestId('filter-names')).toHaveText(': Providers, Min GPUs per instance');
    const clear = page.getByTestId('clear-filters');
    await expect(clear).toBeVisible();
    // the clear button is on the summary's line
    const [s, c] = [(await summary.boundingBox())!, (await clear.boundingBox())!];
    expect(Math.abs(s.y + s.height / 2 - (c.y + c.height / 2))).toBeLessThan(8);
    await summary.click();
    await expect(page.getByTestId('filter-provider-azure')).toBeVisible();
    await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
    // closed with the keyboard, opened again
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('filter-provider-azure')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('filter-provider-azure')).toBeVisible();
    // cleared: nothing to clear is shown, and the focus is back on the summary
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('filter-count')).toHaveText('');
    await expect(page.getByTestId('filter-names')).toHaveText('');
    await expect(clear).toBeHidden();
    await expect(summary).toBeFocused();
    expect(app.realErrors()).toEqual([]);
  });

  test('in Chinese the summary names them too', async ({ app, page }) => {
    await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'zh-CN'));
    await app.open('?v=2&p=azure&q=nd');
    await expect(page.getByTestId('filter-count')).toHaveText(' · 已设 2 项');
    await expect(page.getByTestId('filter-names')).toHaveText('：云厂商、搜索');
    await expect(page.getByTestId('clear-filters')).toHaveText('清除筛选');
  });
});
