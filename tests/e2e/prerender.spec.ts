import { test, expect } from './fixtures/app';
import type { Page } from '@playwright/test';

// Issue 26, item 1: the default view's first screen is in the page itself
// (tools/prerender.mjs, the built app run at build time); first.js decides
// before the first paint whether it shows, and the app takes it over in the
// same frame. What the page showed before the app ran is read in the page
// at DOMContentLoaded (boot.js is still waiting for the wasm then), so no
// test timing is part of it.

type Box = { top: number; left: number; width: number; height: number };
type Seen = {
  first: string;
  shown: string[];
  rows: { offer: string; text: string; box: Box }[];
  header: Box | null;
  /** The language switch's value in the copy shown. */
  select: string;
  skeleton: boolean;
  url: string;
  theme: string;
};

/** Records, at DOMContentLoaded, what the first paint shows; and the layout
 *  shifts of the whole load. */
async function watch(page: Page, scrollTo = 0) {
  await page.addInitScript((y) => {
    const box = (e: Element | null) => {
      if (!e) return null;
      const b = e.getBoundingClientRect();
      return { top: b.top + scrollY, left: b.left, width: b.width, height: b.height };
    };
    const w = window as any;
    w.__shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as any[]) {
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s: any) => `${s.node?.nodeName ?? '?'}${s.node?.dataset?.offer ? ` ${s.node.dataset.offer}` : ''} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      const shown = [...document.querySelectorAll('#boot .first')].filter((e) => getComputedStyle(e).display !== 'none');
      const v = shown[0];
      w.__seen = {
        first: document.documentElement.dataset.first ?? '',
        shown: shown.map((e) => (e as HTMLElement).dataset.lang),
        rows: v ? [...v.querySelectorAll('main tbody tr[data-offer]')]
          .filter((r) => getComputedStyle(r).display !== 'none' && (r as HTMLElement).offsetParent !== null)
          .map((r) => ({ offer: r.getAttribute('data-offer'), text: (r as HTMLElement).innerText, box: box(r) })) : [],
        header: v ? box(v.querySelector('header')) : null,
        select: v?.querySelector('header select')?.value ?? '',
        skeleton: getComputedStyle(document.querySelector('#boot .skeleton')!).display !== 'none',
        url: location.search,
        theme: document.documentElement.dataset.theme,
      };
      if (y) scrollTo(0, y);
    });
  }, scrollTo);
}

async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => (window as any).__seen);
}

/** The app's rows now, in the same terms. */
async function appRows(page: Page, n: number) {
  return page.getByTestId('offer-row').evaluateAll((rs, n) => rs.slice(0, n).map((r) => {
    const b = r.getBoundingClientRect();
    return { offer: r.getAttribute('data-offer'), text: (r as HTMLElement).innerText, box: { top: b.top + scrollY, left: b.left, width: b.width, height: b.height } };
  }), n);
}

const near = (a: Box, b: Box) => ['top', 'left', 'width', 'height'].every((k) => Math.abs((a as any)[k] - (b as any)[k]) <= 0.5);

for (const [locale, lang, cur] of [['en-US', 'en', '$'], ['zh-CN', 'zh', '¥']] as const) {
  for (const [width, height] of [[1280, 800], [375, 812]] as const) {
    test.describe(`${locale} at ${width} × ${height}`, () => {
      test.use({ locale, viewport: { width, height } });
      test('a bare first visit paints the default rows before the app, which takes them over in place (CLS 0)', async ({ app, page }) => {
        await watch(page);
        await app.open();
        const s = await seen(page);
        expect(s.first).toBe(lang);
        expect(s.shown).toEqual([lang]);
        expect(s.skeleton).toBe(false);
        // the language switch says the page's language (a property in the app, an attribute in the copy)
        expect(s.select).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        // the zh default is the CNY link first.js makes of a first visit
        expect(s.url).toBe(lang === 'zh' ? '?v=2&cur=CNY' : '');
        expect(s.rows.length).toBeGreaterThanOrEqual(8);
        expect(s.rows[0].text).toContain(cur);
        // only the rows a first view shows are in the page (tools/prerender.mjs), and they fill it
        const last = s.rows[s.rows.length - 1].box;
        expect(last.top + last.height, 'the pre-rendered rows reach the bottom of the first view').toBeGreaterThanOrEqual(height);
        await page.waitForTimeout(300);
        const shifts: { value: number; sources: string[] }[] = await page.evaluate(() => (window as any).__shifts);
        console.log(`pre-rendered first screen ${locale} ${width}×${height}: ${s.rows.length} rows shown before the app; layout shifts of the load: ${shifts.length} (CLS ${shifts.reduce((a, b) => a + b.value, 0).toFixed(4)}) ${JSON.stringify(shifts)}`);
        // the app shows the same rows, in the same places
        const now = await appRows(page, s.rows.length);
        expect(now.map((r) => r.offer)).toEqual(s.rows.map((r) => r.offer));
        expect(now.map((r) => r.text)).toEqual(s.rows.map((r) => r.text));
        for (let i = 0; i < now.length; i++) expect(near(now[i].box, s.rows[i].box), `row ${i}: ${JSON.stringify(now[i].box)} vs ${JSON.stringify(s.rows[i].box)}`).toBe(true);
        const header = await page.locator('body > header.app-header').boundingBox();
        expect(near({ ...header!, top: header!.y, left: header!.x }, s.header!)).toBe(true);
        expect(shifts).toEqual([]);
        // the copy is gone, nothing of it is left to find or focus
        await expect(page.locator('#boot')).toHaveCount(0);
        expect(app.realErrors()).toEqual([]);
      });
    });
  }
}

// The page holds only the rows a first view shows (a 50-row copy took a
// slow phone's parse, style and layout most of its first paint): on a tall
// desktop screen they still reach past its bottom, and the app brings the
// page's other rows below them.
test.describe('a tall screen', () => {
  test.use({ locale: 'en-US', viewport: { width: 1920, height: 1200 } });
  test('the pre-rendered rows fill its first view; the app brings the rest of the page below them', async ({ app, page }) => {
    await watch(page);
    await app.open();
    const s = await seen(page);
    expect(s.first).toBe('en');
    const last = s.rows[s.rows.length - 1].box;
    expect(last.top + last.height).toBeGreaterThanOrEqual(1200);
    await expect(page.getByTestId('offer-row')).toHaveCount(50);
    const now = await appRows(page, s.rows.length);
    expect(now.map((r) => r.offer)).toEqual(s.rows.map((r) => r.offer));
    expect(await page.evaluate(() => (window as any).__shifts)).toEqual([]);
    expect(app.realErrors()).toEqual([]);
  });
});

test.describe('what the first paint shows', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 600 } });

  test('scrolled before the app runs, the page stays scrolled where it was', async ({ app, page }) => {
    await watch(page, 150);
    await app.open();
    expect((await seen(page)).first).toBe('en');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => scrollY)).toBe(150);
  });

  test('a deep link shows the frame and a skeleton, never the default rows; then its own rows', async ({ app, page }) => {
    await watch(page);
    await app.open('?v=2&p=azure&sort=-gpuh');
    const s = await seen(page);
    expect(s.first).toBe('wait-en');
    expect(s.shown).toEqual(['en']);
    expect(s.rows).toEqual([]);
    expect(s.skeleton).toBe(true);
    expect(s.header).not.toBeNull();
    const offers = await new (await import('./fixtures/app')).CompareScreen(page).offerIds();
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.startsWith('azure:'))).toBe(true);
    const shifts: { value: number }[] = await page.evaluate(() => (window as any).__shifts);
    expect(shifts.reduce((a, b) => a + b.value, 0)).toBeLessThan(0.01);
  });

  for (const [what, key, value] of [
    ['the last settings', 'gpucost.last', '?v=2&p=aws'],
    ['chosen columns', 'gpucost.cols', 'gpu,hourly,monthly'],
  ] as const) {
    test(`a bare visit with ${what} remembered shows the skeleton, not the default rows`, async ({ app, page }) => {
      await page.addInitScript(([k, v]) => { if (!sessionStorage.getItem('set')) { localStorage.setItem(k, v); sessionStorage.setItem('set', '1'); } }, [key, value]);
      await watch(page);
      await app.open();
      const s = await seen(page);
      expect(s.first).toBe('wait-en');
      expect(s.rows).toEqual([]);
      expect(s.skeleton).toBe(true);
    });
  }

  test('a remembered link that is the default view is the default view: its rows, no "reopened" note', async ({ app, page }) => {
    await app.open();
    const home = await page.evaluate(() => location.search);
    expect(home).toMatch(/^\?v=2&d=/);
    await page.evaluate((h) => localStorage.setItem('gpucost.last', h), home);
    await watch(page);
    await page.goto('/');
    await expect(page.getByTestId('boot')).toHaveCount(0);
    const s = await seen(page);
    expect(s.first).toBe('en');
    expect(s.rows.length).toBeGreaterThanOrEqual(8);
    await page.waitForTimeout(300);
    await expect(page.getByTestId('restored-note')).toHaveCount(0);
  });

  test('the dark theme is applied before the first paint', async ({ app, page }) => {
    await page.addInitScript(() => localStorage.setItem('gpucost.theme', 'dark'));
    await watch(page);
    await app.open();
    const s = await seen(page);
    expect(s.theme).toBe('dark');
    expect(s.first).toBe('en');
  });

  test('the pre-rendered copies are inert and hidden from assistive technology, with no id or test id', async ({ page }) => {
    const html = await (await page.request.get('/')).text();
    // what #boot holds: from the end of its own tag to the error panel
    const open = html.search(/<div[^>]*\sid="?boot"?[\s>]/);
    expect(open).toBeGreaterThan(0);
    const boot = html.slice(html.indexOf('>', open) + 1, html.search(/<div[^>]*\sid="?fatal"?[\s>]/));
    expect(boot.length).toBeGreaterThan(1000);
    expect(boot).not.toMatch(/\s(id|data-testid)=/);
    expect(boot.match(/<div class="first" data-lang="(en|zh)" inert aria-hidden="true">/g)?.length).toBe(2);
  });
});

// What a visitor sees before the app's code has arrived (the wasm held
// back), to look at: tests/test-results/…/first-*.png.
for (const width of [375, 1280]) {
  for (const locale of ['en-US', 'zh-CN']) {
    test.describe(`before the app, ${locale} at ${width} px`, () => {
      test.use({ locale, viewport: { width, height: 800 } });
      for (const [theme, query] of [['light', ''], ['dark', ''], ['light', '?v=2&p=azure']] as const) {
        const name = `first-${query ? 'deep-link' : 'bare'}-${width}-${locale}-${theme}`;
        test(`look: ${name}`, async ({ page }, info) => {
          await page.emulateMedia({ colorScheme: theme });
          // the wasm never arrives: what shows is the page alone
          await page.route('**/gpucost_bg.wasm', () => {});
          await page.goto(`/${query}`);
          await expect(page.locator('#boot .first').first()).toBeAttached();
          const shown = page.locator(`#boot .first[data-lang="${locale.slice(0, 2)}"]`);
          await expect(shown).toBeVisible();
          if (query) await expect(page.locator('#boot .skeleton')).toBeVisible();
          else await expect(shown.locator('tbody tr').first()).toBeVisible();
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(wide, 'scrolls sideways').toBeLessThanOrEqual(width);
          const path = info.outputPath(`${name}.png`);
          await page.screenshot({ path });
          await info.attach(name, { path, contentType: 'image/png' });
        });
      }
    });
  }
}

test('the build step fills a page once, again after a refresh, and refuses a page it cannot fill', async () => {
  const { fill, unfill } = await import('../../tools/prerender.mjs');
  const page = '<html><head><script src=first.js></script></head><body><div data-testid=boot id=boot><p class=boot>Loading… 加载中…</p></div><div id=fatal></div></body></html>';
  const r = { head: '<meta name="gpucost-default-en" content="?v=2&amp;d=x">', boot: '<p class="boot">Loading… 加载中…</p><div class="first" data-lang="en" inert aria-hidden="true">A</div><div class="skeleton" aria-hidden="true"><i></i></div>' };
  const once = fill(page, r);
  expect(once).toContain('<meta name="gpucost-default-en" content="?v=2&amp;d=x"><script src=first.js>');
  expect(once).toContain('id=boot><p class="boot">');
  // filled again (a data-only refresh): the new rows replace the old ones, nothing doubles
  const again = fill(once, { ...r, boot: r.boot.replace('>A<', '>B<') });
  expect(again.match(/class="first"/g)).toHaveLength(1);
  expect(again.match(/gpucost-default-en/g)).toHaveLength(1);
  expect(again).toContain('>B<');
  // taken out again: the page as it was (the loading text's class quoted)
  expect(unfill(again)).toBe(page.replace('class=boot', 'class="boot"'));
  expect(() => fill(page.replace(' id=boot', ' id=other'), r)).toThrow(/#boot/);
  expect(() => fill(page.replace('first.js', 'other.js'), r)).toThrow(/first\.js/);
});

test.describe('a visitor in Chinese', () => {
  test.use({ locale: 'zh-CN' });
  test('whose last link was the default view: a shared link keeps its own currency (only a bare visit counts it as a first visit)', async ({ app, page }) => {
    await app.open();
    const home = await page.evaluate(() => location.search);
    expect(home).toContain('cur=CNY');
    await page.evaluate((h) => localStorage.setItem('gpucost.last', h), home);
    await watch(page);
    await app.open('?v=2&p=azure');
    const s = await seen(page);
    expect(s.first).toBe('wait-zh');
    expect(s.url).toBe('?v=2&p=azure');
  });
  test("a shared link without a currency shows a first-time reader in Chinese the sender's dollars", async ({ app, page }) => {
    // (before: first.js added cur=CNY to any link opened on a first visit in zh)
    await app.open('?v=2&gpus=8&sort=hourly');
    await expect(page.getByTestId('offer-row').first()).toBeVisible();
    expect(new URL(page.url()).searchParams.get('cur')).toBeNull();
    await expect(page.getByTestId('offer-row').first()).toContainText('$');
    await expect(page.getByTestId('offer-row').first()).not.toContainText('¥');
    expect(app.realErrors()).toEqual([]);
  });
});
