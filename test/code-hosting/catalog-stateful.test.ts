import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth = 'ghp_lenient') => new Octokit({ auth, request: { retries: 0 } });

describe('catalog resources are stateful', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('create repo → paginate repos across pages → update → enable actions → import answers 422', async () => {
    const octokit = kit();
    for (let i = 0; i < 5; i++) await octokit.request('POST /user/repos', { name: `r${i}` });
    const pages: number[] = [];
    const all = await octokit.paginate('GET /user/repos', { per_page: 2 }, (res) => {
      pages.push(res.data.length);
      return res.data;
    });
    expect(all.map((r) => r.name).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(pages).toEqual([2, 2, 1]);
    const updated = await octokit.request('PATCH /repos/{owner}/{repo}', { owner: 'octocat', repo: 'r0', description: 'first' });
    expect(updated.data.description).toBe('first');
    await octokit.request('PUT /repos/{owner}/{repo}/actions/permissions', { owner: 'octocat', repo: 'r0', enabled: true });
    await expect(
      octokit.request('PUT /repos/{owner}/{repo}/import', { owner: 'octocat', repo: 'r0', vcs_url: 'https://svn.example.com/app' }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('creates issues with numbers, lists them page by page with a real Link header, updates and reads them', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const octokit = kit();
    const created = [];
    for (const title of ['a', 'b', 'c', 'd', 'e']) {
      created.push((await octokit.request('POST /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', title })).data);
    }
    expect(created.map((i) => i.number)).toEqual([1, 2, 3, 4, 5]);
    expect(created[0]).toMatchObject({
      title: 'a',
      url: 'https://api.github.com/repos/octo/hello/issues/1',
      html_url: 'https://github.com/octo/hello/issues/1',
      created_at: '2024-01-10T00:00:00.000Z',
    });
    // Newest first, as GitHub lists issues by default (sort=created, direction=desc).
    const page2 = await octokit.request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', per_page: 2, page: 2 });
    expect(page2.data.map((i) => i.title)).toEqual(['c', 'b']);
    // GitHub links a repository's pages by its id.
    const base = `https://api.github.com/repositories/${fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' }).id}/issues?per_page=2`;
    expect(page2.headers.link).toBe(`<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next", <${base}&page=3>; rel="last", <${base}&page=1>; rel="first"`);
    const titles = await octokit.paginate('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello', per_page: 2 });
    expect(titles.map((i) => i.title)).toEqual(['e', 'd', 'c', 'b', 'a']);
    fakes.clock.advance('1h');
    const patched = await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
      owner: 'octo',
      repo: 'hello',
      issue_number: 2,
      state: 'closed',
    });
    expect(patched.data).toMatchObject({
      number: 2,
      title: 'b',
      state: 'closed',
      updated_at: '2024-01-10T01:00:00.000Z',
      created_at: '2024-01-10T00:00:00.000Z',
    });
    const got = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hello', issue_number: 2 });
    expect(got.data.state).toBe('closed');
    // Pull requests share the issue numbering of their repository.
    fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', branch: 'dev', files: { 'dev.txt': 'dev\n' }, message: 'Dev' });
    const pr = await octokit.request('POST /repos/{owner}/{repo}/pulls', { owner: 'octo', repo: 'hello', head: 'dev', base: 'main', title: 'p' });
    expect(pr.data.number).toBe(6);
  });

  it('caps per_page at 100', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.resources(Array.from({ length: 150 }, (_, i) => [`/repos/octo/hello/labels/l${i}`, { name: `l${i}` }] as const));
    const res = await kit().request('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello', per_page: 500 });
    expect(res.data).toHaveLength(100);
    expect(res.headers.link).toContain('per_page=100&page=2>; rel="last"');
  });

  it('answers 422 naming a missing required field, 404 for a non-integer number, 404 for a missing item', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const octokit = kit();
    await expect(octokit.request('POST /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' } as never)).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }] } },
    });
    await expect(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hello', issue_number: 'abc' as never }),
    ).rejects.toMatchObject({
      status: 404,
      response: { data: { message: 'Not Found' }, headers: { 'x-accepted-github-permissions': 'issues=read' } },
    });
    await expect(octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'octo', repo: 'hello', issue_number: 99 })).rejects.toMatchObject({
      status: 404,
    });
    expect(fakes.calls.last()?.route).toBe('/repos/{owner}/{repo}/issues/{issue_number}');
  });

  it('deletes items (204) and drops them from their collection; PUT sets, DELETE on a singleton answers 204', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const octokit = kit();
    await octokit.request('POST /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello', name: 'bug' });
    await octokit.request('POST /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello', name: 'doc' });
    await expect(octokit.request('POST /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello', name: 'bug' })).rejects.toMatchObject({ status: 422 });
    const del = await octokit.request('DELETE /repos/{owner}/{repo}/labels/{name}', { owner: 'octo', repo: 'hello', name: 'bug' });
    expect(del.status).toBe(204);
    const left = await octokit.request('GET /repos/{owner}/{repo}/labels', { owner: 'octo', repo: 'hello' });
    expect(left.data.map((l) => l.name)).toEqual(['doc']);
    const topics = await octokit.request('PUT /repos/{owner}/{repo}/topics', { owner: 'octo', repo: 'hello', names: ['a', 'b'] });
    expect(topics.data.names).toEqual(['a', 'b']);
    expect((await octokit.request('GET /repos/{owner}/{repo}/topics', { owner: 'octo', repo: 'hello' })).data.names).toEqual(['a', 'b']);
  });

  it('records action routes and answers their real status', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    const octokit = kit();
    // A run that is in progress (cancelling one that does not exist is 404, a completed one 409).
    fakes.codeHosting.seed.resource('/repos/octo/hello/actions/runs/42', { status: 'in_progress' });
    const cancel = await octokit.request('POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel', { owner: 'octo', repo: 'hello', run_id: 42 });
    expect(cancel.status).toBe(202);
    const dispatch = await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      owner: 'octo',
      repo: 'hello',
      workflow_id: 'ci.yml',
      ref: 'main',
    });
    expect(dispatch.status).toBe(204);
    expect(fakes.calls.last()?.operation).toBe('actions/create-workflow-dispatch');
    // A dispatch is recorded as what it starts: a run of the workflow on the ref.
    const runs = await octokit.request('GET /repos/{owner}/{repo}/actions/runs', { owner: 'octo', repo: 'hello', event: 'workflow_dispatch' });
    expect(runs.data.workflow_runs.map((r) => [r.path, r.head_branch])).toEqual([['.github/workflows/ci.yml', 'main']]);
  });

  it('serves the seed spellings and the real ones on the same resources', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/dependency-bot/alerts/1', { number: 1, state: 'open' });
    const octokit = kit();
    const real = await octokit.request('GET /repos/{owner}/{repo}/dependabot/alerts/{alert_number}', { owner: 'octo', repo: 'hello', alert_number: 1 });
    expect(real.data.state).toBe('open');
    const seedSpelling = await octokit.request('GET /repos/{owner}/{repo}/dependency-bot/alerts', { owner: 'octo', repo: 'hello' });
    expect(seedSpelling.data).toHaveLength(1);
  });

  it('lists wrapped collections with total_count and the real key', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/actions/runs/7', { status: 'completed' });
    const runs = await kit().request('GET /repos/{owner}/{repo}/actions/runs', { owner: 'octo', repo: 'hello' });
    expect(runs.data.total_count).toBe(1);
    expect(runs.data.workflow_runs[0]).toMatchObject({ id: expect.any(Number), status: 'completed' });
    const paged = await kit().paginate('GET /repos/{owner}/{repo}/actions/runs', { owner: 'octo', repo: 'hello' });
    expect(paged).toHaveLength(1);
  });

  it('treats owner and repository names case-insensitively, like GitHub', async () => {
    fakes.codeHosting.seed.repo({ owner: 'Octo', repo: 'Hello' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/issues/1', { title: 'seeded lower-case' });
    await kit().request('POST /repos/{owner}/{repo}/issues', { owner: 'OCTO', repo: 'HELLO', title: 'created upper-case' });
    const list = await kit().request('GET /repos/{owner}/{repo}/issues', { owner: 'Octo', repo: 'Hello' });
    expect(list.data.map((i) => i.title)).toEqual(['created upper-case', 'seeded lower-case']);
    expect(list.data[0]).toMatchObject({ number: 2, url: 'https://api.github.com/repos/Octo/Hello/issues/2' });
  });

  it('seeds files by path with raw slashes and serves them to Octokit', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/contents/docs/README.md', { type: 'file', path: 'docs/README.md' });
    const file = await kit().request('GET /repos/{owner}/{repo}/contents/{path}', { owner: 'octo', repo: 'hello', path: 'docs/README.md' });
    expect(file.data).toMatchObject({ type: 'file', path: 'docs/README.md' });
  });

  it('lets users override any catalog operation', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.override('codeHosting', 'GET /repos/{owner}/{repo}/issues', () => ({ status: 503, body: { message: 'down' } }));
    await expect(kit().request('GET /repos/{owner}/{repo}/issues', { owner: 'octo', repo: 'hello' })).rejects.toMatchObject({ status: 503 });
  });
});
