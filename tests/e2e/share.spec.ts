import { test, expect } from './fixtures/app';

// The Share button shares the page's link: with the Web Share API where the
// device has one, else by copying it (headless Chromium on Linux has none),
// and says so in the page's language.
test('share copies the link of the current state and confirms it', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open('?v=2&p=azure&m=6&screen=sources');
  await page.getByTestId('lang-switch').selectOption('en');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(new URL(copied).searchParams.get('screen')).toBe('sources');
  // in Chinese
  await page.getByTestId('lang-switch').selectOption('zh-CN');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toHaveText('链接已复制');
  expect(app.realErrors()).toEqual([]);
});

test('without clipboard access the link is shown to copy by hand', async ({ app, page }) => {
  await app.open('?v=2&m=7');
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.getByTestId('lang-switch').selectOption('en');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toContainText('Copy this link');
  await expect(page.getByTestId('share-link')).toHaveValue(page.url());
});
