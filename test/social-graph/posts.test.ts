import { createHmac } from 'node:crypto';
import nock from 'nock';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { form, get, sdk, sdkError } from './helpers.js';

const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });

beforeEach(() => {
  fakes.reset();
  fakes.install();
});
afterEach(() => {
  fakes.uninstall();
  nock.cleanAll();
});

describe('post node', () => {
  it('reads, updates and deletes a post through the SDK', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { id } = fakes.socialGraph.seed.post({ pageId, message: 'v1' });
    const { PagePost } = sdk('t');
    const got = await new PagePost(id).get(['message', 'is_hidden', 'from{name}']);
    expect(got._data).toMatchObject({ id, message: 'v1', is_hidden: false, from: { id: pageId } });
    expect(await new PagePost(id).update([], { message: 'v2', is_hidden: true })).toEqual({ success: true });
    expect((await get(`/${id}`, { fields: 'message,is_hidden,updated_time' }, 't')).body).toMatchObject({ message: 'v2', is_hidden: true });
    expect(await new PagePost(id).delete([], {})).toEqual({ success: true });
    const gone = await get(`/${id}`, {}, 't');
    expect(gone.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect(fakes.calls.where({ operation: 'post.delete' }).length).toBe(1);
    expect((await get(`/${pageId}/feed`, {}, 't')).body.data).toEqual([]);
  });

  it('a cursor stays valid when posts before or after it are deleted', async () => {
    const { pageId, postIds } = fakes.apply(scenarios.pageWithFeed({ posts: 6 }));
    const first = await get(`/${pageId}/feed`, { limit: '2', fields: 'message' }, 't');
    const { PagePost } = sdk('t');
    await new PagePost(postIds[5] as string).delete([], {});
    await new PagePost(postIds[3] as string).delete([], {});
    const next = await fetch((first.body.paging as { next: string }).next).then((r) => r.json());
    expect(next.data.map((p: { message: string }) => p.message)).toEqual(['Post 3', 'Post 2']);
  });

  it('publishes an unpublished post with is_published=true and validates updates', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { id } = fakes.socialGraph.seed.post({ pageId, message: 'draft', published: false });
    const bad = await form('POST', `/${id}`, { scheduled_publish_time: String(Date.parse('2024-04-01T00:01:00Z') / 1000) }, 't');
    expect(bad.body.error?.code).toBe(100);
    const r = await form('POST', `/${id}`, { is_published: 'true', fields: 'is_published' }, 't');
    expect(r.body).toMatchObject({ success: true, is_published: true });
    expect((await get(`/${pageId}/published_posts`, { fields: 'message' }, 't')).body.data).toEqual([{ message: 'draft', id }]);
  });

  it('refuses DELETE on the feed edge and on the shared-URL node', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await form('DELETE', `/${pageId}/feed`, {}, 't');
    expect(r.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe('scheduled posts', () => {
  it('publishes when the fake clock passes scheduled_publish_time (SDK create with published=false)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const at = Date.parse('2024-04-01T02:00:00Z') / 1000;
    const { Page } = sdk('t');
    const created = await new Page(pageId).createFeed([], { message: 'later', published: false, scheduled_publish_time: at });
    const id = created._data.id as string;
    const before = await get(`/${id}`, { fields: 'is_published,scheduled_publish_time' }, 't');
    expect(before.body).toMatchObject({ is_published: false, scheduled_publish_time: at });
    expect(((await get(`/${pageId}/scheduled_posts`, {}, 't')).body.data as unknown[]).length).toBe(1);
    fakes.clock.advance('1h');
    expect(fakes.socialGraph.post(id)?.published).toBe(false);
    fakes.clock.advance('1h');
    expect(fakes.socialGraph.post(id)?.published).toBe(true);
    const after = await get(`/${id}`, { fields: 'is_published,created_time' }, 't');
    expect(after.body).toMatchObject({ is_published: true, created_time: '2024-04-01T02:00:00+0000' });
    expect((await get(`/${pageId}/scheduled_posts`, {}, 't')).body.data).toEqual([]);
    expect(((await get(`/${pageId}/published_posts`, {}, 't')).body.data as unknown[]).length).toBe(1);
  });

  it('scheduledPost scenario publishes lazily on the next request after the clock moves', async () => {
    const { pageId, postId, publishAt } = fakes.apply(scenarios.scheduledPost({ in: '30m' }));
    expect(publishAt).toBe('2024-04-01T00:30:00.000Z');
    fakes.clock.set('2024-04-01T00:31:00Z');
    const r = await get(`/${postId}`, { fields: 'is_published' }, 't');
    expect(r.body.is_published).toBe(true);
    expect(fakes.socialGraph.scheduled()).toEqual([]);
    expect(pageId).toBeTruthy();
  });

  it('reschedules through the post node', async () => {
    const { postId } = fakes.apply(scenarios.scheduledPost({ in: '30m' }));
    const r = await form('POST', `/${postId}`, { scheduled_publish_time: String(Date.parse('2024-04-02T00:00:00Z') / 1000) }, 't');
    expect(r.body).toEqual({ success: true });
    fakes.clock.advance('1h');
    expect(fakes.socialGraph.post(postId)?.published).toBe(false);
    fakes.clock.set('2024-04-02T00:00:01Z');
    expect(fakes.socialGraph.post(postId)?.published).toBe(true);
  });
});

describe('feed webhooks', () => {
  it('delivers a signed feed change to the subscribed app when a post is published', async () => {
    const app = fakes.socialGraph.seed.app({ callbackUrl: 'https://hooks.example.com/fb', secret: 's3cret' });
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, appId: app.id, label: 'cafe' });
    const received: Array<{ body: string; sig: string }> = [];
    let sig = '';
    nock('https://hooks.example.com')
      .matchHeader('x-hub-signature-256', (v: string) => {
        sig = v;
        return true;
      })
      .post('/fb', (body: unknown) => {
        received.push({ body: JSON.stringify(body), sig: '' });
        return true;
      })
      .times(2)
      .reply(200, 'ok');
    const { Page } = sdk(token);
    expect((await new Page(pageId).createSubscribedApp([], { subscribed_fields: ['feed'] }))._data).toMatchObject({ success: true });
    const post = await new Page(pageId).createFeed([], { message: 'hello hooks' });
    await new Page(pageId).createFeed([], { message: 'not yet', published: false });
    await fakes.flush();
    expect(received).toHaveLength(1);
    const payload = JSON.parse(received[0]?.body as string);
    expect(payload).toMatchObject({
      object: 'page',
      entry: [
        {
          id: pageId,
          time: 1711929600,
          changes: [
            {
              field: 'feed',
              value: { item: 'status', verb: 'add', post_id: post._data.id, message: 'hello hooks', published: 1, from: { id: pageId, name: 'Cafe' } },
            },
          ],
        },
      ],
    });
    expect(sig).toBe(
      `sha256=${createHmac('sha256', 's3cret')
        .update(received[0]?.body as string)
        .digest('hex')}`,
    );
    expect(fakes.socialGraph.deliveries).toHaveLength(1);
    expect(fakes.socialGraph.deliveries[0]).toMatchObject({ appId: app.id, url: 'https://hooks.example.com/fb', status: 200 });
  });

  it('delivers when a scheduled post publishes on the fake clock, and on delete (verb remove)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.subscription({ pageId, fields: ['feed'] });
    const { postId } = fakes.apply(scenarios.scheduledPost({ pageId, in: '20m' }));
    expect(fakes.socialGraph.deliveries).toHaveLength(0);
    fakes.clock.advance('21m');
    expect(fakes.socialGraph.deliveries).toHaveLength(1);
    expect(fakes.socialGraph.deliveries[0]?.url).toBeNull();
    const { PagePost } = sdk('t');
    await new PagePost(postId).delete([], {});
    const last = fakes.socialGraph.deliveries.at(-1)?.body as { entry: Array<{ changes: Array<{ value: { verb: string } }> }> };
    expect(last.entry[0]?.changes[0]?.value.verb).toBe('remove');
  });

  it('does not deliver to apps subscribed without the feed field', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.subscription({ pageId, fields: ['messages'] });
    await form('POST', `/${pageId}/feed`, { message: 'x' }, 't');
    expect(fakes.socialGraph.deliveries).toHaveLength(0);
  });

  it('the error of a post update lands nothing (atomic)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { id } = fakes.socialGraph.seed.post({ pageId, message: 'v1' });
    const before = fakes.snapshot();
    const err = await sdkError(sdk('t').PagePost.prototype.update.call(new (sdk('t').PagePost)(id), [], { og_action_type_id: '1' }));
    expect(err.code).toBe(100);
    expect(fakes.snapshot()).toBe(before);
  });
});
