// Core costs that do not depend on a route: snapshot/restore with a big state,
// heap per 100,000 stored posts, and the journal's overhead (journal on vs `journal: false`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a script in a child with --expose-gc and returns the number it prints. */
function childNumber(script) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`child failed: ${r.stderr}`);
  return Number(r.stdout.trim().split('\n').pop());
}

// Heap after minus heap before, in MiB, each after two full GCs.
const HEAP = `const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };`;
const heapOfPosts = `
import { createFakes } from 'stuntdouble';
${HEAP}
const fakes = createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
const pageId = fakes.socialGraph.seed.page({ name: 'Heap' }).id;
const before = heap();
fakes.socialGraph.seed.posts({ pageId, count: 100_000 });
const after = heap();
globalThis.keep = fakes;
console.log((after - before) / 2 ** 20);`;
// The same 100,000 posts as the plain JSON the feed answers (what a test would hold as fixtures).
const heapOfJson = `
import { createFakes } from 'stuntdouble';
${HEAP}
const fakes = createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
const pageId = fakes.socialGraph.seed.page({ name: 'Heap' }).id;
fakes.socialGraph.seed.posts({ pageId, count: 100 });
const r = await fakes.handle({ method: 'GET', url: 'https://graph.facebook.com/v24.0/' + pageId + '/feed?limit=1&access_token=x' });
const sample = r.json.data[0];
const before = heap();
const posts = [];
for (let i = 0; i < 100_000; i++) posts.push(JSON.parse(JSON.stringify({ ...sample, id: pageId + '_' + (1000 + i), message: 'post ' + i })));
const after = heap();
globalThis.keep = posts;
console.log((after - before) / 2 ** 20);`;

export default async function register(h) {
  // A state with 100,000 resources, built once through restore() (public API).
  const fakes = h.createFakes({ clock: '2024-01-01T00:00:00Z' });
  const big = {};
  for (let i = 0; i < 100_000; i++) big[`r${i}`] = { id: i, name: `resource ${i}`, tags: ['a', 'b'] };
  const base = fakes.state;
  fakes.restore({ ...base, socialGraph: { ...base.socialGraph, benchResources: big } });
  const snap = fakes.snapshot();
  const gs = 'core: snapshot() + restore() with 100,000 resources';
  h.add({ group: gs, name: 'snapshot + restore', fn: () => fakes.restore(fakes.snapshot()), async: false });
  h.add({ group: gs, name: 'restore an earlier snapshot', fn: () => fakes.restore(snap), async: false });
  if (typeof fakes.socialGraph.seed?.posts === 'function') {
    // The real thing: 100,000 posts seeded through the facade, a snapshot, one write, restore.
    const posts = h.createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
    const pageId = posts.socialGraph.seed.page({ name: 'Snap' }).id;
    posts.socialGraph.seed.posts({ pageId, count: 100_000 });
    const at = posts.snapshot();
    h.add({ group: gs, name: '100,000 seeded posts: snapshot + restore', fn: () => posts.restore(posts.snapshot()), async: false });
    h.add({ group: gs, name: '100,000 seeded posts: restore an earlier one', fn: () => posts.restore(at), async: false });
  }

  // Cold import: bench/cases/cold-import.mjs.

  const gh = 'core: heap of 100,000 posts (MiB, child process)';
  if (typeof fakes.socialGraph.seed?.posts === 'function') {
    h.add({ group: gh, name: '100,000 posts as plain feed JSON objects', baseline: true, unit: 'MiB', measure: () => childNumber(heapOfJson) });
    h.add({ group: gh, name: 'stuntdouble: seed.posts(100,000)', unit: 'MiB', measure: () => childNumber(heapOfPosts) });
  }

  const on = h.createFakes({ clock: '2024-01-01T00:00:00Z' });
  const off = h.createFakes({ clock: '2024-01-01T00:00:00Z', journal: false });
  const g = 'core: journal overhead (fakes.fetch GET /rate_limit)';
  h.add({ group: g, name: 'journal: false', baseline: true, fn: async () => (await off.fetch('https://api.github.com/rate_limit')).json() });
  h.add({ group: g, name: 'journal on (default)', fn: async () => (await on.fetch('https://api.github.com/rate_limit')).json(), teardown: () => on.reset() });
}
