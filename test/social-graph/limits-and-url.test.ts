import { scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

describe('rate limits', () => {
  it('pageRateLimited answers 80001 with usage headers on every Page call until the window ends', async () => {
    const { pageId } = fakes.apply(scenarios.pageRateLimited({ for: '1h' }));
    const r = await get(`/${pageId}/feed`, {}, 't');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 80001, type: 'OAuthException', is_transient: true });
    expect(JSON.parse(r.headers.get('x-app-usage') as string)).toMatchObject({ call_count: 100 });
    expect(r.headers.get('x-page-usage')).toBeTruthy();
    const err = await sdkError(new (sdk('t').Page)(pageId).createFeed([], { message: 'x' }));
    expect(err).toMatchObject({ status: 403, code: 80001 });
    fakes.clock.advance('61m');
    expect((await get(`/${pageId}/feed`, {}, 't')).status).toBe(200);
  });

  it('leadgenRateLimited (80005), messagingRateLimited (80006) and photoshareRateLimited (80002) hit only their families', async () => {
    const { pageId } = fakes.apply(scenarios.leadgenRateLimited());
    fakes.apply(scenarios.messagingRateLimited({ pageId }));
    fakes.apply(scenarios.photoshareRateLimited({ pageId }));
    expect((await get(`/${pageId}/leadgen_forms`, {}, 't')).body.error?.code).toBe(80005);
    expect((await form('POST', `/${pageId}/personas`, { name: 'A', profile_picture_url: 'https://x.test/a.png' }, 't')).body.error?.code).toBe(80006);
    expect((await form('POST', `/${pageId}/nlp_configs`, { model: 'ENGLISH' }, 't')).body.error?.code).toBe(80006);
    const ig = await get(`/${pageId}/instagram_accounts`, {}, 't');
    expect(ig.body.error?.code).toBe(80002);
    expect(ig.headers.get('x-app-usage')).toBeTruthy();
    expect((await get(`/${pageId}/feed`, {}, 't')).status).toBe(200);
    expect((await get(`/${pageId}`, { fields: 'name,instagram_business_account' }, 't')).body.error?.code).toBe(80002);
    expect((await get(`/${pageId}`, { fields: 'name' }, 't')).status).toBe(200);
  });
});

describe('seeded failures (codes with no natural trigger)', () => {
  it('368 on feed, Page update, assigned_users and locations, once each', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    for (const operation of ['page/feed.create', 'page.update', 'page/assigned_users.create', 'page/locations.delete']) {
      fakes.socialGraph.seed.failure({ operation, code: 368 });
    }
    expect((await form('POST', `/${pageId}/feed`, { message: 'x' }, 't')).body.error?.code).toBe(368);
    expect((await form('POST', `/${pageId}/feed`, { message: 'x' }, 't')).status).toBe(200);
    expect((await form('POST', `/${pageId}`, { about: 'x' }, 't')).body.error?.code).toBe(368);
    expect((await form('POST', `/${pageId}/assigned_users`, { user: '1' }, 't')).body.error?.code).toBe(368);
    const del = await form('DELETE', `/${pageId}/locations`, { location_page_ids: '[1]', store_numbers: '[1]' }, 't');
    expect(del.body.error).toMatchObject({ code: 368, message: '(#368) The action attempted has been deemed abusive or is otherwise disallowed' });
    expect(fakes.state.socialGraph.failures).toEqual([]);
  });

  it('a failure with times: null keeps answering, scoped to one node', async () => {
    const a = fakes.socialGraph.seed.page().id;
    const b = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.failure({ operation: 'page.get', nodeId: a, code: 2, times: null });
    expect((await get(`/${a}`, {}, 't')).status).toBe(500);
    expect((await get(`/${a}`, {}, 't')).body.error?.code).toBe(2);
    expect((await get(`/${b}`, {}, 't')).status).toBe(200);
  });
});

describe('shared-URL node', () => {
  it('reads engagement, og_object and app_links with any token', async () => {
    fakes.socialGraph.seed.url({ url: 'https://news.test/a', engagement: { share_count: 12, reaction_count: 3 }, appLinks: { ios: [{ url: 'news://a' }] } });
    const tokenOnly = fakes.socialGraph.seed.token({ type: 'app', appId: fakes.socialGraph.seed.app({ features: [] }).id });
    const r = await get('/', { id: 'https://news.test/a', fields: 'engagement,og_object,app_links' }, tokenOnly);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: 'https://news.test/a',
      engagement: { share_count: 12, reaction_count: 3, comment_count: 0, comment_plugin_count: 0 },
      app_links: { ios: [{ url: 'news://a' }] },
    });
    const unseen = await get('/', { id: 'https://other.test/' }, tokenOnly);
    expect(unseen.body).toMatchObject({ id: 'https://other.test/', og_object: { type: 'website' } });
    expect(fakes.calls.last()?.operation).toBe('url.get');
  });

  it('re-scrapes with POST scrape=true and refuses everything else', async () => {
    const ok = await form('POST', '/', { id: 'https://news.test/a', scrape: 'true' }, 't');
    expect(ok.body).toEqual({ success: true });
    expect(fakes.socialGraph.url('https://news.test/a')?.scrapedAt).toBe(Date.parse('2024-04-01T00:00:00Z'));
    const viaQuery = await fetch(`${BASE}/?id=${encodeURIComponent('https://news.test/b')}&scrape=true&access_token=t`, { method: 'POST' });
    expect(await viaQuery.json()).toEqual({ success: true });
    expect((await form('POST', '/', { id: 'https://news.test/a' }, 't')).body.error?.code).toBe(100);
    expect((await form('POST', '/', { id: 'https://news.test/a', scrape: 'false' }, 't')).body.error?.code).toBe(100);
    expect((await form('DELETE', '/', { id: 'https://news.test/a' }, 't')).body.error?.code).toBe(100);
    expect((await get('/', {}, 't')).body.error?.code).toBe(100);
    expect((await get('/', { id: 'https://news.test/a' })).body.error?.code).toBe(104);
  });
});

describe('scenarios', () => {
  it('are listed by name and recorded when applied', () => {
    for (const name of [
      'pageWithFeed',
      'scheduledPost',
      'unpublishedPage',
      'restrictedPage',
      'invalidToken',
      'missingPermission',
      'pageRateLimited',
      'leadgenRateLimited',
      'messagingRateLimited',
      'photoshareRateLimited',
    ]) {
      expect(Object.keys(scenarios)).toContain(name);
    }
    fakes.apply(scenarios.pageWithFeed({ posts: 3 }));
    expect(fakes.applied.map((a) => a.name)).toEqual(['pageWithFeed']);
    expect(() => scenarios.pageWithFeed({ posts: -1 })).toThrow(/invalid options/);
    expect(fakes.describe()).toContain('3 posts');
  });
});
