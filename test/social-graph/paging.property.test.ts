/**
 * Cursor paging on every kind of Graph listing (a Page's feed and post views, an edge of objects, a
 * conversation's messages, a Page expansion, `/me/accounts`), with generated cursors and limits:
 * - a cursor the list handed out pages on; following `paging.next` visits every row once and stops;
 * - a cursor from another Page's list or another edge, garbage, a forged one: Graph's error 100;
 * - a cursor past the end (the list restored to fewer rows): empty `data` and no `next`, never page one again;
 * - `limit=0`: `{ data: [] }`; a limit over 100 or not a non-negative integer: error 100;
 * and no input answers a 5xx or an envelope that is not Graph's.
 *
 * Fixed seeds; a failure prints fast-check's `{ seed, path }` and the request.
 */
import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fakes = createFakes({ clock: '2025-10-01T00:00:00Z', journal: false });
beforeAll(() => {
  fakes.install();
});
afterAll(() => {
  fakes.uninstall();
});

const BASE = 'https://graph.facebook.com/v24.0';
const sg = fakes.socialGraph.seed;
const pageA = sg.page({ name: 'A' }).id;
const pageB = sg.page({ name: 'B' }).id;
const userId = sg.user({ name: 'Owner' }).id;
const tokenA = sg.token({ type: 'page', pageId: pageA, userId });
const tokenB = sg.token({ type: 'page', pageId: pageB, userId });
sg.posts({ pageId: pageA, count: 23 });
sg.posts({ pageId: pageB, count: 4 });
for (let i = 0; i < 9; i++) sg.photo({ pageId: pageA, name: `a${i}` });
for (let i = 0; i < 2; i++) sg.photo({ pageId: pageB, name: `b${i}` });
const visitor = sg.user({ name: 'Vera' }).id;
const thread = sg.conversation({
  pageId: pageA,
  userId: visitor,
  messages: Array.from({ length: 7 }, (_, i) => ({ from: i % 2 === 0 ? visitor : 'page', message: `m${i}` })),
}).id;
const extraPages = Array.from({ length: 5 }, (_, i) => sg.page({ name: `P${i}` }).id);
const userToken = sg.token({ type: 'user', userId, pageTasks: Object.fromEntries([pageA, pageB, ...extraPages].map((p) => [p, ['MANAGE', 'MODERATE']])) });

/** A listing: its path, the token that reads it, and how many rows it has. */
interface Listing {
  name: string;
  path: string;
  token: string;
  rows: number;
}

const LISTINGS: Listing[] = [
  { name: 'feed A', path: `/${pageA}/feed`, token: tokenA, rows: 23 },
  { name: 'feed B', path: `/${pageB}/feed`, token: tokenB, rows: 4 },
  { name: 'published_posts A', path: `/${pageA}/published_posts`, token: tokenA, rows: 23 },
  { name: 'photos A', path: `/${pageA}/photos`, token: tokenA, rows: 9 },
  { name: 'photos B', path: `/${pageB}/photos`, token: tokenB, rows: 2 },
  { name: 'messages', path: `/${thread}/messages`, token: tokenA, rows: 7 },
  { name: 'accounts', path: `/${userId}/accounts`, token: userToken, rows: 7 },
];

interface Answer {
  status: number;
  body: {
    data?: Array<{ id?: string }>;
    paging?: { next?: string; previous?: string; cursors?: { before: string; after: string } };
    error?: Record<string, unknown>;
  };
}

async function call(url: string): Promise<Answer> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

function url(l: Listing, query: Record<string, string>): string {
  return `${BASE}${l.path}?${new URLSearchParams({ ...query, access_token: l.token })}`;
}

/** Graph's error envelope with code 100, or a description of what is wrong. */
function isError100(a: Answer): string | null {
  if (a.status !== 400) return `status ${a.status}`;
  const e = a.body.error;
  if (e?.code !== 100 || typeof e.message !== 'string' || !e.message.startsWith('(#100) ') || typeof e.fbtrace_id !== 'string') {
    return `not Graph's error 100: ${JSON.stringify(a.body).slice(0, 200)}`;
  }
  return null;
}

/** Every cursor a listing hands out (its `after` cursors with limit 1, page by page). */
async function cursorsOf(l: Listing): Promise<string[]> {
  const out: string[] = [];
  let next: string | undefined = url(l, { limit: '1' });
  while (next) {
    const a: Answer = await call(next);
    const c = a.body.paging?.cursors?.after;
    if (c) out.push(c);
    next = a.body.paging?.next;
  }
  return out;
}

const CURSORS = new Map<string, string[]>();
beforeAll(async () => {
  for (const l of LISTINGS) CURSORS.set(l.name, await cursorsOf(l));
});

const LISTING = fc.constantFrom(...LISTINGS);

describe('cursor paging on every kind of listing', () => {
  it('handed-out cursors have one per row', () => {
    for (const l of LISTINGS) expect(CURSORS.get(l.name)?.length, l.name).toBe(l.rows);
  });

  it('following paging.next from any limit visits every row once and stops; previous leads back', async () => {
    await fc.assert(
      fc.asyncProperty(LISTING, fc.integer({ min: 1, max: 10 }), async (l, limit) => {
        const seen: string[] = [];
        let next: string | undefined = url(l, { limit: String(limit) });
        let steps = 0;
        let last: Answer | undefined;
        while (next) {
          const a: Answer = await call(next);
          expect(a.status).toBe(200);
          seen.push(...(a.body.data ?? []).map((r) => JSON.stringify(r)));
          last = a;
          next = a.body.paging?.next;
          steps += 1;
          expect(steps).toBeLessThanOrEqual(Math.ceil(l.rows / limit) + 1);
        }
        expect(seen).toHaveLength(l.rows);
        expect(new Set(seen).size).toBe(l.rows);
        // Back from the last page: previous pages until the first, the same rows in the same order.
        const back: string[] = [];
        let prev = last?.body.paging?.previous;
        while (prev) {
          const a: Answer = await call(prev);
          back.unshift(...(a.body.data ?? []).map((r) => JSON.stringify(r)));
          prev = a.body.paging?.previous;
        }
        expect([...back, ...(last?.body.data ?? []).map((r) => JSON.stringify(r))]).toEqual(seen);
      }),
      { seed: 32, numRuns: 40 },
    );
  });

  it("a cursor of another list (another Page's, another edge's) is error 100 in after and before", async () => {
    const PAIRS = fc
      .tuple(LISTING, LISTING)
      .filter(([a, b]) => a.name !== b.name)
      .chain(([a, b]) => fc.tuple(fc.constant(a), fc.constant(b), fc.nat({ max: b.rows - 1 }), fc.constantFrom('after', 'before')));
    await fc.assert(
      fc.asyncProperty(PAIRS, async ([target, source, i, which]) => {
        const cursor = CURSORS.get(source.name)?.[i] as string;
        const a = await call(url(target, { [which]: cursor, limit: '3' }));
        const p = isError100(a);
        if (p) throw new Error(`${p}: ${source.name} cursor ${i} on ${target.name} (${which})`);
      }),
      { seed: 32, numRuns: 60 },
    );
  });

  it('garbage and forged cursors are error 100, never a restart at page one', async () => {
    const forge = (c: string, f: (t: string) => string) => Buffer.from(f(Buffer.from(c, 'base64url').toString('utf8'))).toString('base64url');
    const GARBAGE = fc.oneof(
      fc.constantFrom('garbage', 'null', '0', '-1', 'x'.repeat(3000), '%ZZ', '__proto__', Buffer.from('sd:999999:nope').toString('base64url')),
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.base64String({ minLength: 4, maxLength: 60 }),
    );
    await fc.assert(
      fc.asyncProperty(LISTING, GARBAGE, fc.constantFrom('after', 'before'), async (l, junk, which) => {
        const a = await call(url(l, { [which]: junk }));
        const p = isError100(a);
        if (p) throw new Error(`${p}: ${which}=${junk.slice(0, 60)} on ${l.name}`);
      }),
      { seed: 32, numRuns: 80 },
    );
    // A real cursor whose id or position was changed by hand.
    for (const l of LISTINGS) {
      const c = CURSORS.get(l.name)?.[0] as string;
      for (const bad of [forge(c, (t) => t.replace(/:([^:]*)$/, ':someone-else')), forge(c, (t) => t.replace(/^sd:[^:]*:/, 'sd:AAAAAAAA:'))]) {
        expect(isError100(await call(url(l, { after: bad }))), l.name).toBeNull();
      }
    }
  });

  it('a cursor past the end (the list restored to fewer rows) answers empty data and no next', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 4 }), async (few, more, limit) => {
        const before = fakes.snapshot();
        try {
          const pageId = sg.page({ name: 'Shrinking' }).id;
          const token = sg.token({ type: 'page', pageId });
          sg.posts({ pageId, count: few });
          for (let i = 0; i < few; i++) sg.photo({ pageId, name: `p${i}` });
          const small = fakes.snapshot();
          sg.posts({ pageId, count: more });
          for (let i = 0; i < more; i++) sg.photo({ pageId, name: `q${i}` });
          const cursors: Array<[string, string]> = [];
          for (const edge of ['feed', 'photos']) {
            const first = await call(`${BASE}/${pageId}/${edge}?${new URLSearchParams({ limit: String(limit), access_token: token })}`);
            cursors.push([edge, first.body.paging?.cursors?.before as string]);
          }
          fakes.restore(small);
          for (const [edge, cursor] of cursors) {
            const a = await call(`${BASE}/${pageId}/${edge}?${new URLSearchParams({ after: cursor, limit: String(limit), access_token: token })}`);
            expect(a.status).toBe(200);
            expect(a.body.data).toEqual([]);
            expect(a.body.paging?.next).toBeUndefined();
          }
        } finally {
          fakes.restore(before);
        }
      }),
      { seed: 32, numRuns: 25 },
    );
  });

  it('limit 0 answers { data: [] }; 1..100 at most that many rows; over 100, negative or not an integer is error 100', async () => {
    const LIMIT = fc.oneof(fc.constantFrom('0', '100', '101', '-1', '1.5', '1e3', 'x', '', ' 5', '25abc'), fc.integer({ min: -5, max: 150 }).map(String));
    await fc.assert(
      fc.asyncProperty(LISTING, LIMIT, fc.boolean(), async (l, limit, withCursor) => {
        const query: Record<string, string> = { limit };
        if (withCursor) query.after = CURSORS.get(l.name)?.[0] as string;
        const a = await call(url(l, query));
        expect(a.status).toBeLessThan(500);
        // Read as a number, as Graph's integer parameters are: ' 5' is 5, '1e3' is 1000, '1.5' no integer.
        const n = Number(limit);
        if (limit === '') expect(a.status).toBe(200);
        else if (!Number.isInteger(n) || n < 0 || n > 100) expect(isError100(a)).toBeNull();
        else if (n === 0) expect(a.body).toEqual({ data: [] });
        else {
          expect(a.status).toBe(200);
          expect((a.body.data ?? []).length).toBeLessThanOrEqual(n);
        }
      }),
      { seed: 32, numRuns: 80 },
    );
  });

  it('the same rules hold in a field expansion (feed.limit(n).after(cursor))', async () => {
    const feedA = LISTINGS[0] as Listing;
    const cursors = CURSORS.get(feedA.name) as string[];
    const other = CURSORS.get('feed B') as string[];
    const EXPANSION = fc.oneof(
      fc.nat({ max: cursors.length - 1 }).map((i) => ({ kind: 'own' as const, mod: `.limit(2).after(${cursors[i]})` })),
      fc.nat({ max: other.length - 1 }).map((i) => ({ kind: 'foreign' as const, mod: `.after(${other[i]})` })),
      fc.constantFrom(
        { kind: 'garbage' as const, mod: '.after(garbage)' },
        { kind: 'zero' as const, mod: '.limit(0)' },
        { kind: 'over' as const, mod: '.limit(101)' },
      ),
    );
    await fc.assert(
      fc.asyncProperty(EXPANSION, async (e) => {
        const a = await call(`${BASE}/${pageA}?${new URLSearchParams({ fields: `feed${e.mod}`, access_token: tokenA })}`);
        expect(a.status).toBeLessThan(500);
        if (e.kind === 'own') expect(a.status).toBe(200);
        else if (e.kind === 'zero') expect(a.body).toEqual({ feed: { data: [] }, id: pageA });
        else expect(isError100(a)).toBeNull();
      }),
      { seed: 32, numRuns: 30 },
    );
    expect(fakes.errors).toEqual([]);
  });
});
