// Cold import: what `await import(...)` of each entry costs in a fresh `node` process, next to
// `import('nock')` (the baseline: a test file that mocks with nock pays it) and `import('zod')` (for
// reference). Each repeat spawns one process per case, in turn, so load on a shared machine lands on
// every case alike; the median is over the repeats and the range is that of the per-repeat ratios.
// Two groups from the same cases: wall time of the import, and the CPU time the process spent in it
// (steadier when other work shares the machine). Node's own start-up is outside both.
//
// Targets (issue 35): import('stuntdouble') ≤ 1.5 × import('nock'); each per-service entry ≤ 1.0 ×.
// Env: BENCH_IMPORT_REPEAT (default 15).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repeat = Math.max(1, Number(process.env.BENCH_IMPORT_REPEAT ?? 15));

/** Runs `await import(specifier)` (then `after`) in a fresh node; returns [wall ms, CPU ms] of that part only. */
function coldImport(specifier, after = '') {
  const script = `const t0 = performance.now(); const c0 = process.cpuUsage();
const m = await import(${JSON.stringify(specifier)}); ${after}
const c = process.cpuUsage(c0); console.log(performance.now() - t0, (c.user + c.system) / 1000);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold import of ${specifier} failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').pop().split(' ').map(Number);
}

const CASES = [
  { name: "import('nock')", specifier: 'nock', baseline: true },
  { name: "import('zod') (reference)", specifier: 'zod' },
  { name: "import('stuntdouble')", specifier: 'stuntdouble' },
  { name: "import('stuntdouble/model-cache')", specifier: 'stuntdouble/model-cache' },
  { name: "import('stuntdouble/social-graph')", specifier: 'stuntdouble/social-graph' },
  { name: "import('stuntdouble/code-hosting')", specifier: 'stuntdouble/code-hosting' },
  // What a first test pays: the import plus the first createFakes(), which loads the services' parts
  // (dist/parts/<service>: routes, models, tables) and builds the routers.
  { name: "import('stuntdouble') + first createFakes()", specifier: 'stuntdouble', after: 'm.createFakes();' },
];

export default async function register(h) {
  for (const [which, index] of [
    ['wall ms', 0],
    ['CPU ms', 1],
  ]) {
    const group = `cold import: await import() in a fresh node, ${which} (median of ${repeat}, interleaved)`;
    for (const c of CASES) {
      h.add({ group, name: c.name, baseline: !!c.baseline, repeat, measure: () => coldImport(c.specifier, c.after)[index] });
    }
  }
}
