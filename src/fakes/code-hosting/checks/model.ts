import { freshId } from '../core/ids.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { commitOrFail } from '../git/model.js';
import { getCommit, refSha } from '../git/model.js';
import { apiOf, nodeId, webOf } from '../git/model/views.js';
import type { View } from '../core/family.js';
import type { RelationRepo } from '../core/family.js';
import { CHECK_SUITE_OFFSET, attemptJobs, jobById, runById as workflowRunById } from '../actions/model.js';
import type { JobRecord, RunRecord as WorkflowRunRecord } from '../actions/state.js';
import { keyList, keyListAll, keyListPush } from '../../../store/key-list.js';
import { tableGet, tableHas, tableSet } from '../../../store/table.js';
import type { RunRecord, RunStatus, SuiteRecord } from './state.js';

/**
 * Check runs and check suites. A run is stored once, by id; a suite once per commit (the fake has one
 * app, GitHub Actions, and GitHub keeps one suite per app and commit), created with the commit's first
 * run or by `POST /check-suites`. Beside them: the suite of each commit, the runs of each suite (in
 * creation order) and each run's annotations. A suite's status and conclusion are its runs'.
 */

/** The app every check belongs to (GitHub Actions' id and slug). */
export const CHECKS_APP = { id: 15368, slug: 'github-actions', name: 'GitHub Actions' } as const;

const STATUSES: ReadonlySet<string> = new Set<RunStatus>(['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending']);
const CONCLUSIONS: ReadonlySet<string> = new Set(['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out']);

/** The checks documentation (error bodies). */
export const CHECKS_DOCS = 'https://docs.github.com/rest/checks/runs';
const shaKey = (repo: RelationRepo, sha: string) => `${repo.record.id}:${sha}`;

/** The suite of a commit, or undefined. */
export function suiteOf(state: CodeHostingState, repo: RelationRepo, sha: string): SuiteRecord | undefined {
  const id = state.checks.suiteBySha[shaKey(repo, sha)];
  return id === undefined ? undefined : tableGet(state.checks.suites, String(id));
}

/** The suite of a commit, created when it has none; `created` tells which. */
export function ensureSuite(
  state: CodeHostingState,
  repo: RelationRepo,
  sha: string,
  env: { now: string },
  fixedId?: number,
): { suite: SuiteRecord; created: boolean } {
  const existing = suiteOf(state, repo, sha);
  if (existing) return { suite: existing, created: false };
  const id = fixedId ?? freshId(state.counters, 'catalog', 1000, (n) => tableHas(state.checks.suites, String(n)));
  if (tableHas(state.checks.suites, String(id))) throw new Error(`stuntdouble: check suite ${id} exists`);
  // The branch pushed: the default branch when the commit is its head (the fake keeps no push log).
  const head = refSha(state, repo, `refs/heads/${repo.defaultBranch}`);
  const suite: SuiteRecord = {
    id,
    repoId: repo.record.id,
    head_sha: sha,
    head_branch: head === sha ? repo.defaultBranch : null,
    created_at: env.now,
    updated_at: env.now,
  };
  tableSet(state.checks.suites, String(id), suite);
  state.checks.suiteBySha[shaKey(repo, sha)] = id;
  return { suite: tableGet(state.checks.suites, String(id)) as SuiteRecord, created: true };
}

function invalid(field: string): never {
  throw githubError.validation([{ resource: 'CheckRun', code: 'invalid', field }], CHECKS_DOCS);
}

/** Applies a create/update body to a run: status, conclusion (which completes it), output, annotations. */
function apply(state: CodeHostingState, rec: RunRecord, body: Resource, now: string): void {
  if (typeof body.name === 'string') rec.name = body.name;
  if (typeof body.external_id === 'string') rec.external_id = body.external_id;
  if (typeof body.details_url === 'string') rec.details_url = body.details_url;
  if (typeof body.started_at === 'string') rec.started_at = body.started_at;
  if (body.status !== undefined) {
    if (typeof body.status !== 'string' || !STATUSES.has(body.status)) invalid('status');
    rec.status = body.status as RunStatus;
  }
  if (body.conclusion !== undefined && body.conclusion !== null) {
    if (typeof body.conclusion !== 'string' || !CONCLUSIONS.has(body.conclusion)) invalid('conclusion');
    // A conclusion completes the run (GitHub sets `status: completed`).
    rec.conclusion = body.conclusion;
    rec.status = 'completed';
  }
  if (rec.status === 'completed') {
    if (rec.conclusion === null) invalid('conclusion');
    rec.completed_at = typeof body.completed_at === 'string' ? body.completed_at : (rec.completed_at ?? now);
  }
  const out = body.output;
  if (out && typeof out === 'object' && !Array.isArray(out)) {
    const o = out as Resource;
    for (const f of ['title', 'summary', 'text'] as const) if (typeof o[f] === 'string') rec.output[f] = o[f] as string;
    if (Array.isArray(o.annotations)) {
      const list = state.checks.annotations[rec.id] ?? [];
      for (const a of o.annotations) if (a && typeof a === 'object') list.push(a as Resource);
      state.checks.annotations[rec.id] = list;
    }
  }
}

/** Creates a run on the commit `head_sha` names, in its suite (created with the commit's first run). */
export function createRun(state: CodeHostingState, repo: RelationRepo, body: Resource, env: { now: string }, fixedId?: number): RunRecord {
  const sha = commitOrFail(state, repo, String(body.head_sha ?? ''), CHECKS_DOCS);
  const { suite } = ensureSuite(state, repo, sha, env);
  const id = fixedId ?? freshId(state.counters, 'catalog', 1000, (n) => tableHas(state.checks.runs, String(n)));
  if (tableHas(state.checks.runs, String(id))) throw new Error(`stuntdouble: check run ${id} exists`);
  const rec: RunRecord = {
    id,
    repoId: repo.record.id,
    suite: suite.id,
    name: String(body.name ?? ''),
    head_sha: sha,
    external_id: '',
    details_url: null,
    status: 'queued',
    conclusion: null,
    started_at: env.now,
    completed_at: null,
    output: { title: null, summary: null, text: null },
  };
  apply(state, rec, body, env.now);
  tableSet(state.checks.runs, String(id), rec);
  keyListPush(state.checks.runsBySuite, String(suite.id), id);
  suite.updated_at = env.now;
  return tableGet(state.checks.runs, String(id)) as RunRecord;
}

/*
 * GitHub Actions' own checks. On GitHub a workflow run is a check suite of the GitHub Actions app and
 * each of its jobs a check run with the job's id. They are not stored twice: a run or suite id the
 * checks store does not hold is looked up among the workflow runs and jobs, and shown as a check.
 */

/** A workflow job seen as its check run (same id, name, status and conclusion). */
function jobCheck(repo: RelationRepo, job: JobRecord): RunRecord {
  return {
    id: job.id,
    repoId: repo.record.id,
    suite: job.run_id + CHECK_SUITE_OFFSET,
    name: job.name,
    head_sha: job.head_sha,
    external_id: '',
    details_url: null,
    status: (STATUSES.has(job.status) ? job.status : 'queued') as RunStatus,
    conclusion: job.conclusion,
    started_at: job.started_at,
    completed_at: job.completed_at,
    output: { title: null, summary: null, text: null },
  };
}

/** A workflow run seen as its check suite. */
function workflowSuite(repo: RelationRepo, run: WorkflowRunRecord): SuiteRecord {
  return {
    id: run.id + CHECK_SUITE_OFFSET,
    repoId: repo.record.id,
    head_sha: run.head_sha,
    head_branch: run.head_branch,
    created_at: run.created_at,
    updated_at: run.updated_at,
  };
}

/** The workflow run behind a suite id, when the id is a workflow run's suite. */
function workflowOfSuite(state: CodeHostingState, repo: RelationRepo, id: number): WorkflowRunRecord | undefined {
  return id > CHECK_SUITE_OFFSET ? workflowRunById(state, repo, id - CHECK_SUITE_OFFSET) : undefined;
}

/** Whether a check run is a workflow job (GitHub Actions' own: other apps cannot change it). */
export function isWorkflowJob(state: CodeHostingState, rec: RunRecord): boolean {
  return !tableHas(state.checks.runs, String(rec.id));
}

/** A run of the repository by id (a workflow job by its id too), or undefined. */
export function runById(state: CodeHostingState, repo: RelationRepo, id: number | string): RunRecord | undefined {
  const r = tableGet(state.checks.runs, String(id));
  if (r) return r.repoId === repo.record.id ? r : undefined;
  const job = jobById(state, repo, id);
  return job ? jobCheck(repo, job) : undefined;
}

/** A suite of the repository by id (a workflow run's suite too), or undefined. */
export function suiteById(state: CodeHostingState, repo: RelationRepo, id: number | string): SuiteRecord | undefined {
  const s = tableGet(state.checks.suites, String(id));
  if (s) return s.repoId === repo.record.id ? s : undefined;
  const run = workflowOfSuite(state, repo, Number(id));
  return run ? workflowSuite(repo, run) : undefined;
}

/** Every suite of a commit: the checks store's, then one per workflow run on it (oldest first). */
export function suitesOfCommit(state: CodeHostingState, repo: RelationRepo, sha: string): SuiteRecord[] {
  const own = suiteOf(state, repo, sha);
  const runs = keyListAll(keyList(state.actions.runLists, `${repo.record.id}:sha:${sha}`));
  const out: SuiteRecord[] = own ? [own] : [];
  for (const id of runs) {
    const run = workflowRunById(state, repo, id);
    if (run) out.push(workflowSuite(repo, run));
  }
  return out;
}

/** Updates a run (a conclusion completes it, `completed_at` now unless given). */
export function updateRun(state: CodeHostingState, rec: RunRecord, body: Resource, env: { now: string }): RunRecord {
  apply(state, rec, body, env.now);
  const suite = tableGet(state.checks.suites, String(rec.suite));
  if (suite) suite.updated_at = env.now;
  return rec;
}

/** The runs of a suite, newest first (a workflow run's suite: the jobs of its latest attempt). */
export function suiteRuns(state: CodeHostingState, suite: SuiteRecord, repo?: RelationRepo): RunRecord[] {
  const run = repo && !tableHas(state.checks.suites, String(suite.id)) ? workflowOfSuite(state, repo, suite.id) : undefined;
  if (run && repo) {
    const jobs: RunRecord[] = [];
    for (const id of attemptJobs(state, run.id)) {
      const job = jobById(state, repo, id);
      if (job) jobs.push(jobCheck(repo, job));
    }
    return jobs.reverse();
  }
  const ids = keyListAll(keyList(state.checks.runsBySuite, String(suite.id)));
  const out: RunRecord[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const r = tableGet(state.checks.runs, String(ids[i]));
    if (r) out.push(r);
  }
  return out;
}

const FAILING = ['action_required', 'cancelled', 'timed_out', 'failure', 'stale'];

/** A suite's status and conclusion, from its runs. */
export function suiteState(runs: readonly RunRecord[]): { status: string; conclusion: string | null } {
  if (runs.length === 0) return { status: 'queued', conclusion: null };
  if (runs.some((r) => r.status !== 'completed')) return { status: runs.some((r) => r.status === 'in_progress') ? 'in_progress' : 'queued', conclusion: null };
  const cs = new Set(runs.map((r) => r.conclusion));
  const failing = FAILING.find((c) => cs.has(c));
  if (failing) return { status: 'completed', conclusion: failing };
  for (const c of ['success', 'neutral', 'skipped']) if (cs.has(c)) return { status: 'completed', conclusion: c };
  return { status: 'completed', conclusion: 'success' };
}

/** Filters of the run lists: `check_name`, `status`, `filter` (`latest` keeps each name's newest run), `app_id`. */
export function filterRuns(
  runs: readonly RunRecord[],
  q: { check_name?: string | undefined; status?: string | undefined; filter?: string | undefined; app_id?: string | undefined },
): RunRecord[] {
  if (q.app_id !== undefined && Number(q.app_id) !== CHECKS_APP.id) return [];
  const seen = new Set<string>();
  return runs.filter((r) => {
    if (q.check_name !== undefined && r.name !== q.check_name) return false;
    if (q.status !== undefined && r.status !== q.status) return false;
    if ((q.filter ?? 'latest') === 'latest') {
      if (seen.has(r.name)) return false;
      seen.add(r.name);
    }
    return true;
  });
}

function appView(v: View): Resource {
  return {
    id: CHECKS_APP.id,
    slug: CHECKS_APP.slug,
    node_id: 'MDM6QXBwMTUzNjg=',
    name: CHECKS_APP.name,
    owner: { login: 'github', type: 'Organization' },
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${webOf(v).replace(/\/[^/]+\/[^/]+$/, '')}/apps/github-actions`,
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2019-12-10T19:04:12Z',
    permissions: { checks: 'write', metadata: 'read' },
    events: ['check_run', 'check_suite'],
  };
}

/** GitHub's check-run JSON. */
export function runView(v: View, rec: RunRecord): Resource {
  const url = `${apiOf(v)}/check-runs/${rec.id}`;
  const html = `${webOf(v)}/runs/${rec.id}`;
  return {
    id: rec.id,
    head_sha: rec.head_sha,
    node_id: nodeId('CheckRun', v, String(rec.id)),
    external_id: rec.external_id,
    url,
    html_url: html,
    details_url: rec.details_url ?? html,
    status: rec.status,
    conclusion: rec.conclusion,
    started_at: rec.started_at,
    completed_at: rec.completed_at,
    output: { ...rec.output, annotations_count: v.state.checks.annotations[rec.id]?.length ?? 0, annotations_url: `${url}/annotations` },
    name: rec.name,
    check_suite: { id: rec.suite },
    app: appView(v),
    pull_requests: [],
  };
}

/** GitHub's check-suite JSON (the renderer adds `repository`). */
export function suiteView(v: View, suite: SuiteRecord): Resource {
  const runs = suiteRuns(v.state, suite, v.repo);
  const { status, conclusion } = suiteState(runs);
  const c = getCommit(v.state, v.repo, suite.head_sha);
  const url = `${apiOf(v)}/check-suites/${suite.id}`;
  return {
    id: suite.id,
    node_id: nodeId('CheckSuite', v, String(suite.id)),
    head_branch: suite.head_branch,
    head_sha: suite.head_sha,
    status,
    conclusion,
    url,
    before: c?.parents[0] ?? '0000000000000000000000000000000000000000',
    after: suite.head_sha,
    pull_requests: [],
    app: appView(v),
    created_at: suite.created_at,
    updated_at: suite.updated_at,
    head_commit: c
      ? {
          id: suite.head_sha,
          tree_id: c.tree,
          message: c.message,
          timestamp: c.committer.date,
          author: { name: c.author.name, email: c.author.email },
          committer: { name: c.committer.name, email: c.committer.email },
        }
      : null,
    latest_check_runs_count: filterRuns(runs, {}).length,
    check_runs_url: `${url}/check-runs`,
    rerequestable: true,
    runs_rerequestable: true,
  };
}
