import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHANGED, SCALED, SUPERSEDED, SYNTHETIC, scaledFiles, syntheticFiles } from './fixtures/served';

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
    writeFileSync(files.rest, cli(['data-file', '--synthetic', String(n)]));
    writeFileSync(files.history, cli(['data-file', '--history', '--synthetic', String(n)]));
  }
  // every region cloned (gpucost scale-catalog), as make dist CATALOG=FILE builds with it
  for (const n of SCALED) {
    const files = scaledFiles(n);
    mkdirSync(files.dir, { recursive: true });
    writeFileSync(files.json, cli(['scale-catalog', String(n)]));
    writeFileSync(files.app, cli(['data-file', '--app', '--catalog', resolve(files.json)]));
    writeFileSync(files.rest, cli(['data-file', '--catalog', resolve(files.json)]));
    writeFileSync(files.history, cli(['data-file', '--history', '--catalog', resolve(files.json)]));
  }
  // the 25x catalog after a refresh that moved 5 % of its prices: every
  // price of every 20th offer, by 2 %, each kept to its own decimal places
  const catalog = JSON.parse(readFileSync(scaledFiles(25).json, 'utf8'));
  const moved = (v: string) => {
    const places = v.includes('.') ? v.split('.')[1].length : 0;
    return (Number(v) * 1.02).toFixed(places);
  };
  catalog.offers.forEach((o: { prices: Record<string, unknown>[] }, i: number) => {
    if (i % 20 !== 0) return;
    for (const p of o.prices) {
      for (const k of ['hourly', 'hourly_min', 'hourly_max', 'upfront', 'monthly']) {
        if (typeof p[k] === 'string') p[k] = moved(p[k] as string);
      }
    }
  });
  const write = (name: string, c: unknown) => {
    const f = scaledFiles(name);
    mkdirSync(f.dir, { recursive: true });
    writeFileSync(f.json, JSON.stringify(c));
    writeFileSync(f.app, cli(['data-file', '--app', '--catalog', resolve(f.json)]));
    writeFileSync(f.rest, cli(['data-file', '--catalog', resolve(f.json)]));
    writeFileSync(f.history, cli(['data-file', '--history', '--catalog', resolve(f.json)]));
  };
  write(CHANGED, catalog);
  // the same prices moved as a first live refresh moves them
  // (src/data/pipeline/feedmerge.py): the price replaced goes to the end
  // of the offer's history with the note "Superseded on DAY by SOURCE."
  // (the catalog reads the history newest first); the new one cites the
  // source of its feed request (one per provider × region, as
  // feeds/base.py's source() names them; a later refresh re-dates those),
  // dated the refresh's day, which the catalog's date follows
  const real = JSON.parse(readFileSync(scaledFiles(25).json, 'utf8'));
  const day = '2026-12-01';
  real.as_of = day;
  const sources = new Map<string, Record<string, string>>();
  real.offers.forEach((o: { provider: string; region: string; prices: Record<string, unknown>[]; price_history?: Record<string, unknown>[] }, i: number) => {
    if (i % 20 !== 0) return;
    const id = `refresh-${o.provider}-${o.region}`;
    if (!sources.has(id)) {
      sources.set(id, { id, title: `${o.provider} price list, ${o.region} (simulated refresh)`, reference: `https://pricing.example/${o.provider}/${o.region}`, as_of: day, kind: 'primary' });
    }
    const old: Record<string, unknown>[] = [];
    for (const p of o.prices) {
      const before = { ...p };
      let changed = false;
      for (const k of ['hourly', 'hourly_min', 'hourly_max', 'upfront', 'monthly']) {
        if (typeof p[k] !== 'string') continue;
        const v = moved(p[k] as string);
        changed ||= v !== p[k];
        p[k] = v;
      }
      p.source = id;
      p.as_of = day;
      if (changed) {
        const note = `Superseded on ${day} by ${id}.`;
        old.push({ ...before, note: before.note ? `${before.note} ${note}` : note });
      }
    }
    o.price_history = [...(o.price_history ?? []), ...old];
  });
  real.sources.push(...sources.values());
  write(SUPERSEDED, real);
}
