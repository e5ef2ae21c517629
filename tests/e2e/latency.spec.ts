import { test, expect } from './fixtures/app';
import { atScale } from './fixtures/served';

// A keystroke on every screen with inputs, timed in the page: from the input
// event to the updated answer, seen by a MutationObserver (no test polling in
// the figure). Prints the median and p90 of each screen at 1× and at 10×
// and 25× of the realistic catalog of every region (`gpucost scale-catalog
// N`, served as `make dist CATALOG=FILE` builds it: the page and its worker
// both compute on it), and the ratios measured in this run.
// Targets (issue 26): median ≤ 16 ms, p90 ≤ 33 ms for the answer; what
// would change it is searched after it and filled in when ready (printed,
// with no target). Printed, not asserted: this machine's timings vary by
// ±30 %.

type Case = {
  name: string;
  query: string;
  input: string; // data-testid of the box typed into
  values: string[];
  // where the answer appears, and how to tell the answer to `value` is in
  watch: string;
  done: string; // a JS expression of (el, value, before) → boolean
  // ms from an answer to the next keystroke (default 150, a person's pace)
  gap?: number;
  // filled in after the answer, off the keystroke's path (issue 26: the
  // search runs after the answer and is dropped for a newer keystroke):
  // printed, with no target
  after?: boolean;
  // typed into the plan's "Add an offer" box first: its list is priced
  // again on every change of the link while it holds a search
  search?: string;
};

const VALUES = Array.from({ length: 21 }, (_, i) => String(300 + 10 * i));

const CASES: Case[] = [
  {
    name: 'compare hours',
    query: '?v=2',
    input: 'hours-per-month',
    values: VALUES,
    watch: '[data-testid="offer-rows"]',
    done: '(el, v, before) => el.innerHTML !== before && !el.hasAttribute("aria-busy")',
  },
  {
    name: 'plan hours',
    query: '?v=2&screen=plan&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix',
    input: 'plan-hours',
    values: VALUES,
    watch: '[data-testid="plan-summary"]',
    done: '(el, v) => el.textContent.includes(v + " h/month")',
  },
  // with a search in "Add an offer": its found offers follow each keystroke
  // (their rates are kept while only the hours change, as the compare
  // table's are)
  {
    name: 'plan hours, a search in Add an offer',
    query: '?v=2&screen=plan&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix',
    input: 'plan-hours',
    values: VALUES,
    watch: '[data-testid="plan-summary"]',
    done: '(el, v) => el.textContent.includes(v + " h/month")',
    search: 'A100',
  },
  // the plan's summary is a part of its own, answered first; the charts,
  // options table, job and break-even are the next part, made from the
  // plan the summary kept: this is the whole answer
  {
    name: 'plan hours, whole answer',
    query: '?v=2&screen=plan&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix',
    input: 'plan-hours',
    values: VALUES,
    watch: '[data-testid="plan-results"]',
    done: '(el, v) => el.dataset.state === "ready" && el.textContent.includes(v + " h/month")',
  },
  // what would change the plan's answer is searched after both parts
  {
    name: 'plan hours, what would change',
    query: '?v=2&screen=plan&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix',
    input: 'plan-hours',
    values: VALUES,
    watch: '[data-testid="plan-what-changes"]',
    done: '(el) => el.dataset.state === "ready"',
    after: true,
  },
  {
    name: 'advise months',
    query: '?v=2&screen=advise&gpus=8&vpg=40&m=12',
    input: 'adv-m',
    values: Array.from({ length: 21 }, (_, i) => String(13 + i)),
    watch: '[data-testid="advise-results"]',
    done: '(el, v, before) => el.dataset.state === "ready" && el.innerHTML !== before',
  },
  // no memory need: every offer fits, so every offer and way of paying
  // is priced and ranked (the case above prices those with 40 GB per GPU)
  {
    name: 'advise months, every offer fits',
    query: '?v=2&screen=advise&m=12',
    input: 'adv-m',
    values: Array.from({ length: 21 }, (_, i) => String(13 + i)),
    watch: '[data-testid="advise-results"]',
    done: '(el, v, before) => el.dataset.state === "ready" && el.innerHTML !== before',
  },
  // the next key comes 10 ms after the answer, while the worker is still
  // searching what would change it (the search runs in stages and yields
  // to a newer request between two)
  {
    name: 'advise months, typed during the search',
    query: '?v=2&screen=advise&gpus=8&vpg=40&m=12',
    input: 'adv-m',
    values: Array.from({ length: 21 }, (_, i) => String(13 + i)),
    watch: '[data-testid="advise-results"]',
    done: '(el, v, before) => el.dataset.state === "ready" && el.innerHTML !== before',
    gap: 10,
  },
  // what would change the advice is found after it
  {
    name: 'advise months, what would change',
    query: '?v=2&screen=advise&gpus=8&vpg=40&m=12',
    input: 'adv-m',
    values: Array.from({ length: 21 }, (_, i) => String(13 + i)),
    watch: '[data-testid="advise-what-changes"]',
    done: '(el) => el.dataset.state === "ready"',
    after: true,
  },
];

async function measure(page: import('@playwright/test').Page, c: Case) {
  return page.evaluate(async ({ c }) => {
    // eslint-disable-next-line no-new-func
    const done = new Function(`return ${c.done}`)() as (el: Element, v: string, before: string) => boolean;
    const box = document.querySelector(`[data-testid="${c.input}"]`) as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const times: number[] = [];
    let missed = 0;
    for (const v of c.values) {
      const el = document.querySelector(c.watch)!;
      const before = el.innerHTML;
      const t = await new Promise<number | null>((resolve) => {
        let t0 = 0;
        const obs = new MutationObserver(() => {
          const now = performance.now();
          if (done(el, v, before)) { obs.disconnect(); resolve(now - t0); }
        });
        obs.observe(el, { childList: true, subtree: true, characterData: true, attributes: true });
        setTimeout(() => { obs.disconnect(); resolve(null); }, 3000);
        box.focus();
        setValue.call(box, v);
        t0 = performance.now();
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
      if (t === null) missed += 1; else times.push(t);
      // a person types about every 150 ms; the next key comes while the
      // worker may still be searching what would change the last answer
      await new Promise((r) => setTimeout(r, c.gap ?? 150));
    }
    const s = [...times].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
    return { median: at(0.5), p90: at(0.9), n: times.length, missed };
  }, { c });
}

test('a keystroke is answered within a frame on every screen with inputs (printed, in-page timing)', async ({ app, page }) => {
  test.setTimeout(600_000);
  const out: Record<string, { median: number; p90: number; n: number; missed: number }> = {};
  const offers: Record<string, number> = {};
  const scale = await atScale();
  try {
    for (const { factor, base } of scale.sizes) {
      for (const c of CASES) {
        await app.open(c.query, base);
        // the compare filters start folded
        if (c.name.startsWith('compare')) await app.openFilters();
        await expect(page.getByTestId(c.input)).toBeVisible();
        if (c.name === 'compare hours') offers[factor] = Number(await page.getByTestId('matched-count').getAttribute('data-matched'));
        // the first answer is in (the worker has started)
        await expect(page.locator(c.watch)).not.toBeEmpty();
        if (c.name.startsWith('plan')) {
          await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
          await expect(page.getByTestId('plan-what-changes')).toHaveAttribute('data-state', 'ready');
        }
        if (c.search) {
          await page.getByTestId('plan-offer-search').fill(c.search);
          await expect(page.getByTestId('plan-candidates').locator('li').first()).toBeVisible();
        }
        if (c.name.startsWith('advise')) {
          await expect(page.getByTestId('advise-results')).toHaveAttribute('data-state', 'ready');
          await expect(page.getByTestId('advise-what-changes')).toHaveAttribute('data-state', 'ready');
        }
        const r = await measure(page, c);
        out[`${c.name} ${factor}`] = r;
        expect(r.missed, `${c.name} ${factor}: every keystroke gets its answer`).toBe(0);
      }
    }
  } finally {
    scale.done();
  }
  // measured on the catalog it names: every region cloned n times
  expect(offers['10x']).toBe(offers['1x'] * 10);
  expect(offers['25x']).toBe(offers['1x'] * 25);
  for (const [k, r] of Object.entries(out)) {
    const after = CASES.find((c) => k.startsWith(`${c.name} `))?.after;
    const target = after ? 'filled in after the answer: no target' : 'target median <= 16, p90 <= 33';
    console.log(`keystroke ${k}: median ${r.median.toFixed(1)} ms, p90 ${r.p90.toFixed(1)} ms (${r.n} keystrokes; ${target})`);
  }
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  for (const c of CASES) {
    console.log(`keystroke ratio ${c.name} 10x/1x: median ${ratio(out[`${c.name} 10x`].median, out[`${c.name} 1x`].median)}, 25x/1x: ${ratio(out[`${c.name} 25x`].median, out[`${c.name} 1x`].median)}`);
  }
  console.log(`keystroke ratio plan/compare (1x): ${ratio(out['plan hours 1x'].median, out['compare hours 1x'].median)}; advise/compare: ${ratio(out['advise months 1x'].median, out['compare hours 1x'].median)}`);
  expect(app.realErrors()).toEqual([]);
});

test('the worker computes on the synthetic catalog the page is on', async ({ app, page }) => {
  // break-even counts of one provider × model, at 1×, 10× and 25× (the
  // largest factor the page takes: worker.js once passed 20 at most, so
  // at 25× the worker computed on the 1× catalog)
  const count = async (extra: string) => {
    await app.open(`?v=2&screen=plan&m=12&p=aws&bm=od,ri1n${extra}`);
    await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
    const offers = page.getByTestId('breakeven-row').first().locator('td').nth(2);
    await expect(offers).toBeVisible();
    return Number(await offers.textContent());
  };
  const one = await count('');
  expect(one).toBeGreaterThan(0);
  expect(await count('&synthetic=10')).toBe(one * 10);
  expect(await count('&synthetic=25')).toBe(one * 25);
  expect(app.realErrors()).toEqual([]);
});
