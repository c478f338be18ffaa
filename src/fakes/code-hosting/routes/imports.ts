import { empty, json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import type { Principal } from '../auth.js';
import type { GitHubRouteContext } from '../context.js';
import { GitHubError, githubError } from '../errors.js';
import { objectBody, positiveInt, queryString } from '../http-helpers.js';
import { sendDeliveries } from '../models/deliveries.js';
import {
  IMPORT_DOCS,
  type ImportEnv,
  type ImportOutcome,
  cancelImport,
  mapAuthor,
  progressImport,
  renderAuthor,
  renderImport,
  requireImport,
  setLfs,
  startImport,
  updateImport,
} from '../models/imports.js';
import type { CodeHostingOptions } from '../options.js';
import { type GitHubRouteSpec, githubRoute } from '../route.js';
import type { RepoRecord } from '../schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { RULES, loadRepo } from './shared.js';

/** Where the retirement of the source imports API is announced. */
export const RETIREMENT_DOCS = 'https://gh.io/source-imports-api-deprecation';

/** The error every import endpoint answers once retired (see docs/code-hosting-imports.md). */
export function retiredError(): GitHubError {
  return new GitHubError(410, 'The source imports API has been retired and is no longer available (closed down at 00:00 UTC on April 12, 2024).', {
    documentationUrl: RETIREMENT_DOCS,
  });
}

/** Retirement (410) and maintenance (503) come before anything about the repository. */
function checkAvailable(ctx: GitHubRouteContext): void {
  const s = ctx.state;
  if (s.importsRetiredAt !== null && ctx.clock.nowMs() >= s.importsRetiredAt) throw retiredError();
  if (s.importsMaintenance) throw githubError.unavailable('Unavailable due to service under maintenance', IMPORT_DOCS);
}

function env(ctx: GitHubRouteContext): ImportEnv {
  return { lenient: ctx.auth === 'lenient', apiBase: ctx.baseUrl, now: ctx.clock.now().toISOString() };
}

function current(ctx: GitHubRouteContext, repo: RepoRecord): Record<string, unknown> {
  const fresh = ctx.state.repos[repo.id] as RepoRecord;
  return renderImport(requireImport(ctx.state, fresh), fresh, ctx.baseUrl, ctx.options.useLfsFormat);
}

function deliver(ctx: GitHubRouteContext, outcome: ImportOutcome): void {
  if (outcome.deliveries.length) sendDeliveries(ctx.host, outcome.deliveries);
}

type Handler = (ctx: GitHubRouteContext, repo: RepoRecord, principal: Principal) => ReturnType<GitHubRouteSpec['handler']>;

function importRoute(method: string, path: string, operation: string, write: boolean, handler: Handler): RouteSpec<CodeHostingState, CodeHostingOptions> {
  const rule = write ? RULES.importWrite : RULES.importRead;
  return githubRoute({
    method,
    path: `/repos/{owner}/{repo}/import${path}`,
    operation,
    access: rule,
    handler: (ctx, principal) => {
      checkAvailable(ctx);
      const repo = loadRepo(ctx, principal, rule);
      return handler(ctx, repo, principal);
    },
  });
}

/** The eight source import endpoints of seed 4.2. */
export const importRoutes: RouteSpec<CodeHostingState, CodeHostingOptions>[] = [
  importRoute('GET', '', 'migrations/get-import-status', false, (ctx, repo) => {
    requireImport(ctx.state, repo);
    if (ctx.options.importProgress === 'poll')
      deliver(
        ctx,
        ctx.update((d) => progressImport(d, repo, 1, env(ctx), true)),
      );
    return json(200, current(ctx, repo));
  }),
  importRoute('PUT', '', 'migrations/start-import', true, (ctx, repo, principal) => {
    const body = objectBody(ctx);
    deliver(
      ctx,
      ctx.update((d) => startImport(d, repo, body, principal.login ?? repo.ownerLogin, env(ctx))),
    );
    const out = current(ctx, repo);
    return json(201, out, { location: String(out.url) });
  }),
  importRoute('PATCH', '', 'migrations/update-import', true, (ctx, repo) => {
    const body = objectBody(ctx);
    deliver(
      ctx,
      ctx.update((d) => updateImport(d, repo, body, env(ctx))),
    );
    return json(200, current(ctx, repo));
  }),
  importRoute('DELETE', '', 'migrations/cancel-import', true, (ctx, repo) => {
    deliver(
      ctx,
      ctx.update((d) => cancelImport(d, repo, env(ctx))),
    );
    return empty(204);
  }),
  importRoute('GET', '/authors', 'migrations/get-commit-authors', false, (ctx, repo) => {
    const imp = requireImport(ctx.state, repo);
    const since = positiveInt(queryString(ctx, 'since')) ?? 0;
    const out: Record<string, unknown>[] = [];
    for (const id of imp.authorIds) {
      const a = ctx.state.authors[id];
      if (a && a.id > since) out.push(renderAuthor(a, repo, ctx.baseUrl));
    }
    return json(200, out);
  }),
  importRoute('PATCH', '/authors/{author_id}', 'migrations/map-commit-author', true, (ctx, repo) => {
    const body = objectBody(ctx);
    const id = positiveInt(ctx.params.author_id);
    const author = ctx.update((d) => mapAuthor(d, repo, id, body));
    return json(200, renderAuthor(author, repo, ctx.baseUrl));
  }),
  importRoute('GET', '/large_files', 'migrations/get-large-files', false, (ctx, repo) => {
    const imp = requireImport(ctx.state, repo);
    return json(
      200,
      imp.largeFiles.map((f) => ({ ref_name: f.ref_name, path: f.path, oid: f.oid, size: f.size })),
    );
  }),
  importRoute('PATCH', '/lfs', 'migrations/set-lfs-preference', true, (ctx, repo) => {
    const body = objectBody(ctx);
    ctx.update((d) => setLfs(d, repo, body));
    return json(200, current(ctx, repo));
  }),
];
