import { z } from 'zod';
import type { Resource } from '../core/catalog/state.js';
import type { GitHubHost } from '../core/context.js';
import type { CodeHostingState } from '../state.js';
import { tableSet } from '../../../store/table.js';
import { parseInput } from '../../../util/parse.js';
import { seededRepo } from '../git/seed.js';
import { CONCLUSIONS, RUN_STATUSES, attemptJobs, attemptKey, createRun, ensureWorkflow, jobById, progressRun, runAttempts, runById } from './model.js';
import { seedRunner } from './model/runners.js';
import { jobView, runView, workflowView } from './model/views.js';
import type { JobRecord } from './state.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/** Seeds of workflow runs (and their workflows and jobs). */

const Status = z.enum(RUN_STATUSES);
const Conclusion = z.enum(CONCLUSIONS);

/** One step of a seeded job. */
const StepSeedSchema = z.object({ name: z.string().min(1), status: Status.optional(), conclusion: Conclusion.nullable().optional() }).strict();

/** One job of a seeded run. */
const JobSeedSchema = z
  .object({
    name: z.string().min(1),
    /** Default: the run's status. */
    status: Status.optional(),
    /** Of a completed job (default: the run's conclusion). */
    conclusion: Conclusion.nullable().optional(),
    /** Runner labels (default `['ubuntu-latest']`). */
    labels: z.array(z.string()).optional(),
    steps: z.array(StepSeedSchema).optional(),
  })
  .strict();

/** What `fakes.codeHosting.seed.workflowRun(...)` accepts. */
export const WorkflowRunSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    /** Workflow file (`ci.yml`) or path (`.github/workflows/ci.yml`); the workflow is created when missing. */
    workflow: z.string().min(1),
    /** The workflow's name (default: its path), when the workflow is new. */
    workflowName: z.string().min(1).optional(),
    /** `queued` unless a conclusion is given (then `completed`). */
    status: Status.optional(),
    /** Of a completed run (default `success`). */
    conclusion: Conclusion.nullable().optional(),
    /** Branch the run ran on (default: the default branch). */
    branch: z.string().min(1).optional(),
    /** Commit the run ran on (default: the branch's head). */
    head_sha: z.string().min(1).optional(),
    /** Triggering event (default `push`). */
    event: z.string().min(1).optional(),
    /** Login of the account that started it (default: the repository's owner). */
    actor: z.string().min(1).optional(),
    /** Default: the head commit's first message line. */
    displayTitle: z.string().optional(),
    /** Creation instant (ISO; default: now on the fake clock). */
    createdAt: z.string().optional(),
    jobs: z.array(JobSeedSchema).default([]),
  })
  .strict();
/** Input of a workflow-run seed. */
export type WorkflowRunSeed = z.input<typeof WorkflowRunSeedSchema>;

/** A seeded run: GitHub's workflow-run JSON with its jobs' JSON beside it. */
export interface SeededWorkflowRun extends Resource {
  id: number;
  run_number: number;
  /** GitHub's job JSON of each job, in seed order. */
  jobs: Resource[];
}

/** The workflow-run seed helper of `fakes.codeHosting.seed`. */
export interface WorkflowRunSeeds {
  /**
   * Seeds a workflow run with its jobs (its workflow created when missing); readable through every
   * Actions path (`getWorkflowRun`, `listWorkflowRunsForRepo`, `listWorkflowRuns`, `listJobsForWorkflowRun`, ...).
   * @example fakes.codeHosting.seed.workflowRun({ owner: 'octo', repo: 'hello', workflow: 'ci.yml', conclusion: 'failure', jobs: [{ name: 'test', conclusion: 'failure' }] })
   */
  workflowRun(input: WorkflowRunSeed): SeededWorkflowRun;
}

function seedRun(state: CodeHostingState, s: z.output<typeof WorkflowRunSeedSchema>, env: { now: string; baseUrl: string }): SeededWorkflowRun {
  const repo = seededRepo(state, s.owner, s.repo);
  const rec = createRun(
    state,
    repo,
    {
      workflow: s.workflow,
      workflowName: s.workflowName,
      head_branch: s.branch,
      head_sha: s.head_sha,
      event: s.event,
      status: s.status,
      conclusion: s.conclusion,
      display_title: s.displayTitle,
      actor: s.actor ?? repo.record.ownerLogin,
      created_at: s.createdAt ? new Date(Date.parse(s.createdAt)).toISOString() : undefined,
      jobs: s.jobs,
    },
    env,
  );
  const v = { state, repo, baseUrl: env.baseUrl };
  const jobs = attemptJobs(state, rec.id).flatMap((id) => {
    const j = jobById(state, repo, id);
    return j ? [jobView(v, j)] : [];
  });
  const body = runView(v, rec);
  return { ...body, actor: { login: rec.actor }, triggering_actor: { login: rec.triggering_actor }, id: rec.id, run_number: rec.run_number, jobs };
}

/** Builds the workflow-run seed helper over the service host. */
export function workflowRunSeeds(host: GitHubHost): WorkflowRunSeeds {
  return {
    workflowRun(input) {
      const s = parseInput(WorkflowRunSeedSchema, input, 'codeHosting.seed.workflowRun()');
      const env = { now: host.clock.now().toISOString(), baseUrl: host.baseUrls[0] ?? 'https://api.github.com' };
      return host.update((d) => seedRun(d as CodeHostingState, s, env));
    },
  };
}

const str = (body: Resource, f: string) => (typeof body[f] === 'string' ? (body[f] as string) : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/**
 * `seed.resource` of an Actions path, with fields in GitHub's spelling: `/actions/runs/<id>` (a run
 * of that id: `status`, `conclusion`, `head_branch`, `head_sha`, `event`, `path`, `name`,
 * `display_title`), `/actions/runs/<id>/attempts/<n>` (the run at attempt `n`), `/actions/jobs/<id>` (a
 * job of that id in a new run: `name`, `status`, `conclusion`), `/actions/workflows/<id or file>`. A run,
 * job or workflow that exists already is answered as it is.
 */
export function seedActionsResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/actions\/(runs|jobs|workflows)\/([^/]+)(?:\/attempts\/(\d+))?$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no workflow run, job or workflow path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string));
  const v = { state, repo, baseUrl: env.baseUrl };
  const kind = m[3] as string;
  const idOrFile = decodeURIComponent(m[4] as string);
  const workflow = str(body, 'path') ?? 'ci.yml';
  const status = oneOf(RUN_STATUSES, str(body, 'status'));
  const conclusion = oneOf(CONCLUSIONS, str(body, 'conclusion'));
  if (kind === 'workflows') {
    const numeric = /^\d+$/.test(idOrFile);
    const file = numeric ? (str(body, 'path') ?? `workflow-${idOrFile}.yml`) : idOrFile;
    const wf = ensureWorkflow(state, repo, file, str(body, 'name'), env.now, numeric ? Number(idOrFile) : undefined);
    return workflowView(v, wf);
  }
  const actor = repo.record.ownerLogin;
  if (kind === 'jobs') {
    const seeded = jobById(state, repo, Number(idOrFile));
    if (seeded) return jobView(v, seeded);
    createRun(state, repo, { workflow, actor, status, conclusion, jobs: [{ id: Number(idOrFile), name: str(body, 'name') ?? 'build' }] }, env);
    return jobView(v, jobById(state, repo, Number(idOrFile)) as JobRecord);
  }
  const id = Number(idOrFile);
  // A run path seeds a run (an existing one stays as it is); an attempt path moves it to that attempt.
  const existing = runById(state, repo, id);
  const run =
    existing ??
    createRun(
      state,
      repo,
      {
        id,
        workflow,
        workflowName: str(body, 'name'),
        head_branch: str(body, 'head_branch'),
        head_sha: str(body, 'head_sha'),
        event: str(body, 'event'),
        status: status ?? 'completed',
        conclusion,
        display_title: str(body, 'display_title'),
        actor,
        jobs: [{ name: 'build' }],
      },
      env,
    );
  if (m[5] === undefined) return runView(v, run);
  // At attempt n: the earlier attempts' jobs carried over.
  const n = Number(m[5]);
  const attempts = runAttempts(state, run.id).map((a) => [...a]);
  if (attempts.length === 0) attempts.push([]);
  while (attempts.length < n) attempts.push([...(attempts[attempts.length - 1] ?? [])]);
  for (let k = run.run_attempt; k < n; k++) tableSet(state.catalog.records, attemptKey(repo, run.id, k), { ...run, run_attempt: k });
  tableSet(state.actions.runJobs, String(run.id), attempts);
  if (n > run.run_attempt) run.run_attempt = n;
  return runView(v, run);
}

/** Controls of seeded workflow runs (`fakes.codeHosting.actions`). */
export interface WorkflowRunControls {
  /**
   * Moves a run on as GitHub's runners would: `in_progress`, or `completed` with a conclusion (default
   * `success`); its latest attempt's unfinished jobs and steps move with it. Answers the run's JSON.
   * @example fakes.codeHosting.actions.progress('octo', 'hello', run.id, 'completed', 'failure')
   */
  progress(owner: string, repo: string, runId: number, status: (typeof RUN_STATUSES)[number], conclusion?: (typeof CONCLUSIONS)[number]): Resource;
}

/** Builds the workflow-run controls over the service host. */
export function workflowRunControls(host: GitHubHost): WorkflowRunControls {
  return {
    progress(owner, repo, runId, status, conclusion) {
      const st = parseInput(Status, status, 'codeHosting.actions.progress() status');
      const c = conclusion === undefined ? undefined : parseInput(Conclusion, conclusion, 'codeHosting.actions.progress() conclusion');
      const env = { now: host.clock.now().toISOString(), baseUrl: host.baseUrls[0] ?? 'https://api.github.com' };
      return host.update((d) => {
        const state = d as CodeHostingState;
        const r = seededRepo(state, owner, repo);
        const run = runById(state, r, runId);
        if (!run) throw new Error(`stuntdouble: no workflow run ${runId} in ${owner}/${repo}`);
        progressRun(state, r, run, st, c ?? null, env.now);
        return { ...runView({ state, repo: r, baseUrl: env.baseUrl }, run), actor: { login: run.actor }, triggering_actor: { login: run.triggering_actor } };
      });
    },
  };
}

const A = '/repos/{owner}/{repo}/actions';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a run, attempt, job or workflow path creates it in the Actions model. */
export const ACTIONS_SEEDER: RelationSeeder = pathSeeder({
  [`${A}/runs/{run_id}`]: seedActionsResource,
  [`${A}/runs/{run_id}/attempts/{attempt_number}`]: seedActionsResource,
  [`${A}/jobs/{job_id}`]: seedActionsResource,
  [`${A}/workflows/{workflow_id}`]: seedActionsResource,
  [`${A}/runners/{runner_id}`]: (state, key, body, env) => seedRunner(state, `${A}/runners/{runner_id}`, key, body, env),
  ['/orgs/{org}/actions/runners/{runner_id}']: (state, key, body, env) => seedRunner(state, '/orgs/{org}/actions/runners/{runner_id}', key, body, env),
});
