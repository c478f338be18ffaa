import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { form, get } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

const PAGE_FIELDS = {
  string: 'about,attire,category,name,link,verification_status,whatsapp_number,price_range',
  boolean: 'can_post,is_published,is_webhooks_subscribed,has_whatsapp_number,is_always_open,leadgen_tos_accepted,is_messenger_platform_bot',
  number: 'fan_count,followers_count,checkins,were_here_count,rating_count,unread_message_count',
};

describe('typed fields', () => {
  it('reads Page fields with their real types', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    await form('POST', `/${pageId}`, { about: 'x', attire: 'Dressy', price_range: '$' }, 't');
    for (const [type, list] of Object.entries(PAGE_FIELDS)) {
      const r = await get(`/${pageId}`, { fields: list }, 't');
      for (const f of list.split(',')) {
        if (r.body[f] === undefined) continue;
        expect(typeof r.body[f], f).toBe(type);
      }
    }
  });

  it('reads every post field without error, with created_time as ISO +0000 and scheduled times as UNIX seconds', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { id } = fakes.socialGraph.seed.post({ pageId, message: 'm', link: 'https://x.test', published: false, scheduledAt: '2024-04-02T00:00:00Z' });
    const all =
      'id,actions,admin_creator,allowed_advertising_objects,application,attachments,backdated_time,call_to_action,can_reply_privately,child_attachments,created_time,feed_targeting,from,full_picture,icon,instagram_eligibility,is_eligible_for_promotion,is_expired,is_hidden,is_instagram_eligible,is_popular,is_published,is_spherical,message,message_tags,parent_id,permalink_url,place,privacy,promotable_id,properties,sheduled_publish_time,shares,status_type,story,story_tags,subscribed,targeting,to,updated_time,video_buying_eligibility,caption';
    const r = await get(`/${id}`, { fields: all }, 't');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id,
      created_time: '2024-04-01T00:00:00+0000',
      sheduled_publish_time: Date.parse('2024-04-02T00:00:00Z') / 1000,
      is_published: false,
      backdated_time: null,
      caption: null,
      promotable_id: id,
      status_type: 'shared_story',
      video_buying_eligibility: [],
    });
    const neutral = await get(`/${id}`, { fields: 'photoshare_eligibility,is_photoshare_eligible' }, 't');
    expect(Object.keys(neutral.body).sort()).toEqual(['id', 'instagram_eligibility', 'is_instagram_eligible']);
  });

  it('section 9: link fields read null on v2.10 and lower, caption null everywhere', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const created = await form('POST', `/${pageId}/feed`, { link: 'https://x.test', name: 'Title', description: 'Desc', caption: 'old' }, 't');
    const id = created.body.id as string;
    expect((await get(`/${id}`, { fields: 'name,description,caption' }, 't')).body).toEqual({ name: 'Title', description: 'Desc', caption: null, id });
    const old = await get(`/${id}`, { fields: 'name,description,caption' }, 't', 'https://graph.facebook.com/v2.10');
    expect(old.body).toEqual({ name: null, description: null, caption: null, id });
  });

  it('refuses a fields expression that does not parse (2500)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await get(`/${pageId}/feed`, { fields: 'from{name' }, 't');
    expect(r.body.error?.code).toBe(2500);
  });

  it('tagged shows only published posts of authentic Pages', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const good = fakes.socialGraph.seed.page({ name: 'Good' }).id;
    const shady = fakes.socialGraph.seed.page({ name: 'Shady', published: false }).id;
    fakes.socialGraph.seed.post({ pageId: good, message: 'public tag', tagsPages: [pageId] });
    fakes.socialGraph.seed.post({ pageId: good, message: 'draft tag', published: false, tagsPages: [pageId] });
    fakes.socialGraph.seed.post({ pageId: shady, message: 'shady tag', tagsPages: [pageId] });
    const r = await get(`/${pageId}/tagged`, { fields: 'message,from{name}' }, 't');
    expect(r.body.data).toEqual([{ message: 'public tag', from: { name: 'Good', id: good }, id: expect.any(String) }]);
  });
});

describe('computed fields and determinism', () => {
  it('gives a user with a role the Page token through access_token, and the publishing app on posts', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const pageToken = fakes.socialGraph.seed.token({ type: 'page', pageId });
    const user = fakes.socialGraph.seed.token({ type: 'user', pageId });
    const stranger = fakes.socialGraph.seed.token({ type: 'user' });
    expect((await get(`/${pageId}`, { fields: 'access_token' }, user)).body.access_token).toBe(pageToken);
    expect((await get(`/${pageId}`, { fields: 'access_token,name' }, stranger)).body).not.toHaveProperty('access_token');
    const created = await form('POST', `/${pageId}/feed`, { link: 'https://x.test/big.png', fields: 'application,full_picture' }, pageToken);
    expect(created.body.application).toMatchObject({ id: '900000000000001', name: 'stuntdouble' });
    expect(created.body.full_picture).toMatch(/w=720&h=720/);
  });

  it('two instances given the same calls answer the same ids and fbtrace ids', async () => {
    const run = async () => {
      fakes.reset();
      const pageId = fakes.socialGraph.seed.page().id;
      const a = await form('POST', `/${pageId}/feed`, { message: 'x' }, 't');
      const b = await get('/nope', {}, 't');
      return [pageId, a.body.id, b.body.error?.fbtrace_id, b.headers.get('x-fb-trace-id')];
    };
    expect(await run()).toEqual(await run());
  });
});

describe('edge expansion', () => {
  it('expands feed.limit(n){fields} inside a Page read, with its own paging', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
    fakes.socialGraph.seed.posts({ pageId, count: 3 });
    const r = await get(`/${pageId}`, { fields: 'name,feed.limit(2){message,from{name}}' }, 't');
    expect(r.body.name).toBe('Cafe');
    const feed = r.body.feed as { data: Array<{ message: string; from: unknown }>; paging: { next: string } };
    expect(feed.data.map((p) => p.message)).toEqual(['Post 3', 'Post 2']);
    expect(feed.data[0]?.from).toEqual({ name: 'Cafe', id: pageId });
    const next = new URL(feed.paging.next);
    expect(next.pathname).toBe(`/v24.0/${pageId}/feed`);
    expect(next.searchParams.get('fields')).toBe('message,from{name}');
    const more = await fetch(feed.paging.next).then((x) => x.json());
    expect(more.data.map((p: { message: string }) => p.message)).toEqual(['Post 1']);
  });
});
