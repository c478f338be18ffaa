import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth = 'ghp_lenient') => new Octokit({ auth, request: { retries: 0 } });
const R = { owner: 'octocat', repo: 'socm' };

describe('source import: the typical flow of seed section 1', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'socm' });
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('start, map authors, set LFS, poll to complete', async () => {
    fakes.codeHosting.seed.origin({
      url: 'http://svn.example.com/svn/myproject',
      vcs: 'subversion',
      commitCount: 1042,
      authors: [{ remote_name: 'nobody' }, { remote_name: 'svner' }, { remote_name: 'svner@example.com' }],
      largeFiles: [
        { path: 'foo/bar/1', size: 157286400, ref_name: 'refs/heads/master' },
        { path: 'small.txt', size: 10 },
      ],
    });
    const octokit = kit();
    const started = await octokit.request('PUT /repos/{owner}/{repo}/import', {
      ...R,
      vcs: 'subversion',
      vcs_url: 'http://svn.example.com/svn/myproject',
    });
    expect(started.status).toBe(201);
    expect(started.headers.location).toBe('https://api.github.com/repos/octocat/socm/import');
    expect(started.data).toEqual({
      vcs: 'subversion',
      use_lfs: 'undecided',
      vcs_url: 'http://svn.example.com/svn/myproject',
      svn_root: 'http://svn.example.com/svn/myproject',
      status: 'importing',
      status_text: 'Importing...',
      has_large_files: true,
      large_files_size: 1,
      large_files_count: 1,
      authors_count: 3,
      commit_count: 1042,
      percent: 0,
      import_percent: 0,
      url: 'https://api.github.com/repos/octocat/socm/import',
      html_url: 'https://import.github.com/octocat/socm/import',
      authors_url: 'https://api.github.com/repos/octocat/socm/import/authors',
      repository_url: 'https://api.github.com/repos/octocat/socm',
    });

    const authors = await octokit.request('GET /repos/{owner}/{repo}/import/authors', R);
    expect(authors.data.map((a) => a.remote_name)).toEqual(['nobody', 'svner', 'svner@example.com']);
    const first = authors.data[0]!;
    expect(first.email).toMatch(/^nobody@[0-9a-f-]{36}$/);
    expect(first.url).toBe(`https://api.github.com/repos/octocat/socm/import/authors/${first.id}`);
    expect(first.import_url).toBe('https://api.github.com/repos/octocat/socm/import');
    const mapped = await octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', {
      ...R,
      author_id: first.id,
      email: 'hubot@github.com',
      name: 'Hubot',
    });
    expect(mapped.data).toMatchObject({ id: first.id, remote_name: 'nobody', email: 'hubot@github.com', name: 'Hubot' });
    const since = await octokit.request('GET /repos/{owner}/{repo}/import/authors', { ...R, since: first.id });
    expect(since.data.map((a) => a.id)).toEqual([authors.data[1]!.id, authors.data[2]!.id]);
    const again = await octokit.request('GET /repos/{owner}/{repo}/import/authors', R);
    expect(again.data[0]).toMatchObject({ id: first.id, email: 'hubot@github.com', name: 'Hubot' });

    const large = await octokit.request('GET /repos/{owner}/{repo}/import/large_files', R);
    expect(large.data).toEqual([{ ref_name: 'refs/heads/master', path: 'foo/bar/1', oid: expect.stringMatching(/^[0-9a-f]{32}$/), size: 157286400 }]);
    const lfs = await octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...R, use_lfs: 'opt_in' });
    expect(lfs.data.use_lfs).toBe('opt_in');

    const seen: string[] = [];
    const percents: number[] = [];
    const pushes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', R);
      seen.push(data.status);
      if (data.status === 'importing') percents.push((data as { percent?: number }).percent as number);
      if (data.status === 'pushing') pushes.push(data.push_percent as number);
      if (data.status === 'complete') break;
    }
    expect([...new Set(seen)]).toEqual(['importing', 'mapping', 'pushing', 'complete']);
    expect(percents).toEqual([50, 100]);
    expect(pushes).toEqual([0, 50, 100]);
    const done = await octokit.request('GET /repos/{owner}/{repo}/import', R);
    expect(done.data).toMatchObject({ status: 'complete', status_text: 'Done', use_lfs: 'opt_in', authors_count: 3 });
    expect(done.data).not.toHaveProperty('commit_count');
    expect(done.data).not.toHaveProperty('push_percent');
    expect(fakes.calls.where({ method: 'GET', path: '/repos/octocat/socm/import' }).count()).toBeGreaterThan(5);
  });

  it('starts in detecting without vcs and detects the type from the origin', async () => {
    const octokit = kit();
    const started = await octokit.request('PUT /repos/{owner}/{repo}/import', { ...R, vcs_url: 'https://hg.example.com/repo' });
    expect(started.data).toMatchObject({ status: 'detecting', vcs: null, status_text: 'Detecting source control', authors_count: 0 });
    const next = await octokit.request('GET /repos/{owner}/{repo}/import', R);
    expect(next.data).toMatchObject({ status: 'importing', vcs: 'mercurial', authors_count: 2 });
  });

  it('manual progression: GET does not move, imports.advance does', async () => {
    fakes.uninstall();
    const manual = createFakes({
      clock: '2024-01-10T00:00:00Z',
      codeHosting: { importProgress: 'manual', baseUrls: ['https://ghe.example.com/api/v3'] },
    }).install();
    try {
      manual.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const octokit = new Octokit({ auth: 'x', baseUrl: 'https://ghe.example.com/api/v3', request: { retries: 0 } });
      const started = await octokit.request('PUT /repos/{owner}/{repo}/import', {
        owner: 'octo',
        repo: 'hello',
        vcs: 'git',
        vcs_url: 'https://example.com/a.git',
      });
      expect(started.data).toMatchObject({
        url: 'https://ghe.example.com/api/v3/repos/octo/hello/import',
        html_url: 'https://ghe.example.com/octo/hello/import',
        authors_url: 'https://ghe.example.com/api/v3/repos/octo/hello/import/authors',
        repository_url: 'https://ghe.example.com/api/v3/repos/octo/hello',
      });
      expect(started.headers.location).toBe('https://ghe.example.com/api/v3/repos/octo/hello/import');
      for (let i = 0; i < 3; i++)
        expect(((await octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello' })).data as { percent?: number }).percent).toBe(0);
      expect(manual.codeHosting.imports.advance('octo', 'hello', 3).status).toBe('mapping');
      expect((await octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello' })).data.status).toBe('mapping');
      expect(manual.codeHosting.imports.advance('octo', 'hello', 100).status).toBe('complete');
    } finally {
      manual.uninstall();
      fakes.install();
    }
  });

  it('GHE.com hosts point html_url at the web host', async () => {
    fakes.uninstall();
    const ghe = createFakes({ clock: '2024-01-10T00:00:00Z', codeHosting: { baseUrls: ['https://api.acme.ghe.com'] } }).install();
    try {
      ghe.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const octokit = new Octokit({ auth: 'x', baseUrl: 'https://api.acme.ghe.com', request: { retries: 0 } });
      const { data } = await octokit.request('PUT /repos/{owner}/{repo}/import', {
        owner: 'octo',
        repo: 'hello',
        vcs: 'git',
        vcs_url: 'https://example.com/a.git',
      });
      expect(data.html_url).toBe('https://acme.ghe.com/octo/hello/import');
      expect(data.url).toBe('https://api.acme.ghe.com/repos/octo/hello/import');
    } finally {
      ghe.uninstall();
      fakes.install();
    }
  });

  it('use_lfs as a boolean when useLfsFormat is boolean', async () => {
    const b = createFakes({ clock: '2024-01-10T00:00:00Z', codeHosting: { useLfsFormat: 'boolean', baseUrls: ['https://api.github.com'] } });
    fakes.uninstall();
    b.install();
    try {
      b.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const octokit = kit();
      const { data } = await octokit.request('PUT /repos/{owner}/{repo}/import', {
        owner: 'octo',
        repo: 'hello',
        vcs: 'git',
        vcs_url: 'https://example.com/a.git',
      });
      expect(data.use_lfs).toBe(false);
      const lfs = await octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { owner: 'octo', repo: 'hello', use_lfs: 'opt_in' });
      expect(lfs.data.use_lfs).toBe(true);
    } finally {
      b.uninstall();
      fakes.install();
    }
  });
});
