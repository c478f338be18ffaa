import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Following an unknown login, the authenticated user's interaction limits, and the statuses of org hook
// creation and dispatches, through the real Octokit. Statuses and bodies are checked against GitHub's
// OpenAPI description (today's: `POST /orgs/{org}/hooks` documents 201, `POST .../dispatches` 204;
// `GET /user/interaction-limits` 200 with the limit or 204 without one).

const o = oracle('api.github.com');

describe('user routes GitHub answers by its description', () => {
  let fakes: Fakes;
  let mona: Octokit;
  let anon: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: 'hubot' });
    fakes.codeHosting.seed.repo({ owner: 'mona', repo: 'site' });
    mona = new Octokit({
      auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['repo', 'user', 'admin:org_hook', 'workflow'] }),
      request: { retries: 0 },
    });
    anon = new Octokit({ request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('PUT /user/following/{unknown} answers 404 and follows nobody', async () => {
    await expect(mona.rest.users.follow({ username: 'no-such-user-xyz' })).rejects.toMatchObject({ status: 404 });
    expect((await mona.rest.users.listFollowedByAuthenticatedUser()).data).toEqual([]);
    expect((await mona.rest.users.follow({ username: 'hubot' })).status).toBe(204);
    expect((await mona.rest.users.listFollowedByAuthenticatedUser()).data.map((u) => u.login)).toEqual(['hubot']);
  });

  it('/user/interaction-limits: none (204), set (200, the limit), applied to the user’s repositories, removed', async () => {
    const none = await mona.request('GET /user/interaction-limits');
    expect(none.status).toBe(204);
    const set = await mona.rest.interactions.setRestrictionsForAuthenticatedUser({ limit: 'collaborators_only', expiry: 'one_week' });
    expect(set.status).toBe(200);
    expect(set.data).toEqual({ limit: 'collaborators_only', origin: 'user', expires_at: '2024-03-08T10:00:00.000Z' });
    expect(o.validator('/user/interaction-limits', 'PUT', 200)?.(set.data)).toBe(true);
    const got = await mona.rest.interactions.getRestrictionsForAuthenticatedUser();
    expect(got.status).toBe(200);
    expect(got.data).toEqual(set.data);
    expect(o.validator('/user/interaction-limits', 'GET', 200)?.(got.data)).toBe(true);
    // The user's limit is the one in force on their repositories.
    expect((await mona.rest.interactions.getRestrictionsForRepo({ owner: 'mona', repo: 'site' })).data).toMatchObject({ origin: 'user' });
    await expect(mona.rest.interactions.setRestrictionsForAuthenticatedUser({ limit: 'nobody' as 'existing_users' })).rejects.toMatchObject({ status: 422 });
    expect((await mona.rest.interactions.removeRestrictionsForAuthenticatedUser()).status).toBe(204);
    expect((await mona.request('GET /user/interaction-limits')).status).toBe(204);
    await expect(anon.rest.interactions.getRestrictionsForAuthenticatedUser()).rejects.toMatchObject({ status: 401 });
  });

  it('org hook create answers 201 and dispatches 204, as the description documents', async () => {
    // A fakes instance of its own without seeded tokens: the lenient caller may do anything.
    fakes.uninstall();
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'app' });
    const octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
    const documented = (path: string) => Object.keys(o.find(path, 'POST')?.op.responses ?? {}).filter((s) => s.startsWith('2'));
    const hook = await octokit.rest.orgs.createWebhook({ org: 'acme', name: 'web', config: { url: 'https://example.com/hook' } });
    expect(documented('/orgs/{org}/hooks')).toEqual([String(hook.status)]);
    expect(o.validator('/orgs/{org}/hooks', 'POST', 201)?.(hook.data)).toBe(true);
    const dispatch = await octokit.rest.repos.createDispatchEvent({ owner: 'acme', repo: 'app', event_type: 'deploy' });
    expect(documented('/repos/{owner}/{repo}/dispatches')).toEqual([String(dispatch.status)]);
  });
});
