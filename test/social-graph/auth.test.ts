import { appSecretProof } from 'stuntdouble/social-graph';
import { createFakes, scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

describe('tokens', () => {
  it('lenient mode lets any token through and journals it as unseeded; no token is 104', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    expect((await get(`/${pageId}`, {}, 'anything')).status).toBe(200);
    expect(fakes.calls.last()?.token).toBe('unseeded');
    expect(JSON.stringify(fakes.calls.last())).not.toContain('anything');
    const none = await get(`/${pageId}`);
    expect(none.body.error).toMatchObject({ code: 104, type: 'OAuthException', message: '(#104) An access token is required to request this resource.' });
    expect(fakes.calls.last()?.token).toBeNull();
  });

  it('seeding a token turns the permission model on: unknown tokens get 190, seeded ones are journaled by label', async () => {
    const { pageId, token } = fakes.apply(scenarios.pageWithFeed({ posts: 1, pageToken: true }));
    const err = await sdkError(new (sdk('EAAbogus').Page)(pageId).get(['name']));
    expect(err).toMatchObject({
      name: 'FacebookRequestError',
      status: 400,
      code: 190,
      type: 'OAuthException',
      message: 'Invalid OAuth access token - Cannot parse access token',
    });
    await new (sdk(token as string).Page)(pageId).get(['name']);
    expect(fakes.calls.last()?.token).toBe('page-token');
  });

  it('strict mode refuses unseeded tokens even with none seeded', async () => {
    fakes.uninstall();
    const strict = createFakes({ auth: 'strict' }).install();
    try {
      const pageId = strict.socialGraph.seed.page().id;
      expect((await get(`/${pageId}`, {}, 'x')).body.error?.code).toBe(190);
    } finally {
      strict.uninstall();
    }
  });

  it('invalidToken scenario: 190, and 190/463 for the expired token', async () => {
    const h = fakes.apply(scenarios.invalidToken());
    expect((await get(`/${h.pageId}/feed`, {}, h.token)).body.error?.code).toBe(190);
    expect((await get(`/${h.pageId}/feed`, {}, h.expiredToken)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await get(`/${h.pageId}/feed`, {}, h.validToken)).status).toBe(200);
  });

  it('a token expiring on the fake clock, an invalidated session (190/460) and a bad session key (102)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const soon = fakes.socialGraph.seed.token({ type: 'page', pageId, expiresAt: '2024-04-01T01:00:00Z' });
    expect((await get(`/${pageId}`, {}, soon)).status).toBe(200);
    fakes.clock.advance('2h');
    expect((await get(`/${pageId}`, {}, soon)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    const gone = fakes.socialGraph.seed.token({ type: 'user', pageId, status: 'invalidated' });
    expect((await get(`/${pageId}`, {}, gone)).body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const session = fakes.socialGraph.seed.token({ type: 'page', pageId, status: 'session-invalid' });
    expect((await get(`/${pageId}`, {}, session)).body.error?.code).toBe(102);
    expect((await get(`/${pageId}/subscribed_apps`, {}, session)).body.error?.code).toBe(102);
  });

  it('checks appsecret_proof when sent or required', async () => {
    const app = fakes.socialGraph.seed.app({ secret: 'shh', requireAppSecretProof: true });
    const pageId = fakes.socialGraph.seed.page().id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, appId: app.id });
    expect((await get(`/${pageId}`, {}, token)).body.error?.message).toMatch(/require an appsecret_proof/);
    expect((await get(`/${pageId}`, { appsecret_proof: 'nope' }, token)).body.error?.message).toMatch(/Invalid appsecret_proof/);
    expect((await get(`/${pageId}`, { appsecret_proof: appSecretProof(token, 'shh') }, token)).status).toBe(200);
  });

  it('104 on subscribed_apps and number verification without a token', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    expect((await form('POST', `/${pageId}/subscribed_apps`, { subscribed_fields: 'feed' })).body.error?.code).toBe(104);
    expect((await form('POST', `/${pageId}/page_whatsapp_number_verification`, { whatsapp_number: '+15550102030' })).body.error?.code).toBe(104);
  });
});

describe('section 5 access rules', () => {
  it('posting needs a Page token with CREATE_CONTENT and pages_manage_posts (200 otherwise)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const user = fakes.socialGraph.seed.token({ type: 'user', pageId });
    const moderator = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['MODERATE'] });
    const writer = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['CREATE_CONTENT'] });
    for (const t of [user, moderator]) {
      const err = await sdkError(new (sdk(t).Page)(pageId).createFeed([], { message: 'x' }));
      expect(err).toMatchObject({ status: 400, code: 200 });
    }
    expect((await new (sdk(writer).Page)(pageId).createFeed([], { message: 'x' }))._data.id).toBeTruthy();
    const { token } = fakes.apply(scenarios.missingPermission({ pageId }));
    expect((await sdkError(new (sdk(token).Page)(pageId).createFeed([], { message: 'x' }))).code).toBe(200);
    expect(fakes.socialGraph.edge(pageId, 'feed')).toHaveLength(1);
  });

  it('reading with a role needs MODERATE and pages_read_engagement; without a role the app needs a public-access feature (10)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const noRead = fakes.socialGraph.seed.token({ type: 'user', pageId, permissions: ['pages_show_list'] });
    expect((await get(`/${pageId}/feed`, {}, noRead)).body.error?.code).toBe(200);
    const analyst = fakes.socialGraph.seed.token({ type: 'user', pageId, tasks: ['ANALYZE'] });
    expect((await get(`/${pageId}`, {}, analyst)).body.error?.code).toBe(200);
    const bare = fakes.socialGraph.seed.app({ features: [] });
    const appToken = fakes.socialGraph.seed.token({ type: 'app', appId: bare.id });
    expect((await get(`/${pageId}`, {}, appToken)).body.error?.code).toBe(10);
    const publicApp = fakes.socialGraph.seed.token({ type: 'app' });
    expect((await get(`/${pageId}`, { fields: 'name' }, publicApp)).status).toBe(200);
  });

  it('unpublishedPage: Page token reads it and sees unpublished posts; app token gets 100/33', async () => {
    const h = fakes.apply(scenarios.unpublishedPage());
    expect((await get(`/${h.pageId}`, { fields: 'is_published' }, h.pageToken)).body).toEqual({ is_published: false, id: h.pageId });
    expect((await get(`/${h.pageId}`, {}, h.appToken)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('restrictedPage: 210 for a user failing the restrictions (read, update, subscribed_apps), 200 for app tokens', async () => {
    const h = fakes.apply(scenarios.restrictedPage());
    expect((await get(`/${h.pageId}`, {}, h.pageToken)).status).toBe(200);
    expect((await get(`/${h.pageId}`, {}, h.userToken)).body.error?.code).toBe(210);
    expect((await form('POST', `/${h.pageId}`, { about: 'x' }, h.userToken)).body.error?.code).toBe(210);
    expect((await form('POST', `/${h.pageId}/subscribed_apps`, { subscribed_fields: 'feed' }, h.userToken)).body.error?.code).toBe(210);
    expect((await get(`/${h.pageId}`, {}, h.appToken)).body.error?.code).toBe(200);
  });

  it('callers without a role see only published posts on the feed', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.post({ pageId, message: 'live' });
    fakes.socialGraph.seed.post({ pageId, message: 'draft', published: false });
    const appToken = fakes.socialGraph.seed.token({ type: 'app' });
    const pageToken = fakes.socialGraph.seed.token({ type: 'page', pageId });
    expect(((await get(`/${pageId}/feed`, {}, appToken)).body.data as unknown[]).length).toBe(1);
    expect(((await get(`/${pageId}/feed`, {}, pageToken)).body.data as unknown[]).length).toBe(2);
    expect((await get(`/${pageId}/scheduled_posts`, {}, appToken)).body.error?.code).toBe(200);
  });
});

describe('me and accounts', () => {
  it('me is the Page of a Page token and the user of a user token; /me/accounts lists Pages with their tokens', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const pageToken = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const userToken = fakes.socialGraph.seed.token({ type: 'user', pageId, userId: '555000' });
    const appToken = fakes.socialGraph.seed.token({ type: 'app' });
    expect((await get('/me', {}, pageToken)).body).toEqual({ name: 'Cafe', id: pageId });
    expect((await get('/me', {}, userToken)).body).toEqual({ name: 'User 555000', id: '555000' });
    expect((await get('/me', {}, appToken)).body.error?.code).toBe(2500);
    const accounts = await get('/me/accounts', {}, userToken);
    expect(accounts.body.data).toEqual([
      {
        access_token: pageToken,
        category: 'Local business',
        name: 'Cafe',
        id: pageId,
        tasks: ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'],
      },
    ]);
    expect((await get('/me/feed', { fields: 'message' }, pageToken)).body.data).toEqual([]);
    expect(fakes.calls.last()?.operation).toBe('page/feed.list');
  });

  it('refuses unknown tasks when seeding a token', () => {
    const pageId = fakes.socialGraph.seed.page().id;
    expect(() => fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['JANITOR'] })).toThrow(/unknown task/);
  });
});
