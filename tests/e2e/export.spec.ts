import { test, expect, CompareScreen, money, parseCsv } from './fixtures/app';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

// CSV / JSON of what a screen shows and the QR code of its link: made by
// the plan worker when asked (enhance.js), so none of it is in the first load.

async function download(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), text: readFileSync(path!, 'utf8') };
}

test('the compare table as CSV: one table, every matching row in the table order, figures as numbers, BOM, each row with its GPUs, prices\' date and sources', async ({ app, page }) => {
  await app.open('?v=2&p=azure&sort=hourly');
  const ids = await page.getByTestId('offer-row').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-offer')));
  const matched = Number(await page.getByTestId('matched-count').getAttribute('data-matched'));
  const { name, text } = await download(page, 'export-csv');
  // the dataset's version in the name; the file is one table (before:
  // metadata, table and sources of three widths, the first read as the header)
  expect(name).toMatch(/^gpucost-compare-\d{4}-\d{2}-\d{2}\+[0-9a-f]+\.csv$/);
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const table = text.slice(1);
  expect(table).not.toContain('\r\n\r\n');
  const rows = parseCsv(table);
  expect(new Set(rows.map((r) => r.length)).size).toBe(1);
  const header = rows[0];
  const idCol = header.indexOf('Offer id');
  const priceCol = header.findIndex((h) => h.startsWith('Price (USD/h)'));
  expect(rows.length - 1).toBe(matched);
  expect(rows.slice(1, ids.length + 1).map((r) => r[idCol])).toEqual(ids);
  // the page's prices are the file's, rounded as the table shows them
  const shown = (await new CompareScreen(page).columnTexts('hourly')).map(money);
  expect(shown.length).toBe(ids.length);
  shown.forEach((v, i) => {
    const cell = rows[i + 1][priceCol];
    if (Number.isNaN(v)) expect(cell).toBe('');
    else expect(Math.abs(Number(cell) - v)).toBeLessThan(0.01);
  });
  for (const h of ['GPUs', 'Prices as of', 'Data sources']) expect(header).toContain(h);
  expect(rows[1][header.indexOf('Prices as of')]).toMatch(/^\d{4}/);
  expect(app.realErrors()).toEqual([]);
});

test('the plan as JSON matches the options table', async ({ app, page }) => {
  await app.open('?v=2&screen=plan&m=3&bm=od,ri1n&sel=aws:us-east-1:p4d.24xlarge');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  const shown = await page.getByTestId('plan-decision').allInnerTexts();
  const { name, text } = await download(page, 'export-json');
  expect(name).toMatch(/^gpucost-plan-.*\.json$/);
  const doc = JSON.parse(text);
  expect(doc.meta.dataset).toMatch(/^\d{4}-\d{2}-\d{2}\+[0-9a-f]+$/);
  expect(doc.keys.length).toBe(doc.columns.length);
  const decision = doc.columns.findIndex((c: string) => c.startsWith('Decision cost'));
  const fromFile = doc.rows.map((r: unknown[]) => `$${Number(r[decision]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  expect(fromFile).toEqual(shown);
  expect(doc.sources.length).toBeGreaterThan(0);
  expect(app.realErrors()).toEqual([]);
});

test('the QR code of the link opens in a dialog', async ({ app, page }) => {
  await app.open('?v=2&screen=plan&m=6');
  await page.getByTestId('qr').click();
  const dialog = page.getByTestId('qr-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('svg path')).toHaveCount(1);
  // a title, what it is for, and the link's own text (before: the code alone)
  await expect(dialog.getByRole('heading')).toHaveText('Scan to open this view');
  await expect(dialog).toHaveAccessibleName('Scan to open this view');
  await expect(dialog.getByTestId('qr-link')).toHaveText(page.url());
  await page.getByTestId('qr-close').click();
  await expect(dialog).toBeHidden();
  expect(app.realErrors()).toEqual([]);
});

test('corrupted stored values are ignored: the app still works', async ({ app, page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('gpucost.lang', '\u0000{"not":"a language"');
    localStorage.setItem('gpucost.theme', '<script>');
  });
  await app.open('?v=2&m=6');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});
