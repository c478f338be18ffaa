import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

describe('page read', () => {
  it('answers typed fields, null for deprecated ones, and the real spelling of aliased fields', async () => {
    const pageId = fakes.socialGraph.seed.page({ name: 'Cafe', fields: { overall_star_rating: 4.5 } }).id;
    const { Page } = sdk('t');
    const page = await new Page(pageId).get([
      'name',
      'fan_count',
      'is_published',
      'keywords',
      'breaking_news_usage',
      'overall_star_rating',
      'has_whatsapp_number',
      'verification_status',
    ]);
    expect(page._data).toEqual({
      id: pageId,
      name: 'Cafe',
      fan_count: 0,
      is_published: true,
      keywords: null,
      breaking_news_usage: null,
      overall_star_rating: 4.5,
      has_whatsapp_number: false,
      verification_status: 'not_verified',
    });
    const neutral = await get(`/${pageId}`, { fields: 'has_chatapp_number,is_chatmsg_platform_bot' }, 't');
    expect(neutral.body).toEqual({ has_whatsapp_number: false, is_messenger_platform_bot: false, id: pageId });
  });

  it('resolves account_linking_token to recipient for 5 minutes of fake time', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const alt = fakes.socialGraph.seed.accountLinkingToken({ pageId, psid: '7001' });
    const ok = await get(`/${pageId}`, { account_linking_token: alt }, 't');
    expect(ok.body).toEqual({ recipient: '7001', id: pageId });
    fakes.clock.advance('5m');
    const late = await get(`/${pageId}`, { account_linking_token: alt }, 't');
    expect(late.body.error?.code).toBe(100);
  });

  it('answers 230 for a linking token of a user who blocked the Page', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const alt = fakes.socialGraph.seed.accountLinkingToken({ pageId, blocked: true });
    expect((await get(`/${pageId}`, { account_linking_token: alt }, 't')).body.error?.code).toBe(230);
  });

  it('needs business_management for the business field (200)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, permissions: ['pages_read_engagement'] });
    const err = await sdkError(new (sdk(token).Page)(pageId).get(['business']));
    expect(err).toMatchObject({ status: 400, code: 200, type: 'OAuthException' });
  });

  it('answers 100/33 for an id no node has', async () => {
    const r = await get('/123456', {}, 't');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect(r.body.error?.fbtrace_id).toMatch(/^A[A-Za-z0-9]{10}$/);
    expect(fakes.unmatched.count()).toBe(1);
    expect((await get(`/${fakes.socialGraph.seed.page().id}/nonsense_edge`, {}, 't')).body.error?.code).toBe(100);
    expect(fakes.unmatched.count()).toBe(2);
  });
});

describe('page update', () => {
  it('updates through the SDK and reads back in lower case; fields= returns the written fields', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    const res = await new Page(pageId).update([], {
      about: 'Best coffee',
      attire: 'Casual',
      temporary_status: 'DIFFERENTLY_OPEN',
      differently_open_offerings: { DELIVERY: true, PICKUP: false },
      pickup_options: ['CURBSIDE', 'IN_STORE'],
      food_styles: ['Italian', 'Pizza'],
      price_range: '$$',
      hours: { mon_1_open: '08:00', mon_1_close: '12:00', mon_2_open: '13:00', mon_2_close: '02:00', tue_1_open: '00:00', tue_1_close: '24:00' },
      parking: { street: true, lot: false },
      start_info: { type: 'Founded', date: { year: 2001, month: 5 } },
      gen_ai_provenance_type: 'C2PA',
    });
    expect(res).toEqual({ success: true });
    const r = await get(`/${pageId}`, { fields: 'about,attire,temporary_status,pickup_options,food_styles,hours,price_range' }, 't');
    expect(r.body).toMatchObject({
      about: 'Best coffee',
      attire: 'Casual',
      temporary_status: 'differently_open',
      pickup_options: ['CURBSIDE', 'IN_STORE'],
      price_range: '$$',
    });
    const raw = await form('POST', `/${pageId}`, { mission: 'coffee', fields: 'mission' }, 't');
    expect(raw.body).toEqual({ success: true, mission: 'coffee', id: pageId });
  });

  it('filters duplicate and invalid delivery_and_pickup_option_info URLs and clears it with an empty array', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    await new Page(pageId).update([], { delivery_and_pickup_option_info: ['https://a.test/order', 'nope', 'https://a.test/order', 'https://b.test'] });
    expect((await get(`/${pageId}`, { fields: 'delivery_and_pickup_option_info' }, 't')).body.delivery_and_pickup_option_info).toEqual([
      'https://a.test/order',
      'https://b.test',
    ]);
    await new Page(pageId).update([], { delivery_and_pickup_option_info: [] });
    expect((await get(`/${pageId}`, { fields: 'delivery_and_pickup_option_info' }, 't')).body).toEqual({ id: pageId });
  });

  const bad: Array<[string, Record<string, string>, number]> = [
    ['about over 100 characters', { about: 'x'.repeat(101) }, 100],
    ['a lower-case attire', { attire: 'casual' }, 100],
    ['a lower-case temporary_status', { temporary_status: 'temporarily_closed' }, 100],
    ['a bad price_range', { price_range: '$$$$$' }, 100],
    ['a bad pickup option', { pickup_options: '["DRONE"]' }, 100],
    ['an unknown cuisine', { food_styles: '["Martian"]' }, 100],
    ['a bad hours key', { hours: '{"monday_1_open":"09:00","monday_1_close":"10:00"}' }, 100],
    ['an open without a close', { hours: '{"mon_1_open":"09:00"}' }, 100],
    ['a third range', { hours: '{"mon_3_open":"09:00","mon_3_close":"10:00"}' }, 100],
    ['range 2 without range 1', { hours: '{"mon_2_open":"09:00","mon_2_close":"10:00"}' }, 100],
    ['a night closing after 6am', { hours: '{"fri_1_open":"20:00","fri_1_close":"07:00"}' }, 100],
    ['overlapping ranges', { hours: '{"mon_1_open":"09:00","mon_1_close":"14:00","mon_2_open":"13:00","mon_2_close":"18:00"}' }, 100],
    ['differently_open_offerings without DIFFERENTLY_OPEN', { differently_open_offerings: '{"DELIVERY":true}' }, 100],
    ['a bad differently_open_offerings key', { temporary_status: 'DIFFERENTLY_OPEN', differently_open_offerings: '{"TELEPORT":true}' }, 100],
    ['start_info without type', { start_info: '{"date":{"year":2001}}' }, 100],
    ['a bad start_info type', { start_info: '{"type":"Hatched"}' }, 100],
    ['a bad gen_ai_provenance_type', { gen_ai_provenance_type: 'AI' }, 100],
    ['a bad website', { website: 'cafe' }, 100],
    ['a bad email', { emails: '["not-an-email"]' }, 100],
    ['a parking key outside street/lot/valet', { parking: '{"garage":true}' }, 100],
    ['a handshake without allow_live', { begin_crossposting_handshake: '[{"partner_page_id":"1"}]' }, 100],
    ['cover controls without cover', { offset_x: '10' }, 100],
    ['a latitude of 123', { location: '{"latitude":123,"longitude":10}' }, 160],
    ['a store location descriptor on a Page that is not a location', { store_location_descriptor: 'Downtown' }, 374],
    ['a cover that is not a photo of the Page', { cover: '999' }, 320],
  ];
  it.each(bad)('refuses %s', async (_what, params, code) => {
    const pageId = fakes.socialGraph.seed.page().id;
    const before = fakes.socialGraph.page(pageId);
    const r = await form('POST', `/${pageId}`, params, 't');
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe(code);
    expect(fakes.socialGraph.page(pageId)).toBe(before);
  });

  it('answers 375 for an empty descriptor on a location Page', async () => {
    const parent = fakes.socialGraph.seed.page().id;
    const child = fakes.socialGraph.seed.page({ parentPageId: parent, storeNumber: 7 }).id;
    expect((await form('POST', `/${child}`, { store_location_descriptor: ' ' }, 't')).body.error?.code).toBe(375);
    expect((await form('POST', `/${child}`, { store_location_descriptor: 'Downtown' }, 't')).body).toEqual({ success: true });
  });

  it('sets a cover from a Page photo with controls and spherical metadata; refuses bad spherical rules', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const photo = fakes.socialGraph.seed.photo({ pageId }).id;
    const sph = {
      ProjectionType: 'cylindrical',
      CroppedAreaImageWidthPixels: 4000,
      CroppedAreaImageHeightPixels: 2000,
      FullPanoWidthPixels: 4000,
      FullPanoHeightPixels: 2000,
    };
    const ok = await form('POST', `/${pageId}`, { cover: photo, offset_y: '20', allow_spherical_photo: 'true', spherical_metadata: JSON.stringify(sph) }, 't');
    expect(ok.body).toEqual({ success: true });
    expect((await get(`/${pageId}`, { fields: 'cover' }, 't')).body.cover).toMatchObject({ cover_id: photo, offset_y: 20, offset_x: 50 });
    const wrongHeight = await form(
      'POST',
      `/${pageId}`,
      { cover: photo, spherical_metadata: JSON.stringify({ ...sph, FullPanoHeightPixels: 1500, CroppedAreaImageHeightPixels: 1500 }) },
      't',
    );
    expect(wrongHeight.body.error?.message).toMatch(/FullPanoWidthPixels \/ 2/);
    const noCover = await form('POST', `/${pageId}`, { spherical_metadata: JSON.stringify(sph) }, 't');
    expect(noCover.body.error?.code).toBe(100);
    const missing = await form('POST', `/${pageId}`, { cover: photo, spherical_metadata: JSON.stringify({ ProjectionType: 'equirectangular' }) }, 't');
    expect(missing.body.error?.code).toBe(100);
    const roll = await form('POST', `/${pageId}`, { cover: photo, spherical_metadata: JSON.stringify({ ...sph, InitialViewRollDegrees: 3 }) }, 't');
    expect(roll.body.error?.message).toMatch(/not supported/);
  });

  it('needs business_management to set a cover (283) and a Page token with MANAGE to update (200)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const photo = fakes.socialGraph.seed.photo({ pageId }).id;
    const noBiz = fakes.socialGraph.seed.token({ type: 'page', pageId, permissions: ['pages_read_engagement', 'pages_manage_metadata'] });
    expect((await form('POST', `/${pageId}`, { cover: photo }, noBiz)).body.error?.code).toBe(283);
    const editor = fakes.socialGraph.seed.token({ type: 'page', pageId, tasks: ['CREATE_CONTENT', 'MODERATE'] });
    expect((await form('POST', `/${pageId}`, { about: 'x' }, editor)).body.error?.code).toBe(200);
    const user = fakes.socialGraph.seed.token({ type: 'user', pageId });
    expect((await form('POST', `/${pageId}`, { about: 'x' }, user)).body.error?.code).toBe(200);
  });

  it('is_webhooks_subscribed subscribes the calling app and reads back', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    await form('POST', `/${pageId}`, { is_webhooks_subscribed: 'true' }, 't');
    expect((await get(`/${pageId}`, { fields: 'is_webhooks_subscribed' }, 't')).body.is_webhooks_subscribed).toBe(true);
  });
});
