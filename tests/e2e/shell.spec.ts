import { test, expect } from './fixtures/app';

test('renders the app shell with no console errors', async ({ app, page }) => {
  await app.open();
  await expect(page.getByTestId('fatal-error')).toBeHidden();
  await expect(page.getByTestId('dataset-version')).toContainText(/\d{4}-\d{2}-\d{2}\+[0-9a-f]{8}/);
  await expect(page.getByTestId('footer-sources-link')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});

test('language switch changes visible text and is remembered', async ({ app, page }) => {
  await app.open();
  const title = page.getByTestId('app-title');
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(title).toHaveText('GPU Cloud Cost Calculator');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('lang-switch').selectOption('zh-CN');
  await expect(title).toHaveText('GPU 云成本计算器');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(title).toHaveText('GPU 云成本计算器');
  expect(app.realErrors()).toEqual([]);
});

test('footer link opens the data screen, keeping the scenario', async ({ app, page }) => {
  await app.open('?v=2&p=azure&m=6');
  await page.getByTestId('footer-sources-link').click();
  await expect(page.getByTestId('screen-sources')).toBeVisible();
  await expect(page.getByTestId('sources').locator('li').first()).toBeVisible();
  await expect(page).toHaveURL(/screen=sources/);
  await expect(page).toHaveURL(/p=azure/);
});
