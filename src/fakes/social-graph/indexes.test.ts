import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { createFakes, type Fakes } from '../../create-fakes.js';
import { chunkedAt, chunkedLength, liveIds } from './models/id-list.js';
import { pairKey } from './models/pages.js';
import { scheduleEntries } from './models/schedule.js';
import { tableDelete, tableEntries, tableGet, tableSet, tableValues } from '../../store/table.js';
import { canonical } from './models/audiences/integrity.js';
import type { SocialGraphState } from './state.js';
import type { Table } from '../../store/table.js';

/**
 * Every secondary index of the social graph state against a brute-force scan of the records it
 * indexes, after random sequences of seeds, requests, clock moves and snapshot/restore. The scans
 * here are the definitions; the indexes are what requests read.
 */

const BASE = 'https://graph.facebook.com/v24.0';
const FETCH_KEYS = ['claim_objective', 'content_type', 'event_sources', 'event_source_group', 'inclusions', 'exclusions', 'rule'] as const;

/** Appends `value` to the list under `key` (the list starts empty). */
function push(map: Record<string, string[]>, key: string, value: string): void {
  const list = map[key];
  if (list) list.push(value);
  else map[key] = [value];
}

/** Entries of a table, and its size matches them. */
function entriesOf<T>(t: Table<T>): Array<[string, T]> {
  const out = [...tableEntries(t)];
  expect(t.size).toBe(out.length);
  return out;
}

/** A table's entries as a plain map, each list sorted (for order-free comparison). */
function sortedMap(t: Table<string[]>): Record<string, string[]> {
  return Object.fromEntries(entriesOf(t).map(([k, v]) => [k, [...v].sort()]));
}

function edgeList(s: SocialGraphState, node: string, edge: string) {
  const byNode = tableGet(s.edges, node);
  return byNode && Object.hasOwn(byNode, edge) ? byNode[edge] : undefined;
}

function checkIndexes(s: SocialGraphState): void {
  // Every table's size counts its entries.
  for (const t of [s.pages, s.posts, s.users, s.objects, s.edges, s.tokens, s.urls, s.linkingTokens, s.audiences, s.adAccounts, s.adSets]) {
    entriesOf(t as Table<unknown>);
  }

  // Page tokens of each Page, in seed order: the first seeded Page token with tasks on it answers `access_token`.
  const tokens = entriesOf(s.tokens).map(([, t]) => t);
  const pageTokens: Record<string, string[]> = {};
  for (const t of [...tokens].sort((a, b) => a.seq - b.seq)) {
    expect(t.pageIds).toEqual(Object.keys(t.tasks));
    if (t.type !== 'page') continue;
    for (const pid of Object.keys(t.tasks)) push(pageTokens, pid, t.token);
  }
  expect(Object.fromEntries(entriesOf(s.indexes.pageTokens))).toEqual(pageTokens);
  expect(new Set(tokens.map((t) => t.seq)).size).toBe(tokens.length);

  // Users by Page-scoped id: exactly the psids the user records hold.
  const psids: Record<string, string[]> = {};
  for (const u of tableValues(s.users)) for (const [pid, psid] of Object.entries(u.psids)) push(psids, pairKey(pid, psid), u.id);
  for (const k of Object.keys(psids)) psids[k]?.sort();
  expect(sortedMap(s.indexes.psids)).toEqual(psids);

  // Assigned users: the live ids of each Page's edge are the assignments of that Page, at their positions.
  const assigned: Record<string, string[]> = {};
  for (const [pageId] of entriesOf(s.pages)) {
    const list = edgeList(s, pageId, 'assigned_users');
    for (const uid of liveIds(list)) assigned[pairKey(pageId, uid)] = [uid];
  }
  const assignments = entriesOf(s.indexes.assignments);
  expect(Object.fromEntries(assignments.map(([k]) => [k, [k.slice(k.indexOf('/') + 1)]]))).toEqual(assigned);
  for (const [k, a] of assignments) {
    const pageId = k.slice(k.indexOf(':') + 1, k.indexOf(':') + 1 + Number(k.slice(0, k.indexOf(':'))));
    expect(chunkedAt(edgeList(s, pageId, 'assigned_users'), a.pos)).toBe(k.slice(k.indexOf('/') + 1));
  }

  // Posts: each filed position holds the post; every live id on a post edge is a post filed there.
  const posts = entriesOf(s.posts).map(([, p]) => p);
  const filedAt = new Set<string>();
  for (const p of posts) {
    for (const [key, pos] of Object.entries(p.filed)) {
      const cut = key.lastIndexOf('/');
      expect(chunkedAt(edgeList(s, key.slice(0, cut), key.slice(cut + 1)), pos)).toBe(p.id);
      filedAt.add(`${key}@${pos}`);
    }
  }
  for (const [node, byEdge] of entriesOf(s.edges)) {
    for (const edge of ['feed', 'published_posts', 'scheduled_posts', 'visitor_posts', 'tagged', 'ads_posts']) {
      const list = byEdge[edge];
      for (let i = 0; i < chunkedLength(list); i++) {
        const id = chunkedAt(list, i) as string;
        if (id !== '') expect(filedAt.has(`${node}/${edge}@${i}`)).toBe(true);
      }
    }
  }

  // The schedule holds exactly the scheduled posts, in (at, seq) order.
  const scheduled = posts
    .filter((p) => p.scheduledAt !== null && !p.published)
    .map((p) => ({ at: p.scheduledAt as number, seq: p.scheduleSeq as number, postId: p.id }))
    .sort((a, b) => a.at - b.at || a.seq - b.seq);
  expect(scheduleEntries(s.schedule)).toEqual(scheduled);
  expect(s.schedule.size).toBe(scheduled.length);

  // Deliveries: delivery n at position n - 1.
  for (let i = 0; i < chunkedLength(s.deliveries); i++) expect(chunkedAt(s.deliveries, i)?.seq).toBe(i + 1);

  // Audiences: each on its account's list at its position; fetch-or-create and people indexes.
  const audiences = entriesOf(s.audiences).map(([, a]) => a);
  const fetch: Record<string, string[]> = {};
  const members: Record<string, string[]> = {};
  for (const a of audiences) {
    const acc = tableGet(s.adAccounts, a.accountId);
    expect(chunkedAt(acc?.audienceIds, a.listPos)).toBe(a.id);
    const parts = JSON.stringify([a.accountId, a.name, a.subtype, ...FETCH_KEYS.map((k) => canonical(a.params[k] ?? null))]);
    push(fetch, parts, a.id);
    const people = entriesOf(a.members);
    expect(a.memberCount).toBe(people.length);
    for (const [key] of people) push(members, pairKey(a.accountId, key), a.id);
  }
  for (const acc of tableValues(s.adAccounts)) {
    for (const id of liveIds(acc.audienceIds)) expect(tableGet(s.audiences, id)?.accountId).toBe(acc.accountId);
  }
  // The fetch-or-create index is keyed by a hash: compare its groups, oldest first within each.
  const groups = entriesOf(s.audienceIndexes.fetchOrCreate).map(([, ids]) => ids.join(','));
  const expected = Object.values(fetch).map((ids) => ids.sort((x, y) => Number(x) - Number(y)).join(','));
  expect(groups.sort()).toEqual(expected.sort());
  for (const k of Object.keys(members)) members[k]?.sort();
  expect(sortedMap(s.audienceIndexes.members)).toEqual(members);
}

type Op =
  | { k: 'user'; user: number; psid: number; page: number }
  | { k: 'token'; token: number; type: 'page' | 'user' | 'app'; pages: number[] }
  | { k: 'thread'; page: number; psid: number }
  | { k: 'assign'; page: number; user: number }
  | { k: 'unassign'; page: number; user: number }
  | { k: 'post'; page: number; inMin: number | null; tag: number | null }
  | { k: 'editPost'; post: number; inMin: number | null; publish: boolean }
  | { k: 'deletePost'; post: number }
  | { k: 'persona'; page: number }
  | { k: 'audience'; name: number; rule: number | null; fetch: boolean }
  | { k: 'renameAudience'; audience: number; name: number }
  | { k: 'deleteAudience'; audience: number }
  | { k: 'people'; audience: number; people: number[]; remove: boolean }
  | { k: 'peopleOfAny'; people: number[] }
  | { k: 'advance'; minutes: number }
  | { k: 'snapshot' }
  | { k: 'restore' };

const small = fc.nat(3);
const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant('user' as const), user: small, psid: small, page: small }),
  fc.record({
    k: fc.constant('token' as const),
    token: small,
    type: fc.constantFrom('page' as const, 'user' as const, 'app' as const),
    pages: fc.array(small, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ k: fc.constant('thread' as const), page: small, psid: small }),
  fc.record({ k: fc.constant('assign' as const), page: small, user: small }),
  fc.record({ k: fc.constant('unassign' as const), page: small, user: small }),
  fc.record({ k: fc.constant('post' as const), page: small, inMin: fc.option(fc.integer({ min: 11, max: 120 })), tag: fc.option(small) }),
  fc.record({ k: fc.constant('editPost' as const), post: fc.nat(12), inMin: fc.option(fc.integer({ min: 11, max: 120 })), publish: fc.boolean() }),
  fc.record({ k: fc.constant('deletePost' as const), post: fc.nat(12) }),
  fc.record({ k: fc.constant('persona' as const), page: small }),
  fc.record({ k: fc.constant('audience' as const), name: small, rule: fc.option(small), fetch: fc.boolean() }),
  fc.record({ k: fc.constant('renameAudience' as const), audience: fc.nat(8), name: small }),
  fc.record({ k: fc.constant('deleteAudience' as const), audience: fc.nat(8) }),
  fc.record({ k: fc.constant('people' as const), audience: fc.nat(8), people: fc.array(small, { minLength: 1, maxLength: 3 }), remove: fc.boolean() }),
  fc.record({ k: fc.constant('peopleOfAny' as const), people: fc.array(small, { minLength: 1, maxLength: 3 }) }),
  fc.record({ k: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 90 }) }),
  fc.constant({ k: 'snapshot' as const }),
  fc.constant({ k: 'restore' as const }),
);

const sha = (n: number) => n.toString(16).padStart(64, '0');

async function call(fakes: Fakes, method: string, path: string, params: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fakes.fetch(`${BASE}${path}${method === 'GET' ? `?${new URLSearchParams(params as Record<string, string>)}` : ''}`, {
    method,
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) }),
  });
  const text = await res.text();
  expect(res.status).toBeLessThan(500);
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

describe('social graph indexes', () => {
  it('agree with a brute-force scan after random seeds, requests, clock moves and restores', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { maxLength: 40 }), async (list) => {
        const fakes = createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
        const sg = fakes.socialGraph;
        const pages = [0, 1, 2, 3].map((i) => sg.seed.page({ name: `P${i}`, id: String(1000 + i) }).id);
        sg.seed.subscription({ pageId: pages[0] as string, fields: ['feed'] });
        const acc = sg.seed.adAccount({ id: 'act_77' }).accountId;
        const postIds: string[] = [];
        const audienceIds: string[] = [];
        let snap = fakes.snapshot();
        for (const o of list) {
          switch (o.k) {
            case 'user':
              sg.seed.user({ id: `u${o.user}`, psids: { [pages[o.page] as string]: String(7000 + o.psid) } });
              break;
            case 'token': {
              const pageTasks = Object.fromEntries(o.pages.map((p) => [pages[p] as string, o.type === 'app' ? [] : ['MANAGE', 'MESSAGING']]));
              sg.seed.token({ type: o.type, token: `tok${o.token}`, pageTasks, ...(o.type === 'page' ? { pageId: pages[o.pages[0] as number] } : {}) });
              break;
            }
            case 'thread':
              await call(fakes, 'POST', `/${pages[o.page]}/take_thread_control`, { recipient: { id: String(7000 + o.psid) }, access_token: 'lenient' });
              break;
            case 'assign':
              await call(fakes, 'POST', `/${pages[o.page]}/assigned_users`, { user: `9${o.user}`, tasks: ['MANAGE'], access_token: 'lenient' });
              break;
            case 'unassign':
              await call(fakes, 'DELETE', `/${pages[o.page]}/assigned_users`, { user: `9${o.user}`, access_token: 'lenient' });
              break;
            case 'post': {
              const params: Record<string, unknown> = { message: o.tag === null ? 'hi' : `hi @[${pages[o.tag]}]`, access_token: 'lenient' };
              if (o.inMin !== null) Object.assign(params, { published: false, scheduled_publish_time: Math.floor(fakes.clock.nowMs() / 1000) + o.inMin * 60 });
              const r = await call(fakes, 'POST', `/${pages[o.page]}/feed`, params);
              if (typeof r.body.id === 'string') postIds.push(r.body.id);
              break;
            }
            case 'editPost': {
              const id = postIds[o.post];
              if (!id) break;
              const params: Record<string, unknown> = { message: 'edited', access_token: 'lenient' };
              if (o.inMin !== null) params.scheduled_publish_time = Math.floor(fakes.clock.nowMs() / 1000) + o.inMin * 60;
              if (o.publish) params.is_published = true;
              await call(fakes, 'POST', `/${id}`, params);
              break;
            }
            case 'deletePost': {
              const id = postIds[o.post];
              if (id) await call(fakes, 'DELETE', `/${id}`, { access_token: 'lenient' });
              break;
            }
            case 'persona':
              await call(fakes, 'POST', `/${pages[o.page]}/personas`, { name: 'p', profile_picture_url: 'https://x.test/p.png', access_token: 'lenient' });
              break;
            case 'audience': {
              const params: Record<string, unknown> = { name: `A${o.name}`, access_token: 'lenient' };
              if (o.rule === null) Object.assign(params, { subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' });
              else
                Object.assign(params, { subtype: 'WEBSITE', rule: { inclusions: { operator: 'or', rules: [{ retention_seconds: 86400 * (o.rule + 1) }] } } });
              if (o.fetch) params.enable_fetch_or_create = true;
              const r = await call(fakes, 'POST', `/act_${acc}/customaudiences`, params);
              if (typeof r.body.id === 'string' && !audienceIds.includes(r.body.id)) audienceIds.push(r.body.id);
              break;
            }
            case 'renameAudience': {
              const id = audienceIds[o.audience];
              if (id) await call(fakes, 'POST', `/${id}`, { name: `A${o.name}`, access_token: 'lenient' });
              break;
            }
            case 'deleteAudience': {
              const id = audienceIds[o.audience];
              if (id) await call(fakes, 'DELETE', `/${id}`, { access_token: 'lenient' });
              break;
            }
            case 'people': {
              const id = audienceIds[o.audience];
              const payload = { schema: 'EMAIL_SHA256', data: o.people.map(sha) };
              if (id) await call(fakes, o.remove ? 'DELETE' : 'POST', `/${id}/users`, { payload, access_token: 'lenient' });
              break;
            }
            case 'peopleOfAny':
              await call(fakes, 'DELETE', `/act_${acc}/usersofanyaudience`, {
                payload: { schema: 'EMAIL_SHA256', data: o.people.map(sha) },
                access_token: 'lenient',
              });
              break;
            case 'advance':
              fakes.clock.advance(o.minutes * 60_000);
              await call(fakes, 'GET', `/${pages[0]}`, { access_token: 'lenient' });
              break;
            case 'snapshot':
              snap = fakes.snapshot();
              break;
            case 'restore':
              fakes.restore(snap);
              break;
          }
          checkIndexes(fakes.state.socialGraph);
        }
        await fakes.flush();
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('answers what a brute-force scan answers: thread control, access_token, /me/accounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ user: small, psid: small, page: small }), { maxLength: 8 }),
        fc.array(fc.record({ token: small, type: fc.constantFrom('page' as const, 'user' as const), pages: fc.array(small, { minLength: 1, maxLength: 3 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        async (users, tokens) => {
          const fakes = createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
          const sg = fakes.socialGraph;
          const pages = [0, 1, 2, 3].map((i) => sg.seed.page({ name: `P${i}` }).id);
          for (const u of users) sg.seed.user({ id: `u${u.user}`, psids: { [pages[u.page] as string]: String(7000 + u.psid) } });
          for (const t of tokens) {
            const pageTasks = Object.fromEntries(t.pages.map((p) => [pages[p] as string, ['MANAGE', 'MESSAGING', 'MODERATE']]));
            sg.seed.token({
              type: t.type,
              token: `tok${t.token}`,
              userId: 'me1',
              pageTasks,
              ...(t.type === 'page' ? { pageId: pages[t.pages[0] as number] } : {}),
            });
          }
          const s = fakes.state.socialGraph;
          const all = [...tableValues(s.tokens)].sort((a, b) => a.seq - b.seq);
          const firstPageToken = (pid: string) => all.find((t) => t.type === 'page' && t.tasks[pid] !== undefined)?.token;
          for (const pid of pages) {
            for (let psid = 0; psid < 4; psid++) {
              const known = [...tableValues(s.users)].some((u) => u.psids[pid] === String(7000 + psid));
              const page = all.find((t) => t.type === 'page' && t.tasks[pid]);
              if (!page) continue;
              const r = await call(fakes, 'POST', `/${pid}/take_thread_control`, { recipient: { id: String(7000 + psid) }, access_token: page.token });
              expect(r.status === 200).toBe(known);
            }
          }
          const user = all.filter((t) => t.type === 'user').at(-1);
          if (user) {
            const r = await call(fakes, 'GET', '/me/accounts', { access_token: user.token, limit: '100' });
            const data = r.body.data as Array<{ id: string; access_token?: string }>;
            expect(data.map((d) => d.id)).toEqual(Object.keys(user.tasks));
            for (const row of data) expect(row.access_token).toBe(firstPageToken(row.id));
            for (const pid of Object.keys(user.tasks)) {
              const one = await call(fakes, 'GET', `/${pid}`, { fields: 'access_token', access_token: user.token });
              expect(one.body.access_token).toBe(firstPageToken(pid));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
  it('requests read the indexes, not the records: an index changed behind their back changes the answer', async () => {
    // Each index below is changed in a restored state without the records it indexes: a request
    // that scanned the records would still answer as before; one that reads the index follows it.
    const fakes = createFakes({ clock: '2024-04-01T00:00:00Z', journal: false });
    const sg = fakes.socialGraph;
    const p1 = sg.seed.page({ name: 'P1' }).id;
    const p2 = sg.seed.page({ name: 'P2' }).id;
    sg.seed.user({ id: 'u1', psids: { [p1]: '7001' } });
    sg.seed.token({ type: 'page', token: 'tokP1', pageId: p1 });
    sg.seed.token({ type: 'page', token: 'tokP2', pageId: p2 });
    sg.seed.token({ type: 'user', token: 'tokU', userId: 'me1', pageTasks: { [p1]: ['MANAGE', 'MESSAGING'], [p2]: ['MANAGE'] } });
    expect((await call(fakes, 'POST', `/${p1}/assigned_users`, { user: '91', tasks: ['MANAGE'], access_token: 'tokP1' })).status).toBe(200);
    const base = fakes.snapshot();
    const tamper = (recipe: (s: SocialGraphState) => void) => {
      fakes.restore(produce(base, (d) => recipe(d.socialGraph as SocialGraphState)));
    };
    const thread = async (psid: string) => (await call(fakes, 'POST', `/${p1}/take_thread_control`, { recipient: { id: psid }, access_token: 'tokP1' })).body;
    const accessToken = async () => (await call(fakes, 'GET', `/${p1}`, { fields: 'access_token', access_token: 'tokU' })).body.access_token;
    const accounts = async () =>
      ((await call(fakes, 'GET', '/me/accounts', { access_token: 'tokU' })).body.data as Array<{ id: string; access_token?: string }>).map((r) => [
        r.id,
        r.access_token,
      ]);
    const unassign = async () => (await call(fakes, 'DELETE', `/${p1}/assigned_users`, { user: '91', access_token: 'tokP1' })).body;

    // As seeded: the indexes agree with the records.
    expect(await thread('7001')).toEqual({ success: true });
    expect(await thread('7002')).toMatchObject({ error: { code: 551 } });
    expect(await accessToken()).toBe('tokP1');
    expect(await accounts()).toEqual([
      [p1, 'tokP1'],
      [p2, 'tokP2'],
    ]);

    // take_thread_control asks indexes.psids who a Page-scoped id is.
    tamper((s) => {
      tableDelete(s.indexes.psids, pairKey(p1, '7001'));
      tableSet(s.indexes.psids, pairKey(p1, '7002'), ['u1']);
    });
    expect(await thread('7001')).toMatchObject({ error: { code: 551 } });
    expect(await thread('7002')).toEqual({ success: true });

    // A Page's access_token field and /me/accounts ask indexes.pageTokens for the Page's first token.
    tamper((s) => {
      tableSet(s.indexes.pageTokens, p1, ['tokP2']);
      tableDelete(s.indexes.pageTokens, p2);
    });
    expect(await accessToken()).toBe('tokP2');
    expect(await accounts()).toEqual([
      [p1, 'tokP2'],
      [p2, undefined],
    ]);

    // Removing an assigned user finds its position through indexes.assignments.
    fakes.restore(base);
    expect(await unassign()).toEqual({ success: true });
    tamper((s) => {
      tableDelete(s.indexes.assignments, pairKey(p1, '91'));
    });
    expect(await unassign()).toMatchObject({ error: { code: 100 } });
    await fakes.flush();
  });
});
