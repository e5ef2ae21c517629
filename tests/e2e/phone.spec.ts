import { test, expect, wordsSplitAcrossLines } from './fixtures/app';

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
  // a refused value of the link keeps them open on a phone too, its box in sight
  await app.open('?v=2&gpus=-3');
  // after enhance.js, which folds them on phones, has run
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/enhance.js')));
  await page.waitForTimeout(300);
  await expect(page.getByTestId('filter-min-gpus')).toBeVisible();
  await expect(page.getByTestId('filter-min-gpus')).toHaveAttribute('aria-invalid', 'true');
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

test.describe('a small phone (375 × 667)', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  for (const lang of ['en', 'zh-CN']) {
    test(`the first screen shows the first offer's prices (${lang})`, async ({ app, page }) => {
      await page.addInitScript((l) => localStorage.setItem('gpucost.lang', l), lang);
      await app.open('?v=2');
      const card = page.getByTestId('offer-row').first();
      // the card's title is the instance, its prices come right after it
      for (const col of ['type', 'hourly', 'gpuh', 'monthly']) {
        await expect(card.locator(`td[data-col="${col}"]`), col).toBeInViewport();
      }
      // the screens nav is one row, and nothing is selected yet: the compare
      // panel is a line, not a box
      const tabs = await page.getByTestId('nav').locator('a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().top));
      expect(new Set(tabs).size).toBe(1);
      expect((await page.getByTestId('compare-panel').boundingBox())!.height).toBeLessThan(80);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(375);
      expect(app.realErrors()).toEqual([]);
    });
  }

  test('the plan\'s tables scroll in their frame with their caption and row titles in view', async ({ app, page }) => {
    await app.open('?v=2&screen=plan&m=18&bm=od,ri1a,spot&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4');
    await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
    const table = page.getByTestId('plan-options');
    const cap = (await table.locator('caption').boundingBox())!;
    expect(cap.x + cap.width).toBeLessThanOrEqual(375);
    // scrolled to its last column, each row's title is still where it was
    const title = table.locator('tbody th[scope="row"]').first();
    const before = (await title.boundingBox())!.x;
    await table.evaluate((t) => { t.parentElement!.scrollLeft = t.parentElement!.scrollWidth; });
    await expect.poll(async () => (await title.boundingBox())!.x).toBe(before);
    expect(app.realErrors()).toEqual([]);
  });

  test('two offers compared side by side fit the width; the providers are read top to bottom', async ({ app, page }) => {
    await app.open('?v=2&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4');
    const cols = page.getByTestId('compare-table').locator('thead th[data-offer]');
    await expect(cols).toHaveCount(2);
    for (const i of [0, 1]) await expect(cols.nth(i)).toBeInViewport({ ratio: 1 });
    const od = page.getByTestId('compare-row-od').locator('td');
    for (const i of [0, 1]) expect((await od.nth(i).boundingBox())!.x + (await od.nth(i).boundingBox())!.width).toBeLessThanOrEqual(375);
    await page.getByTestId('nav-providers').click();
    const table = page.getByTestId('providers-table');
    await expect(table).toBeVisible();
    // every provider's cell of a topic is as wide as the screen, under the last
    const cells = table.locator('tr[data-topic="billing_granularity"] td');
    await expect(cells).toHaveCount(4);
    const boxes = await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect()).map((b) => [b.left, b.right, b.top]));
    for (const [left, right] of boxes) { expect(left).toBeLessThan(30); expect(right).toBeLessThanOrEqual(375); }
    expect(boxes[1][2]).toBeGreaterThan(boxes[0][2]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(375);
    expect(app.realErrors()).toEqual([]);
  });
});

// Issue 48 point 12: at 375 px the header's last actions (JSON, ◐) and the
// last tabs were cut off, the current tab out of view, and "Link copied"
// inserted in the header's row reflowed it.
test('phones: every header action in view, the current tab scrolled into view, the share note over the page', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const lang of ['en', 'zh-CN']) {
    await page.addInitScript((l) => localStorage.setItem('gpucost.lang', l), lang);
    await app.open('?v=2&screen=sources');
    const header = page.locator('header').first();
    for (const b of await page.locator('.header-meta .actions > *').all()) {
      const box = (await b.boundingBox())!;
      expect(box.x, `${lang} ${await b.innerText()}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${lang} ${await b.innerText()}`).toBeLessThanOrEqual(375);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    const tab = (await page.getByTestId('nav-sources').boundingBox())!;
    expect(tab.x).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => { const t = (await page.getByTestId('nav-sources').boundingBox())!; return t.x + t.width; }).toBeLessThanOrEqual(375);
    const before = (await header.boundingBox())!;
    await page.locator('[data-action="share"]').click();
    await expect(page.getByTestId('share-status')).toBeVisible();
    expect((await header.boundingBox())!.height).toBe(before.height);
  }
  expect(app.realErrors()).toEqual([]);
});

// Issue 48 point 9: side by side on a phone, names broke inside a word
// ("Standard_NC24ads_A1" / "00_v4"); they break after their separators.
test('phones: side-by-side names break after their separators, never inside a word', async ({ app, page }) => {
  await app.open('?v=2&sel=azure:eastus:Standard_NC24ads_A100_v4,aws:us-east-1:p4d.24xlarge');
  const heads = page.getByTestId('compare-table').locator('thead th[data-offer]');
  await expect(heads).toHaveCount(2);
  const inside = await wordsSplitAcrossLines(heads, /[A-Za-z0-9]/);
  expect(inside).toEqual([]);
  expect(app.realErrors()).toEqual([]);
});
