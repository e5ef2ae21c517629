import { test, expect } from './fixtures/app';

// Printing (or "save as PDF") a screen gives a clean report: the name and
// dataset, what the screen shows, no controls.
test('printing the compare screen gives a report without controls', async ({ app, page }) => {
  await app.open('?v=2&p=aws&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.8xlarge');
  await expect(page.getByTestId('compare-panel')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  for (const id of ['controls', 'nav', 'lang-switch', 'select-offer']) {
    await expect(page.getByTestId(id).first(), id).toBeHidden();
  }
  await expect(page.getByTestId('dataset-version')).toBeVisible();
  await expect(page.getByTestId('compare-panel')).toBeVisible();
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  // sortable column headers print as their names
  await expect(page.getByTestId('sort-hourly')).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.length).toBeGreaterThan(20_000);
  await page.screenshot({ path: 'test-results/print-compare.png', fullPage: true });
});

test('printing the data screen lists the sources', async ({ app, page }) => {
  await app.open('?v=2&screen=sources');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('nav')).toBeHidden();
  await expect(page.getByTestId('sources').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('screen-compare')).toBeHidden();
});
