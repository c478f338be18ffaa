import bizSdk from 'facebook-nodejs-business-sdk';
import type { Cursor } from 'facebook-nodejs-business-sdk';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { existsSync, readFileSync } from 'node:fs';
import { DOCUMENT_EDGE_DESCRIPTIONS as descriptions, DOCUMENT_EDGE_LIST, DOCUMENT_EDGES as EDGES, GRAPH_NAMES } from './document-edges.js';
import { BASE, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

/** The social graph document, where the workspace has it (the list below is also kept verbatim in document-edges.ts). */
const SEED = '/work/shared/seeds/001_583dfdf003dcea52.txt';

/** The Business SDK's own Page getters: edge → { method, node type } (read by calling each getter with getEdge spied). */
function sdkEdges(): Record<string, { method: string; nodeType: string }> {
  const proto = bizSdk.Page.prototype as unknown as Record<string, unknown> & { getEdge: (...a: unknown[]) => unknown };
  const original = proto.getEdge;
  const out: Record<string, { method: string; nodeType: string }> = {};
  let seen: { nodeType: string; path: string } | null = null;
  proto.getEdge = (T: unknown, _f: unknown, _p: unknown, _fetch: unknown, path: unknown) => {
    seen = { nodeType: (T as { name: string }).name, path: String(path) };
    return Promise.resolve([]);
  };
  try {
    const page = new bizSdk.Page('1') as unknown as Record<string, (f: string[], p: object) => unknown>;
    for (const name of Object.getOwnPropertyNames(bizSdk.Page.prototype)) {
      if (!/^get[A-Z]/.test(name) || typeof page[name] !== 'function') continue;
      seen = null;
      try {
        page[name]?.([], {});
      } catch {
        continue;
      }
      const s = seen as { nodeType: string; path: string } | null;
      if (s) out[s.path.replace(/^\//, '')] = { method: name, nodeType: s.nodeType };
    }
  } finally {
    proto.getEdge = original;
  }
  return out;
}
const SDK = sdkEdges();

/** The Business SDK's class of a node type (its static `Fields` lists the type's fields). */
function sdkClass(nodeType: string): { Fields: Record<string, string> } {
  return (bizSdk as unknown as Record<string, { Fields: Record<string, string> }>)[nodeType] as { Fields: Record<string, string> };
}

/** Fields Graph answers on an edge that the node type's class does not list (a role's tasks, a subscription's fields). */
const EDGE_EXTRA: Record<string, string[]> = {
  roles: ['tasks'],
  assigned_users: ['tasks'],
  subscribed_apps: ['subscribed_fields'],
  // The SDK types the videos edge as AdVideo, a thin class; Graph answers its Video node there.
  videos: ['description', 'updated_time'],
};

/** Node types without an id: rows are told apart by a field of their own (seeded distinct). */
const DISTINCT_FIELD: Record<string, string> = {
  canvas_elements: 'element',
  chat_plugin: 'welcome_screen_greeting',
  ctx_optimization_eligibility: 'ctm',
  custom_user_settings: 'page_level_persistent_menu',
  messaging_feature_review: 'feature',
  messenger_call_settings: 'audio_enabled',
  messenger_profile: 'greeting',
  shop_setup_status: 'shop_setup',
};

/** Seeds three rows on an edge (where rows can be seeded) and returns the Page; the token holds every task. */
function seedThree(edge: string, pageId: string): number {
  const g = fakes.socialGraph.seed;
  const three = (f: (i: number) => void) => [0, 1, 2].forEach(f);
  switch (edge) {
    case 'feed':
    case 'posts':
    case 'published_posts':
      three((i) => g.post({ pageId, message: `p${i}` }));
      return 3;
    case 'scheduled_posts':
      three((i) => g.post({ pageId, message: `s${i}`, scheduledAt: `2024-04-0${2 + i}T00:00:00Z` }));
      return 3;
    case 'ads_posts':
      three((i) => g.post({ pageId, message: `a${i}`, adPost: true, published: false }));
      return 3;
    case 'visitor_posts': {
      const u = g.user({ name: 'Visitor' }).id;
      three((i) => g.post({ pageId, message: `v${i}`, fromId: u }));
      return 3;
    }
    case 'tagged': {
      const other = g.page({ name: 'Other' }).id;
      three((i) => g.post({ pageId: other, message: `t${i}`, tagsPages: [pageId] }));
      return 3;
    }
    case 'photos':
      three((i) => g.photo({ pageId, name: `photo ${i}` }));
      return 3;
    case 'videos':
      three((i) => g.video({ pageId, title: `video ${i}` }));
      return 3;
    case 'live_videos':
      three((i) => g.video({ pageId, title: `live ${i}`, live: true }));
      return 3;
    case 'ratings':
      three((i) => g.rating({ pageId, reviewText: `review ${i}` }));
      return 3;
    case 'conversations':
      three((i) => g.conversation({ pageId, messages: [{ from: 'page', message: `hello ${i}` }] }));
      return 3;
    case 'insights':
      three((i) => g.insight({ pageId, metric: `page_metric_${i}`, period: 'day', values: [{ value: i, endTime: '2024-03-31T07:00:00Z' }] }));
      return 3;
    case 'roles':
      three((i) => g.role({ pageId, name: `Person ${i}`, tasks: ['MODERATE'] }));
      return 3;
    case 'tabs':
      three((i) => g.tab({ pageId, name: `Tab ${i}` }));
      return 3;
    case 'settings':
      three((i) => g.setting({ pageId, setting: `SETTING_${i}`, value: i % 2 === 0 }));
      return 3;
    case 'locations':
      three(() => g.page({ parentPageId: pageId }));
      return 3;
    case 'likes':
    case 'global_brand_children':
    case 'crosspost_whitelisted_pages':
      three((i) => g.edgeNode({ pageId, edge, id: g.page({ name: `Linked ${i}` }).id }));
      return 3;
    case 'subscribed_apps':
      g.subscription({ pageId, fields: ['feed'] });
      return 1;
    case 'assigned_users':
    case 'personas':
    case 'leadgen_forms':
    case 'picture':
    case 'threads':
    case 'thread_owner':
      return 0;
    default: {
      const key = DISTINCT_FIELD[edge];
      three((i) => g.edgeNode({ pageId, edge, fields: key ? { [key]: `${edge} ${i}` } : {} }));
      return 3;
    }
  }
}

describe('every Page edge of the document', () => {
  it.skipIf(!existsSync(SEED))('copies the list of the social graph document verbatim', () => {
    const line = readFileSync(SEED, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Page experiments;'));
    expect(line).toBe(DOCUMENT_EDGE_LIST);
  });

  it('maps every edge the document lists to a Graph edge name', () => {
    expect(descriptions.length).toBeGreaterThanOrEqual(54);
    expect(descriptions.filter((d) => GRAPH_NAMES[d] === undefined)).toEqual([]);
    // The SDK (Meta's generated client) knows every name but one, which Graph documents without an SDK getter.
    expect(EDGES.filter((e) => SDK[e] === undefined)).toEqual(['audio_media_copyrights']);
  });

  it.each(EDGES)('%s has a route, answers its node type and pages with cursors', async (edge) => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] });
    const seeded = seedThree(edge, pageId);
    const known = SDK[edge];

    if (edge === 'picture') {
      // The SDK's getPicture cannot read Graph's `{ data: { ... } }` (not a list), so plain fetch.
      const res = await fetch(`${BASE}/${pageId}/picture?access_token=${token}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^https:\/\//);
      const json = await get(`/${pageId}/picture`, { redirect: 'false' }, token);
      expect(Object.keys(json.body.data as object).sort()).toEqual(['height', 'is_silhouette', 'url', 'width']);
      for (const f of Object.keys(json.body.data as object)) expect(Object.keys(sdkClass('ProfilePictureSource').Fields)).toContain(f);
    } else if (edge === 'threads') {
      const { Page } = sdk(token);
      const e = await sdkError(new Page(pageId).getThreads([], {}));
      expect(e).toMatchObject({ name: 'FacebookRequestError', status: 400, code: 12 });
      expect(e.message).toMatch(/deprecated.*conversations/);
    } else if (edge === 'thread_owner') {
      const { Page } = sdk(token);
      const owners = await new Page(pageId).getThreadOwner([], { recipient: '1234567890' });
      expect(owners.map((o) => o._data)).toEqual([{ thread_owner: { app_id: expect.stringMatching(/^\d+$/) } }]);
    } else {
      // An unknown field names the node type: it must be the node type the SDK declares for the edge.
      const bad = await get(`/${pageId}/${edge}`, { fields: 'zz_not_a_field' }, token);
      expect(bad.status).toBe(400);
      if (known) expect(bad.body.error?.message).toBe(`(#100) Tried accessing nonexisting field (zz_not_a_field) on node type (${known.nodeType})`);

      if (known) {
        const { Page } = sdk(token);
        const page = new Page(pageId) as unknown as Record<string, (f: string[], p: object) => Promise<Cursor>>;
        const first = await (page[known.method] as (f: string[], p: object) => Promise<Cursor>).call(page, [], { limit: 2 });
        expect(first.length).toBe(Math.min(2, seeded));
        // Default fields are fields of the node type (the SDK class lists them), plus what Graph adds on this edge.
        const allowed = [...Object.keys(sdkClass(known.nodeType).Fields), ...(EDGE_EXTRA[edge] ?? [])];
        for (const row of first) for (const f of Object.keys(row._data)) expect(allowed, `${edge}: ${f}`).toContain(f);
        if (seeded === 3) {
          expect(first.hasNext()).toBe(true);
          // The SDK's cursor loads the next page into itself: read the rows before moving on.
          const rows = first.map((r) => JSON.stringify(r._data));
          const second = await first.next();
          expect(second.length).toBe(1);
          rows.push(...second.map((r) => JSON.stringify(r._data)));
          expect(new Set(rows).size).toBe(3);
        }
      }
      const r = await get(`/${pageId}/${edge}`, { limit: '2' }, token);
      expect(r.status).toBe(200);
      expect((r.body.data as unknown[]).length).toBe(Math.min(2, seeded));
      if (seeded === 3) {
        const paging = r.body.paging as { next: string; previous?: string; cursors: { before: string; after: string } };
        expect(paging.previous).toBeUndefined();
        const second = await (await fetch(paging.next)).json();
        expect(second.data).toHaveLength(1);
        // `before` (paging.previous) goes back to the first page.
        const back = await (await fetch(second.paging.previous)).json();
        expect(back.data).toEqual(r.body.data);
        const viaBefore = await get(`/${pageId}/${edge}`, { limit: '2', before: second.paging.cursors.before }, token);
        expect(viaBefore.body.data).toEqual(r.body.data);
      }
    }
    expect(fakes.unmatched).toEqual([]);
    const calls = fakes.calls.where({ service: 'socialGraph', path: `/${pageId}/${edge}` });
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c.operation).toBe(`page/${edge}.list`);
  });
});
