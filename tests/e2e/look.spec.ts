import { test, expect, adviseReady } from './fixtures/app';

// Screenshots of every screen at 375 and 1280 px, in zh and en, light and
// dark (tests/test-results/…/*.png, also attached to the report), taken so
// a person can look at them; each also checks the screen rendered with no
// error and no sideways scrolling of the page.
const SCREENS: [string, string, string][] = [
  ['compare', '?v=2&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4', 'screen-compare'],
  ['compare-net', '?v=2&cols=provider,region,type,gpu,net,link,hourly,gpuh&fab=rdma&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4', 'screen-compare'],
  ['plan', '?v=2&screen=plan&m=18&bm=od,ri1a,spot&sel=aws:us-east-1:p4d.24xlarge,azure:eastus:Standard_ND96asr_v4&jk=resnet50', 'screen-plan'],
  ['advise', '?v=2&screen=advise&gpus=8&m=36&use=ent&vpg=40&req=nvlink,sla&mlp=any&risk=no&wc=30&we=20&wr=30&prof=enterprise', 'screen-advise'],
  ['advise-none', '?v=2&screen=advise&res=cn&vpg=500&bud=20000cny', 'screen-advise'],
  // a pick whose performance is unknown, and one that names a cheaper commitment
  ['advise-unknown', '?v=2&screen=advise&gpus=1&vpg=90&wc=40&wp=40&we=10&wr=10', 'screen-advise'],
  ['advise-commit', '?v=2&screen=advise&gpus=8&use=llm&vpg=40&req=nvlink,rdma&risk=no&wc=10&wp=60&prof=unlimited', 'screen-advise'],
  // serving: priced without spot unless asked, its throughput derived for a 7 B model
  ['plan-serve', '?v=2&screen=plan&sel=aws:us-east-1:p5.48xlarge,azure:eastus:Standard_ND96isr_H100_v5&jk=llm_serve&jp=7&jtps=5000', 'screen-plan'],
  // a 70 B model across two instances over RDMA, and one left out for want of it
  ['plan-spread', '?v=2&screen=plan&jk=llm_serve&jp=70&jtps=1000&bm=od&sel=aws:us-east-1:g7e.8xlarge,aws:us-east-1:g7e.2xlarge', 'screen-plan'],
  // an Azure reservation paid monthly (derived), an AWS China answer, an answer with a bound
  ['plan-monthly', '?v=2&screen=plan&m=36&bm=od,ri3n,ri3a&sel=azure:eastus:Standard_ND96amsr_A100_v4', 'screen-plan'],
  ['plan-china', '?v=2&screen=plan&m=1&bm=od&sel=aws:cn-northwest-1:p4d.24xlarge', 'screen-plan'],
  ['plan-bound', '?v=2&screen=plan&m=1&h=100&xr=100&bm=od&sel=aws:us-east-1:p3.2xlarge,alibaba:cn-shanghai:ecs.gn7-c13g1.13xlarge', 'screen-plan'],
  // 32 H100 for 3 months: a 98-day Capacity Block against on demand and a savings plan
  ['plan-cb', '?v=2&screen=plan&m=3&gpus=32&bm=od,sp1,cb&sel=aws:us-east-1:p5.48xlarge', 'screen-plan'],
  ['compare-cb', '?v=2&m=3&gpu=h100-sxm&sel=aws:us-east-1:p5.48xlarge,aws:us-east-1:p5.4xlarge', 'screen-compare'],
  // a filter that matches nothing, and an out-of-range number
  ['compare-nomatch', '?v=2&gpu=h300&gpus=100000', 'screen-compare'],
  ['providers', '?v=2&screen=providers', 'screen-providers'],
  ['sources', '?v=2&screen=sources', 'screen-sources'],
];

for (const width of [375, 1280]) {
  for (const lang of ['en', 'zh-CN']) {
    for (const theme of ['light', 'dark'] as const) {
      test(`look: every screen at ${width} px, ${lang}, ${theme}`, async ({ app, page }, info) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.addInitScript((l) => localStorage.setItem('gpucost.lang', l), lang);
        for (const [name, query, id] of SCREENS) {
          await app.open(query);
          await expect(page.getByTestId(id)).toBeVisible();
          // wait for what the worker fills in, so the width check sees it
          if (name === 'compare-nomatch') await expect(page.getByTestId('empty-state')).toBeVisible();
          else if (name.startsWith('compare')) await expect(page.getByTestId('compare-table')).toBeVisible();
          if (name.startsWith('plan')) await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
          if (name === 'providers') await expect(page.getByTestId('providers-table')).toBeVisible();
          if (name === 'sources') await expect(page.getByTestId('source-list').locator('li').first()).toBeVisible();
          if (name.startsWith('advise')) await adviseReady(page);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(wide, `${name} scrolls sideways`).toBeLessThanOrEqual(width);
          const path = info.outputPath(`${name}-${width}-${lang}-${theme}.png`);
          await page.screenshot({ path, fullPage: true });
          await info.attach(`${name}-${width}-${lang}-${theme}`, { path, contentType: 'image/png' });
        }
        expect(app.realErrors()).toEqual([]);
      });
    }
  }
}
