import base from './playwright.config';
export default { ...base, testDir: './e2e-prof', timeout: 600_000, use: { ...base.use, baseURL: 'http://127.0.0.1:4180' },
  webServer: { ...base.webServer, command: 'python3 ../tools/serve_dist.py /tmp/exp --port 4180 --quiet', url: 'http://127.0.0.1:4180/' } };
