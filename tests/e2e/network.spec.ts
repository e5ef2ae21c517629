import { test, expect, CompareScreen } from './fixtures/app';
import { readFileSync } from 'node:fs';

// Network, RDMA fabric, GPU interconnect and SLA as sourced facts (issue 25):
// the compare table's columns and filter, the compare panel's rows, the
// providers screen's SLA row, and the age of the prices on the plan screen.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('gpucost.lang', 'en'));
});

test('the interconnect filter keeps only offers whose sources state RDMA and NVLink; the columns show them', async ({ app, page }) => {
  await app.open('?v=2&cols=provider,type,gpu,net,link,hourly');
  await app.openFilters();
  const c = new CompareScreen(page);
  const all = await c.matched();
  await page.getByTestId('filter-fab-rdma').check();
  await expect.poll(() => c.params().fab).toBe('rdma');
  const rdma = await c.matched();
  expect(rdma).toBeLessThan(all);
  await page.getByTestId('filter-fab-nvlink').check();
  await expect.poll(() => c.params().fab).toBe('rdma,nvlink');
  const both = await c.matched();
  expect(both).toBeGreaterThan(0);
  expect(both).toBeLessThanOrEqual(rdma);
  // every row shown states a fabric and an NVLink of some kind
  for (const t of await c.columnTexts('net')) expect(t).toMatch(/EFA|InfiniBand/);
  for (const t of await c.columnTexts('link')) expect(t).toMatch(/NVLink/);
  // p4d: 400 Gbit/s with EFA, NVSwitch; the figure names its source on focus
  await page.getByTestId('filter-search').fill('p4d.24xlarge us-east-1');
  await expect.poll(() => c.offerIds()).toEqual(['aws:us-east-1:p4d.24xlarge']);
  expect((await c.columnTexts('net')).map((t) => t.replace(/\s+/g, ' '))).toEqual(['400 EFA']);
  expect(await c.columnTexts('link')).toEqual(['NVLink via NVSwitch']);
  const tip = await page.locator('td[data-col="net"] .price').getAttribute('data-tip');
  expect(tip).toMatch(/^RDMA by EFA · .+ 2026-01-21/);
  // the filter counts among the active ones and "clear" drops it
  await expect(page.getByTestId('filter-count')).not.toBeEmpty();
  await page.getByTestId('clear-filters').click();
  await expect.poll(() => c.params().fab).toBeUndefined();
  await expect.poll(() => c.matched()).toBe(all);
  expect(app.realErrors()).toEqual([]);
});

test('sorting by network puts the fastest first, and the CSV carries the network and its fabric', async ({ app, page }) => {
  await app.open('?v=2&cols=type,net,link&sort=-net');
  await app.openFilters();
  const c = new CompareScreen(page);
  const gbps = (await c.columnTexts('net')).map((t) => Number(t.replace(/[^0-9.].*$/, '').replace(/,/g, '')));
  expect(gbps[0]).toBeGreaterThanOrEqual(3200);
  expect([...gbps].sort((a, b) => b - a)).toEqual(gbps);
  // the CSV: bandwidth as a number, the RDMA kind and the fabric's bandwidth beside it
  await page.getByTestId('filter-search').fill('Standard_ND96asr_v4 eastus');
  await expect.poll(() => c.offerIds()).toEqual(['azure:eastus:Standard_ND96asr_v4']);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const text = readFileSync((await dl.path())!, 'utf8');
  // one table: the columns shown, then the row's GPUs, prices' date, age, selection and sources
  const lines = text.slice(1).split('\r\n');
  expect(lines[0]).toBe('Instance,Network (Gbit/s),RDMA,RDMA fabric (Gbit/s),GPU link,Offer id,GPUs,Prices as of,stale,Selected side by side,Data sources');
  expect(lines[1]).toMatch(/^Standard_ND96asr_v4,24,RDMA by InfiniBand,1600,NVLink,azure:eastus:Standard_ND96asr_v4,8,\d{4}[-\d]*,(yes|no),no,.*\bnet-azure\b/);
  expect(app.realErrors()).toEqual([]);
});

test('the compare panel shows network, GPU link and the one-instance SLA side by side', async ({ app, page }) => {
  await app.open('?v=2&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4,alibaba:cn-shanghai:ecs.gn7-c13g1.13xlarge');
  const table = page.getByTestId('compare-table');
  await expect(table).toBeVisible();
  const cells = async (row: string) => table.getByTestId(row).locator('td').allInnerTexts();
  const net = await cells('compare-row-net');
  expect(net[0]).toBe('400 Gbit/s · RDMA by EFA (2026-01-21)');
  expect(net[1]).toBe('24 Gbit/s · RDMA by InfiniBand 1,600 Gbit/s (2023-03-13)');
  expect((await cells('compare-row-link'))[0]).toBe('NVLink via NVSwitch');
  const sla = await cells('compare-row-sla');
  // AWS's single-instance figure is second-hand; Alibaba's is undated
  expect(sla[0]).toBe('99.5 % (2022, secondary source)');
  expect(sla[1]).toBe('99.9 % (2018-03)');
  expect(sla[2]).toMatch(/^99\.975 % \(undated/);
  expect(app.realErrors()).toEqual([]);
});

test('the providers screen lists each SLA figure with its scope, source and date', async ({ app, page }) => {
  await app.open('?v=2&screen=providers');
  const row = page.locator('[data-testid="providers-table"] tr[data-topic="sla"]');
  await expect(row).toBeVisible();
  const cells = await row.locator('td').allInnerTexts();
  expect(cells).toHaveLength(4);
  expect(cells[1]).toContain('99.99 % · instances across zones');
  expect(cells[2]).toContain('undated');
  expect(app.realErrors()).toEqual([]);
});

test('the age of prices is measured at today\'s date in the browser, not the dataset\'s', async ({ app, page }) => {
  // issue 47: a Tencent offer alone (its prices carried as 2021): the plan
  // says how many days before today (UTC) they date from
  const today = new Date().toISOString().slice(0, 10);
  const days = Math.round((Date.parse(today) - Date.parse('2021-01-01')) / 86_400_000);
  await app.open('?v=2&screen=plan&m=12&bm=od&sel=tencent:ap-beijing:GN10X.18XLARGE320');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('plan-stale')).toContainText(`2021, ${days} days before ${today}`);
  expect(app.realErrors()).toEqual([]);
});

test('plan options and job results carry the date of their prices; old ones say so', async ({ app, page }) => {
  // a Tencent offer (its prices carried as 2021) beside an AWS one
  const tencent = 'tencent:ap-beijing:GN10X.18XLARGE320';
  await app.open(`?v=2&screen=plan&m=12&bm=od&sel=${tencent},aws:us-east-1:p4d.24xlarge&jk=resnet50`);
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  const options = page.getByTestId('plan-options');
  const old = options.locator(`[data-testid="plan-option"][data-offer="${tencent}"] [data-testid="price-age"]`);
  await expect(old).toHaveAttribute('data-stale', '1');
  await expect(old).toContainText('2021');
  await expect(old.getByTestId('stale-badge')).toBeVisible();
  const fresh = options.locator('[data-testid="plan-option"][data-offer="aws:us-east-1:p4d.24xlarge"] [data-testid="price-age"]');
  await expect(fresh).not.toHaveAttribute('data-stale', '1');
  await expect(fresh).toHaveText(/^20\d\d-\d\d-\d\d$/);
  await expect(page.getByTestId('plan-stale-options')).toContainText('1 of 2 options rest on prices over 12 months old (the oldest from 2021)');
  await expect(page.getByTestId('job-cheapest').getByTestId('price-age').first()).toHaveText(/^20\d\d/);
  expect(app.realErrors()).toEqual([]);
});
