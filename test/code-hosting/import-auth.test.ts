import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth?: string) => new Octokit({ ...(auth ? { auth } : {}), request: { retries: 0 } });
const R = { owner: 'octo', repo: 'hello' };
const body = { ...R, vcs: 'git' as const, vcs_url: 'https://example.com/a.git' };
const err = (p: Promise<unknown>) => p.then(() => ({ status: 0, response: { data: {}, headers: {} } }) as never).catch((e) => e);

describe('source import: the permission model', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, private: true });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('every answer carries the accepted permissions: contents=read for reads, contents=write for writes', async () => {
    const octokit = kit('x');
    const put = await octokit.request('PUT /repos/{owner}/{repo}/import', body);
    expect(put.headers['x-accepted-github-permissions']).toBe('contents=write');
    expect(put.headers['x-accepted-platform-permissions']).toBe('contents=write');
    const get = await octokit.request('GET /repos/{owner}/{repo}/import', R);
    expect(get.headers['x-accepted-github-permissions']).toBe('contents=read');
    const e = await err(octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'nope' }));
    expect(e.status).toBe(404);
    expect(e.response.headers['x-accepted-github-permissions']).toBe('contents=read');
  });

  it('a classic PAT with repo scope works; x-oauth-scopes is set; the journal records the label', async () => {
    const token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo', 'workflow'], label: 'ci-token' });
    expect(token).toMatch(/^ghp_[A-Za-z0-9]{36}$/);
    const res = await kit(token).request('PUT /repos/{owner}/{repo}/import', body);
    expect(res.status).toBe(201);
    expect(res.headers['x-oauth-scopes']).toBe('repo, workflow');
    expect(fakes.calls.last()?.token).toBe('ci-token');
    const bearer = await new Octokit({ request: { retries: 0 } }).request('GET /repos/{owner}/{repo}/import', {
      ...R,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
  });

  it.each([
    ['fine-grained', 'Resource not accessible by personal access token', /^github_pat_/],
    ['user', 'Resource not accessible by integration', /^ghu_/],
    ['installation', 'Resource not accessible by integration', /^ghs_/],
  ] as const)('a %s token gets 403 "%s" even with contents=write', async (type, message, shape) => {
    const token = fakes.codeHosting.seed.token({ type, permissions: { contents: 'write' } });
    expect(token).toMatch(shape);
    const e = await err(kit(token).request('PUT /repos/{owner}/{repo}/import', body));
    expect(e.status).toBe(403);
    expect(e.response.data).toEqual({ message, documentation_url: 'https://docs.github.com/rest', status: '403' });
    expect(e.response.headers['x-accepted-github-permissions']).toBe('contents=write');
    const r = await err(kit(token).request('GET /repos/{owner}/{repo}/import', R));
    expect(r.status).toBe(403);
  });

  it('unknown token with the permission model on → 401 Bad credentials', async () => {
    fakes.codeHosting.seed.token({ type: 'classic' });
    const e = await err(kit('ghp_unknown').request('GET /repos/{owner}/{repo}/import', R));
    expect(e.status).toBe(401);
    expect(e.response.data).toEqual({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    expect(fakes.calls.last()?.token).toBe('unseeded');
  });

  it('strict auth: an unseeded token is refused even with no token seeded', async () => {
    fakes.uninstall();
    const strict = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' }).install();
    try {
      strict.codeHosting.seed.repo(R);
      expect((await err(kit('whatever').request('GET /repos/{owner}/{repo}', R))).status).toBe(401);
    } finally {
      strict.uninstall();
      fakes.install();
    }
  });

  it('private repository without a token, or with a classic token lacking repo scope → 404', async () => {
    expect((await err(kit().request('GET /repos/{owner}/{repo}/import', R))).status).toBe(404);
    const weak = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['read:user'] });
    expect((await err(kit(weak).request('GET /repos/{owner}/{repo}/import', R))).status).toBe(404);
  });

  it('public repository: a classic token without scope may read but not write (403)', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'open' });
    const strong = fakes.codeHosting.seed.token({ type: 'classic' });
    await kit(strong).request('PUT /repos/{owner}/{repo}/import', { ...body, repo: 'open' });
    const weak = fakes.codeHosting.seed.token({ type: 'classic', scopes: [] });
    expect((await kit(weak).request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'open' })).status).toBe(200);
    const w = await err(kit(weak).request('PATCH /repos/{owner}/{repo}/import/lfs', { owner: 'octo', repo: 'open', use_lfs: 'opt_in' }));
    expect(w.status).toBe(403);
    expect(w.response.data.message).toBe('Resource not accessible by personal access token');
    const anon = await err(kit().request('PATCH /repos/{owner}/{repo}/import/lfs', { owner: 'octo', repo: 'open', use_lfs: 'opt_in' }));
    expect(anon.status).toBe(401);
    expect(anon.response.data.message).toBe('Requires authentication');
  });

  it('fine-grained tokens on catalog-style routes: permission sets and repository selection', async () => {
    const reader = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { administration: 'read' }, repositories: ['octo/hello'] });
    expect((await kit(reader).request('GET /repos/{owner}/{repo}/actions/permissions', R)).status).toBe(200);
    const put = await err(kit(reader).request('PUT /repos/{owner}/{repo}/actions/permissions', { ...R, enabled: true }));
    expect(put.status).toBe(403);
    expect(put.response.headers['x-accepted-github-permissions']).toBe('administration=write');
    const other = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { administration: 'write' }, repositories: ['octo/else'] });
    expect((await err(kit(other).request('GET /repos/{owner}/{repo}', R))).status).toBe(404);
  });
});
