import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// What an anonymous visitor, a scope-less classic token and a fine-grained token without permissions
// may read on a public repository, as GitHub answers them, through the real Octokit.

const kit = (auth?: string) => new Octokit({ ...(auth ? { auth } : {}), request: { retries: 0 } });
type HttpError = { status: number; response: { headers: Record<string, string>; data: { message: string } } };
const failure = async (p: Promise<unknown>): Promise<HttpError> => {
  try {
    await p;
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
};
const R = { owner: 'octo', repo: 'hello' };

describe('public reads and strict authentication', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, private: false });
    fakes.codeHosting.seed.resource('/repos/octo/hello/actions/secrets/DEPLOY_KEY', { name: 'DEPLOY_KEY' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/keys/7', { id: 7, key: 'ssh-ed25519 AAAA', title: 'deploy' });
    fakes.codeHosting.seed.hook({ ...R, url: 'https://ci.example.com/hook?secret=1' });
  });
  afterEach(() => fakes.uninstall());

  it('an anonymous visitor reads the repository, its issues and contents, but never secrets, keys, runners, rule suites or hooks', async () => {
    const anon = kit();
    expect((await anon.rest.repos.get(R)).status).toBe(200);
    expect((await anon.rest.issues.listForRepo(R)).status).toBe(200);
    expect((await anon.rest.repos.listCommits(R)).status).toBe(200);
    const refused = [
      () => anon.rest.actions.listRepoSecrets(R),
      () => anon.rest.actions.getRepoSecret({ ...R, secret_name: 'DEPLOY_KEY' }),
      () => anon.rest.repos.listDeployKeys(R),
      () => anon.rest.actions.listSelfHostedRunnersForRepo(R),
      () => anon.rest.repos.getRepoRuleSuites(R),
      () => anon.rest.repos.listWebhooks(R),
      () => anon.rest.actions.listRepoVariables(R),
      () => anon.rest.dependabot.listAlertsForRepo(R),
    ];
    for (const call of refused) {
      const e = await failure(call());
      expect(e.status).toBe(401);
      expect(e.response.data.message).toBe('Requires authentication');
      // A 401 carries the unauthenticated limits.
      expect(e.response.headers['x-ratelimit-limit']).toBe('60');
    }
  });

  it('a classic token without scopes reads public data but gets 403 on secrets and hooks, with both scope headers', async () => {
    const bare = kit(fakes.codeHosting.seed.token({ type: 'classic', scopes: [] }));
    const ok = await bare.rest.issues.listForRepo(R);
    expect(ok.headers['x-oauth-scopes']).toBe('');
    expect(ok.headers['x-accepted-oauth-scopes']).toBe('repo');
    const secrets = await failure(bare.rest.actions.listRepoSecrets(R));
    expect(secrets.status).toBe(403);
    expect(secrets.response.headers['x-accepted-oauth-scopes']).toBe('repo');
    const hooks = await failure(bare.rest.repos.listWebhooks(R));
    expect(hooks.status).toBe(403);
    expect(hooks.response.headers['x-accepted-oauth-scopes']).toBe('read:repo_hook, write:repo_hook, admin:repo_hook, repo');
    // `repo` includes the repository hook scopes; `admin:repo_hook` alone is enough for hooks.
    expect((await kit(fakes.codeHosting.seed.token({ type: 'classic', scopes: ['admin:repo_hook'] })).rest.repos.listWebhooks(R)).status).toBe(200);
  });

  it('classic scopes per route: delete_repo to delete, admin:org_hook for organization hooks, user:email for emails', async () => {
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    const repoOnly = kit(fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo', 'admin:org'] }));
    const del = await failure(repoOnly.rest.repos.delete(R));
    expect(del.status).toBe(403);
    expect(del.response.headers['x-accepted-oauth-scopes']).toBe('delete_repo');
    expect(del.response.headers['x-oauth-scopes']).toBe('repo, admin:org');
    const orgHooks = await failure(repoOnly.rest.orgs.listWebhooks({ org: 'acme' }));
    expect(orgHooks.status).toBe(403);
    expect(orgHooks.response.headers['x-accepted-oauth-scopes']).toBe('admin:org_hook');
    const emails = await failure(repoOnly.rest.users.listEmailsForAuthenticatedUser());
    expect(emails.response.headers['x-accepted-oauth-scopes']).toBe('user:email');
    const user = kit(fakes.codeHosting.seed.token({ type: 'classic', scopes: ['user'] }));
    expect((await user.rest.users.listEmailsForAuthenticatedUser()).status).toBe(200);
    expect((await kit(fakes.codeHosting.seed.token({ type: 'classic', scopes: ['delete_repo'] })).rest.repos.delete(R)).status).toBe(204);
  });

  it('a fine-grained token without the issues permission still reads a public repository’s issues', async () => {
    const fg = kit(fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: {} }));
    const res = await fg.rest.issues.listForRepo(R);
    expect(res.status).toBe(200);
    expect(res.headers['x-accepted-github-permissions']).toBe('issues=read');
    expect((await failure(fg.rest.issues.create({ ...R, title: 'x' }))).status).toBe(403);
  });

  it('strict auth means strict: anonymous GET /user is 401, never a default account', async () => {
    const e = await failure(kit().rest.users.getAuthenticated());
    expect(e.status).toBe(401);
    expect(e.response.data.message).toBe('Requires authentication');
    expect((await failure(kit().rest.repos.listForAuthenticatedUser())).status).toBe(401);
  });

  it('names the caller the same way in the rate-limit message on catalog and hand-written routes', async () => {
    fakes.codeHosting.seed.account({ login: 'octocat' });
    const token = fakes.codeHosting.seed.token({ type: 'classic', label: 'ci' });
    fakes.codeHosting.rateLimit.exhaust('ci');
    const catalog = await failure(kit(token).rest.issues.listForRepo(R));
    fakes.codeHosting.rateLimit.exhaust('ci');
    const handWritten = await failure(kit(token).rest.repos.get(R));
    expect(catalog.status).toBe(403);
    expect(handWritten.response.data.message).toBe(catalog.response.data.message);
    expect(catalog.response.data.message).toMatch(/^API rate limit exceeded for user ID \d+\.$/);
  });
});
