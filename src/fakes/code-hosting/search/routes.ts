import { json } from '../../../http/response.js';
import { type AccessRule, type Principal, authorize, callerOf, declareAccess } from '../core/auth.js';
import type { Operation } from '../core/catalog/engine.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import type { Resource } from '../core/catalog/state.js';
import { ROWS_BY_KEY, ruleFor } from '../core/catalog/table.js';
import type { GitHubRouteContext } from '../core/context.js';
import type { FamilyRoute } from '../core/family.js';
import { queryString } from '../core/http-helpers.js';
import { canSee } from '../core/load.js';
import { repoKey } from '../core/lookup.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { renderAccount } from '../core/shapes/account.js';
import { renderAs } from '../core/shapes/answer.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import { handled } from '../core/route.js';
import { type IssueCtx, issueCtx } from '../issues/model/context.js';
import { issueView } from '../issues/model/views.js';
import { embeddedRepo } from '../repos/model.js';
import { MAX_QUERY, type SearchHits, type SearchKind, missingQuery, pastTheCap, runSearch, tooLong } from './model.js';

/**
 * `GET /search/issues`, `GET /search/repositories`, `GET /search/users` over the state (`model.ts`):
 * GitHub's `{ total_count, incomplete_results: false, items }` with `score: 1` on each item, paged
 * (`per_page` up to 100) with GitHub's `Link` header; only the first 1,000 results can be paged to (a
 * page starting past them is GitHub's 422; the page that crosses the line is served whole, as GitHub
 * serves it) while `total_count` counts them all. A missing `q` is GitHub's
 * 422, a `q` longer than 256 characters too. Private repositories (and their issues) are found only by callers who may see them.
 */

/** Results GitHub lets a search page through. */
const CAP = 1000;

const ROUTES: ReadonlyArray<readonly [SearchKind, string]> = [
  ['issues', '/search/issues'],
  ['repositories', '/search/repositories'],
  ['users', '/search/users'],
];

const score = (item: Resource): Resource => ({ ...item, score: 1 });

/** What reading a repository's issues takes (a fine-grained token reaches a private repository's issues with `issues` read). */
const READ_ISSUES = ruleFor('GET /repos/{owner}/{repo}/issues');

/** Whether the caller passes a REST rule on a repository (the rule announced is the search's again afterwards). */
function passes(ctx: GitHubRouteContext, p: Principal, rule: AccessRule, r: RepoRecord): boolean {
  try {
    authorize(ctx, p, rule, { private: r.private, repo: repoKey(r.ownerLogin, r.name) });
    return true;
  } catch {
    return false;
  }
}

/** The items of one page of hits, in GitHub's spelling (the renderer completes them to the documented shape). */
function items(ctx: GitHubRouteContext, p: Principal, path: string, found: SearchHits, start: number, count: number): Resource[] {
  const caller = callerOf(p);
  if (found.kind === 'repositories') return found.hits.slice(start, start + count).map((r) => score(embeddedRepo(ctx.state, r, ctx.baseUrl, caller)));
  if (found.kind === 'users') return found.hits.slice(start, start + count).map((a) => score(renderAccount(a, ctx.baseUrl)));
  const op: Operation = {
    row: ROWS_BY_KEY.get(`GET ${path}`) as Operation['row'],
    key: path,
    body: {},
    baseUrl: ctx.baseUrl,
    url: ctx.req.url,
    query: ctx.req.query,
    now: ctx.clock.now().toISOString(),
    login: p.login,
    caller,
  };
  const contexts = new Map<number, IssueCtx>();
  const ctxOf = (rec: RepoRecord): IssueCtx => {
    let c = contexts.get(rec.id);
    if (!c) {
      const rp = `/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}`;
      c = issueCtx({ state: ctx.state, op, repo: { path: rp, defaultBranch: rec.defaultBranch, record: rec } }, false);
      contexts.set(rec.id, c);
    }
    return c;
  };
  return found.hits.slice(start, start + count).flatMap((h) => {
    const view = issueView(ctxOf(h.repo), h.number);
    return view ? [score(view)] : [];
  });
}

function searchRoute(kind: SearchKind, path: string): FamilyRoute {
  const rule = ruleFor(`GET ${path}`);
  return handled({
    method: 'GET',
    path,
    access: rule,
    handler: (ctx, p) => {
      authorize(ctx, p, rule);
      const q = queryString(ctx, 'q');
      if (q === undefined || q.trim() === '') throw missingQuery();
      if (q.length > MAX_QUERY) throw tooLong();
      const paging = parsePaging(ctx.req.query);
      const start = (paging.page - 1) * paging.perPage;
      if (start >= CAP) throw pastTheCap();
      // A repository is searched when the caller may see it and, for issues, read its issues.
      const sees = (r: RepoRecord) => canSee(ctx.state, p, r) && (kind !== 'issues' || !r.private || passes(ctx, p, READ_ISSUES, r));
      let found: SearchHits;
      try {
        found = runSearch({ state: ctx.state, login: p.login, sees }, kind, q, {
          sort: queryString(ctx, 'sort'),
          order: queryString(ctx, 'order'),
          // GitHub Apps' user access tokens (documented) and fine-grained tokens (GitHub's answers in public reports) search one kind at a time.
          oneKind: p.token?.type === 'user' || p.token?.type === 'fine-grained',
        });
      } finally {
        // The answer announces the search's rule, not the rules checked on each repository.
        declareAccess(ctx, rule);
      }
      const total = found.hits.length;
      const body = { total_count: total, incomplete_results: false, items: items(ctx, p, path, found, start, paging.perPage) };
      const rendered = renderAs(`GET ${path}`, 200, body, path, {
        baseUrl: ctx.baseUrl,
        now: ctx.clock.now().toISOString(),
        login: p.login ?? ctx.options.defaultLogin ?? DEFAULT_LOGIN,
        records: ctx.state.catalog.records,
        accounts: ctx.state.accounts,
      });
      const link = linkHeader(ctx.req.url, paging, Math.min(total, CAP));
      return json(200, rendered, link ? { link } : {});
    },
  });
}

/** The family's routes: the three searches over the state. */
export const SEARCH_ROUTES: FamilyRoute[] = ROUTES.map(([kind, path]) => searchRoute(kind, path));
