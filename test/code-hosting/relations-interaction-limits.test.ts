import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Interaction limits as GitHub documents them (interactions/repos, interactions/orgs): PUT sets a
// limit for `expiry` (`one_day` by default) from now and answers `{ limit, origin, expires_at }`; GET
// shows it, and "if there are no restrictions, you will see an empty response" (200 `{}`), which is
// also what an expired limit reads as. A limit of the owning organization applies to its repositories
// (`origin: organization`), replaces the limits set for them, and makes the repository PUT and DELETE
// answer 409 Conflict.

const ORG = 'acme';
const R = { owner: ORG, repo: 'api' };
const NOW = '2024-03-01T10:00:00Z';

describe('interaction limits', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: NOW }).install();
    fakes.codeHosting.seed.repo({ ...R, ownerType: 'Organization' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('expires_at is now plus the expiry; GET answers it until then', async () => {
    const cases = [
      ['one_day', '2024-03-02T10:00:00.000Z'],
      ['three_days', '2024-03-04T10:00:00.000Z'],
      ['one_week', '2024-03-08T10:00:00.000Z'],
      ['one_month', '2024-04-01T10:00:00.000Z'],
      ['six_months', '2024-09-01T10:00:00.000Z'],
    ] as const;
    for (const [expiry, expires] of cases) {
      const set = await octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'collaborators_only', expiry });
      expect([set.status, set.data]).toEqual([200, { limit: 'collaborators_only', origin: 'repository', expires_at: expires }]);
      expect((await octokit.rest.interactions.getRestrictionsForRepo(R)).data).toEqual(set.data);
    }
    // Without an expiry: one day.
    const dflt = await octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'existing_users' });
    expect(dflt.data.expires_at).toBe('2024-03-02T10:00:00.000Z');
  });

  it('once the fake clock passes expires_at, GET answers an empty response', async () => {
    await octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'contributors_only', expiry: 'three_days' });
    await octokit.rest.interactions.setRestrictionsForOrg({ org: 'other', limit: 'existing_users', expiry: 'one_day' });
    fakes.clock.set('2024-03-02T09:59:59Z');
    expect((await octokit.rest.interactions.getRestrictionsForOrg({ org: 'other' })).data).toMatchObject({ limit: 'existing_users' });
    fakes.clock.set('2024-03-02T10:00:00Z');
    expect((await octokit.rest.interactions.getRestrictionsForOrg({ org: 'other' })).data).toEqual({});
    expect((await octokit.rest.interactions.getRestrictionsForRepo(R)).data).toMatchObject({ limit: 'contributors_only' });
    fakes.clock.set('2024-03-04T10:00:00Z');
    const after = await octokit.rest.interactions.getRestrictionsForRepo(R);
    expect([after.status, after.data]).toEqual([200, {}]);
  });

  it('an organization limit applies to its repositories, replaces theirs and makes their PUT/DELETE 409', async () => {
    await octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'contributors_only', expiry: 'six_months' });
    const org = await octokit.rest.interactions.setRestrictionsForOrg({ org: ORG, limit: 'existing_users', expiry: 'one_week' });
    expect(org.data).toEqual({ limit: 'existing_users', origin: 'organization', expires_at: '2024-03-08T10:00:00.000Z' });
    expect((await octokit.rest.interactions.getRestrictionsForOrg({ org: ORG })).data).toEqual(org.data);
    expect((await octokit.rest.interactions.getRestrictionsForRepo(R)).data).toEqual(org.data);
    await expect(octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'collaborators_only' })).rejects.toMatchObject({ status: 409 });
    await expect(octokit.rest.interactions.removeRestrictionsForRepo(R)).rejects.toMatchObject({ status: 409 });
    // Removing the organization's limit does not bring the repository's back: it was overwritten.
    expect((await octokit.rest.interactions.removeRestrictionsForOrg({ org: ORG })).status).toBe(204);
    expect((await octokit.rest.interactions.getRestrictionsForOrg({ org: ORG })).data).toEqual({});
    expect((await octokit.rest.interactions.getRestrictionsForRepo(R)).data).toEqual({});
    // Without the organization's limit, the repository sets and removes its own.
    await octokit.rest.interactions.setRestrictionsForRepo({ ...R, limit: 'collaborators_only' });
    expect((await octokit.rest.interactions.removeRestrictionsForRepo(R)).status).toBe(204);
    expect((await octokit.rest.interactions.getRestrictionsForRepo(R)).data).toEqual({});
  });

  it('an unknown limit or expiry is a 422', async () => {
    await expect(octokit.request('PUT /repos/{owner}/{repo}/interaction-limits', { ...R, limit: 'everyone' as never })).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.request('PUT /orgs/{org}/interaction-limits', { org: ORG, limit: 'existing_users', expiry: 'forever' as never }),
    ).rejects.toMatchObject({
      status: 422,
    });
  });
});
