import { test, expect } from './fixtures/app';

// What the page remembers (theme, the last settings) and the first-visit
// defaults (currency of the language); a link always wins.

test('the theme follows the system until chosen, and the choice is remembered', async ({ app, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.open('?v=2');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('theme').click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.getByTestId('app-title')).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(app.realErrors()).toEqual([]);
});

test('a bare visit reopens the last settings, says so, and can start fresh; a link wins', async ({ app, page }) => {
  // leaving the page remembers its link: enhance.js listens for it, and is
  // loaded after the app starts (boot.js), so wait for it before leaving
  // (leaving at once lost the link once under the full suite's load)
  const leave = async () => {
    await page.evaluate(() => import(new URL('./enhance.js', location.href).href));
    await page.goto('about:blank');
  };
  await app.open('?v=2&m=7&p=azure');
  await leave();
  await app.open('');
  await expect(page).toHaveURL(/[?&]m=7(&|$)/);
  await expect(page.getByTestId('restored-note')).toBeVisible();
  await expect(page.getByTestId('filter-provider-azure')).toBeChecked();
  await app.open('?v=2&m=3'); // a link wins over what is stored
  await expect(page.getByTestId('months')).toHaveValue('3');
  await expect(page.getByTestId('restored-note')).toHaveCount(0);
  await app.openFilters();
  await page.getByTestId('months').fill('4');
  await leave();
  await app.open('');
  await page.getByTestId('start-fresh').click();
  await expect(page.getByTestId('app-title')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]m=/);
  expect(app.realErrors()).toEqual([]);
});

test('the chosen columns are remembered for links that name none; a link with columns wins', async ({ app, page }) => {
  await app.open('?v=2');
  await app.openFilters();
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('column-vcpu').uncheck();
  await page.getByTestId('column-vramh').check();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('gpucost.cols'))).toContain('vramh');
  const header = page.locator('table.offers thead');
  // a shared link without columns opens with the chosen ones
  await app.open('?v=2&p=aws');
  await expect(page).toHaveURL(/[?&]cols=[^&]*vramh/);
  await expect(header.getByTestId('sort-vramh')).toBeVisible();
  await expect(header.getByTestId('sort-vcpu')).toHaveCount(0);
  await expect(page.getByTestId('filter-provider-aws')).toBeChecked();
  // a link that names its columns shows them
  await app.open('?v=2&cols=provider,type,hourly');
  await expect(header.getByTestId('sort-vramh')).toHaveCount(0);
  await expect(header.getByTestId('sort-vcpu')).toHaveCount(0);
  // back to the default columns: forgotten
  await app.open('?v=2');
  await app.openFilters();
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('column-vcpu').check();
  await page.getByTestId('column-vramh').uncheck();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('gpucost.cols'))).toBeNull();
  // a stored value that does not read is ignored
  await page.evaluate(() => localStorage.setItem('gpucost.cols', 'x"><img src=x onerror=alert(1)>'));
  await app.open('?v=2&p=azure');
  await expect(page).not.toHaveURL(/cols=/);
  await expect(header.getByTestId('sort-vcpu')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});

test('corrupted stored settings are ignored with a note', async ({ app, page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('gpucost.last', '?v=2&<img src=x onerror=alert(1)>');
    }
  });
  let dialog = false;
  page.on('dialog', () => { dialog = true; });
  await app.open('');
  await expect(page.getByTestId('restored-note')).toContainText('could not be read');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  expect(dialog).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('gpucost.last'))).toBeNull();
  expect(app.realErrors()).toEqual([]);
});

test.describe('a first visit in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('shows CNY on a bare visit; a link shows what it says (no cur: USD, as for its sender)', async ({ app, page }) => {
    await app.open();
    await expect(page).toHaveURL(/[?&]cur=CNY(&|$)/);
    await page.evaluate(() => localStorage.clear());
    await app.open('?v=2&m=6');
    await expect(page.getByTestId('months')).toHaveValue('6');
    await expect(page).not.toHaveURL(/cur=CNY/);
    await page.evaluate(() => localStorage.clear());
    await app.open('?v=2&cur=USD');
    await expect(page).not.toHaveURL(/cur=CNY/);
    expect(app.realErrors()).toEqual([]);
  });
});
