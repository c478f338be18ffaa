import type { Operation, OpResult } from './catalog/engine.js';
import { linkHeader, parsePaging } from './catalog/paging.js';
import type { Resource } from './catalog/state.js';
import { GitHubError } from './errors.js';
import type { RelationContext, RelationRepo } from './family.js';
import type { View } from './family.js';
import { DEFAULT_LOGIN } from './shapes/render.js';

/** Helpers shared by the git, contents and release operations. */

/** A decoded path parameter of the request (by its name in the row's template). */
export function param(op: Operation, name: string): string {
  const i = op.row.path.split('/').indexOf(`{${name}}`);
  return i < 0 ? '' : decodeURIComponent(op.key.split('/')[i] ?? '');
}

/** A query parameter's first value. */
export function query(op: Operation, name: string): string | undefined {
  const v = op.query[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The request's repository (relation operations of repository routes always have one). */
export function repoOf(rc: RelationContext): RelationRepo {
  if (!rc.repo) throw new Error(`${rc.op.row.method} ${rc.op.row.path} runs on repository routes only`);
  return rc.repo;
}

/** The rendering view of a request. */
export function viewOf(rc: RelationContext): View {
  return { state: rc.state, repo: repoOf(rc), baseUrl: rc.op.baseUrl };
}

/** A GitHub error with a message of its own (422 unless told). */
export function fail(message: string, status = 422, documentationUrl = 'https://docs.github.com/rest/git'): GitHubError {
  return new GitHubError(status, message, { documentationUrl });
}

/** A string field of the body, or undefined. */
export function str(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  return typeof v === 'string' ? v : undefined;
}

/** The caller's login (the default account in lenient mode). */
export function loginOf(op: Operation): string {
  return op.login ?? DEFAULT_LOGIN;
}

/** A page of already-rendered items with GitHub's `Link` header. */
export function paged<T>(op: Operation, items: readonly T[]): OpResult {
  const paging = parsePaging(op.query);
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(op.url, paging, items.length);
  return { status: 200, body: items.slice(start, start + paging.perPage), ...(link ? { headers: { link } } : {}) };
}

/**
 * GitHub's wrapped list `{ total_count, <key>: [...] }` for a page already cut from `total` items, with
 * its `Link` header. `totalKey` names the count where GitHub calls it otherwise (Copilot's `total_seats`).
 */
export function wrappedPage(op: Operation, key: string, total: number, page: readonly Resource[], totalKey = 'total_count'): OpResult {
  const link = linkHeader(op.url, parsePaging(op.query), total);
  return { status: 200, body: { [totalKey]: total, [key]: page }, ...(link ? { headers: { link } } : {}) };
}

/** GitHub's wrapped list over all the items: the request's page is cut here and rendered. */
export function pagedWrapped<T>(op: Operation, key: string, items: readonly T[], render: (item: T) => Resource, totalKey = 'total_count'): OpResult {
  const paging = parsePaging(op.query);
  const start = (paging.page - 1) * paging.perPage;
  return wrappedPage(op, key, items.length, items.slice(start, start + paging.perPage).map(render), totalKey);
}
