import { createHash } from 'node:crypto';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFakes } from 'stuntdouble/vitest';
import { fbError } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the SDK ships no typings; these tests drive it as plain JavaScript.
const sdk: any = bizSdk;
const { FacebookAdsApi, AdAccount, CustomAudience } = sdk;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const hashes = (n: number, from = 0) => Array.from({ length: n }, (_, i) => sha(`p${from + i}@example.com`));

describe('custom audiences: people (/{id}/users, /act_{id}/usersofanyaudience)', () => {
  const fakes = createFakes({ clock: '2024-04-01T00:00:00Z' });
  let act: string;
  beforeEach(() => {
    fakes.reset();
    fakes.install();
    FacebookAdsApi.init('tok', 'en_US', false);
    act = fakes.socialGraph.seed.adAccount().id;
  });
  afterEach(() => {
    fakes.uninstall();
  });

  const count = async (id: string) => (await new CustomAudience(id).get(['approximate_count_lower_bound']))._data.approximate_count_lower_bound as number;

  it('adds hashed people, counts each once, and reports invalid entries', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
    const res = await new CustomAudience(id).createUser([], { payload: { schema: 'EMAIL_SHA256', data: [...hashes(3), 'raw@example.com'] } });
    expect(res._data).toMatchObject({ audience_id: id, num_received: 4, num_invalid_entries: 1 });
    expect(res._data.invalid_entry_samples).toHaveProperty(['raw@example.com']);
    expect(await count(id)).toBe(3);
    await new CustomAudience(id).createUser([], { payload: JSON.stringify({ schema: 'EMAIL_SHA256', data: hashes(5) }) });
    expect(await count(id)).toBe(5);
    const a = await new CustomAudience(id).get(['time_content_updated', 'approximate_count_upper_bound', 'delivery_status']);
    expect(a._data.approximate_count_upper_bound).toBe(5);
    expect(a._data.delivery_status.code).toBe(300);
  });

  it('takes multi-key rows and removes people with DELETE /users', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act, count: 10 });
    const rows = [[sha('a@x.com'), sha('15551230000')], [sha('b@x.com'), ''], [sha('c@x.com')]];
    const res = await new CustomAudience(id).createUser([], { payload: { schema: ['EMAIL', 'PHONE'], data: rows } });
    expect(res._data).toMatchObject({ num_received: 3, num_invalid_entries: 1 });
    expect(await count(id)).toBe(12);
    const removed = await new CustomAudience(id).deleteUsers({ payload: { schema: ['EMAIL', 'PHONE'], data: [rows[0]] } });
    expect(removed).toMatchObject({ audience_id: id, num_received: 1 });
    expect(await count(id)).toBe(11);
    expect(fakes.calls.where({ method: 'DELETE' }).last()?.operation).toBe('customAudience/users.delete');
  });

  it('refuses people for audiences that are not customer files (2650) and bad payloads (100)', async () => {
    const { id: site } = fakes.socialGraph.seed.audience({ adAccountId: act, subtype: 'WEBSITE', rule: { inclusions: {} } });
    const e = await fbError(new CustomAudience(site).createUser([], { payload: { schema: 'EMAIL_SHA256', data: hashes(1) } }));
    expect(e.response.code).toBe(2650);
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
    expect((await fbError(new CustomAudience(id).createUser([], { payload: { schema: 'SHOE_SIZE', data: ['42'] } }))).response.code).toBe(100);
    expect((await fbError(new CustomAudience(id).createUser([], {}))).response.code).toBe(100);
  });

  it('removes people from every customer-file audience of the account (usersofanyaudience)', async () => {
    const people = hashes(4);
    const { id: a } = fakes.socialGraph.seed.audience({ adAccountId: act, users: { schema: 'EMAIL_SHA256', data: people } });
    const { id: b } = fakes.socialGraph.seed.audience({ adAccountId: act, users: { schema: 'EMAIL_SHA256', data: people.slice(0, 2) } });
    const { id: other } = fakes.socialGraph.seed.audience({
      adAccountId: fakes.socialGraph.seed.adAccount().id,
      users: { schema: 'EMAIL_SHA256', data: people },
    });
    const res = await new AdAccount(act).deleteUsersOfAnyAudience({ payload: { schema: 'EMAIL_SHA256', data: [people[0], people[3]] } });
    expect(res).toMatchObject({ success: true, num_received: 2 });
    expect(await count(a)).toBe(2);
    expect(await count(b)).toBe(1);
    expect(await count(other)).toBe(4);
    expect(fakes.calls.where({ method: 'DELETE' }).last()?.operation).toBe('adAccount/usersofanyaudience.delete');
  });

  it('gives lookalike minimums meaning: removing people can drop an origin below 100', async () => {
    const people = hashes(100);
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act, users: { schema: 'EMAIL_SHA256', data: people } });
    await new CustomAudience(id).deleteUsers({ payload: { schema: 'EMAIL_SHA256', data: [people[0]] } });
    const e = await fbError(
      new AdAccount(act).createCustomAudience([], { name: 'L', subtype: 'LOOKALIKE', origin_audience_id: id, lookalike_spec: { ratio: 0.01, country: 'US' } }),
    );
    expect(e.response.code).toBe(2654);
  });

  it('records upload sessions across batches', async () => {
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
    await new CustomAudience(id).createUser([], {
      payload: { schema: 'EMAIL_SHA256', data: hashes(2) },
      session: { session_id: 7, batch_seq: 1, last_batch_flag: false },
    });
    let s = await new CustomAudience(id).getSessions([]);
    expect(s[0]._data).toMatchObject({ session_id: '7', stage: 'uploading', num_received: 2 });
    await new CustomAudience(id).createUser([], {
      payload: { schema: 'EMAIL_SHA256', data: hashes(3, 2) },
      session: { session_id: 7, batch_seq: 2, last_batch_flag: true },
    });
    s = await new CustomAudience(id).getSessions([]);
    expect(s.length).toBe(1);
    expect(s[0]._data).toMatchObject({ session_id: '7', stage: 'uploaded', num_received: 5, num_matched: 5 });
  });
});

describe('custom audiences: permissions and scenarios', () => {
  const fakes = useFakes({ clock: '2024-04-01T00:00:00Z' });

  it('needs ads_management to write and ads_read to read once tokens are seeded (200)', async () => {
    const { id: act } = fakes.socialGraph.seed.adAccount();
    const { id } = fakes.socialGraph.seed.audience({ adAccountId: act });
    const reader = fakes.socialGraph.seed.token({ type: 'user', label: 'reader', permissions: ['ads_read'] });
    const nobody = fakes.socialGraph.seed.token({ type: 'user', label: 'nobody', permissions: ['pages_show_list'] });
    FacebookAdsApi.init(reader, 'en_US', false);
    expect((await new CustomAudience(id).get(['name']))._data.id).toBe(id);
    expect((await fbError(new CustomAudience(id).update([], { name: 'x' }))).response.code).toBe(200);
    expect((await fbError(new AdAccount(act).createCustomAudience([], { name: 'x', customer_file_source: 'USER_PROVIDED_ONLY' }))).response.code).toBe(200);
    FacebookAdsApi.init(nobody, 'en_US', false);
    expect((await fbError(new CustomAudience(id).get(['name']))).response.code).toBe(200);
    FacebookAdsApi.init('unknown-token', 'en_US', false);
    expect((await fbError(new CustomAudience(id).get(['name']))).response.code).toBe(190);
  });

  it('every audience scenario returns ad account, audience, ad set and token handles that work', async () => {
    const names = [
      'audienceFlagged',
      'lookalikeFlagged',
      'audienceTermsNotAccepted',
      'corporateTermsNotAccepted',
      'developmentApp',
      'audienceWithLookalikes',
      'staleAudience',
      'adAccountRateLimited',
      'audienceDeleteRateLimited',
    ] as const;
    for (const name of names) {
      fakes.reset();
      const h = fakes.apply(scenarios[name]()) as { adAccountId: string; audienceId: string; adSetId: string; token: string };
      expect(h.adAccountId).toMatch(/^act_\d+$/);
      expect(fakes.socialGraph.audiences.get(h.audienceId)).toBeDefined();
      expect(fakes.socialGraph.adSets.effectiveStatus(h.adSetId)).toBeDefined();
      expect(typeof h.token).toBe('string');
      expect(fakes.applied.map((a) => a.name)).toEqual([name]);
    }
  });

  it('scenario options are validated', () => {
    expect(() => scenarios.audienceFlagged({ fields: ['colour' as 'name'] })).toThrow(/unknown .*'colour' in scenarios.audienceFlagged\(\) options/);
    expect(() => scenarios.staleAudience({ dueIn: 'soon' })).toThrow(/invalid options/);
  });
});
