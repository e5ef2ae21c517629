import { test, expect, adviseReady } from './fixtures/app';
import type { Page } from '@playwright/test';

// The advise screen: three steps (scenario fit, cost sensitivity,
// elasticity), a ranked recommendation with reasons, exclusions and what
// would change it; every input in the link.

const B200 = 'aws:us-east-1:p6-b200.48xlarge';

function param(page: Page, key: string): string | null {
  return new URL(page.url()).searchParams.get(key);
}

test('three steps: a scenario fills in its needs, a budget and the load change the answer, a bad value is refused beside its field', async ({ app, page }) => {
  await app.open('?v=2&screen=advise');
  await adviseReady(page);
  // step 1: LLM pre-training fills in 8 GPUs, 80 GB, NVLink and RDMA
  await page.getByTestId('adv-use').selectOption('llm');
  await expect(page.getByTestId('adv-gpus')).toHaveValue('8');
  await expect(page.getByTestId('adv-vpg')).toHaveValue('80');
  await expect(page.getByTestId('adv-req-nvlink')).toBeChecked();
  await expect(page.getByTestId('adv-req-rdma')).toBeChecked();
  expect(param(page, 'use')).toBe('llm');
  expect(param(page, 'req')).toBe('nvlink,rdma');
  await adviseReady(page);
  const picks = page.getByTestId('advise-pick');
  await expect(picks).toHaveCount(3);
  // every pick has ≥ 80 GB per GPU, a score breakdown and numeric reasons
  await expect(picks.first().getByTestId('advise-scores').locator('tr')).toHaveCount(4);
  await expect(picks.first().getByTestId('advise-reasons')).toContainText('GB per GPU');
  await expect(picks.first().getByTestId('advise-reasons')).toContainText('RDMA');
  const first = await picks.first().getAttribute('data-offer');
  // step 2: a monthly budget of $50,000 rules out the 8-GPU H100/B200 boxes' upfront payments
  await page.getByTestId('adv-bud').fill('50000');
  await expect.poll(() => param(page, 'bud')).toBe('50000usd');
  await adviseReady(page);
  await expect(page.locator('[data-testid="advise-excluded"] li[data-reason="budget"]')).toBeVisible();
  await expect(page.getByTestId('advise-notes')).toContainText('$50,000.00 per month');
  // step 3: bursty load and spot allowed: a committed baseline + spot burst is considered
  await page.getByTestId('adv-load').selectOption('bursty');
  await page.getByTestId('adv-risk').selectOption('yes');
  await expect.poll(() => param(page, 'risk')).toBe('yes');
  await adviseReady(page);
  await expect(page.getByTestId('advise-notes')).toContainText('Mixes run 50 % of the hours on spot');
  // a bad value: message beside the field, the text stays, the link and result do not change
  const before = page.url();
  const shown = await page.getByTestId('advise-out').innerHTML();
  await page.getByTestId('adv-vpg').fill('lots');
  await expect(page.locator('[data-err-for="vpg"]')).toHaveText('Not a number');
  await expect(page.getByTestId('adv-vpg')).toHaveValue('lots');
  await expect(page.getByTestId('adv-vpg')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('adv-wc').fill('500');
  await expect(page.locator('[data-err-for="wc"]')).toHaveText('Outside the allowed range');
  expect(page.url()).toBe(before);
  expect(await page.getByTestId('advise-out').innerHTML()).toBe(shown);
  // fixing it clears the message
  await page.getByTestId('adv-vpg').fill('40');
  await expect(page.locator('[data-err-for="vpg"]')).toHaveText('');
  await expect.poll(() => param(page, 'vpg')).toBe('40');
  // a number as the other screens read it: thousands separated, full-width
  // digits (it was "Not a number" here while compare read it)
  await page.getByTestId('adv-gpus').fill('1,024');
  await expect.poll(() => param(page, 'gpus')).toBe('1024');
  await expect(page.locator('[data-err-for="gpus"]')).toHaveText('');
  await page.getByTestId('adv-gpus').fill('１６');
  await expect.poll(() => param(page, 'gpus')).toBe('16');
  await page.getByTestId('adv-gpus').fill('1,00,0');
  await expect(page.locator('[data-err-for="gpus"]')).toHaveText('Not a number');
  expect(first).not.toBeNull();
  expect(app.realErrors()).toEqual([]);
});

test("a crafted link: the articles' 'unlimited budget' profile, their pick compared with the data's, and open in plan", async ({ app, page }) => {
  await app.open('?v=2&screen=advise&gpus=8&use=llm&vpg=40&req=nvlink,rdma&risk=no&wc=10&wp=60&prof=unlimited');
  await adviseReady(page);
  await expect(page.getByTestId('adv-preset-unlimited')).toHaveAttribute('aria-pressed', 'true');
  const top = page.getByTestId('advise-pick').first();
  await expect(top).toHaveAttribute('data-offer', B200);
  const profile = page.getByTestId('advise-profile');
  await expect(profile).toHaveAttribute('data-agrees', 'false');
  await expect(profile).toContainText('The articles pick AWS p4d');
  await expect(profile).toContainText('it loses most on Performance');
  await expect(page.getByTestId('advise-changes')).toContainText('A budget below');
  await top.getByTestId('advise-open-plan').click();
  await expect(page.getByTestId('screen-plan')).toBeVisible();
  expect(param(page, 'sel')).toBe(B200);
  expect(param(page, 'gpus')).toBe('8');
  expect(app.realErrors()).toEqual([]);
});

test('contradictory constraints explain and offer the nearest relaxation; zero weights fall back with a notice; presets and Chinese', async ({ app, page }) => {
  // mainland China only, and 500 GB per GPU that no GPU has
  await app.open('?v=2&screen=advise&res=cn&vpg=500');
  await adviseReady(page);
  await expect(page.getByTestId('advise-pick')).toHaveCount(0);
  await expect(page.getByTestId('advise-relax')).toContainText('No offer meets every constraint');
  await expect(page.locator('[data-testid="advise-relaxation"][data-drop="memory"]')).toContainText('lower the memory per GPU');
  await expect(page.locator('[data-testid="advise-excluded"] li[data-reason="residency"]')).toBeVisible();
  // weights that sum to zero
  await app.open('?v=2&screen=advise&wc=0&wp=0&we=0&wr=0');
  await adviseReady(page);
  await expect(page.getByTestId('advise-weights-fallback')).toBeVisible();
  // the scores' basis is stated beside the results
  await expect(page.getByTestId('advise-notes')).toContainText('How the scores are made');
  await expect(page.getByTestId('advise-pick')).toHaveCount(3);
  // a preset fills in the inputs; the ranking decides
  await page.getByTestId('adv-preset-domestic').click();
  await expect(page.getByTestId('adv-res')).toHaveValue('cn');
  await expect(page.getByTestId('adv-req-icp')).toBeChecked();
  expect(param(page, 'prof')).toBe('domestic');
  await adviseReady(page);
  await expect(page.getByTestId('advise-pick').first()).toHaveAttribute('data-offer', /^tencent:/);
  await expect(page.getByTestId('advise-profile')).toContainText('Alibaba Cloud gn7');
  await page.getByTestId('lang-switch').selectOption('zh-CN');
  await expect(page.getByTestId('advise-step1')).toContainText('场景匹配');
  await expect(page.getByTestId('advise-profile')).toContainText('文章推荐');
  expect(app.realErrors()).toEqual([]);
});

test("a job from the plan screen: choosing it starts from ResNet-50 and ranks per job, in the plan's numbers", async ({ app, page }) => {
  await app.open('?v=2&screen=advise');
  await adviseReady(page);
  await page.getByTestId('adv-use').selectOption('job');
  await expect.poll(() => param(page, 'jk')).toBe('resnet50');
  expect(param(page, 'use')).toBe('job');
  await adviseReady(page);
  const top = page.getByTestId('advise-pick').first();
  await expect(top.getByTestId('advise-reasons')).toContainText('The job takes');
  await expect(page.getByTestId('advise-notes')).toContainText('Costs are per job');
  await expect(page.locator('[data-testid="advise-excluded"] li[data-reason="no_throughput"]')).toBeVisible();
  expect(app.realErrors()).toEqual([]);
});
