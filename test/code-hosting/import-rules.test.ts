import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const kit = (auth = 'ghp_lenient') => new Octokit({ auth, request: { retries: 0 } });
const R = { owner: 'octo', repo: 'hello' };
const start = (octokit: Octokit, body: Record<string, unknown> = { vcs: 'git', vcs_url: 'https://example.com/a.git' }) =>
  octokit.request('PUT /repos/{owner}/{repo}/import', { ...R, ...body } as never);

async function failure(
  p: Promise<unknown>,
): Promise<{ status: number; message: string; response: { data: Record<string, unknown>; headers: Record<string, string> } }> {
  try {
    await p;
  } catch (e) {
    return e as never;
  }
  throw new Error('expected the request to fail');
}

/** One call of each source-import endpoint, made when invoked (so a refused one is awaited before the next starts). */
function everyImportCall(octokit: Octokit, P: { owner: string; repo: string }): Array<() => Promise<unknown>> {
  return [
    () => octokit.request('GET /repos/{owner}/{repo}/import', P),
    () => octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs_url: 'https://example.com/a.git' }),
    () => octokit.request('PATCH /repos/{owner}/{repo}/import', P),
    () => octokit.request('DELETE /repos/{owner}/{repo}/import', P),
    () => octokit.request('GET /repos/{owner}/{repo}/import/authors', P),
    () => octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...P, author_id: 1, name: 'x' }),
    () => octokit.request('GET /repos/{owner}/{repo}/import/large_files', P),
    () => octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...P, use_lfs: 'opt_in' }),
  ];
}

describe('source import endpoints: statuses and validation', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it('404 for an unknown repository and for a repository without import, with Octokit message', async () => {
    const octokit = kit();
    const e1 = await failure(octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'nope' }));
    expect(e1.status).toBe(404);
    expect(e1.message).toBe('Not Found - https://docs.github.com/rest');
    expect(e1.response.data).toEqual({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
    for (const route of [
      'GET /repos/{owner}/{repo}/import',
      'PATCH /repos/{owner}/{repo}/import',
      'DELETE /repos/{owner}/{repo}/import',
      'GET /repos/{owner}/{repo}/import/authors',
      'GET /repos/{owner}/{repo}/import/large_files',
    ] as const) {
      const e = await failure(octokit.request(route, R as never));
      expect(e.status, route).toBe(404);
    }
    const lfs = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...R, use_lfs: 'opt_in' }));
    expect(lfs.status).toBe(404);
    await start(octokit);
    const author = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...R, author_id: 999, name: 'x' }));
    expect(author.status).toBe(404);
    const notInt = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...R, author_id: 'abc' as never, name: 'x' }));
    expect(notInt.status).toBe(404);
  });

  it('422 on start: missing vcs_url, bad vcs_url, bad vcs, Actions enabled, import already there', async () => {
    const octokit = kit();
    const missing = await failure(start(octokit, { vcs: 'git' }));
    expect(missing.status).toBe(422);
    expect(missing.message).toBe(
      'Validation Failed: {"resource":"Import","code":"missing_field","field":"vcs_url"} - https://docs.github.com/rest/migrations/source-imports',
    );
    const badUrl = await failure(start(octokit, { vcs_url: 'not a url' }));
    expect(badUrl.message).toBe(
      'Validation Failed: {"resource":"Import","code":"invalid","field":"vcs_url"} - https://docs.github.com/rest/migrations/source-imports',
    );
    const badVcs = await failure(start(octokit, { vcs_url: 'https://example.com/a', vcs: 'cvs' }));
    expect(badVcs.response.data).toEqual({
      message: 'Validation Failed',
      documentation_url: 'https://docs.github.com/rest/migrations/source-imports',
      errors: [{ resource: 'Import', code: 'invalid', field: 'vcs', value: 'cvs' }],
    });
    await octokit.request('PUT /repos/{owner}/{repo}/actions/permissions', { ...R, enabled: true });
    const actions = await failure(start(octokit));
    expect(actions.status).toBe(422);
    expect(actions.response.data.errors).toEqual([
      { resource: 'Import', code: 'custom', field: 'repository', message: 'Importing into a repository with GitHub Actions enabled is not supported.' },
    ]);
    await octokit.request('PUT /repos/{owner}/{repo}/actions/permissions', { ...R, enabled: false });
    expect((await start(octokit)).status).toBe(201);
    const twice = await failure(start(octokit));
    expect(twice.status).toBe(422);
    expect(fakes.calls.where({ method: 'PUT', path: '/repos/octo/hello/import' }).count()).toBe(6);
  });

  it('400 for a body that is not JSON or not an object', async () => {
    const bad = await fakes.handle({
      method: 'PUT',
      url: 'https://api.github.com/repos/octo/hello/import',
      headers: { authorization: 'token x', 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'Problems parsing JSON' });
    const arr = await fakes.handle({
      method: 'PUT',
      url: 'https://api.github.com/repos/octo/hello/import',
      headers: { authorization: 'token x', 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(arr.status).toBe(400);
    expect(arr.json).toMatchObject({ message: 'Body should be a JSON object' });
  });

  it('422 on LFS: missing or bad use_lfs; the preference is recorded', async () => {
    const octokit = kit();
    await start(octokit);
    const missing = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', R as never));
    expect(missing.response.data.errors).toEqual([{ resource: 'Import', code: 'missing_field', field: 'use_lfs' }]);
    const bad = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...R, use_lfs: 'maybe' as never }));
    expect(bad.status).toBe(422);
    expect(bad.response.data.errors).toEqual([{ resource: 'Import', code: 'invalid', field: 'use_lfs', value: 'maybe' }]);
    const out = await octokit.request('PATCH /repos/{owner}/{repo}/import/lfs', { ...R, use_lfs: 'opt_out' });
    expect(out.data.use_lfs).toBe('opt_out');
    expect(fakes.codeHosting.imports.get('octo', 'hello')?.use_lfs).toBe('opt_out');
  });

  it('map author: unknown keys → 422; after pushing starts → 422', async () => {
    const octokit = kit();
    await start(octokit);
    const [a] = (await octokit.request('GET /repos/{owner}/{repo}/import/authors', R)).data;
    const unknown = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...R, author_id: a!.id, login: 'x' } as never));
    expect(unknown.status).toBe(422);
    expect(unknown.response.data.errors).toEqual([{ resource: 'PorterAuthor', code: 'invalid', field: 'login', message: '"login" is not a permitted key.' }]);
    fakes.codeHosting.imports.advance('octo', 'hello', 3);
    expect(fakes.codeHosting.imports.get('octo', 'hello')?.status).toBe('mapping');
    expect((await octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...R, author_id: a!.id, name: 'In mapping' })).data.name).toBe(
      'In mapping',
    );
    fakes.codeHosting.imports.advance('octo', 'hello', 1);
    expect(fakes.codeHosting.imports.get('octo', 'hello')?.status).toBe('pushing');
    const late = await failure(octokit.request('PATCH /repos/{owner}/{repo}/import/authors/{author_id}', { ...R, author_id: a!.id, name: 'Too late' }));
    expect(late.status).toBe(422);
    expect(late.message).toContain('Validation Failed: {"resource":"PorterAuthor","code":"custom","field":"status"');
    expect((await octokit.request('GET /repos/{owner}/{repo}/import/authors', R)).data[0]?.name).toBe('In mapping');
  });

  it('cancel answers 204 and the import is gone; starting again works', async () => {
    const octokit = kit();
    await start(octokit);
    const del = await octokit.request('DELETE /repos/{owner}/{repo}/import', R);
    expect(del.status).toBe(204);
    expect(del.data).toBe('');
    expect((await failure(octokit.request('GET /repos/{owner}/{repo}/import', R))).status).toBe(404);
    expect((await start(octokit)).status).toBe(201);
  });

  it('an update with no parameters restarts the import', async () => {
    const octokit = kit();
    await start(octokit);
    fakes.codeHosting.imports.advance('octo', 'hello', 5);
    expect(fakes.codeHosting.imports.get('octo', 'hello')?.status).toBe('pushing');
    const restarted = await octokit.request('PATCH /repos/{owner}/{repo}/import', R);
    expect(restarted.status).toBe(200);
    expect(restarted.data).toMatchObject({ status: 'importing', percent: 0 });
  });

  it('maintenance: every import endpoint answers 503 basic-error', async () => {
    const h = fakes.apply(scenarios.codeHostingMaintenance({ repo: 'maint' }));
    const octokit = kit(h.token);
    const P = { owner: h.owner, repo: h.repo };
    for (const c of everyImportCall(octokit, P)) {
      const e = await failure(c());
      expect(e.status).toBe(503);
      expect(e.response.data).toEqual({
        message: 'Unavailable due to service under maintenance',
        documentation_url: 'https://docs.github.com/rest/migrations/source-imports',
        status: '503',
      });
    }
    // Other endpoints keep working.
    expect((await octokit.request('GET /repos/{owner}/{repo}', P)).status).toBe(200);
  });

  it('retirement: works before 2024-04-12T00:00:00Z, 410 at and after it on every endpoint', async () => {
    const h = fakes.apply(scenarios.importsRetired({ repo: 'old' }));
    const octokit = kit(h.token);
    const P = { owner: h.owner, repo: h.repo };
    fakes.clock.set('2024-04-11T23:59:59Z');
    expect((await octokit.request('PUT /repos/{owner}/{repo}/import', { ...P, vcs: 'git', vcs_url: 'https://example.com/a.git' })).status).toBe(201);
    fakes.clock.advance('1s');
    for (const r of everyImportCall(octokit, P)) {
      const e = await failure(r());
      expect(e.status).toBe(410);
      expect(e.response.data).toEqual({
        message: 'The source imports API has been retired and is no longer available (closed down at 00:00 UTC on April 12, 2024).',
        documentation_url: 'https://gh.io/source-imports-api-deprecation',
        status: '410',
      });
    }
    fakes.clock.advance('400d');
    expect((await failure(everyImportCall(octokit, P)[0]!())).status).toBe(410);
    expect(h.retiredAt).toBe('2024-04-12T00:00:00.000Z');
  });
});
