import { checkRequired } from '../core/catalog/engine.js';
import { githubError } from '../core/errors.js';
import { paged, pagedWrapped, param, query, repoOf, viewOf } from '../core/ops.js';
import { commitOrFail } from '../git/model.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import {
  CHECKS_APP,
  CHECKS_DOCS,
  createRun,
  ensureSuite,
  filterRuns,
  runById,
  runView,
  suiteById,
  isWorkflowJob,
  suitesOfCommit,
  suiteRuns,
  suiteView,
  updateRun,
} from './model.js';
import type { RunRecord } from './state.js';

/** Check run and suite operations: one run under its id, its suite and its commit's refs. */

const SUITES_DOCS = 'https://docs.github.com/rest/checks/suites';

function runOf(rc: RelationContext): RunRecord {
  const rec = runById(rc.state, repoOf(rc), param(rc.op, 'check_run_id'));
  if (!rec) throw githubError.notFound(CHECKS_DOCS);
  return rec;
}

const runFilters = (rc: RelationContext) => ({
  check_name: query(rc.op, 'check_name'),
  status: query(rc.op, 'status'),
  filter: query(rc.op, 'filter'),
  app_id: query(rc.op, 'app_id'),
});

const create: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const body = runView(viewOf(rc), createRun(rc.state, repoOf(rc), rc.op.body, rc.op));
  return { status: 201, body };
};
const get: RelationOp = (rc) => ({ status: 200, body: runView(viewOf(rc), runOf(rc)) });
const update: RelationOp = (rc) => {
  const rec = runOf(rc);
  // A workflow job belongs to GitHub Actions: another app's token may not change it.
  if (isWorkflowJob(rc.state, rec)) throw githubError.forbidden('Resource not accessible by integration', CHECKS_DOCS);
  return { status: 200, body: runView(viewOf(rc), updateRun(rc.state, rec, rc.op.body, rc.op)) };
};
const annotations: RelationOp = (rc) => {
  const rec = runOf(rc);
  const run = runView(viewOf(rc), rec);
  const url = run.html_url as string;
  return paged(
    rc.op,
    (rc.state.checks.annotations[rec.id] ?? []).map((a) => ({
      path: a.path,
      start_line: a.start_line,
      end_line: a.end_line,
      start_column: a.start_column ?? null,
      end_column: a.end_column ?? null,
      annotation_level: a.annotation_level ?? null,
      title: a.title ?? null,
      message: a.message ?? null,
      raw_details: a.raw_details ?? null,
      blob_href: `${url.replace(/\/runs\/\d+$/, '')}/blob/${rec.head_sha}/${String(a.path)}`,
    })),
  );
};

const forRef: RelationOp = (rc) => {
  const v = viewOf(rc);
  const suites = suitesOfCommit(rc.state, v.repo, commitOrFail(rc.state, v.repo, param(rc.op, 'ref'), CHECKS_DOCS));
  const runs = filterRuns(
    suites.flatMap((s) => suiteRuns(rc.state, s, v.repo)),
    runFilters(rc),
  );
  return pagedWrapped(rc.op, 'check_runs', runs, (r) => runView(v, r));
};

const createSuite: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const v = viewOf(rc);
  const { suite, created } = ensureSuite(rc.state, v.repo, commitOrFail(rc.state, v.repo, String(rc.op.body.head_sha ?? ''), CHECKS_DOCS), rc.op);
  // GitHub: 201 for a new suite, 200 with the existing one.
  return { status: created ? 201 : 200, body: suiteView(v, suite) };
};

function suiteOfRequest(rc: RelationContext) {
  const s = suiteById(rc.state, repoOf(rc), param(rc.op, 'check_suite_id'));
  if (!s) throw githubError.notFound(SUITES_DOCS);
  return s;
}

const getSuite: RelationOp = (rc) => ({ status: 200, body: suiteView(viewOf(rc), suiteOfRequest(rc)) });
const runsOfSuite: RelationOp = (rc) => {
  const v = viewOf(rc);
  return pagedWrapped(rc.op, 'check_runs', filterRuns(suiteRuns(rc.state, suiteOfRequest(rc), v.repo), runFilters(rc)), (r) => runView(v, r));
};
const suitesForRef: RelationOp = (rc) => {
  const v = viewOf(rc);
  const suites = suitesOfCommit(rc.state, v.repo, commitOrFail(rc.state, v.repo, param(rc.op, 'ref'), CHECKS_DOCS));
  const appId = query(rc.op, 'app_id');
  const name = query(rc.op, 'check_name');
  const kept = suites.filter(
    (suite) =>
      (appId === undefined || Number(appId) === CHECKS_APP.id) && (name === undefined || suiteRuns(rc.state, suite, v.repo).some((r) => r.name === name)),
  );
  return pagedWrapped(rc.op, 'check_suites', kept, (s) => suiteView(v, s));
};

const R = '/repos/{owner}/{repo}';

/** Check operations by `METHOD template`. */
export const CHECK_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${R}/check-runs`]: create,
  [`GET ${R}/check-runs/{check_run_id}`]: get,
  [`PATCH ${R}/check-runs/{check_run_id}`]: update,
  [`GET ${R}/check-runs/{check_run_id}/annotations`]: annotations,
  [`GET ${R}/commits/{ref}/check-runs`]: forRef,
  [`POST ${R}/check-suites`]: createSuite,
  [`GET ${R}/check-suites/{check_suite_id}`]: getSuite,
  [`GET ${R}/check-suites/{check_suite_id}/check-runs`]: runsOfSuite,
  [`GET ${R}/commits/{ref}/check-suites`]: suitesForRef,
};
