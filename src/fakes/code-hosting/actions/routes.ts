import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { LOG_PREFIX } from '../core/hosts.js';
import { serveLog } from './model/logs.js';
import { keyListSlice } from '../../../store/key-list.js';
import { tableDelete, tableGet } from '../../../store/table.js';
import type { OpResult } from '../core/catalog/engine.js';
import { parsePaging } from '../core/catalog/paging.js';
import { GitHubError, githubError } from '../core/errors.js';
import { checkRequired } from '../core/catalog/engine.js';
import { resolveCommitish } from '../git/model.js';
import { redirectLocation } from '../core/hosts.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { loginOf, pagedWrapped, param, query, repoOf, viewOf, wrappedPage } from '../core/ops.js';
import {
  CHECK_SUITE_OFFSET,
  actionsNotFound,
  attemptJobs,
  attemptKey,
  cancelRun,
  createRun,
  deleteRun,
  jobById,
  narrowest,
  rerunRun,
  runAttempts,
  runById,
  workflowKey,
  workflowOf,
} from './model.js';
import { jobView, runView, workflowView } from './model/views.js';
import { runUsage, workflowUsage } from './model/usage.js';
import type { JobRecord, RunRecord, WorkflowRecord } from './state.js';

/** Workflow-run operations: runs by id, per repository and per workflow (with GitHub's filters), jobs, cancel, re-run, logs. */

const runId = (rc: RelationContext) => Number(param(rc.op, 'run_id'));

function runOf(rc: RelationContext): RunRecord {
  const run = runById(rc.state, repoOf(rc), runId(rc));
  if (!run) throw actionsNotFound();
  return run;
}

/**
 * Runs matching the request's filters, newest first: the shortest index list among the filters is
 * walked (from its newest end) and each run checked against the others.
 */
function listRuns(rc: RelationContext, workflowId?: number): OpResult {
  const v = viewOf(rc);
  const repoId = v.repo.record.id;
  const q = (n: string) => query(rc.op, n);
  const checks: [string, (r: RunRecord) => boolean][] = [];
  const names: string[] = [`${repoId}:all`];
  const add = (value: string | undefined, name: (x: string) => string, test: (r: RunRecord, x: string) => boolean) => {
    if (value === undefined || value === '') return;
    names.push(name(value));
    checks.push([value, (r) => test(r, value)]);
  };
  if (workflowId !== undefined)
    add(
      String(workflowId),
      (x) => `${repoId}:workflow:${x}`,
      (r, x) => String(r.workflow_id) === x,
    );
  add(
    q('branch'),
    (x) => `${repoId}:branch:${x}`,
    (r, x) => r.head_branch === x,
  );
  add(
    q('event'),
    (x) => `${repoId}:event:${x}`,
    (r, x) => r.event === x,
  );
  add(
    q('head_sha'),
    (x) => `${repoId}:sha:${x}`,
    (r, x) => r.head_sha === x,
  );
  add(
    q('actor'),
    (x) => `${repoId}:actor:${x.toLowerCase()}`,
    (r, x) => r.actor.toLowerCase() === x.toLowerCase(),
  );
  add(
    q('status'),
    (x) => `${repoId}:status:${x}`,
    (r, x) => r.status === x || r.conclusion === x,
  );
  const suite = q('check_suite_id');
  const { list } = narrowest(rc.state, names);
  const paging = parsePaging(rc.op.query);
  const start = (paging.page - 1) * paging.perPage;
  const ids = suite !== undefined ? [String(Number(suite) - CHECK_SUITE_OFFSET)] : checks.length <= 1 ? undefined : keyListSlice(list, 0, list?.size ?? 0);
  const matches = (r: RunRecord | undefined): r is RunRecord => r !== undefined && checks.every(([, t]) => t(r));
  if (ids === undefined) {
    // One filter (or none): its list is the answer; read the page from the newest end.
    const size = list?.size ?? 0;
    const from = Math.max(0, size - start - paging.perPage);
    const page = keyListSlice(list, from, Math.max(0, size - start - from)).reverse();
    const runs = page.map((id) => runById(rc.state, v.repo, id)).filter(matches);
    return wrappedPage(
      rc.op,
      'workflow_runs',
      size,
      runs.map((r) => runView(v, r)),
    );
  }
  const all = ids
    .map((id) => runById(rc.state, v.repo, id))
    .filter(matches)
    .reverse();
  return pagedWrapped(rc.op, 'workflow_runs', all, (r) => runView(v, r));
}

const listForRepo: RelationOp = (rc) => listRuns(rc);

const listForWorkflow: RelationOp = (rc) => {
  const wf = workflowOf(rc.state, repoOf(rc), param(rc.op, 'workflow_id'));
  if (!wf) throw actionsNotFound();
  return listRuns(rc, wf.id);
};

const getRun: RelationOp = (rc) => ({ status: 200, body: runView(viewOf(rc), runOf(rc)) });

const deleteRunOp: RelationOp = (rc) => {
  const run = runOf(rc);
  deleteRun(rc.state, repoOf(rc), run, (key) => tableDelete(rc.state.catalog.records, key));
  return { status: 204 };
};

const attemptOf = (rc: RelationContext, run: RunRecord): number => {
  const n = Number(param(rc.op, 'attempt_number'));
  if (!Number.isInteger(n) || n < 1 || n > run.run_attempt) throw actionsNotFound();
  return n;
};

const getAttempt: RelationOp = (rc) => {
  const run = runOf(rc);
  const n = attemptOf(rc, run);
  const rec = n === run.run_attempt ? run : (tableGet(rc.state.catalog.records, attemptKey(repoOf(rc), run.id, n)) as RunRecord | undefined);
  if (!rec) throw actionsNotFound();
  return { status: 200, body: runView(viewOf(rc), rec) };
};

function jobsPage(rc: RelationContext, ids: readonly number[]): OpResult {
  const v = viewOf(rc);
  const jobs = ids.map((id) => jobById(rc.state, v.repo, id)).filter((j): j is JobRecord => j !== undefined);
  return pagedWrapped(rc.op, 'jobs', jobs, (j) => jobView(v, j));
}

/** `filter=latest` (default): the latest attempt's jobs; `filter=all`: every attempt's, oldest attempt first. */
const listJobs: RelationOp = (rc) => {
  const run = runOf(rc);
  const all = query(rc.op, 'filter') === 'all';
  const ids = all ? [...new Set(runAttempts(rc.state, run.id).flat())] : attemptJobs(rc.state, run.id);
  return jobsPage(rc, ids);
};

const listAttemptJobs: RelationOp = (rc) => {
  const run = runOf(rc);
  return jobsPage(rc, attemptJobs(rc.state, run.id, attemptOf(rc, run)));
};

function jobOf(rc: RelationContext): JobRecord {
  const j = jobById(rc.state, repoOf(rc), param(rc.op, 'job_id'));
  if (!j) throw actionsNotFound();
  return j;
}

const getJob: RelationOp = (rc) => ({ status: 200, body: jobView(viewOf(rc), jobOf(rc)) });

const cancel: RelationOp = (rc) => {
  cancelRun(rc.state, repoOf(rc), runOf(rc), rc.op.now);
  return { status: 202, body: {} };
};

const rerun =
  (failedOnly: boolean): RelationOp =>
  (rc) => {
    rerunRun(rc.state, repoOf(rc), runOf(rc), { failedOnly, login: loginOf(rc.op), now: rc.op.now });
    return { status: 201, body: {} };
  };

/** Re-runs one job: a new attempt of its run in which only that job runs again. */
const rerunJob: RelationOp = (rc) => {
  const job = jobOf(rc);
  const run = runById(rc.state, repoOf(rc), job.run_id);
  if (!run) throw actionsNotFound();
  rerunRun(rc.state, repoOf(rc), run, { failedOnly: false, job: job.id, login: loginOf(rc.op), now: rc.op.now });
  return { status: 201, body: {} };
};

/** The logs: GitHub redirects to a short-lived download URL (404 for a run or job that does not exist). */
const logs =
  (of: (rc: RelationContext) => unknown): RelationOp =>
  (rc) => {
    of(rc);
    const rec = repoOf(rc).record;
    return { status: 302, headers: { location: redirectLocation(rc.op.key, rc.op.baseUrl, { id: rec.id, private: rec.private }) } };
  };

const attemptLogs: RelationOp = (rc) => {
  attemptOf(rc, runOf(rc));
  return logs(() => undefined)(rc);
};

/** An artifact's archive: the download redirect for an artifact of the repository, 404 for one that does not exist. */
const artifactArchive: RelationOp = (rc) =>
  logs(() => {
    if (!tableGet(rc.state.catalog.records, rc.op.key.slice(0, rc.op.key.lastIndexOf('/'))))
      throw githubError.notFound('https://docs.github.com/rest/actions/artifacts#download-an-artifact');
  })(rc);

const getWorkflow: RelationOp = (rc) => {
  const wf = workflowOf(rc.state, repoOf(rc), param(rc.op, 'workflow_id'));
  if (!wf) throw actionsNotFound();
  return { status: 200, body: workflowView(viewOf(rc), wf) };
};

const listWorkflows: RelationOp = (rc) => {
  const v = viewOf(rc);
  const ids = rc.state.actions.workflows[v.repo.record.id] ?? [];
  const workflows = ids
    .map((id) => tableGet(rc.state.catalog.records, workflowKey(v.repo, id)) as WorkflowRecord | undefined)
    .filter((w): w is WorkflowRecord => w !== undefined);
  return pagedWrapped(rc.op, 'workflows', workflows, (w) => workflowView(v, w));
};

/** A run's billable time per runner OS (model/usage.ts). */
const runTiming: RelationOp = (rc) => ({ status: 200, body: runUsage(rc.state, repoOf(rc), runOf(rc), rc.op.now) });

/** A workflow's billable time per runner OS in the current billing cycle. */
const workflowTiming: RelationOp = (rc) => {
  const wf = workflowOf(rc.state, repoOf(rc), param(rc.op, 'workflow_id'));
  if (!wf) throw actionsNotFound();
  return { status: 200, body: workflowUsage(rc.state, repoOf(rc), wf.id, rc.op.now) };
};

const DISPATCH_DOCS = 'https://docs.github.com/rest/actions/workflows#create-a-workflow-dispatch-event';

/**
 * A workflow dispatch starts a run of the workflow on `ref` (queued, event `workflow_dispatch`). As the
 * description documents: 204 without a body, or 200 with the run's id and URLs when the body asks
 * `return_run_details: true`. A ref that names no branch, tag or commit is GitHub's 422.
 */
const dispatch: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const repo = repoOf(rc);
  const wf = workflowOf(rc.state, repo, param(rc.op, 'workflow_id'));
  if (!wf) throw actionsNotFound();
  const ref = String(rc.op.body.ref).replace(/^refs\/(heads|tags)\//, '');
  const sha = resolveCommitish(rc.state, repo, ref);
  if (!sha) throw new GitHubError(422, `No ref found for: ${String(rc.op.body.ref)}`, { documentationUrl: DISPATCH_DOCS });
  const run = createRun(
    rc.state,
    repo,
    { workflow: wf.path, event: 'workflow_dispatch', head_branch: ref, head_sha: sha, actor: loginOf(rc.op) },
    { now: rc.op.now },
  );
  if (rc.op.body.return_run_details !== true) return { status: 204 };
  const view = runView(viewOf(rc), run);
  return { status: 200, body: { workflow_run_id: run.id, run_url: view.url, html_url: view.html_url } };
};

const A = '/repos/{owner}/{repo}/actions';

/** Workflow-run operations by `METHOD template`. */
export const ACTIONS_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${A}/runs`]: listForRepo,
  [`GET ${A}/workflows`]: listWorkflows,
  [`GET ${A}/workflows/{workflow_id}`]: getWorkflow,
  [`GET ${A}/workflows/{workflow_id}/runs`]: listForWorkflow,
  [`POST ${A}/workflows/{workflow_id}/dispatches`]: dispatch,
  [`GET ${A}/runs/{run_id}`]: getRun,
  [`DELETE ${A}/runs/{run_id}`]: deleteRunOp,
  [`GET ${A}/runs/{run_id}/attempts/{attempt_number}`]: getAttempt,
  [`GET ${A}/runs/{run_id}/attempts/{attempt_number}/jobs`]: listAttemptJobs,
  [`GET ${A}/runs/{run_id}/attempts/{attempt_number}/logs`]: attemptLogs,
  [`GET ${A}/runs/{run_id}/jobs`]: listJobs,
  [`GET ${A}/runs/{run_id}/timing`]: runTiming,
  [`GET ${A}/workflows/{workflow_id}/timing`]: workflowTiming,
  [`GET ${A}/runs/{run_id}/logs`]: logs(runOf),
  [`GET ${A}/jobs/{job_id}`]: getJob,
  [`GET ${A}/jobs/{job_id}/logs`]: logs(jobOf),
  [`GET ${A}/artifacts/{artifact_id}/{archive_format}`]: artifactArchive,
  [`POST ${A}/runs/{run_id}/cancel`]: cancel,
  [`POST ${A}/runs/{run_id}/rerun`]: rerun(false),
  [`POST ${A}/runs/{run_id}/rerun-failed-jobs`]: rerun(true),
  [`POST ${A}/jobs/{job_id}/rerun`]: rerunJob,
};

const LOG_TARGETS = [
  ['jobs/{job_id}/logs', 'text', 'jobs'],
  ['runs/{run_id}/logs', 'zip', 'runs'],
  ['runs/{run_id}/attempts/{attempt_number}/logs', 'zip', 'runs'],
  ['artifacts/{artifact_id}/{archive_format}', 'zip', 'artifacts'],
] as const;

/** The log host's paths (core/hosts.ts): the targets of the redirects of logs and artifact archives. */
export const LOG_ROWS: ExtraRow[] = LOG_TARGETS.map(([path, , what]) => ({
  method: 'GET',
  path: `${LOG_PREFIX}/{owner}/{repo}/${path}`,
  operationId: `actions-results/${what}`,
}));

/** The log host's answers: not API calls (no version, a link token instead of one, not counted). */
export const LOG_ROUTES: FamilyRoute[] = LOG_TARGETS.map(([path, kind, what]) => ({
  row: `GET ${LOG_PREFIX}/{owner}/{repo}/${path}`,
  raw: serveLog(kind, what),
}));
