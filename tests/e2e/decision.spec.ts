import { test, expect, CompareScreen, money } from './fixtures/app';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
});

test('a commitment that outlives the period shows what is still owed; an old link migrates', async ({ app, page }) => {
  // v1 link: 1-month need, 3-year reservations, one assumed discount for every payment option
  await app.open('?v=1&m=1&disc=40&bm=od,ri3n,ri3a&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge');
  const c = new CompareScreen(page);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  // the migrated key is named, and the link is rewritten in the current form
  await expect(page.getByTestId('link-notices')).toContainText('“disc”');
  await expect.poll(() => c.params().v).toBe('2');
  await expect.poll(() => c.params().disc).toBe('40,40,40');
  // p3.2xlarge 3-yr no-upfront (assumed 40 %): 1340.28 paid in the month, 46909.80 still owed
  const ri3n = page.getByTestId('compare-row-ri3n');
  const owed = ri3n.getByTestId('still-owed').filter({ hasText: '46,909.80' });
  await expect(owed).toHaveCount(1);
  await expect(owed).toContainText('1,340.28');
  const cost = await ri3n.getByTestId('decision-cost').allInnerTexts();
  expect(cost.map(money)).toContain(48250.08);
  // on-demand wins a 1-month need: the best cell of every row is not a 35-month debt
  const od = (await page.getByTestId('compare-row-od').getByTestId('decision-cost').allInnerTexts()).map(money);
  expect(Math.min(...od)).toBeLessThan(Math.min(...cost.map(money)));
  await expect(page.getByTestId('compare-commit-basis')).toBeVisible();
  await expect(page.getByTestId('assumed-rates')).toContainText('no upfront 40');
  expect(app.realErrors()).toEqual([]);
});

test('a missing transfer rate marks the total incomplete until the user enters it', async ({ app, page }) => {
  await app.open('?v=2&m=1&xr=1000&bm=od&sel=azure:eastus:Standard_ND96asr_v4,tencent:ap-guangzhou:GT4.4XLARGE96');
  const c = new CompareScreen(page);
  const od = page.getByTestId('compare-row-od');
  await expect(od.getByTestId('incomplete-tag').filter({ visible: true })).toHaveCount(2);
  const rows = page.getByTestId('missing-rate-row');
  await expect(rows).toHaveCount(2);
  const tencent = page.locator('[data-testid="missing-rate-row"][data-key="tencent:ap-guangzhou:xr"] input');
  // a bad value: message next to the box, nothing lost from the link
  await tencent.fill('abc');
  await tencent.press('Tab');
  await expect(page.locator('[data-key="tencent:ap-guangzhou:xr"] .field-error')).toHaveText('Not a number');
  await expect.poll(() => c.params().ur).toBeUndefined();
  // 0.5 CNY/GB: Tencent's total is complete and 1000 × 0.5 / 7.1875 = 69.57 USD higher
  const before = money((await od.getByTestId('decision-cost').allInnerTexts())[1]);
  await tencent.fill('0.5');
  await tencent.press('Tab');
  await expect.poll(() => c.params().ur).toBe('tencent:ap-guangzhou:xr~0.5');
  await expect(od.getByTestId('incomplete-tag').filter({ visible: true })).toHaveCount(1);
  await expect
    .poll(async () => money((await od.getByTestId('decision-cost').allInnerTexts())[1]))
    .toBeCloseTo(before + 69.57, 2);
  // the box stays (with its value) after the rate is entered
  await expect(rows).toHaveCount(2);
  await expect(tencent).toHaveValue('0.5');
  expect(app.realErrors()).toEqual([]);
});

test('a region with no public IPv4 rate is incomplete, named, and complete once the user enters one', async ({ app, page }) => {
  // AWS bills every public IPv4 at 0.005 USD an hour; no rate is found for its China regions
  await app.open('?v=2&m=1&ip=1&bm=od&sel=aws:us-east-1:p4d.24xlarge,aws:cn-north-1:g5.48xlarge');
  const c = new CompareScreen(page);
  const od = page.getByTestId('compare-row-od');
  await expect(od.getByTestId('incomplete-tag').filter({ visible: true })).toHaveCount(1);
  const row = page.locator('[data-testid="missing-rate-row"][data-key="aws:cn-north-1:ip"]');
  await expect(page.getByTestId('missing-rate-row')).toHaveCount(1);
  await expect(row).toContainText('Public IPv4 address per hour · CNY');
  // 0.04 CNY an address-hour: 1 instance × 730 h × 0.04 = 29.20 CNY = 29.20 / 7.1875 = 4.06 USD more, complete
  const before = money((await od.getByTestId('decision-cost').allInnerTexts())[1]);
  await row.locator('input').fill('0.04');
  await row.locator('input').press('Tab');
  await expect.poll(() => c.params().ur).toBe('aws:cn-north-1:ip~0.04');
  await expect(od.getByTestId('incomplete-tag').filter({ visible: true })).toHaveCount(0);
  await expect
    .poll(async () => money((await od.getByTestId('decision-cost').allInnerTexts())[1]))
    .toBeCloseTo(before + 4.06, 2);
  expect(app.realErrors()).toEqual([]);
});
