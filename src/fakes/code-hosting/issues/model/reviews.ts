import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type IssueCtx, custom, intParam, invalid, loginOf, must, newId, ok, rec } from './context.js';
import { commentOrders, pageComments } from './comments.js';
import { names } from './issues.js';
import { issueKey, pullKey, reviewCommentKey, reviewKey, timelineEntry } from './keys.js';
import { type Orders, addMember, membersOf, ms, removeMember, reposition } from './lists.js';
import { changeIssue, recordEvent, saveIssue, snapIssue, timelineOrders } from '../model.js';
import { mustPull } from './pulls.js';
import { pageIds } from './query.js';
import { dropReactions } from './reactions.js';
import { headSha, reviewCommentView, reviewView } from './views.js';
import { tableDelete, tableSet } from '../../../../store/table.js';

/**
 * Reviews and review comments. A review is stored under its pull (`/pulls/<n>/reviews/<id>`), a
 * review comment once under GitHub's by-id path (`/pulls/comments/<id>`), listed under its pull, its
 * review and repository-wide. A comment made outside a review gets a `COMMENTED` review, as on GitHub.
 */

const low = (s: string) => s.toLowerCase();
const STATES: Record<string, string> = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' };

const rcOrders = (c: IssueCtx): Orders => commentOrders(c, (id) => reviewCommentKey(c.rp, id));
const reviewOrders = (c: IssueCtx, n: number): Orders => ({ created: (id) => ms(rec(c, reviewKey(c.rp, n, id))?.created_at) });

/** Stores a review comment on pull n (API, seeds); returns its id. */
export function insertReviewComment(c: IssueCtx, n: number, reviewId: number | null, b: Resource, user = c.actor, at = c.now, id = newId(c)): number {
  const pull = rec(c, pullKey(c.rp, n));
  const commit = typeof b.commit_id === 'string' ? b.commit_id : pull ? headSha(c, pull) : undefined;
  tableSet(c.s.catalog.records, reviewCommentKey(c.rp, id), {
    id,
    node_id: `PRRC_kwDO${id.toString(36)}`,
    pull_number: n,
    pull_request_review_id: reviewId,
    body: String(b.body ?? ''),
    path: typeof b.path === 'string' ? b.path : '',
    ...(typeof b.position === 'number' ? { position: b.position } : {}),
    ...(typeof b.line === 'number' ? { line: b.line } : {}),
    ...(typeof b.start_line === 'number' ? { start_line: b.start_line } : {}),
    ...(typeof b.side === 'string' ? { side: b.side } : {}),
    ...(typeof b.start_side === 'string' ? { start_side: b.start_side } : {}),
    ...(typeof b.subject_type === 'string' ? { subject_type: b.subject_type } : {}),
    ...(typeof b.in_reply_to_id === 'number' ? { in_reply_to_id: b.in_reply_to_id } : {}),
    commit_id: commit,
    original_commit_id: commit,
    user,
    created_at: at,
    updated_at: at,
  });
  addMember(c.ix.lists, `RC|${n}`, id, rcOrders(c));
  addMember(c.ix.lists, 'RC|*', id, rcOrders(c));
  if (reviewId !== null) addMember(c.ix.lists, `RV|${reviewId}`, id, rcOrders(c));
  if (rec(c, issueKey(c.rp, n))) changeIssue(c, n, () => {});
  return id;
}

/** Stores a review on pull n (`state` PENDING unless submitted); returns its id. */
export function insertReview(c: IssueCtx, n: number, r: { state: string; body?: string; commit_id?: string; user?: string; at?: string; id?: number }): number {
  const id = r.id ?? newId(c);
  const pull = rec(c, pullKey(c.rp, n));
  const at = r.at ?? c.now;
  tableSet(c.s.catalog.records, reviewKey(c.rp, n, id), {
    id,
    node_id: `PRR_kwDO${id.toString(36)}`,
    pull_number: n,
    user: r.user ?? c.actor,
    body: r.body ?? '',
    state: r.state,
    commit_id: r.commit_id ?? (pull ? headSha(c, pull) : null),
    created_at: at,
    ...(r.state !== 'PENDING' ? { submitted_at: at } : {}),
  });
  addMember(c.ix.lists, `R|${n}`, id, reviewOrders(c, n));
  if (r.state !== 'PENDING') submitted(c, n, id, r.user ?? c.actor);
  return id;
}

/** A submitted review: on the timeline; its author no longer a requested reviewer. */
function submitted(c: IssueCtx, n: number, id: number, author: string): void {
  addMember(c.ix.lists, `T|${n}`, timelineEntry(id, 'review'), timelineOrders(c, n));
  const pk = pullKey(c.rp, n);
  const pull = rec(c, pk);
  if (!pull || !rec(c, issueKey(c.rp, n))) return;
  const left = (names(pull.requested_reviewers, 'login') ?? []).filter((u) => low(u) !== low(author));
  const snap = snapIssue(c, n);
  tableSet(c.s.catalog.records, pk, { ...pull, requested_reviewers: left, updated_at: c.now });
  saveIssue(c, n, { ...(rec(c, issueKey(c.rp, n)) as Resource), updated_at: c.now }, snap);
}

function eventState(c: IssueCtx, n: number, event: unknown, body: unknown): string {
  if (event === undefined || event === null || event === '') return 'PENDING';
  const state = STATES[String(event)];
  if (!state) throw invalid('PullRequestReview', 'event', 'invalid', String(event));
  if ((state === 'CHANGES_REQUESTED' || state === 'COMMENTED') && (typeof body !== 'string' || !body))
    throw invalid('PullRequestReview', 'body', 'missing_field');
  const author = loginOf(rec(c, issueKey(c.rp, n))?.user);
  if (author && low(author) === low(c.actor) && state !== 'COMMENTED') {
    throw custom('PullRequestReview', state === 'APPROVED' ? 'Can not approve your own pull request' : 'Can not request changes on your own pull request');
  }
  return state;
}

const listReviews = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  const page = pageIds(c, membersOf(c.ix.lists, `R|${n}`, 'created'));
  return ok(
    200,
    page.ids.map((id) => reviewView(c, n, id)),
    page.headers,
  );
};

const createReview = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  const b = c.op.body;
  const state = eventState(c, n, b.event, b.body);
  if (state === 'PENDING') {
    for (const id of membersOf(c.ix.lists, `R|${n}`, 'created')) {
      const r = rec(c, reviewKey(c.rp, n, id));
      if (r?.state === 'PENDING' && low(loginOf(r.user) ?? '') === low(c.actor))
        throw custom('PullRequestReview', 'User can only have one pending review per pull request');
    }
  }
  const id = insertReview(c, n, {
    state,
    ...(typeof b.body === 'string' ? { body: b.body } : {}),
    ...(typeof b.commit_id === 'string' ? { commit_id: b.commit_id } : {}),
  });
  for (const comment of Array.isArray(b.comments) ? (b.comments as Resource[]) : []) {
    if (!comment || typeof comment.body !== 'string' || typeof comment.path !== 'string') throw invalid('PullRequestReviewComment', 'body', 'missing_field');
    insertReviewComment(c, n, id, { ...comment, ...(typeof b.commit_id === 'string' ? { commit_id: b.commit_id } : {}) });
  }
  return ok(200, reviewView(c, n, id));
};

function mustReview(c: IssueCtx): { n: number; id: number; r: Resource } {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  const id = intParam(c, 'reviews');
  return { n, id, r: must(c, reviewKey(c.rp, n, id)) };
}

const getReview = (c: IssueCtx) => {
  const { n, id } = mustReview(c);
  return ok(200, reviewView(c, n, id));
};

const updateReview = (c: IssueCtx) => {
  const { n, id, r } = mustReview(c);
  if (typeof c.op.body.body !== 'string') throw invalid('PullRequestReview', 'body', 'missing_field');
  tableSet(c.s.catalog.records, reviewKey(c.rp, n, id), { ...r, body: c.op.body.body });
  return ok(200, reviewView(c, n, id));
};

const deletePending = (c: IssueCtx) => {
  const { n, id, r } = mustReview(c);
  if (r.state !== 'PENDING') throw custom('PullRequestReview', 'Can not delete a non-pending pull request review');
  const view = reviewView(c, n, id);
  for (const cid of [...membersOf(c.ix.lists, `RV|${id}`, 'created')]) deleteReviewComment(c, cid);
  tableDelete(c.s.catalog.records, reviewKey(c.rp, n, id));
  removeMember(c.ix.lists, `R|${n}`, id);
  return ok(200, view);
};

const commentsOfReview = (c: IssueCtx) => {
  const { id } = mustReview(c);
  const page = pageIds(c, membersOf(c.ix.lists, `RV|${id}`, 'created'));
  return ok(
    200,
    page.ids.map((x) => reviewCommentView(c, x)),
    page.headers,
  );
};

const dismiss = (c: IssueCtx) => {
  const { n, id, r } = mustReview(c);
  if (typeof c.op.body.message !== 'string') throw invalid('PullRequestReview', 'message', 'missing_field');
  if (r.state === 'PENDING') throw custom('PullRequestReview', 'Can not dismiss a pending review');
  tableSet(c.s.catalog.records, reviewKey(c.rp, n, id), { ...r, state: 'DISMISSED' });
  recordEvent(c, n, 'review_dismissed', {
    dismissed_review: { state: String(r.state).toLowerCase(), review_id: id, dismissal_message: c.op.body.message, dismissal_commit_id: null },
  });
  return ok(200, reviewView(c, n, id));
};

const submit = (c: IssueCtx) => {
  const { n, id, r } = mustReview(c);
  if (r.state !== 'PENDING') throw custom('PullRequestReview', 'Can not submit a non-pending review');
  const body = c.op.body.body ?? r.body;
  const state = eventState(c, n, c.op.body.event, body);
  if (state === 'PENDING') throw invalid('PullRequestReview', 'event', 'missing_field');
  tableSet(c.s.catalog.records, reviewKey(c.rp, n, id), { ...r, body: body ?? '', state, submitted_at: c.now });
  submitted(c, n, id, loginOf(r.user) ?? c.actor);
  return ok(200, reviewView(c, n, id));
};

const listForPull = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  const page = pageComments(c, `RC|${n}`, (id) => reviewCommentKey(c.rp, id), true);
  return ok(
    200,
    page.ids.map((id) => reviewCommentView(c, id)),
    page.headers,
  );
};

/** A review comment outside a review: GitHub wraps it in a `COMMENTED` review of its own. Returns the comment id. */
export function standaloneReviewComment(c: IssueCtx, n: number, b: Resource): number {
  const review = insertReview(c, n, { state: 'COMMENTED', ...(typeof b.commit_id === 'string' ? { commit_id: b.commit_id } : {}) });
  return insertReviewComment(c, n, review, b);
}

const createForPull = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  const b = c.op.body;
  if (typeof b.body !== 'string') throw invalid('PullRequestReviewComment', 'body', 'missing_field');
  const reply = b.in_reply_to === undefined ? undefined : Number(b.in_reply_to);
  if (reply !== undefined) return replyTo(c, n, reply);
  if (typeof b.path !== 'string') throw invalid('PullRequestReviewComment', 'path', 'missing_field');
  const id = standaloneReviewComment(c, n, b);
  const view = reviewCommentView(c, id);
  return ok(201, view, { location: String(view?.url) });
};

function replyTo(c: IssueCtx, n: number, to: number) {
  const parent = rec(c, reviewCommentKey(c.rp, to));
  if (!parent || parent.pull_number !== n) throw githubError.notFound();
  const id = standaloneReviewComment(c, n, { ...parent, body: c.op.body.body, in_reply_to_id: to });
  const view = reviewCommentView(c, id);
  return ok(201, view, { location: String(view?.url) });
}

const createReply = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  if (typeof c.op.body.body !== 'string') throw invalid('PullRequestReviewComment', 'body', 'missing_field');
  return replyTo(c, n, intParam(c, 'comments'));
};

const listForRepo = (c: IssueCtx) => {
  const page = pageComments(c, 'RC|*', (id) => reviewCommentKey(c.rp, id), true);
  return ok(
    200,
    page.ids.map((id) => reviewCommentView(c, id)),
    page.headers,
  );
};

const getComment = (c: IssueCtx) => {
  const view = reviewCommentView(c, intParam(c, 'comments'));
  if (!view) throw githubError.notFound();
  return ok(200, view);
};

const updateComment = (c: IssueCtx) => {
  const id = intParam(c, 'comments');
  const key = reviewCommentKey(c.rp, id);
  const prev = must(c, key);
  if (typeof c.op.body.body !== 'string') throw invalid('PullRequestReviewComment', 'body', 'missing_field');
  tableSet(c.s.catalog.records, key, { ...prev, body: c.op.body.body, updated_at: c.now });
  const orders = rcOrders(c);
  reposition(c.ix.lists, 'RC|*', id, orders);
  if (typeof prev.pull_number === 'number') reposition(c.ix.lists, `RC|${prev.pull_number}`, id, orders);
  return ok(200, reviewCommentView(c, id));
};

/** Deletes a review comment and its reactions. */
export function deleteReviewComment(c: IssueCtx, id: number): void {
  const key = reviewCommentKey(c.rp, id);
  const prev = must(c, key);
  tableDelete(c.s.catalog.records, key);
  removeMember(c.ix.lists, 'RC|*', id);
  if (typeof prev.pull_number === 'number') removeMember(c.ix.lists, `RC|${prev.pull_number}`, id);
  if (typeof prev.pull_request_review_id === 'number') removeMember(c.ix.lists, `RV|${prev.pull_request_review_id}`, id);
  dropReactions(c, key);
  if (typeof prev.pull_number === 'number' && rec(c, issueKey(c.rp, prev.pull_number))) changeIssue(c, prev.pull_number, () => {});
}

const deleteComment = (c: IssueCtx) => {
  deleteReviewComment(c, intParam(c, 'comments'));
  return ok(204);
};

const P = '/repos/{owner}/{repo}/pulls';
const RV = `${P}/{pull_number}/reviews/{review_id}`;

/** Review and review comment operations by `METHOD template`: `[write, fn]`. */
export const REVIEW_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${P}/{pull_number}/reviews`]: [false, listReviews],
  [`POST ${P}/{pull_number}/reviews`]: [true, createReview],
  [`GET ${RV}`]: [false, getReview],
  [`PUT ${RV}`]: [true, updateReview],
  [`DELETE ${RV}`]: [true, deletePending],
  [`GET ${RV}/comments`]: [false, commentsOfReview],
  [`PUT ${RV}/dismissals`]: [true, dismiss],
  [`POST ${RV}/events`]: [true, submit],
  [`GET ${P}/{pull_number}/comments`]: [false, listForPull],
  [`POST ${P}/{pull_number}/comments`]: [true, createForPull],
  [`POST ${P}/{pull_number}/comments/{comment_id}/replies`]: [true, createReply],
  [`GET ${P}/comments`]: [false, listForRepo],
  [`GET ${P}/comments/{comment_id}`]: [false, getComment],
  [`PATCH ${P}/comments/{comment_id}`]: [true, updateComment],
  [`DELETE ${P}/comments/{comment_id}`]: [true, deleteComment],
};
