// Journal memory: 1,000 calls whose request and response bodies are 2 MB each (a repository's
// description updated with PATCH, which GitHub echoes), through a default journal (64 MiB byte budget,
// bodies past 256 KiB kept truncated) and through `journal: false`. Each run is a child process with
// --expose-gc that prints the heap the calls left behind (after two full GCs) and what the journal
// kept (BENCH_VERBOSE=1 prints it). The baseline row is the byte budget itself: a ratio under 1.00 is a
// journal under its budget. The journal's own heap is the default run minus the journal: false run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CALLS = Number(process.env.JOURNAL_MEMORY_CALLS ?? 1000);
const BODY = 2 * 1024 * 1024;
const BUDGET_MIB = 64;

const script = (journal) => `
import { createFakes } from 'stuntdouble';
const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
const fakes = createFakes({ clock: '2024-01-10T00:00:00Z', journal: ${journal} });
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
const url = 'https://api.github.com/repos/octo/hello';
const headers = { authorization: 'token t', 'content-type': 'application/json' };
// One description to start with, so that the state holds a 2 MB description on both sides of the measure.
await fakes.handle({ method: 'PATCH', url, headers, body: JSON.stringify({ description: 'x'.repeat(${BODY}) }) });
fakes.reset();
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', description: 'y'.repeat(${BODY}) });
const before = heap();
for (let i = 0; i < ${CALLS}; i++) {
  const description = String.fromCharCode(97 + (i % 26)).repeat(${BODY});
  const res = await fakes.handle({ method: 'PATCH', url, headers, body: JSON.stringify({ description }) });
  if (res.status !== 200) throw new Error('PATCH answered ' + res.status);
}
const after = heap();
const kept = fakes.calls;
console.log(JSON.stringify({
  mib: (after - before) / 2 ** 20,
  kept: kept.length,
  count: kept.count(),
  truncated: kept.filter((c) => c.truncated).length,
  rss: process.memoryUsage().rss / 2 ** 20,
}));
globalThis.keep = fakes;`;

/** Runs one child and returns its report. */
function run(journal) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '--input-type=module', '-e', script(journal)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`journal memory child failed: ${r.stderr}`);
  const report = JSON.parse(r.stdout.trim().split('\n').pop());
  if (process.env.BENCH_VERBOSE) process.stderr.write(`journal memory (journal: ${journal}): ${JSON.stringify(report)}\n`);
  return report;
}

// Each child takes minutes with 2 MB bodies: the rows share their runs.
const runs = new Map();
const once = (journal) => {
  if (!runs.has(journal)) runs.set(journal, run(journal));
  return runs.get(journal);
};

// A full default journal of small calls: 10,000 issue creates through fakes.handle (the journal's
// default call limit), the heap it holds (journal on minus journal: false, after two full GCs each).
// Issue 35's target: at most 15 MB. The answers' texts sit in deflated packs whose buffers live outside
// the V8 heap: the row counts them too (heapUsed + arrayBuffers).
const ISSUES = 10_000;
const issuesScript = (journal) => `
import { createFakes } from 'stuntdouble';
const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
const fakes = createFakes({ clock: '2024-01-10T00:00:00Z', journal: ${journal} });
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
const url = 'https://api.github.com/repos/octo/hello/issues';
const headers = { authorization: 'token ghp_bench', 'content-type': 'application/json' };
const before = used();
for (let i = 0; i < ${ISSUES}; i++) {
  // The rate limit's hour moves on (5,000 requests an hour).
  if (i % 4000 === 3999) fakes.clock.advance('1h');
  const res = await fakes.handle({ method: 'POST', url, headers, body: JSON.stringify({ title: 'Issue ' + i, body: 'Something broke' }) });
  if (res.status !== 201) throw new Error('POST answered ' + res.status);
}
const after = used();
console.log(JSON.stringify({ mib: (after - before) / 2 ** 20, kept: fakes.calls.length }));
globalThis.keep = fakes;`;

function runIssues(journal) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', issuesScript(journal)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`journal memory child failed: ${r.stderr}`);
  const report = JSON.parse(r.stdout.trim().split('\n').pop());
  if (process.env.BENCH_VERBOSE) process.stderr.write(`journal of issue creates (journal: ${journal}): ${JSON.stringify(report)}\n`);
  return report;
}

export default async function register(h) {
  const gi = `core: journal memory, a full default journal (${ISSUES.toLocaleString('en-US')} issue creates via fakes.handle; MiB, child process)`;
  h.add({ group: gi, name: 'the target (issue 35): 15 MB', baseline: true, unit: 'MiB', measure: () => 15e6 / 2 ** 20 });
  h.add({
    group: gi,
    name: 'default journal: heap it holds (minus journal: false)',
    unit: 'MiB',
    repeat: 3,
    measure: () => {
      const on = runIssues('true');
      if (on.kept !== ISSUES) throw new Error(`the journal kept ${on.kept} of ${ISSUES} calls`);
      return on.mib - runIssues('false').mib;
    },
  });

  const g = `core: journal memory, ${CALLS.toLocaleString('en-US')} calls with 2 MB bodies (heap MiB, child process)`;
  h.add({ group: g, name: `the default byte budget (${BUDGET_MIB} MiB)`, baseline: true, unit: 'MiB', measure: () => BUDGET_MIB });
  h.add({
    group: g,
    name: 'default journal: heap it holds (minus journal: false)',
    unit: 'MiB',
    measure: () => {
      const r = once('true');
      // Every call counted, the oldest beyond the budget dropped, every kept body truncated.
      if (r.count !== CALLS || r.kept < 1 || r.kept > CALLS || r.truncated !== r.kept) throw new Error(`unexpected journal: ${JSON.stringify(r)}`);
      return r.mib - once('false').mib;
    },
  });
  h.add({ group: g, name: 'default journal: heap the calls left behind', unit: 'MiB', measure: () => once('true').mib });
  h.add({ group: g, name: 'journal: false: heap the calls left behind', unit: 'MiB', measure: () => once('false').mib });
}
