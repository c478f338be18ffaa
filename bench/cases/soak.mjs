// Soak: 100,000 requests in one fakes instance, as a long test suite makes them (journal on at its
// default limit, a frozen fake clock moved an hour every 4,000 requests so that the rate limit never
// runs out), measured by window of 10,000 requests: the mean cost per request and the heap after each
// window (after two full GCs), then the heap after reset(). Runs once, in a child process (--expose-gc);
// SOAK_REQUESTS makes it shorter while trying it out.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOTAL = Number(process.env.SOAK_REQUESTS ?? 100_000);
const WINDOW = TOTAL / 10;

// A mix of what tests do with issues: create, edit, read one, read the first page.
const SCRIPT = `
import { createFakes } from 'stuntdouble';
const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed / 2 ** 20; };
const TOTAL = ${TOTAL}, WINDOW = ${WINDOW};
const start = heap();
const fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
const API = 'https://api.github.com/repos/octo/hello/issues';
const H = { authorization: 'token ghp_soak', 'content-type': 'application/json' };
const windows = [], heaps = [];
let created = 0;
let t = performance.now();
for (let i = 1; i <= TOTAL; i++) {
  const kind = i % 4;
  let res;
  if (kind === 1 || created === 0) {
    res = await fakes.fetch(API, { method: 'POST', headers: H, body: JSON.stringify({ title: 'issue ' + i, labels: ['bug'] }) });
    created++;
  } else if (kind === 2) {
    res = await fakes.fetch(API + '/' + (1 + (i % created)), { method: 'PATCH', headers: H, body: JSON.stringify({ title: 'edited ' + i }) });
  } else if (kind === 3) {
    res = await fakes.fetch(API + '/' + (1 + (i % created)), { headers: H });
  } else {
    res = await fakes.fetch(API + '?per_page=5', { headers: H });
  }
  if (res.status >= 300) throw new Error('request ' + i + ' answered ' + res.status);
  await res.arrayBuffer();
  if (i % 4000 === 0) fakes.clock.advance('1h');
  if (i % WINDOW === 0) {
    windows.push(((performance.now() - t) * 1000) / WINDOW);
    heaps.push(heap() - start);
    t = performance.now();
  }
}
fakes.reset();
const afterReset = heap() - start;
globalThis.keep = fakes;
console.log(JSON.stringify({ windows, heaps, afterReset, kept: fakes.calls.length, recorded: fakes.calls.count() }));
`;

let result;
function soak() {
  if (!result) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', SCRIPT], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (r.status !== 0) throw new Error(`soak failed: ${r.stderr}`);
    result = JSON.parse(r.stdout.trim().split('\n').pop());
  }
  return result;
}

const label = (w) => `requests ${(w * WINDOW + 1).toLocaleString('en-US')}–${((w + 1) * WINDOW).toLocaleString('en-US')}`;

export default async function register(h) {
  const g = `core: soak of ${TOTAL.toLocaleString('en-US')} requests, cost per request by window (µs, child process)`;
  for (let w = 0; w < 10; w++) h.add({ group: g, name: label(w), baseline: w === 0, unit: 'µs', measure: () => soak().windows[w] });
  const gh = `core: soak of ${TOTAL.toLocaleString('en-US')} requests, heap above an empty process (MiB, child process)`;
  for (const w of [0, 1, 4, 9]) h.add({ group: gh, name: `after ${label(w)}`, baseline: w === 0, unit: 'MiB', measure: () => soak().heaps[w] });
  h.add({ group: gh, name: 'after reset()', unit: 'MiB', measure: () => soak().afterReset });
}
