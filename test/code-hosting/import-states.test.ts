import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { ImportJsonSchema } from 'stuntdouble/code-hosting';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';
import { DOCUMENT_IMPORT_STATES } from './import-statuses.js';

const kit = (auth: string) => new Octokit({ auth, request: { retries: 0 } });

async function pollUntil(octokit: Octokit, p: { owner: string; repo: string }, stop: string[], max = 30) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', p);
    seen.push(data.status);
    if (stop.includes(data.status)) return { data, seen };
  }
  throw new Error(`never reached ${stop.join('|')}: ${seen.join(',')}`);
}

it('each state the document names is one of GitHub’s documented import statuses', () => {
  const documented: string[] = oracle('api.github.com').doc.components.schemas.import.properties.status.enum;
  expect(DOCUMENT_IMPORT_STATES.filter((state) => !documented.includes(state))).toEqual([]);
});

it('the import JSON type allows exactly the states the document names (no state of its own)', () => {
  expect([...ImportJsonSchema.shape.status.options].sort()).toEqual([...DOCUMENT_IMPORT_STATES].sort());
});

describe('import states: every state of seed section 3 through scenarios and the real client', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
  });
  afterEach(() => {
    fakes.uninstall();
  });

  it.each([
    ['importDetecting', 'detecting'],
    ['importImporting', 'importing'],
    ['importMapping', 'mapping'],
    ['importPushing', 'pushing'],
    ['importComplete', 'complete'],
  ] as const)('%s pins %s; polling holds it until released', async (name, status) => {
    const h = fakes.apply(scenarios[name]());
    expect(h.import.status).toBe(status);
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', p);
    expect(data.status).toBe(status);
    if (status === 'importing') expect(data).toMatchObject({ commit_count: 1042, percent: 0 });
    if (status === 'pushing') expect(data.push_percent).toBe(0);
    if (status === 'detecting') expect(data.vcs).toBeNull();
    fakes.codeHosting.imports.release(h.owner, h.repo);
    const end = await pollUntil(octokit, p, ['complete']);
    expect(end.data.status).toBe('complete');
  });

  it('importAuthFailed: credentials through PATCH resolve it; wrong ones keep auth_failed', async () => {
    const h = fakes.apply(scenarios.importAuthFailed());
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data).toMatchObject({ status: 'auth_failed', status_text: 'Authentication failed' });
    const wrong = await octokit.request('PATCH /repos/{owner}/{repo}/import', { ...p, vcs_username: 'octocat', vcs_password: 'nope' });
    expect(wrong.data.status).toBe('auth_failed');
    const fixed = await octokit.request('PATCH /repos/{owner}/{repo}/import', {
      ...p,
      vcs_username: h.credentials.username,
      vcs_password: h.credentials.password,
    });
    expect(fixed.data.status).toBe('importing');
    expect((await pollUntil(octokit, p, ['complete'])).data.status).toBe('complete');
  });

  it('importNeedsAuth: credentials resume detection (detecting), then the import runs', async () => {
    const h = fakes.apply(scenarios.importNeedsAuth());
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    expect(h.import.status).toBe('detection_needs_auth');
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data.status).toBe('detection_needs_auth');
    const upd = await octokit.request('PATCH /repos/{owner}/{repo}/import', {
      ...p,
      ...{ vcs_username: h.credentials.username, vcs_password: h.credentials.password },
    });
    expect(upd.data.status).toBe('detecting');
    const next = await octokit.request('GET /repos/{owner}/{repo}/import', p);
    expect(next.data).toMatchObject({ status: 'importing', vcs: 'mercurial' });
  });

  it('detection with wrong credentials ends in auth_failed', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.origin({ url: 'https://svn.example.com/x', requiresAuth: true, credentials: { username: 'a', password: 'b' } });
    const octokit = kit('x');
    await octokit.request('PUT /repos/{owner}/{repo}/import', {
      owner: 'octo',
      repo: 'hello',
      vcs_url: 'https://svn.example.com/x',
      vcs_username: 'a',
      vcs_password: 'c',
    });
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'hello' })).data.status).toBe('auth_failed');
  });

  it('importFoundNothing: stays; cancel and start again with the right URL', async () => {
    const h = fakes.apply(scenarios.importFoundNothing());
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data).toMatchObject({ status: 'detection_found_nothing', vcs: null });
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data.status).toBe('detection_found_nothing');
    await octokit.request('DELETE /repos/{owner}/{repo}/import', p);
    const again = await octokit.request('PUT /repos/{owner}/{repo}/import', { ...p, vcs_url: 'https://example.com/real.git' });
    expect(again.data.status).toBe('detecting');
    expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data).toMatchObject({ status: 'importing', vcs: 'git' });
  });

  it('strict auth: an unseeded URL is nothing; with vcs given the import errors at importing', async () => {
    fakes.uninstall();
    const strict = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' }).install();
    try {
      strict.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
      const token = strict.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] });
      const octokit = kit(token);
      const p = { owner: 'octo', repo: 'hello' };
      await octokit.request('PUT /repos/{owner}/{repo}/import', { ...p, vcs_url: 'https://unknown.example.com/x' });
      expect((await octokit.request('GET /repos/{owner}/{repo}/import', p)).data.status).toBe('detection_found_nothing');
      await octokit.request('DELETE /repos/{owner}/{repo}/import', p);
      const s = await octokit.request('PUT /repos/{owner}/{repo}/import', { ...p, vcs: 'git', vcs_url: 'https://unknown.example.com/x' });
      expect(s.data).toMatchObject({
        status: 'error',
        failed_step: 'importing',
        error_message: 'No repository could be reached at https://unknown.example.com/x.',
      });
    } finally {
      strict.uninstall();
      fakes.install();
    }
  });

  it('importFoundMultiple: project_choices; choosing one through PATCH imports it', async () => {
    const h = fakes.apply(scenarios.importFoundMultiple());
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', p);
    expect(data.status).toBe('detection_found_multiple');
    expect(data.project_choices).toEqual([
      { vcs: 'tfvc', tfvc_project: 'project1', human_name: 'project1 (tfs)' },
      { vcs: 'tfvc', tfvc_project: 'project2', human_name: 'project2 (tfs)' },
    ]);
    expect(h.projectChoices).toEqual(data.project_choices);
    const bad = await octokit.request('PATCH /repos/{owner}/{repo}/import', { ...p, vcs: 'tfvc', tfvc_project: 'project9' }).catch((e) => e);
    expect(bad.status).toBe(422);
    const chosen = await octokit.request('PATCH /repos/{owner}/{repo}/import', { ...p, ...h.projectChoices[0]! });
    expect(chosen.data).toMatchObject({ status: 'importing', vcs: 'tfvc', tfvc_project: 'project1' });
    expect(chosen.data).not.toHaveProperty('project_choices');
  });

  it.each(['importing', 'mapping', 'pushing'] as const)('importFailed at %s: error with failed_step and message', async (step) => {
    const h = fakes.apply(scenarios.importFailed({ failAt: step, errorMessage: 'boom' }));
    const octokit = kit(h.token);
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', { owner: h.owner, repo: h.repo });
    expect(data).toMatchObject({ status: 'error', status_text: 'Error', failed_step: step, error_message: 'boom' });
  });

  it('importWithLargeFiles: has_large_files, size in GB, count, and the large files list', async () => {
    const h = fakes.apply(scenarios.importWithLargeFiles());
    const octokit = kit(h.token);
    const p = { owner: h.owner, repo: h.repo };
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', p);
    expect(data).toMatchObject({ status: 'importing', has_large_files: true, large_files_count: 2, large_files_size: 2 });
    const files = await octokit.request('GET /repos/{owner}/{repo}/import/large_files', p);
    expect(files.data.map((f) => [f.path, f.size, f.ref_name])).toEqual([
      ['assets/intro.mov', 734003200, 'refs/heads/main'],
      ['assets/dataset.bin', 524288000, 'refs/heads/main'],
    ]);
  });

  it('repoWithActionsEnabled: starting an import answers 422', async () => {
    const h = fakes.apply(scenarios.repoWithActionsEnabled());
    const octokit = kit(h.token);
    const e = await octokit.request('PUT /repos/{owner}/{repo}/import', { owner: h.owner, repo: h.repo, vcs_url: 'https://example.com/a.git' }).catch((x) => x);
    expect(e.status).toBe(422);
    expect((await octokit.request('GET /repos/{owner}/{repo}/actions/permissions', { owner: h.owner, repo: h.repo })).data.enabled).toBe(true);
  });

  it.each([
    'importDetecting',
    'importImporting',
    'importMapping',
    'importPushing',
    'importComplete',
    'importAuthFailed',
    'importFailed',
    'importNeedsAuth',
    'importFoundNothing',
    'importFoundMultiple',
    'importWithLargeFiles',
    'repoWithActionsEnabled',
    'importsRetired',
    'codeHostingMaintenance',
  ] as const)('%s proves its state through the wire (check)', async (name) => {
    const scenario = scenarios[name]();
    const h = fakes.apply(scenario);
    expect(scenario.check).toBeTypeOf('function');
    await scenario.check?.(fakes, h as never);
  });

  it('scenarios work under strict auth with a seeded token', async () => {
    fakes.uninstall();
    const strict = createFakes({ auth: 'strict', clock: '2024-01-10T00:00:00Z' }).install();
    try {
      const h = strict.apply(scenarios.importMapping());
      expect(h.token).toMatch(/^ghp_/);
      const { data } = await kit(h.token).request('GET /repos/{owner}/{repo}/import', { owner: h.owner, repo: h.repo });
      expect(data.status).toBe('mapping');
      expect(strict.calls.last()?.token).toBe('octo/hello');
    } finally {
      strict.uninstall();
      fakes.install();
    }
  });

  it.each(DOCUMENT_IMPORT_STATES)('imports.pin can put an import in %s and the client sees it', async (status) => {
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'pinned' });
    fakes.codeHosting.seed.origin({ url: 'http://tfs.example.com/tfs/c', vcs: 'tfvc', projects: ['a', 'b'] });
    fakes.codeHosting.imports.start('octo', 'pinned', { vcs_url: 'http://tfs.example.com/tfs/c' });
    expect(fakes.codeHosting.imports.pin('octo', 'pinned', status).status).toBe(status);
    const { data } = await kit('x').request('GET /repos/{owner}/{repo}/import', { owner: 'octo', repo: 'pinned' });
    expect(data.status).toBe(status);
    if (status === 'error') expect(data.failed_step).toBe('importing');
    if (status === 'detection_found_multiple') expect(data.project_choices).toHaveLength(2);
  });

  it('scenario options are validated', () => {
    expect(() => scenarios.importFailed({ failAt: 'nowhere' as never })).toThrow(/unknown value 'nowhere' in scenarios.importFailed\(\) options/);
    expect(scenarios.importComplete.reaches).toBe('import.status = complete');
  });
});
