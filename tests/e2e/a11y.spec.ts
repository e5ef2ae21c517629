import { test, expect, adviseReady } from './fixtures/app';
import AxeBuilder from '@axe-core/playwright';

// An axe-core audit (WCAG 2 A/AA rules) of every screen, in both languages
// and both themes: no serious or critical violation.

const SCREENS: [string, string][] = [
  ['compare', '?v=2&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4'],
  ['plan', '?v=2&screen=plan&m=18&bm=od,ri1a,spot&sel=aws:us-east-1:p4d.24xlarge,aws:cn-north-1:g5.48xlarge&jk=resnet50&ip=1&bd=100'],
  ['advise', '?v=2&screen=advise&gpus=8&use=llm&vpg=40&req=nvlink,rdma&risk=no&wc=10&wp=60&prof=unlimited'],
  ['advise-none', '?v=2&screen=advise&res=cn&vpg=500'],
  ['providers', '?v=2&screen=providers'],
  ['sources', '?v=2&screen=sources'],
];

for (const lang of ['en', 'zh-CN']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe: every screen in ${lang}, ${theme}`, async ({ app, page }) => {
      // six full audits: on a 2-core machine one takes up to ~10 s
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((l) => localStorage.setItem('gpucost.lang', l), lang);
      const found: string[] = [];
      for (const [name, query] of SCREENS) {
        await app.open(query + (lang === 'zh-CN' ? '&cur=CNY' : ''));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        if (name === 'plan') {
          await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
          // the bill besides compute, with a missing line (AWS China)
          await expect(page.getByTestId('bill-missing').first()).toBeAttached();
        }
        if (name === 'providers') await expect(page.getByTestId('providers-table')).toBeVisible();
        if (name.startsWith('advise')) await adviseReady(page);
        const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of r.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            found.push(`${name}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
          }
        }
      }
      console.log(`axe ${lang} ${theme}: ${found.length} serious/critical`);
      expect(found).toEqual([]);
    });
  }
}
