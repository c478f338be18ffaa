import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

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

describe('permission model on catalog endpoints', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('answers 401 Bad credentials for an unknown token once tokens are seeded; token and Bearer schemes both work', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: true });
    const token = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { issues: 'read' } });
    const err = await failure(kit('ghp_unknown').request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' }));
    expect(err.status).toBe(401);
    expect(err.response.data.message).toBe('Bad credentials');
    const viaBearer = await fakes.fetch('https://api.github.com/repos/octo/hello/issues', { headers: { authorization: `Bearer ${token}` } });
    expect(viaBearer.status).toBe(200);
    const viaToken = await fakes.fetch('https://api.github.com/repos/octo/hello/issues', { headers: { authorization: `token ${token}` } });
    expect(viaToken.status).toBe(200);
  });

  it('refuses a token lacking the permission with 403 and the accepted permissions in both header spellings', async () => {
    const h = fakes.apply(scenarios.tokenLacksPermission({ permissions: { issues: 'read' } }));
    const octokit = kit(h.token);
    expect((await octokit.request('GET /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo })).status).toBe(200);
    const err = await failure(octokit.request('POST /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo, title: 't' }));
    expect(err.status).toBe(403);
    expect(err.response.data.message).toBe('Resource not accessible by personal access token');
    expect(err.response.headers['x-accepted-github-permissions']).toBe('issues=write');
    expect(err.response.headers['x-accepted-platform-permissions']).toBe('issues=write');
    expect(fakes.calls.last()).toMatchObject({ token: 'lacks-permission', status: 403 });
  });

  it('accepts any one of alternative permission sets and announces them with "; "', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: true });
    const prs = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { pull_requests: 'read' } });
    const res = await kit(prs).request('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello' });
    expect(res.status).toBe(200);
    expect(res.headers['x-accepted-github-permissions']).toBe('issues=read; pull_requests=read');
  });

  it('refuses user-only endpoints to installation tokens "by integration"', async () => {
    const h = fakes.apply(scenarios.installationToken());
    const err = await failure(kit(h.token).request('POST /repos/{owner}/{repo}/transfer', { owner: h.owner, repo: h.repo, new_owner: 'x' }));
    expect(err.status).toBe(403);
    expect(err.response.data.message).toBe('Resource not accessible by integration');
    const ok = await kit(h.token).request('POST /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo, title: 'from the app' });
    expect(ok.status).toBe(201);
  });

  it('hides a private repository from anonymous callers and tokens outside their repository selection (404)', async () => {
    const h = fakes.apply(scenarios.privateRepoHidden());
    fakes.codeHosting.seed.resource(`/repos/${h.owner}/${h.repo}/issues/1`, { title: 'secret' });
    for (const octokit of [kit(), kit(h.token)]) {
      const err = await failure(octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: h.owner, repo: h.repo, issue_number: 1 }));
      expect(err.status).toBe(404);
      expect(err.response.data.message).toBe('Not Found');
    }
  });

  it('lets anyone read a public repository, and asks for authentication for user endpoints', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'open', private: false });
    fakes.codeHosting.seed.resource('/repos/octo/open/issues/1', { title: 'public' });
    const anon = kit();
    expect((await anon.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'open', issue_number: 1 })).data.title).toBe('public');
    const err = await failure(anon.request('GET /user/emails'));
    expect(err.status).toBe(401);
    expect(err.response.data.message).toBe('Requires authentication');
    const write = await failure(anon.request('POST /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'open', title: 'x' }));
    expect(write.status).toBe(401);
  });

  it('checks classic token scopes and reports them in x-oauth-scopes / x-accepted-oauth-scopes', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: false });
    const gistOnly = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['gist'] });
    const err = await failure(kit(gistOnly).request('POST /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', title: 't' }));
    expect(err.status).toBe(403);
    expect(err.response.headers['x-oauth-scopes']).toBe('gist');
    expect(err.response.headers['x-accepted-oauth-scopes']).toContain('repo');
    const repoScope = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    expect((await kit(repoScope).request('POST /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', title: 't' })).status).toBe(201);
  });
});

describe('rate limits on catalog endpoints', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('sends x-ratelimit-* on every answer; remaining falls per token', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const a = kit(fakes.codeHosting.seed.token({ type: 'classic', label: 'a' }));
    const b = kit(fakes.codeHosting.seed.token({ type: 'classic', label: 'b' }));
    const r1 = await a.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' });
    const r2 = await a.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' });
    const r3 = await b.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' });
    expect(r1.headers['x-ratelimit-limit']).toBe('5000');
    expect(r1.headers['x-ratelimit-remaining']).toBe('4999');
    expect(r2.headers['x-ratelimit-remaining']).toBe('4998');
    expect(r2.headers['x-ratelimit-used']).toBe('2');
    expect(r3.headers['x-ratelimit-remaining']).toBe('4999');
    expect(r1.headers['x-ratelimit-resource']).toBe('core');
    expect(r1.headers['x-ratelimit-reset']).toBe(String(Date.parse('2024-01-10T01:00:00Z') / 1000));
    const search = await a.request('GET /search/issues', { q: 'bug' });
    expect(search.headers['x-ratelimit-resource']).toBe('search');
    expect(search.headers['x-ratelimit-limit']).toBe('30');
    const anon = await kit().request('GET /users/{username}/events', { username: 'mona' });
    expect(anon.headers['x-ratelimit-limit']).toBe('60');
    // Hand-written routes count too; GET /rate_limit reports the windows without counting.
    const repo = await a.request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello' });
    expect(repo.headers['x-ratelimit-remaining']).toBe('4997');
    const limits = await a.request('GET /rate_limit');
    expect(limits.data.resources.core).toMatchObject({ limit: 5000, used: 3, remaining: 4997 });
    expect(limits.data.resources.search).toMatchObject({ limit: 30, used: 1, remaining: 29 });
    expect((await a.request('GET /rate_limit')).data.rate.used).toBe(3);
  });

  it('answers 403 with retry-after and remaining 0 after rateLimitExhausted, until the window resets', async () => {
    const h = fakes.apply(scenarios.rateLimitExhausted({ seedToken: true }));
    const octokit = kit(h.token);
    const err = await failure(octokit.request('GET /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo }));
    expect(err.status).toBe(403);
    expect(err.response.data.message).toMatch(/^API rate limit exceeded for /);
    expect(err.response.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(err.response.headers['retry-after'])).toBeGreaterThan(0);
    await expect(octokit.request('GET /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo })).rejects.toMatchObject({ status: 403 });
    fakes.clock.advance('1h');
    const ok = await octokit.request('GET /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo });
    expect(ok.headers['x-ratelimit-remaining']).toBe('4999');
  });

  it('answers the rate-limit 403 on hand-written routes too', async () => {
    const h = fakes.apply(scenarios.rateLimitExhausted({ seedToken: true }));
    const err = await failure(kit(h.token).request('GET /repos/{owner}/{repo}', { owner: h.owner, repo: h.repo }));
    expect(err.status).toBe(403);
    expect(err.response.headers['x-ratelimit-remaining']).toBe('0');
    expect(err.response.headers['retry-after']).toBeDefined();
  });

  it('exhausts whoever calls next without a token option', async () => {
    const h = fakes.apply(scenarios.rateLimitExhausted());
    await expect(kit(h.token).request('GET /repos/{owner}/{repo}/issues', { owner: h.owner, repo: h.repo })).rejects.toMatchObject({ status: 403 });
  });
});

describe('catalog scenarios', () => {
  it.each(['tokenLacksPermission', 'installationToken', 'rateLimitExhausted', 'privateRepoHidden'] as const)(
    '%s proves its state through the wire (check)',
    async (name) => {
      const fakes = createFakes();
      const scenario = scenarios[name]();
      const h = fakes.apply(scenario);
      expect(scenario.check).toBeTypeOf('function');
      await scenario.check?.(fakes, h as never);
    },
  );
});
