import { scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

describe('feed read', () => {
  it('pages a feed to the end with the SDK cursor; paging.next carries access_token, limit, fields, after', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 12 }));
    const { Page } = sdk('tok-1');
    let cursor = await new Page(pageId).getFeed(['message', 'is_published'], { limit: 5 });
    const next = new URL(cursor.paging.next as string);
    expect(next.origin + next.pathname).toBe(`${BASE}/${pageId}/feed`);
    expect(next.searchParams.get('access_token')).toBe('tok-1');
    expect(next.searchParams.get('limit')).toBe('5');
    expect(next.searchParams.get('fields')).toBe('message,is_published');
    expect(next.searchParams.get('after')).toBe(cursor.paging.cursors?.after);
    const seen = cursor.map((p) => p._data.message);
    while (cursor.hasNext()) {
      cursor = await cursor.next();
      seen.push(...cursor.map((p) => p._data.message));
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `Post ${12 - i}`));
    expect(cursor[0]?._data.is_published).toBe(true);
    expect(fakes.calls.where({ operation: 'page/feed.list' }).length).toBe(3);
  });

  it('answers only created_time, message and id by default, and nested from{name}', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 1, name: 'Cafe' }));
    const plain = await get(`/${pageId}/feed`, {}, 't');
    expect(Object.keys((plain.body.data as object[])[0] as object).sort()).toEqual(['created_time', 'id', 'message']);
    expect((plain.body.data as Array<{ created_time: string }>)[0]?.created_time).toBe('2024-04-01T00:00:00+0000');
    const nested = await get(`/${pageId}/feed`, { fields: 'from{name},message' }, 't');
    expect((nested.body.data as Array<Record<string, unknown>>)[0]?.from).toEqual({ name: 'Cafe', id: pageId });
  });

  it('refuses an unknown field with the real (#100) message', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 1 }));
    const r = await get(`/${pageId}/feed`, { fields: 'message,bogus' }, 't');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (bogus) on node type (PagePost)',
      type: 'OAuthException',
    });
    const page = await get(`/${pageId}`, { fields: 'nope' }, 't');
    expect(page.body.error?.message).toBe('(#100) Tried accessing nonexisting field (nope) on node type (Page)');
  });

  it('refuses limit over 100 with error 100 and accepts 100', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 2 }));
    const { Page } = sdk('t');
    const err = await sdkError(new Page(pageId).getFeed(['message'], { limit: 101 }));
    expect(err).toMatchObject({ name: 'FacebookRequestError', status: 400, code: 100 });
    expect((await new Page(pageId).getFeed(['message'], { limit: 100 })).length).toBe(2);
  });

  it('walks backwards with paging.previous and before', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 6 }));
    const first = await get(`/${pageId}/feed`, { limit: '2' }, 't');
    expect(first.body.paging).not.toHaveProperty('previous');
    const second = await fetch((first.body.paging as { next: string }).next).then((r) => r.json());
    const back = await fetch(second.paging.previous).then((r) => r.json());
    expect(back.data.map((p: { message: string }) => p.message)).toEqual(['Post 6', 'Post 5']);
  });

  it('lists unpublished posts with is_published false, and the published/scheduled/visitor/tagged edges', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const other = fakes.socialGraph.seed.page({ name: 'Roaster' }).id;
    const visitor = fakes.socialGraph.seed.user({ name: 'Vera' }).id;
    fakes.socialGraph.seed.post({ pageId, message: 'live' });
    fakes.socialGraph.seed.post({ pageId, message: 'draft', published: false });
    fakes.socialGraph.seed.post({ pageId, message: 'later', published: false, scheduledAt: '2024-04-02T00:00:00Z' });
    fakes.socialGraph.seed.post({ pageId, message: 'hi from Vera', fromId: visitor });
    fakes.socialGraph.seed.post({ pageId: other, message: 'we love Cafe', tagsPages: [pageId] });
    const { Page } = sdk('t');
    const feed = await new Page(pageId).getFeed(['message', 'is_published'], {});
    // The feed also carries public posts of others that tag the Page (issue 19).
    expect(feed.map((p) => [p._data.message, p._data.is_published])).toEqual([
      ['we love Cafe', true],
      ['hi from Vera', true],
      ['later', false],
      ['draft', false],
      ['live', true],
    ]);
    const msgs = async (edge: string) => (await get(`/${pageId}/${edge}`, { fields: 'message' }, 't')).body.data as Array<{ message: string }>;
    expect((await msgs('published_posts')).map((p) => p.message)).toEqual(['live']);
    expect((await msgs('scheduled_posts')).map((p) => p.message)).toEqual(['later']);
    expect((await msgs('visitor_posts')).map((p) => p.message)).toEqual(['hi from Vera']);
    expect((await msgs('tagged')).map((p) => p.message)).toEqual(['we love Cafe']);
    const from = (await get(`/${pageId}/visitor_posts`, { fields: 'from' }, 't')).body.data as Array<{ from: unknown }>;
    expect(from[0]?.from).toEqual({ id: visitor, name: 'Vera' });
  });

  it('serves unversioned paths and records the version used', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 1 }));
    const r = await get(`/${pageId}/feed`, {}, 't', 'https://graph.facebook.com');
    expect(r.status).toBe(200);
    expect(fakes.calls.last()?.version).toBeNull();
    await get(`/${pageId}/feed`, {}, 't', 'https://graph.facebook.com/v19.0');
    expect(fakes.calls.last()?.version).toBe('v19.0');
    expect(fakes.calls.last()?.route).toBe('/{page-id}/feed');
  });

  it('takes the token from an Authorization header too', async () => {
    const { pageId } = fakes.apply(scenarios.pageWithFeed({ posts: 1 }));
    const bearer = await fetch(`${BASE}/${pageId}/feed`, { headers: { authorization: 'Bearer abc' } });
    expect(bearer.status).toBe(200);
    const oauth = await fetch(`${BASE}/${pageId}`, { headers: { authorization: 'OAuth abc' } });
    expect(oauth.status).toBe(200);
    const none = await fetch(`${BASE}/${pageId}`);
    expect(none.status).toBe(400);
    expect((await none.json()).error).toMatchObject({ code: 104, type: 'OAuthException' });
  });
});

describe('bulk seeding', () => {
  it('seed.posts appends in one update after earlier posts, across post buckets, with unique ids', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const first = fakes.socialGraph.seed.post({ pageId, message: 'first' }).id;
    const { ids } = fakes.socialGraph.seed.posts({ pageId, count: 2500, message: (i) => `bulk ${i}` });
    const more = fakes.socialGraph.seed.post({ pageId, message: 'last' }).id;
    expect(new Set([first, ...ids, more]).size).toBe(2502);
    expect(fakes.socialGraph.post(ids[2000] as string)?.fields.message).toBe('bulk 2000');
    const top = await get(`/${pageId}/feed`, { limit: '3', fields: 'message' }, 't');
    expect((top.body.data as Array<{ message: string }>).map((p) => p.message)).toEqual(['last', 'bulk 2499', 'bulk 2498']);
    expect(fakes.socialGraph.edge(pageId, 'published_posts')).toHaveLength(2502);
    expect(fakes.socialGraph.edge(pageId, 'feed')).toEqual([first, ...ids, more]);
  });
});

describe('feed publish', () => {
  it('creates posts through the SDK (JSON body with id) and plain form posts; ids are <page>_<n>', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    const a = await new Page(pageId).createFeed([], { message: 'hello', link: 'https://example.com/a', published: true });
    expect(a._data.id).toMatch(new RegExp(`^${pageId}_\\d+$`));
    const b = await form('POST', `/${pageId}/feed`, { message: 'form post', published: 'false' }, 't');
    expect(b.status).toBe(200);
    const post = await get(`/${b.body.id}`, { fields: 'message,is_published,link' }, 't');
    expect(post.body).toEqual({ message: 'form post', is_published: false, id: b.body.id });
    expect(fakes.calls.where({ operation: 'page/feed.create' }).length).toBe(2);
  });

  it('checks fields= before writing: an unknown field creates nothing', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await form('POST', `/${pageId}/feed`, { message: 'raw', fields: 'bogus' }, 't');
    expect(r.body.error?.code).toBe(100);
    expect(fakes.describe()).toContain(' 0 posts');
  });

  it('answers the written fields with fields= (read-after-write)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await form('POST', `/${pageId}/feed`, { message: 'raw', fields: 'message,is_published,permalink_url' }, 't');
    expect(r.body).toMatchObject({ message: 'raw', is_published: true, id: expect.stringMatching(/_/) });
    expect(r.body.permalink_url).toMatch(/^https:\/\/www\.facebook\.com\//);
  });

  const bad: Array<[string, Record<string, string>, RegExp]> = [
    ['neither link nor message', { published: 'true' }, /link or message/],
    ['an invalid link', { link: 'not a url' }, /link/],
    ['one child attachment', { link: 'https://x.test', child_attachments: JSON.stringify([{ link: 'https://a.test' }]) }, /between 2 and 5/],
    [
      'six child attachments without multi_share_optimized',
      { link: 'https://x.test', child_attachments: JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ link: `https://a${i}.test` }))) },
      /between 2 and 5/,
    ],
    [
      'a schedule 5 minutes ahead',
      { message: 'm', published: 'false', scheduled_publish_time: String(Date.parse('2024-04-01T00:05:00Z') / 1000) },
      /scheduled publish time/,
    ],
    [
      'a schedule 76 days ahead',
      { message: 'm', published: 'false', scheduled_publish_time: String(Date.parse('2024-06-16T00:00:00Z') / 1000) },
      /scheduled publish time/,
    ],
    ['a schedule on a published post', { message: 'm', scheduled_publish_time: String(Date.parse('2024-04-02T00:00:00Z') / 1000) }, /scheduled publish time/],
    ['tags without a place', { message: 'm', tags: '1001,1002' }, /tags without a place/],
    ['a feeling without og_object_id', { message: 'm', og_action_type_id: '383634835006146' }, /og_action_type_id and og_object_id/],
    [
      'a call_to_action of an unknown type',
      { message: 'm', link: 'https://x.test', call_to_action: JSON.stringify({ type: 'FLY_AWAY', value: { link: 'https://x.test' } }) },
      /call_to_action/,
    ],
    [
      'a call_to_action linking elsewhere',
      { link: 'https://x.test', call_to_action: JSON.stringify({ type: 'SHOP_NOW', value: { link: 'https://y.test' } }) },
      /same as the link/,
    ],
    ['a backdated time in the future', { message: 'm', backdated_time: String(Date.parse('2024-05-01T00:00:00Z') / 1000) }, /past/],
    ['a bad backdated_time_granularity', { message: 'm', backdated_time: '1700000000', backdated_time_granularity: 'week' }, /backdated_time_granularity/],
    ['attached_media without media_fbid', { message: 'm', attached_media: JSON.stringify([{ message: 'x' }]) }, /attached_media/],
  ];
  it.each(bad)('refuses %s with error 100', async (_what, params, message) => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await form('POST', `/${pageId}/feed`, params, 't');
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe(100);
    expect(r.body.error?.message).toMatch(message);
    expect(fakes.describe()).toContain(' 0 posts');
  });

  it('accepts 2-10 child attachments with multi_share_optimized and keeps the top 5', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const children = Array.from({ length: 8 }, (_, i) => ({ link: `https://a${i}.test` }));
    const { Page } = sdk('t');
    const r = await new Page(pageId).createFeed([], { link: 'https://x.test', child_attachments: children, multi_share_optimized: true });
    const post = fakes.socialGraph.post(r._data.id as string);
    expect(post?.fields.child_attachments as unknown[]).toHaveLength(5);
  });

  it('accepts tags with a place, a feeling post, a call_to_action, backdating and the neutral media_platformid spelling', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    await new Page(pageId).createFeed([], { message: 'at the cafe', place: '110843418940484', tags: '1001,1002' });
    await new Page(pageId).createFeed([], { message: 'happy', og_action_type_id: '383634835006146', og_object_id: '136050896551329' });
    await new Page(pageId).createFeed([], { link: 'https://x.test', call_to_action: { type: 'SHOP_NOW', value: { link: 'https://x.test' } } });
    await new Page(pageId).createFeed([], { message: 'old', backdated_time: 1600000000, backdated_time_granularity: 'day' });
    await new Page(pageId).createFeed([], { message: 'pics', attached_media: [{ media_platformid: '123' }] });
    const feed = await get(`/${pageId}/feed`, { fields: 'message,call_to_action,backdated_time,place' }, 't');
    const rows = feed.body.data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(5);
    expect(rows[1]?.backdated_time).toBe('2020-09-13T12:26:40+0000');
    expect(rows[2]?.call_to_action).toEqual({ type: 'SHOP_NOW', value: { link: 'https://x.test' } });
    expect(rows[4]?.place).toBe('110843418940484');
  });

  it('takes a thumbnail as a multipart image upload on link posts only', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const fd = new FormData();
    fd.set('link', 'https://x.test');
    fd.set('access_token', 't');
    fd.set('thumbnail', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'thumb.png');
    const ok = await fetch(`${BASE}/${pageId}/feed`, { method: 'POST', body: fd });
    expect(ok.status).toBe(200);
    const id = (await ok.json()).id as string;
    expect(fakes.socialGraph.post(id)?.fields.full_picture).toContain('thumb.png');
    const text = new FormData();
    text.set('link', 'https://x.test');
    text.set('access_token', 't');
    text.set('thumbnail', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    const bad = await fetch(`${BASE}/${pageId}/feed`, { method: 'POST', body: text });
    expect(bad.status).toBe(400);
    const noLink = new FormData();
    noLink.set('message', 'm');
    noLink.set('access_token', 't');
    noLink.set('thumbnail', new Blob([new Uint8Array([1])], { type: 'image/jpeg' }), 'a.jpg');
    expect((await fetch(`${BASE}/${pageId}/feed`, { method: 'POST', body: noLink })).status).toBe(400);
  });

  it('refuses a link the service cannot see', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.url({ url: 'https://intranet.test/x', reachable: false });
    const r = await form('POST', `/${pageId}/feed`, { link: 'https://intranet.test/x' }, 't');
    expect(r.body.error?.code).toBe(100);
  });
});
