import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { BASE, form, get, sdk, sdkError } from './helpers.js';

const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

const json = async (method: string, path: string, body: Record<string, unknown>, token = 't') => {
  const res = await fetch(`${BASE}${path}?access_token=${token}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

describe('assigned_users', () => {
  it('assigns and removes a user with validated tasks', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    expect((await new Page(pageId).createAssignedUser([], { user: '555', tasks: ['MODERATE', 'PROFILE_PLUS_REVENUE'] }))._data).toMatchObject({
      success: true,
    });
    expect((await get(`/${pageId}/assigned_users`, {}, 't')).body.data).toEqual([{ id: '555', name: 'User 555', tasks: ['MODERATE', 'PROFILE_PLUS_REVENUE'] }]);
    const bad = await form('POST', `/${pageId}/assigned_users`, { user: '556', tasks: '["JANITOR"]' }, 't');
    expect(bad.body.error?.code).toBe(100);
    const noUser = await form('POST', `/${pageId}/assigned_users`, { tasks: '["MANAGE"]' }, 't');
    expect(noUser.body.error?.message).toMatch(/user is required/);
    expect((await form('DELETE', `/${pageId}/assigned_users`, { user: '555' }, 't')).body).toEqual({ success: true });
    expect((await form('DELETE', `/${pageId}/assigned_users`, { user: '555' }, 't')).body.error?.code).toBe(100);
  });
});

describe('locations', () => {
  it('removes location children by id and store number; 371 for a Page that is not a child', async () => {
    const parent = fakes.socialGraph.seed.page().id;
    const a = fakes.socialGraph.seed.page({ parentPageId: parent, storeNumber: 1 }).id;
    const b = fakes.socialGraph.seed.page({ parentPageId: parent, storeNumber: 2 }).id;
    const r = await form('DELETE', `/${parent}/locations`, { location_page_ids: JSON.stringify([a, b]), store_numbers: '[1,9]' }, 't');
    expect(r.body).toEqual({
      status: false,
      data: [
        { child_id: a, success: true },
        { child_id: b, success: false },
      ],
    });
    expect((await get(`/${parent}/locations`, {}, 't')).body.data).toEqual([{ id: b, store_number: 2 }]);
    const stranger = fakes.socialGraph.seed.page().id;
    expect((await form('DELETE', `/${parent}/locations`, { location_page_ids: `[${stranger}]`, store_numbers: '[1]' }, 't')).body.error?.code).toBe(371);
    expect((await form('DELETE', `/${parent}/locations`, { store_numbers: '[1]' }, 't')).body.error?.code).toBe(100);
  });
});

describe('number verification', () => {
  it('sends a code, refuses a wrong one and verifies the right one (real and neutral edge names)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const sent = await json('POST', `/${pageId}/page_whatsapp_number_verification`, { whatsapp_number: '+1 555 010 2030' });
    expect(sent.body).toEqual({ error_message: '', verification_status: 'CODE_SENT', whatsapp_number_type: 1, whatsapp_display_number: '+15550102030' });
    const wrong = await form('POST', `/${pageId}/page_chatapp_number_verification`, { chatapp_number: '+15550102030', verification_code: '000000' }, 't');
    expect(wrong.body.verification_status).toBe('NOT_VERIFIED');
    const right = await form('POST', `/${pageId}/page_chatapp_number_verification`, { chatapp_number: '+15550102030', verification_code: '102030' }, 't');
    expect(right.body.verification_status).toBe('VERIFIED');
    expect((await get(`/${pageId}`, { fields: 'whatsapp_number,has_whatsapp_number' }, 't')).body).toMatchObject({
      whatsapp_number: '+15550102030',
      has_whatsapp_number: true,
    });
    expect((await form('POST', `/${pageId}/page_whatsapp_number_verification`, {}, 't')).body.error?.code).toBe(100);
    expect(fakes.calls.last()?.route).toBe('/{page-id}/page_whatsapp_number_verification');
  });
});

describe('messaging edges', () => {
  it('take_thread_control needs a known recipient (551)', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    fakes.socialGraph.seed.user({ psids: { [pageId]: '7001' } });
    expect((await json('POST', `/${pageId}/take_thread_control`, { recipient: { id: '7001' }, metadata: 'handover' })).body).toEqual({ success: true });
    expect((await json('POST', `/${pageId}/take_thread_control`, { recipient: { id: '7999' } })).body.error.code).toBe(551);
    expect((await json('POST', `/${pageId}/take_thread_control`, { recipient: { name: { first_name: 'a', last_name: 'b' } } })).body.error.code).toBe(100);
  });

  it('personas need name and profile_picture_url; a Page with messaging blocked answers 230', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    const p = await new Page(pageId).createPersona([], { name: 'Ada', profile_picture_url: 'https://x.test/ada.png' });
    expect(p._data.id).toMatch(/^\d+$/);
    expect((await get(`/${pageId}/personas`, {}, 't')).body.data).toEqual([{ id: p._data.id, name: 'Ada', profile_picture_url: 'https://x.test/ada.png' }]);
    expect((await sdkError(new Page(pageId).createPersona([], { name: 'Ada', profile_picture_url: 'nope' }))).code).toBe(100);
    const blocked = fakes.socialGraph.seed.page({ messagingBlocked: true }).id;
    expect((await sdkError(new Page(blocked).createPersona([], { name: 'Ada', profile_picture_url: 'https://x.test/a.png' }))).code).toBe(230);
  });

  it('nlp_configs validates the model enum and n_best', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    expect((await form('POST', `/${pageId}/nlp_configs`, { model: 'ENGLISH', nlp_enabled: 'true', n_best: '3' }, 't')).body).toEqual({ success: true });
    expect((await form('POST', `/${pageId}/nlp_configs`, { model: 'KLINGON' }, 't')).body.error?.code).toBe(100);
    expect((await form('POST', `/${pageId}/nlp_configs`, { n_best: 'lots' }, 't')).body.error?.code).toBe(100);
    expect((await form('POST', `/${pageId}/nlp_configs`, { model: 'CUSTOM' }, 't')).body.error?.code).toBe(100);
  });
});

describe('owned_pages', () => {
  it('claims a Page and answers each business-claim outcome', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const target = fakes.socialGraph.seed.page().id;
    const ok = await form('POST', `/${pageId}/owned_pages`, { page_id: target, entry_point: 'BM', fields: 'access_status' }, 't');
    expect(ok.body).toEqual({ access_status: 'CONFIRMED', id: target });
    expect((await form('POST', `/${pageId}/owned_pages`, { page_id: target }, 't')).body.error?.code).toBe(3944);
    const outcomes = [
      ['needs_password', 413],
      ['needs_2fa', 415],
      ['must_be_admin', 3977],
      ['insufficient_permission', 3982],
      ['linked_photoshare', 42001],
    ] as const;
    for (const [claim, code] of outcomes) {
      const t = fakes.socialGraph.seed.page({ claim }).id;
      const r = await form('POST', `/${pageId}/owned_pages`, { page_id: t }, 't');
      expect(r.body.error?.code).toBe(code);
      // Regression: the message's curly apostrophe reaches the body as is and the header as '?' (not a hung reply).
      if (code === 42001) {
        expect(r.body.error?.message).toContain('can’t');
        expect(r.headers.get('www-authenticate')).toContain('can?t');
      }
    }
    expect((await form('POST', `/${pageId}/owned_pages`, { page_id: '42' }, 't')).body.error?.code).toBe(100);
  });
});

describe('subscribed_apps', () => {
  it('subscribes with fields validated against section 6; GET answers only the calling app', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const mine = fakes.socialGraph.seed.app({ name: 'Mine' });
    fakes.socialGraph.seed.subscription({ pageId, appId: fakes.socialGraph.seed.app({ name: 'Other' }).id, fields: ['feed'] });
    const token = fakes.socialGraph.seed.token({ type: 'page', pageId, appId: mine.id });
    const { Page } = sdk(token);
    await new Page(pageId).createSubscribedApp([], { subscribed_fields: ['feed', 'messages', 'messaging_platformlogin_account_linking'] });
    const list = await new Page(pageId).getSubscribedApps([], {});
    expect(list.map((a) => a._data)).toEqual([
      {
        id: mine.id,
        name: 'Mine',
        category: 'Business',
        link: `https://www.facebook.com/games/?app_id=${mine.id}`,
        subscribed_fields: ['feed', 'messages', 'messaging_fblogin_account_linking'],
      },
    ]);
    expect((await sdkError(new Page(pageId).createSubscribedApp([], { subscribed_fields: ['feed', 'gossip'] }))).code).toBe(100);
    expect((await sdkError(new Page(pageId).createSubscribedApp([], {}))).code).toBe(100);
    const raw = await form('POST', `/${pageId}/subscribed_apps`, { subscribed_fields: 'feed,mention', fields: 'subscribed_fields' }, token);
    expect(raw.body).toEqual({ success: true, subscribed_fields: ['feed', 'mention'], id: mine.id });
    expect((await form('DELETE', `/${pageId}/subscribed_apps`, {}, token)).body).toEqual({ success: true });
    expect((await new Page(pageId).getSubscribedApps([], {})).length).toBe(0);
  });
});

describe('leadgen_forms', () => {
  const form1 = {
    name: 'Signup',
    questions: [{ type: 'EMAIL' }, { type: 'CUSTOM', key: 'size', label: 'Team size', options: [{ key: 's', value: 'Small' }] }, { type: 'CHATAPP_NUMBER' }],
    locale: 'EN_US',
    privacy_policy: { url: 'https://x.test/privacy', link_text: 'Privacy' },
    thank_you_page: { title: 'Thanks', button_type: 'VIEW_WEBSITE', website_url: 'https://x.test' },
    context_card: { style: 'LIST_STYLE', content: ['a', 'b'] },
    custom_disclaimer: { body: { text: 'We call you' }, checkboxes: [{ text: 'OK?' }] },
    tracking_parameters: { src: 'ads' },
  };

  it('creates a form with every parameter validated and lists it', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const { Page } = sdk('t');
    const created = await new Page(pageId).createLeadGenForm([], form1);
    expect(created._data.id).toMatch(/^\d+$/);
    const stored = fakes.socialGraph.object(created._data.id as string);
    expect(stored?.fields.questions).toMatchObject([{ type: 'EMAIL' }, { type: 'CUSTOM' }, { type: 'WHATSAPP_NUMBER' }]);
    expect(stored?.fields.allow_organic_lead_retrieval).toBe(true);
    expect((await get(`/${pageId}/leadgen_forms`, {}, 't')).body.data).toEqual([{ id: created._data.id, name: 'Signup', locale: 'EN_US', status: 'ACTIVE' }]);
  });

  const bad: Array<[string, Record<string, unknown>, number]> = [
    ['no name', { ...form1, name: undefined }, 100],
    ['no questions', { ...form1, questions: undefined }, 100],
    ['a question without type', { ...form1, questions: [{ key: 'k', label: 'L' }] }, 100],
    ['an unknown question type', { ...form1, questions: [{ type: 'SHOE_SIZE' }] }, 100],
    ['a CUSTOM question without label', { ...form1, questions: [{ type: 'CUSTOM', key: 'k' }] }, 100],
    ['a bad locale', { ...form1, locale: 'EN_MARS' }, 100],
    ['a privacy link_text over 70 characters', { ...form1, privacy_policy: { url: 'https://x.test', link_text: 'x'.repeat(71) } }, 100],
    ['a thank-you page without button_type', { ...form1, thank_you_page: { title: 'T' } }, 100],
    ['a bad context card style', { ...form1, context_card: { style: 'FANCY' } }, 100],
    ['a disclaimer checkbox without text', { ...form1, custom_disclaimer: { checkboxes: [{ key: 'k' }] } }, 100],
    ['a bad follow_up_action_url', { ...form1, follow_up_action_url: 'later' }, 100],
    ['a gated file with a button other than VIEW_ON_FACEBOOK', { ...form1, upload_gated_file: 'file' }, 100],
    ['an invalid business phone number', { ...form1, thank_you_page: { title: 'T', button_type: 'CALL_BUSINESS', business_phone_number: 'call me' } }, 192],
    ['parameters the operation does not take', { ...form1, colour: 'red' }, 105],
  ];
  it.each(bad)('refuses %s', async (_what, body, code) => {
    const pageId = fakes.socialGraph.seed.page().id;
    const r = await json('POST', `/${pageId}/leadgen_forms`, body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });
});

describe('edges through the Business SDK (JSON bodies, DELETE params in the query)', () => {
  it('deleteAssignedUsers, deleteLocations, createTakeThreadControl, createNlpConfig, deleteSubscribedApps', async () => {
    const pageId = fakes.socialGraph.seed.page().id;
    const child = fakes.socialGraph.seed.page({ parentPageId: pageId, storeNumber: 4 }).id;
    fakes.socialGraph.seed.user({ psids: { [pageId]: '7001' } });
    const { Page } = sdk('t');
    const page = new Page(pageId) as unknown as Record<string, (...a: unknown[]) => Promise<{ _data?: unknown } & Record<string, unknown>>>;
    await page.createAssignedUser?.([], { user: '555', tasks: ['MANAGE'] });
    expect(await page.deleteAssignedUsers?.({ user: '555' })).toEqual({ success: true });
    expect(await page.deleteLocations?.({ location_page_ids: [child], store_numbers: [4] })).toEqual({
      status: true,
      data: [{ child_id: child, success: true }],
    });
    expect((await page.createTakeThreadControl?.([], { recipient: { id: '7001' } }))?._data).toMatchObject({ success: true });
    expect((await page.createNlpConfig?.([], { model: 'FRENCH_STANDARD', nlp_enabled: true }))?._data).toMatchObject({ success: true });
    await page.createSubscribedApp?.([], { subscribed_fields: ['feed'] });
    expect(await page.deleteSubscribedApps?.({})).toEqual({ success: true });
    expect(fakes.calls.where({ method: 'DELETE' }).length).toBe(3);
  });
});
