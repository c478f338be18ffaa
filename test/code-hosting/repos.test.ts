import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth?: string) => new Octokit({ ...(auth ? { auth } : {}), request: { retries: 0 } });

describe('repositories', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('creates, reads, updates, renames and deletes a repository', async () => {
    const octokit = kit('ghp_lenient');
    const created = await octokit.request('POST /user/repos', { name: 'hello', private: true });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      name: 'hello',
      full_name: 'octocat/hello',
      private: true,
      visibility: 'private',
      owner: { login: 'octocat', type: 'User' },
    });
    expect(created.headers.location).toBe('https://api.github.com/repos/octocat/hello');
    const got = await octokit.request('GET /repos/{owner}/{repo}', { owner: 'OctoCat', repo: 'HELLO' });
    expect(got.data.id).toBe(created.data.id);
    expect(got.data.created_at).toBe('2024-01-10T00:00:00.000Z');
    const renamed = await octokit.request('PATCH /repos/{owner}/{repo}', { owner: 'octocat', repo: 'hello', name: 'world', description: 'd' });
    expect(renamed.data).toMatchObject({ name: 'world', full_name: 'octocat/world', description: 'd' });
    // The old name redirects to the renamed repository (301 to /repositories/{id}; Octokit follows).
    const old = await octokit.request('GET /repos/{owner}/{repo}', { owner: 'octocat', repo: 'hello' });
    expect(old.data).toMatchObject({ id: renamed.data.id, full_name: 'octocat/world' });
    const del = await octokit.request('DELETE /repos/{owner}/{repo}', { owner: 'octocat', repo: 'world' });
    expect(del.status).toBe(204);
    await expect(octokit.request('GET /repos/{owner}/{repo}', { owner: 'octocat', repo: 'world' })).rejects.toThrow('Not Found - https://docs.github.com/rest');
  });

  it('refuses a duplicate name with the real 422', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'dup' });
    await expect(kit('x').request('POST /user/repos', { name: 'dup' })).rejects.toMatchObject({
      status: 422,
      response: {
        data: {
          message: 'Validation Failed',
          errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }],
        },
      },
    });
  });

  it('lists with per_page/page and a Link header octokit.paginate follows', async () => {
    const acme = fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    const octokit = kit('x');
    for (let i = 0; i < 7; i++) await octokit.request('POST /orgs/{org}/repos', { org: 'acme', name: `r${i}` });
    const first = await octokit.request('GET /orgs/{org}/repos', { org: 'acme', per_page: 3 });
    expect(first.data.map((r) => r.name)).toEqual(['r0', 'r1', 'r2']);
    expect(first.headers.link).toBe(
      // GitHub links an organization's pages by its id.
      `<https://api.github.com/organizations/${acme.id}/repos?per_page=3&page=2>; rel="next", <https://api.github.com/organizations/${acme.id}/repos?per_page=3&page=3>; rel="last"`,
    );
    const all = await octokit.paginate('GET /orgs/{org}/repos', { org: 'acme', per_page: 3 });
    expect(all.map((r) => r.name)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(all[0]?.owner.type).toBe('Organization');
    const big = await octokit.request('GET /orgs/{org}/repos', { org: 'acme', per_page: 500 });
    expect(big.data).toHaveLength(7);
    expect(big.headers.link).toBeUndefined();
  });

  it('lists the user repositories and only public ones of another user', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'pub' });
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'priv', private: true });
    const mine = await kit('x').paginate('GET /user/repos');
    expect(mine.map((r) => r.name)).toEqual(['pub', 'priv']);
    const theirs = await kit().request('GET /users/{username}/repos', { username: 'octocat' });
    expect(theirs.data.map((r) => r.name)).toEqual(['pub']);
    await expect(kit().request('GET /user/repos')).rejects.toMatchObject({ status: 401 });
    await expect(kit().request('GET /users/{username}/repos', { username: 'ghost' })).rejects.toMatchObject({ status: 404 });
  });

  it('org listings hide private repositories from callers that cannot reach them', async () => {
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'open', ownerType: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'secret', ownerType: 'Organization', private: true });
    const full = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    const fine = fakes.codeHosting.seed.token({ type: 'fine-grained', permissions: { metadata: 'read' }, repositories: ['acme/open'] });
    expect((await kit(full).request('GET /orgs/{org}/repos', { org: 'acme' })).data.map((r) => r.name)).toEqual(['open', 'secret']);
    expect((await kit(full).request('GET /orgs/{org}/repos', { org: 'acme', type: 'private' })).data.map((r) => r.name)).toEqual(['secret']);
    expect((await kit(fine).request('GET /orgs/{org}/repos', { org: 'acme' })).data.map((r) => r.name)).toEqual(['open']);
    expect((await kit().request('GET /orgs/{org}/repos', { org: 'acme' })).data.map((r) => r.name)).toEqual(['open']);
    await expect(kit().request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'secret' })).rejects.toMatchObject({ status: 404 });
    await expect(kit(full).request('GET /orgs/{org}/repos', { org: 'nobody' })).rejects.toMatchObject({ status: 404 });
  });

  it('deleting a repository removes its import and hooks', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'gone' });
    fakes.codeHosting.seed.hook({ owner: 'octo', repo: 'gone', url: 'https://hooks.example.com/x' });
    const octokit = kit('x');
    await octokit.request('PUT /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'gone', vcs: 'git', vcs_url: 'https://example.com/a.git' });
    await octokit.request('DELETE /repos/{owner}/{repo}', { owner: 'octo', repo: 'gone' });
    expect(Object.keys(fakes.state.codeHosting.imports)).toHaveLength(0);
    expect(Object.keys(fakes.state.codeHosting.hooks)).toHaveLength(0);
    expect(Object.keys(fakes.state.codeHosting.authors)).toHaveLength(0);
  });

  it('toggles Actions through the actions permissions API', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const octokit = kit('x');
    expect((await octokit.request('GET /repos/{owner}/{repo}/actions/permissions', { owner: 'octo', repo: 'hello' })).data).toEqual({ enabled: false });
    const put = await octokit.request('PUT /repos/{owner}/{repo}/actions/permissions', { owner: 'octo', repo: 'hello', enabled: true });
    expect(put.status).toBe(204);
    expect((await octokit.request('GET /repos/{owner}/{repo}/actions/permissions', { owner: 'octo', repo: 'hello' })).data).toEqual({
      enabled: true,
      allowed_actions: 'all',
      sha_pinning_required: false,
    });
    await expect(octokit.request('PUT /repos/{owner}/{repo}/actions/permissions', { owner: 'octo', repo: 'hello' } as never)).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ code: 'missing_field', field: 'enabled' }] } },
    });
  });

  it('answers GitHub headers: request id, version, media type', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const res = await kit('x').request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello' });
    expect(res.headers['x-github-request-id']).toMatch(/^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{6}:[0-9A-F]{6}:[0-9A-F]{8}$/);
    expect(res.headers['x-github-api-version-selected']).toBe('2022-11-28');
    expect(res.headers['x-github-media-type']).toBe('github.v3; format=json');
    expect(res.headers['x-accepted-github-permissions']).toBe('metadata=read');
    const v2 = await kit('x').request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello', headers: { 'x-github-api-version': '2026-03-10' } });
    expect(v2.headers['x-github-api-version-selected']).toBe('2026-03-10');
    expect(fakes.calls.last()?.version).toBe('2026-03-10');
    const err = await kit('x')
      .request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello', headers: { 'x-github-api-version': '2021-01-01' } })
      .catch((e) => e);
    expect(err.status).toBe(400);
    expect(err.response.data.message).toContain('"2021-01-01", is not a supported version');
    const rl = await kit('x').request('GET /rate_limit');
    expect(rl.headers['x-accepted-github-permissions']).toBe('allows_permissionless_access=true');
    const plat = await kit('x')
      .request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello', headers: { 'x-platform-api-version': 'nope' } })
      .catch((e) => e);
    expect(plat.status).toBe(400);
    const platOk = await kit('x').request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello', headers: { 'x-platform-api-version': '2022-11-28' } });
    expect(platOk.headers['x-github-api-version-selected']).toBe('2022-11-28');
    await kit('x').request('GET /repos/{owner}/{repo}', { owner: 'octo', repo: 'hello' });
    expect(fakes.calls.last()?.version).toBe('2022-11-28');
    const ids = fakes.calls.map((c) => c.response.headers['x-github-request-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('bulk seeding', () => {
  it('seed.repos creates many repositories in one change, skipping existing ones, and they page', async () => {
    const fakes = createFakes().install();
    try {
      fakes.codeHosting.seed.repo({ owner: 'bulk', repo: 'r0', ownerType: 'Organization' });
      const n = fakes.codeHosting.seed.repos(Array.from({ length: 250 }, (_, i) => ({ owner: 'bulk', repo: `r${i}`, ownerType: 'Organization' as const })));
      expect(n).toBe(249);
      const last = await kit('x').request('GET /orgs/{org}/repos', { org: 'bulk', per_page: 100, page: 3 });
      expect(last.data.map((r) => r.name)).toEqual(Array.from({ length: 50 }, (_, i) => `r${i + 200}`));
      expect(new Set((await kit('x').paginate('GET /orgs/{org}/repos', { org: 'bulk', per_page: 100 })).map((r) => r.id)).size).toBe(250);
    } finally {
      fakes.uninstall();
    }
  });
});
