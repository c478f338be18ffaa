import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';

// The source import rules of the seed that depend on time, callers and the repository, through the
// real Octokit: retirement on the fake clock by default (section 8), the option that keeps imports
// alive, the spam 422 (section 7), what anonymous and scope-less callers see of authors, vcs values,
// the large-file size, what a complete import leaves in the repository (section 3) and which
// statuses produce a repository_import delivery.

const P = { owner: 'octo', repo: 'hello' };
type HttpError = { status: number; response: { data: { message: string; errors?: Array<Record<string, unknown>> } } };
const failure = async (p: Promise<unknown>): Promise<HttpError> => {
  try {
    await p;
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
};
const kit = (fakes: Fakes, auth?: string) => new Octokit({ ...(auth ? { auth } : {}), request: { retries: 0, fetch: fakes.fetch } });

describe('source imports over time, callers and repositories', () => {
  let fakes: Fakes | undefined;
  afterEach(() => {
    fakes = undefined;
  });
  const make = (opts: Parameters<typeof createFakes>[0] = {}) => {
    fakes = createFakes(opts);
    fakes.codeHosting.seed.repo(P);
    return fakes;
  };

  it('retirement follows the fake clock by default: a real clock today answers 410 on every import endpoint', async () => {
    const f = make();
    expect(f.codeHosting.imports.retiredAt()).toBe('2024-04-12T00:00:00.000Z');
    const e = await failure(kit(f, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs_url: 'https://example.com/a.git' }));
    expect(e.status).toBe(410);
    expect(e.response.data.message).toMatch(/retired/);
    expect((await failure(kit(f, 'x').request('GET /repos/{owner}/{repo}/import', P))).status).toBe(410);
  });

  it('the date itself: imports work until 2024-04-11T23:59:59Z and answer 410 from 2024-04-12T00:00:00Z', async () => {
    const f = make({ clock: '2024-04-11T23:59:59Z' });
    expect((await kit(f, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/a.git' })).status).toBe(201);
    f.clock.advance('1s');
    expect((await failure(kit(f, 'x').request('GET /repos/{owner}/{repo}/import', P))).status).toBe(410);
  });

  it('importsRetireAt: false keeps imports alive on a real clock; another date moves the retirement', async () => {
    const open = make({ codeHosting: { importsRetireAt: false } });
    expect(open.codeHosting.imports.retiredAt()).toBeNull();
    expect((await kit(open, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/a.git' })).status).toBe(201);
    const later = make({ clock: '2030-01-01T00:00:00Z', codeHosting: { importsRetireAt: '2031-01-01T00:00:00Z' } });
    expect((await kit(later, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/a.git' })).status).toBe(201);
    later.clock.set('2031-01-01T00:00:00Z');
    expect((await failure(kit(later, 'x').request('GET /repos/{owner}/{repo}/import', P))).status).toBe(410);
    expect(() => createFakes({ codeHosting: { importsRetireAt: 'soon' as never } })).toThrow(/importsRetireAt/);
  });

  it('an import scenario on a real clock keeps the imports API open; importsRetired applied after closes it', async () => {
    fakes = createFakes();
    const f = fakes;
    const h = f.apply(scenarios.importImporting());
    expect((await kit(f, h.token).request('GET /repos/{owner}/{repo}/import', { owner: h.owner, repo: h.repo })).data.status).toBe('importing');
    f.apply(scenarios.importsRetired());
    expect((await failure(kit(f, h.token).request('GET /repos/{owner}/{repo}/import', { owner: h.owner, repo: h.repo }))).status).toBe(410);
  });

  it('importSpammed: the next start answers 422 "was submitted too quickly", the one after works', async () => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    const f = fakes;
    const h = f.apply(scenarios.importSpammed({ times: 2 }));
    const R = { owner: h.owner, repo: h.repo };
    const e = await failure(kit(f, h.token).request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' }));
    expect(e.status).toBe(422);
    expect(e.response.data).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'Import', code: 'custom', message: 'was submitted too quickly' }],
      documentation_url: 'https://docs.github.com/rest/migrations/source-imports',
    });
    expect(
      (await failure(kit(f, h.token).request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' }))).status,
    ).toBe(422);
    expect((await kit(f, h.token).request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' })).status).toBe(201);
    // Reads and the update (documented without a 422) never meet it.
    f.codeHosting.imports.spam(1);
    expect((await kit(f, h.token).request('GET /repos/{owner}/{repo}/import', R)).status).toBe(200);
    expect((await kit(f, h.token).request('PATCH /repos/{owner}/{repo}/import', R)).status).toBe(200);
    expect((await failure(kit(f, h.token).request('PATCH /repos/{owner}/{repo}/import/lfs', { ...R, use_lfs: 'opt_in' }))).status).toBe(422);
  });

  it('anonymous and scope-less callers read a public import without author emails; repo scope sees them', async () => {
    const f = make({ auth: 'strict', clock: '2024-01-10T00:00:00Z' });
    const owner = f.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    f.codeHosting.seed.origin({
      url: 'https://svn.example.com/app',
      vcs: 'subversion',
      authors: [{ remote_name: 'alice', email: 'alice@example.com', name: 'Alice' }],
    });
    await kit(f, owner).request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'subversion', vcs_url: 'https://svn.example.com/app' });
    const withRepo = await kit(f, owner).request('GET /repos/{owner}/{repo}/import/authors', P);
    expect(withRepo.data[0]).toMatchObject({ remote_name: 'alice', email: 'alice@example.com' });
    const anonymous = await kit(f).request('GET /repos/{owner}/{repo}/import/authors', P);
    expect(anonymous.data[0]).toMatchObject({ remote_name: 'alice', email: '' });
    const scopeless = await kit(f, f.codeHosting.seed.token({ type: 'classic', scopes: [] })).request('GET /repos/{owner}/{repo}/import/authors', P);
    expect(scopeless.data.map((a) => a.email)).toEqual(['']);
    expect(JSON.stringify(anonymous.data)).not.toContain('alice@example.com');
  });

  it('vcs: subversion, git, mercurial and tfvc start an import; svn, hg and perforce answer 422 invalid', async () => {
    const f = make({ clock: '2024-01-10T00:00:00Z' });
    for (const vcs of ['subversion', 'git', 'mercurial', 'tfvc']) {
      expect((await kit(f, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: vcs as 'git', vcs_url: 'https://example.com/a' })).status).toBe(201);
      await kit(f, 'x').request('DELETE /repos/{owner}/{repo}/import', P);
    }
    for (const vcs of ['svn', 'hg', 'perforce']) {
      const e = await failure(kit(f, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: vcs as 'git', vcs_url: 'https://example.com/a' }));
      expect(e.status).toBe(422);
      expect(e.response.data.errors?.[0]).toMatchObject({ resource: 'Import', code: 'invalid', field: 'vcs' });
    }
  });

  it('large_files_size: gigabytes rounded up by default; bytes (as GitHub sample responses show) with largeFilesSize: "bytes"', async () => {
    const sizes = [734003200, 524288000, 1000]; // two files over 100 MB (1,258,291,200 bytes), one small one
    for (const [format, want] of [
      ['gigabytes', 2],
      ['bytes', 1258291200],
    ] as const) {
      const f = make({ clock: '2024-01-10T00:00:00Z', codeHosting: { largeFilesSize: format } });
      f.codeHosting.seed.origin({ url: 'https://svn.example.com/media', vcs: 'subversion', largeFiles: sizes.map((size, i) => ({ path: `f${i}`, size })) });
      await kit(f, 'x').request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'subversion', vcs_url: 'https://svn.example.com/media' });
      const imp = (await kit(f, 'x').request('GET /repos/{owner}/{repo}/import', P)).data;
      expect(imp).toMatchObject({ has_large_files: true, large_files_count: 2, large_files_size: want });
    }
  });

  it('reaching complete fills the repository: the head commit on the default branch and every imported branch', async () => {
    const f = make({ clock: '2024-01-10T00:00:00Z' });
    f.codeHosting.seed.origin({ url: 'https://svn.example.com/app', vcs: 'subversion', commitCount: 12, branches: ['release-1'] });
    const octokit = kit(f, 'x');
    // Before the import the repository holds only the root commit every repository starts at.
    expect((await octokit.rest.repos.listCommits(P)).data.map((c) => c.commit.message)).toEqual(['Initial commit']);
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'subversion', vcs_url: 'https://svn.example.com/app' });
    let status = '';
    for (let i = 0; i < 12 && status !== 'complete'; i++) status = String((await octokit.request('GET /repos/{owner}/{repo}/import', P)).data.status);
    expect(status).toBe('complete');
    const main = await octokit.rest.repos.getBranch({ ...P, branch: 'main' });
    const sha = main.data.commit.sha;
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    // The imported history replaces it.
    const commits = await octokit.rest.repos.listCommits(P);
    expect(commits.data.map((c) => c.sha)).toEqual([sha]);
    const commit = await octokit.rest.repos.getCommit({ ...P, ref: sha });
    expect(commit.data.sha).toBe(sha);
    expect(commit.data.commit.message).toMatch(/Import of https:\/\/svn\.example\.com\/app: 12 commits/);
    expect((await octokit.rest.git.getCommit({ ...P, commit_sha: sha })).data.sha).toBe(sha);
    const ref = await octokit.rest.git.getRef({ ...P, ref: 'heads/main' });
    expect(ref.data).toMatchObject({ ref: 'refs/heads/main', object: { sha, type: 'commit' } });
    const branches = (await octokit.rest.repos.listBranches(P)).data.map((b) => b.name);
    expect(branches).toEqual(expect.arrayContaining(['main', 'release-1']));
    const release = await octokit.rest.repos.getBranch({ ...P, branch: 'release-1' });
    expect(release.data.commit.sha).not.toBe(sha);
    expect((await octokit.rest.repos.get(P)).data.pushed_at).toBe('2024-01-10T00:00:00Z');
  });

  it('deliveries: complete → success, cancel → cancelled, error → failure; the waiting states deliver nothing', async () => {
    const f = make({ clock: '2024-01-10T00:00:00Z', auth: 'strict' });
    const token = f.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
    f.codeHosting.seed.hook({ ...P, url: 'http://127.0.0.1:9/hook', events: ['repository_import'] });
    const octokit = kit(f, token);
    const statuses = async () => {
      await f.flush();
      return f.codeHosting.deliveries.filter((d) => d.event === 'repository_import').map((d) => d.payload.status);
    };
    // Waiting states: auth_failed, detection_needs_auth, detection_found_nothing, detection_found_multiple.
    f.codeHosting.seed.origin({ url: 'https://svn.example.com/locked', vcs: 'subversion', requiresAuth: true });
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'subversion', vcs_url: 'https://svn.example.com/locked' });
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', P)).data.status).toBe('auth_failed');
    f.codeHosting.seed.origin({ url: 'https://svn.example.com/none', exists: false });
    f.codeHosting.seed.origin({ url: 'http://tfs.example.com/many', vcs: 'tfvc', projects: ['a', 'b'] });
    f.codeHosting.seed.origin({ url: 'https://hg.example.com/locked', vcs: 'mercurial', requiresAuth: true });
    for (const url of ['https://svn.example.com/none', 'http://tfs.example.com/many', 'https://hg.example.com/locked']) {
      await octokit.request('DELETE /repos/{owner}/{repo}/import', P);
      await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs_url: url });
      await octokit.request('GET /repos/{owner}/{repo}/import', P);
    }
    const waiting = await octokit.request('GET /repos/{owner}/{repo}/import', P);
    expect(waiting.data.status).toBe('detection_needs_auth');
    // Three cancels so far (one per waiting import replaced): each delivered `cancelled`; the waiting states nothing.
    expect(await statuses()).toEqual(['cancelled', 'cancelled', 'cancelled']);
    await octokit.request('DELETE /repos/{owner}/{repo}/import', P);
    f.codeHosting.seed.origin({ url: 'https://example.com/ok.git' });
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/ok.git' });
    for (let i = 0; i < 10; i++) if ((await octokit.request('GET /repos/{owner}/{repo}/import', P)).data.status === 'complete') break;
    expect(await statuses()).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled', 'success']);
    // An error at a step delivers `failure` (another repository, hooked the same way).
    f.codeHosting.seed.repo({ owner: 'octo', repo: 'other' });
    f.codeHosting.seed.hook({ owner: 'octo', repo: 'other', url: 'http://127.0.0.1:9/hook', events: ['repository_import'] });
    f.codeHosting.seed.origin({ url: 'https://example.com/bad.git', failAt: 'pushing' });
    const O = { owner: 'octo', repo: 'other' };
    await octokit.request('PUT /repos/{owner}/{repo}/import', { ...O, vcs: 'git', vcs_url: 'https://example.com/bad.git' });
    for (let i = 0; i < 10; i++) if ((await octokit.request('GET /repos/{owner}/{repo}/import', O)).data.status === 'error') break;
    expect(await statuses()).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled', 'success', 'failure']);
  });
});
