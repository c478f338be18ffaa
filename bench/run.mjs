// npm run bench: times each case group in one run (tinybench) and prints ratios to the group's
// baseline (a plain nock `.reply()` unless a case says otherwise). Writes bench/results.json.
// Env: BENCH_TIME (ms per task, default 800), BENCH_FILTER (substring of group names).
import { readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import nock from 'nock';
import { createFakes, scenarios } from 'stuntdouble';
import { Bench } from 'tinybench';

const here = path.dirname(fileURLToPath(import.meta.url));
const time = Number(process.env.BENCH_TIME ?? 800);
const filter = process.env.BENCH_FILTER ?? '';

/** @type {Map<string, Array<{name: string, fn: () => unknown, baseline?: boolean, setup?: () => unknown, teardown?: () => unknown, iterations?: number, unit?: string, measure?: () => Promise<number>}>>} */
const groups = new Map();
const h = {
  nock,
  createFakes,
  scenarios,
  add(task) {
    if (filter && !task.group.includes(filter)) return;
    if (!groups.has(task.group)) groups.set(task.group, []);
    groups.get(task.group).push(task);
  },
};

const files = (await readdir(path.join(here, 'cases'))).filter((f) => f.endsWith('.mjs')).sort();
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(here, 'cases', f)).href);
  await mod.default(h);
}

const results = [];
for (const [group, tasks] of groups) {
  const rows = [];
  for (const t of tasks) {
    // A "measure" task reports one number itself (heap, cold start) instead of being timed.
    if (t.measure) {
      await t.setup?.();
      const value = await t.measure();
      await t.teardown?.();
      rows.push({ group, name: t.name, median: value, unit: t.unit ?? 'ms', baseline: !!t.baseline, samples: 1 });
      continue;
    }
    const bench = new Bench({ time, warmupTime: Math.min(200, time / 4), iterations: t.iterations ?? 20 });
    bench.add(t.name, t.fn, { async: t.async ?? true });
    await t.setup?.();
    try {
      await bench.run();
    } finally {
      await t.teardown?.();
    }
    const r = bench.tasks[0].result;
    if (r.state !== 'completed') {
      console.error(`${group} / ${t.name}: ${r.state}`, r.error ?? '');
      rows.push({ group, name: t.name, median: Number.NaN, unit: 'ms', baseline: !!t.baseline, samples: 0 });
      continue;
    }
    rows.push({ group, name: t.name, median: r.latency.p50, unit: 'ms', baseline: !!t.baseline, samples: r.latency.samplesCount ?? r.totalTime });
  }
  const base = rows.find((r) => r.baseline);
  for (const r of rows) results.push({ ...r, ratio: base && base.median > 0 ? r.median / base.median : null });
}

const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('group', 58)} ${pad('case', 44)} ${pad('median', 14)} ratio`);
for (const r of results) {
  const med = r.unit === 'ms' ? `${r.median < 1 ? (r.median * 1000).toFixed(1) + ' µs' : r.median.toFixed(3) + ' ms'}` : `${r.median.toFixed(1)} ${r.unit}`;
  console.log(`${pad(r.group, 58)} ${pad(r.name + (r.baseline ? ' (baseline)' : ''), 44)} ${pad(med, 14)} ${r.ratio === null ? '' : r.ratio.toFixed(2)}`);
}
const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  nock: (await import('nock/package.json', { with: { type: 'json' } })).default.version,
};
await writeFile(
  path.join(here, 'results.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, timePerTaskMs: time, cases: results.map((r) => ({ group: r.group, name: r.name, median: r.median, unit: r.unit, baseline: r.baseline, ratio: r.ratio })) }, null, 2)}\n`,
);
console.log(`\nmachine: ${machine.cpu} x${machine.cpus}, ${machine.memoryGiB} GiB, ${machine.node}, nock ${machine.nock}\nwrote bench/results.json`);
process.exit(0);
