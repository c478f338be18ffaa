import { empty, json } from '../../../http/response.js';
import type { AccessRule, Principal } from '../core/auth.js';
import { authorize } from '../core/auth.js';
import { linkHeader } from '../core/catalog/paging.js';
import type { GitHubRouteContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { objectBody, queryString } from '../core/http-helpers.js';
import { loadRepo } from '../core/load.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { handled } from '../core/route.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import { trimBase } from '../core/urls.js';
import { renderRepo } from '../repos/model.js';
import { inboxOf, markAllRead, markDone, markThreadRead, subscribe, threadById } from './model.js';
import type { ThreadRecord } from './state.js';

/**
 * GitHub's notifications API over the threads the fake's own activity made: the caller's inbox
 * (unread by default, `all`, `participating`, `since`, `before`; 50 a page, most recent first), a
 * repository's part of it, one thread, marking read (205 Reset Content, as GitHub answers) and done,
 * and thread subscriptions. Classic tokens need `notifications` or `repo`; GitHub refuses fine-grained
 * and GitHub App tokens here (403).
 */

const DOCS = 'https://docs.github.com/rest/activity/notifications';
const READ: AccessRule = { permissions: [], tokenTypes: ['classic'], scopes: ['notifications', 'repo'], write: false, role: 'read' };
const WRITE: AccessRule = { ...READ, write: true };

/** The rows the family adds to the catalog. */
export const NOTIFICATION_ROWS: ExtraRow[] = [
  { method: 'GET', path: '/notifications', operationId: 'activity/list-notifications-for-authenticated-user' },
  { method: 'PUT', path: '/notifications', operationId: 'activity/mark-notifications-as-read' },
  { method: 'GET', path: '/notifications/threads/{thread_id}', operationId: 'activity/get-thread' },
  { method: 'PATCH', path: '/notifications/threads/{thread_id}', operationId: 'activity/mark-thread-as-read' },
  { method: 'DELETE', path: '/notifications/threads/{thread_id}', operationId: 'activity/mark-thread-as-done' },
  { method: 'GET', path: '/notifications/threads/{thread_id}/subscription', operationId: 'activity/get-thread-subscription-for-authenticated-user' },
  { method: 'PUT', path: '/notifications/threads/{thread_id}/subscription', operationId: 'activity/set-thread-subscription' },
  { method: 'DELETE', path: '/notifications/threads/{thread_id}/subscription', operationId: 'activity/delete-thread-subscription' },
  { method: 'GET', path: '/repos/{owner}/{repo}/notifications', operationId: 'activity/list-repo-notifications-for-authenticated-user' },
  { method: 'PUT', path: '/repos/{owner}/{repo}/notifications', operationId: 'activity/mark-repo-notifications-as-read' },
];

/** Reasons of threads the user takes part in (`participating=true`). */
const PARTICIPATING = new Set(['assign', 'author', 'comment', 'invitation', 'manual', 'mention', 'review_requested', 'state_change', 'team_mention']);

const me = (p: Principal) => p.login ?? DEFAULT_LOGIN;
// `true` in any case: PyGithub sends Python's `True`, which GitHub takes as true.
const flag = (ctx: GitHubRouteContext, name: string) => queryString(ctx, name)?.toLowerCase() === 'true';
const rebase = (url: string, from: string, to: string) => (url.startsWith(from) ? `${to}${url.slice(from.length)}` : url);

/** GitHub's `thread`, in GitHub's key order. */
function threadJson(ctx: GitHubRouteContext, t: ThreadRecord): Record<string, unknown> {
  const base = trimBase(ctx.baseUrl);
  const repo = ctx.state.repos[t.repoId] as RepoRecord | undefined;
  const from = trimBase(t.base);
  return {
    id: t.id,
    unread: t.unread,
    reason: t.reason,
    updated_at: t.updated_at,
    last_read_at: t.last_read_at,
    subject: {
      title: t.subject.title,
      url: rebase(t.subject.url, from, base),
      latest_comment_url: rebase(t.subject.latest_comment_url, from, base),
      type: t.subject.type,
    },
    repository: repo ? renderRepo(ctx.state, repo, ctx.baseUrl, 'GET /repos/{owner}/{repo}/forks') : null,
    url: `${base}/notifications/threads/${t.id}`,
    subscription_url: `${base}/notifications/threads/${t.id}/subscription`,
  };
}

/** The caller's thread `{thread_id}`; 404 when it is somebody else's or unknown. */
function ownThread(ctx: GitHubRouteContext, p: Principal): ThreadRecord {
  const t = threadById(ctx.state, ctx.params.thread_id ?? '');
  if (!t || t.login.toLowerCase() !== me(p).toLowerCase()) throw githubError.notFound(DOCS);
  return t;
}

/** An ISO query instant, or GitHub's 422 for one that is no date. */
function instant(ctx: GitHubRouteContext, name: string): number | undefined {
  const v = queryString(ctx, name);
  if (v === undefined) return undefined;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw githubError.validation([{ resource: 'Notification', field: name, code: 'invalid' }], DOCS);
  return ms;
}

/** A page of the caller's inbox (one repository's part when `repoId`), with its `Link` header. */
function list(ctx: GitHubRouteContext, p: Principal, repoId?: number) {
  const all = flag(ctx, 'all');
  const participating = flag(ctx, 'participating');
  const since = instant(ctx, 'since');
  const before = instant(ctx, 'before');
  const threads = inboxOf(ctx.state, me(p))
    .map((id) => threadById(ctx.state, id))
    .filter((t): t is ThreadRecord => t !== undefined)
    .filter((t) => (all || t.unread) && (!participating || PARTICIPATING.has(t.reason)) && (repoId === undefined || t.repoId === repoId))
    .filter((t) => (since === undefined || Date.parse(t.updated_at) >= since) && (before === undefined || Date.parse(t.updated_at) < before));
  const pp = Number.parseInt(queryString(ctx, 'per_page') ?? '', 10);
  const pg = Number.parseInt(queryString(ctx, 'page') ?? '', 10);
  const paging = { perPage: Number.isFinite(pp) && pp > 0 ? Math.min(pp, 50) : 50, page: Number.isFinite(pg) && pg > 0 ? pg : 1 };
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(ctx.req.url, paging, threads.length);
  return json(
    200,
    threads.slice(start, start + paging.perPage).map((t) => threadJson(ctx, t)),
    link ? { link } : {},
  );
}

/** `last_read_at` of a mark-as-read body (default now); GitHub's 422 for one that is no date. */
function readUntil(ctx: GitHubRouteContext): string {
  const b = objectBody(ctx);
  if (b.read === false) return '';
  const v = b.last_read_at;
  if (v === undefined || v === null) return ctx.clock.now().toISOString();
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
    throw githubError.validation([{ resource: 'Notification', field: 'last_read_at', code: 'invalid' }], DOCS);
  return new Date(Date.parse(v)).toISOString();
}

/** 205 Reset Content, GitHub's answer to marking read: empty, typed `text/plain;charset=utf-8` as GitHub's is. */
const resetContent = () => ({ status: 205, headers: { 'content-length': '0', 'content-type': 'text/plain;charset=utf-8' } });

/** GitHub's `thread-subscription` of a thread (subscribed by taking part unless set otherwise). */
function subscriptionJson(ctx: GitHubRouteContext, t: ThreadRecord): Record<string, unknown> {
  const base = trimBase(ctx.baseUrl);
  const s = t.subscription;
  return {
    subscribed: s ? s.subscribed : true,
    ignored: s ? s.ignored : false,
    reason: null,
    created_at: s?.created_at ?? t.updated_at,
    url: `${base}/notifications/threads/${t.id}/subscription`,
    thread_url: `${base}/notifications/threads/${t.id}`,
  };
}

/** The family's routes. */
export const NOTIFICATION_ROUTES: FamilyRoute[] = [
  handled({
    method: 'GET',
    path: '/notifications',
    access: READ,
    handler: (ctx, p) => {
      authorize(ctx, p, READ);
      return list(ctx, p);
    },
  }),
  handled({
    method: 'PUT',
    path: '/notifications',
    access: WRITE,
    handler: (ctx, p) => {
      authorize(ctx, p, WRITE);
      const until = readUntil(ctx);
      if (until) ctx.update((d) => markAllRead(d, me(p), until));
      return resetContent();
    },
  }),
  handled({
    method: 'GET',
    path: '/notifications/threads/{thread_id}',
    access: READ,
    handler: (ctx, p) => {
      authorize(ctx, p, READ);
      return json(200, threadJson(ctx, ownThread(ctx, p)));
    },
  }),
  handled({
    method: 'PATCH',
    path: '/notifications/threads/{thread_id}',
    access: WRITE,
    handler: (ctx, p) => {
      authorize(ctx, p, WRITE);
      const t = ownThread(ctx, p);
      ctx.update((d) => markThreadRead(d, t, ctx.clock.now().toISOString()));
      return resetContent();
    },
  }),
  handled({
    method: 'DELETE',
    path: '/notifications/threads/{thread_id}',
    access: WRITE,
    handler: (ctx, p) => {
      authorize(ctx, p, WRITE);
      const t = ownThread(ctx, p);
      ctx.update((d) => markDone(d, t, ctx.clock.now().toISOString()));
      return empty(204);
    },
  }),
  handled({
    method: 'GET',
    path: '/notifications/threads/{thread_id}/subscription',
    access: READ,
    handler: (ctx, p) => {
      authorize(ctx, p, READ);
      return json(200, subscriptionJson(ctx, ownThread(ctx, p)));
    },
  }),
  handled({
    method: 'PUT',
    path: '/notifications/threads/{thread_id}/subscription',
    access: WRITE,
    handler: (ctx, p) => {
      authorize(ctx, p, WRITE);
      const t = ownThread(ctx, p);
      const ignored = objectBody(ctx).ignored;
      if (ignored !== undefined && typeof ignored !== 'boolean')
        throw githubError.validation([{ resource: 'ThreadSubscription', field: 'ignored', code: 'invalid' }], DOCS);
      const next = ctx.update((d) => subscribe(d, t, { subscribed: ignored !== true, ignored: ignored === true }, ctx.clock.now().toISOString()));
      return json(200, subscriptionJson(ctx, next));
    },
  }),
  handled({
    method: 'DELETE',
    path: '/notifications/threads/{thread_id}/subscription',
    access: WRITE,
    handler: (ctx, p) => {
      authorize(ctx, p, WRITE);
      const t = ownThread(ctx, p);
      ctx.update((d) => subscribe(d, t, { subscribed: false, ignored: false }, ctx.clock.now().toISOString()));
      return empty(204);
    },
  }),
  handled({
    method: 'GET',
    path: '/repos/{owner}/{repo}/notifications',
    access: READ,
    handler: (ctx, p) => list(ctx, p, loadRepo(ctx, p, READ).id),
  }),
  handled({
    method: 'PUT',
    path: '/repos/{owner}/{repo}/notifications',
    access: WRITE,
    handler: (ctx, p) => {
      const rec = loadRepo(ctx, p, WRITE);
      const until = readUntil(ctx);
      if (until) ctx.update((d) => markAllRead(d, me(p), until, rec.id));
      return resetContent();
    },
  }),
];
