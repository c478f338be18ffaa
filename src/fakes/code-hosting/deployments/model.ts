import { freshId } from '../core/ids.js';
import type { Resource } from '../core/catalog/state.js';
import { GitHubError, githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { fail } from '../core/ops.js';
import { resolveCommitish } from '../git/model.js';
import { apiOf, nodeId } from '../git/model/views.js';
import type { View } from '../core/family.js';
import { latestByContext } from '../statuses/model.js';
import { filterRuns, suiteOf, suiteRuns } from '../checks/model.js';
import type { RelationRepo } from '../core/family.js';
import { multiAdd, multiRemove } from '../../../store/multimap.js';
import type { DeploymentRecord, DeploymentStatusRecord } from './state.js';

/**
 * Deployments and deployment statuses. A deployment is stored once, by id, at the commit its ref
 * named when it was created; beside it: the repository's deployments and each environment's (oldest
 * first), and each deployment's statuses (oldest first). Creating one verifies the commit's statuses
 * and check runs (`required_contexts`) as GitHub does; a `success` status marks earlier deployments of
 * the environment `inactive` (`auto_inactive`).
 */

/** The deployments documentation (error bodies). */
export const DEPLOY_DOCS = 'https://docs.github.com/rest/deployments/deployments';
/** The deployment statuses documentation (error bodies). */
export const STATUS_DOCS = 'https://docs.github.com/rest/deployments/statuses';
const STATES: ReadonlySet<string> = new Set(['error', 'failure', 'inactive', 'in_progress', 'queued', 'pending', 'success']);

const envKey = (repoId: number, env: string) => `${repoId}\n${env}`;

/** A deployment of the repository by id, or undefined. */
export function deploymentById(state: CodeHostingState, repo: RelationRepo, id: number | string): DeploymentRecord | undefined {
  const d = state.deployments.records[id];
  return d && d.repoId === repo.record.id ? d : undefined;
}

/** The latest status of a deployment, or undefined. */
export function latestStatus(state: CodeHostingState, id: number): DeploymentStatusRecord | undefined {
  const ids = state.deployments.statusesOf[id];
  return ids?.length ? state.deployments.statuses[ids[ids.length - 1] as number] : undefined;
}

/**
 * The contexts of the commit that are not green: each context's latest commit status that is not
 * `success`, each check run (the newest of its name) not completed with `success`, `neutral` or
 * `skipped`; and required contexts that never reported.
 */
function failingContexts(state: CodeHostingState, repo: RelationRepo, sha: string, required: readonly string[] | undefined): Resource[] {
  const seen = new Map<string, string>();
  for (const s of latestByContext(state, repo, sha)) seen.set(s.context, s.state);
  const suite = suiteOf(state, repo, sha);
  for (const r of suite ? filterRuns(suiteRuns(state, suite), {}) : []) {
    if (seen.has(r.name)) continue;
    const ok = r.status === 'completed' && ['success', 'neutral', 'skipped'].includes(r.conclusion ?? '');
    seen.set(r.name, ok ? 'success' : r.status === 'completed' ? (r.conclusion ?? 'failure') : 'pending');
  }
  const want = required ?? [...seen.keys()];
  return want.filter((c) => seen.get(c) !== 'success').map((c) => ({ context: c, state: seen.get(c) ?? 'missing' }));
}

/** What creating a deployment takes (the request body). */
export interface NewDeployment {
  ref: string;
  task?: string | undefined;
  payload?: unknown;
  environment?: string | undefined;
  description?: string | null | undefined;
  required_contexts?: string[] | undefined;
  transient_environment?: boolean | undefined;
  production_environment?: boolean | undefined;
  creator: string;
}

/** Creates a deployment at the commit `ref` names; 422 when it names none, 409 when required contexts are not green. */
export function createDeployment(
  state: CodeHostingState,
  repo: RelationRepo,
  input: NewDeployment,
  env: { now: string },
  seed?: { id?: number | undefined },
): DeploymentRecord {
  const sha = resolveCommitish(state, repo, input.ref);
  if (!sha) throw fail(`No ref found for: ${input.ref}`, 422, DEPLOY_DOCS);
  // Seeds store what they are given: no verification.
  const failing = seed ? [] : failingContexts(state, repo, sha, input.required_contexts);
  if (failing.length > 0) {
    // GitHub lists the failing contexts in the error (a field the generic validation issue lacks).
    const issue = { contexts: failing, resource: 'Deployment', field: 'required_contexts', code: 'invalid' as const };
    throw new GitHubError(409, `Conflict: Commit status checks failed for ${input.ref}.`, { documentationUrl: DEPLOY_DOCS, errors: [issue] });
  }
  const environment = input.environment ?? 'production';
  const id = seed?.id ?? freshId(state.counters, 'catalog', 1000, (n) => state.deployments.records[n] !== undefined);
  if (state.deployments.records[id]) throw new Error(`stuntdouble: deployment ${id} exists`);
  const rec: DeploymentRecord = {
    id,
    repoId: repo.record.id,
    sha,
    ref: input.ref,
    task: input.task ?? 'deploy',
    payload: input.payload ?? {},
    original_environment: environment,
    environment,
    description: input.description ?? null,
    creator: input.creator,
    transient_environment: input.transient_environment ?? false,
    production_environment: input.production_environment ?? environment === 'production',
    created_at: env.now,
    updated_at: env.now,
  };
  const d = state.deployments;
  d.records[id] = rec;
  multiAdd(d.byRepo, repo.record.id, id);
  multiAdd(d.byEnv, envKey(repo.record.id, environment), id);
  return d.records[id] as DeploymentRecord;
}

/** Deletes a deployment: 422 for an active one (latest status `success`) unless it is the repository's only one. */
export function deleteDeployment(state: CodeHostingState, repo: RelationRepo, rec: DeploymentRecord): void {
  const d = state.deployments;
  const count = d.byRepo[repo.record.id]?.length ?? 0;
  if (count > 1 && latestStatus(state, rec.id)?.state === 'success') {
    throw fail('We cannot delete an active deployment unless it is the only deployment in a given environment.', 422, DEPLOY_DOCS);
  }
  for (const s of d.statusesOf[rec.id] ?? []) delete d.statuses[s];
  delete d.statusesOf[rec.id];
  multiRemove(d.byRepo, repo.record.id, rec.id);
  multiRemove(d.byEnv, envKey(repo.record.id, rec.environment), rec.id);
  delete d.records[rec.id];
}

/** Deployment ids of a repository, newest first: of one environment when given (its index), else all. */
export function deploymentIdsNewestFirst(state: CodeHostingState, repo: RelationRepo, environment?: string): number[] {
  const ids = environment === undefined ? state.deployments.byRepo[repo.record.id] : state.deployments.byEnv[envKey(repo.record.id, environment)];
  return [...(ids ?? [])].reverse();
}

/** What creating a deployment status takes (the request body). */
export interface NewDeploymentStatus {
  state: string;
  description?: string | undefined;
  environment?: string | undefined;
  target_url?: string | undefined;
  log_url?: string | undefined;
  environment_url?: string | undefined;
  auto_inactive?: boolean | undefined;
  creator: string;
}

function addStatus(
  state: CodeHostingState,
  rec: DeploymentRecord,
  s: Omit<DeploymentStatusRecord, 'id' | 'deployment'>,
  fixedId?: number,
): DeploymentStatusRecord {
  const id = fixedId ?? freshId(state.counters, 'catalog', 1000, (n) => state.deployments.statuses[n] !== undefined);
  if (state.deployments.statuses[id]) throw new Error(`stuntdouble: deployment status ${id} exists`);
  const st: DeploymentStatusRecord = { id, deployment: rec.id, ...s };
  state.deployments.statuses[id] = st;
  multiAdd(state.deployments.statusesOf, rec.id, id);
  rec.updated_at = s.created_at;
  return state.deployments.statuses[id] as DeploymentStatusRecord;
}

/**
 * Adds a status to a deployment. A new `environment` moves the deployment to it. `success` with
 * `auto_inactive` (default) adds `inactive` to the environment's earlier non-transient, non-production
 * deployments whose latest status is `success`.
 */
export function createDeploymentStatus(
  state: CodeHostingState,
  repo: RelationRepo,
  rec: DeploymentRecord,
  input: NewDeploymentStatus,
  env: { now: string },
  fixedId?: number,
): DeploymentStatusRecord {
  if (!STATES.has(input.state)) {
    throw githubError.validation([{ resource: 'DeploymentStatus', code: 'custom', field: 'state', message: 'state is not included in the list' }], STATUS_DOCS);
  }
  const d = state.deployments;
  if (input.environment !== undefined && input.environment !== rec.environment) {
    multiRemove(d.byEnv, envKey(repo.record.id, rec.environment), rec.id);
    rec.environment = input.environment;
    const list = d.byEnv[envKey(repo.record.id, rec.environment)] ?? [];
    // Kept in creation order (ids grow with time).
    let i = list.length;
    while (i > 0 && (list[i - 1] as number) > rec.id) i--;
    list.splice(i, 0, rec.id);
    d.byEnv[envKey(repo.record.id, rec.environment)] = list;
  }
  const url = input.log_url ?? input.target_url ?? '';
  const st = addStatus(
    state,
    rec,
    {
      state: input.state,
      description: input.description ?? '',
      environment: rec.environment,
      target_url: url,
      log_url: url,
      environment_url: input.environment_url ?? '',
      creator: input.creator,
      created_at: env.now,
      updated_at: env.now,
    },
    fixedId,
  );
  if (input.state === 'success' && input.auto_inactive !== false) {
    for (const other of d.byEnv[envKey(repo.record.id, rec.environment)] ?? []) {
      if (other === rec.id) continue;
      const o = d.records[other];
      if (!o || o.transient_environment || o.production_environment || latestStatus(state, other)?.state !== 'success') continue;
      addStatus(state, o, { ...st, state: 'inactive', description: '', target_url: '', log_url: '', environment_url: '', environment: o.environment });
    }
  }
  return st;
}

/** Status ids of a deployment, newest first. */
export function statusIdsNewestFirst(state: CodeHostingState, id: number): number[] {
  return [...(state.deployments.statusesOf[id] ?? [])].reverse();
}

/** GitHub's deployment JSON. */
export function deploymentView(v: View, rec: DeploymentRecord): Resource {
  const url = `${apiOf(v)}/deployments/${rec.id}`;
  return {
    url,
    id: rec.id,
    node_id: nodeId('Deployment', v, String(rec.id)),
    sha: rec.sha,
    ref: rec.ref,
    task: rec.task,
    payload: rec.payload,
    original_environment: rec.original_environment,
    environment: rec.environment,
    description: rec.description,
    creator: rec.creator,
    created_at: rec.created_at,
    updated_at: rec.updated_at,
    statuses_url: `${url}/statuses`,
    repository_url: apiOf(v),
    transient_environment: rec.transient_environment,
    production_environment: rec.production_environment,
    performed_via_github_app: null,
  };
}

/** GitHub's deployment-status JSON. */
export function deploymentStatusView(v: View, st: DeploymentStatusRecord): Resource {
  const deploymentUrl = `${apiOf(v)}/deployments/${st.deployment}`;
  return {
    url: `${deploymentUrl}/statuses/${st.id}`,
    id: st.id,
    node_id: nodeId('DeploymentStatus', v, String(st.id)),
    state: st.state,
    creator: st.creator,
    description: st.description,
    environment: st.environment,
    target_url: st.target_url,
    created_at: st.created_at,
    updated_at: st.updated_at,
    deployment_url: deploymentUrl,
    repository_url: apiOf(v),
    // Unset URLs are left out (the description types them as URIs).
    ...(st.environment_url ? { environment_url: st.environment_url } : {}),
    ...(st.log_url ? { log_url: st.log_url } : {}),
    performed_via_github_app: null,
  };
}
