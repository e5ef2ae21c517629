import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SCALED, SYNTHETIC, scaledFiles, syntheticFiles } from './fixtures/served';

// Writes the synthetic data files the specs deploy (a data-only refresh, the
// 10x measurement) before any test runs: building the command line takes
// longer than one test may, and files from an earlier build could be in an
// older wire format, so they are written afresh every run.
export default function globalSetup() {
  // the same features `cargo test` built the library with, so its build is reused
  const cli = (args: string[]) =>
    execFileSync('cargo', ['run', '--quiet', '--locked', '--features', 'worker-html', '--bin', 'gpucost', '--', ...args], {
      cwd: '..',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  for (const n of SYNTHETIC) {
    const files = syntheticFiles(n);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(files.app, cli(['data-file', '--app', '--synthetic', String(n)]));
    writeFileSync(files.full, cli(['data-file', '--synthetic', String(n)]));
  }
  // every region cloned (gpucost scale-catalog), as make dist CATALOG=FILE builds with it
  for (const n of SCALED) {
    const files = scaledFiles(n);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(files.json, cli(['scale-catalog', String(n)]));
    writeFileSync(files.app, cli(['data-file', '--app', '--catalog', resolve(files.json)]));
    writeFileSync(files.full, cli(['data-file', '--catalog', resolve(files.json)]));
  }
}
