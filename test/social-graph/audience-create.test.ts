import { createHash } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fbError } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const sdk: any = bizSdk;
const { FacebookAdsApi, AdAccount, CustomAudience } = sdk;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const emails = (n: number, from = 0) => Array.from({ length: n }, (_, i) => sha(`person${from + i}@example.com`));
const RULE = { inclusions: { operator: 'or', rules: [{ event_sources: [{ id: '55', type: 'pixel' }], retention_seconds: 86400 }] } };

describe('custom audiences: create (POST /act_{id}/customaudiences)', () => {
  const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });
  let account: InstanceType<typeof AdAccount>;
  let actId: string;
  beforeEach(() => {
    fakes.reset();
    fakes.install();
    FacebookAdsApi.init('tok', 'en_US', false);
    actId = fakes.socialGraph.seed.adAccount({ name: 'Shop' }).id;
    account = new AdAccount(actId);
  });
  afterEach(() => {
    fakes.uninstall();
  });

  const create = (params: Record<string, unknown>) => account.createCustomAudience([], params);

  it('creates a customer-file audience and reads it back', async () => {
    const created = await create({ name: 'Buyers', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY', description: 'People who bought' });
    expect(created.id).toMatch(/^\d+$/);
    const a = await new CustomAudience(created.id).get(['name', 'subtype', 'customer_file_source', 'description', 'account_id', 'operation_status']);
    expect(a._data).toMatchObject({
      id: created.id,
      name: 'Buyers',
      subtype: 'CUSTOM',
      customer_file_source: 'USER_PROVIDED_ONLY',
      description: 'People who bought',
      account_id: actId.slice(4),
      operation_status: { code: 200, description: 'Normal' },
    });
    expect(fakes.calls.where({ operation: 'adAccount/customaudiences.create' }).count()).toBe(1);
  });

  it('answers the requested fields on create (read-after-write)', async () => {
    const created = await account.createCustomAudience(['name', 'subtype'], { name: 'Buyers', customer_file_source: 'USER_PROVIDED_ONLY' });
    expect(created._data).toMatchObject({ name: 'Buyers', subtype: 'CUSTOM' });
  });

  it.each([
    ['subtype', 'NOPE'],
    ['customer_file_source', 'SOMEWHERE'],
    ['claim_objective', 'SHOES'],
    ['content_type', 'SOCKS'],
    ['use_for_products', ['ADS', 'BILLBOARDS']],
    ['subscription_info', ['PIGEON']],
  ])('refuses %s outside its enum with 100', async (param, value) => {
    const e = await fbError(create({ name: 'x', customer_file_source: 'USER_PROVIDED_ONLY', [param]: value }));
    expect(e.response.code).toBe(100);
    expect(e.response.message).toContain(`Param ${param}`);
    expect(e.response.message).toContain('must be one of');
  });

  it('accepts every enum value list as JSON arrays or JSON strings (as the SDK sends them)', async () => {
    const a = await create({
      name: 'Full',
      subtype: 'CUSTOM',
      customer_file_source: 'BOTH_USER_AND_PARTNER_PROVIDED',
      claim_objective: 'PRODUCT',
      content_type: 'HOTEL',
      use_for_products: JSON.stringify(['ADS', 'MARKETING_MESSAGES']),
      subscription_info: ['WHATSAPP', 'MESSENGER'],
      allowed_domains: ['example.com'],
      retention_days: 30,
      is_value_based: true,
      opt_out_link: 'https://example.com/optout',
      list_of_accounts: [1, 2],
      prefill: true,
      use_in_campaigns: false,
    });
    const read = await new CustomAudience(a.id).get(['retention_days', 'is_value_based', 'opt_out_link']);
    expect(read._data).toMatchObject({ retention_days: 30, is_value_based: true, opt_out_link: 'https://example.com/optout' });
  });

  it('accepts the seed spellings of subscription_info (chatapp, chatmsg)', async () => {
    const a = await create({ name: 'Subs', customer_file_source: 'USER_PROVIDED_ONLY', subscription_info: ['CHATAPP', 'CHATMSG'] });
    expect(a.id).toMatch(/^\d+$/);
  });

  it.each([0, 181, -5])('refuses retention_days %s (1 to 180)', async (days) => {
    const e = await fbError(create({ name: 'x', customer_file_source: 'USER_PROVIDED_ONLY', retention_days: days }));
    expect(e.response.code).toBe(100);
    expect(e.response.message).toContain('retention_days');
  });

  it.each([1, 180])('accepts retention_days %s', async (days) => {
    const a = await create({ name: 'x', customer_file_source: 'USER_PROVIDED_ONLY', retention_days: days });
    expect((await new CustomAudience(a.id).get(['retention_days']))._data.retention_days).toBe(days);
  });

  it('requires name and, for customer files, customer_file_source', async () => {
    expect((await fbError(create({ customer_file_source: 'USER_PROVIDED_ONLY' }))).response.code).toBe(100);
    const e = await fbError(create({ name: 'No source', subtype: 'CUSTOM' }));
    expect(e.response.code).toBe(100);
    expect(e.response.message).toContain('customer_file_source');
  });

  it('requires a JSON rule for website, app and video audiences, as an object or a JSON string', async () => {
    for (const subtype of ['WEBSITE', 'APP', 'VIDEO']) {
      const missing = await fbError(create({ name: `${subtype} no rule`, subtype }));
      expect(missing.response.code).toBe(100);
      expect(missing.response.message).toContain('rule');
    }
    const bad = await fbError(create({ name: 'bad rule', subtype: 'WEBSITE', rule: '{not json' }));
    expect(bad.response.code).toBe(100);
    const asString = await create({ name: 'site', subtype: 'WEBSITE', rule: JSON.stringify(RULE), pixel_id: '55' });
    const asObject = await create({ name: 'app', subtype: 'APP', rule: RULE });
    const read = await new CustomAudience(asString.id).get(['rule', 'subtype', 'pixel_id', 'external_event_source']);
    expect(JSON.parse(read._data.rule)).toEqual(RULE);
    expect(read._data).toMatchObject({ subtype: 'WEBSITE', pixel_id: '55', external_event_source: { id: '55' } });
    expect(JSON.parse((await new CustomAudience(asObject.id).get(['rule']))._data.rule)).toEqual(RULE);
  });

  it('refuses a rule on a customer-file audience', async () => {
    const e = await fbError(create({ name: 'x', customer_file_source: 'USER_PROVIDED_ONLY', rule: RULE }));
    expect(e.response.code).toBe(100);
  });

  it('supports the engagement subtype only for video', async () => {
    const page = await fbError(
      create({ name: 'page fans', subtype: 'ENGAGEMENT', rule: { inclusions: { rules: [{ event_sources: [{ id: '1', type: 'page' }] }] } } }),
    );
    expect(page.response.code).toBe(100);
    expect(page.response.message).toContain('video');
    const ok = await create({ name: 'viewers', subtype: 'ENGAGEMENT', rule: [{ object_id: '99', event_name: 'video_watched' }] });
    expect(ok.id).toMatch(/^\d+$/);
    const ok2 = await create({ name: 'viewers 2', subtype: 'ENGAGEMENT', rule: { inclusions: { rules: [{ event_sources: [{ id: '9', type: 'video' }] }] } } });
    expect(ok2.id).not.toBe(ok.id);
  });

  describe('lookalikes', () => {
    it('needs an origin audience of at least 100 people (2654), counting uploaded people', async () => {
      const origin = await create({ name: 'Seed', customer_file_source: 'USER_PROVIDED_ONLY' });
      await new CustomAudience(origin.id).createUser([], { payload: { schema: 'EMAIL_SHA256', data: emails(99) } });
      const spec = JSON.stringify({ ratio: 0.01, country: 'US' });
      const small = await fbError(create({ name: 'LAL', subtype: 'LOOKALIKE', origin_audience_id: origin.id, lookalike_spec: spec }));
      expect(small.response.code).toBe(2654);
      expect(small.response.error_user_msg).toContain('100');
      await new CustomAudience(origin.id).createUser([], { payload: { schema: 'EMAIL_SHA256', data: emails(1, 99) } });
      const lal = await create({ name: 'LAL', subtype: 'LOOKALIKE', origin_audience_id: origin.id, lookalike_spec: spec });
      const read = await new CustomAudience(lal.id).get(['subtype', 'lookalike_spec', 'approximate_count_lower_bound']);
      expect(read._data.subtype).toBe('LOOKALIKE');
      expect(read._data.lookalike_spec).toMatchObject({ ratio: 0.01, country: 'US', origin: [{ id: origin.id, name: 'Seed', type: 'custom_audience' }] });
      expect(read._data.approximate_count_lower_bound).toBeGreaterThan(0);
      const o = await new CustomAudience(origin.id).get(['lookalike_audience_ids']);
      expect(o._data.lookalike_audience_ids).toEqual([lal.id]);
    });

    it('reads the origin from lookalike_spec too, and validates the spec', async () => {
      const { id: origin } = fakes.socialGraph.seed.audience({ adAccountId: actId, count: 1000 });
      const lal = await create({ name: 'LAL', subtype: 'LOOKALIKE', lookalike_spec: { ratio: 0.05, country: 'FR', origin_audience_id: origin } });
      expect(lal.id).toMatch(/^\d+$/);
      expect((await fbError(create({ name: 'x', subtype: 'LOOKALIKE', origin_audience_id: origin, lookalike_spec: 'not json' }))).response.code).toBe(100);
      expect((await fbError(create({ name: 'x', subtype: 'LOOKALIKE', origin_audience_id: origin, lookalike_spec: { ratio: 0.5 } }))).response.code).toBe(100);
      expect((await fbError(create({ name: 'x', subtype: 'LOOKALIKE', origin_audience_id: origin }))).response.code).toBe(100);
      expect((await fbError(create({ name: 'x', subtype: 'LOOKALIKE', origin_audience_id: '999', lookalike_spec: { ratio: 0.01 } }))).response.code).toBe(100);
      expect((await fbError(create({ name: 'x', customer_file_source: 'USER_PROVIDED_ONLY', lookalike_spec: { ratio: 0.01 } }))).response.code).toBe(100);
    });
  });

  describe('enable_fetch_or_create', () => {
    it('returns the audience with identical name, claim_objective, content_type, event sources, inclusions, exclusions and rule', async () => {
      const params = {
        name: 'Site visitors',
        subtype: 'WEBSITE',
        rule: RULE,
        claim_objective: 'PRODUCT',
        content_type: 'PRODUCT',
        event_sources: [{ id: '55', type: 'pixel' }],
      };
      const first = await create(params);
      const again = await create({ ...params, rule: JSON.stringify(RULE), enable_fetch_or_create: true });
      expect(again.id).toBe(first.id);
      const differentRule = await create({ ...params, rule: { ...RULE, exclusions: { rules: [] } }, enable_fetch_or_create: true });
      expect(differentRule.id).not.toBe(first.id);
      const differentContent = await create({ ...params, content_type: 'HOTEL', enable_fetch_or_create: true });
      expect(differentContent.id).not.toBe(first.id);
      const withoutFlag = await create(params);
      expect(withoutFlag.id).not.toBe(first.id);
    });
  });

  describe('terms of service', () => {
    it('answers 2663 when the audience terms are not accepted', async () => {
      const h = fakes.apply(scenarios.audienceTermsNotAccepted());
      FacebookAdsApi.init(h.token, 'en_US', false);
      const e = await fbError(new AdAccount(h.adAccountId).createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' }));
      expect(e.response.code).toBe(2663);
      expect(e.status).toBe(400);
    });

    it('answers 2664 when the business has not accepted the corporate terms', async () => {
      const h = fakes.apply(scenarios.corporateTermsNotAccepted());
      FacebookAdsApi.init(h.token, 'en_US', false);
      const e = await fbError(new AdAccount(h.adAccountId).createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' }));
      expect(e.response.code).toBe(2664);
      fakes.socialGraph.adAccounts.setTerms(h.adAccountId, { corporate: true });
      const ok = await new AdAccount(h.adAccountId).createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' });
      expect(ok.id).toMatch(/^\d+$/);
    });

    it('shows accepted terms in the ad account field tos_accepted', async () => {
      const acc = await new AdAccount(actId).get(['tos_accepted', 'account_id']);
      expect(acc._data.tos_accepted).toMatchObject({ custom_audience_tos: 1 });
      const { id: none } = fakes.socialGraph.seed.adAccount({ tosAccepted: false });
      expect((await new AdAccount(none).get(['tos_accepted']))._data.tos_accepted).toEqual({});
    });
  });

  it('answers 100/33 for an ad account that does not exist', async () => {
    const e = await fbError(new AdAccount('act_424242').createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' }));
    expect(e.response).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('accepts form-encoded bodies with JSON-encoded values (other Graph clients)', async () => {
    const res = await fakes.handle({
      method: 'POST',
      url: `https://graph.facebook.com/v24.0/${actId}/customaudiences`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Form', customer_file_source: 'USER_PROVIDED_ONLY', use_for_products: '["ADS"]', access_token: 'tok' }).toString(),
    });
    expect(res.status).toBe(200);
    expect((res.json as { id: string }).id).toMatch(/^\d+$/);
  });
});
