import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type IssueCtx, intParam, ok } from './context.js';
import { mustIssue } from './issues.js';
import { TIMELINE_KIND } from './keys.js';
import { membersOf } from './lists.js';
import { pageIds } from './query.js';
import { eventView, issueCommentView, reviewView } from './views.js';

/**
 * What happened to issues: each event stored once at `/issues/events/<id>`, listed under its issue
 * (oldest first), repository-wide (newest first) and on the issue's timeline together with its
 * comments and pull request reviews.
 */

const listForIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const page = pageIds(c, membersOf(c.ix.lists, `E|${n}`, 'created'));
  return ok(
    200,
    page.ids.map((id) => eventView(c, id, false)),
    page.headers,
  );
};

const listForRepo = (c: IssueCtx) => {
  const page = pageIds(c, membersOf(c.ix.lists, 'E|*', 'created'), true);
  return ok(
    200,
    page.ids.map((id) => eventView(c, id, true)),
    page.headers,
  );
};

const getEvent = (c: IssueCtx) => {
  const view = eventView(c, intParam(c, 'events'), true);
  if (!view) throw githubError.notFound();
  return ok(200, view);
};

function timelineItem(c: IssueCtx, n: number, entry: number): Resource | null {
  const id = Math.floor(entry / 4);
  const kind = entry % 4;
  if (kind === TIMELINE_KIND.event) return eventView(c, id, false);
  if (kind === TIMELINE_KIND.comment) {
    const v = issueCommentView(c, id);
    return v ? { event: 'commented', actor: v.user, ...v } : null;
  }
  const r = reviewView(c, n, id);
  return r ? { event: 'reviewed', ...r } : null;
}

const timeline = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  mustIssue(c, n);
  const page = pageIds(c, membersOf(c.ix.lists, `T|${n}`, 'created'));
  return ok(
    200,
    page.ids.map((e) => timelineItem(c, n, e)).filter((x) => x !== null),
    page.headers,
  );
};

const I = '/repos/{owner}/{repo}/issues';

/** Event operations by `METHOD template`: `[write, fn]`. */
export const EVENT_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${I}/{issue_number}/events`]: [false, listForIssue],
  [`GET ${I}/events`]: [false, listForRepo],
  [`GET ${I}/events/{event_id}`]: [false, getEvent],
  [`GET ${I}/{issue_number}/timeline`]: [false, timeline],
};
