import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, commitWorld } from './repo-world.js';

// A deployment is one object: created at the commit its ref names, readable by id, listed (newest
// first, filtered by sha, ref, task, environment); its statuses are listed at its statuses_url
// (https://docs.github.com/rest/deployments).

describe('deployments and deployment statuses', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  let sha: string;
  beforeEach(() => {
    ({ fakes, octokit, sha } = commitWorld());
  });
  afterEach(() => fakes.uninstall());

  it('a deployment reads the same by id and in the list; its statuses at its statuses_url', async () => {
    const created = await octokit.rest.repos.createDeployment({ ...R, ref: 'main', payload: { deploy: 'web' }, description: 'Ship it' });
    expect(created.status).toBe(201);
    const d = created.data as Extract<typeof created.data, { id: number }>;
    expect(d).toMatchObject({
      ref: 'main',
      sha,
      task: 'deploy',
      environment: 'production',
      original_environment: 'production',
      payload: { deploy: 'web' },
      description: 'Ship it',
      transient_environment: false,
      production_environment: true,
      url: `https://api.github.com/repos/octo/hello/deployments/${d.id}`,
      statuses_url: `https://api.github.com/repos/octo/hello/deployments/${d.id}/statuses`,
      repository_url: 'https://api.github.com/repos/octo/hello',
    });
    expect(d.creator?.login).toBe('octocat');
    expect((await octokit.rest.repos.getDeployment({ ...R, deployment_id: d.id })).data).toEqual(d);
    expect((await octokit.rest.repos.listDeployments(R)).data).toEqual([d]);

    fakes.clock.advance('1m');
    const st = await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: d.id, state: 'in_progress', log_url: 'https://ci.example/1' });
    expect(st.status).toBe(201);
    expect(st.data).toMatchObject({
      state: 'in_progress',
      environment: 'production',
      log_url: 'https://ci.example/1',
      target_url: 'https://ci.example/1',
      deployment_url: d.url,
      repository_url: d.repository_url,
      url: `${d.url}/statuses/${st.data.id}`,
    });
    fakes.clock.advance('1m');
    const ok = await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: d.id, state: 'success', environment_url: 'https://app.example' });
    const listed = await octokit.rest.repos.listDeploymentStatuses({ ...R, deployment_id: d.id });
    expect(listed.data.map((s) => s.id)).toEqual([ok.data.id, st.data.id]);
    const byUrl = await octokit.request(`GET ${d.statuses_url}`);
    expect(byUrl.data).toEqual(listed.data);
    expect((await octokit.rest.repos.getDeploymentStatus({ ...R, deployment_id: d.id, status_id: ok.data.id })).data).toEqual(ok.data);
    expect((await octokit.rest.repos.getDeployment({ ...R, deployment_id: d.id })).data.updated_at).toBe('2024-03-01T10:02:00.000Z');
    expect(await brokenLinks(octokit, [d, ok.data])).toEqual([]);
  });

  it('listDeployments filters by sha, ref, task and environment, newest first', async () => {
    await octokit.rest.git.createRef({ ...R, ref: 'refs/heads/topic', sha });
    const next = fakes.codeHosting.seed.commit({ ...R, files: { 'b.txt': 'b\n' }, message: 'next' }).sha;
    const a = (await octokit.rest.repos.createDeployment({ ...R, ref: 'topic', environment: 'staging' })).data as { id: number };
    const b = (await octokit.rest.repos.createDeployment({ ...R, ref: 'main', task: 'deploy:migrations' })).data as { id: number };
    const c = (await octokit.rest.repos.createDeployment({ ...R, ref: 'main', environment: 'staging' })).data as { id: number };
    const ids = async (q: Record<string, string>) => (await octokit.rest.repos.listDeployments({ ...R, ...q })).data.map((x) => x.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ sha })).toEqual([a.id]);
    expect(await ids({ sha: next })).toEqual([c.id, b.id]);
    expect(await ids({ ref: 'main' })).toEqual([c.id, b.id]);
    expect(await ids({ task: 'deploy:migrations' })).toEqual([b.id]);
    expect(await ids({ environment: 'staging' })).toEqual([c.id, a.id]);
    expect(await ids({ environment: 'staging', ref: 'topic' })).toEqual([a.id]);
    expect(await ids({ environment: 'qa' })).toEqual([]);
  });

  it('verifies the commit’s statuses and checks unless required_contexts is empty (409); unknown refs 422', async () => {
    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'pending', context: 'ci' });
    const conflict = octokit.rest.repos.createDeployment({ ...R, ref: 'main' });
    await expect(conflict).rejects.toMatchObject({ status: 409 });
    const err = (await conflict.catch((e: { response: { data: unknown } }) => e.response.data)) as { errors: Array<{ contexts: unknown[]; field: string }> };
    expect(err.errors[0]).toMatchObject({ field: 'required_contexts', contexts: [{ context: 'ci', state: 'pending' }] });
    expect((await octokit.rest.repos.createDeployment({ ...R, ref: 'main', required_contexts: [] })).status).toBe(201);
    await octokit.rest.repos.createCommitStatus({ ...R, sha, state: 'success', context: 'ci' });
    expect((await octokit.rest.repos.createDeployment({ ...R, ref: 'main' })).status).toBe(201);
    // A check run that has not concluded counts too; a named context that never reported fails.
    await octokit.rest.checks.create({ ...R, name: 'build', head_sha: sha });
    await expect(octokit.rest.repos.createDeployment({ ...R, ref: 'main' })).rejects.toMatchObject({ status: 409 });
    await expect(octokit.rest.repos.createDeployment({ ...R, ref: 'main', required_contexts: ['ci', 'e2e'] })).rejects.toMatchObject({ status: 409 });
    expect((await octokit.rest.repos.createDeployment({ ...R, ref: 'main', required_contexts: ['ci'] })).status).toBe(201);
    await expect(octokit.rest.repos.createDeployment({ ...R, ref: 'nope' })).rejects.toMatchObject({ status: 422 });
  });

  it('a success marks earlier non-production deployments of the environment inactive; active ones are not deleted', async () => {
    const one = (await octokit.rest.repos.createDeployment({ ...R, ref: 'main', environment: 'staging' })).data as { id: number };
    await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: one.id, state: 'success' });
    const two = (await octokit.rest.repos.createDeployment({ ...R, ref: 'main', environment: 'staging' })).data as { id: number };
    await expect(octokit.rest.repos.deleteDeployment({ ...R, deployment_id: one.id })).rejects.toMatchObject({ status: 422 });
    await octokit.rest.repos.createDeploymentStatus({ ...R, deployment_id: two.id, state: 'success' });
    const statuses = await octokit.rest.repos.listDeploymentStatuses({ ...R, deployment_id: one.id });
    expect(statuses.data.map((s) => s.state)).toEqual(['inactive', 'success']);
    expect((await octokit.rest.repos.deleteDeployment({ ...R, deployment_id: one.id })).status).toBe(204);
    await expect(octokit.rest.repos.getDeployment({ ...R, deployment_id: one.id })).rejects.toMatchObject({ status: 404 });
    // The only deployment left may be deleted whatever its status.
    expect((await octokit.rest.repos.deleteDeployment({ ...R, deployment_id: two.id })).status).toBe(204);
  });

  it('seed.resource on deployment paths seeds the deployment and its status', async () => {
    fakes.codeHosting.seed.resource('/repos/octo/hello/deployments/7', { environment: 'staging', task: 'deploy:web' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/deployments/7/statuses/8', { state: 'in_progress' });
    const d = await octokit.rest.repos.getDeployment({ ...R, deployment_id: 7 });
    expect(d.data).toMatchObject({ id: 7, ref: 'main', sha, environment: 'staging', task: 'deploy:web' });
    const s = await octokit.rest.repos.listDeploymentStatuses({ ...R, deployment_id: 7 });
    expect(s.data.map((x) => [x.id, x.state, x.environment])).toEqual([[8, 'in_progress', 'staging']]);
  });
});
