import { checkRequired } from '../core/catalog/engine.js';
import { githubError } from '../core/errors.js';
import { loginOf, paged, param, query, repoOf, str, viewOf } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import {
  DEPLOY_DOCS,
  STATUS_DOCS,
  createDeployment,
  createDeploymentStatus,
  deleteDeployment,
  deploymentById,
  deploymentIdsNewestFirst,
  deploymentStatusView,
  deploymentView,
  statusIdsNewestFirst,
} from './model.js';
import type { DeploymentRecord, DeploymentStatusRecord } from './state.js';

/** Deployment operations: create (verifying the commit's contexts), list with filters, get, delete, statuses. */

const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

function deploymentOf(rc: RelationContext): DeploymentRecord {
  const rec = deploymentById(rc.state, repoOf(rc), param(rc.op, 'deployment_id'));
  if (!rec) throw githubError.notFound(DEPLOY_DOCS);
  return rec;
}

const create: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const rc0 = op.body.required_contexts;
  const rec = createDeployment(
    rc.state,
    repoOf(rc),
    {
      ref: str(op.body, 'ref') ?? '',
      task: str(op.body, 'task'),
      payload: typeof op.body.payload === 'string' ? safeJson(op.body.payload) : op.body.payload,
      environment: str(op.body, 'environment'),
      description: str(op.body, 'description') ?? null,
      required_contexts: Array.isArray(rc0) ? rc0.filter((c): c is string => typeof c === 'string') : undefined,
      transient_environment: bool(op.body.transient_environment),
      production_environment: bool(op.body.production_environment),
      creator: loginOf(op),
    },
    op,
  );
  return { status: 201, body: deploymentView(viewOf(rc), rec) };
};

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}

const list: RelationOp = (rc) => {
  const v = viewOf(rc);
  const sha = query(rc.op, 'sha');
  const ref = query(rc.op, 'ref');
  const task = query(rc.op, 'task');
  const recs = deploymentIdsNewestFirst(rc.state, v.repo, query(rc.op, 'environment'))
    .map((id) => rc.state.deployments.records[id] as DeploymentRecord)
    .filter((d) => d && (sha === undefined || d.sha === sha) && (ref === undefined || d.ref === ref) && (task === undefined || d.task === task));
  const out = paged(rc.op, recs);
  return { ...out, body: (out.body as DeploymentRecord[]).map((d) => deploymentView(v, d)) };
};

const get: RelationOp = (rc) => ({ status: 200, body: deploymentView(viewOf(rc), deploymentOf(rc)) });
const remove: RelationOp = (rc) => {
  deleteDeployment(rc.state, repoOf(rc), deploymentOf(rc));
  return { status: 204 };
};

const createStatus: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const st = createDeploymentStatus(
    rc.state,
    repoOf(rc),
    deploymentOf(rc),
    {
      state: str(op.body, 'state') ?? '',
      description: str(op.body, 'description'),
      environment: str(op.body, 'environment'),
      target_url: str(op.body, 'target_url'),
      log_url: str(op.body, 'log_url'),
      environment_url: str(op.body, 'environment_url'),
      auto_inactive: bool(op.body.auto_inactive),
      creator: loginOf(op),
    },
    op,
  );
  return { status: 201, body: deploymentStatusView(viewOf(rc), st) };
};

const listStatuses: RelationOp = (rc) => {
  const v = viewOf(rc);
  const out = paged(rc.op, statusIdsNewestFirst(rc.state, deploymentOf(rc).id));
  return { ...out, body: (out.body as number[]).map((id) => deploymentStatusView(v, rc.state.deployments.statuses[id] as DeploymentStatusRecord)) };
};

const getStatus: RelationOp = (rc) => {
  const d = deploymentOf(rc);
  const st = rc.state.deployments.statuses[param(rc.op, 'status_id')];
  if (!st || st.deployment !== d.id) throw githubError.notFound(STATUS_DOCS);
  return { status: 200, body: deploymentStatusView(viewOf(rc), st) };
};

const D = '/repos/{owner}/{repo}/deployments';

/** Deployment operations by `METHOD template`. */
export const DEPLOYMENT_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${D}`]: create,
  [`GET ${D}`]: list,
  [`GET ${D}/{deployment_id}`]: get,
  [`DELETE ${D}/{deployment_id}`]: remove,
  [`POST ${D}/{deployment_id}/statuses`]: createStatus,
  [`GET ${D}/{deployment_id}/statuses`]: listStatuses,
  [`GET ${D}/{deployment_id}/statuses/{status_id}`]: getStatus,
};
