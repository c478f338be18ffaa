import type { Resource } from '../core/catalog/state.js';
import type { CodeHostingState } from '../state.js';
import { seededRepo } from '../git/seed.js';
import type { SeedEnv } from '../core/family.js';
import { createDeployment, createDeploymentStatus, deploymentById, deploymentStatusView, deploymentView } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/**
 * `seed.resource` of deployment paths: `/repos/o/r/deployments/<id>` creates that deployment (`ref`
 * — default the default branch —, `task`, `environment`, `payload`, `description`; the commit's
 * contexts are not verified); `.../deployments/<id>/statuses/<status_id>` adds that status (`state`,
 * default `success`), creating the deployment when missing.
 */
export function seedDeploymentResource(state: CodeHostingState, key: string, body: Resource, env: SeedEnv): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)(?:\/statuses\/(\d+))?$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no deployment path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string));
  const text = (f: string) => (typeof body[f] === 'string' ? (body[f] as string) : undefined);
  const v = { state, repo, baseUrl: env.baseUrl };
  const id = Number(m[3]);
  const statusId = m[4] ? Number(m[4]) : undefined;
  const dep =
    (statusId !== undefined ? deploymentById(state, repo, id) : undefined) ??
    createDeployment(
      state,
      repo,
      {
        ref: (statusId === undefined ? text('ref') : undefined) ?? repo.defaultBranch,
        ...(statusId === undefined
          ? { task: text('task'), environment: text('environment'), description: text('description') ?? null, payload: body.payload }
          : {}),
        creator: repo.record.ownerLogin,
      },
      env,
      { id },
    );
  if (statusId === undefined) return deploymentView(v, dep);
  const st = createDeploymentStatus(
    state,
    repo,
    dep,
    {
      state: text('state') ?? 'success',
      description: text('description'),
      log_url: text('log_url') ?? text('target_url'),
      environment_url: text('environment_url'),
      creator: repo.record.ownerLogin,
    },
    env,
    statusId,
  );
  return deploymentStatusView(v, st);
}

const D = '/repos/{owner}/{repo}/deployments/{deployment_id}';

/** The family's seeder (see `RELATION_SEEDERS`): a deployment or a deployment status by path. */
export const DEPLOYMENT_SEEDER: RelationSeeder = pathSeeder({
  [D]: seedDeploymentResource,
  [`${D}/statuses/{status_id}`]: seedDeploymentResource,
});
