import { test, expect } from './fixtures/app';

// Markup in every link key and value, and typed into every text field, is
// shown as text: no dialog opens and no element is injected.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
];
const KEYS = ['v', 'screen', 'gpu', 'gpus', 'h', 'm', 'p', 'r', 'o', 'cur', 'fx', 'bm', 'si', 'cr', 'stu', 'up', 'ur',
  'disc', 'nd', 'q', 'maxp', 'sort', 'cols', 'tu', 'tf', 'sel', 'page', '<b>key</b>'];

async function injected(page: import('@playwright/test').Page) {
  return page.evaluate(() =>
    document.querySelectorAll('body script, img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript"]').length);
}

test('markup in every link key and value is inert', async ({ app, page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  for (const p of PAYLOADS) {
    const q = KEYS.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(p)}`).join('&');
    await app.open(`?${q}&${encodeURIComponent(p)}=1`);
    await expect(page.getByTestId('link-notice').first()).toBeVisible();
    // the notices quote the payload as text
    await expect(page.getByTestId('link-notices')).toContainText('<');
    expect(await injected(page)).toBe(0);
  }
  expect(dialogs).toEqual([]);
  expect(app.realErrors()).toEqual([]);
});

test('markup typed into every text field is inert', async ({ app, page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await app.open('?v=2&p=alibaba');
  await app.openFilters();
  const fields = page.locator('[data-testid=controls] input[type=text], [data-testid=controls] input[type=search], input[data-testid=user-price]');
  const n = await fields.count();
  expect(n).toBeGreaterThan(5);
  for (const p of PAYLOADS) {
    for (let i = 0; i < n; i++) {
      const f = fields.nth(i);
      if (!(await f.isVisible())) continue;
      await f.fill(p);
      await f.press('Tab');
    }
    expect(await injected(page)).toBe(0);
  }
  // bad numbers are refused next to their box; the search shows what was typed
  await expect(page.getByTestId('months-error')).not.toBeEmpty();
  expect(dialogs).toEqual([]);
  expect(app.realErrors()).toEqual([]);
});
