import type { RelationOp } from '../core/family.js';
import { createJob, jobStatus } from './model.js';
import { JOBS } from './state.js';

/** A cluster's deployment-record jobs: created (202 with the job's id) and polled. */

const create: RelationOp = (rc) => ({ status: 202, body: { job_id: createJob(rc.state, rc.op) } });

const get: RelationOp = (rc) => ({ status: 200, body: jobStatus(rc.state, rc.op.key) });

/** Deployment-record job operations by `METHOD template`. */
export const ARTIFACTS_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${JOBS}`]: create,
  [`GET ${JOBS}/{job_id}`]: get,
};
