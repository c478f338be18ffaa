import bizSdk from 'facebook-nodejs-business-sdk';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, form, get, sdk } from './helpers.js';

const fakes = useFakes({ clock: '2025-10-01T00:00:00Z' });

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;

/** A Page with a Page token, a user token (role MODERATE) and an app token. */
function pageAndTokens() {
  const pageId = fakes.socialGraph.seed.page({ name: 'Cafe' }).id;
  const page = fakes.socialGraph.seed.token({ type: 'page', pageId });
  const user = fakes.socialGraph.seed.token({ type: 'user', pageId, tasks: ['MODERATE'] });
  const app = fakes.socialGraph.seed.token({ type: 'app' });
  return { pageId, page, user, app };
}

describe('Page field limits', () => {
  it('caps only about at 100 characters; other text fields keep their own limits', async () => {
    const { pageId, page } = pageAndTokens();
    const about = await form('POST', `/${pageId}`, { about: 'x'.repeat(101) }, page);
    expect(about.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(about.body.error?.message).toMatch(/about/);
    const long = 'Family cafe since 1990. '.repeat(20);
    expect((await form('POST', `/${pageId}`, { description: long, company_overview: long, general_info: long }, page)).body).toEqual({ success: true });
    expect((await get(`/${pageId}`, { fields: 'description,company_overview' }, page)).body).toMatchObject({ description: long, company_overview: long });
  });
});

describe('user information needs a Page token', () => {
  it('answers a visitor as from only to a Page token; a user or app token gets the Page-owned fields', async () => {
    const { pageId, page, user, app } = pageAndTokens();
    const visitor = fakes.socialGraph.seed.user({ name: 'Vera' }).id;
    fakes.socialGraph.seed.post({ pageId, message: 'hello', fromId: visitor });
    const read = async (token: string) =>
      (await get(`/${pageId}/visitor_posts`, { fields: 'message,from' }, token)).body.data as Array<Record<string, unknown>>;
    expect((await read(page))[0]).toMatchObject({ message: 'hello', from: { id: visitor, name: 'Vera' } });
    for (const t of [user, app]) {
      const [row] = await read(t);
      expect(row?.message).toBe('hello');
      expect(row).not.toHaveProperty('from');
    }
  });

  it('answers a rating reviewer only to a Page token', async () => {
    const { pageId, page, user } = pageAndTokens();
    fakes.socialGraph.seed.rating({ pageId, reviewText: 'great coffee' });
    const { Page } = sdk(page);
    const withPage = await new Page(pageId).getRatings(['review_text', 'reviewer'], {});
    expect(withPage[0]?._data).toMatchObject({ review_text: 'great coffee', reviewer: { name: expect.any(String) } });
    const r = await get(`/${pageId}/ratings`, { fields: 'review_text,reviewer' }, user);
    // Graph's Recommendation has no id field.
    expect(r.body.data).toEqual([{ review_text: 'great coffee' }]);
  });

  it("keeps Page-owned profiles for user and app tokens: a photo's from is the Page, a rating's reviewer a person", async () => {
    const { pageId, user, app } = pageAndTokens();
    fakes.socialGraph.seed.photo({ pageId, name: 'latte' });
    fakes.socialGraph.seed.rating({ pageId, reviewText: 'great coffee' });
    for (const t of [user, app]) {
      const photos = (await get(`/${pageId}/photos`, { fields: 'name,from' }, t)).body.data as Array<Record<string, unknown>>;
      expect(photos[0]).toMatchObject({ name: 'latte', from: { id: pageId, name: 'Cafe' } });
      const ratings = (await get(`/${pageId}/ratings`, { fields: 'review_text,reviewer' }, t)).body.data as Array<Record<string, unknown>>;
      expect(ratings[0]).not.toHaveProperty('reviewer');
    }
  });
});

describe('the feed and tagging posts', () => {
  it('lists public posts of others that tag the Page; to resolves for Page tokens only', async () => {
    const { pageId, page, user, app } = pageAndTokens();
    const roaster = fakes.socialGraph.seed.page({ name: 'Roaster' }).id;
    fakes.socialGraph.seed.post({ pageId, message: 'own post' });
    fakes.socialGraph.seed.post({ pageId: roaster, message: 'we love Cafe', tagsPages: [pageId] });
    fakes.socialGraph.seed.post({ pageId: roaster, message: 'draft about Cafe', tagsPages: [pageId], published: false });
    const { Page } = sdk(page);
    const feed = await new Page(pageId).getFeed(['message', 'to'], {});
    expect(feed.map((p) => p._data.message)).toEqual(['we love Cafe', 'own post']);
    expect(feed[0]?._data.to).toEqual({ data: [{ name: 'Cafe', id: pageId }] });
    const asUser = (await get(`/${pageId}/feed`, { fields: 'message,to' }, user)).body.data as Array<Record<string, unknown>>;
    expect(asUser.map((p) => p.message)).toEqual(['we love Cafe', 'own post']);
    expect(asUser[0]?.to).toEqual({ data: [] });
    const asApp = (await get(`/${pageId}/feed`, { fields: 'message,to' }, app)).body.data as Array<Record<string, unknown>>;
    expect(asApp[0]).not.toHaveProperty('to');
  });
});

describe('post fields', () => {
  it('lists share among the default action links', async () => {
    const { pageId, page } = pageAndTokens();
    const { id } = fakes.socialGraph.seed.post({ pageId, message: 'hi' });
    const r = await get(`/${id}`, { fields: 'actions' }, page);
    expect((r.body.actions as Array<{ name: string }>).map((a) => a.name)).toEqual(['Comment', 'Like', 'Share']);
  });

  it('answers times in Graph ISO-8601 +0000 form (created_time, updated_time, backdated_time)', async () => {
    const { pageId, page } = pageAndTokens();
    const created = await form('POST', `/${pageId}/feed`, { message: 'throwback', backdated_time: '1500000000' }, page);
    const r = await get(`/${created.body.id}`, { fields: 'created_time,updated_time,backdated_time' }, page);
    expect(r.body.created_time).toMatch(ISO);
    expect(r.body.updated_time).toMatch(ISO);
    expect(r.body.backdated_time).toBe('2017-07-14T02:40:00+0000');
    fakes.socialGraph.seed.photo({ pageId, name: 'latte' });
    const photo = (await get(`/${pageId}/photos`, {}, page)).body.data as Array<{ created_time: string }>;
    expect(photo[0]?.created_time).toMatch(ISO);
  });

  it('answers seeded times in the +0000 form whatever form the seed used (ISO string, Date, epoch ms)', async () => {
    const forms = ['2024-01-01T00:00:00Z', new Date('2024-01-01T00:00:00Z'), Date.parse('2024-01-01T00:00:00Z'), '2024-01-01T01:00:00+01:00'];
    for (const t of forms) {
      const pageId = fakes.socialGraph.seed.page({ name: 'Cafe', fields: { leadgen_tos_acceptance_time: t } }).id;
      const token = fakes.socialGraph.seed.token({ type: 'page', pageId });
      fakes.socialGraph.seed.edgeNode({ pageId, edge: 'albums', fields: { name: 'Summer', created_time: t, updated_time: t } });
      expect((await get(`/${pageId}`, { fields: 'leadgen_tos_acceptance_time' }, token)).body.leadgen_tos_acceptance_time).toBe('2024-01-01T00:00:00+0000');
      const albums = (await get(`/${pageId}/albums`, { fields: 'created_time,updated_time' }, token)).body.data as Array<Record<string, unknown>>;
      expect(albums[0]).toMatchObject({ created_time: '2024-01-01T00:00:00+0000', updated_time: '2024-01-01T00:00:00+0000' });
    }
  });

  it('accepts the document spelling of photo-app fields and answers Graph names', async () => {
    const { pageId, page } = pageAndTokens();
    const r = await get(`/${pageId}`, { fields: 'copyright_whitelisted_photoshare_partners,does_viewer_have_page_permission_link_photoshare' }, page);
    expect(r.status).toBe(200);
    expect(r.body).toHaveProperty('does_viewer_have_page_permission_link_ig', false);
    const post = fakes.socialGraph.seed.post({ pageId, message: 'x' }).id;
    const p = await get(`/${post}`, { fields: 'photoshare_eligibility,is_photoshare_eligible' }, page);
    expect(Object.keys(p.body).sort()).toEqual(['id', 'instagram_eligibility', 'is_instagram_eligible']);
    // The linked photo-app accounts edge under the document's spelling and Graph's.
    fakes.socialGraph.seed.edgeNode({ pageId, edge: 'instagram_accounts', fields: {} });
    const neutral = await get(`/${pageId}/photoshare_accounts`, {}, page);
    expect(neutral.status).toBe(200);
    expect(neutral.body.data).toEqual((await get(`/${pageId}/instagram_accounts`, {}, page)).body.data);
    expect((neutral.body.data as unknown[]).length).toBe(1);
    expect(fakes.calls.where({ route: '/{page-id}/instagram_accounts' })).toHaveLength(2);
  });
});

describe("brand-word Page fields in the document's neutral spelling", () => {
  /** The document's neutral names of section "Page node fields" → Graph's names (each a field of the SDK's Page class). */
  const NEUTRAL: Record<string, string> = {
    copyright_whitelisted_photoshare_partners: 'copyright_whitelisted_ig_partners',
    does_viewer_have_page_permission_link_photoshare: 'does_viewer_have_page_permission_link_ig',
    is_eligible_for_disable_connect_photoshare_btn_for_non_page_admin_am_web: 'is_eligible_for_disable_connect_ig_btn_for_non_page_admin_am_web',
    connected_photoshare_account: 'connected_instagram_account',
    photoshare_business_account: 'instagram_business_account',
    has_chatapp_business_number: 'has_whatsapp_business_number',
    has_chatapp_number: 'has_whatsapp_number',
    chatapp_number: 'whatsapp_number',
    is_chatmsg_bot_get_started_enabled: 'is_messenger_bot_get_started_enabled',
    is_chatmsg_platform_bot: 'is_messenger_platform_bot',
    chatmsg_ads_default_icebreakers: 'messenger_ads_default_icebreakers',
    chatmsg_ads_default_quick_replies: 'messenger_ads_default_quick_replies',
    chatmsg_ads_quick_replies_type: 'messenger_ads_quick_replies_type',
  };

  it('accepts each under the neutral and the real name and answers the real name', async () => {
    const { pageId, page } = pageAndTokens();
    const sdkFields = Object.keys((bizSdk as unknown as { Page: { Fields: Record<string, string> } }).Page.Fields);
    for (const [neutral, real] of Object.entries(NEUTRAL)) {
      expect(sdkFields).toContain(real);
      const a = await get(`/${pageId}`, { fields: neutral }, page);
      const b = await get(`/${pageId}`, { fields: real }, page);
      expect(a.status, neutral).toBe(200);
      expect(a.body, neutral).toEqual(b.body);
      for (const k of Object.keys(a.body)) expect(sdkFields).toContain(k);
    }
  });
});

describe('lead forms', () => {
  it('reads a lead form by id', async () => {
    const { pageId, page } = pageAndTokens();
    const questions = JSON.stringify([{ type: 'EMAIL' }, { type: 'FULL_NAME' }]);
    const created = await form('POST', `/${pageId}/leadgen_forms`, { name: 'Newsletter', questions }, page);
    const r = await get(`/${created.body.id}`, { fields: 'name,locale,status,questions' }, page);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: created.body.id, name: 'Newsletter', locale: 'EN_US', status: 'ACTIVE' });
    expect((await get(`/${created.body.id}`, {}, page)).body).toMatchObject({ id: created.body.id, name: 'Newsletter' });
  });

  it('names the malformed field: a question without a type, unknown keys in an object parameter', async () => {
    const { pageId, page } = pageAndTokens();
    const noType = await form('POST', `/${pageId}/leadgen_forms`, { name: 'N', questions: JSON.stringify([{ label: 'Email' }]) }, page);
    // Graph's own words for it (as reported against the Business SDK, facebook-php-business-sdk#395), no subcode.
    expect(noType.body.error).toMatchObject({ code: 100, type: 'OAuthException', message: '(#100) The parameter questions[0][type] is required' });
    expect(noType.body.error).not.toHaveProperty('error_subcode');
    const badType = await form('POST', `/${pageId}/leadgen_forms`, { name: 'N', questions: JSON.stringify([{ type: 'SHOE_SIZE' }]) }, page);
    expect(badType.body.error?.message).toMatch(/^\(#100\) Param questions\[0\]\[type\] must be one of \{CUSTOM, CITY, /);
    const extra = await form(
      'POST',
      `/${pageId}/leadgen_forms`,
      { name: 'N', questions: JSON.stringify([{ type: 'EMAIL' }]), context_card: JSON.stringify({ title: 'Hi', colour: 'red' }) },
      page,
    );
    expect(extra.body.error).toMatchObject({ code: 100, message: '(#100) Invalid keys "colour" were found in param "context_card".' });
    expect((await get(`/${pageId}/leadgen_forms`, {}, page)).body.data).toEqual([]);
  });
});

describe('malformed create-edge payloads', () => {
  // Graph's wording: "(#100) The parameter recipient is required" (a captured Messenger answer),
  // "(#100) The parameter questions[0][type] is required" (facebook-php-business-sdk#395),
  // "(#100) Invalid keys \"x\" were found in param \"y\"." and "(#100) Param subscribed_fields[0] must be one
  // of {...}" (answers quoted in public integrations): code 100, OAuthException, no error_subcode.
  // Whole envelopes captured from Graph carry no error_subcode, error_user_title or error_user_msg:
  //   https://github.com/rapidpro/rapidpro/issues/271
  //     {"error":{"message":"(#100) Invalid keys \"message\" were found in param \"call_to_actions[0]\".","type":"OAuthException","code":100,"fbtrace_id":"EbKodV2oUXv"}}
  //   https://github.com/kadnan/Facebook-Chat-Bot/issues/5
  //     [message] => (#100) The parameter user_id is required [type] => OAuthException [code] => 100 [fbtrace_id] => BLJfJGBxts8
  // The 1487xxx / 2446xxx / 1870xxx subcodes (e.g. 1487168 in https://github.com/daroczig/fbRads/issues/67)
  // come with the Marketing API's validation of ad objects (campaigns, ad sets, creatives), not with these
  // parameter-shape answers; no public answer shows one for a missing key or unknown keys in a JSON param.
  const json = async (path: string, body: Record<string, unknown>, token: string) => {
    const res = await fetch(`${BASE}${path}?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { error?: Record<string, unknown> } };
  };
  const cases = (pageId: string, act: string): Array<[string, Record<string, unknown>, string]> => [
    [`/${pageId}/take_thread_control`, { recipient: { name: 'x' } }, 'The parameter recipient[id] is required'],
    [`/${pageId}/take_thread_control`, { recipient: { id: '7001', colour: 'red' } }, 'Invalid keys "colour" were found in param "recipient".'],
    [`/${pageId}/personas`, { profile_picture_url: 'https://x.test/a.png' }, 'The parameter name is required'],
    [`/${pageId}/personas`, { name: 'Ada', profile_picture_url: 'nope' }, 'Param profile_picture_url must be a valid URL'],
    [`/${pageId}/subscribed_apps`, {}, 'The parameter subscribed_fields is required'],
    [`/${pageId}/assigned_users`, { tasks: ['MANAGE'] }, 'The parameter user is required'],
    [`/${pageId}/owned_pages`, {}, 'The parameter page_id is required'],
    [
      `/${pageId}/leadgen_forms`,
      { name: 'n', questions: [{ type: 'EMAIL' }], thank_you_page: { title: 't' } },
      'The parameter thank_you_page[button_type] is required',
    ],
    [
      `/${pageId}/leadgen_forms`,
      { name: 'n', questions: [{ type: 'EMAIL' }], custom_disclaimer: { checkboxes: [{ key: 'k' }] } },
      'The parameter custom_disclaimer[checkboxes][0][text] is required',
    ],
    [`/${pageId}/leadgen_forms`, { name: 'n', questions: [{ type: 'EMAIL', colour: 1 }] }, 'Invalid keys "colour" were found in param "questions[0]".'],
    [`/${pageId}/feed`, { message: 'm', call_to_action: { value: { link: 'https://x.test' } } }, 'The parameter call_to_action[type] is required'],
    [`/${pageId}`, { start_info: { date: { year: 2000 } } }, 'The parameter start_info[type] is required'],
    [`/${pageId}`, { start_info: { type: 'Founded', colour: 1 } }, 'Invalid keys "colour" were found in param "start_info".'],
    [`/${act}/customaudiences`, { subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }, 'The parameter name is required'],
    [`/${act}/customaudiences`, { name: 'x', subtype: 'LOOKALIKE' }, 'The parameter lookalike_spec is required'],
  ];

  it("answer code 100 naming the field in Graph's words, without a subcode, and write nothing", async () => {
    const { pageId, page } = pageAndTokens();
    fakes.socialGraph.seed.user({ psids: { [pageId]: '7001' } });
    const act = fakes.socialGraph.seed.adAccount({ tosAccepted: true }).id;
    const advertiser = fakes.socialGraph.seed.token({ type: 'user' });
    const before = fakes.snapshot();
    for (const [path, body, message] of cases(pageId, act)) {
      const r = await json(path, body, path.startsWith('/act_') ? advertiser : page);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.error, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 100, type: 'OAuthException', message: `(#100) ${message}` });
      expect(r.body.error).not.toHaveProperty('error_subcode');
      expect(r.body.error?.fbtrace_id).toEqual(expect.any(String));
    }
    expect(fakes.snapshot()).toBe(before);
  });
});

describe('custom audience rules', () => {
  async function account() {
    const { id } = fakes.socialGraph.seed.adAccount({ tosAccepted: true });
    const token = fakes.socialGraph.seed.token({ type: 'user' });
    return { act: id, token };
  }

  it('refuses retention_days on an audience subtype that does not take it (WEBSITE), keeps it on customer lists', async () => {
    const { act, token } = await account();
    const rule = JSON.stringify({ inclusions: { operator: 'or', rules: [{ event_sources: [{ id: '123', type: 'pixel' }], retention_seconds: 86400 }] } });
    const web = await form('POST', `/${act}/customaudiences`, { name: 'Visitors', subtype: 'WEBSITE', rule, retention_days: '30' }, token);
    expect(web.body.error).toMatchObject({ code: 100 });
    expect(web.body.error?.message).toMatch(/retention_days/);
    const list = await form(
      'POST',
      `/${act}/customaudiences`,
      { name: 'List', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY', retention_days: '30' },
      token,
    );
    expect(list.body.id).toMatch(/^\d+$/);
    expect((await get(`/${list.body.id}`, { fields: 'retention_days' }, token)).body.retention_days).toBe(30);
  });

  it('refuses an update that names a parameter the update does not take', async () => {
    const { act, token } = await account();
    const { id } = (await form('POST', `/${act}/customaudiences`, { name: 'List', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }, token))
      .body as {
      id: string;
    };
    const bad = await form('POST', `/${id}`, { name: 'Renamed', subtype: 'WEBSITE' }, token);
    expect(bad.body.error).toMatchObject({ code: 100 });
    expect(bad.body.error?.message).toMatch(/subtype/);
    expect((await get(`/${id}`, { fields: 'name' }, token)).body.name).toBe('List');
  });

  it("a flagged audience's delivery_status says it cannot deliver", async () => {
    const { act } = await account();
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'Loyal customers', count: 5000 });
    const token = fakes.socialGraph.seed.token({ type: 'user' });
    const before = (await get(`/${id}`, { fields: 'delivery_status,operation_status' }, token)).body;
    expect(before).toMatchObject({ delivery_status: { code: 200 }, operation_status: { code: 200 } });
    fakes.socialGraph.audiences.flag(id, ['name']);
    const after = (await get(`/${id}`, { fields: 'delivery_status,operation_status' }, token)).body as Record<string, { code: number; description: string }>;
    expect(after.operation_status?.code).toBe(471);
    expect(after.delivery_status?.code).not.toBe(200);
    expect(after.delivery_status?.description).toMatch(/flagged/i);
  });

  it('checks new audiences for prohibited suggestions only from the roll-out date (2025-09-02)', async () => {
    fakes.clock.set('2025-08-01T00:00:00Z');
    const { id: act } = fakes.socialGraph.seed.adAccount({ tosAccepted: true });
    const token = fakes.socialGraph.seed.token({ type: 'user' });
    const name = 'People with diabetes';
    const create = async () =>
      (await form('POST', `/${act}/customaudiences`, { name, subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' }, token)).body.id as string;
    const before = await create();
    expect((await get(`/${before}`, { fields: 'operation_status' }, token)).body.operation_status).toMatchObject({ code: 200 });
    fakes.clock.set('2025-09-02T00:00:00Z');
    const after = await create();
    expect((await get(`/${after}`, { fields: 'operation_status,fields_violating_integrity_policy' }, token)).body).toMatchObject({
      operation_status: { code: 471 },
      fields_violating_integrity_policy: ['name'],
    });
  });
});

describe('bad input on new edges', () => {
  it('answers Graph envelopes, never a 500, and writes nothing', async () => {
    const { pageId, page, app } = pageAndTokens();
    const before = fakes.snapshot();
    for (const [path, query, token] of [
      [`/${pageId}/photos`, { limit: '1000' }, page],
      [`/${pageId}/photos`, { after: '!!!' }, page],
      [`/${pageId}/insights`, { metric: 'page impressions' }, page],
      [`/${pageId}/insights`, { period: 'fortnight' }, page],
      [`/${pageId}/picture`, { type: 'huge', redirect: '0' }, page],
      [`/${pageId}/thread_owner`, {}, page],
      [`/${pageId}/roles`, {}, app],
      [`/${pageId}/conversations`, {}, app],
    ] as const) {
      const r = await get(path, query, token);
      expect(r.status, `${path} ${JSON.stringify(query)}`).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.error).toMatchObject({ message: expect.any(String), type: expect.any(String), code: expect.any(Number), fbtrace_id: expect.any(String) });
    }
    expect(fakes.snapshot()).toBe(before);
    const r = await fetch(`${BASE}/${pageId}/photos?access_token=${page}`, { method: 'DELETE' });
    expect(r.status).toBe(400);
  });
});
