import base from './playwright.config';
const DIST = process.env.DIST ?? '../dist';
const PORT = Number(process.env.AB_PORT ?? 4191);
export default { ...base, testDir: './e2e-prof', timeout: 600_000, use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: { ...base.webServer, command: `python3 ../tools/serve_dist.py ${DIST} --port ${PORT} --quiet`, url: `http://127.0.0.1:${PORT}/` } };
