import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

// A write must not copy the collection it writes to: the state is immutable and shared between
// snapshots, so what a write copies is exactly what differs (by identity) between the snapshots taken
// before and after it. With 5,000 records, one create may replace a few small buckets and chunks, never
// an object holding every record or every key of a collection (that made each write O(n)).

type Node = Record<string, unknown>;

/** The leaf buckets of a bucketed table (three levels of buckets) by their path. */
function leaves(slots: unknown, depth = 3, path = '', out = new Map<string, Node>()): Map<string, Node> {
  for (const [k, v] of Object.entries(slots as Node)) {
    if (depth === 1) out.set(`${path}/${k}`, v as Node);
    else leaves(v, depth - 1, `${path}/${k}`, out);
  }
  return out;
}

/** How many leaf buckets of a bucketed table differ (by identity) between two states of it. */
function changedLeaves(a: { slots: unknown }, b: { slots: unknown }): number {
  const la = leaves(a.slots);
  const lb = leaves(b.slots);
  let n = 0;
  for (const k of new Set([...la.keys(), ...lb.keys()])) if (la.get(k) !== lb.get(k)) n += 1;
  return n;
}

/** Every entry of a bucketed table, as stored (`":" + key` → value). */
const entriesOf = <V>(t: { slots: unknown }): Array<[string, V]> => [...leaves(t.slots).values()].flatMap((leaf) => Object.entries(leaf) as Array<[string, V]>);
type Chunked = { size: number; chunks: unknown[][] };

describe('a write copies what it changes, not the collection', () => {
  it('creating one item next to 5,000 changes one record bucket and one chunk of the collection list', async () => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z', journal: false });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const items = Array.from({ length: 5_000 }, (_, i) => [`/repos/octo/hello/actions/variables/V${i}`, { name: `V${i}`, value: 'x' }] as const);
    fakes.codeHosting.seed.resources(items);
    const before = fakes.snapshot().codeHosting.catalog;
    const res = await fakes.fetch('https://api.github.com/repos/octo/hello/actions/variables', {
      method: 'POST',
      headers: { authorization: 'token ghp_lenient', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'NEW', value: 'y' }),
    });
    expect(res.status).toBe(201);
    const after = fakes.snapshot().codeHosting.catalog;
    expect(after.records.size).toBe(before.records.size + 1);
    expect(changedLeaves(before.records as never, after.records as never)).toBe(1);
    const list = (t: typeof before) => entriesOf<Chunked>(t.lists);
    const [name, grown] = list(after).find(([k]) => k === ':/repos/octo/hello/actions/variables') ?? [];
    const old = list(before).find(([k]) => k === name)?.[1];
    expect(grown?.size).toBe(5_001);
    // Every chunk but the last is shared with the state before the write.
    expect(grown?.chunks.slice(0, -1).every((c, i) => c === old?.chunks[i])).toBe(true);
    expect(grown?.chunks.length).toBeGreaterThan(5);
    // And the page the list endpoint answers is still the right one.
    const last = await fakes.fetch('https://api.github.com/repos/octo/hello/actions/variables?per_page=100&page=51', {
      headers: { authorization: 'token ghp_lenient' },
    });
    const body = (await last.json()) as { total_count: number; variables: Array<{ name: string }> };
    expect(body.total_count).toBe(5_001);
    expect(body.variables.map((v) => v.name)).toEqual(['NEW']);
  });

  it('a commit status next to 1,500 others of the same commit changes one status bucket and one chunk of the commit list', async () => {
    const fakes = createFakes({ clock: '2024-01-01T00:00:00Z', journal: false });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', defaultBranch: 'main' });
    const sha = fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', files: { 'a.txt': 'a' }, message: 'a' }).sha;
    const post = (i: number) =>
      fakes.fetch(`https://api.github.com/repos/octo/hello/statuses/${sha}`, {
        method: 'POST',
        headers: { authorization: 'token ghp_lenient', 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'success', context: `ci/${i % 20}` }),
      });
    for (let i = 0; i < 1_500; i++) expect((await post(i)).status).toBe(201);
    const before = fakes.snapshot().codeHosting.statuses;
    expect((await post(1_500)).status).toBe(201);
    const after = fakes.snapshot().codeHosting.statuses;
    expect(after.records.size).toBe(1_501);
    expect(changedLeaves(before.records as never, after.records as never)).toBe(1);
    const list = (t: typeof before) => entriesOf<Chunked>(t.byCommit)[0]?.[1];
    expect(list(after)?.size).toBe(1_501);
    expect(
      list(after)
        ?.chunks.slice(0, -1)
        .every((c, i) => c === list(before)?.chunks[i]),
    ).toBe(true);
  });
});
