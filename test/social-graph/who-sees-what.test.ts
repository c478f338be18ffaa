/**
 * Who sees what (issue 32): the document's token rules for user information, the post's
 * `admin_creator`, the Page's `business`, and Page insights. Each test names the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2025-10-01T00:00:00Z' });

/**
 * A Page with a Page token, a user token with a role, an app token (its app has the public-content
 * features), a bare app token (no feature, no permission) and a person.
 */
function setup() {
  const sg = fakes.socialGraph.seed;
  const pageId = sg.page({ name: 'Cafe' }).id;
  const person = sg.user({ name: 'Ana Admin' }).id;
  const bareApp = sg.app({ features: [] }).id;
  return {
    pageId,
    person,
    page: sg.token({ type: 'page', pageId }),
    user: sg.token({ type: 'user', pageId, tasks: ['MODERATE'] }),
    app: sg.token({ type: 'app' }),
    bare: sg.token({ type: 'app', appId: bareApp, permissions: [] }),
  };
}

describe('document 5: "A Page token is needed for any field that may include user information"', () => {
  it('GET /{user-id}?fields=name: a Page token reads the name; an app token with no feature or permission gets (#200), not the name', async () => {
    const { person, page, app, bare } = setup();
    expect((await get(`/${person}`, { fields: 'name' }, page)).body).toEqual({ name: 'Ana Admin', id: person });
    for (const t of [bare, app]) {
      const refused = await get(`/${person}`, { fields: 'name' }, t);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
      expect(JSON.stringify(refused.body)).not.toContain('Ana Admin');
      // The default fields (name, id) are user information too.
      expect((await get(`/${person}`, {}, t)).body.error?.code).toBe(200);
    }
  });

  it("a user token reads its own user (/me) but not another person's name; id alone answers every caller", async () => {
    const { person, user, bare } = setup();
    const me = await get('/me', { fields: 'name,id' }, user);
    expect(me.status).toBe(200);
    expect(me.body.name).toEqual(expect.any(String));
    const other = await get(`/${person}`, { fields: 'name' }, user);
    expect(other.body.error?.code).toBe(200);
    expect((await get(`/${person}`, { fields: 'id' }, bare)).body).toEqual({ id: person });
  });

  it('the people the Page-token-only roles edge hides are not named through /{user-id} either', async () => {
    const { pageId, page, user, app } = setup();
    const role = fakes.socialGraph.seed.role({ pageId, name: 'Rita Role', tasks: ['MODERATE'] }).id;
    expect(((await get(`/${pageId}/roles`, {}, page)).body.data as Array<{ id: string }>).map((r) => r.id)).toContain(role);
    for (const t of [user, app]) {
      const r = await get(`/${role}`, {}, t);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).not.toContain('Rita Role');
    }
  });
});

describe('document 2.1: admin_creator "Needs a Page access token"', () => {
  it('answers the admin to a Page token of the post Page only; a user token with a role and an app token get the post without it', async () => {
    const { pageId, page, user, app } = setup();
    const admin = { name: 'Ana Admin', id: '5001' };
    const post = fakes.socialGraph.seed.post({ pageId, message: 'hello', fields: { admin_creator: admin } }).id;
    expect((await get(`/${post}`, { fields: 'message,admin_creator' }, page)).body).toMatchObject({ message: 'hello', admin_creator: admin });
    for (const t of [user, app]) {
      const r = await get(`/${post}`, { fields: 'message,admin_creator' }, t);
      expect(r.body.message).toBe('hello');
      expect(r.body).not.toHaveProperty('admin_creator');
      const feed = await get(`/${pageId}/feed`, { fields: 'admin_creator' }, t);
      expect(feed.body.data).toEqual([{ id: post }]);
    }
  });

  it("a Page token of another Page does not see this Page's admin", async () => {
    const { pageId } = setup();
    const otherPage = fakes.socialGraph.seed.page({ name: 'Roaster' }).id;
    const other = fakes.socialGraph.seed.token({ type: 'page', pageId: otherPage });
    const post = fakes.socialGraph.seed.post({ pageId, message: 'hello', fields: { admin_creator: { name: 'Ana', id: '5001' } } }).id;
    expect((await get(`/${post}`, { fields: 'admin_creator' }, other)).body).toEqual({ id: post });
  });
});

describe('document 2.2: business "needs business_management permission and an admin"', () => {
  it('an admin (MANAGE) with business_management reads it; business_management without MANAGE, or an app token, get (#200)', async () => {
    const sg = fakes.socialGraph.seed;
    const pageId = sg.page({ name: 'Cafe', fields: { business: { id: '777', name: 'Acme' } } }).id;
    const admin = sg.token({ type: 'user', pageId, tasks: ['MANAGE', 'MODERATE'], permissions: ['pages_read_engagement', 'business_management'] });
    const moderator = sg.token({ type: 'user', pageId, tasks: ['MODERATE'], permissions: ['pages_read_engagement', 'business_management'] });
    const app = sg.token({ type: 'app', permissions: ['business_management'] });
    expect((await get(`/${pageId}`, { fields: 'business' }, admin)).body).toEqual({ business: { id: '777', name: 'Acme' }, id: pageId });
    for (const t of [moderator, app]) {
      const r = await get(`/${pageId}`, { fields: 'business' }, t);
      expect(r.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
    }
  });
});

describe('insights: "A Page access token requested by a person who can perform the ANALYZE task", with read_insights (Graph)', () => {
  function seeded() {
    const h = setup();
    fakes.socialGraph.seed.insight({ pageId: h.pageId, metric: 'page_impressions', period: 'day', values: [{ value: 7, endTime: '2025-09-30T07:00:00Z' }] });
    return h;
  }

  it('a user token with a task on the Page (ANALYZE included) gets (#190) Page access token, not the metrics; a Page token with ANALYZE and read_insights reads them', async () => {
    const { pageId } = seeded();
    const user = fakes.socialGraph.seed.token({
      type: 'user',
      pageId,
      tasks: ['ANALYZE', 'MODERATE'],
      permissions: ['pages_read_engagement', 'read_insights'],
    });
    const e = await sdkError(new (sdk(user).Page)(pageId).getInsights([], { metric: 'page_impressions' }));
    expect(e).toMatchObject({ status: 400, code: 190, type: 'OAuthException', message: '(#190) This method must be called with a Page Access Token' });
    const token = fakes.socialGraph.seed.token({
      type: 'page',
      pageId,
      tasks: ['ANALYZE', 'MODERATE'],
      permissions: ['pages_read_engagement', 'read_insights'],
    });
    const rows = await new (sdk(token).Page)(pageId).getInsights([], { metric: 'page_impressions' });
    expect(rows.map((r) => r._data.name)).toEqual(['page_impressions']);
  });

  it('a Page token without ANALYZE, or without read_insights, gets (#200) on the edge, by path and in a Page expansion', async () => {
    const { pageId } = seeded();
    const noTask = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['MODERATE'], permissions: ['pages_read_engagement', 'read_insights'] });
    const noPermission = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['ANALYZE', 'MODERATE'], permissions: ['pages_read_engagement'] });
    for (const t of [noTask, noPermission]) {
      expect((await get(`/${pageId}/insights`, { metric: 'page_impressions' }, t)).body.error).toMatchObject({ code: 200 });
      expect((await get(`/${pageId}/insights/page_impressions`, {}, t)).body.error).toMatchObject({ code: 200 });
      expect((await get(`/${pageId}`, { fields: 'insights.metric(page_impressions)' }, t)).body.error).toMatchObject({ code: 200 });
    }
  });
});
