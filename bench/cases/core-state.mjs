// Core costs that do not depend on a route: snapshot/restore with a big state, cold import time,
// and the journal's overhead (journal on vs `journal: false`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function coldImport(specifier, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold import of ${specifier} failed: ${r.stderr}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export default async function register(h) {
  // A state with 100,000 resources, built once through restore() (public API).
  const fakes = h.createFakes({ clock: '2024-01-01T00:00:00Z' });
  const big = {};
  for (let i = 0; i < 100_000; i++) big[`r${i}`] = { id: i, name: `resource ${i}`, tags: ['a', 'b'] };
  const base = fakes.state;
  fakes.restore({ ...base, socialGraph: { ...base.socialGraph, benchResources: big } });
  const snap = fakes.snapshot();
  h.add({ group: 'core: snapshot() + restore() with 100,000 resources', name: 'snapshot + restore', fn: () => fakes.restore(fakes.snapshot()), async: false });
  h.add({ group: 'core: snapshot() + restore() with 100,000 resources', name: 'restore an earlier snapshot', fn: () => fakes.restore(snap), async: false });

  h.add({ group: 'core: cold import (child process, median of 7)', name: "import('nock')", baseline: true, measure: async () => coldImport('nock') });
  h.add({ group: 'core: cold import (child process, median of 7)', name: "import('stuntdouble')", measure: async () => coldImport('stuntdouble') });

  const on = h.createFakes({ clock: '2024-01-01T00:00:00Z' });
  const off = h.createFakes({ clock: '2024-01-01T00:00:00Z', journal: false });
  const g = 'core: journal overhead (fakes.fetch GET /rate_limit)';
  h.add({ group: g, name: 'journal: false', baseline: true, fn: async () => (await off.fetch('https://api.github.com/rate_limit')).json() });
  h.add({ group: g, name: 'journal on (default)', fn: async () => (await on.fetch('https://api.github.com/rate_limit')).json(), teardown: () => on.reset() });
}
