import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type IssueCtx, intParam, invalid, must, newId, ok, q, rec } from './context.js';
import { mustIssue } from './issues.js';
import { commitCommentKey, issueCommentKey, timelineEntry } from './keys.js';
import { type Ids, type Orders, addMember, firstAtLeast, membersOf, ms, removeMember, reposition } from './lists.js';
import { changeIssue, refreshMentions, timelineOrders } from '../model.js';
import { checkCommentBody } from './limits.js';
import { pageIds, sinceParam } from './query.js';
import { dropReactions } from './reactions.js';
import { commitCommentView, issueCommentView } from './views.js';
import { tableDelete, tableGet, tableSet } from '../../../../store/table.js';

/**
 * Issue comments and commit comments, each stored once under GitHub's by-id path
 * (`/issues/comments/<id>`, `/comments/<id>`) and listed under their parent (the issue, the commit)
 * and repository-wide. An issue's `comments` counter follows in the same update.
 */

/** Orders of comment lists over records at `keyOf(id)`: `created`, `updated`. */
export function commentOrders(c: Pick<IssueCtx, 's'>, keyOf: (id: number) => string): Orders {
  const r = c.s.catalog.records;
  return { created: (id) => ms(tableGet(r, keyOf(id))?.created_at), updated: (id) => ms(tableGet(r, keyOf(id))?.updated_at) };
}

/** A paged read of a comment list honouring `sort`, `direction` (only with `sort`) and `since`. */
export function pageComments(c: IssueCtx, name: string, keyOf: (id: number) => string, sortable: boolean) {
  const sort = sortable ? q(c, 'sort') : undefined;
  const order = sort === 'updated' ? 'updated' : 'created';
  let ids: Ids = membersOf(c.ix.lists, name, order);
  const since = sinceParam(c);
  if (since !== undefined) {
    const upd = membersOf(c.ix.lists, name, 'updated');
    const from = firstAtLeast(upd, since, commentOrders(c, keyOf).updated as (id: number) => number);
    if (order === 'updated') ids = [...upd].slice(from);
    else {
      // Comments of one parent: a bounded walk; repository-wide lists page the `updated` order instead.
      const keep = new Set([...upd].slice(from));
      ids = [...ids].filter((id) => keep.has(id));
    }
  }
  const desc = sort !== undefined && q(c, 'direction') === 'desc';
  return pageIds(c, ids, desc);
}

/** Creates an issue comment on issue n (API, seeds); returns its id. */
export function insertIssueComment(c: IssueCtx, n: number, body: string, user = c.actor, at = c.now, id = newId(c)): number {
  const key = issueCommentKey(c.rp, id);
  tableSet(c.s.catalog.records, key, { id, node_id: `IC_kwDO${id.toString(36)}`, body, user, issue_number: n, created_at: at, updated_at: at });
  const orders = commentOrders(c, (x) => issueCommentKey(c.rp, x));
  addMember(c.ix.lists, `C|${n}`, id, orders);
  addMember(c.ix.lists, 'C|*', id, orders);
  addMember(c.ix.lists, `T|${n}`, timelineEntry(id, 'comment'), timelineOrders(c, n));
  changeIssue(c, n, (issue) => {
    issue.comments = Number(issue.comments ?? 0) + 1;
    refreshMentions(c, n, issue);
  });
  return id;
}

function bodyOf(c: IssueCtx, resource: string): string {
  const b = c.op.body.body;
  if (typeof b !== 'string') throw invalid(resource, 'body', 'missing_field');
  checkCommentBody(resource, b);
  return b;
}

const listForIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const page = pageComments(c, `C|${n}`, (id) => issueCommentKey(c.rp, id), false);
  return ok(
    200,
    page.ids.map((id) => issueCommentView(c, id)),
    page.headers,
  );
};

const createForIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const id = insertIssueComment(c, n, bodyOf(c, 'IssueComment'));
  const view = issueCommentView(c, id);
  return ok(201, view, { location: String(view?.url) });
};

const listForRepo = (c: IssueCtx) => {
  const page = pageComments(c, 'C|*', (id) => issueCommentKey(c.rp, id), true);
  return ok(
    200,
    page.ids.map((id) => issueCommentView(c, id)),
    page.headers,
  );
};

const getIssueComment = (c: IssueCtx) => {
  const view = issueCommentView(c, intParam(c, 'comments'));
  if (!view) throw githubError.notFound();
  return ok(200, view);
};

const updateIssueComment = (c: IssueCtx) => {
  const id = intParam(c, 'comments');
  const key = issueCommentKey(c.rp, id);
  const prev = must(c, key);
  tableSet(c.s.catalog.records, key, { ...prev, body: bodyOf(c, 'IssueComment'), updated_at: c.now });
  // Found by their old keys: the comment's place in each order before this edit.
  const old = { created: ms(prev.created_at), updated: ms(prev.updated_at) };
  reposition(c.ix.lists, 'C|*', id, { updated: commentOrders(c, (x) => issueCommentKey(c.rp, x)).updated as (id: number) => number }, old);
  const n = prev.issue_number;
  if (typeof n === 'number' && rec(c, `${c.rp}/issues/${n}`))
    reposition(
      c.ix.lists,
      `C|${n}`,
      id,
      commentOrders(c, (x) => issueCommentKey(c.rp, x)),
      old,
    );
  if (typeof n === 'number' && rec(c, `${c.rp}/issues/${n}`)) changeIssue(c, n, (issue) => refreshMentions(c, n, issue), false);
  return ok(200, issueCommentView(c, id));
};

/** Deletes an issue comment and everything hanging off it. */
export function deleteIssueComment(c: IssueCtx, id: number): void {
  const key = issueCommentKey(c.rp, id);
  const prev = must(c, key);
  tableDelete(c.s.catalog.records, key);
  removeMember(c.ix.lists, 'C|*', id);
  dropReactions(c, key);
  const n = prev.issue_number;
  if (typeof n !== 'number') return;
  removeMember(c.ix.lists, `C|${n}`, id);
  removeMember(c.ix.lists, `T|${n}`, timelineEntry(id, 'comment'));
  if (rec(c, `${c.rp}/issues/${n}`)) {
    changeIssue(c, n, (issue) => {
      issue.comments = Math.max(0, Number(issue.comments ?? 0) - 1);
      refreshMentions(c, n, issue);
    });
  }
}

const deleteComment = (c: IssueCtx) => {
  deleteIssueComment(c, intParam(c, 'comments'));
  return ok(204);
};

const commitOrders = (c: IssueCtx) => commentOrders(c, (x) => commitCommentKey(c.rp, x));

/** Creates a commit comment (API, seeds); returns its id. */
export function insertCommitComment(c: IssueCtx, sha: string, b: Resource, user = c.actor, at = c.now, id = newId(c)): number {
  tableSet(c.s.catalog.records, commitCommentKey(c.rp, id), {
    id,
    node_id: `CC_kwDO${id.toString(36)}`,
    body: String(b.body ?? ''),
    path: typeof b.path === 'string' ? b.path : null,
    position: typeof b.position === 'number' ? b.position : null,
    line: typeof b.line === 'number' ? b.line : null,
    commit_id: sha,
    user,
    created_at: at,
    updated_at: at,
  });
  addMember(c.ix.lists, `CC|${sha}`, id, commitOrders(c));
  addMember(c.ix.lists, 'CC|*', id, commitOrders(c));
  return id;
}

function shaParam(c: IssueCtx): string {
  const segs = c.op.key.split('/');
  return decodeURIComponent(segs[segs.indexOf('commits') + 1] as string);
}

const listForCommit = (c: IssueCtx) => {
  const page = pageIds(c, membersOf(c.ix.lists, `CC|${shaParam(c)}`, 'created'));
  return ok(
    200,
    page.ids.map((id) => commitCommentView(c, id)),
    page.headers,
  );
};

const createForCommit = (c: IssueCtx) => {
  bodyOf(c, 'CommitComment');
  const id = insertCommitComment(c, shaParam(c), c.op.body);
  const view = commitCommentView(c, id);
  return ok(201, view, { location: String(view?.url) });
};

const listCommitComments = (c: IssueCtx) => {
  const page = pageIds(c, membersOf(c.ix.lists, 'CC|*', 'created'));
  return ok(
    200,
    page.ids.map((id) => commitCommentView(c, id)),
    page.headers,
  );
};

const getCommitComment = (c: IssueCtx) => {
  const view = commitCommentView(c, intParam(c, 'comments'));
  if (!view) throw githubError.notFound();
  return ok(200, view);
};

const updateCommitComment = (c: IssueCtx) => {
  const id = intParam(c, 'comments');
  const key = commitCommentKey(c.rp, id);
  const prev = must(c, key);
  tableSet(c.s.catalog.records, key, { ...prev, body: bodyOf(c, 'CommitComment'), updated_at: c.now });
  return ok(200, commitCommentView(c, id));
};

const deleteCommitComment = (c: IssueCtx) => {
  const id = intParam(c, 'comments');
  const key = commitCommentKey(c.rp, id);
  const prev = must(c, key);
  tableDelete(c.s.catalog.records, key);
  removeMember(c.ix.lists, 'CC|*', id);
  removeMember(c.ix.lists, `CC|${String(prev.commit_id)}`, id);
  dropReactions(c, key);
  return ok(204);
};

const R = '/repos/{owner}/{repo}';

/** Comment operations by `METHOD template`: `[write, fn]`. */
export const COMMENT_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${R}/issues/{issue_number}/comments`]: [false, listForIssue],
  [`POST ${R}/issues/{issue_number}/comments`]: [true, createForIssue],
  [`GET ${R}/issues/comments`]: [false, listForRepo],
  [`GET ${R}/issues/comments/{comment_id}`]: [false, getIssueComment],
  [`PATCH ${R}/issues/comments/{comment_id}`]: [true, updateIssueComment],
  [`DELETE ${R}/issues/comments/{comment_id}`]: [true, deleteComment],
  [`GET ${R}/comments`]: [false, listCommitComments],
  [`GET ${R}/comments/{comment_id}`]: [false, getCommitComment],
  [`PATCH ${R}/comments/{comment_id}`]: [true, updateCommitComment],
  [`DELETE ${R}/comments/{comment_id}`]: [true, deleteCommitComment],
  [`GET ${R}/commits/{commit_sha}/comments`]: [false, listForCommit],
  [`POST ${R}/commits/{commit_sha}/comments`]: [true, createForCommit],
};
