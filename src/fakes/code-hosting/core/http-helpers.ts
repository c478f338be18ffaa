import { linkHeader, parsePaging } from './catalog/paging.js';
import type { ZodType } from 'zod';
import type { GitHubRouteContext } from './context.js';
import { type ValidationIssue, githubError } from './errors.js';
import { isJsonContentType, parseJsonText } from '../../../http/body.js';

const decoder = new TextDecoder();

/**
 * The body as GitHub reads it: JSON whatever the content type says (`curl -d '{"title":"x"}'` sends
 * it form-encoded and GitHub takes it), so a form body (`title=x`) is `Problems parsing JSON` (400),
 * never fields. Undefined for an empty body.
 */
export function githubBody(ctx: GitHubRouteContext): unknown {
  const ct = ctx.req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (ctx.req.rawBody.length > 0 && (!ct || !isJsonContentType(ct))) {
    const parsed = parseJsonText(decoder.decode(ctx.req.rawBody));
    if (!parsed.ok) throw githubError.badRequest('Problems parsing JSON');
    return parsed.value;
  }
  if (ctx.req.bodyError === 'invalid-json') throw githubError.badRequest('Problems parsing JSON');
  return ctx.req.body;
}

/** The JSON object body of a request; 400 `Problems parsing JSON` / `Body should be a JSON object` like GitHub. A missing body is `{}`. */
export function objectBody(ctx: GitHubRouteContext): Record<string, unknown> {
  const b = githubBody(ctx);
  if (b === undefined || b === null || (typeof b === 'string' && b.trim() === '')) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw githubError.badRequest('Body should be a JSON object');
  return b as Record<string, unknown>;
}

/**
 * Validates a body with a zod schema; failures become a 422 validation-error naming each field
 * (`missing_field` when absent, `invalid` otherwise).
 */
export function parseBody<T>(schema: ZodType<T>, body: Record<string, unknown>, resource: string, documentationUrl?: string): T {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const errors: ValidationIssue[] = r.error.issues.map((i) => {
    const field = i.path.map(String).join('.');
    const missing = field !== '' && i.path.length === 1 && body[String(i.path[0])] === undefined;
    return { resource, code: missing ? 'missing_field' : 'invalid', field };
  });
  throw githubError.validation(errors, documentationUrl);
}

/** Reads a query parameter as a string (first value). */
export function queryString(ctx: GitHubRouteContext, name: string): string | undefined {
  const v = ctx.req.query[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A positive integer path/query value, or undefined. */
export function positiveInt(v: string | undefined): number | undefined {
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** One page of a list and the `Link` header GitHub sends with it. */
export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

/**
 * Pages a list with `per_page` (default 30, max 100) and `page` (1-based), and builds the absolute
 * `Link` header (`next`, `last`, `first`, `prev`) that `octokit.paginate` follows — the same rules as
 * the catalog's collections (catalog/paging.ts).
 */
export function paginate<T>(ctx: GitHubRouteContext, all: readonly T[]): Page<T> {
  const paging = parsePaging(ctx.req.query);
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(ctx.req.url, paging, all.length);
  return { items: all.slice(start, start + paging.perPage), headers: link ? { link } : {} };
}
