import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// A cluster's deployment-record jobs (`POST .../cluster/{cluster}/jobs`, then polling
// `GET .../jobs/{job_id}`): the fake runs a job at once, so a poll finds it completed, started when it
// was created, with the number of deployments it recorded: the description's example answer of a
// completed job (`job_id`, `status`, `started_at`, `total_count`), validated with ajv.

const o = oracle('api.github.com');
const JOBS = '/orgs/{org}/artifacts/metadata/deployment-record/cluster/{cluster}/jobs';
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;
const requestExample: Json = o.deref(o.find(JOBS, 'post')?.op.requestBody).content['application/json'].examples.default.value;
const answerExample: Json = o.deref(o.find(`${JOBS}/{job_id}`, 'get')?.op.responses['200']).content['application/json'].examples.default.value;

let fakes: Fakes;
let octokit: Octokit;
beforeEach(() => {
  fakes = createFakes({ clock: '2024-03-01T10:00:00Z', codeHosting: { baseUrls: ['https://api.github.com'] } });
  fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
  const auth = fakes.codeHosting.seed.token({ type: 'user', permissions: { contents: 'write' } });
  octokit = new Octokit({ auth, request: { retries: 0, fetch: fakes.fetch } });
});

describe('deployment-record jobs of a cluster', () => {
  it('a created job is completed when polled: started when created, counting its deployments', async () => {
    const created = await octokit.request(`POST ${JOBS}`, { org: 'acme', cluster: 'moda-1', ...requestExample });
    expect(created.status).toBe(202);
    expect(o.validator(JOBS, 'post', 202)?.(created.data)).toBe(true);
    const id = (created.data as Json).job_id;
    fakes.clock.advance('5m');
    const res = await octokit.request(`GET ${JOBS}/{job_id}`, { org: 'acme', cluster: 'moda-1', job_id: id });
    expect(o.validator(`${JOBS}/{job_id}`, 'get', 200)?.(res.data)).toBe(true);
    expect(Object.keys(res.data).sort()).toEqual(Object.keys(answerExample).sort());
    expect(res.data).toEqual({ job_id: id, status: 'completed', started_at: '2024-03-01T10:00:00.000Z', total_count: requestExample.deployments.length });
  });

  it('a job seeded as pending has not started; a failed one says why', async () => {
    const key = '/orgs/acme/artifacts/metadata/deployment-record/cluster/moda-1/jobs';
    fakes.codeHosting.seed.resource(`${key}/41`, { status: 'pending' });
    fakes.codeHosting.seed.resource(`${key}/42`, { status: 'failed', started_at: '2024-03-01T09:00:00Z', errors: [{ cause: 'not_found' }] });
    const get = (job_id: number) => octokit.request(`GET ${JOBS}/{job_id}`, { org: 'acme', cluster: 'moda-1', job_id });
    expect((await get(41)).data).toEqual({ job_id: 41, status: 'pending' });
    expect((await get(42)).data).toEqual({ job_id: 42, status: 'failed', started_at: '2024-03-01T09:00:00Z', errors: [{ cause: 'not_found' }] });
  });

  it('refuses a deployment without a valid digest (422) and answers 404 for a job that does not exist', async () => {
    const bad = { ...requestExample, deployments: [{ ...requestExample.deployments[0], digest: 'sha1:abc' }] };
    await expect(octokit.request(`POST ${JOBS}`, { org: 'acme', cluster: 'moda-1', ...bad })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.request(`GET ${JOBS}/{job_id}`, { org: 'acme', cluster: 'moda-1', job_id: 999 })).rejects.toMatchObject({ status: 404 });
  });
});
