import { test, expect } from './fixtures/app';

// The providers screen: the four clouds side by side, every fact with its
// source and date, in both languages; a provider or region opens the compare
// screen filtered to it.
test('the four clouds side by side, sourced, in both languages, linked to compare', async ({ app, page }) => {
  await app.open('?v=2&screen=providers');
  const table = page.getByTestId('providers-table');
  await expect(table).toBeVisible();
  await expect(table.getByTestId('provider-col')).toHaveCount(4);
  expect(await table.getByTestId('fact-source').count()).toBeGreaterThan(20);
  await expect(table.locator('tr[data-topic="ml_platform"]')).toContainText('SageMaker');
  await expect(table.locator('tr[data-topic="ml_platform"]')).toContainText('PAI');
  await page.getByTestId('lang-switch').selectOption('zh-CN');
  await expect(table.getByTestId('provider-col').nth(2)).toContainText('阿里云');
  await expect(table.locator('tr[data-topic="billing_granularity"]')).toContainText('按秒');
  // a link in the worker's markup is followed inside the app: no reload
  // (the page's own marker survives), a history entry (back returns)
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
  await page.locator('[data-testid="provider-col"][data-provider="azure"] a').click();
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
  await expect(page).toHaveURL(/p=azure/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goBack();
  await expect(page.getByTestId('screen-providers')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});
