import type { FakeResponse } from '../../../../http/response.js';
import { json } from '../../../../http/response.js';
import { isoAt } from '../../../../store/clock.js';
import { attempt } from '../../../../store/store.js';
import type { RouteHandler } from '../../../service.js';
import { type Principal, type ResourceRef, actsAsUser, authenticate, authorize, callerOf, declareAccess } from '../auth.js';
import type { CatalogRow } from './catalog.js';
import type { GitHubRouteContext } from '../context.js';
import { GitHubError, githubError, renderGitHubError } from '../errors.js';
import { githubBody } from '../http-helpers.js';
import { findRepo, repoKey } from '../lookup.js';
import type { RepoRecord } from '../schemas/repo.js';
import type { Caller } from '../roles.js';
import type { CodeHostingOptions } from '../options.js';
import type { CodeHostingState } from '../../state.js';
import { selectVersion } from '../wire.js';
import { type OpResult, type Operation, mutate, read } from './engine.js';
import { type RateInfo, consume, limitFor, peek, rateHeaders, rateLimitError, rateLimitSubject, rateTable } from './rate-limit.js';
import type { CatalogSlice, Resource } from './state.js';
import { canonicalKey } from './canonical.js';
import { accessRule, concreteKey, keyPrefix } from './table.js';
import { redirectShape, shapeAnswer } from '../shapes/answer.js';
import type { RepoView } from '../shapes/render.js';
import type { AfterWrite, RelationOp } from '../family.js';
import { redirectLocation } from '../hosts.js';
import { DEFAULT_LOGIN } from '../shapes/render.js';
import { movedOrNotFound } from '../load.js';
import { branchKey } from '../../branches/state.js';
import { tableGet } from '../../../../store/table.js';
/**
 * The catalog pipeline: how one catalog row answers a request, whether the generic engine serves it or a
 * family's operation does. Version, authentication, the row's permission, the rate limit, one state
 * update, then GitHub's documented shape. Knows no family: the service's route builder (routes.ts) hands
 * it the family's operation and how a repository renders inside answers.
 */

/** What the pipeline needs from above the core: a repository as answers embed it (the repos family's view). */
export interface PipelineEnv {
  repoView(rec: RepoRecord, from: { state: CodeHostingState; apiBase: string; caller?: Caller }): RepoView;
  /** What is derived from every successful write (events, notifications), in its update. */
  afterWrite?: AfterWrite;
}

/** The part of the service state the catalog needs. */
export interface CatalogState {
  catalog: CatalogSlice;
  counters: Record<string, number>;
}

const isInt = (v: string | undefined) => v !== undefined && /^\d+$/.test(v);
const REPO_PATH = /^\/repos\/\{(owner|template_owner)\}\/\{(repo|template_repo)\}/;
const ORG_PATH = /^\/(orgs|organizations)\/\{org\}(\/|$)/;

/**
 * How GitHub names an archive's ref on the archive host: a branch (the default one without a ref) as
 * `refs/heads/<name>`, a tag as `refs/tags/<name>`, anything else (a sha) as given.
 */
function archiveRef(state: CodeHostingState, repo: RepoRecord): (ref: string | undefined) => string {
  const path = `/repos/${encodeURIComponent(repo.ownerLogin)}/${encodeURIComponent(repo.name)}`;
  return (ref) => {
    const name = ref ?? repo.defaultBranch;
    if (name === repo.defaultBranch || tableGet(state.catalog.records, branchKey({ path }, name))) return `refs/heads/${name}`;
    if (state.git.repos[repo.id]?.refs[`refs/tags/${name}`]) return `refs/tags/${name}`;
    return name;
  };
}

/** Checks the caller against the row for this request; throws the real refusal (401/403/404). Returns the repository of repository rows. */
function check(ctx: GitHubRouteContext, row: CatalogRow, principal: Principal): RepoRecord | undefined {
  let resource: ResourceRef | undefined;
  let repo: RepoRecord | undefined;
  if (REPO_PATH.test(row.path)) {
    const owner = ctx.params.owner ?? ctx.params.template_owner ?? '';
    const name = ctx.params.repo ?? ctx.params.template_repo ?? '';
    const rec = findRepo(ctx.state, owner, name);
    if (!rec) throw movedOrNotFound(ctx, principal, accessRule(row), owner, name);
    repo = rec;
    resource = { private: rec.private, repo: repoKey(rec.ownerLogin, rec.name) };
  } else if (ORG_PATH.test(row.path)) {
    const team = ctx.params.team_slug;
    resource = { private: false, org: ctx.params.org ?? '', route: `${row.method} ${row.path}`, ...(team !== undefined ? { team } : {}) };
  }
  authorize(ctx, principal, accessRule(row), resource);
  return repo;
}

function sentBody(ctx: GitHubRouteContext): unknown {
  if (ctx.req.bodyError === 'too-large') throw githubError.badRequest('Problems parsing JSON');
  return githubBody(ctx);
}

const asObject = (b: unknown): Resource => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Resource) : {});

/**
 * The handler of one catalog row: version, auth, rate limit, then `custom` (a family's operation) or the
 * generic engine, in one update.
 */
export function catalogHandler(row: CatalogRow, custom: RelationOp | undefined, env: PipelineEnv): RouteHandler<CodeHostingState, CodeHostingOptions> {
  /** The last read this row answered: the state it read, what was asked (see readKey) and the rendered answer. */
  let lastRead: { state: CodeHostingState; asked: string; rendered: OpResult } | undefined;
  return (ctx) => {
    let rate: RateInfo | undefined;
    let res: FakeResponse;
    const nowSec = Math.floor(ctx.clock.nowMs() / 1000);
    const resource = row.path.startsWith('/search/') ? 'search' : 'core';
    let rateKey = `${resource}:anonymous`;
    try {
      selectVersion(ctx);
      const principal = authenticate(ctx);
      rateKey = `${resource}:${principal.token?.label ?? (principal.kind === 'lenient' ? 'unseeded' : 'anonymous')}`;
      declareAccess(ctx, accessRule(row));
      for (const p of row.intParams) if (!isInt(ctx.params[p])) throw githubError.notFound();
      const sent = row.method === 'GET' ? undefined : sentBody(ctx);
      const body = asObject(sent);
      const op: Operation = {
        row,
        key: canonicalKey(ctx.state, concreteKey(row.path, ctx.params)),
        body,
        ...(Array.isArray(sent) ? { arrayBody: sent } : {}),
        baseUrl: ctx.baseUrl,
        url: ctx.req.url,
        query: ctx.req.query,
        now: isoAt(ctx.clock.nowMs()),
        login: principal.login,
        actsAsUser: actsAsUser(principal.token),
        anonymous: principal.kind === 'anonymous',
        caller: callerOf(principal),
        accept: ctx.req.headers.accept ?? '',
      };
      const authenticated = principal.kind !== 'anonymous';
      // A read changes nothing but the rate window (the host's meters, not the state): it runs on the
      // state itself, without an immer draft (a draft of the root and the nodes it reads).
      type Outcome = { error: GitHubError } | { result: OpResult; repo?: RepoRecord | undefined; rendered?: OpResult };
      // Every answer in GitHub's documented status and shape, rendered from the state after the update.
      const render = (result: OpResult, repo: RepoRecord | undefined): OpResult =>
        shapeAnswer(row, result, op.key, {
          baseUrl: ctx.baseUrl,
          now: op.now,
          // An anonymous reader is nobody: objects nobody attributed render as the repository owner's.
          login: principal.login ?? (principal.kind === 'anonymous' ? repo?.ownerLogin : undefined) ?? ctx.options.defaultLogin ?? DEFAULT_LOGIN,
          records: ctx.state.catalog.records,
          accounts: ctx.state.accounts,
          ...(repo ? { repo: env.repoView(repo, { state: ctx.state, apiBase: ctx.baseUrl, caller: op.caller }) } : {}),
        });
      const operate = (draft: CodeHostingState | undefined): Outcome => {
        rate = consume(rateTable(ctx), rateKey, limitFor(resource, authenticated), nowSec, resource);
        if (rate.exceeded) return { error: rateLimitError(rate, nowSec, rateLimitSubject(ctx.state, principal)) };
        try {
          const repo = check(ctx, row, principal);
          // A hand-written operation answers its own redirects (404 first when the object does not exist).
          if (redirectShape(row) && !custom) {
            const location = redirectLocation(op.key, op.baseUrl, repo, repo ? archiveRef(ctx.state, repo) : undefined);
            return { result: { status: 302, headers: { location, 'content-type': 'text/html;charset=utf-8' } }, repo };
          }
          const written = repo ? { path: keyPrefix(op.key, 3), defaultBranch: repo.defaultBranch, record: repo } : undefined;
          const relRepo = custom ? written : undefined;
          if (row.method === 'GET') {
            // A read is a function of the state and the request: the same read of an unchanged state
            // (a client polling one object) answers the rendering it got last, after the same checks.
            const asked = readKey(op, ctx.options.defaultLogin);
            const again = lastRead?.state === ctx.state && lastRead.asked === asked ? lastRead.rendered : undefined;
            if (again) return { result: again, rendered: again, repo };
            const result = custom ? custom({ state: ctx.state, op, ...(relRepo ? { repo: relRepo } : {}) }) : read(ctx.state.catalog, op);
            const rendered = render(result, repo);
            lastRead = { state: ctx.state, asked, rendered };
            return { result, rendered, repo };
          }
          // The rate count above lands whatever happens; the operation lands whole or not at all.
          const result = attempt(draft as CodeHostingState, (d) => {
            const out = custom ? custom({ state: d, op, ...(relRepo ? { repo: relRepo } : {}) }) : mutate(d.catalog, d.counters, op);
            env.afterWrite?.({ state: d, before: ctx.state, op, result: out, ...(written ? { repo: written } : {}) });
            return out;
          });
          return { result, repo };
        } catch (err) {
          if (err instanceof GitHubError) return { error: err };
          throw err;
        }
      };
      const outcome = row.method === 'GET' ? operate(undefined) : ctx.update((draft) => operate(draft as CodeHostingState));
      if ('error' in outcome) throw outcome.error;
      const r = outcome.rendered ?? render(outcome.result, outcome.repo);
      res =
        r.body === undefined
          ? { status: r.status, headers: { ...(r.headers ?? {}) } }
          : typeof r.body === 'string'
            ? { status: r.status, body: r.body, headers: { 'content-type': 'text/plain; charset=utf-8', ...(r.headers ?? {}) } }
            : json(r.status, r.body, r.headers ?? {});
    } catch (err) {
      res = renderGitHubError(err);
    }
    const info = rate ?? peek(rateTable(ctx), rateKey, resource, nowSec, !rateKey.endsWith(':anonymous'));
    return { ...res, headers: { ...rateHeaders(info), ...(res.headers ?? {}) } };
  };
}

/**
 * Everything besides the state that a read's answer depends on: the URL (path and query), the media
 * type asked for, the base URL, the clock's now, and who reads (their login, how their token acts).
 */
function readKey(op: Operation, defaultLogin: string | undefined): string {
  const c = op.caller;
  return `${op.url.href}\n${op.accept ?? ''}\n${op.baseUrl}\n${op.now}\n${op.login ?? ''}\n${c?.kind ?? ''}:${c?.login ?? ''}\n${op.actsAsUser === true}\n${op.anonymous === true}\n${defaultLogin ?? ''}`;
}

/** `METHOD /a/{}/b`: a route's shape, whatever its parameter names. */
export function routeShape(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '{}')}`;
}
