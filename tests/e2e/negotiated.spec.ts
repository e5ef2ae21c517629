import { test, expect } from './fixtures/app';
import type { Page } from '@playwright/test';

// Issue 49 point 1, your negotiated price (`nd`): each provider's discount
// applied where its billing documents say (src/domain/billing/rules.rs,
// docs/PRICING.md), every figure saying whether it is yours or list.

const P4DE = 'aws:us-east-1:p4de.24xlarge';

function option(page: Page, offer: string, model: string) {
  return page.locator(`[data-testid="plan-option"][data-offer="${offer}"][data-model="${model}"]`);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
});

test('the compare table shows your price with the list price, and every screen says what the discount covers', async ({ app, page }) => {
  await app.open(`?v=2&q=p4de.24xlarge&nd=aws:8`);
  const row = page.locator(`[data-testid="offer-row"][data-offer="${P4DE}"]`);
  // 27.44705 × 0.92 = 25.251286 $/h
  const hourly = row.locator('td[data-col="hourly"]');
  await expect(hourly).toContainText('$25.25');
  await expect(hourly).toContainText('yours');
  await expect(hourly.getByTestId('list-price')).toHaveText('list $27.45');
  const note = page.getByTestId('negotiated-note');
  await expect(note).toBeVisible();
  await expect(note).toContainText(
    'AWS −8 % on pay-as-you-go, reservations, savings plans (list price: subscriptions, spot, Capacity Blocks, data charges)');
  // without a discount: list prices, no note, no second price
  await app.open(`?v=2&q=p4de.24xlarge`);
  await expect(page.getByTestId('negotiated-note')).toBeHidden();
  await expect(row.locator('td[data-col="hourly"]')).toContainText('$27.45');
  await expect(row.getByTestId('list-price')).toHaveCount(0);
  expect(app.realErrors()).toEqual([]);
});

test('the plan takes a discount per provider, refuses a bad one beside its box, and marks what it changed', async ({ app, page }) => {
  await app.open(`?v=2&screen=plan&bm=od,spot&sel=${P4DE}`);
  const results = page.getByTestId('plan-results');
  await expect(results).toHaveAttribute('data-state', 'ready');
  const box = page.getByTestId('plan-nd-aws');
  await box.fill('8');
  await expect(page).toHaveURL(/[?&]nd=aws:8(&|$)/);
  await expect(results).toHaveAttribute('data-state', 'ready');
  // 25.251286 × 730 = 18,433.43878 → 18,433.44 a month; × 12 = 221,201.28
  await expect(option(page, P4DE, 'od').getByTestId('plan-decision')).toHaveText('$221,201.28');
  await expect(option(page, P4DE, 'od').locator('th')).toContainText('yours');
  // AWS does not state the discount applies to spot: list, and not marked
  await expect(option(page, P4DE, 'spot').locator('th')).not.toContainText('yours');
  await expect(page.getByTestId('negotiated-note')).toBeVisible();
  const good = await page.getByTestId('plan-summary').innerText();
  for (const bad of ['0', '100', 'abc']) {
    await box.fill(bad);
    await expect(page.getByTestId('plan-nd-aws-error')).not.toBeEmpty();
    await expect(box).toHaveValue(bad); // what was typed stays
    await expect(page).toHaveURL(/[?&]nd=aws:8(&|$)/);
  }
  expect(await page.getByTestId('plan-summary').innerText()).toEqual(good);
  // emptied: list prices again
  await box.fill('');
  await expect(page).not.toHaveURL(/nd=/);
  await expect(page.getByTestId('negotiated-note')).toBeHidden();
  // 27.44705 × 730 = 20,036.3465 → 20,036.35 a month; × 12 = 240,436.20
  await expect(option(page, P4DE, 'od').getByTestId('plan-decision')).toHaveText('$240,436.20');
  expect(app.realErrors()).toEqual([]);
});

test('a refused item of a link is named, shown in its own box, and the others kept', async ({ app, page }) => {
  await app.open(`?v=2&screen=plan&bm=od&sel=${P4DE}&nd=azure:100,aws:8,ibm:5`);
  const notices = page.locator('[data-testid="link-notice"][data-key="nd"]');
  await expect(notices).toHaveCount(2);
  await expect(notices.first()).toContainText('azure:100');
  await expect(page.getByTestId('plan-nd-azure')).toHaveValue('100');
  await expect(page.getByTestId('plan-nd-azure-error')).not.toBeEmpty();
  await expect(page.getByTestId('plan-nd-aws')).toHaveValue('8');
  await expect(page.getByTestId('plan-nd-aws-error')).toBeEmpty();
  for (const p of ['alibaba', 'tencent']) await expect(page.getByTestId(`plan-nd-${p}`)).toHaveValue('');
  await expect(page).toHaveURL(/[?&]nd=aws:8(&|$)/);
  expect(app.realErrors()).toEqual([]);
});

test('the note reads in Chinese', async ({ app, page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'zh-CN'));
  await app.open(`?v=2&q=GN10X&nd=tencent:10`);
  await expect(page.getByTestId('negotiated-note')).toContainText('您的协议价：腾讯云 −10%：按量付费、包年包月（按标价：预留实例、节省计划、竞价实例、容量块、数据费用）');
  expect(app.realErrors()).toEqual([]);
});
