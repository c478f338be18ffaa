import { tablePeek } from '../../../../store/table.js';
import type { Resource } from '../../core/catalog/state.js';
import type { WriteContext } from '../../core/family.js';
import { findAccount } from '../../core/lookup.js';
import { param } from '../../core/ops.js';
import { DEFAULT_LOGIN } from '../../core/shapes/render.js';
import { loginOf } from '../../issues/model/context.js';
import { issueKey, pullKey } from '../../issues/model/keys.js';
import { assigneesOf, mentionsIn } from '../../issues/model.js';
import type { CodeHostingState } from '../../state.js';
import { type Activity, type Recipient, notify, participantsOf, takePart } from '../model.js';

/**
 * Notifications derived from the writes the fake saw (called for every successful write of the catalog
 * pipeline, in its update): who an issue, a pull request, a comment, an assignment, a review request,
 * a review or a repository invitation concerns, and why (GitHub's reasons). The actor is never notified
 * of their own activity; the repository's owner (a user) watches their repository (`subscribed`).
 */

const T = '/repos/{owner}/{repo}';
const low = (s: string) => s.toLowerCase();
const num = (key: string, after: string): number | undefined => {
  const m = new RegExp(`/${after}/(\\d+)`).exec(key);
  return m ? Number(m[1]) : undefined;
};
const body = (w: WriteContext) => (w.result.body && typeof w.result.body === 'object' ? (w.result.body as Resource) : undefined);

/** An issue or pull of the request's repository as a thread subject. */
function issueSubject(w: WriteContext, n: number, latest?: string): { activity: Activity; issue: Resource } | undefined {
  const rp = w.repo?.path;
  const issue = rp ? tablePeek(w.state.catalog.records, issueKey(rp, n)) : undefined;
  if (!rp || !w.repo || !issue) return undefined;
  const pull = issue._pull === true;
  const url = `${w.op.baseUrl}${pull ? pullKey(rp, n) : issueKey(rp, n)}`;
  return {
    issue,
    activity: {
      repoId: w.repo.record.id,
      subjectKey: issueKey(rp, n),
      subject: { title: String(issue.title ?? ''), url, latest_comment_url: latest ?? url, type: pull ? 'PullRequest' : 'Issue' },
      now: w.op.now,
      base: w.op.baseUrl,
    },
  };
}

/** Why each participant of an issue hears of new activity on it. */
function audience(w: WriteContext, a: Activity, issue: Resource): Recipient[] {
  const author = loginOf(issue.user);
  const assignees = assigneesOf(issue).map(low);
  const owner = w.repo?.record.ownerLogin;
  const watching = owner && findAccount(w.state, owner)?.type !== 'Organization' ? [{ login: owner, reason: 'subscribed' }] : [];
  return [
    ...participantsOf(w.state, a.subjectKey).map((login) => ({
      login,
      reason: author && low(login) === low(author) ? 'author' : assignees.includes(low(login)) ? 'assign' : 'comment',
    })),
    ...watching,
  ];
}

/** Sends, leaving out the actor, and records who took part. */
function send(w: WriteContext, a: Activity, recipients: Recipient[], tookPart: readonly string[]): void {
  const actor = low(w.op.login ?? DEFAULT_LOGIN);
  takePart(w.state, a.subjectKey, tookPart);
  notify(
    w.state,
    recipients.filter((r) => low(r.login) !== actor),
    a,
  );
}

const mentioned = (text: unknown, state: CodeHostingState): Recipient[] =>
  mentionsIn(text)
    .filter((l) => findAccount(state, l) !== undefined)
    .map((login) => ({ login, reason: 'mention' }));

/** A new issue or pull: its assignees, who it mentions, the repository's watchers. */
function opened(w: WriteContext): void {
  const n = body(w)?.number;
  const s = typeof n === 'number' ? issueSubject(w, n) : undefined;
  if (!s) return;
  const actor = w.op.login ?? DEFAULT_LOGIN;
  const assignees = assigneesOf(s.issue);
  const direct = [...assignees.map((login) => ({ login, reason: 'assign' })), ...mentioned(s.issue.body, w.state)];
  send(w, s.activity, [...direct, ...audience(w, s.activity, s.issue)], [actor, ...direct.map((r) => r.login)]);
}

/** A comment (on an issue or a pull, or a review): who it mentions, then everyone taking part. */
function commented(w: WriteContext, latest?: string): void {
  const n = num(w.op.key, 'issues') ?? num(w.op.key, 'pulls');
  const s = n === undefined ? undefined : issueSubject(w, n, latest);
  if (!s) return;
  const actor = w.op.login ?? DEFAULT_LOGIN;
  const mentions = mentioned(body(w)?.body, w.state);
  send(w, s.activity, [...mentions, ...audience(w, s.activity, s.issue)], [actor, ...mentions.map((r) => r.login)]);
}

/** Changes of an issue: new assignees are told (`assign`), a closed or reopened thread tells those taking part. */
function changed(w: WriteContext): void {
  const n = num(w.op.key, 'issues') ?? num(w.op.key, 'pulls');
  const s = n === undefined ? undefined : issueSubject(w, n);
  const rp = w.repo?.path;
  if (!s || !rp || n === undefined) return;
  const before = tablePeek(w.before.catalog.records, issueKey(rp, n));
  const had = (before ? assigneesOf(before) : []).map(low);
  const added = assigneesOf(s.issue).filter((a) => !had.includes(low(a)));
  const closedOrReopened = before !== undefined && before.state !== s.issue.state;
  const recipients = [...added.map((login) => ({ login, reason: 'assign' })), ...(closedOrReopened ? audience(w, s.activity, s.issue) : [])];
  if (recipients.length) send(w, s.activity, recipients, added);
}

/** Review requests: each requested reviewer (`review_requested`). */
function reviewRequested(w: WriteContext): void {
  const n = num(w.op.key, 'pulls');
  const s = n === undefined ? undefined : issueSubject(w, n);
  const reviewers = Array.isArray(w.op.body.reviewers) ? (w.op.body.reviewers as unknown[]).filter((r): r is string => typeof r === 'string') : [];
  if (s && reviewers.length)
    send(
      w,
      s.activity,
      reviewers.map((login) => ({ login, reason: 'review_requested' })),
      reviewers,
    );
}

/** A repository invitation: the invitee (`invitation`). */
function invited(w: WriteContext): void {
  if (w.result.status !== 201 || !w.repo) return;
  const invitee = param(w.op, 'username');
  const full = `${w.repo.record.ownerLogin}/${w.repo.record.name}`;
  const id = body(w)?.id;
  const url = `${w.op.baseUrl}${w.repo.path}/invitations${typeof id === 'number' ? `/${id}` : ''}`;
  notify(w.state, [{ login: invitee, reason: 'invitation' }], {
    repoId: w.repo.record.id,
    subjectKey: `${w.repo.path}/invitations/${invitee.toLowerCase()}`,
    subject: { title: `Invitation to join ${full} from ${w.op.login ?? DEFAULT_LOGIN}`, url, latest_comment_url: url, type: 'RepositoryInvitation' },
    now: w.op.now,
    base: w.op.baseUrl,
  });
}

const commentUrl = (w: WriteContext) => {
  const url = body(w)?.url;
  return typeof url === 'string' ? url : undefined;
};

/** What each write notifies, by `METHOD template`. */
const NOTIFYING: Readonly<Record<string, (w: WriteContext) => void>> = {
  [`POST ${T}/issues`]: opened,
  [`POST ${T}/pulls`]: opened,
  [`POST ${T}/issues/{issue_number}/comments`]: (w) => commented(w, commentUrl(w)),
  [`POST ${T}/pulls/{pull_number}/comments`]: (w) => commented(w, commentUrl(w)),
  [`POST ${T}/pulls/{pull_number}/reviews`]: (w) => (body(w)?.state === 'PENDING' ? undefined : commented(w)),
  [`POST ${T}/pulls/{pull_number}/reviews/{review_id}/events`]: (w) => commented(w),
  [`PATCH ${T}/issues/{issue_number}`]: changed,
  [`PATCH ${T}/pulls/{pull_number}`]: changed,
  [`POST ${T}/issues/{issue_number}/assignees`]: changed,
  [`POST ${T}/pulls/{pull_number}/requested_reviewers`]: reviewRequested,
  [`PUT ${T}/collaborators/{username}`]: invited,
};

/** Sends the notifications of a successful write (in its update). */
export function deriveNotifications(w: WriteContext): void {
  if (w.result.status >= 400 || !w.repo) return;
  NOTIFYING[`${w.op.row.method} ${w.op.row.path}`]?.(w);
}
