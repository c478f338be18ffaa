import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fbError } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const sdk: any = bizSdk;
const { FacebookAdsApi, AdAccount, AdSet, CustomAudience } = sdk;

describe('custom audiences: delete, aging and rate limits', () => {
  const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });
  beforeEach(() => {
    fakes.reset();
    fakes.install();
    FacebookAdsApi.init('tok', 'en_US', false);
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('deletes an audience; ad sets using it stop and cannot restart', async () => {
    const { id: act } = fakes.socialGraph.seed.adAccount();
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
    const s = await new AdAccount(act).createAdSet([], { name: 'S', targeting: { custom_audiences: [{ id }] } });
    expect((await new AdSet(s.id).get(['effective_status']))._data.effective_status).toBe('ACTIVE');
    const res = await new CustomAudience(id).delete([], {});
    expect(res).toEqual({ success: true });
    expect(fakes.calls.last()?.method).toBe('DELETE');
    const gone = await fbError(new CustomAudience(id).get(['name']));
    expect(gone.response).toMatchObject({ code: 100, error_subcode: 33 });
    const after = await new AdSet(s.id).get(['effective_status', 'status', 'issues_info']);
    expect(after._data.effective_status).toBe('PAUSED');
    expect(after._data.issues_info[0]).toMatchObject({ error_code: 2656 });
    const restart = await fbError(new AdSet(s.id).update([], { status: 'ACTIVE' }));
    expect(restart.response.code).toBe(100);
    const again = await fbError(new CustomAudience(id).delete([], {}));
    expect(again.response).toMatchObject({ code: 100, error_subcode: 33 });
    const target = await fbError(new AdAccount(act).createAdSet([], { name: 'T', targeting: { custom_audiences: [{ id }] } }));
    expect(target.response.code).toBe(100);
  });

  it('refuses to delete an audience while lookalikes exist (2656)', async () => {
    const h = fakes.apply(scenarios.audienceWithLookalikes({ lookalikes: 2 }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const e = await fbError(new CustomAudience(h.audienceId).delete([], {}));
    expect(e.response.code).toBe(2656);
    expect((await new CustomAudience(h.audienceId).get(['lookalike_audience_ids']))._data.lookalike_audience_ids).toEqual(h.lookalikeIds);
    await new CustomAudience(h.lookalikeIds[0] as string).delete([], {});
    expect((await fbError(new CustomAudience(h.audienceId).delete([], {}))).response.code).toBe(2656);
    await new CustomAudience(h.lookalikeIds[1] as string).delete([], {});
    expect(await new CustomAudience(h.audienceId).delete([], {})).toEqual({ success: true });
  });

  it('answers 613 to audience deletes while they are throttled, then lets them through', async () => {
    const h = fakes.apply(scenarios.audienceDeleteRateLimited({ for: '10m' }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const e = await fbError(new CustomAudience(h.audienceId).delete([], {}));
    expect(e.response.code).toBe(613);
    expect(e.response.is_transient).toBe(true);
    expect((await new CustomAudience(h.audienceId).get(['name']))._data.name).toBeDefined();
    fakes.clock.advance('11m');
    expect(await new CustomAudience(h.audienceId).delete([], {})).toEqual({ success: true });
  });

  it('answers 80003 to every call on a throttled ad account, with X-Business-Use-Case-Usage', async () => {
    const h = fakes.apply(scenarios.adAccountRateLimited({ for: '30m' }));
    FacebookAdsApi.init(h.token, 'en_US', false);
    const calls = [
      () => new AdAccount(h.adAccountId).createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' }),
      () => new CustomAudience(h.audienceId).get(['name']),
      () => new CustomAudience(h.audienceId).update([], { name: 'y' }),
      () => new CustomAudience(h.audienceId).delete([], {}),
      () => new CustomAudience(h.audienceId).createUser([], { payload: { schema: 'EMAIL_SHA256', data: [] } }),
      () => new AdAccount(h.adAccountId).createAdSet([], { name: 'S', targeting: { custom_audiences: [{ id: h.audienceId }] } }),
      () => new AdSet(h.adSetId).get(['effective_status']),
    ];
    for (const c of calls) {
      const e = await fbError(c());
      expect(e.response.code).toBe(80003);
      expect(e.status).toBe(403);
    }
    const last = await fbError(new CustomAudience(h.audienceId).get(['name']));
    const usage = JSON.parse(last.headers?.['x-business-use-case-usage'] as string);
    expect(usage[h.adAccountId.slice(4)][0].estimated_time_to_regain_access).toBe(30);
    fakes.clock.advance('31m');
    expect((await new CustomAudience(h.audienceId).get(['name']))._data.name).toBe('Newsletter subscribers');
  });

  describe('aging: audiences unused by any active ad set for over two years are deleted', () => {
    it('deletes the stale audience when the fake clock passes two years', async () => {
      const h = fakes.apply(scenarios.staleAudience({ dueIn: '1d' }));
      FacebookAdsApi.init(h.token, 'en_US', false);
      const a = await new CustomAudience(h.audienceId).get(['delete_time']);
      expect(a._data.delete_time).toBe(Math.floor(Date.parse(h.deletesAt) / 1000));
      fakes.clock.advance('23h');
      expect((await new CustomAudience(h.audienceId).get(['name']))._data.name).toBe('Spring sale 2023 visitors');
      fakes.clock.advance('2h');
      expect(fakes.socialGraph.audiences.get(h.audienceId)).toBeUndefined();
      const e = await fbError(new CustomAudience(h.audienceId).get(['name']));
      expect(e.response.error_subcode).toBe(33);
      const s = await new AdSet(h.adSetId).get(['status', 'issues_info']);
      expect(s._data.status).toBe('PAUSED');
    });

    it('never ages an audience an active ad set uses; pausing starts the two years', async () => {
      const { id: act } = fakes.socialGraph.seed.adAccount();
      const { id: used } = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'used' });
      const { id: idle } = fakes.socialGraph.seed.audience({ adAccountId: act, name: 'idle' });
      const s = await new AdAccount(act).createAdSet([], { name: 'S', status: 'ACTIVE', targeting: { custom_audiences: [{ id: used }] } });
      fakes.clock.advance('400d');
      fakes.clock.advance('400d');
      expect(fakes.socialGraph.audiences.get(idle)).toBeUndefined();
      expect(fakes.socialGraph.audiences.get(used)).toBeDefined();
      await new AdSet(s.id).update([], { status: 'PAUSED' });
      fakes.clock.advance('730d');
      expect(fakes.socialGraph.audiences.get(used)).toBeDefined();
      fakes.clock.advance('2d');
      expect(fakes.socialGraph.audiences.get(used)).toBeUndefined();
    });

    it('deleting the last active ad set starts the two years', async () => {
      const { id: act } = fakes.socialGraph.seed.adAccount();
      const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
      const s = await new AdAccount(act).createAdSet([], { name: 'S', status: 'ACTIVE', targeting: { custom_audiences: [id] } });
      fakes.clock.advance('1000d');
      expect(await new AdSet(s.id).delete([], {})).toEqual({ success: true });
      expect((await new AdSet(s.id).get(['status', 'effective_status']))._data).toMatchObject({ status: 'DELETED', effective_status: 'DELETED' });
      fakes.clock.advance('700d');
      expect(fakes.socialGraph.audiences.get(id)).toBeDefined();
      fakes.clock.advance('40d');
      expect(fakes.socialGraph.audiences.get(id)).toBeUndefined();
    });

    it('restarting an ad set in time keeps its audience', async () => {
      const { id: act } = fakes.socialGraph.seed.adAccount();
      const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
      const s = await new AdAccount(act).createAdSet([], { name: 'S', status: 'PAUSED', targeting: { custom_audiences: [id] } });
      fakes.clock.advance('700d');
      await new AdSet(s.id).update([], { status: 'ACTIVE' });
      fakes.clock.advance('800d');
      expect(fakes.socialGraph.audiences.get(id)).toBeDefined();
    });
  });
});
