import type { FakeResponse } from '../../../http/response.js';
import { json } from '../../../http/response.js';
import type { RouteContext, RouteSpec } from '../../service.js';
import { CATALOG, type CatalogRow } from '../catalog.js';
import { GitHubError, githubError, renderGitHubError } from '../errors.js';
import type { TokenRecord } from '../schemas/token.js';
import { spellings } from './aliases.js';
import { type Operation, mutate, read } from './engine.js';
import { acceptedScopes, denialMessage, grants, parseRule, reachesRepo } from './permissions.js';
import { type RateInfo, consume, limitFor, rateHeaders, rateLimitError } from './rate-limit.js';
import type { CatalogSlice, Resource } from './state.js';
import { concreteKey } from './table.js';

/** The part of the service state the catalog needs. */
export interface CatalogState {
  catalog: CatalogSlice;
  counters: Record<string, number>;
}

/** A repository as the permission model sees it. */
export interface RepoView {
  private: boolean;
}

/** How the catalog reaches the rest of the fake: tokens and repositories (wired in index.ts). */
export interface CatalogHost<S> {
  /** The token stored for a secret, or undefined when unknown. */
  token(state: S, secret: string): TokenRecord | undefined;
  /** Whether any token was seeded (turns the permission model on in lenient mode). */
  tokensSeeded(state: S): boolean;
  /** The repository; null when it does not exist; undefined when no repository model answers. */
  repo(state: S, owner: string, repo: string): RepoView | null | undefined;
}

/** Who is calling. */
type Caller = { kind: 'anonymous' } | { kind: 'full' } | { kind: 'token'; token: TokenRecord };

/** Reads the token of `Authorization: token <t>` or `Bearer <t>`. */
export function bearer(headers: Readonly<Record<string, string>>): string | undefined {
  const h = headers.authorization;
  if (!h) return undefined;
  const m = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : '';
}

function identify<S>(host: CatalogHost<S>, state: S, ctx: RouteContext<S, unknown>): Caller {
  const secret = bearer(ctx.req.headers);
  if (secret === undefined) {
    ctx.meta.token = null;
    return { kind: 'anonymous' };
  }
  const token = secret ? host.token(state, secret) : undefined;
  if (token) {
    ctx.meta.token = token.label;
    return { kind: 'token', token };
  }
  ctx.meta.token = 'unseeded';
  if (secret && ctx.auth === 'lenient' && !host.tokensSeeded(state)) return { kind: 'full' };
  throw githubError.badCredentials();
}

const isInt = (v: string | undefined) => v !== undefined && /^\d+$/.test(v);

/** Decides whether the caller may run the row on this path; throws the real refusal. */
function authorize<S>(host: CatalogHost<S>, state: S, row: CatalogRow, params: Readonly<Record<string, string>>, caller: Caller, path: string): void {
  const repoPath = /^\/repos\/\{(owner|template_owner)\}\/\{(repo|template_repo)\}/.test(row.path);
  const owner = params.owner ?? params.template_owner;
  const name = params.repo ?? params.template_repo;
  const repo = repoPath && owner && name ? host.repo(state, owner, name) : undefined;
  if (repo === null) throw githubError.notFound();
  const isPublic = repo ? !repo.private : !repoPath;
  const rule = parseRule(row.permission);
  const headers = { 'x-accepted-github-permissions': row.permission, 'x-accepted-platform-permissions': row.permission };
  if (caller.kind === 'full') return;
  if (caller.kind === 'anonymous') {
    if (row.permission === '' || (row.publicRead && isPublic)) return;
    if (repo?.private) throw githubError.notFound();
    throw new GitHubError(401, 'Requires authentication', { documentationUrl: 'https://docs.github.com/rest', headers });
  }
  const token = caller.token;
  if (repoPath && owner && name && !reachesRepo(token, `${owner}/${name}`)) {
    if (!isPublic) throw githubError.notFound();
    if (row.method !== 'GET') throw githubError.forbidden(denialMessage(token), 'https://docs.github.com/rest', headers);
    return;
  }
  if (row.uatOnly && token.type === 'installation') throw githubError.forbidden(denialMessage(token), 'https://docs.github.com/rest', headers);
  if (grants(token, rule)) return;
  if (row.method === 'GET' && row.publicRead && isPublic && repoPath) return;
  if (token.type === 'classic') {
    // Classic tokens lacking a scope see private repositories as missing.
    if (repo?.private) throw githubError.notFound();
    throw githubError.forbidden(denialMessage(token), 'https://docs.github.com/rest', { ...headers, 'x-accepted-oauth-scopes': acceptedScopes(rule).join(', ') });
  }
  void path;
  throw githubError.forbidden(denialMessage(token), 'https://docs.github.com/rest', headers);
}

function bodyOf(ctx: RouteContext<unknown, unknown>): Resource {
  if (ctx.req.bodyError) throw githubError.badRequest('Problems parsing JSON');
  const b = ctx.req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Resource) : {};
}

/** The handler of one catalog row. */
function handlerFor<S extends CatalogState, O>(host: CatalogHost<S>, row: CatalogRow) {
  return (ctx: RouteContext<S, O>): FakeResponse => {
    let rate: RateInfo | undefined;
    let caller: Caller | undefined;
    let res: FakeResponse;
    try {
      for (const p of row.intParams) if (!isInt(ctx.params[p])) throw githubError.notFound();
      const body = ctx.req.method === 'GET' || ctx.req.method === 'DELETE' ? {} : bodyOf(ctx as RouteContext<unknown, unknown>);
      const c = identify(host, ctx.state, ctx as RouteContext<S, unknown>);
      caller = c;
      const key = concreteKey(row.path, ctx.params);
      const op: Operation = {
        row,
        key,
        body,
        baseUrl: ctx.baseUrl,
        url: ctx.req.url,
        query: ctx.req.query,
        now: ctx.clock.now().toISOString(),
        login: c.kind === 'token' ? c.token.login : null,
      };
      const nowSec = Math.floor(ctx.clock.nowMs() / 1000);
      const resource = row.path.startsWith('/search/') ? 'search' : 'core';
      const rateKey = `${resource}:${c.kind === 'token' ? c.token.label : c.kind === 'full' ? 'unseeded' : 'anonymous'}`;
      const outcome = ctx.update((draft) => {
        rate = consume(draft.catalog.rate, rateKey, limitFor(resource, c.kind !== 'anonymous'), nowSec, resource);
        if (rate.exceeded) return { error: rateLimitError(rate, nowSec, c.kind === 'token' ? `user ID ${c.token.login}` : 'your IP address') };
        try {
          authorize(host, draft as S, row, ctx.params, c, key);
          if (row.method === 'GET') return { result: read(ctx.state.catalog, op) };
          return { result: mutate(draft.catalog, draft.counters, op) };
        } catch (err) {
          if (err instanceof GitHubError) return { error: err };
          throw err;
        }
      });
      if ('error' in outcome) throw outcome.error;
      const r = outcome.result;
      res = r.body === undefined ? { status: r.status, headers: { ...(r.headers ?? {}) } } : json(r.status, r.body, r.headers ?? {});
    } catch (err) {
      res = renderGitHubError(err);
    }
    const headers: Record<string, string> = { ...(res.headers ?? {}) };
    if (rate) Object.assign(headers, rateHeaders(rate), res.headers ?? {});
    headers['x-accepted-github-permissions'] ??= row.permission;
    headers['x-accepted-platform-permissions'] ??= row.permission;
    if (caller?.kind === 'token' && caller.token.type === 'classic') headers['x-oauth-scopes'] = caller.token.scopes.join(', ');
    return { ...res, headers };
  };
}

/** `METHOD /a/{}/b`: a route's shape, whatever its parameter names. */
export function routeShape(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '{}')}`;
}

/**
 * Routes for every catalog row, under the seed's and the real spelling, except rows whose shape is
 * in `skip` (served by a hand-written route).
 */
export function catalogRoutes<S extends CatalogState, O>(host: CatalogHost<S>, skip: Iterable<string> = []): RouteSpec<S, O>[] {
  const skipped = new Set([...skip].map((k) => {
    const [m, t] = k.split(' ');
    return routeShape(m as string, t as string);
  }));
  const out: RouteSpec<S, O>[] = [];
  const seen = new Set<string>();
  for (const row of CATALOG) {
    for (const path of spellings(row.path)) {
      const shape = routeShape(row.method, path);
      if (skipped.has(shape) || seen.has(shape)) continue;
      seen.add(shape);
      out.push({ method: row.method, path, operation: row.operationId, handler: handlerFor<S, O>(host, row) });
    }
  }
  return out;
}
