import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type IssueCtx, custom, intParam, invalid, must, newId, ok, q, rec } from './context.js';
import { rememberIssueId } from '../../sub-issues/model/ids.js';
import { issueKey, milestoneKey, pullKey } from './keys.js';
import { assigneesOf, changeIssue, ensureLabels, hasMilestone, labelsOf, milestoneOf, nextNumber, recordEvent, refreshMentions, saveIssue } from '../model.js';
import { type ListQuery, directionParam, runQuery, sinceParam, stateParam } from './query.js';
import { headSha, issueView } from './views.js';
import { checkIssueText, checkLabelCount, keptAssignees } from './limits.js';
import { tableGet, tableSet } from '../../../../store/table.js';
import { keyListPush } from '../../../../store/key-list.js';

/** Issues: list with GitHub's filters, create, read (pull requests too), update, lock. */

const low = (s: string) => s.toLowerCase();

/** Names or logins sent as an array of strings (or objects with `name` / `login`). */
export function names(v: unknown, field: 'name' | 'login' | 'slug' = 'name'): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const arr = Array.isArray(v) ? v : [v];
  // A Set, not `includes`: a list of 100,000 names must cost O(n) before the limits refuse it.
  const out = new Set<string>();
  for (const x of arr) {
    const s = typeof x === 'string' || typeof x === 'number' ? String(x) : x && typeof x === 'object' ? (x as Resource)[field] : undefined;
    if (typeof s === 'string' && s) out.add(s);
  }
  return [...out];
}

/** A milestone number from a body (`null` clears it); 422 when it names no milestone of the repository. */
function milestoneParam(c: IssueCtx, v: unknown, resource: string): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || !hasMilestone(c, n)) throw invalid(resource, 'milestone', 'invalid', v);
  return n;
}

/** The 404 of an issue number nothing holds. */
export function mustIssue(c: IssueCtx, n: number): Resource {
  return must(c, issueKey(c.rp, n));
}

/** Events for label, assignee and milestone changes between two versions of an issue. */
export function diffEvents(c: IssueCtx, n: number, before: Resource | undefined, after: Resource): void {
  const lb = before ? labelsOf(before) : [];
  const la = labelsOf(after);
  const label = (name: string) => ({ name, color: (rec(c, `${c.rp}/labels/${encodeURIComponent(name)}`)?.color as string | undefined) ?? 'ededed' });
  for (const l of la) if (!lb.includes(l)) recordEvent(c, n, 'labeled', { label: label(l) });
  for (const l of lb) if (!la.includes(l)) recordEvent(c, n, 'unlabeled', { label: label(l) });
  const ab = before ? assigneesOf(before).map(low) : [];
  const aa = assigneesOf(after);
  for (const a of aa) if (!ab.includes(low(a))) recordEvent(c, n, 'assigned', { assignee: a, assigner: c.actor });
  const aaLow = aa.map(low);
  for (const a of before ? assigneesOf(before) : []) if (!aaLow.includes(low(a))) recordEvent(c, n, 'unassigned', { assignee: a, assigner: c.actor });
  const mb = before ? milestoneOf(before) : null;
  const ma = milestoneOf(after);
  const title = (m: number) => ({ title: (rec(c, milestoneKey(c.rp, m))?.title as string | undefined) ?? '' });
  if (mb !== ma) {
    if (mb !== null) recordEvent(c, n, 'demilestoned', { milestone: title(mb) });
    if (ma !== null) recordEvent(c, n, 'milestoned', { milestone: title(ma) });
  }
  if (before && before.title !== after.title) recordEvent(c, n, 'renamed', { rename: { from: String(before.title ?? ''), to: String(after.title ?? '') } });
}

/** Registers logins as assignable in the repository (`GET /assignees` lists them). */
export function markAssignable(c: IssueCtx, logins: readonly string[]): void {
  for (const login of logins) {
    const key = `${c.rp}/assignees/${encodeURIComponent(login)}`;
    if (tableGet(c.s.catalog.records, key)) continue;
    tableSet(c.s.catalog.records, key, { login });
    keyListPush(c.s.catalog.lists, `${c.rp}/assignees`, key);
  }
}

/** The fields an issue is created with (API create, pull create, seeds). */
export interface NewIssue {
  number?: number;
  title: string;
  body?: string | null;
  user: string;
  labels?: string[];
  assignees?: string[];
  milestone?: number | null;
  pull?: boolean;
  created_at?: string;
}

/** Stores a new open issue (its pull record, if any, already stored) and records its creation events. */
export function insertIssue(c: IssueCtx, input: NewIssue): number {
  const n = input.number ?? nextNumber(c);
  const id = newId(c);
  const labels = input.labels ?? [];
  ensureLabels(c, labels);
  const assignees = input.assignees ?? [];
  markAssignable(c, assignees);
  const at = input.created_at ?? c.now;
  const issue: Resource = {
    id,
    node_id: `I_kwDO${id.toString(36)}`,
    number: n,
    title: input.title,
    body: input.body ?? null,
    user: input.user,
    labels,
    assignees,
    milestone: input.milestone ?? null,
    state: 'open',
    state_reason: null,
    locked: false,
    comments: 0,
    created_at: at,
    updated_at: at,
    closed_at: null,
    closed_by: null,
    ...(input.pull ? { _pull: true } : {}),
  };
  refreshMentions(c, n, issue);
  saveIssue(c, n, issue, undefined);
  rememberIssueId(c.s, id, `${c.rp}/issues/${n}`);
  diffEvents(c, n, undefined, issue);
  return n;
}

/** Closes or reopens issue n (state, `state_reason`, `closed_at`, `closed_by`, the event). */
export function setState(c: IssueCtx, issue: Resource, n: number, state: 'open' | 'closed', reason: unknown, commitId?: string): void {
  const was = issue.state === 'closed' ? 'closed' : 'open';
  const isPull = issue._pull === true;
  if (state === 'closed') {
    // Pull requests close without a reason; issues close as `completed` unless told otherwise.
    const r = isPull ? null : reason === 'not_planned' || reason === 'duplicate' || reason === 'completed' ? reason : 'completed';
    if (was === 'closed') {
      if (reason !== undefined && reason !== null) issue.state_reason = r;
      return;
    }
    issue.state = 'closed';
    issue.state_reason = r;
    issue.closed_at = c.now;
    issue.closed_by = c.actor;
    recordEvent(c, n, 'closed', { ...(r ? { state_reason: r } : {}), ...(commitId ? { commit_id: commitId } : {}) });
    const pk = pullKey(c.rp, n);
    const pull = issue._pull ? rec(c, pk) : undefined;
    // A closed pull keeps the head it had: its branch may move or go away.
    if (pull) tableSet(c.s.catalog.records, pk, { ...pull, head: { ...((pull.head as Resource | undefined) ?? {}), sha: headSha(c, pull) } });
    return;
  }
  if (was === 'open') return;
  const pull = isPull ? rec(c, pullKey(c.rp, n)) : undefined;
  if (pull?.merged === true) throw custom('PullRequest', 'state cannot be changed. The pull request has been merged.');
  issue.state = 'open';
  issue.state_reason = isPull ? null : 'reopened';
  issue.closed_at = null;
  issue.closed_by = null;
  recordEvent(c, n, 'reopened', isPull ? {} : { state_reason: 'reopened' });
}

/** The body fields an issue update takes (PATCH issue, and the issue side of PATCH pull). */
export function applyIssueFields(c: IssueCtx, n: number, body: Resource, resource: string): Resource {
  const before = mustIssue(c, n);
  const labels = body.labels !== undefined ? (names(body.labels) ?? []) : undefined;
  if (labels) checkLabelCount(labels.length);
  const sent =
    body.assignees !== undefined ? (names(body.assignees, 'login') ?? []) : body.assignee !== undefined ? (names(body.assignee, 'login') ?? []) : undefined;
  const assignees = sent && keptAssignees(sent);
  const milestone = milestoneParam(c, body.milestone, resource);
  const state = body.state;
  if (state !== undefined && state !== 'open' && state !== 'closed') throw invalid(resource, 'state', 'invalid', state as string);
  if (body.title !== undefined && (body.title === null || String(body.title).trim() === '')) throw invalid(resource, 'title', 'missing_field');
  checkIssueText(resource, body.title, body.body);
  if (labels) ensureLabels(c, labels);
  if (assignees) markAssignable(c, assignees);
  const after = changeIssue(c, n, (issue) => {
    if (body.title !== undefined) issue.title = String(body.title);
    if (body.body !== undefined) issue.body = body.body;
    if (labels) issue.labels = labels;
    if (assignees) issue.assignees = assignees;
    if (milestone !== undefined) issue.milestone = milestone;
    if (state === 'open' || state === 'closed') setState(c, issue, n, state, body.state_reason);
    else if (body.state_reason !== undefined && issue.state === 'closed') setState(c, issue, n, 'closed', body.state_reason);
    if (body.body !== undefined) refreshMentions(c, n, issue);
  });
  diffEvents(c, n, before, after);
  return after;
}

const listIssues = (c: IssueCtx) => {
  const dims: string[] = [];
  let none = false;
  for (const l of (q(c, 'labels') ?? '').split(',')) if (l.trim()) dims.push(`l:${low(l.trim())}`);
  const assignee = q(c, 'assignee');
  if (assignee) dims.push(assignee === 'none' ? 'a:none' : assignee === '*' ? 'a:*' : `a:${low(assignee)}`);
  const creator = q(c, 'creator');
  if (creator) dims.push(`c:${low(creator)}`);
  const mentioned = q(c, 'mentioned');
  if (mentioned) dims.push(`@:${low(mentioned)}`);
  const m = q(c, 'milestone');
  if (m) {
    if (m === '*' || m === 'none') dims.push(`m:${m}`);
    else if (/^\d+$/.test(m)) dims.push(`m:${Number(m)}`);
    else none = true;
  }
  // No issue of the fake has an issue type: `type=none` keeps every issue, any other type none.
  const type = q(c, 'type');
  if (type && type !== 'none') none = true;
  const sort = q(c, 'sort');
  const query: ListQuery = {
    prefix: 'I',
    state: stateParam(c),
    dims,
    order: sort === 'updated' || sort === 'comments' ? sort : 'created',
    desc: directionParam(c, 'desc'),
    none,
  };
  const since = sinceParam(c);
  if (since !== undefined) query.since = since;
  const page = runQuery(c, query);
  return ok(
    200,
    page.ids.map((n) => issueView(c, n)),
    page.headers,
  );
};

const createIssue = (c: IssueCtx) => {
  const b = c.op.body;
  if ((typeof b.title !== 'string' && typeof b.title !== 'number') || String(b.title).trim() === '') throw invalid('Issue', 'title', 'missing_field');
  checkIssueText('Issue', b.title, b.body);
  const labels = names(b.labels) ?? [];
  checkLabelCount(labels.length);
  const milestone = milestoneParam(c, b.milestone, 'Issue');
  const n = insertIssue(c, {
    title: String(b.title),
    body: typeof b.body === 'string' ? b.body : null,
    user: c.actor,
    labels,
    assignees: keptAssignees(names(b.assignees, 'login') ?? names(b.assignee, 'login') ?? []),
    milestone: milestone ?? null,
  });
  const view = issueView(c, n);
  return ok(201, view, { location: String(view?.url) });
};

const getIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const view = issueView(c, n);
  if (!view) throw githubError.notFound();
  return ok(200, view);
};

const updateIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  applyIssueFields(c, n, c.op.body, 'Issue');
  return ok(200, issueView(c, n));
};

const LOCK_REASONS = ['off-topic', 'too heated', 'resolved', 'spam'];

const lock = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const issue = mustIssue(c, n);
  const reason = c.op.body.lock_reason;
  if (reason !== undefined && !LOCK_REASONS.includes(String(reason))) throw invalid('Issue', 'lock_reason', 'invalid', String(reason));
  if (issue.locked === true && (reason === undefined || issue.active_lock_reason === reason)) return ok(204);
  changeIssue(c, n, (i) => {
    i.locked = true;
    i.active_lock_reason = reason ?? null;
  });
  recordEvent(c, n, 'locked', { lock_reason: reason ?? null });
  return ok(204);
};

const unlock = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const issue = mustIssue(c, n);
  if (issue.locked !== true) return ok(204);
  changeIssue(c, n, (i) => {
    i.locked = false;
    i.active_lock_reason = null;
  });
  recordEvent(c, n, 'unlocked');
  return ok(204);
};

/** Whether a login may be assigned in the repository: its owner, a collaborator, or someone assigned before. */
export function assignable(c: IssueCtx, login: string): boolean {
  if (low(login) === low(c.repo.ownerLogin)) return true;
  const k = encodeURIComponent(login);
  return Boolean(rec(c, `${c.rp}/collaborators/${k}`) ?? rec(c, `${c.rp}/assignees/${k}`) ?? rec(c, `${c.rp}/assignees/${low(k)}`));
}

const addAssignees = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const add = names(c.op.body.assignees, 'login') ?? [];
  applyIssueFields(c, n, { assignees: [...assigneesOf(mustIssue(c, n)), ...add] }, 'Issue');
  return ok(201, issueView(c, n));
};

const removeAssignees = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const drop = (names(c.op.body.assignees, 'login') ?? []).map(low);
  applyIssueFields(c, n, { assignees: assigneesOf(mustIssue(c, n)).filter((a) => !drop.includes(low(a))) }, 'Issue');
  return ok(200, issueView(c, n));
};

const checkAssignableToIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const login = decodeURIComponent(c.op.key.split('/').pop() as string);
  if (!assignable(c, login)) throw githubError.notFound();
  return ok(204);
};

const I = '/repos/{owner}/{repo}/issues';

/** Issue operations by `METHOD template`: `[write, fn]`. */
export const ISSUE_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${I}`]: [false, listIssues],
  [`POST ${I}`]: [true, createIssue],
  [`GET ${I}/{issue_number}`]: [false, getIssue],
  [`PATCH ${I}/{issue_number}`]: [true, updateIssue],
  [`PUT ${I}/{issue_number}/lock`]: [true, lock],
  [`DELETE ${I}/{issue_number}/lock`]: [true, unlock],
  [`POST ${I}/{issue_number}/assignees`]: [true, addAssignees],
  [`DELETE ${I}/{issue_number}/assignees`]: [true, removeAssignees],
  [`GET ${I}/{issue_number}/assignees/{assignee}`]: [false, checkAssignableToIssue],
};
