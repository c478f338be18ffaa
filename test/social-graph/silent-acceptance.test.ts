/**
 * Silent acceptance (issue 32): inputs the fake used to answer 200 while doing nothing, or doing the
 * wrong thing. Each now gets what the document (or, where it is silent, Graph) prescribes; each test
 * names the rule.
 */
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2025-10-01T00:00:00Z' });

function pageWithToken(name = 'Cafe') {
  const pageId = fakes.socialGraph.seed.page({ name }).id;
  const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
  return { pageId, token };
}

describe('document 4.2: POST /{page_id} takes the listed parameters', () => {
  it('name (not in the list) is (#100) naming it and changes nothing; a listed one (about) is applied', async () => {
    const { pageId, token } = pageWithToken();
    const before = fakes.snapshot();
    const r = await form('POST', `/${pageId}`, { name: 'Renamed' }, token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(r.body.error?.message).toMatch(/^\(#100\) Param name /);
    expect(r.body).not.toHaveProperty('success');
    expect(fakes.snapshot()).toBe(before);
    expect((await get(`/${pageId}`, { fields: 'name' }, token)).body.name).toBe('Cafe');
    expect((await form('POST', `/${pageId}`, { about: 'Coffee' }, token)).body).toEqual({ success: true });
    expect((await get(`/${pageId}`, { fields: 'about' }, token)).body.about).toBe('Coffee');
  });

  it('a listed parameter next to an unknown one is refused whole, through the SDK too', async () => {
    const { pageId, token } = pageWithToken();
    const e = await sdkError(new (sdk(token).Page)(pageId).update([], { about: 'New', abuot: 'typo' }));
    expect(e).toMatchObject({ status: 400, code: 100 });
    expect(e.message).toContain('abuot');
    expect(fakes.socialGraph.page(pageId)?.fields.about).toBeUndefined();
  });
});

describe('document 4.1: "The feed edge cannot update or delete"', () => {
  it("POST /{page-id}/feed carrying an existing post's id is (#100) pointing at the post node; no post is created", async () => {
    const { pageId, token } = pageWithToken();
    const post = (await form('POST', `/${pageId}/feed`, { message: 'first' }, token)).body.id as string;
    const r = await form('POST', `/${pageId}/feed`, { id: post, message: 'edited' }, token);
    expect(r.body.error).toMatchObject({ code: 100 });
    expect(r.body.error?.message).toContain(`/${post}`);
    expect(fakes.socialGraph.edge(pageId, 'feed')).toEqual([post]);
    expect(fakes.socialGraph.post(post)?.fields.message).toBe('first');
  });
});

describe('cursors (document 4.1: paging cursors before and after; Graph: a cursor marks an item of one list)', () => {
  it("a cursor from another Page's feed is (#100), not applied by position", async () => {
    const a = pageWithToken('A');
    const b = pageWithToken('B');
    fakes.socialGraph.seed.posts({ pageId: a.pageId, count: 30 });
    fakes.socialGraph.seed.posts({ pageId: b.pageId, count: 3 });
    const pageOfA = await get(`/${a.pageId}/feed`, { limit: '2' }, a.token);
    const after = (pageOfA.body.paging as { cursors: { after: string } }).cursors.after;
    const r = await get(`/${b.pageId}/feed`, { after }, b.token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    // Another edge of the same Page does not take it either.
    expect((await get(`/${a.pageId}/published_posts`, { after }, a.token)).body.error?.code).toBe(100);
  });

  it('a cursor past the end (the feed restored to fewer posts) answers empty data and no next, not page one again', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.posts({ pageId, count: 3 });
    const small = fakes.snapshot();
    fakes.socialGraph.seed.posts({ pageId, count: 10 });
    const first = await get(`/${pageId}/feed`, { limit: '2' }, token);
    const after = (first.body.paging as { cursors: { after: string } }).cursors.after;
    fakes.restore(small);
    const r = await get(`/${pageId}/feed`, { after, limit: '2' }, token);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body).not.toHaveProperty('paging.next');
  });

  it('garbage after/before cursors are (#100) on every listing, in the query string and in a field expansion', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.posts({ pageId, count: 3 });
    fakes.socialGraph.seed.photo({ pageId, name: 'latte' });
    for (const q of [{ after: 'garbage' }, { before: 'garbage' }] as Array<Record<string, string>>) {
      expect((await get(`/${pageId}/feed`, q, token)).body.error?.code).toBe(100);
      expect((await get(`/${pageId}/photos`, q, token)).body.error?.code).toBe(100);
    }
    expect((await get(`/${pageId}`, { fields: 'name,feed.after(garbage)' }, token)).body.error?.code).toBe(100);
  });
});

describe('limit=0 (Graph: no rows, as `limit(0).summary(true)` clients rely on)', () => {
  it('answers { data: [] } without paging on the feed, an edge and a field expansion; limit 101 stays (#100)', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.posts({ pageId, count: 30 });
    fakes.socialGraph.seed.photo({ pageId, name: 'latte' });
    expect((await get(`/${pageId}/feed`, { limit: '0' }, token)).body).toEqual({ data: [] });
    expect((await get(`/${pageId}/photos`, { limit: '0' }, token)).body).toEqual({ data: [] });
    expect((await get(`/${pageId}`, { fields: 'feed.limit(0)' }, token)).body).toEqual({ feed: { data: [] }, id: pageId });
    expect((await get(`/${pageId}/feed`, { limit: '101' }, token)).body.error?.code).toBe(100);
  });
});

describe('insights metrics (Graph: "(#100) The value must be a valid insights metric")', () => {
  it('an unknown metric is that error, by query, by path and in a field expansion; a known unseeded one answers no rows', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.insight({ pageId, metric: 'page_impressions', period: 'day', values: [{ value: 1, endTime: '2025-09-30T07:00:00Z' }] });
    for (const r of [
      await get(`/${pageId}/insights`, { metric: 'page_imprezzions' }, token),
      await get(`/${pageId}/insights/page_imprezzions`, {}, token),
      await get(`/${pageId}/insights`, { metric: 'page_impressions,nope' }, token),
      await get(`/${pageId}`, { fields: 'insights.metric(nope)' }, token),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 100, message: '(#100) The value must be a valid insights metric' });
    }
    expect((await get(`/${pageId}/insights`, { metric: 'page_post_engagements' }, token)).body).toEqual({ data: [] });
    expect(((await get(`/${pageId}/insights`, { metric: 'page_impressions' }, token)).body.data as unknown[]).length).toBe(1);
  });
});

describe('field expansion modifiers and sub-selections get error 100 as the same input in the query string does', () => {
  it('name{x}: a sub-selection on a one-value field is (#100)', async () => {
    const { pageId, token } = pageWithToken();
    const r = await get(`/${pageId}`, { fields: 'name{x}' }, token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100 });
    expect((await get(`/${pageId}/feed`, { fields: 'message{x}' }, token)).body.error?.code).toBe(100);
  });

  it('message.limit(2): a modifier on a field that takes none is (#100), on the feed and inside feed{...}', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.post({ pageId, message: 'hello' });
    expect((await get(`/${pageId}/feed`, { fields: 'message.limit(2)' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}`, { fields: 'feed{message.limit(2)}' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}`, { fields: 'name.limit(2)' }, token)).body.error?.code).toBe(100);
    // Inside a sub-selection too.
    expect((await get(`/${pageId}/feed`, { fields: 'from{name.limit(2)}' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}/feed`, { fields: 'from{name}' }, token)).body.data).toEqual([{ from: { name: 'Cafe', id: pageId }, id: expect.any(String) }]);
  });

  it('feed.after(garbage) is (#100) as /feed?after=garbage is; feed.after(<a real cursor>) pages', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.posts({ pageId, count: 3, message: 'post' });
    expect((await get(`/${pageId}/feed`, { after: 'garbage' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}`, { fields: 'feed.after(garbage)' }, token)).body.error?.code).toBe(100);
    const first = await get(`/${pageId}`, { fields: 'feed.limit(2){message}' }, token);
    const feed = first.body.feed as { data: Array<{ message: string }>; paging: { cursors: { after: string } } };
    expect(feed.data.map((p) => p.message)).toEqual(['post 3', 'post 2']);
    const next = await get(`/${pageId}`, { fields: `feed.limit(2).after(${feed.paging.cursors.after}){message}` }, token);
    expect((next.body.feed as { data: Array<{ message: string }> }).data.map((p) => p.message)).toEqual(['post 1']);
  });

  it("nested messages.limit(1) pages a conversation's messages as /{conversation-id}/messages?limit=1 does; a bad limit is (#100)", async () => {
    const { pageId, token } = pageWithToken();
    const visitor = fakes.socialGraph.seed.user({ name: 'Vera' }).id;
    const thread = fakes.socialGraph.seed.conversation({
      pageId,
      userId: visitor,
      messages: [
        { from: visitor, message: 'open?' },
        { from: 'page', message: 'until 6' },
        { from: visitor, message: 'thanks' },
      ],
    }).id;
    const direct = await get(`/${thread}/messages`, { limit: '1', fields: 'message' }, token);
    const nested = await get(`/${pageId}/conversations`, { fields: 'messages.limit(1){message}' }, token);
    const [row] = nested.body.data as Array<{ messages: { data: unknown[]; paging: { next?: string } } }>;
    expect(row?.messages.data).toEqual(direct.body.data);
    expect(row?.messages.data).toHaveLength(1);
    expect(row?.messages.paging.next).toEqual(expect.stringContaining(`/${thread}/messages?`));
    expect((await get(`/${thread}`, { fields: 'messages.limit(1){message}' }, token)).body.messages).toEqual(row?.messages);
    expect((await get(`/${thread}/messages`, { limit: 'x' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}/conversations`, { fields: 'messages.limit(x)' }, token)).body.error?.code).toBe(100);
  });

  it('junk since/until in an insights expansion is (#100) as ?since=junk is', async () => {
    const { pageId, token } = pageWithToken();
    fakes.socialGraph.seed.insight({ pageId, metric: 'page_impressions', period: 'day', values: [{ value: 1, endTime: '2025-09-30T07:00:00Z' }] });
    expect((await get(`/${pageId}/insights`, { metric: 'page_impressions', since: 'junk' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}`, { fields: 'insights.metric(page_impressions).since(junk)' }, token)).body.error?.code).toBe(100);
    expect((await get(`/${pageId}`, { fields: 'insights.metric(page_impressions).until(junk)' }, token)).body.error?.code).toBe(100);
    const ok = await get(`/${pageId}`, { fields: 'insights.metric(page_impressions).since(2025-09-01)' }, token);
    expect((ok.body.insights as { data: unknown[] }).data).toHaveLength(1);
  });
});
