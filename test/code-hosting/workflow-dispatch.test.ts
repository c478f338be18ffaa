import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';
import { R, repoWorld } from './repo-world.js';

// `POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches`, as GitHub's description
// documents it today: 204 with no body, or 200 with `workflow-dispatch-response` (the run's id and URLs)
// when the body sets `return_run_details: true`. Either way a run of the workflow starts on the ref.
const o = oracle('api.github.com');
const PATH = '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches';

describe('workflow dispatch', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
    fakes.codeHosting.seed.workflowRun({ ...R, workflow: 'deploy.yml', workflowName: 'Deploy', conclusion: 'success' });
  });
  afterEach(() => fakes.uninstall());

  it('answers 204 and starts a queued workflow_dispatch run on the ref', async () => {
    const res = await octokit.rest.actions.createWorkflowDispatch({ ...R, workflow_id: 'deploy.yml', ref: 'main', inputs: { env: 'prod' } });
    expect(res.status).toBe(204);
    expect(res.data).toBeFalsy();
    const runs = (await octokit.rest.actions.listWorkflowRuns({ ...R, workflow_id: 'deploy.yml', event: 'workflow_dispatch' })).data;
    expect(runs.total_count).toBe(1);
    expect(runs.workflow_runs[0]).toMatchObject({ event: 'workflow_dispatch', status: 'queued', head_branch: 'main', name: 'Deploy' });
  });

  it('answers 200 with the run id and URLs for return_run_details: true (valid against the description)', async () => {
    const res = await octokit.request(`POST ${PATH}`, { ...R, workflow_id: 'deploy.yml', ref: 'main', return_run_details: true });
    expect(res.status).toBe(200);
    const validate = o.validator(PATH, 'POST', 200);
    expect(validate?.(res.data), JSON.stringify(validate?.errors)).toBe(true);
    const body = res.data as unknown as { workflow_run_id: number; run_url: string; html_url: string };
    const run = (await octokit.rest.actions.getWorkflowRun({ ...R, run_id: body.workflow_run_id })).data;
    expect(body.run_url).toBe(run.url);
    expect(body.html_url).toBe(run.html_url);
    expect(run.event).toBe('workflow_dispatch');
  });

  it('refuses what GitHub refuses: no ref (422 missing_field), a ref that names nothing (422), an unknown workflow (404); nothing starts', async () => {
    const before = fakes.snapshot();
    const err = async (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: { status: number; response: { data: { message: string; errors?: unknown[] } } }) => e,
      );
    const missing = await err(octokit.request(`POST ${PATH}`, { ...R, workflow_id: 'deploy.yml' } as never));
    expect(missing?.status).toBe(422);
    expect(missing?.response.data.errors).toEqual([expect.objectContaining({ field: 'ref', code: 'missing_field' })]);
    const noRef = await err(octokit.rest.actions.createWorkflowDispatch({ ...R, workflow_id: 'deploy.yml', ref: 'nope' }));
    expect(noRef?.status).toBe(422);
    expect(noRef?.response.data.message).toBe('No ref found for: nope');
    const noWorkflow = await err(octokit.rest.actions.createWorkflowDispatch({ ...R, workflow_id: 'missing.yml', ref: 'main' }));
    expect(noWorkflow?.status).toBe(404);
    expect(fakes.snapshot().codeHosting).toEqual(before.codeHosting);
  });
});
