import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { SYNTHETIC, syntheticFiles } from './fixtures/served';

// Writes the synthetic data files the specs deploy (a data-only refresh, the
// 10x measurement) before any test runs: building the command line takes
// longer than one test may, and files from an earlier build could be in an
// older wire format, so they are written afresh every run.
export default function globalSetup() {
  // the same features `cargo test` built the library with, so its build is reused
  const cli = (args: string[]) =>
    execFileSync('cargo', ['run', '--quiet', '--locked', '--features', 'worker-html', '--bin', 'gpucost', '--', 'data-file', ...args], {
      cwd: '..',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  for (const n of SYNTHETIC) {
    const files = syntheticFiles(n);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(files.app, cli(['--app', '--synthetic', String(n)]));
    writeFileSync(files.full, cli(['--synthetic', String(n)]));
  }
}
