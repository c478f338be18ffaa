import { nextId } from '../../../../store/ids.js';
import { tablePeek } from '../../../../store/table.js';
import type { Resource } from '../../core/catalog/state.js';
import type { WriteContext } from '../../core/family.js';
import { findRepo } from '../../core/lookup.js';
import { param } from '../../core/ops.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import { DEFAULT_LOGIN } from '../../core/shapes/render.js';
import { invitationById } from '../../collaborators/model.js';
import { type IssueCtx, issueCtx } from '../../issues/model/context.js';
import { issueKey } from '../../issues/model/keys.js';
import { assigneesOf, labelsOf } from '../../issues/model.js';
import { isPull, issueView, pullView } from '../../issues/model/views.js';
import { releaseById } from '../../releases/model.js';
import type { CodeHostingState } from '../../state.js';
import { recordEvent } from '../model.js';
import { type Derived, refEvents, repositoryCreated } from './refs.js';

/**
 * Activity events derived from the writes the fake saw: the catalog pipeline hands every successful
 * write to {@link deriveEvents} inside its one update, which names the events GitHub records for it
 * (GitHub's event types: `IssuesEvent`, `PushEvent`, ...) with their payloads as the Events API
 * documents them. Routes answered outside the pipeline (creating a repository, making one public)
 * call {@link recordRepositoryEvent}.
 */

const T = '/repos/{owner}/{repo}';
const low = (s: string) => s.toLowerCase();
const num = (key: string, after: string): number | undefined => {
  const m = new RegExp(`/${after}/(\\d+)`).exec(key);
  return m ? Number(m[1]) : undefined;
};

/** The issue context of a repository write (views of issues and pulls as they are after it). */
const ctxOf = (w: WriteContext): IssueCtx | undefined => (w.repo ? issueCtx({ state: w.state, op: w.op, repo: w.repo }, false) : undefined);

/** GitHub's `pull-request-minimal`: the pull's id, number, URL and both branch ends. */
function pullMinimal(c: IssueCtx, n: number): Resource | undefined {
  const p = pullView(c, n);
  if (!p) return undefined;
  const end = (x: unknown) => {
    const e = (x ?? {}) as Resource;
    const r = (e.repo ?? {}) as Resource;
    return { ref: e.ref, sha: e.sha, repo: { id: r.id, url: `${c.base}/repos/${String(r.full_name ?? '')}`, name: r.name } };
  };
  return { id: p.id, number: n, url: p.url, head: end(p.head), base: end(p.base) };
}

/** An issue's or pull's event for an action on issue n, with its extra fields. */
function issueAction(c: IssueCtx, n: number, action: string, extra: Resource = {}): Derived | undefined {
  if (isPull(c, n)) {
    const pr = pullMinimal(c, n);
    return pr ? { type: 'PullRequestEvent', payload: { action, number: n, pull_request: pr, ...extra } } : undefined;
  }
  const issue = issueView(c, n);
  return issue ? { type: 'IssuesEvent', payload: { action, issue, ...extra } } : undefined;
}

/** What changed on issue n: state, title or body, labels, assignees (GitHub's `IssuesEvent` actions). */
function issueChanges(w: WriteContext, c: IssueCtx, n: number): Derived[] {
  const key = issueKey(c.rp, n);
  const was = tablePeek(w.before.catalog.records, key);
  const is = tablePeek(w.state.catalog.records, key);
  if (!is) return [];
  const out: Array<Derived | undefined> = [];
  if (!was) return [issueAction(c, n, 'opened')].filter((d): d is Derived => d !== undefined);
  if (was.state !== is.state) out.push(issueAction(c, n, is.state === 'closed' ? 'closed' : 'reopened'));
  if (was.title !== is.title || was.body !== is.body) out.push(issueAction(c, n, 'edited'));
  const [la, lb] = [labelsOf(was), labelsOf(is)];
  for (const l of lb) if (!la.includes(l)) out.push(issueAction(c, n, 'labeled', { label: l }));
  for (const l of la) if (!lb.includes(l)) out.push(issueAction(c, n, 'unlabeled', { label: l }));
  const [aa, ab] = [assigneesOf(was).map(low), assigneesOf(is)];
  for (const a of ab) if (!aa.includes(low(a))) out.push(issueAction(c, n, 'assigned', { assignee: { login: a } }));
  const abLow = ab.map(low);
  for (const a of assigneesOf(was)) if (!abLow.includes(low(a))) out.push(issueAction(c, n, 'unassigned', { assignee: { login: a } }));
  return out.filter((d): d is Derived => d !== undefined);
}

const body = (w: WriteContext) => (w.result.body && typeof w.result.body === 'object' ? (w.result.body as Resource) : undefined);

/** Writes on issue n of the request (the issue number in its path). */
const onIssue = (w: WriteContext): Derived[] => {
  const c = ctxOf(w);
  const n = num(w.op.key, 'issues') ?? num(w.op.key, 'pulls');
  return c && n !== undefined ? issueChanges(w, c, n) : [];
};

/** A created issue or pull (its number in the answer). */
const created = (w: WriteContext): Derived[] => {
  const c = ctxOf(w);
  const n = body(w)?.number;
  return c && typeof n === 'number' ? [issueAction(c, n, 'opened')].filter((d): d is Derived => d !== undefined) : [];
};

const commentEvent =
  (type: 'IssueCommentEvent' | 'PullRequestReviewCommentEvent' | 'CommitCommentEvent') =>
  (w: WriteContext): Derived[] => {
    const c = ctxOf(w);
    const comment = body(w);
    if (!c || !comment) return [];
    if (type === 'CommitCommentEvent') return [{ type, payload: { action: 'created', comment } }];
    const n = num(w.op.key, type === 'IssueCommentEvent' ? 'issues' : 'pulls');
    if (n === undefined) return [];
    if (type === 'IssueCommentEvent') {
      const issue = issueView(c, n);
      return issue ? [{ type, payload: { action: 'created', issue, comment } }] : [];
    }
    const pr = pullMinimal(c, n);
    return pr ? [{ type, payload: { action: 'created', pull_request: pr, comment } }] : [];
  };

/** A submitted review (a pending one is no event until it is submitted). */
const reviewEvent = (w: WriteContext): Derived[] => {
  const c = ctxOf(w);
  const review = body(w);
  const n = num(w.op.key, 'pulls');
  if (!c || !review || n === undefined || review.state === 'PENDING') return [];
  const pr = pullMinimal(c, n);
  return pr ? [{ type: 'PullRequestReviewEvent', payload: { action: 'created', review, pull_request: pr } }] : [];
};

/** A merged pull: the push onto its base, then `PullRequestEvent` closed. */
const merged = (w: WriteContext): Derived[] => {
  const c = ctxOf(w);
  const n = num(w.op.key, 'pulls');
  const closed = c && n !== undefined ? issueAction(c, n, 'closed') : undefined;
  return closed ? [closed] : [];
};

/** A release published now (created published, or a draft published). */
const releaseEvent = (w: WriteContext): Derived[] => {
  const release = body(w);
  if (!release || release.draft === true) return [];
  const id = typeof release.id === 'number' ? release.id : undefined;
  const before = id === undefined || !w.repo ? undefined : releaseById(w.before, w.repo, id);
  if (before && before.draft !== true) return [];
  return [{ type: 'ReleaseEvent', payload: { action: 'published', release } }];
};

/** The collaborator added to the request's repository (at once, without an invitation). */
const memberAdded = (w: WriteContext): Derived[] =>
  w.result.status === 204 && w.op.row.method === 'PUT'
    ? [{ type: 'MemberEvent', payload: { action: 'added', member: { login: param(w.op, 'username') } } }]
    : [];

/** The events of each write, by `METHOD template`, in the order GitHub records them. */
const DERIVED: Readonly<Record<string, (w: WriteContext) => Derived[]>> = {
  [`POST ${T}/issues`]: created,
  [`PATCH ${T}/issues/{issue_number}`]: onIssue,
  [`POST ${T}/issues/{issue_number}/labels`]: onIssue,
  [`PUT ${T}/issues/{issue_number}/labels`]: onIssue,
  [`DELETE ${T}/issues/{issue_number}/labels`]: onIssue,
  [`DELETE ${T}/issues/{issue_number}/labels/{name}`]: onIssue,
  [`POST ${T}/issues/{issue_number}/assignees`]: onIssue,
  [`DELETE ${T}/issues/{issue_number}/assignees`]: onIssue,
  [`POST ${T}/issues/{issue_number}/comments`]: commentEvent('IssueCommentEvent'),
  [`POST ${T}/pulls`]: created,
  [`PATCH ${T}/pulls/{pull_number}`]: onIssue,
  [`PUT ${T}/pulls/{pull_number}/merge`]: merged,
  [`POST ${T}/pulls/{pull_number}/reviews`]: reviewEvent,
  [`POST ${T}/pulls/{pull_number}/reviews/{review_id}/events`]: reviewEvent,
  [`POST ${T}/pulls/{pull_number}/comments`]: commentEvent('PullRequestReviewCommentEvent'),
  [`POST ${T}/pulls/{pull_number}/comments/{comment_id}/replies`]: commentEvent('PullRequestReviewCommentEvent'),
  [`POST ${T}/commits/{commit_sha}/comments`]: commentEvent('CommitCommentEvent'),
  [`POST ${T}/releases`]: releaseEvent,
  [`PATCH ${T}/releases/{release_id}`]: releaseEvent,
  [`PUT ${T}/collaborators/{username}`]: memberAdded,
};

/** Writes whose event belongs to another repository than the request's (or to a request without one). */
function elsewhere(w: WriteContext): Array<{ repo: RepoRecord; events: Derived[]; actor?: string }> {
  const route = `${w.op.row.method} ${w.op.row.path}`;
  if (route === 'PUT /user/starred/{owner}/{repo}') {
    const repo = findRepo(w.state, param(w.op, 'owner'), param(w.op, 'repo'));
    return repo ? [{ repo, events: [{ type: 'WatchEvent', payload: { action: 'started' } }] }] : [];
  }
  if (route === `POST ${T}/forks` && w.repo) {
    const forkee = body(w);
    return forkee ? [{ repo: w.repo.record, events: [{ type: 'ForkEvent', payload: { action: 'forked', forkee } }] }] : [];
  }
  if (route === 'POST /repos/{template_owner}/{template_repo}/generate') {
    const full = String(body(w)?.full_name ?? '');
    const repo = findRepo(w.state, full.split('/')[0] ?? '', full.split('/')[1] ?? '');
    return repo ? [{ repo, events: [repositoryCreated(repo.defaultBranch, repo.description)] }] : [];
  }
  if (route === 'PATCH /user/repository_invitations/{invitation_id}') {
    const inv = invitationById(w.before, Number(param(w.op, 'invitation_id')));
    const repo = inv ? (w.state.repos[inv.repoId] as RepoRecord | undefined) : undefined;
    return inv && repo ? [{ repo, actor: inv.inviter, events: [{ type: 'MemberEvent', payload: { action: 'added', member: { login: inv.invitee } } }] }] : [];
  }
  return [];
}

/**
 * Records the events of a successful write in its update (`state` is the draft): called by the catalog
 * pipeline for every write it serves.
 */
export function deriveEvents(w: WriteContext): void {
  if (w.result.status >= 400) return;
  const actor = w.op.login ?? DEFAULT_LOGIN;
  const pushId = () => nextId(w.state.counters, 'push', 10115855395);
  const groups = elsewhere(w);
  if (w.repo) {
    const derive = DERIVED[`${w.op.row.method} ${w.op.row.path}`];
    const events = [...refEvents(w, pushId), ...(derive ? derive(w) : [])];
    if (events.length) groups.push({ repo: w.state.repos[w.repo.record.id] ?? w.repo.record, events });
  }
  for (const g of groups) for (const e of g.events) recordEvent(w.state, { ...e, actor: g.actor ?? actor, repo: g.repo, now: w.op.now, base: w.op.baseUrl });
}

/**
 * The events of routes answered outside the catalog pipeline: a repository created (`CreateEvent`),
 * made public (`PublicEvent`). Called inside their update.
 */
export function recordRepositoryEvent(
  state: CodeHostingState,
  what: 'created' | 'publicized',
  repo: RepoRecord,
  at: { actor: string; now: string; base: string },
): void {
  const e = what === 'created' ? repositoryCreated(repo.defaultBranch, repo.description) : { type: 'PublicEvent', payload: {} };
  recordEvent(state, { ...e, repo, ...at });
}
