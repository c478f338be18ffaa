import { CHECK_SUITE_OFFSET, type Resource, restCall } from '../rest-models.js';
import type { Env, TypeResolvers } from '../types.js';
import { enumOf } from './common.js';
import { type RestSrc, num, repoParams, restSrc, str, viaRest } from './sources.js';

/**
 * GitHub Actions as check suites name them: a workflow run's check suite has the run's id plus the
 * Actions family's offset; suites the checks API created belong to no workflow run (null, as on GitHub).
 */

/** The workflow run of a check suite (REST `check_suite` object), or null. */
export function workflowRunOf(env: Env, s: RestSrc): RestSrc | null {
  const id = num(s.json, 'id');
  if (id === null || id <= CHECK_SUITE_OFFSET) return null;
  const j = viaRest(
    env,
    'a workflow run',
    () => restCall(env, 'GET /repos/{owner}/{repo}/actions/runs/{run_id}', { ...repoParams(s.repo), run_id: String(id - CHECK_SUITE_OFFSET) }).body as Resource,
  );
  return restSrc('WorkflowRun', s.repo, j);
}

/** `WorkflowRun`. */
export const WORKFLOW_RUN_FIELDS: TypeResolvers<RestSrc> = {
  id: (r) => String(r.json.node_id),
  databaseId: (r) => num(r.json, 'id'),
  runNumber: (r) => num(r.json, 'run_number') ?? 0,
  event: (r) => str(r.json, 'event') ?? 'push',
  createdAt: (r) => str(r.json, 'created_at'),
  updatedAt: (r) => str(r.json, 'updated_at'),
  url: (r) => str(r.json, 'html_url'),
  resourcePath: (r) => (str(r.json, 'html_url') ?? '').replace(/^https?:\/\/[^/]+/, ''),
  workflow: (r, _a, env) => {
    const id = num(r.json, 'workflow_id');
    const j = viaRest(
      env,
      'a workflow',
      () => restCall(env, 'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}', { ...repoParams(r.repo), workflow_id: String(id) }).body as Resource,
    );
    return restSrc('Workflow', r.repo, j);
  },
  checkSuite: (r) => ({
    __typename: 'CheckSuite',
    repo: r.repo,
    json: { id: (num(r.json, 'id') ?? 0) + CHECK_SUITE_OFFSET, node_id: r.json.check_suite_node_id },
  }),
};

/** `Workflow`. */
export const WORKFLOW_FIELDS: TypeResolvers<RestSrc> = {
  id: (w) => String(w.json.node_id),
  databaseId: (w) => num(w.json, 'id'),
  name: (w) => str(w.json, 'name') ?? '',
  state: (w) => enumOf(w.json.state) ?? 'ACTIVE',
  createdAt: (w) => str(w.json, 'created_at'),
  updatedAt: (w) => str(w.json, 'updated_at'),
  url: (w) => str(w.json, 'html_url'),
  resourcePath: (w) => (str(w.json, 'html_url') ?? '').replace(/^https?:\/\/[^/]+/, ''),
};
