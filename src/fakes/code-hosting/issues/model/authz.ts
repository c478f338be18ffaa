import { mustHaveAdminRights } from '../../core/auth.js';
import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type RepoRole, roleReaches } from '../../core/roles.js';
import { type IssueCtx, intParam, loginOf, must, ok, rec } from './context.js';
import { mustIssue } from './issues.js';
import { commitCommentKey, issueCommentKey, issueKey, reviewCommentKey, reviewKey } from './keys.js';
import { issueView } from './views.js';

/**
 * Who may change what on issues, pull requests, comments, reviews and reactions: the rules GitHub's
 * "Repository roles for an organization" table and the REST operation descriptions give, checked for a
 * caller acting as a named user (a token seeded with a `login`) once the item is found. The route's
 * own rule (the least role it needs, 404 below it) is checked before, by the permission model.
 *
 * - Anyone who can see the repository opens issues and pull requests, comments, reacts and reviews
 *   (Read); comments on a locked conversation need Write (403, as GitHub answers).
 * - Their own comments (issue, review, commit) and their own issue's title and body: the author; anyone
 *   else's: Write ("Edit and delete anyone's comments on commits, pull requests, and issues").
 * - Editing someone else's issue: "Issue owners and users with push access or Triage role can edit an
 *   issue" (403 otherwise, GitHub's `Must have admin rights to Repository.`). Triage sets the title and
 *   the state; the body stays the author's and Write's.
 * - Closing: the author closes their own issue and reopens it when they closed it themselves; Triage
 *   closes and reopens every issue and pull request.
 * - Labels, assignees, milestone on an issue body (create or update): Triage ("Apply/dismiss labels",
 *   "Close, reopen, and assign all issues", "Apply milestones"); below it they are silently dropped, as
 *   GitHub documents, and so are assignees sent to `POST/DELETE .../assignees`.
 * - Updating a pull request: its author, or Write ("you must have write access to the head or the source
 *   branch"); Triage may close and reopen it.
 * - Reviews: a review's body, submitting and deleting a pending one are its author's (someone else's
 *   pending review does not exist for them: 404).
 * - Reactions: a user deletes only their own.
 */

type Answer = ReturnType<typeof ok>;
/** A check before an operation: throws GitHub's refusal, or answers instead of the operation (ignored assignees). */
type Guard = (c: IssueCtx) => Answer | undefined;

const low = (s: string) => s.toLowerCase();
const DOCS = 'https://docs.github.com/rest/issues';

/** Whether the caller reaches a role (an owner-acting caller always does). */
export function reaches(c: IssueCtx, role: RepoRole): boolean {
  return c.role === undefined || roleReaches(c.role, role);
}

/** Whether the caller is the login stored on an item (`user` field). */
function isAuthor(c: IssueCtx, item: Resource): boolean {
  const who = loginOf(item.user);
  return who !== undefined && low(who) === low(c.actor);
}

/** The refusal of a change the caller's role does not allow on an item they can see. */
function refuse(docs = DOCS): Error {
  return mustHaveAdminRights(docs);
}

/** Body fields of an issue only Triage sets (silently dropped below it). */
const TRIAGE_FIELDS = ['labels', 'assignees', 'assignee', 'milestone', 'type'];

/** The request with the fields the caller may not set left out. */
function withoutTriageFields(c: IssueCtx): void {
  if (reaches(c, 'triage') || !TRIAGE_FIELDS.some((f) => f in c.op.body)) return;
  const body = { ...c.op.body };
  for (const f of TRIAGE_FIELDS) delete body[f];
  c.op = { ...c.op, body };
}

/** Creating an issue: labels, assignees, milestone dropped below Triage. */
const createIssue: Guard = (c) => {
  withoutTriageFields(c);
  return undefined;
};

/** Whether the caller may move an issue to a state (its author closes it, reopens it when they closed it). */
function mayChangeState(c: IssueCtx, issue: Resource, author: boolean, state: unknown): boolean {
  if (reaches(c, 'triage') || state === undefined || state === issue.state) return true;
  if (!author) return false;
  if (state === 'closed') return true;
  const closer = loginOf(issue.closed_by);
  return closer !== undefined && low(closer) === low(c.actor);
}

/** `PATCH .../issues/{n}`: the author, Triage (title, state, labels, ...), Write (everything). */
const updateIssue: Guard = (c) => {
  if (c.role === undefined) return undefined;
  const issue = mustIssue(c, intParam(c, 'issues'));
  const author = isAuthor(c, issue);
  if (!author && !reaches(c, 'triage')) throw refuse();
  const b = c.op.body;
  if (b.body !== undefined && !author && !reaches(c, 'write')) throw refuse();
  if (!mayChangeState(c, issue, author, b.state)) throw refuse();
  withoutTriageFields(c);
  return undefined;
};

/** `PATCH .../pulls/{n}`: its author or Write; Triage closes and reopens it. */
const updatePull: Guard = (c) => {
  if (c.role === undefined || reaches(c, 'write')) return undefined;
  const n = intParam(c, 'pulls');
  const issue = must(c, issueKey(c.rp, n));
  if (isAuthor(c, issue)) {
    if (!mayChangeState(c, issue, true, c.op.body.state)) throw refuse('https://docs.github.com/rest/pulls/pulls');
    return undefined;
  }
  const onlyState = Object.keys(c.op.body).every((k) => k === 'state');
  if (!reaches(c, 'triage') || !onlyState) throw refuse('https://docs.github.com/rest/pulls/pulls');
  return undefined;
};

/** Assignees below Triage are silently ignored: the issue as it is. */
function assignees(status: number): Guard {
  return (c) => {
    if (reaches(c, 'triage')) return undefined;
    const n = intParam(c, 'issues');
    mustIssue(c, n);
    return ok(status, issueView(c, n));
  };
}

/** Comments and reactions on a locked conversation need Write. */
function unlocked(issueNumber: (c: IssueCtx) => number | undefined): Guard {
  return (c) => {
    if (reaches(c, 'write')) return undefined;
    const n = issueNumber(c);
    if (n !== undefined && rec(c, issueKey(c.rp, n))?.locked === true) throw refuse();
    return undefined;
  };
}

/** A comment (its key from the id in the path) changed by its author or Write. */
function ownComment(keyOf: (rp: string, id: number) => string, segment: string): Guard {
  return (c) => {
    if (reaches(c, 'write')) return undefined;
    if (!isAuthor(c, must(c, keyOf(c.rp, intParam(c, segment))))) throw refuse();
    return undefined;
  };
}

/** A review changed, submitted or deleted by its author only; someone else's pending review is not there for them. */
const ownReview: Guard = (c) => {
  if (c.role === undefined) return undefined;
  const r = must(c, reviewKey(c.rp, intParam(c, 'pulls'), intParam(c, 'reviews')));
  if (isAuthor(c, r)) return undefined;
  if (r.state === 'PENDING') throw githubError.notFound('https://docs.github.com/rest/pulls/reviews');
  throw refuse('https://docs.github.com/rest/pulls/reviews');
};

/** A reaction deleted by the user who reacted. */
const ownReaction: Guard = (c) => {
  if (c.role === undefined) return undefined;
  const r = rec(c, c.op.key);
  if (r && !isAuthor(c, r)) throw refuse('https://docs.github.com/rest/reactions/reactions');
  return undefined;
};

/** The issue number of an issue route, or of the issue an issue comment belongs to. */
const issueOf = (c: IssueCtx): number | undefined => intParam(c, 'issues');
const commentIssueOf = (c: IssueCtx): number | undefined => {
  const n = rec(c, issueCommentKey(c.rp, intParam(c, 'comments')))?.issue_number;
  return typeof n === 'number' ? n : undefined;
};
const pullOf = (c: IssueCtx): number | undefined => intParam(c, 'pulls');

const R = '/repos/{owner}/{repo}';

/** The checks by `METHOD template` (routes without one need nothing beyond their role). */
export const GUARDS: Readonly<Record<string, Guard>> = {
  [`POST ${R}/issues`]: createIssue,
  [`PATCH ${R}/issues/{issue_number}`]: updateIssue,
  [`PATCH ${R}/pulls/{pull_number}`]: updatePull,
  [`POST ${R}/issues/{issue_number}/assignees`]: assignees(201),
  [`DELETE ${R}/issues/{issue_number}/assignees`]: assignees(200),
  [`POST ${R}/issues/{issue_number}/comments`]: unlocked(issueOf),
  [`POST ${R}/pulls/{pull_number}/comments`]: unlocked(pullOf),
  [`POST ${R}/pulls/{pull_number}/comments/{comment_id}/replies`]: unlocked(pullOf),
  [`POST ${R}/pulls/{pull_number}/reviews`]: unlocked(pullOf),
  [`POST ${R}/issues/{issue_number}/reactions`]: unlocked(issueOf),
  [`POST ${R}/issues/comments/{comment_id}/reactions`]: unlocked(commentIssueOf),
  [`PATCH ${R}/issues/comments/{comment_id}`]: ownComment(issueCommentKey, 'comments'),
  [`DELETE ${R}/issues/comments/{comment_id}`]: ownComment(issueCommentKey, 'comments'),
  [`PATCH ${R}/pulls/comments/{comment_id}`]: ownComment(reviewCommentKey, 'comments'),
  [`DELETE ${R}/pulls/comments/{comment_id}`]: ownComment(reviewCommentKey, 'comments'),
  [`PATCH ${R}/comments/{comment_id}`]: ownComment(commitCommentKey, 'comments'),
  [`DELETE ${R}/comments/{comment_id}`]: ownComment(commitCommentKey, 'comments'),
  [`PUT ${R}/pulls/{pull_number}/reviews/{review_id}`]: ownReview,
  [`DELETE ${R}/pulls/{pull_number}/reviews/{review_id}`]: ownReview,
  [`POST ${R}/pulls/{pull_number}/reviews/{review_id}/events`]: ownReview,
  [`DELETE ${R}/issues/{issue_number}/reactions/{reaction_id}`]: ownReaction,
  [`DELETE ${R}/issues/comments/{comment_id}/reactions/{reaction_id}`]: ownReaction,
  [`DELETE ${R}/pulls/comments/{comment_id}/reactions/{reaction_id}`]: ownReaction,
  [`DELETE ${R}/comments/{comment_id}/reactions/{reaction_id}`]: ownReaction,
};
