import { nextId } from '../../../store/ids.js';
import { plain } from '../../../store/store.js';
import { tableGet, tableSet } from '../../../store/table.js';
import { checkRequired } from '../core/catalog/engine.js';
import type { Operation } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { JOB_STATUSES } from './state.js';

/**
 * Deployment-record jobs of a cluster (`POST .../cluster/{cluster}/jobs`, `GET .../jobs/{job_id}`). GitHub
 * checks the body at once and runs the job in the background; the fake has no background: a job has
 * run by the time anyone polls it. It is `completed`, started when it was created, with the number of
 * deployments it recorded. A job seeded by path in a state (`status: 'pending'`, ...)
 * answers that state, with what GitHub sends in it: `started_at` once processing, `total_count` once
 * completed, `errors` once completed or failed, where there are some.
 */

const DOCS = 'https://docs.github.com/rest/orgs/artifact-metadata';
const DIGEST = /^sha256:[a-f0-9]{64}$/;

const invalid = (field: string) => githubError.validation([{ resource: 'DeploymentRecord', code: 'invalid', field }], DOCS);

/** Creates a job from its body (422 for a deployment without a name, a digest or a deployment name); answers its id. */
export function createJob(state: CodeHostingState, op: Operation): number {
  checkRequired(op.row, op.body);
  const deployments = op.body.deployments;
  if (!Array.isArray(deployments)) throw invalid('deployments');
  for (const d of deployments as Resource[]) {
    if (typeof d?.name !== 'string' || d.name === '') throw invalid('name');
    if (typeof d.digest !== 'string' || !DIGEST.test(d.digest)) throw invalid('digest');
    if (typeof d.deployment_name !== 'string' || d.deployment_name === '') throw invalid('deployment_name');
  }
  const id = nextId(state.counters, 'catalog', 1000);
  tableSet(state.catalog.records, `${op.key}/${id}`, {
    job_id: id,
    status: 'completed',
    started_at: op.now,
    total_count: deployments.length,
    logical_environment: op.body.logical_environment,
    physical_environment: op.body.physical_environment,
    deployments: plain(deployments),
    created_at: op.now,
  });
  return id;
}

/** A job as GitHub answers it (404 for a job that does not exist). */
export function jobStatus(state: CodeHostingState, key: string): Resource {
  const rec = tableGet(state.catalog.records, key);
  if (!rec) throw githubError.notFound(DOCS);
  const status = (JOB_STATUSES as readonly unknown[]).includes(rec.status) ? (rec.status as string) : 'completed';
  const count = Array.isArray(rec.deployments) ? rec.deployments.length : 0;
  return {
    job_id: Number(key.slice(key.lastIndexOf('/') + 1)),
    status,
    ...(status !== 'pending' ? { started_at: rec.started_at ?? rec.created_at } : {}),
    ...(status === 'completed' ? { total_count: rec.total_count ?? count } : {}),
    // GitHub's completed example has no `errors`: they are sent where there are some.
    ...((status === 'completed' || status === 'failed') && Array.isArray(rec.errors) && rec.errors.length > 0 ? { errors: plain(rec.errors) } : {}),
  };
}
