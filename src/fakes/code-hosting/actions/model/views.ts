import type { Resource } from '../../core/catalog/state.js';
import type { View } from '../../core/family.js';
import { getCommit } from '../../git/model.js';
import { apiOf, nodeId, webOf } from '../../git/model/views.js';
import { CHECK_SUITE_OFFSET } from '../model.js';
import type { JobRecord, RunRecord, WorkflowRecord } from '../state.js';

/** How Actions objects render: GitHub's workflow, workflow run and job JSON, from the stored records. */

/** GitHub's workflow JSON. */
export function workflowView(v: View, w: WorkflowRecord): Resource {
  return {
    id: w.id,
    node_id: nodeId('Workflow', v, String(w.id)),
    name: w.name,
    path: w.path,
    state: w.state,
    created_at: w.created_at,
    updated_at: w.updated_at,
    url: `${apiOf(v)}/actions/workflows/${w.id}`,
    html_url: `${webOf(v)}/blob/${v.repo.defaultBranch}/${w.path}`,
    badge_url: `${webOf(v)}/workflows/${encodeURIComponent(w.name)}/badge.svg`,
  };
}

function headCommit(v: View, sha: string): Resource | null {
  const c = getCommit(v.state, v.repo, sha);
  if (!c) return null;
  return {
    id: sha,
    tree_id: c.tree,
    message: c.message,
    timestamp: c.committer.date,
    author: { name: c.author.name, email: c.author.email },
    committer: { name: c.committer.name, email: c.committer.email },
  };
}

/** GitHub's workflow-run JSON (the renderer turns `actor` logins and the repositories into objects). */
export function runView(v: View, r: RunRecord): Resource {
  const api = `${apiOf(v)}/actions/runs/${r.id}`;
  return {
    id: r.id,
    name: r.name,
    node_id: nodeId('WorkflowRun', v, String(r.id)),
    check_suite_id: r.id + CHECK_SUITE_OFFSET,
    check_suite_node_id: nodeId('CheckSuite', v, String(r.id + CHECK_SUITE_OFFSET)),
    head_branch: r.head_branch,
    head_sha: r.head_sha,
    path: r.path,
    display_title: r.display_title,
    run_number: r.run_number,
    event: r.event,
    status: r.status,
    conclusion: r.conclusion,
    workflow_id: r.workflow_id,
    url: api,
    html_url: `${webOf(v)}/actions/runs/${r.id}`,
    pull_requests: [],
    created_at: r.created_at,
    updated_at: r.updated_at,
    actor: r.actor,
    triggering_actor: r.triggering_actor,
    run_attempt: r.run_attempt,
    referenced_workflows: [],
    run_started_at: r.run_started_at,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${apiOf(v)}/check-suites/${r.id + CHECK_SUITE_OFFSET}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: r.run_attempt > 1 ? `${api}/attempts/${r.run_attempt - 1}` : null,
    workflow_url: `${apiOf(v)}/actions/workflows/${r.workflow_id}`,
    head_commit: headCommit(v, r.head_sha),
    head_repository_id: v.repo.record.id,
  };
}

/** GitHub's job JSON. */
export function jobView(v: View, j: JobRecord): Resource {
  return {
    id: j.id,
    run_id: j.run_id,
    run_url: `${apiOf(v)}/actions/runs/${j.run_id}`,
    run_attempt: j.run_attempt,
    node_id: nodeId('CheckRun', v, String(j.id)),
    head_sha: j.head_sha,
    url: `${apiOf(v)}/actions/jobs/${j.id}`,
    html_url: `${webOf(v)}/actions/runs/${j.run_id}/job/${j.id}`,
    status: j.status,
    conclusion: j.conclusion,
    created_at: j.created_at,
    started_at: j.started_at,
    completed_at: j.completed_at,
    name: j.name,
    steps: j.steps.map((s) => ({ ...s })),
    check_run_url: `${apiOf(v)}/check-runs/${j.id}`,
    labels: [...j.labels],
    runner_id: j.status === 'queued' ? null : 1,
    runner_name: j.status === 'queued' ? null : 'GitHub Actions 1',
    runner_group_id: j.status === 'queued' ? null : 1,
    runner_group_name: j.status === 'queued' ? null : 'GitHub Actions',
    workflow_name: j.workflow_name,
    head_branch: j.head_branch,
  };
}
