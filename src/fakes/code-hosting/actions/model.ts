import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { multiAdd } from '../../../store/multimap.js';
import { type KeyList, type KeyLists, KEY_CHUNK, keyList, keyListPush, keyListRemove } from '../../../store/key-list.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import { GitHubError, githubError } from '../core/errors.js';
import { hashSha } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { getCommit, resolveCommitish } from '../git/model.js';
import type { RelationRepo } from '../core/family.js';
import type { JobRecord, RunRecord, StepRecord, WorkflowRecord } from './state.js';

/**
 * GitHub Actions workflows, workflow runs and their jobs. A workflow is stored as the catalog record
 * `<repo>/actions/workflows/<id>`, a run as `<repo>/actions/runs/<id>`, a job as
 * `<repo>/actions/jobs/<id>`; an earlier attempt of a re-run run as `<repo>/actions/runs/<id>/attempts/<n>`.
 * Beside them, indexes keyed by repository id (a rename keeps them): workflow by file, run ids
 * (ascending) by repository, workflow, branch, event, head sha, actor and status/conclusion, and the
 * job ids of each attempt of a run.
 */

/** Run statuses GitHub documents; a status filter also takes a conclusion. */
export const RUN_STATUSES = ['queued', 'in_progress', 'completed', 'waiting', 'requested', 'pending'] as const;
/** Conclusions of a completed run or job. */
export const CONCLUSIONS = ['success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required', 'stale', 'startup_failure'] as const;

/** The catalog key of a run. */
export const runKey = (repo: RelationRepo, id: number | string) => `${repo.path}/actions/runs/${id}`;
/** The catalog key of an earlier attempt of a run. */
export const attemptKey = (repo: RelationRepo, id: number | string, n: number | string) => `${repo.path}/actions/runs/${id}/attempts/${n}`;
/** The catalog key of a job. */
export const jobKey = (repo: RelationRepo, id: number | string) => `${repo.path}/actions/jobs/${id}`;
/** The catalog key of a workflow. */
export const workflowKey = (repo: RelationRepo, id: number | string) => `${repo.path}/actions/workflows/${id}`;

const fileOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A run by id, or undefined. */
export function runById(state: CodeHostingState, repo: RelationRepo, id: number | string): RunRecord | undefined {
  const r = tableGet(state.catalog.records, runKey(repo, id)) as RunRecord | undefined;
  return r && typeof r.run_attempt === 'number' ? r : undefined;
}

/** A job by id, or undefined. */
export function jobById(state: CodeHostingState, repo: RelationRepo, id: number | string): JobRecord | undefined {
  const j = tableGet(state.catalog.records, jobKey(repo, id)) as JobRecord | undefined;
  return j && typeof j.run_id === 'number' ? j : undefined;
}

/** A workflow by id or file name (`ci.yml`), or undefined. */
export function workflowOf(state: CodeHostingState, repo: RelationRepo, idOrFile: string): WorkflowRecord | undefined {
  const id = /^\d+$/.test(idOrFile) ? idOrFile : state.actions.workflowByFile[`${repo.record.id}:${idOrFile}`];
  if (id === undefined) return undefined;
  const w = tableGet(state.catalog.records, workflowKey(repo, id)) as WorkflowRecord | undefined;
  return w && typeof w.path === 'string' ? w : undefined;
}

/** The workflow of a file, created (active) when the repository has none at that path. */
export function ensureWorkflow(
  state: CodeHostingState,
  repo: RelationRepo,
  file: string,
  name: string | undefined,
  now: string,
  fixedId?: number,
): WorkflowRecord {
  const path = file.includes('/') ? file : `.github/workflows/${file}`;
  const existing = workflowOf(state, repo, fileOf(path)) ?? (fixedId === undefined ? undefined : workflowOf(state, repo, String(fixedId)));
  if (existing) return existing;
  const id = fixedId ?? nextId(state.counters, 'catalog', 1000);
  const rec: WorkflowRecord = { id, name: name ?? path, path, state: 'active', created_at: now, updated_at: now };
  tableSet(state.catalog.records, workflowKey(repo, id), rec);
  state.actions.workflowByFile[`${repo.record.id}:${fileOf(path)}`] = id;
  multiAdd(state.actions.workflows, repo.record.id, id);
  return rec;
}

/** The names of the run lists a run belongs to (all runs of the repository first). */
export function runIndexNames(repoId: number, r: RunRecord): string[] {
  const p = `${repoId}:`;
  return [
    `${p}all`,
    `${p}workflow:${r.workflow_id}`,
    `${p}branch:${r.head_branch}`,
    `${p}event:${r.event}`,
    `${p}sha:${r.head_sha}`,
    `${p}actor:${r.actor.toLowerCase()}`,
    ...statusIndexNames(repoId, r),
  ];
}

function statusIndexNames(repoId: number, r: Pick<RunRecord, 'status' | 'conclusion'>): string[] {
  return [`${repoId}:status:${r.status}`, ...(r.conclusion ? [`${repoId}:status:${r.conclusion}`] : [])];
}

/** Inserts a run id into an ascending list at its place (appending when it is the newest). */
function insertSorted(lists: Draft<KeyLists>, name: string, id: number): void {
  const list = tableGet(lists, name) as Draft<KeyList> | undefined;
  const last = list?.chunks[list.chunks.length - 1];
  if (!list || !last || Number(last[last.length - 1]) < id) {
    keyListPush(lists, name, String(id));
    return;
  }
  let c = 0;
  while (c < list.chunks.length - 1 && Number((list.chunks[c] as string[])[(list.chunks[c] as string[]).length - 1]) < id) c++;
  const chunk = list.chunks[c] as string[];
  let i = 0;
  while (i < chunk.length && Number(chunk[i]) < id) i++;
  chunk.splice(i, 0, String(id));
  if (chunk.length > KEY_CHUNK) list.chunks.splice(c + 1, 0, chunk.splice(KEY_CHUNK));
  list.size += 1;
}

/** Moves a run between the status lists when its status or conclusion changes. */
function setStatus(state: CodeHostingState, repo: RelationRepo, run: RunRecord, status: string, conclusion: string | null): void {
  const before = statusIndexNames(repo.record.id, run);
  const after = statusIndexNames(repo.record.id, { status, conclusion });
  for (const n of before) if (!after.includes(n)) keyListRemove(state.actions.runLists, n, String(run.id));
  for (const n of after) if (!before.includes(n)) insertSorted(state.actions.runLists, n, run.id);
  run.status = status;
  run.conclusion = conclusion;
}

/** What seeding or starting a job takes. */
export interface NewJob {
  /** A fixed job id (default: the next id). */
  id?: number | undefined;
  name: string;
  status?: string | undefined;
  conclusion?: string | null | undefined;
  labels?: string[] | undefined;
  steps?: { name: string; status?: string | undefined; conclusion?: string | null | undefined }[] | undefined;
}

/** What creating a run takes. */
export interface NewRun {
  /** A fixed run id (default: the next id). */
  id?: number | undefined;
  /** Workflow file (`ci.yml`) or path (`.github/workflows/ci.yml`). */
  workflow: string;
  workflowName?: string | undefined;
  head_branch?: string | undefined;
  head_sha?: string | undefined;
  event?: string | undefined;
  status?: string | undefined;
  conclusion?: string | null | undefined;
  display_title?: string | undefined;
  actor: string;
  created_at?: string | undefined;
  jobs?: NewJob[] | undefined;
}

function stepsOf(j: NewJob, status: string, conclusion: string | null, now: string): StepRecord[] {
  return (j.steps ?? []).map((s, i) => {
    const st = s.status ?? status;
    return {
      name: s.name,
      status: st,
      conclusion: st === 'completed' ? (s.conclusion ?? conclusion ?? 'success') : null,
      number: i + 1,
      started_at: st === 'queued' ? null : now,
      completed_at: st === 'completed' ? now : null,
    };
  });
}

function addJob(state: CodeHostingState, repo: RelationRepo, run: RunRecord, j: NewJob, now: string): number {
  if (j.id !== undefined && jobById(state, repo, j.id)) throw new Error(`stuntdouble: job ${j.id} exists already`);
  const id = j.id ?? nextId(state.counters, 'catalog', 1000);
  const status = j.status ?? run.status;
  const conclusion = status === 'completed' ? (j.conclusion ?? run.conclusion ?? 'success') : null;
  const rec: JobRecord = {
    id,
    run_id: run.id,
    run_attempt: run.run_attempt,
    name: j.name,
    status,
    conclusion,
    head_sha: run.head_sha,
    head_branch: run.head_branch,
    workflow_name: run.name,
    labels: j.labels ?? ['ubuntu-latest'],
    steps: stepsOf(j, status, conclusion, now),
    created_at: now,
    started_at: now,
    completed_at: status === 'completed' ? now : null,
  };
  tableSet(state.catalog.records, jobKey(repo, id), rec);
  return id;
}

/** Stores a run (its workflow created when missing) and its first attempt's jobs, and indexes it. */
export function createRun(state: CodeHostingState, repo: RelationRepo, input: NewRun, env: { now: string }): RunRecord {
  if (input.id !== undefined && runById(state, repo, input.id)) throw new Error(`stuntdouble: workflow run ${input.id} exists already`);
  const wf = ensureWorkflow(state, repo, input.workflow, input.workflowName, env.now);
  const id = input.id ?? nextId(state.counters, 'catalog', 1000);
  const branch = input.head_branch ?? repo.defaultBranch;
  const sha = input.head_sha ?? resolveCommitish(state, repo, branch) ?? hashSha(`run:${repo.record.id}:${id}`);
  const status = input.status ?? (input.conclusion ? 'completed' : 'queued');
  const at = input.created_at ?? env.now;
  const runNumber = (state.actions.runNumbers[wf.id] ?? 0) + 1;
  state.actions.runNumbers[wf.id] = runNumber;
  const title = input.display_title ?? getCommit(state, repo, sha)?.message.split('\n')[0] ?? wf.name;
  const rec: RunRecord = {
    id,
    name: wf.name,
    workflow_id: wf.id,
    path: wf.path,
    head_branch: branch,
    head_sha: sha,
    event: input.event ?? 'push',
    status,
    conclusion: status === 'completed' ? (input.conclusion ?? 'success') : null,
    run_number: runNumber,
    run_attempt: 1,
    display_title: title,
    actor: input.actor,
    triggering_actor: input.actor,
    created_at: at,
    updated_at: env.now,
    run_started_at: at,
  };
  tableSet(state.catalog.records, runKey(repo, id), rec);
  tableSet(state.actions.runJobs, String(id), [(input.jobs ?? []).map((j) => addJob(state, repo, rec, j, at))]);
  for (const n of runIndexNames(repo.record.id, rec)) insertSorted(state.actions.runLists, n, id);
  return tableGet(state.catalog.records, runKey(repo, id)) as RunRecord;
}

const CANCEL_DOCS = 'https://docs.github.com/rest/actions/workflow-runs#cancel-a-workflow-run';
const RERUN_DOCS = 'https://docs.github.com/rest/actions/workflow-runs#re-run-a-workflow';

/** Job ids of each attempt of a run (index 0: attempt 1). */
export function runAttempts(state: CodeHostingState, runId: number): readonly (readonly number[])[] {
  return tableGet(state.actions.runJobs, String(runId)) ?? [];
}

/** Job ids of an attempt of a run (the latest when `attempt` is undefined). */
export function attemptJobs(state: CodeHostingState, runId: number, attempt?: number): readonly number[] {
  const all = runAttempts(state, runId);
  return all[(attempt ?? all.length) - 1] ?? [];
}

/** Cancels a run that has not completed (it and its unfinished jobs complete as `cancelled`); 409 otherwise. */
export function cancelRun(state: CodeHostingState, repo: RelationRepo, run: RunRecord, now: string): void {
  if (run.status === 'completed') throw new GitHubError(409, 'Cannot cancel a workflow run that is completed.', { documentationUrl: CANCEL_DOCS });
  setStatus(state, repo, run, 'completed', 'cancelled');
  run.updated_at = now;
  for (const jid of attemptJobs(state, run.id)) {
    const j = jobById(state, repo, jid);
    if (!j || j.status === 'completed') continue;
    j.status = 'completed';
    j.conclusion = 'cancelled';
    j.completed_at = now;
    for (const s of j.steps)
      if (s.status !== 'completed') {
        s.status = 'completed';
        s.conclusion = 'cancelled';
        s.completed_at = now;
      }
  }
}

/**
 * Moves a run on (what GitHub's runners do): to `queued`, `in_progress` or `completed` (with a
 * conclusion, default `success`); the latest attempt's unfinished jobs and steps move with it.
 */
export function progressRun(state: CodeHostingState, repo: RelationRepo, run: RunRecord, status: string, conclusion: string | null, now: string): void {
  const done = status === 'completed';
  setStatus(state, repo, run, status, done ? (conclusion ?? 'success') : null);
  run.updated_at = now;
  for (const jid of attemptJobs(state, run.id)) {
    const j = jobById(state, repo, jid);
    if (!j || j.status === 'completed') continue;
    j.status = status;
    j.conclusion = run.conclusion;
    if (done) j.completed_at = now;
    for (const s of j.steps)
      if (s.status !== 'completed') {
        s.status = status;
        s.conclusion = run.conclusion;
        if (status !== 'queued') s.started_at ??= now;
        if (done) s.completed_at = now;
      }
  }
}

const FAILED = new Set(['failure', 'cancelled', 'timed_out', 'startup_failure']);

/**
 * Starts a new attempt of a completed run (403 while it runs): the run is `queued` again with
 * `run_attempt` + 1; the earlier attempt stays readable under `/attempts/<n>`. Every job (or, with
 * `failedOnly`, every failed or cancelled job; with `job`, that job) gets a queued job of the new
 * attempt; the others are carried over as they finished.
 */
export function rerunRun(
  state: CodeHostingState,
  repo: RelationRepo,
  run: RunRecord,
  o: { failedOnly: boolean; login: string; now: string /** Re-run this job only (`POST /actions/jobs/{id}/rerun`). */; job?: number },
): void {
  if (run.status !== 'completed') throw new GitHubError(403, 'This workflow is already running', { documentationUrl: RERUN_DOCS });
  const previous = attemptJobs(state, run.id);
  if (o.failedOnly && !previous.some((jid) => FAILED.has(jobById(state, repo, jid)?.conclusion ?? ''))) {
    throw new GitHubError(403, 'This workflow run cannot be retried', { documentationUrl: RERUN_DOCS });
  }
  tableSet(state.catalog.records, attemptKey(repo, run.id, run.run_attempt), { ...run });
  setStatus(state, repo, run, 'queued', null);
  run.run_attempt += 1;
  run.triggering_actor = o.login;
  run.run_started_at = o.now;
  run.updated_at = o.now;
  const next: number[] = [];
  for (const jid of previous) {
    const j = jobById(state, repo, jid);
    if (!j) continue;
    if ((o.failedOnly && !FAILED.has(j.conclusion ?? '')) || (o.job !== undefined && j.id !== o.job)) {
      next.push(jid);
      continue;
    }
    next.push(addJob(state, repo, run, { name: j.name, status: 'queued', labels: [...j.labels], steps: j.steps.map((s) => ({ name: s.name })) }, o.now));
  }
  tableSet(state.actions.runJobs, String(run.id), [...runAttempts(state, run.id), next] as number[][]);
}

/** Removes a run, its jobs and attempts from the indexes (its records go). */
export function deleteRun(state: CodeHostingState, repo: RelationRepo, run: RunRecord, drop: (key: string) => void): void {
  for (const n of runIndexNames(repo.record.id, run)) keyListRemove(state.actions.runLists, n, String(run.id));
  for (const jobs of runAttempts(state, run.id)) for (const jid of jobs) drop(jobKey(repo, jid));
  for (let n = 1; n < run.run_attempt; n++) drop(attemptKey(repo, run.id, n));
  tableDelete(state.actions.runJobs, String(run.id));
  drop(runKey(repo, run.id));
}

/** The run list to scan for a set of filters: the shortest of the named lists. */
export function narrowest(state: CodeHostingState, names: readonly string[]): { name: string; list: KeyList | undefined } {
  let best: { name: string; list: KeyList | undefined } | undefined;
  for (const name of names) {
    const list = keyList(state.actions.runLists, name);
    if (!list) return { name, list: undefined };
    if (!best || (best.list?.size ?? 0) > list.size) best = { name, list };
  }
  return best ?? { name: '', list: undefined };
}

/** A run's check suite id is the run id plus this (the run is found back from a `check_suite_id` filter). */
export const CHECK_SUITE_OFFSET = 1_000_000;

/** 404 with the Actions documentation link. */
export const actionsNotFound = () => githubError.notFound('https://docs.github.com/rest/actions/workflow-runs');
