import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { type Answer, BASE, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

/** A Page with a Page token (every task), a user token with a task on it and an app token. */
function pageAndTokens() {
  const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
  const page = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] });
  const user = fakes.socialGraph.seed.token({ type: 'user', pageId, tasks: ['MANAGE', 'MODERATE'] });
  const app = fakes.socialGraph.seed.token({ type: 'app' });
  return { pageId, page, user, app };
}

// Graph's answer to a user or app token on an edge that needs a Page token, as captured in
// https://github.com/halsandr/Facebook_Connector/issues/1 (and facebook-php-business-sdk#428):
// {"error":{"message":"(#190) This method must be called with a Page Access Token","type":"OAuthException","code":190,"fbtrace_id":"..."}}
const PAGE_TOKEN_ONLY = { message: '(#190) This method must be called with a Page Access Token', type: 'OAuthException', code: 190 };

describe('people on Page edges need a Page token (section 5)', () => {
  it("roles: a user token gets Graph's 190, no names; a Page token lists the people", async () => {
    const { pageId, page, user, app } = pageAndTokens();
    fakes.socialGraph.seed.role({ pageId, name: 'Ana Lima', tasks: ['MODERATE'] });
    for (const t of [user, app]) {
      const r = await get(`/${pageId}/roles`, {}, t);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject(PAGE_TOKEN_ONLY);
      expect(r.body.error).not.toHaveProperty('error_subcode');
      expect(JSON.stringify(r.body)).not.toContain('Ana');
      expect((await sdkError(new (sdk(t).Page)(pageId).getRoles([], {}))).code).toBe(190);
    }
    const rows = await new (sdk(page).Page)(pageId).getRoles([], {});
    expect(rows.map((x) => x._data)).toEqual([{ name: 'Ana Lima', id: expect.stringMatching(/^\d+$/), tasks: ['MODERATE'] }]);
  });

  it('assigned_users: a user token gets 190 too; a Page token with MANAGE lists them', async () => {
    const { pageId, page, user } = pageAndTokens();
    await new (sdk(page).Page)(pageId).createAssignedUser([], { user: '555', tasks: ['MODERATE'] });
    const r = await get(`/${pageId}/assigned_users`, {}, user);
    expect(r.body.error).toMatchObject(PAGE_TOKEN_ONLY);
    expect((await get(`/${pageId}/assigned_users`, {}, page)).body.data).toEqual([{ id: '555', name: 'User 555', tasks: ['MODERATE'] }]);
  });

  it('the same person with roles on two Pages keeps each Page’s tasks', async () => {
    const a = pageAndTokens();
    const b = pageAndTokens();
    const person = fakes.socialGraph.seed.user({ name: 'Ana' }).id;
    fakes.socialGraph.seed.role({ pageId: a.pageId, userId: person, tasks: ['MANAGE'] });
    fakes.socialGraph.seed.role({ pageId: b.pageId, userId: person, tasks: ['ANALYZE'] });
    expect((await get(`/${a.pageId}/roles`, { fields: 'id,tasks' }, a.page)).body.data).toEqual([{ id: person, tasks: ['MANAGE'] }]);
    expect((await get(`/${b.pageId}/roles`, { fields: 'id,tasks' }, b.page)).body.data).toEqual([{ id: person, tasks: ['ANALYZE'] }]);
  });
});

describe('edge nodes are readable by their own id', () => {
  it('a photo, a video, a live video and an album answer GET /{id} with fields=, as on their edge', async () => {
    const { pageId, page, app } = pageAndTokens();
    const photo = fakes.socialGraph.seed.photo({ pageId, name: 'Latte art', createdTime: '2024-03-01T09:00:00Z' }).id;
    const video = fakes.socialGraph.seed.video({ pageId, title: 'Opening day', description: 'We open' }).id;
    const live = fakes.socialGraph.seed.video({ pageId, title: 'Live now', live: true }).id;
    const album = fakes.socialGraph.seed.edgeNode({ pageId, edge: 'albums', fields: { name: 'Summer', count: 12 } }).id;
    const b = sdk(page);
    expect((await new b.Photo(photo).get(['name', 'created_time', 'from']))._data).toEqual({
      id: photo,
      name: 'Latte art',
      created_time: '2024-03-01T09:00:00+0000',
      from: { name: 'Cafe', id: pageId },
    });
    // The SDK's AdVideo class has no get(): plain fetch.
    expect((await get(`/${video}`, { fields: 'description,title' }, page)).body).toEqual({ description: 'We open', title: 'Opening day', id: video });
    expect((await new b.LiveVideo(live).get(['status', 'title']))._data).toMatchObject({ id: live, status: 'LIVE', title: 'Live now' });
    expect((await new b.Album(album).get(['name', 'count']))._data).toEqual({ id: album, name: 'Summer', count: 12 });
    // Without fields=: the edge's default fields.
    const photoRow = ((await get(`/${pageId}/photos`, {}, page)).body.data as unknown[])[0];
    expect((await get(`/${photo}`, {}, page)).body).toEqual(photoRow);
    // Public edges are public nodes: an app token with the public-content feature reads the photo.
    expect((await get(`/${photo}`, { fields: 'name' }, app)).body).toEqual({ name: 'Latte art', id: photo });
    // An unknown field names the node type, as on the edge.
    expect((await get(`/${photo}`, { fields: 'zz' }, page)).body.error?.message).toBe('(#100) Tried accessing nonexisting field (zz) on node type (Photo)');
    expect(fakes.unmatched).toEqual([]);
    expect(fakes.calls.where({ path: `/${photo}` }).last()?.route).toBe('/{photo-id}');
    expect(fakes.calls.where({ path: `/${video}` }).last()?.operation).toBe('video.get');
    // An id nothing has still answers 100/33.
    expect((await get('/300000000099999', {}, page)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('a conversation, its messages edge and a message by id, for a Page token only', async () => {
    const { pageId, page, user } = pageAndTokens();
    const vera = fakes.socialGraph.seed.user({ name: 'Vera' }).id;
    const thread = fakes.socialGraph.seed.conversation({
      pageId,
      userId: vera,
      messages: [
        { from: vera, message: 'Open today?', createdTime: '2024-03-31T08:00:00Z' },
        { from: 'page', message: 'Until 6pm', createdTime: '2024-03-31T08:05:00Z' },
        { from: vera, message: 'Thanks', createdTime: '2024-03-31T08:06:00Z' },
      ],
    }).id;
    const b = sdk(page);
    const conv = await new b.UnifiedThread(thread).get(['message_count', 'snippet', 'participants']);
    expect(conv._data).toMatchObject({ id: thread, message_count: 3, snippet: 'Thanks', participants: { data: [{ id: vera, name: 'Vera' }, { id: pageId }] } });
    // Newest first, id and created_time by default, paged.
    const first = await new b.UnifiedThread(thread).getMessages([], { limit: 2 });
    expect(first.map((m) => m._data)).toEqual([
      { id: expect.stringMatching(/^m_/), created_time: '2024-03-31T08:06:00+0000' },
      { id: expect.stringMatching(/^m_/), created_time: '2024-03-31T08:05:00+0000' },
    ]);
    expect(first.hasNext()).toBe(true);
    const oldest = await first.next();
    expect(oldest.map((m) => m._data.created_time)).toEqual(['2024-03-31T08:00:00+0000']);
    const mid = oldest[0]?._data.id as string;
    const msg = await get(`/${mid}`, { fields: 'message,from,to,created_time' }, page);
    expect(msg.body).toEqual({
      message: 'Open today?',
      from: { name: 'Vera', id: vera },
      to: { data: [{ name: 'Cafe', id: pageId }] },
      created_time: '2024-03-31T08:00:00+0000',
      id: mid,
    });
    // The conversation's rule holds by id too: a user token gets Graph's 190 and no message.
    for (const path of [`/${thread}`, `/${thread}/messages`, `/${mid}`]) {
      const r = await get(path, { fields: 'id' }, user);
      expect(r.body.error, path).toMatchObject(PAGE_TOKEN_ONLY);
    }
    expect(fakes.calls.where({ path: `/${thread}/messages` }).last()?.route).toBe('/{conversation-id}/messages');
    expect(fakes.unmatched).toEqual([]);
  });

  it('a persona written through the API is readable by id', async () => {
    const { pageId, page } = pageAndTokens();
    const created = await new (sdk(page).Page)(pageId).createPersona([], { name: 'Ada', profile_picture_url: 'https://x.test/ada.png' });
    const id = created._data.id as string;
    expect((await new (sdk(page).Persona)(id).get(['name', 'profile_picture_url']))._data).toEqual({
      id,
      name: 'Ada',
      profile_picture_url: 'https://x.test/ada.png',
    });
  });
});

describe('insights by metric path', () => {
  async function seeded() {
    const h = pageAndTokens();
    const sg = fakes.socialGraph.seed;
    const days = ['2024-03-29T07:00:00Z', '2024-03-30T07:00:00Z', '2024-03-31T07:00:00Z'].map((endTime, i) => ({ value: 10 * (i + 1), endTime }));
    sg.insight({ pageId: h.pageId, metric: 'page_impressions', period: 'day', values: days });
    sg.insight({ pageId: h.pageId, metric: 'page_impressions', period: 'week', values: [{ value: 60, endTime: '2024-03-31T07:00:00Z' }] });
    sg.insight({ pageId: h.pageId, metric: 'page_fans', period: 'day', values: [{ value: 5, endTime: '2024-03-31T07:00:00Z' }] });
    return h;
  }

  it('GET /{page-id}/insights/{metric} answers that metric from the same store as ?metric=', async () => {
    const { pageId, page } = await seeded();
    const byPath = await get(`/${pageId}/insights/page_impressions`, {}, page);
    expect(byPath.status).toBe(200);
    expect(byPath.body.data).toEqual((await get(`/${pageId}/insights`, { metric: 'page_impressions' }, page)).body.data);
    expect((byPath.body.data as Array<{ name: string; period: string }>).map((m) => [m.name, m.period])).toEqual([
      ['page_impressions', 'day'],
      ['page_impressions', 'week'],
    ]);
    // period as a query parameter or as the next path segment (Graph's insights ids are <page>/insights/<metric>/<period>).
    const day = await get(`/${pageId}/insights/page_impressions`, { period: 'day' }, page);
    const dayPath = await get(`/${pageId}/insights/page_impressions/day`, {}, page);
    expect(day.body.data).toEqual(dayPath.body.data);
    expect(dayPath.body.data).toEqual([expect.objectContaining({ id: `${pageId}/insights/page_impressions/day`, name: 'page_impressions', period: 'day' })]);
    expect(fakes.calls.where({ path: `/${pageId}/insights/page_impressions/day` }).last()).toMatchObject({
      route: '/{page-id}/insights/{metric}/{period}',
      operation: 'page/insights.list',
    });
    expect(fakes.unmatched).toEqual([]);
  });

  it('since and until keep the values whose end_time falls in the window (Unix seconds or dates), on both paths', async () => {
    const { pageId, page } = await seeded();
    const since = String(Date.parse('2024-03-29T12:00:00Z') / 1000);
    const values = (r: Answer) => (r.body.data as Array<{ values: Array<{ value: number }> }>)[0]?.values.map((v) => v.value);
    expect(values(await get(`/${pageId}/insights/page_impressions/day`, { since }, page))).toEqual([20, 30]);
    expect(values(await get(`/${pageId}/insights/page_impressions/day`, { since, until: '2024-03-30T07:00:00+0000' }, page))).toEqual([20]);
    expect(values(await get(`/${pageId}/insights`, { metric: 'page_impressions', period: 'day', until: '2024-03-29' }, page))).toEqual([]);
    const bad = await get(`/${pageId}/insights/page_impressions`, { since: 'yesterday-ish' }, page);
    expect(bad.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    const badMetric = await fetch(`${BASE}/${pageId}/insights/page%20impressions?access_token=${page}`);
    expect(badMetric.status).toBe(400);
    expect(((await badMetric.json()) as { error: { code: number } }).error.code).toBe(100);
  });
});
