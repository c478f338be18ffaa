import { keyList, keyListAll } from '../../../../store/key-list.js';
import type { Resource } from '../../core/catalog/state.js';
import type { RelationRepo } from '../../core/family.js';
import type { CodeHostingState } from '../../state.js';
import { jobById, runAttempts, runById } from '../model.js';
import type { JobRecord, RunRecord } from '../state.js';

/**
 * Billable time of workflow runs (`GET .../runs/{run_id}/timing`, `GET .../workflows/{workflow_id}/timing`),
 * as GitHub's description states it: usage is listed for each GitHub-hosted runner operating system a
 * job ran on (UBUNTU, MACOS, WINDOWS: the OS of the job's `runs-on` label, `ubuntu-latest`,
 * `macos-14`, `windows-2022`), in milliseconds, re-runs included, without the macOS and Windows
 * multipliers and not rounded up. Only GitHub-hosted runners bill (a `self-hosted` job is left out), and
 * only in private repositories: a public repository's jobs are listed with 0 ms. A job's time is from
 * its start to its completion (to now while it runs; none while queued). A workflow's usage is that
 * of its runs created in the current billing cycle (the calendar month of the fake clock, UTC).
 */

/** The runner operating systems GitHub bills, as its answers name them. */
export const BILLED_OS = ['UBUNTU', 'MACOS', 'WINDOWS'] as const;
/** A runner operating system GitHub bills. */
export type BilledOs = (typeof BILLED_OS)[number];

const OS_LABEL: ReadonlyArray<[RegExp, BilledOs]> = [
  [/^ubuntu(-|$)/i, 'UBUNTU'],
  [/^macos(-|$)/i, 'MACOS'],
  [/^windows(-|$)/i, 'WINDOWS'],
];

/** The GitHub-hosted runner OS a job ran on, from its labels; undefined for a self-hosted runner or an unknown label. */
export function runnerOs(labels: readonly string[]): BilledOs | undefined {
  if (labels.some((l) => l.toLowerCase() === 'self-hosted')) return undefined;
  for (const l of labels) for (const [re, os] of OS_LABEL) if (re.test(l)) return os;
  return undefined;
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);
const span = (from: string | null | undefined, to: string | null | undefined) => {
  const d = ms(to) - ms(from);
  return Number.isFinite(d) && d > 0 ? d : 0;
};

/** How long a job ran: start to completion, start to now while it runs, nothing while queued. */
export function jobDuration(j: JobRecord, now: string): number {
  if (j.status === 'queued' || j.status === 'waiting' || j.status === 'pending' || j.status === 'requested') return 0;
  return span(j.started_at, j.completed_at ?? now);
}

/** Every job of a run, every attempt (re-runs bill too), each once. */
function runJobs(state: CodeHostingState, repo: RelationRepo, run: RunRecord): JobRecord[] {
  const ids = [...new Set(runAttempts(state, run.id).flat())];
  return ids.map((id) => jobById(state, repo, id)).filter((j): j is JobRecord => j !== undefined);
}

interface OsUsage {
  total_ms: number;
  jobs: number;
  job_runs: { job_id: number; duration_ms: number }[];
}

function billable(jobs: readonly JobRecord[], billed: boolean, now: string): Partial<Record<BilledOs, OsUsage>> {
  const out: Partial<Record<BilledOs, OsUsage>> = {};
  for (const j of jobs) {
    const os = runnerOs(j.labels);
    if (!os) continue;
    const duration = billed ? jobDuration(j, now) : 0;
    const u = out[os] ?? { total_ms: 0, jobs: 0, job_runs: [] };
    out[os] = u;
    u.total_ms += duration;
    u.jobs += 1;
    u.job_runs.push({ job_id: j.id, duration_ms: duration });
  }
  // GitHub's order: UBUNTU, MACOS, WINDOWS.
  return Object.fromEntries(BILLED_OS.filter((os) => out[os]).map((os) => [os, out[os]]));
}

/** A run's usage: billable time per runner OS with its jobs, and how long the run has run. */
export function runUsage(state: CodeHostingState, repo: RelationRepo, run: RunRecord, now: string): Resource {
  const billed = repo.record.private;
  const end = run.status === 'completed' ? run.updated_at : now;
  return { billable: billable(runJobs(state, repo, run), billed, now), run_duration_ms: span(run.run_started_at, end) };
}

/** A workflow's usage in the current billing cycle: billable time per runner OS over its runs created this month. */
export function workflowUsage(state: CodeHostingState, repo: RelationRepo, workflowId: number, now: string): Resource {
  const month = now.slice(0, 7);
  const jobs: JobRecord[] = [];
  for (const id of keyListAll(keyList(state.actions.runLists, `${repo.record.id}:workflow:${workflowId}`))) {
    const run = runById(state, repo, id);
    if (run && run.created_at.slice(0, 7) === month) jobs.push(...runJobs(state, repo, run));
  }
  const perOs = billable(jobs, repo.record.private, now);
  return { billable: Object.fromEntries(Object.entries(perOs).map(([os, u]) => [os, { total_ms: (u as OsUsage).total_ms }])) };
}
