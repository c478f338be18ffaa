import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';
import { R, repoWorld } from './repo-world.js';

// Billable time of workflow runs and workflows (`GET .../runs/{run_id}/timing`,
// `GET .../workflows/{workflow_id}/timing`), as GitHub's description states it: "Billable minutes only
// apply to workflows in private repositories that use GitHub-hosted runners. Usage is listed for each
// GitHub-hosted runner operating system in milliseconds. Any job re-runs are also included in the
// usage." A workflow's usage is "during the current billing cycle". Answers are checked against the
// description's schema (ajv) and the shape of its example answers (`workflow-run-usage`, `workflow-usage`).

const o = oracle('api.github.com');
const RUN = '/repos/{owner}/{repo}/actions/runs/{run_id}/timing';
const WORKFLOW = '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/timing';
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;
const example = (name: string): Json => o.doc.components.examples[name].value;
const shapeOf = (v: Json): Json =>
  Array.isArray(v)
    ? v.slice(0, 1).map(shapeOf)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, shapeOf(v[k])]),
        )
      : typeof v;

const S = { owner: 'octo', repo: 'secret' } as const;
const ON_EVERY_OS = [
  { name: 'linux', labels: ['ubuntu-latest'] },
  { name: 'mac', labels: ['macos-14'] },
  { name: 'windows', labels: ['windows-2022'] },
  { name: 'own', labels: ['self-hosted', 'linux'] },
];

describe('workflow run and workflow usage', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld('2024-03-10T10:00:00Z'));
    fakes.codeHosting.seed.repo({ ...S, private: true, defaultBranch: 'main' });
  });
  afterEach(() => fakes.uninstall());

  /** A run of `ci.yml` whose jobs run `minutes` on each runner of ON_EVERY_OS, then complete. */
  function runFor(repo: typeof R | typeof S, minutes: number, createdAt?: string) {
    const run = fakes.codeHosting.seed.workflowRun({
      ...repo,
      workflow: 'ci.yml',
      status: 'in_progress',
      jobs: ON_EVERY_OS,
      ...(createdAt ? { createdAt } : {}),
    });
    fakes.clock.advance(`${minutes}m`);
    fakes.codeHosting.actions.progress(repo.owner, repo.repo, run.id, 'completed', 'success');
    return run;
  }

  it('a private repository’s run: each GitHub-hosted OS its jobs ran on, with each job’s time; self-hosted jobs do not bill', async () => {
    const run = runFor(S, 3);
    const res = await octokit.request(`GET ${RUN}`, { ...S, run_id: run.id });
    expect(o.validator(RUN, 'get', 200)?.(res.data)).toBe(true);
    expect(shapeOf(res.data)).toEqual(shapeOf(example('workflow-run-usage')));
    const [linux, mac, windows] = run.jobs.map((j) => j.id as number);
    expect(res.data).toEqual({
      billable: {
        UBUNTU: { total_ms: 180000, jobs: 1, job_runs: [{ job_id: linux, duration_ms: 180000 }] },
        MACOS: { total_ms: 180000, jobs: 1, job_runs: [{ job_id: mac, duration_ms: 180000 }] },
        WINDOWS: { total_ms: 180000, jobs: 1, job_runs: [{ job_id: windows, duration_ms: 180000 }] },
      },
      run_duration_ms: 180000,
    });
  });

  it('re-runs bill too; an OS no job ran on is not listed', async () => {
    const run = fakes.codeHosting.seed.workflowRun({ ...S, workflow: 'ci.yml', status: 'in_progress', jobs: [{ name: 'linux', labels: ['ubuntu-22.04'] }] });
    fakes.clock.advance('1m');
    fakes.codeHosting.actions.progress('octo', 'secret', run.id, 'completed', 'failure');
    await octokit.rest.actions.reRunWorkflowFailedJobs({ ...S, run_id: run.id });
    fakes.codeHosting.actions.progress('octo', 'secret', run.id, 'in_progress');
    fakes.clock.advance('2m');
    fakes.codeHosting.actions.progress('octo', 'secret', run.id, 'completed', 'success');
    const res = (await octokit.rest.actions.getWorkflowRunUsage({ ...S, run_id: run.id })).data;
    expect(Object.keys(res.billable)).toEqual(['UBUNTU']);
    expect(res.billable.UBUNTU).toMatchObject({ jobs: 2, total_ms: 60000 + 120000 });
    expect(res.billable.UBUNTU?.job_runs?.map((j) => j.duration_ms)).toEqual([60000, 120000]);
  });

  it('a public repository’s jobs are listed with no billable time', async () => {
    const run = runFor(R, 3);
    const res = (await octokit.rest.actions.getWorkflowRunUsage({ ...R, run_id: run.id })).data;
    expect(res.billable.UBUNTU).toMatchObject({ total_ms: 0, jobs: 1 });
    expect(res.billable.MACOS?.job_runs).toEqual([{ job_id: run.jobs[1]?.id, duration_ms: 0 }]);
    expect(res.run_duration_ms).toBe(180000);
  });

  it('a workflow’s usage sums its runs of the current billing cycle per OS (by id or file name)', async () => {
    runFor(S, 2, '2024-02-20T10:00:00Z'); // last month's cycle
    const a = runFor(S, 3);
    runFor(S, 4);
    const res = await octokit.request(`GET ${WORKFLOW}`, { ...S, workflow_id: 'ci.yml' });
    expect(o.validator(WORKFLOW, 'get', 200)?.(res.data)).toBe(true);
    expect(shapeOf(res.data)).toEqual(shapeOf(example('workflow-usage')));
    expect(res.data).toEqual({ billable: { UBUNTU: { total_ms: 420000 }, MACOS: { total_ms: 420000 }, WINDOWS: { total_ms: 420000 } } });
    const wf = (await octokit.rest.actions.getWorkflowRun({ ...S, run_id: a.id })).data.workflow_id;
    expect((await octokit.rest.actions.getWorkflowUsage({ ...S, workflow_id: wf })).data).toEqual(res.data);
  });

  it('404 for a run or workflow that does not exist', async () => {
    await expect(octokit.rest.actions.getWorkflowRunUsage({ ...S, run_id: 424242 })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.actions.getWorkflowUsage({ ...S, workflow_id: 'nope.yml' })).rejects.toMatchObject({ status: 404 });
  });
});
