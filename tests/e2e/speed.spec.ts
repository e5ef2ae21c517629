import { test, expect } from './fixtures/app';

// Measures (prints, does not assert a time) the median latency from a control
// change to the updated table, on the real catalog and on the documented
// test-only 10× synthetic catalog (`?synthetic=10`). Target: ≤ 16 ms median.
async function measure(page: import('@playwright/test').Page, runs: number) {
  return page.evaluate(async (n) => {
    const tbody = () => document.querySelector('[data-testid="offer-rows"]')!;
    const changed = () => new Promise<void>((resolve) => {
      const obs = new MutationObserver(() => { obs.disconnect(); resolve(); });
      obs.observe(document.querySelector('table.offers')!, { childList: true, subtree: true, characterData: true });
    });
    const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
    const sortTimes: number[] = [];
    for (let i = 0; i < n; i++) {
      const btn = document.querySelector('[data-testid="sort-hourly"]') as HTMLButtonElement;
      const done = changed();
      const t0 = performance.now();
      btn.click();
      await done;
      sortTimes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
    const filterTimes: number[] = [];
    for (let i = 0; i < n; i++) {
      const box = document.querySelector('[data-testid="filter-provider-aws"]') as HTMLInputElement;
      const done = changed();
      const t0 = performance.now();
      box.click();
      await done;
      filterTimes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
    const rows = tbody().querySelectorAll('tr').length;
    return { sort: median(sortTimes), filter: median(filterTimes), rows };
  }, runs);
}

test('latency from control change to updated table (printed)', async ({ app, page }) => {
  test.setTimeout(120_000);
  const results: Record<string, { sort: number; filter: number; rows: number; offers: number }> = {};
  for (const [name, query] of [['1x', ''], ['10x', '?synthetic=10']] as const) {
    await app.open(query);
    const offers = Number(await page.getByTestId('matched-count').getAttribute('data-matched'));
    const r = await measure(page, 21);
    results[name] = { ...r, offers };
    expect(r.rows).toBeLessThanOrEqual(50); // DOM bounded by the page size
  }
  expect(results['10x'].offers).toBe(results['1x'].offers * 10);
  for (const [name, r] of Object.entries(results)) {
    console.log(`latency ${name}: ${r.offers} offers, median sort ${r.sort.toFixed(1)} ms, median filter ${r.filter.toFixed(1)} ms, ${r.rows} rows in DOM (target <= 16 ms)`);
  }
  console.log(`latency ratio 10x/1x: sort ${(results['10x'].sort / results['1x'].sort).toFixed(2)}, filter ${(results['10x'].filter / results['1x'].filter).toFixed(2)}`);
});
