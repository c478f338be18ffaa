import type { Resource } from '../../core/catalog/state.js';
import { repoView } from '../../repos/model.js';
import { branchSha, repoSeed } from '../../core/shapes/render.js';
import { branchHead, repoAt } from './branches.js';
import { type IssueCtx, association, loginOf, rec } from './context.js';
import { commitCommentKey, eventKey, issueCommentKey, issueKey, milestoneKey, pullKey, reviewCommentKey, reviewKey } from './keys.js';
import { membersOf } from './lists.js';
import { assigneesOf, baseOf, headOf, labelsOf, milestoneOf } from '../model.js';
import { pullStats } from './pull-diff.js';
import { subIssuesSummary } from '../../sub-issues/model/ids.js';

/**
 * What the family answers: each object assembled from its one stored record plus what is derived
 * (counters from the indexes, reaction rollups, URLs of the request's host, linked objects), handed
 * to the shape renderer which completes GitHub's documented shape.
 */

/** Reaction contents GitHub knows. */
export const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;

const user = (login: string | undefined): Resource | null => (login ? { login } : null);

/** The reaction rollup of a subject (an issue or a comment, by its key). */
export function rollup(c: IssueCtx, subjectKey: string): Resource {
  const counts = c.ix.counts[subjectKey.slice(c.rp.length)] ?? {};
  const out: Resource = { url: `${c.base}${subjectKey}/reactions`, total_count: 0 };
  let total = 0;
  for (const k of REACTIONS) {
    out[k] = counts[k] ?? 0;
    total += counts[k] ?? 0;
  }
  out.total_count = total;
  return out;
}

/** Size of an index list (counters such as a milestone's `open_issues`). */
export function sizeOf(c: IssueCtx, name: string): number {
  return membersOf(c.ix.lists, name, 'created').length;
}

/** A milestone with its counters, or null when it does not exist. */
export function milestoneView(c: IssueCtx, n: number): Resource | null {
  const m = rec(c, milestoneKey(c.rp, n));
  if (!m) return null;
  const key = milestoneKey(c.rp, n);
  return {
    id: m.id,
    node_id: m.node_id,
    number: n,
    title: m.title ?? '',
    description: m.description ?? null,
    state: m.state === 'closed' ? 'closed' : 'open',
    creator: user(loginOf(m.creator)) ?? user(c.repo.ownerLogin),
    open_issues: sizeOf(c, `I|open|m:${n}`),
    closed_issues: sizeOf(c, `I|closed|m:${n}`),
    created_at: m.created_at ?? c.now,
    updated_at: m.updated_at ?? c.now,
    closed_at: m.closed_at ?? null,
    due_on: m.due_on ?? null,
    url: `${c.base}${key}`,
    html_url: `${c.web}${c.webRepo}/milestone/${n}`,
    labels_url: `${c.base}${key}/labels`,
  };
}

/** Whether issue n is a pull request. */
export function isPull(c: IssueCtx, n: number): boolean {
  return Boolean(rec(c, issueKey(c.rp, n))?._pull && rec(c, pullKey(c.rp, n)));
}

/** Issue n as GitHub answers it under `/issues` (a pull request too, with `pull_request` set). */
export function issueView(c: IssueCtx, n: number): Resource | null {
  const key = issueKey(c.rp, n);
  const i = rec(c, key);
  if (!i) return null;
  const pull = i._pull ? rec(c, pullKey(c.rp, n)) : undefined;
  const author = loginOf(i.user) ?? c.repo.ownerLogin;
  const assignees = assigneesOf(i);
  const m = milestoneOf(i);
  const web = `${c.web}${c.webRepo}/${pull ? 'pull' : 'issues'}/${n}`;
  return {
    id: i.id,
    node_id: i.node_id,
    number: n,
    title: i.title ?? '',
    body: i.body ?? null,
    user: user(author),
    labels: labelsOf(i),
    state: i.state === 'closed' ? 'closed' : 'open',
    state_reason: i.state_reason ?? null,
    locked: i.locked === true,
    active_lock_reason: i.active_lock_reason ?? null,
    assignee: user(assignees[0]),
    assignees: assignees.map((a) => ({ login: a })),
    milestone: m === null ? null : milestoneView(c, m),
    comments: Number(i.comments ?? 0),
    created_at: i.created_at ?? c.now,
    updated_at: i.updated_at ?? c.now,
    closed_at: i.closed_at ?? null,
    closed_by: user(loginOf(i.closed_by)),
    author_association: association(c, author),
    reactions: rollup(c, key),
    sub_issues_summary: subIssuesSummary(c.s, key),
    url: `${c.base}${key}`,
    html_url: web,
    ...(pull
      ? {
          draft: pull.draft === true,
          pull_request: {
            url: `${c.base}${pullKey(c.rp, n)}`,
            html_url: web,
            diff_url: `${web}.diff`,
            patch_url: `${web}.patch`,
            merged_at: pull.merged_at ?? null,
          },
        }
      : {}),
  };
}

/** A branch reference of a pull (`head` or `base`): live sha while the pull is open, the last known one after. */
function branchRef(c: IssueCtx, repoPath: string, ref: string, known: string | undefined, live: boolean): Resource {
  const r = repoPath === c.rp ? c.repo : repoAt(c.s, repoPath);
  const owner = r?.ownerLogin ?? decodeURIComponent(repoPath.split('/')[2] ?? '');
  const sha = (live ? branchHead(c.s, repoPath, ref) : undefined) ?? known ?? branchSha(ref);
  return {
    label: `${owner}:${ref}`,
    ref,
    sha,
    user: { login: owner },
    repo: r ? repoSeed(repoView(r, { state: c.s, apiBase: c.base, caller: c.op.caller })) : null,
  };
}

/** The current head sha of pull n (its branch while open). */
export function headSha(c: IssueCtx, pull: Resource): string {
  const h = headOf(c, pull);
  return (pull.state !== 'closed' && !pull.merged ? branchHead(c.s, h.repo, h.ref) : undefined) ?? h.sha ?? branchSha(h.ref);
}

/** Pull request n as GitHub answers it under `/pulls`. */
export function pullView(c: IssueCtx, n: number): Resource | null {
  const pk = pullKey(c.rp, n);
  const p = rec(c, pk);
  const asIssue = issueView(c, n);
  if (!p || !asIssue) return null;
  // The issue side's fields, without what only the issue representation has.
  const { pull_request: _pr, reactions: _r, state_reason: _s, closed_by: _c, ...issue } = asIssue;
  const ik = issueKey(c.rp, n);
  const open = issue.state === 'open';
  const merged = p.merged === true;
  const h = headOf(c, p);
  const head = branchRef(c, h.repo, h.ref, h.sha, open);
  const base = branchRef(
    c,
    c.rp,
    baseOf(c, p),
    typeof (p.base as Resource | undefined)?.sha === 'string' ? ((p.base as Resource).sha as string) : undefined,
    open,
  );
  const html = `${c.web}${c.webRepo}/pull/${n}`;
  const href = (u: string) => ({ href: u });
  const draft = p.draft === true;
  const reviewers = Array.isArray(p.requested_reviewers) ? (p.requested_reviewers as unknown[]).map(loginOf).filter((x): x is string => Boolean(x)) : [];
  const teams = Array.isArray(p.requested_teams) ? (p.requested_teams as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  return {
    ...issue,
    id: p.id,
    node_id: p.node_id,
    url: `${c.base}${pk}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${c.base}${ik}`,
    commits_url: `${c.base}${pk}/commits`,
    review_comments_url: `${c.base}${pk}/comments`,
    review_comment_url: `${c.base}${c.rp}/pulls/comments{/number}`,
    comments_url: `${c.base}${ik}/comments`,
    statuses_url: `${c.base}${c.rp}/statuses/${head.sha}`,
    head,
    base,
    _links: {
      self: href(`${c.base}${pk}`),
      html: href(html),
      issue: href(`${c.base}${ik}`),
      comments: href(`${c.base}${ik}/comments`),
      review_comments: href(`${c.base}${pk}/comments`),
      review_comment: href(`${c.base}${c.rp}/pulls/comments{/number}`),
      commits: href(`${c.base}${pk}/commits`),
      statuses: href(`${c.base}${c.rp}/statuses/${head.sha}`),
    },
    requested_reviewers: reviewers.map((login) => ({ login })),
    requested_teams: teams.map((slug) => ({ slug, name: slug })),
    auto_merge: null,
    draft,
    merged,
    merged_at: p.merged_at ?? null,
    merged_by: user(loginOf(p.merged_by)),
    merge_commit_sha: p.merge_commit_sha ?? null,
    mergeable: open ? true : null,
    rebaseable: open ? true : null,
    mergeable_state: open ? (draft ? 'draft' : 'clean') : 'unknown',
    maintainer_can_modify: p.maintainer_can_modify === true,
    review_comments: sizeOf(c, `RC|${n}`),
    // The list's shape has no counts: only one pull's answers compute its diff (a seed's render has no row).
    ...(c.op.row?.method === 'GET' && c.op.row.path.endsWith('/pulls') ? {} : pullStats(c, n)),
  };
}

/** Issue comment `id` under GitHub's by-id path, with its issue's URL. */
export function issueCommentView(c: IssueCtx, id: number): Resource | null {
  const key = issueCommentKey(c.rp, id);
  const m = rec(c, key);
  if (!m) return null;
  const n = typeof m.issue_number === 'number' ? m.issue_number : undefined;
  const author = loginOf(m.user) ?? c.actor;
  const kind = n !== undefined && isPull(c, n) ? 'pull' : 'issues';
  return {
    id,
    node_id: m.node_id,
    url: `${c.base}${key}`,
    html_url: n !== undefined ? `${c.web}${c.webRepo}/${kind}/${n}#issuecomment-${id}` : `${c.web}${c.webRepo}/issues#issuecomment-${id}`,
    body: m.body ?? '',
    user: user(author),
    created_at: m.created_at ?? c.now,
    updated_at: m.updated_at ?? c.now,
    ...(n !== undefined ? { issue_url: `${c.base}${issueKey(c.rp, n)}` } : {}),
    author_association: association(c, author),
    reactions: rollup(c, key),
  };
}

/** Review comment `id`. */
export function reviewCommentView(c: IssueCtx, id: number): Resource | null {
  const key = reviewCommentKey(c.rp, id);
  const m = rec(c, key);
  if (!m) return null;
  const n = typeof m.pull_number === 'number' ? m.pull_number : undefined;
  const author = loginOf(m.user) ?? c.actor;
  const html = `${c.web}${c.webRepo}/pull/${n ?? 0}#discussion_r${id}`;
  const prUrl = `${c.base}${pullKey(c.rp, n ?? 0)}`;
  const line = typeof m.line === 'number' ? m.line : typeof m.position === 'number' ? m.position : 1;
  return {
    id,
    node_id: m.node_id,
    url: `${c.base}${key}`,
    pull_request_review_id: m.pull_request_review_id ?? null,
    diff_hunk: m.diff_hunk ?? '@@ -1 +1 @@',
    path: m.path ?? '',
    position: m.position ?? line,
    original_position: m.original_position ?? m.position ?? line,
    commit_id: m.commit_id,
    original_commit_id: m.original_commit_id ?? m.commit_id,
    ...(typeof m.in_reply_to_id === 'number' ? { in_reply_to_id: m.in_reply_to_id } : {}),
    user: user(author),
    body: m.body ?? '',
    created_at: m.created_at ?? c.now,
    updated_at: m.updated_at ?? c.now,
    html_url: html,
    pull_request_url: prUrl,
    author_association: association(c, author),
    _links: { self: { href: `${c.base}${key}` }, html: { href: html }, pull_request: { href: prUrl } },
    start_line: m.start_line ?? null,
    original_start_line: m.start_line ?? null,
    start_side: m.start_side ?? null,
    line,
    original_line: line,
    side: m.side === 'LEFT' ? 'LEFT' : 'RIGHT',
    subject_type: m.subject_type === 'file' ? 'file' : 'line',
    reactions: rollup(c, key),
  };
}

/** Commit comment `id`. */
export function commitCommentView(c: IssueCtx, id: number): Resource | null {
  const key = commitCommentKey(c.rp, id);
  const m = rec(c, key);
  if (!m) return null;
  const author = loginOf(m.user) ?? c.actor;
  return {
    id,
    node_id: m.node_id,
    url: `${c.base}${key}`,
    html_url: `${c.web}${c.webRepo}/commit/${String(m.commit_id ?? '')}#commitcomment-${id}`,
    body: m.body ?? '',
    path: m.path ?? null,
    position: m.position ?? null,
    line: m.line ?? null,
    commit_id: m.commit_id,
    user: user(author),
    created_at: m.created_at ?? c.now,
    updated_at: m.updated_at ?? c.now,
    author_association: association(c, author),
    reactions: rollup(c, key),
  };
}

/** Review `id` of pull n. */
export function reviewView(c: IssueCtx, n: number, id: number): Resource | null {
  const r = rec(c, reviewKey(c.rp, n, id));
  const p = rec(c, pullKey(c.rp, n));
  if (!r) return null;
  const author = loginOf(r.user) ?? c.actor;
  const html = `${c.web}${c.webRepo}/pull/${n}#pullrequestreview-${id}`;
  const state = typeof r.state === 'string' ? r.state : 'PENDING';
  return {
    id,
    node_id: r.node_id,
    user: user(author),
    body: r.body ?? '',
    state,
    html_url: html,
    pull_request_url: `${c.base}${pullKey(c.rp, n)}`,
    _links: { html: { href: html }, pull_request: { href: `${c.base}${pullKey(c.rp, n)}` } },
    ...(state !== 'PENDING' && r.submitted_at ? { submitted_at: r.submitted_at } : {}),
    commit_id: r.commit_id ?? (p ? headSha(c, p) : null),
    author_association: association(c, author),
  };
}

const USER_FIELDS = new Set(['assignee', 'assigner', 'requested_reviewer', 'review_requester']);
const EVENT_FIELDS = [
  'label',
  'assignee',
  'assigner',
  'milestone',
  'rename',
  'lock_reason',
  'state_reason',
  'requested_reviewer',
  'review_requester',
  'dismissed_review',
];

/** Issue event `id`; with its issue for the repository-wide list and the by-id read. */
export function eventView(c: IssueCtx, id: number, withIssue: boolean): Resource | null {
  const key = eventKey(c.rp, id);
  const e = rec(c, key);
  if (!e) return null;
  const sha = typeof e.commit_id === 'string' ? e.commit_id : null;
  const out: Resource = {
    id,
    node_id: e.node_id,
    url: `${c.base}${key}`,
    actor: user(loginOf(e.actor) ?? c.repo.ownerLogin),
    event: e.event,
    commit_id: sha,
    commit_url: sha ? `${c.base}${c.rp}/commits/${sha}` : null,
    created_at: e.created_at ?? c.now,
    performed_via_github_app: null,
  };
  for (const k of EVENT_FIELDS) {
    if (e[k] === undefined) continue;
    out[k] = USER_FIELDS.has(k) ? user(loginOf(e[k])) : e[k];
  }
  if (withIssue) out.issue = typeof e.issue_number === 'number' ? issueView(c, e.issue_number) : null;
  return out;
}
