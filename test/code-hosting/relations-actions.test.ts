import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiLinks, brokenLinks } from './relations-links.js';
import { R, repoWorld } from './repo-world.js';

// A workflow run is one object seen by id, in the repository's run list (with GitHub's filters), in
// its workflow's run list, as the `run_url` of its jobs; cancel and re-run change it as on GitHub.
// Expected shapes and statuses from GitHub's REST docs (actions/workflow-runs, actions/workflow-jobs)
// and the OpenAPI description (`workflow-run`, `job`).

const API = 'https://api.github.com/repos/octo/hello';

describe('workflow runs and jobs', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('a seeded run is the same object by id, in the repository list, in its workflow list and behind its jobs', async () => {
    const head = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'Fix the build\n\nlonger text' }).sha;
    const seeded = fakes.codeHosting.seed.workflowRun({
      ...R,
      workflow: 'ci.yml',
      workflowName: 'CI',
      conclusion: 'failure',
      jobs: [
        { name: 'lint', conclusion: 'success', steps: [{ name: 'Run lint' }] },
        { name: 'test', conclusion: 'failure', steps: [{ name: 'Set up job', conclusion: 'success' }, { name: 'Run tests' }] },
      ],
    });

    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect(run).toMatchObject({
      id: seeded.id,
      name: 'CI',
      path: '.github/workflows/ci.yml',
      head_branch: 'main',
      head_sha: head,
      display_title: 'Fix the build',
      event: 'push',
      status: 'completed',
      conclusion: 'failure',
      run_number: 1,
      run_attempt: 1,
      url: `${API}/actions/runs/${seeded.id}`,
      html_url: `https://github.com/octo/hello/actions/runs/${seeded.id}`,
      jobs_url: `${API}/actions/runs/${seeded.id}/jobs`,
      logs_url: `${API}/actions/runs/${seeded.id}/logs`,
      cancel_url: `${API}/actions/runs/${seeded.id}/cancel`,
      rerun_url: `${API}/actions/runs/${seeded.id}/rerun`,
      artifacts_url: `${API}/actions/runs/${seeded.id}/artifacts`,
      workflow_url: `${API}/actions/workflows/${run.workflow_id}`,
      previous_attempt_url: null,
      pull_requests: [],
    });
    expect(run.actor?.login).toBe('octo');
    expect(run.triggering_actor?.login).toBe('octo');
    expect(run.repository.full_name).toBe('octo/hello');
    expect(run.head_commit).toMatchObject({ id: head, message: 'Fix the build\n\nlonger text' });

    const list = (await octokit.rest.actions.listWorkflowRunsForRepo(R)).data;
    expect(list.total_count).toBe(1);
    expect(list.workflow_runs[0]).toEqual(run);

    // Per workflow: by its id and by its file name.
    const byId = (await octokit.rest.actions.listWorkflowRuns({ ...R, workflow_id: run.workflow_id })).data;
    const byFile = (await octokit.rest.actions.listWorkflowRuns({ ...R, workflow_id: 'ci.yml' })).data;
    expect(byId.workflow_runs.map((r) => r.id)).toEqual([seeded.id]);
    expect(byFile.workflow_runs.map((r) => r.id)).toEqual([seeded.id]);
    const wf = (await octokit.rest.actions.getWorkflow({ ...R, workflow_id: 'ci.yml' })).data;
    expect(wf).toMatchObject({ id: run.workflow_id, name: 'CI', path: '.github/workflows/ci.yml', state: 'active', url: run.workflow_url });

    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect(jobs.total_count).toBe(2);
    expect(jobs.jobs.map((j) => [j.name, j.status, j.conclusion, j.run_id, j.run_attempt, j.head_sha, j.workflow_name])).toEqual([
      ['lint', 'completed', 'success', seeded.id, 1, head, 'CI'],
      ['test', 'completed', 'failure', seeded.id, 1, head, 'CI'],
    ]);
    expect(jobs.jobs[1]?.steps?.map((s) => [s.number, s.name, s.conclusion])).toEqual([
      [1, 'Set up job', 'success'],
      [2, 'Run tests', 'failure'],
    ]);
    const job = jobs.jobs[1] as (typeof jobs.jobs)[number];
    expect((await octokit.rest.actions.getJobForWorkflowRun({ ...R, job_id: job.id })).data).toEqual(job);
    expect(job.run_url).toBe(run.url);
    expect(job.url).toBe(`${API}/actions/jobs/${job.id}`);

    // jobs_url and logs_url answer (logs: GitHub's redirect to a download); the seed answers the same ids.
    expect((await octokit.request({ method: 'GET', url: run.jobs_url })).data.jobs.map((j: { id: number }) => j.id)).toEqual(seeded.jobs.map((j) => j.id));
    const logs = await octokit.request({ method: 'GET', url: run.logs_url, request: { redirect: 'manual' } }).catch((e) => e);
    expect(logs.status).toBe(302);
    // The download host GitHub redirects Actions logs to (see redirect-targets.test.ts), for this run / this job.
    const LOGS = 'https://pipelines.actions.githubusercontent.com/octo/hello';
    expect(logs.response?.headers?.location ?? logs.headers?.location).toBe(`${LOGS}/runs/${seeded.id}/logs`);
    const jobLogs = await octokit.request({ method: 'GET', url: `${job.url}/logs`, request: { redirect: 'manual' } }).catch((e) => e);
    expect(jobLogs.status).toBe(302);
    expect(jobLogs.response?.headers?.location ?? jobLogs.headers?.location).toBe(`${LOGS}/jobs/${job.id}/logs`);
    // The Actions links of the run and its jobs (the embedded repository's own links are not this family's).
    const links = apiLinks([run, jobs]).filter((u) => u.startsWith(`${API}/actions/`) && !/\/(cancel|rerun)$/.test(u));
    expect(links.length).toBeGreaterThan(5);
    expect(
      await brokenLinks(
        octokit,
        links.map((url) => ({ url })),
      ),
    ).toEqual([]);
  });

  it('a run that does not exist is 404 on every path, the logs included', async () => {
    const missing = [
      () => octokit.rest.actions.getWorkflowRun({ ...R, run_id: 4242 }),
      () => octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: 4242 }),
      () => octokit.rest.actions.getJobForWorkflowRun({ ...R, job_id: 4242 }),
      () => octokit.rest.actions.cancelWorkflowRun({ ...R, run_id: 4242 }),
      () => octokit.rest.actions.reRunWorkflow({ ...R, run_id: 4242 }),
      () => octokit.rest.actions.listWorkflowRuns({ ...R, workflow_id: 'nope.yml' }),
      () => octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/logs', { ...R, run_id: 4242, request: { redirect: 'manual' } }),
    ];
    for (const call of missing) await expect(call()).rejects.toMatchObject({ status: 404 });
  });

  it('listWorkflowRunsForRepo filters by status (and conclusion), branch, event, head_sha and actor; newest first', async () => {
    const mk = (o: Record<string, unknown>) => {
      const r = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', ...o });
      fakes.clock.advance('1m');
      return r.id;
    };
    const a = mk({ conclusion: 'success', event: 'push', actor: 'alice' });
    const b = mk({ status: 'in_progress', branch: 'feature', event: 'pull_request', head_sha: 'a'.repeat(40), actor: 'bob' });
    const c = mk({ conclusion: 'failure', branch: 'feature', event: 'push', head_sha: 'a'.repeat(40), actor: 'alice' });
    const d = mk({ status: 'queued', event: 'workflow_dispatch', actor: 'Alice' });
    const ids = async (q: Record<string, string>) => {
      const res = (await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, ...q })).data;
      expect(res.total_count).toBe(res.workflow_runs.length);
      return res.workflow_runs.map((r) => r.id);
    };
    expect(await ids({})).toEqual([d, c, b, a]);
    expect(await ids({ status: 'completed' })).toEqual([c, a]);
    expect(await ids({ status: 'failure' })).toEqual([c]);
    expect(await ids({ status: 'queued' })).toEqual([d]);
    expect(await ids({ branch: 'feature' })).toEqual([c, b]);
    expect(await ids({ event: 'push' })).toEqual([c, a]);
    expect(await ids({ head_sha: 'a'.repeat(40) })).toEqual([c, b]);
    expect(await ids({ actor: 'alice' })).toEqual([d, c, a]);
    expect(await ids({ actor: 'alice', branch: 'feature', status: 'completed' })).toEqual([c]);
    expect(await ids({ event: 'release' })).toEqual([]);
    // Run numbers count per workflow; pages follow GitHub's Link header.
    expect((await octokit.rest.actions.getWorkflowRun({ ...R, run_id: d })).data.run_number).toBe(4);
    const page = await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, per_page: 3, page: 2 });
    expect(page.data.total_count).toBe(4);
    expect(page.data.workflow_runs.map((r) => r.id)).toEqual([a]);
    expect(page.headers.link).toContain('rel="prev"');
    const all = await octokit.paginate(octokit.rest.actions.listWorkflowRunsForRepo, { ...R, per_page: 1 });
    expect(all.map((r) => r.id)).toEqual([d, c, b, a]);
  });

  it('cancel completes a running run and its unfinished jobs as cancelled; cancelling a completed run is 409', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({
      ...R,
      workflow: 'ci.yml',
      status: 'in_progress',
      jobs: [{ name: 'build', conclusion: 'success', status: 'completed' }, { name: 'test' }],
    });
    fakes.clock.advance('5m');
    const res = await octokit.request({ method: 'POST', url: seeded.cancel_url as string });
    expect(res.status).toBe(202);
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect([run.status, run.conclusion, run.updated_at]).toEqual(['completed', 'cancelled', '2024-03-01T10:05:00.000Z']);
    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data.jobs;
    expect(jobs.map((j) => [j.name, j.status, j.conclusion])).toEqual([
      ['build', 'completed', 'success'],
      ['test', 'completed', 'cancelled'],
    ]);
    expect(jobs[1]?.completed_at).toBe('2024-03-01T10:05:00Z'.replace('Z', '.000Z'));
    // The status filter follows the change.
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'in_progress' })).data.total_count).toBe(0);
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'cancelled' })).data.workflow_runs.map((r) => r.id)).toEqual([seeded.id]);

    const again = await octokit.rest.actions.cancelWorkflowRun({ ...R, run_id: seeded.id }).catch((e) => e);
    expect(again.status).toBe(409);
    expect(again.response.data).toMatchObject({ message: 'Cannot cancel a workflow run that is completed.' });
  });

  it('rerun queues a new attempt (run_attempt + 1, new jobs); the previous attempt stays readable', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({
      ...R,
      workflow: 'ci.yml',
      conclusion: 'failure',
      jobs: [
        { name: 'build', conclusion: 'success' },
        { name: 'test', conclusion: 'failure' },
      ],
    });
    const first = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    fakes.clock.advance('1h');
    const res = await octokit.request({ method: 'POST', url: first.rerun_url });
    expect(res.status).toBe(201);
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect(run).toMatchObject({
      status: 'queued',
      conclusion: null,
      run_attempt: 2,
      run_number: 1,
      created_at: first.created_at,
      run_started_at: '2024-03-01T11:00:00.000Z',
    });
    expect(run.previous_attempt_url).toBe(`${first.url}/attempts/1`);
    expect((await octokit.request({ method: 'GET', url: run.previous_attempt_url as string })).data).toMatchObject({
      run_attempt: 1,
      status: 'completed',
      conclusion: 'failure',
    });
    expect((await octokit.rest.actions.getWorkflowRunAttempt({ ...R, run_id: seeded.id, attempt_number: 2 })).data).toEqual(run);

    const latest = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect(latest.jobs.map((j) => [j.name, j.status, j.conclusion, j.run_attempt])).toEqual([
      ['build', 'queued', null, 2],
      ['test', 'queued', null, 2],
    ]);
    expect(latest.jobs.map((j) => j.id)).not.toContain(seeded.jobs[0]?.id);
    const all = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id, filter: 'all' })).data;
    expect(all.total_count).toBe(4);
    const attempt1 = (await octokit.rest.actions.listJobsForWorkflowRunAttempt({ ...R, run_id: seeded.id, attempt_number: 1 })).data;
    expect(attempt1.jobs.map((j) => j.id)).toEqual(seeded.jobs.map((j) => j.id));
    // An old job stays readable by id.
    expect((await octokit.rest.actions.getJobForWorkflowRun({ ...R, job_id: seeded.jobs[1]?.id as number })).data.conclusion).toBe('failure');
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'queued' })).data.workflow_runs.map((r) => r.id)).toEqual([seeded.id]);
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'failure' })).data.total_count).toBe(0);

    // A run that is still running cannot be re-run.
    await expect(octokit.rest.actions.reRunWorkflow({ ...R, run_id: seeded.id })).rejects.toMatchObject({ status: 403 });
    // Cancelling the new attempt works; then it can be re-run again.
    expect((await octokit.rest.actions.cancelWorkflowRun({ ...R, run_id: seeded.id })).status).toBe(202);
    await octokit.rest.actions.reRunWorkflow({ ...R, run_id: seeded.id });
    expect((await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data.run_attempt).toBe(3);
  });

  it('rerun-failed-jobs re-runs only the failed jobs; the others are carried into the new attempt', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({
      ...R,
      workflow: 'ci.yml',
      conclusion: 'failure',
      jobs: [
        { name: 'build', conclusion: 'success' },
        { name: 'test', conclusion: 'failure' },
      ],
    });
    const res = await octokit.rest.actions.reRunWorkflowFailedJobs({ ...R, run_id: seeded.id });
    expect(res.status).toBe(201);
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect([run.status, run.conclusion, run.run_attempt]).toEqual(['queued', null, 2]);
    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data.jobs;
    expect(jobs.map((j) => [j.name, j.status, j.conclusion])).toEqual([
      ['build', 'completed', 'success'],
      ['test', 'queued', null],
    ]);
    expect(jobs[0]?.id).toBe(seeded.jobs[0]?.id);
    expect(jobs[1]?.id).not.toBe(seeded.jobs[1]?.id);
    // A run without failed jobs cannot be retried that way.
    const green = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'success', jobs: [{ name: 'build' }] });
    const refused = await octokit.rest.actions.reRunWorkflowFailedJobs({ ...R, run_id: green.id }).catch((e) => e);
    expect([refused.status, refused.response?.data?.message]).toEqual([403, 'This workflow run cannot be retried']);
  });

  it('reRunJobForWorkflowRun re-runs that job in a new attempt of its run', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'success', jobs: [{ name: 'build' }, { name: 'deploy' }] });
    const deploy = seeded.jobs[1] as { id: number };
    expect((await octokit.rest.actions.reRunJobForWorkflowRun({ ...R, job_id: deploy.id })).status).toBe(201);
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect([run.status, run.run_attempt]).toEqual(['queued', 2]);
    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data.jobs;
    expect(jobs.map((j) => [j.name, j.status, j.run_attempt])).toEqual([
      ['build', 'completed', 1],
      ['deploy', 'queued', 2],
    ]);
  });

  it('actions.progress moves a re-run attempt on as a runner would; the filters follow', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({
      ...R,
      workflow: 'ci.yml',
      conclusion: 'failure',
      jobs: [{ name: 'test', steps: [{ name: 'Run tests' }] }],
    });
    await octokit.rest.actions.reRunWorkflow({ ...R, run_id: seeded.id });
    fakes.codeHosting.actions.progress('octo', 'hello', seeded.id, 'in_progress');
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'in_progress' })).data.workflow_runs.map((r) => r.id)).toEqual([seeded.id]);
    fakes.clock.advance('2m');
    fakes.codeHosting.actions.progress('octo', 'hello', seeded.id, 'completed');
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).data;
    expect([run.status, run.conclusion, run.run_attempt]).toEqual(['completed', 'success', 2]);
    const [job] = (await octokit.rest.actions.listJobsForWorkflowRun({ ...R, run_id: seeded.id })).data.jobs;
    expect([job?.status, job?.conclusion, job?.completed_at, job?.steps?.[0]?.conclusion]).toEqual([
      'completed',
      'success',
      '2024-03-01T10:02:00.000Z',
      'success',
    ]);
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'success' })).data.total_count).toBe(1);
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'failure' })).data.total_count).toBe(0);
  });

  it('deleteWorkflowRun removes the run from every path', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'success', jobs: [{ name: 'build' }] });
    expect((await octokit.rest.actions.deleteWorkflowRun({ ...R, run_id: seeded.id })).status).toBe(204);
    await expect(octokit.rest.actions.getWorkflowRun({ ...R, run_id: seeded.id })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.actions.getJobForWorkflowRun({ ...R, job_id: seeded.jobs[0]?.id as number })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ ...R, status: 'success' })).data.total_count).toBe(0);
    expect((await octokit.rest.actions.listWorkflowRuns({ ...R, workflow_id: 'ci.yml' })).data.total_count).toBe(0);
  });

  it('runs follow their repository through a rename', async () => {
    const seeded = fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'ci.yml', conclusion: 'success', jobs: [{ name: 'build' }] });
    await octokit.rest.repos.update({ ...R, name: 'world' });
    const run = (await octokit.rest.actions.getWorkflowRun({ owner: 'octo', repo: 'world', run_id: seeded.id })).data;
    expect(run.url).toBe(`https://api.github.com/repos/octo/world/actions/runs/${seeded.id}`);
    expect((await octokit.rest.actions.listWorkflowRunsForRepo({ owner: 'octo', repo: 'world', status: 'success' })).data.total_count).toBe(1);
    expect((await octokit.rest.actions.listJobsForWorkflowRun({ owner: 'octo', repo: 'world', run_id: seeded.id })).data.total_count).toBe(1);
  });
});
