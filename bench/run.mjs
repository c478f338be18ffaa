// npm run bench: times each case group in one run (tinybench) and prints ratios to the group's
// baseline (a plain nock `.reply()` unless a case says otherwise). Writes bench/results.json.
//
// The tasks of a group are interleaved: the group runs in BENCH_ROUNDS rounds, and each round runs
// every task (setup, a slice of BENCH_TIME / rounds ms, teardown) in a rotated order. A task's median
// is taken over the samples of all its rounds, so a burst of load on a shared machine lands on every
// task of the group instead of on one of them; the spread of the per-round ratios is printed too.
//
// Each group runs in a child process of its own: a group's state (a catalog of 100,000 records, a
// feed of 100,000 posts, a server's sockets) is never on the heap while another group is timed, so no
// group pays another's garbage collection. The tasks of one group share their process, as they are
// compared side by side.
//
// Env: BENCH_TIME (ms per task in total, default 1500), BENCH_ROUNDS (default 10),
// BENCH_FILTER (substring of group names), BENCH_MARKDOWN=1 (also print the table as Markdown),
// BENCH_VERBOSE=1 (each group's time and heap on stderr).
import { fork } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import nock from 'nock';
import { createFakes, scenarios } from 'stuntdouble';
import { Bench } from 'tinybench';

const here = path.dirname(fileURLToPath(import.meta.url));
const time = Number(process.env.BENCH_TIME ?? 1500);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 10));
const filter = process.env.BENCH_FILTER ?? '';
// Set by the parent in a child process: the one group (exact name) to run (its rows go back by IPC).
const only = process.env.BENCH_GROUP_ONLY;
const started = performance.now();

/**
 * @typedef {{ group: string, name: string, fn?: () => unknown, baseline?: boolean, compareTo?: string, async?: boolean,
 *   setup?: () => unknown, teardown?: () => unknown, iterations?: number, unit?: string,
 *   measure?: () => Promise<number> | number, repeat?: number }} BenchTask
 * `measure` tasks report one number per call themselves (heap, cold start) instead of being timed;
 * the harness calls them `repeat` times (default 1), interleaved with the group's other measure
 * tasks, and reports the median.
 */
/** @type {Map<string, BenchTask[]>} */
const groups = new Map();
const h = {
  nock,
  createFakes,
  scenarios,
  /** @param {BenchTask} task */
  add(task) {
    if (only !== undefined ? task.group !== only : filter && !task.group.includes(filter)) return;
    if (!groups.has(task.group)) groups.set(task.group, []);
    groups.get(task.group).push(task);
  },
};

const files = (await readdir(path.join(here, 'cases'))).filter((f) => f.endsWith('.mjs')).sort();
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(here, 'cases', f)).href);
  await mod.default(h);
}

const median = (xs) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs one timed slice of a task; returns its latency samples (ms) or an error. */
async function slice(t, ms, warm) {
  const bench = new Bench({ time: ms, warmupTime: warm, iterations: t.iterations ?? 10, retainSamples: true });
  await t.setup?.();
  try {
    // Sub-microsecond sync tasks run in batches of ~10 µs per sample (else millions of samples).
    let batch = 1;
    if (t.async === false) {
      const t0 = performance.now();
      for (let i = 0; i < 1000; i++) t.fn();
      const per = (performance.now() - t0) / 1000;
      if (per < 0.01) batch = Math.ceil(0.01 / Math.max(per, 1e-6));
    }
    const fn = t.fn;
    const run =
      batch === 1
        ? fn
        : () => {
            for (let i = 0; i < batch; i++) fn();
          };
    bench.add(t.name, run, { async: t.async ?? true });
    await bench.run();
    const r = bench.tasks[0].result;
    if (r.state !== 'completed') return { error: r.error ?? new Error(r.state) };
    return { samples: Array.from(r.latency.samples ?? [r.latency.p50], (x) => x / batch) };
  } finally {
    await t.teardown?.();
  }
}

async function runGroup(group, tasks) {
  const state = tasks.map((t) => ({ t, samples: [], perRound: [], error: undefined }));
  const measured = state.filter((s) => s.t.measure);
  const timed = state.filter((s) => !s.t.measure);
  // Measure tasks: interleaved repetitions, one value each.
  const reps = Math.max(0, ...measured.map((s) => s.t.repeat ?? 1));
  for (let i = 0; i < reps; i++) {
    for (const s of measured) {
      if (i >= (s.t.repeat ?? 1) || s.error) continue;
      try {
        await s.t.setup?.();
        s.samples.push(await s.t.measure());
        // Repeats are interleaved, so the i-th values of two tasks are a pair: their ratios give the range.
        s.perRound[i] = s.samples[s.samples.length - 1];
        await s.t.teardown?.();
      } catch (err) {
        s.error = err;
      }
    }
  }
  // Timed tasks: rounds with a rotated order.
  const sliceMs = time / rounds;
  for (let r = 0; r < (timed.length ? rounds : 0); r++) {
    for (let k = 0; k < timed.length; k++) {
      const s = timed[(k + r) % timed.length];
      if (s.error) continue;
      const out = await slice(s.t, sliceMs, r === 0 ? Math.min(200, time / 4) : Math.min(50, sliceMs / 4));
      if (out.error) s.error = out.error;
      else {
        for (const x of out.samples) s.samples.push(x);
        s.perRound[r] = median(out.samples);
      }
    }
  }
  const rows = state.map((s) => {
    if (s.error) console.error(`${group} / ${s.t.name}: failed`, s.error);
    return {
      group,
      name: s.t.name,
      median: s.error ? Number.NaN : median(s.samples),
      unit: s.t.measure ? (s.t.unit ?? 'ms') : 'ms',
      baseline: !!s.t.baseline,
      samples: s.samples.length,
      perRound: s.perRound,
    };
  });
  const baseline = rows.find((r) => r.baseline);
  return rows.map((r, i) => {
    // A task may be compared with another task of its group (`compareTo`) instead of the baseline.
    const other = tasks[i].compareTo;
    const base = other ? rows.find((x) => x.name === other) : baseline;
    const ratio = base && base.median > 0 && Number.isFinite(r.median) ? r.median / base.median : null;
    let spread = null;
    if (base && base !== r && r.perRound.length && base.perRound.length) {
      const rs = r.perRound.map((v, i) => v / base.perRound[i]).filter(Number.isFinite);
      if (rs.length > 1) spread = [Math.min(...rs), Math.max(...rs)];
    }
    return { ...r, ratio, spread, ...(other ? { comparedTo: other } : {}) };
  });
}

/** Runs one group in a fresh child process (this script, told which group); returns its rows. */
async function runGroupInChild(group, tasks) {
  const child = fork(fileURLToPath(import.meta.url), {
    env: { ...process.env, BENCH_GROUP_ONLY: group },
    stdio: 'inherit',
    serialization: 'advanced',
  });
  let rows;
  child.on('message', (m) => {
    rows = m;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (rows) return rows;
  console.error(`${group}: the child process exited with ${code} and sent no results`);
  return tasks.map((t) => ({
    group,
    name: t.name,
    median: Number.NaN,
    unit: 'ms',
    baseline: !!t.baseline,
    samples: 0,
    perRound: [],
    ratio: null,
    spread: null,
  }));
}

const verbose = (group, t0) => {
  if (process.env.BENCH_VERBOSE)
    console.error(`${group}: ${((performance.now() - t0) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB after`);
};

const results = [];
if (only !== undefined) {
  // Child: run the one group, hand the rows to the parent, exit (a case's open handles may not keep it).
  const rows = [];
  for (const [group, tasks] of groups) {
    const t0 = performance.now();
    rows.push(...(await runGroup(group, tasks)));
    verbose(group, t0);
  }
  // Structured clone ('advanced' serialization): NaN medians of failed tasks arrive as NaN.
  await new Promise((resolve) => process.send(rows, resolve));
  process.exit(0);
} else {
  for (const [group, tasks] of groups) results.push(...(await runGroupInChild(group, tasks)));
}

const fmt = (r) => {
  if (!Number.isFinite(r.median)) return 'failed';
  if (r.unit !== 'ms') return `${r.median.toFixed(1)} ${r.unit}`;
  if (r.median < 0.001) return `${(r.median * 1e6).toFixed(0)} ns`;
  if (r.median < 1) return `${(r.median * 1000).toFixed(1)} µs`;
  return `${r.median.toFixed(2)} ms`;
};
const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('group', 62)} ${pad('case', 46)} ${pad('median', 11)} ratio (per-round range)`);
for (const r of results) {
  const ratio = r.ratio === null ? '' : r.ratio.toFixed(2);
  const spread = `${r.spread ? ` (${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)})` : ''}${r.comparedTo ? ` vs ${r.comparedTo}` : ''}`;
  console.log(`${pad(r.group, 62)} ${pad(r.name + (r.baseline ? ' (baseline)' : ''), 46)} ${pad(fmt(r), 11)} ${ratio}${spread}`);
}
const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
  nock: (await import('nock/package.json', { with: { type: 'json' } })).default.version,
};
const totalSeconds = (performance.now() - started) / 1000;
await writeFile(
  path.join(here, 'results.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      timePerTaskMs: time,
      rounds,
      totalSeconds: Number(totalSeconds.toFixed(1)),
      cases: results.map((r) => ({
        group: r.group,
        name: r.name,
        median: r.median,
        unit: r.unit,
        baseline: r.baseline,
        ratio: r.ratio,
        ...(r.comparedTo ? { comparedTo: r.comparedTo } : {}),
        ...(r.spread ? { roundRatioRange: r.spread } : {}),
        samples: r.samples,
      })),
    },
    null,
    2,
  )}\n`,
);
// BENCH_MARKDOWN=1: the same table as Markdown on stdout, for docs/performance.md's Results section.
const md = [
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine.cpu} × ${machine.cpus} (nproc), ${machine.memoryGiB} GiB, Node ${machine.node}, nock ${machine.nock}, load average ${machine.loadavg.join(' / ')}; ${time} ms per task in ${rounds} interleaved rounds, ${totalSeconds.toFixed(0)} s in all.`,
  '',
  '| group | case | median | ratio to baseline (per-round range) |',
  '|---|---|---:|---|',
  ...results.map((r) => {
    const ratio =
      r.ratio === null
        ? ''
        : r.baseline
          ? '1.00 (baseline)'
          : `${r.ratio.toFixed(2)}${r.spread ? ` (${r.spread[0].toFixed(2)}–${r.spread[1].toFixed(2)})` : ''}${r.comparedTo ? ` vs ${r.comparedTo}` : ''}`;
    return `| ${r.group.replace(/\|/g, '\\|')} | ${r.name.replace(/\|/g, '\\|')} | ${fmt(r)} | ${ratio} |`;
  }),
  '',
].join('\n');
if (process.env.BENCH_MARKDOWN) console.log(`\n${md}`);
console.log(
  `\nmachine: ${machine.cpu} x${machine.cpus}, ${machine.memoryGiB} GiB, load ${machine.loadavg.join(' ')}, ${machine.node}, nock ${machine.nock}; ${totalSeconds.toFixed(0)} s\nwrote bench/results.json`,
);
process.exit(0);
