// The specs against another build: DIST=<folder> (default ../dist) served
// on AB_PORT, for alternating before/after runs of a spec, e.g.
//   DIST=/tmp/before AB_PORT=4191 npx playwright test -c ab.config.ts e2e/latency.spec.ts
// (docs/PERFORMANCE.md). Everything else is playwright.config.ts's.
import base from './playwright.config';
const DIST = process.env.DIST ?? '../dist';
const PORT = Number(process.env.AB_PORT ?? 4190);
export default { ...base, use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: { ...base.webServer, command: `python3 ../tools/serve_dist.py ${DIST} --port ${PORT} --quiet`, url: `http://127.0.0.1:${PORT}/` } };
