import { createHash } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fbError } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const sdk: any = bizSdk;
const { FacebookAdsApi, AdAccount, CustomAudience } = sdk;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Every field of seed 2.4 plus the sample's approximate_count and owner_account_info. */
const SEED_FIELDS = [
  'id',
  'account_id',
  'approximate_count_lower_bound',
  'approximate_count_upper_bound',
  'customer_file_source',
  'data_source',
  'delivery_status',
  'description',
  'external_event_source',
  'fields_violating_integrity_policy',
  'is_value_based',
  'lookalike_audience_ids',
  'lookalike_spec',
  'name',
  'operation_status',
  'opt_out_link',
  'permission_for_actions',
  'pixel_id',
  'retention_days',
  'rule',
  'rule_aggregation',
  'sharing_status',
  'subtype',
  'time_content_updated',
  'time_created',
  'time_updated',
  'approximate_count',
  'owner_account_info',
];

describe('custom audiences: read (GET /{custom_audience_id})', () => {
  const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });
  let actId: string;
  beforeEach(() => {
    fakes.reset();
    fakes.install();
    FacebookAdsApi.init('tok', 'en_US', false);
    actId = fakes.socialGraph.seed.adAccount({ name: 'Shop', business: { id: '777', name: 'Shop Inc' } }).id;
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('answers every field of the seed', async () => {
    const { id: origin } = fakes.socialGraph.seed.audience({
      adAccountId: actId,
      name: 'Buyers',
      count: 2500,
      description: 'd',
      params: { retention_days: 90, opt_out_link: 'https://x/opt' },
    });
    const { id: lal } = fakes.socialGraph.seed.audience({ adAccountId: actId, lookalikeOf: origin });
    const a = await new CustomAudience(origin).get(SEED_FIELDS);
    expect(a._data).toMatchObject({
      id: origin,
      account_id: actId.slice(4),
      approximate_count: 2500,
      approximate_count_lower_bound: 2500,
      approximate_count_upper_bound: 2500,
      customer_file_source: 'USER_PROVIDED_ONLY',
      data_source: { type: 'FILE_IMPORTED' },
      delivery_status: { code: 200 },
      description: 'd',
      fields_violating_integrity_policy: [],
      is_value_based: false,
      lookalike_audience_ids: [lal],
      name: 'Buyers',
      operation_status: { code: 200, description: 'Normal' },
      opt_out_link: 'https://x/opt',
      permission_for_actions: { can_edit: true, can_share: true },
      retention_days: 90,
      sharing_status: { status: 'NOT_SHARED' },
      subtype: 'CUSTOM',
      time_created: Date.parse('2024-04-01T00:00:00Z') / 1000,
      time_updated: Date.parse('2024-04-01T00:00:00Z') / 1000,
      time_content_updated: Date.parse('2024-04-01T00:00:00Z') / 1000,
      owner_account_info: { account_id: actId.slice(4), account_name: 'Shop', business_id: '777', business_name: 'Shop Inc' },
    });
    const l = await new CustomAudience(lal).get(['lookalike_spec', 'subtype']);
    expect(l._data.lookalike_spec).toMatchObject({ origin: [{ id: origin }] });
  });

  it('answers only the id without fields=', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId });
    const a = await new CustomAudience(id).get([]);
    expect(a._data).toEqual({ id });
  });

  it('selects nested fields', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId });
    const a = await new CustomAudience(id).get(['operation_status{code}', 'owner_account_info{account_name}']);
    expect(a._data).toEqual({ id, operation_status: { code: 200 }, owner_account_info: { account_name: 'Shop' } });
  });

  it('answers 100 for an unknown field and 2500 for a malformed fields query', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId });
    const unknown = await fbError(new CustomAudience(id).get(['name', 'colour']));
    expect(unknown.response.code).toBe(100);
    expect(unknown.response.message).toContain('nonexisting field (colour)');
    const malformed = await fbError(new CustomAudience(id).get(['name{', 'id']));
    expect(malformed.response.code).toBe(2500);
    const malformed2 = await fbError(new CustomAudience(id).get(['operation_status}']));
    expect(malformed2.response.code).toBe(2500);
  });

  it('answers 100/33 for an audience that does not exist', async () => {
    const e = await fbError(new CustomAudience('123456').get(['name']));
    expect(e.response).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('reads from the point of view of a recipient ad account (ad_account_id)', async () => {
    const { id: other, accountId: otherNum } = fakes.socialGraph.seed.adAccount({ name: 'Agency' });
    const { id: stranger } = fakes.socialGraph.seed.adAccount({ name: 'Stranger' });
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId, sharedWith: [other] });
    const owner = await new CustomAudience(id).get(['permission_for_actions', 'sharing_status']);
    expect(owner._data.permission_for_actions).toMatchObject({ can_edit: true });
    expect(owner._data.sharing_status).toEqual({ status: 'SHARED' });
    const recipient = await new CustomAudience(id).get(['permission_for_actions'], { ad_account_id: otherNum });
    expect(recipient._data.permission_for_actions).toMatchObject({ can_edit: false, can_share: false });
    const e = await fbError(new CustomAudience(id).get(['name'], { ad_account_id: stranger.slice(4) }));
    expect(e.response.code).toBe(100);
    const bad = await fbError(new CustomAudience(id).get(['name'], { ad_account_id: 'abc' }));
    expect(bad.response.code).toBe(100);
  });

  it('validates special_ad_categories and reports lookalikes as not usable for them', async () => {
    const { id: origin } = fakes.socialGraph.seed.audience({ adAccountId: actId, count: 1000 });
    const { id: lal } = fakes.socialGraph.seed.audience({ adAccountId: actId, lookalikeOf: origin });
    const bad = await fbError(new CustomAudience(origin).get(['name'], { special_ad_categories: ['PETS'] }));
    expect(bad.response.code).toBe(100);
    const badCountry = await fbError(new CustomAudience(origin).get(['name'], { special_ad_category_countries: ['USA'] }));
    expect(badCountry.response.code).toBe(100);
    const ok = await new CustomAudience(origin).get(['is_eligible_for_sac_campaigns'], {
      special_ad_categories: ['HOUSING'],
      special_ad_category_countries: ['US'],
    });
    expect(ok._data.is_eligible_for_sac_campaigns).toBe(true);
    const l = await new CustomAudience(lal).get(['is_eligible_for_sac_campaigns'], { special_ad_categories: ['HOUSING'] });
    expect(l._data.is_eligible_for_sac_campaigns).toBe(false);
  });

  it('answers 270 to a development-level app', async () => {
    const h = fakes.apply(scenarios.developmentApp());
    FacebookAdsApi.init(h.token, 'en_US', false);
    const e = await fbError(new CustomAudience(h.audienceId).get(['name']));
    expect(e.response.code).toBe(270);
    const edge = await fbError(new CustomAudience(h.audienceId).getHealth([]));
    expect(edge.response.code).toBe(270);
    expect(fakes.calls.last()?.token).toBe('dev-app-user');
  });

  describe('edges', () => {
    it('lists ad accounts, ads, health, upload sessions and shared account info', async () => {
      const { id: other } = fakes.socialGraph.seed.adAccount({ name: 'Agency', business: { id: '888', name: 'Agency Ltd' } });
      const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId, sharedWith: [other], count: 1500 });
      await new CustomAudience(id).createUser([], {
        payload: { schema: 'EMAIL_SHA256', data: [sha('a@x.com'), 'not-a-hash'] },
        session: { session_id: 42, batch_seq: 1, last_batch_flag: true },
      });

      const accounts = await new CustomAudience(id).getAdAccounts([]);
      expect(accounts.map((x: { id: string }) => x.id)).toEqual([actId, other]);
      const ads = await new CustomAudience(id).getAds([]);
      expect(ads.length).toBe(0);
      const health = await new CustomAudience(id).getHealth([]);
      expect(health[0]._data).toMatchObject({ approximate_count_lower_bound: 1501, operation_status: { code: 200 } });
      const sessions = await new CustomAudience(id).getSessions([]);
      expect(sessions[0]._data).toMatchObject({ session_id: '42', num_received: 2, num_matched: 1, num_invalid_entries: 1, stage: 'uploaded' });
      const picked = await new CustomAudience(id).getSessions(['session_id', 'stage']);
      expect(picked[0]._data).toEqual({ session_id: '42', stage: 'uploaded' });
      const wrong = await fbError(new CustomAudience(id).getHealth(['colour']));
      expect(wrong.response.code).toBe(100);
      const shared = await new CustomAudience(id).getSharedAccountInfo([]);
      expect(shared[0]._data).toMatchObject({ account_id: other.slice(4), account_name: 'Agency', business_id: '888', business_name: 'Agency Ltd' });
    });

    it('shares with ad accounts through the adaccounts edge, and stops sharing', async () => {
      const { id: other } = fakes.socialGraph.seed.adAccount({ name: 'Agency' });
      const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId });
      expect(await new CustomAudience(id).createAdAccount([], { adaccounts: [other.slice(4)] })).toBeDefined();
      expect((await new CustomAudience(id).getSharedAccountInfo([])).map((x: { _data: { account_id: string } }) => x._data.account_id)).toEqual([
        other.slice(4),
      ]);
      const set = await new AdAccount(other).createAdSet([], { name: 'Borrowed', targeting: { custom_audiences: [{ id }] } });
      expect(set.id).toMatch(/^\d+$/);
      expect(await new CustomAudience(id).deleteAdAccounts({ adaccounts: [other] })).toEqual({ success: true });
      expect((await new CustomAudience(id).getSharedAccountInfo([])).length).toBe(0);
      const e = await fbError(new CustomAudience(id).createAdAccount([], { adaccounts: ['act_999'] }));
      expect(e.response.code).toBe(100);
    });

    it('pages every audience edge and the ad sets with the SDK cursor (limit, paging.next, before)', async () => {
      const others = ['One', 'Two', 'Three'].map((name) => fakes.socialGraph.seed.adAccount({ name }).id);
      const { id } = fakes.socialGraph.seed.audience({ adAccountId: actId, sharedWith: others, count: 1500 });
      for (const sid of [1, 2, 3]) {
        await new CustomAudience(id).createUser([], {
          payload: { schema: 'EMAIL_SHA256', data: [sha(`p${sid}@x.com`)] },
          session: { session_id: sid, batch_seq: 1, last_batch_flag: true },
        });
      }
      for (let i = 0; i < 3; i++) await new AdAccount(actId).createAdSet([], { name: `Set ${i}`, targeting: { custom_audiences: [{ id }] } });
      const all = async (first: { hasNext(): boolean; next(): Promise<unknown> } & Array<{ _data: Record<string, unknown> }>, key: string) => {
        let cursor = first;
        const seen = cursor.map((x) => String(x._data[key]));
        let pages = 1;
        while (cursor.hasNext()) {
          cursor = (await cursor.next()) as typeof first;
          seen.push(...cursor.map((x) => String(x._data[key])));
          pages += 1;
        }
        return { seen, pages };
      };
      expect(await all(await new CustomAudience(id).getAdAccounts([], { limit: 1 }), 'id')).toEqual({ seen: [actId, ...others], pages: 4 });
      expect(await all(await new CustomAudience(id).getSharedAccountInfo([], { limit: 2 }), 'account_id')).toEqual({
        seen: others.map((o) => o.slice(4)),
        pages: 2,
      });
      expect(await all(await new CustomAudience(id).getSessions([], { limit: 2 }), 'session_id')).toEqual({ seen: ['1', '2', '3'], pages: 2 });
      expect((await all(await new CustomAudience(id).getHealth([], { limit: 1 }), 'approximate_count_lower_bound')).pages).toBe(1);
      expect((await all(await new AdAccount(actId).getAdSets(['name'], { limit: 2 }), 'name')).seen).toEqual(['Set 0', 'Set 1', 'Set 2']);
      // Raw answers carry Graph's paging envelope, and `before` goes back a page.
      const token = 'audience-reader';
      const first = await (await fetch(`https://graph.facebook.com/v24.0/${id}/adaccounts?limit=2&access_token=${token}`)).json();
      expect(first.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
      const second = await (await fetch(first.paging.next)).json();
      expect(second.data.map((r: { id: string }) => r.id)).toEqual(others.slice(1));
      const back = await (await fetch(second.paging.previous)).json();
      expect(back.data).toEqual(first.data);
      expect(await (await fetch(`https://graph.facebook.com/v24.0/${id}/ads?access_token=${token}`)).json()).toEqual({ data: [] });
    });

    it('pages the ad account audiences with the SDK cursor', async () => {
      for (let i = 0; i < 5; i++) fakes.socialGraph.seed.audience({ adAccountId: actId, name: `A${i}` });
      let cursor = await new AdAccount(actId).getCustomAudiences(['name'], { limit: 2 });
      const names: string[] = cursor.map((x: { _data: { name: string } }) => x._data.name);
      while (cursor.hasNext()) {
        cursor = await cursor.next();
        names.push(...cursor.map((x: { _data: { name: string } }) => x._data.name));
      }
      expect(names).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
    });
  });
});
