import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, commitWorld } from './repo-world.js';

// A check run is one object: created on a commit, readable by id, listed for every ref naming the
// commit and in its check suite, which GitHub creates with the commit's first run (one per app and
// commit) and whose status and conclusion follow its runs (https://docs.github.com/rest/checks).

describe('check runs and check suites', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  let sha: string;
  beforeEach(() => {
    ({ fakes, octokit, sha } = commitWorld());
  });
  afterEach(() => fakes.uninstall());

  it('a run reads the same by id, for the ref, in its implicit suite; the suite is listed for the ref', async () => {
    const created = await octokit.rest.checks.create({ ...R, name: 'ci', head_sha: sha, external_id: 'build-1' });
    expect(created.status).toBe(201);
    const run = created.data;
    expect(run).toMatchObject({
      name: 'ci',
      head_sha: sha,
      external_id: 'build-1',
      status: 'queued',
      conclusion: null,
      completed_at: null,
      url: `https://api.github.com/repos/octo/hello/check-runs/${run.id}`,
      html_url: `https://github.com/octo/hello/runs/${run.id}`,
      pull_requests: [],
    });
    expect(run.output).toMatchObject({ annotations_count: 0, annotations_url: `${run.url}/annotations` });
    const suiteId = run.check_suite?.id as number;
    expect(suiteId).toEqual(expect.any(Number));

    const byId = await octokit.rest.checks.get({ ...R, check_run_id: run.id });
    expect(byId.data).toEqual(run);
    for (const ref of [sha, 'main']) {
      const forRef = await octokit.rest.checks.listForRef({ ...R, ref });
      expect(forRef.data.total_count).toBe(1);
      expect(forRef.data.check_runs).toEqual([run]);
    }
    const inSuite = await octokit.rest.checks.listForSuite({ ...R, check_suite_id: suiteId });
    expect(inSuite.data).toEqual({ total_count: 1, check_runs: [run] });

    const suites = await octokit.rest.checks.listSuitesForRef({ ...R, ref: sha });
    expect(suites.data.total_count).toBe(1);
    const suite = suites.data.check_suites[0];
    expect(suite).toMatchObject({
      id: suiteId,
      head_sha: sha,
      head_branch: 'main',
      after: sha,
      status: 'queued',
      conclusion: null,
      latest_check_runs_count: 1,
    });
    expect(suite?.head_commit).toMatchObject({ id: sha, message: 'ready' });
    expect(suite?.app?.id).toBe(run.app?.id);
    expect((await octokit.rest.checks.getSuite({ ...R, check_suite_id: suiteId })).data).toEqual(suite);
    expect(await brokenLinks(octokit, [run, { url: suite?.url, check_runs_url: suite?.check_runs_url }])).toEqual([]);
  });

  it('update: a conclusion completes the run (completed_at set) and the suite follows its runs', async () => {
    const a = (await octokit.rest.checks.create({ ...R, name: 'build', head_sha: sha, status: 'in_progress' })).data;
    const b = (await octokit.rest.checks.create({ ...R, name: 'lint', head_sha: sha })).data;
    expect(b.check_suite?.id).toBe(a.check_suite?.id);
    const suiteId = a.check_suite?.id as number;
    const suite = async () => (await octokit.rest.checks.getSuite({ ...R, check_suite_id: suiteId })).data;
    expect(await suite()).toMatchObject({ status: 'in_progress', conclusion: null });

    fakes.clock.advance('5m');
    const done = await octokit.rest.checks.update({
      ...R,
      check_run_id: a.id,
      status: 'completed',
      conclusion: 'success',
      output: { title: 'Built', summary: 'All good' },
    });
    expect(done.data).toMatchObject({ status: 'completed', conclusion: 'success', completed_at: '2024-03-01T10:05:00.000Z', started_at: a.started_at });
    expect(done.data.output).toMatchObject({ title: 'Built', summary: 'All good' });
    expect((await octokit.rest.checks.get({ ...R, check_run_id: a.id })).data).toEqual(done.data);

    // A conclusion alone completes the run too.
    const failed = await octokit.rest.checks.update({
      ...R,
      check_run_id: b.id,
      conclusion: 'failure',
      output: {
        title: 'Lint',
        summary: '1 problem',
        annotations: [{ path: 'a.txt', start_line: 1, end_line: 1, annotation_level: 'failure', message: 'bad' }],
      },
    });
    expect(failed.data).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(failed.data.output.annotations_count).toBe(1);
    const ann = await octokit.rest.checks.listAnnotations({ ...R, check_run_id: b.id });
    expect(ann.data).toMatchObject([{ path: 'a.txt', start_line: 1, end_line: 1, annotation_level: 'failure', message: 'bad' }]);
    expect(await suite()).toMatchObject({ status: 'completed', conclusion: 'failure' });

    // Filters of the ref's runs.
    const completed = await octokit.rest.checks.listForRef({ ...R, ref: sha, check_name: 'lint' });
    expect(completed.data.check_runs.map((r) => r.id)).toEqual([b.id]);
    const queued = await octokit.rest.checks.listForRef({ ...R, ref: sha, status: 'queued' });
    expect(queued.data.total_count).toBe(0);
  });

  it('filter=latest keeps the newest run of each name; filter=all lists every run', async () => {
    const first = (await octokit.rest.checks.create({ ...R, name: 'ci', head_sha: sha, conclusion: 'failure' })).data;
    expect(first).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const second = (await octokit.rest.checks.create({ ...R, name: 'ci', head_sha: sha })).data;
    const latest = await octokit.rest.checks.listForRef({ ...R, ref: sha });
    expect(latest.data.check_runs.map((r) => r.id)).toEqual([second.id]);
    const all = await octokit.rest.checks.listForRef({ ...R, ref: sha, filter: 'all' });
    expect(all.data.check_runs.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it('createSuite: 201 for a new commit, 200 with the existing suite; unknown commits are refused', async () => {
    const created = await octokit.rest.checks.createSuite({ ...R, head_sha: sha });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ head_sha: sha, status: 'queued', latest_check_runs_count: 0 });
    expect(created.data.repository.full_name).toBe('octo/hello');
    const again = await octokit.rest.checks.createSuite({ ...R, head_sha: sha });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(created.data.id);
    const run = await octokit.rest.checks.create({ ...R, name: 'ci', head_sha: sha });
    expect(run.data.check_suite?.id).toBe(created.data.id);
    await expect(octokit.rest.checks.create({ ...R, name: 'ci', head_sha: 'a'.repeat(40) })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.rest.checks.get({ ...R, check_run_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });

  it('seed.resource on a check run path seeds the run in its commit’s suite', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/check-runs/7', { name: 'seeded', conclusion: 'success' });
    const run = await octokit.rest.checks.get({ ...R, check_run_id: 7 });
    expect(run.data).toMatchObject({ id: 7, name: 'seeded', head_sha: sha, status: 'completed', conclusion: 'success' });
    const suites = await octokit.rest.checks.listSuitesForRef({ ...R, ref: 'main' });
    expect(suites.data.check_suites.map((s) => [s.id, s.status, s.conclusion])).toEqual([[run.data.check_suite?.id, 'completed', 'success']]);
  });
});
