import { createHash } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { scenarios } from 'stuntdouble';
import { describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { fbError } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const sdk: any = bizSdk;
const { FacebookAdsApi, AdAccount, AdSet, CustomAudience } = sdk;

describe('custom audiences: the integrity flag (seed section 3)', () => {
  const fakes = useFakes({ clock: '2025-09-02T00:00:00Z' });

  it('a flagged audience reads operation_status 471 with the violating fields, and its ad set WITH_ISSUES', async () => {
    const h = fakes.apply(scenarios.audienceFlagged({ fields: ['name', 'rule'] }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const a = await new CustomAudience(h.audienceId).get(['operation_status', 'fields_violating_integrity_policy']);
    expect(a._data.operation_status.code).toBe(471);
    expect(a._data.fields_violating_integrity_policy).toEqual(['name', 'rule']);
    const s = await new AdSet(h.adSetId).get(['effective_status', 'status', 'issues_info']);
    expect(s._data.status).toBe('ACTIVE');
    expect(s._data.effective_status).toBe('WITH_ISSUES');
    expect(s._data.issues_info).toHaveLength(1);
    expect(s._data.issues_info[0]).toMatchObject({ level: 'AD_SET', error_code: 471, error_type: 'HARD_ERROR' });
    expect(s._data.issues_info[0].error_message).toContain(h.audienceId);
  });

  it('gives one issues_info entry per flagged audience of an ad set created through the API', async () => {
    FacebookAdsApi.init('tok', 'en_US', false);
    const { id: act } = fakes.socialGraph.seed.adAccount();
    const a1 = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'one' }).id;
    const a2 = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'two' }).id;
    const a3 = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'three' }).id;
    const created = await new AdAccount(act).createAdSet([], {
      name: 'Mixed',
      status: 'ACTIVE',
      targeting: { geo_locations: { countries: ['US'] }, custom_audiences: [{ id: a1 }, { id: a2 }], excluded_custom_audiences: [{ id: a3 }] },
    });
    expect((await new AdSet(created.id).get(['effective_status']))._data.effective_status).toBe('ACTIVE');
    fakes.socialGraph.audiences.flag(a1, ['name']);
    fakes.socialGraph.audiences.flag(a3, ['description']);
    const s = await new AdSet(created.id).get(['effective_status', 'issues_info', 'targeting']);
    expect(s._data.effective_status).toBe('WITH_ISSUES');
    expect(s._data.issues_info).toHaveLength(2);
    expect(s._data.targeting.custom_audiences).toEqual([{ id: a1 }, { id: a2 }]);
    const paused = await new AdSet(created.id).update([], { status: 'PAUSED' });
    expect(paused).toMatchObject({ success: true });
    expect((await new AdSet(created.id).get(['effective_status']))._data.effective_status).toBe('PAUSED');
  });

  it('refuses an edit that leaves the flagged fields unchanged with 100/1713231', async () => {
    const h = fakes.apply(scenarios.audienceFlagged({ fields: ['name'] }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const ca = new CustomAudience(h.audienceId);
    const other = await fbError(ca.update([], { description: 'New description' }));
    expect(other.response).toMatchObject({ code: 100, error_subcode: 1713231 });
    const same = await fbError(ca.update([], { name: 'Visitors of the diabetes care page' }));
    expect(same.response).toMatchObject({ code: 100, error_subcode: 1713231 });
    // Nothing of a refused edit lands.
    expect((await ca.get(['description']))._data.description).toBe('People who read about diabetes care');
  });

  it('needs every flagged field changed; then the flag clears and the ad set delivers again', async () => {
    const h = fakes.apply(scenarios.audienceFlagged({ fields: ['name', 'rule'] }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const ca = new CustomAudience(h.audienceId);
    const onlyName = await fbError(ca.update([], { name: 'Website visitors' }));
    expect(onlyName.response.error_subcode).toBe(1713231);
    const rule = { inclusions: { operator: 'or', rules: [{ event_sources: [{ id: '1234567890', type: 'pixel' }], retention_seconds: 86400 }] } };
    const res = await ca.update([], { name: 'Website visitors', rule: JSON.stringify(rule) });
    expect(res).toMatchObject({ success: true });
    expect(typeof res.message).toBe('string');
    const a = await ca.get(['operation_status', 'fields_violating_integrity_policy', 'name']);
    expect(a._data).toMatchObject({ operation_status: { code: 200 }, fields_violating_integrity_policy: [], name: 'Website visitors' });
    expect((await new AdSet(h.adSetId).get(['effective_status']))._data.effective_status).toBe('ACTIVE');
  });

  it('refuses any edit of a flagged lookalike with 100/1713228', async () => {
    const h = fakes.apply(scenarios.lookalikeFlagged());
    FacebookAdsApi.init(h.token, 'en_US', false);
    for (const params of [{ name: 'Renamed' }, { description: 'x' }, { lookalike_spec: JSON.stringify({ ratio: 0.02 }) }]) {
      const e = await fbError(new CustomAudience(h.audienceId).update([], params));
      expect(e.response).toMatchObject({ code: 100, error_subcode: 1713228 });
    }
    expect((await new AdSet(h.adSetId).get(['effective_status']))._data.effective_status).toBe('WITH_ISSUES');
  });

  it('refuses any edit of a flagged customer-file audience with 100/1713228, uploads included', async () => {
    const h = fakes.apply(scenarios.audienceFlagged({ subtype: 'CUSTOM', fields: ['name'] }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const ca = new CustomAudience(h.audienceId);
    const rename = await fbError(ca.update([], { name: 'Something else entirely' }));
    expect(rename.response).toMatchObject({ code: 100, error_subcode: 1713228 });
    const invalid = await fbError(ca.update([], { rule: '{"inclusions":{}}' }));
    expect(invalid.response).toMatchObject({ code: 100, error_subcode: 1713228 });
    const upload = await fbError(ca.createUser([], { payload: { schema: 'EMAIL_SHA256', data: [createHash('sha256').update('a@b.c').digest('hex')] } }));
    expect(upload.response).toMatchObject({ code: 100, error_subcode: 1713228 });
  });

  it('a second review flag adds its fields to the first', async () => {
    const h = fakes.apply(scenarios.audienceFlagged({ fields: ['name'] }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    fakes.socialGraph.audiences.flag(h.audienceId, ['description', 'name']);
    const a = await new CustomAudience(h.audienceId).get(['fields_violating_integrity_policy']);
    expect(a._data.fields_violating_integrity_policy).toEqual(['name', 'description']);
    expect((await new AdSet(h.adSetId).get(['issues_info']))._data.issues_info).toHaveLength(1);
    expect(fakes.describe()).toContain('1 custom audiences (1 flagged)');
  });

  it('lets a review clear the flag (fake control)', async () => {
    const h = fakes.apply(scenarios.audienceFlagged());
    FacebookAdsApi.init(h.token, 'en_US', false);
    fakes.socialGraph.audiences.review(h.audienceId);
    expect((await new CustomAudience(h.audienceId).get(['operation_status']))._data.operation_status.code).toBe(200);
    expect(await new CustomAudience(h.audienceId).update([], { description: 'fine now' })).toMatchObject({ success: true });
  });

  it('updates an unflagged audience with the update parameters of the seed', async () => {
    FacebookAdsApi.init('tok', 'en_US', false);
    const { id: act } = fakes.socialGraph.seed.adAccount();
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act, subtype: 'WEBSITE', rule: { inclusions: { rules: [] } } });
    const res = await new CustomAudience(id).update([], {
      name: 'N',
      description: 'D',
      allowed_domains: ['a.com'],
      claim_objective: 'TRAVEL',
      content_type: 'FLIGHT',
      event_source_group: '123',
      event_sources: [{ id: '1', type: 'pixel' }],
      opt_out_link: 'https://o',
      product_set_id: '77',
      rule: { inclusions: { rules: [{ event_sources: [{ id: '1', type: 'pixel' }] }] } },
      rule_aggregation: '{"type":"count"}',
      use_in_campaigns: true,
    });
    expect(res).toMatchObject({ success: true });
    const a = await new CustomAudience(id).get(['name', 'description', 'retention_days', 'rule_aggregation', 'time_updated']);
    expect(a._data).toMatchObject({ name: 'N', description: 'D', rule_aggregation: '{"type":"count"}' });
    // retention_days belongs to customer-file audiences only (issue 19): a WEBSITE audience refuses it.
    const websiteRetention = await fbError(new CustomAudience(id).update([], { retention_days: 14 }));
    expect(websiteRetention.response.code).toBe(100);
    const bad = await fbError(new CustomAudience(id).update([], { content_type: 'BOATS' }));
    expect(bad.response.code).toBe(100);
    const badRetention = await fbError(new CustomAudience(id).update([], { retention_days: 365 }));
    expect(badRetention.response.code).toBe(100);
    const notLookalike = await fbError(new CustomAudience(id).update([], { lookalike_spec: { ratio: 0.01 } }));
    expect(notLookalike.response.code).toBe(2650);
  });
});
