import { empty, json } from '../../../http/response.js';
import { type AccessRule, type Principal, hasScope } from '../core/auth.js';
import type { GitHubRouteContext } from '../core/context.js';
import { GitHubError, githubError } from '../core/errors.js';
import { objectBody, positiveInt, queryString } from '../core/http-helpers.js';
import { sendDeliveries } from '../hooks/model/deliveries.js';
import { IMPORT_TRANSITIONS } from './model/machine.js';
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
} from './model.js';
import type { CodeHostingOptions } from '../core/options.js';
import { type GitHubRouteSpec, handled } from '../core/route.js';
import type { ExtraRow, FamilyRoute } from '../core/family.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { loadRepo } from '../core/load.js';
import { renderAs } from '../core/shapes/answer.js';
import { repoView } from '../repos/model.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';

/**
 * Permission rules of the import endpoints (the seed's table lacks them): classic tokens with `repo`;
 * the import status of a public repository is readable without a scope (author emails are hidden then).
 */
const RULES = {
  importRead: { permissions: [{ contents: 'read' }], tokenTypes: ['classic'], scopes: ['repo'], publicRead: true },
  importWrite: { permissions: [{ contents: 'write' }], tokenTypes: ['classic'], scopes: ['repo'] },
} satisfies Record<string, AccessRule>;

/** Where the retirement of the source imports API is announced. */
export const RETIREMENT_DOCS = 'https://gh.io/source-imports-api-deprecation';

/** The error every import endpoint answers once retired (see docs/code-hosting-imports.md). */
export function retiredError(): GitHubError {
  return new GitHubError(410, 'The source imports API has been retired and is no longer available (closed down at 00:00 UTC on April 12, 2024).', {
    documentationUrl: RETIREMENT_DOCS,
  });
}

/**
 * The instant (epoch ms) from which the import endpoints answer the retirement error, or null: what
 * `imports.retireAt()` or a scenario set, else the `importsRetireAt` option (GitHub's date by default).
 */
export function importsRetirement(state: Pick<CodeHostingState, 'importsRetiredAt'>, options: Pick<CodeHostingOptions, 'importsRetireAt'>): number | null {
  if (state.importsRetiredAt !== undefined) return state.importsRetiredAt;
  return options.importsRetireAt === false ? null : Date.parse(options.importsRetireAt);
}

/** GitHub's 422 for content submitted too quickly (its spam detection): "Validation failed, or the endpoint has been spammed". */
export function spammedError(): GitHubError {
  return githubError.validation([{ resource: 'Import', code: 'custom', message: 'was submitted too quickly' }], IMPORT_DOCS);
}

/** Retirement (410) and maintenance (503) come before anything about the repository. */
function checkAvailable(ctx: GitHubRouteContext): void {
  const s = ctx.state;
  const retired = importsRetirement(s, ctx.options);
  if (retired !== null && ctx.clock.nowMs() >= retired) throw retiredError();
  if (s.importsMaintenance) throw githubError.unavailable('Unavailable due to service under maintenance', IMPORT_DOCS);
}

/** The spam 422, while the scenario `importSpammed` (or `imports.spam()`) has answers left: each costs one. */
function checkSpam(ctx: GitHubRouteContext): void {
  if (ctx.state.importsSpam <= 0) return;
  ctx.update((d) => {
    d.importsSpam -= 1;
  });
  throw spammedError();
}

/**
 * Whether the caller sees commit authors' email addresses: anonymous callers and classic tokens
 * without a repository scope read a public repository's import without them.
 */
function seesEmails(principal: Principal): boolean {
  if (principal.kind === 'lenient') return true;
  if (principal.kind === 'anonymous' || !principal.token) return false;
  return principal.token.type !== 'classic' || hasScope(principal.token.scopes, ['repo', 'public_repo']);
}

function env(ctx: GitHubRouteContext): ImportEnv {
  return { lenient: ctx.auth === 'lenient', apiBase: ctx.baseUrl, now: ctx.clock.now().toISOString() };
}

/**
 * An import answer in the documented shape of its operation (the catalog's one renderer), plus the two
 * fields GitHub's description documents in its text but types otherwise in its schema: `use_lfs` as the
 * documented string (`useLfsFormat`), `percent` while importing.
 */
function shapedImport(ctx: GitHubRouteContext, repo: RepoRecord, operation: string, status: number, imp: Record<string, unknown>): Record<string, unknown> {
  const out = renderAs(operation, status, imp, `/repos/${repo.ownerLogin}/${repo.name}/import`, renderContext(ctx, repo)) as Record<string, unknown>;
  const tail: Record<string, unknown> = {};
  if ('use_lfs' in imp) out.use_lfs = imp.use_lfs;
  if ('percent' in imp) tail.percent = imp.percent;
  return { ...out, ...tail };
}

function renderContext(ctx: GitHubRouteContext, repo: RepoRecord) {
  return {
    baseUrl: ctx.baseUrl,
    now: ctx.clock.now().toISOString(),
    login: ctx.options.defaultLogin ?? DEFAULT_LOGIN,
    records: ctx.state.catalog.records,
    accounts: ctx.state.accounts,
    repo: repoView(repo, { state: ctx.state, apiBase: ctx.baseUrl }),
  };
}

function current(ctx: GitHubRouteContext, repo: RepoRecord, operation: string, status = 200): Record<string, unknown> {
  const fresh = ctx.state.repos[repo.id] as RepoRecord;
  return shapedImport(ctx, fresh, operation, status, renderImport(requireImport(ctx.state, fresh), fresh, ctx.baseUrl, ctx.options));
}

/** A list or author answer through the renderer. */
function shapedList(ctx: GitHubRouteContext, repo: RepoRecord, operation: string, body: unknown, key: string): unknown {
  return renderAs(operation, 200, body, `/repos/${repo.ownerLogin}/${repo.name}/import${key}`, renderContext(ctx, repo));
}

function deliver(ctx: GitHubRouteContext, outcome: ImportOutcome): void {
  if (outcome.deliveries.length) sendDeliveries(ctx.host, outcome.deliveries);
}

type Handler = (ctx: GitHubRouteContext, repo: RepoRecord, principal: Principal) => ReturnType<GitHubRouteSpec['handler']>;

/** One import endpoint: the row GitHub serves (the seed's table lacks it) and the family's answer. */
function importRoute(method: ExtraRow['method'], path: string, operationId: string, write: boolean, handler: Handler): { row: ExtraRow; route: FamilyRoute } {
  const rule = write ? RULES.importWrite : RULES.importRead;
  const row: ExtraRow = { method, path: `/repos/{owner}/{repo}/import${path}`, operationId };
  const route = handled({
    method,
    path: row.path,
    access: rule,
    handler: (ctx, principal) => {
      checkAvailable(ctx);
      const repo = loadRepo(ctx, principal, rule);
      // The writes documented with a 422 (start, map an author, LFS preference) can meet the spam check.
      if (write && method !== 'DELETE' && !(method === 'PATCH' && path === '')) checkSpam(ctx);
      return handler(ctx, repo, principal);
    },
  });
  return { row, route };
}

/** The eight source import endpoints. */
const ENDPOINTS = [
  importRoute('GET', '', 'migrations/get-import-status', false, (ctx, repo) => {
    const imp = requireImport(ctx.state, repo);
    // A poll moves only an import that is neither held nor in a state without a next step; skip the
    // no-op update (a draft walk of the import and its origin) for the others.
    if (ctx.options.importProgress === 'poll' && !imp.held && IMPORT_TRANSITIONS[imp.status].advance)
      deliver(
        ctx,
        ctx.update((d) => progressImport(d, repo, 1, env(ctx), true)),
      );
    return json(200, current(ctx, repo, 'GET /repos/{owner}/{repo}/import'));
  }),
  importRoute('PUT', '', 'migrations/start-import', true, (ctx, repo, principal) => {
    const body = objectBody(ctx);
    deliver(
      ctx,
      ctx.update((d) => startImport(d, repo, body, principal.login ?? repo.ownerLogin, env(ctx))),
    );
    const out = current(ctx, repo, 'PUT /repos/{owner}/{repo}/import', 201);
    return json(201, out, { location: String(out.url) });
  }),
  importRoute('PATCH', '', 'migrations/update-import', true, (ctx, repo) => {
    const body = objectBody(ctx);
    deliver(
      ctx,
      ctx.update((d) => updateImport(d, repo, body, env(ctx))),
    );
    return json(200, current(ctx, repo, 'PATCH /repos/{owner}/{repo}/import'));
  }),
  importRoute('DELETE', '', 'migrations/cancel-import', true, (ctx, repo) => {
    deliver(
      ctx,
      ctx.update((d) => cancelImport(d, repo, env(ctx))),
    );
    return empty(204);
  }),
  importRoute('GET', '/authors', 'migrations/get-commit-authors', false, (ctx, repo, principal) => {
    const imp = requireImport(ctx.state, repo);
    const since = positiveInt(queryString(ctx, 'since')) ?? 0;
    const emails = seesEmails(principal);
    const out: Record<string, unknown>[] = [];
    for (const id of imp.authorIds) {
      const a = ctx.state.authors[id];
      if (a && a.id > since) out.push(renderAuthor(emails ? a : { ...a, email: '' }, repo, ctx.baseUrl));
    }
    return json(200, shapedList(ctx, repo, 'GET /repos/{owner}/{repo}/import/authors', out, '/authors'));
  }),
  importRoute('PATCH', '/authors/{author_id}', 'migrations/map-commit-author', true, (ctx, repo) => {
    const body = objectBody(ctx);
    const id = positiveInt(ctx.params.author_id);
    const author = ctx.update((d) => mapAuthor(d, repo, id, body));
    return json(
      200,
      shapedList(ctx, repo, 'PATCH /repos/{owner}/{repo}/import/authors/{author_id}', renderAuthor(author, repo, ctx.baseUrl), `/authors/${author.id}`),
    );
  }),
  importRoute('GET', '/large_files', 'migrations/get-large-files', false, (ctx, repo) => {
    const imp = requireImport(ctx.state, repo);
    return json(
      200,
      shapedList(
        ctx,
        repo,
        'GET /repos/{owner}/{repo}/import/large_files',
        imp.largeFiles.map((f) => ({ ref_name: f.ref_name, path: f.path, oid: f.oid, size: f.size })),
        '/large_files',
      ),
    );
  }),
  importRoute('PATCH', '/lfs', 'migrations/set-lfs-preference', true, (ctx, repo) => {
    const body = objectBody(ctx);
    ctx.update((d) => setLfs(d, repo, body));
    return json(200, current(ctx, repo, 'PATCH /repos/{owner}/{repo}/import/lfs'));
  }),
];

/** The import endpoints as catalog rows: retired by GitHub, absent from the seed's table. */
export const IMPORT_ROWS: ExtraRow[] = ENDPOINTS.map((e) => e.row);
/** How the imports family answers them. */
export const IMPORT_ROUTES: FamilyRoute[] = ENDPOINTS.map((e) => e.route);
