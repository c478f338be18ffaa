/**
 * The one door of the GraphQL fake into the REST side: every model function, index and rule the
 * resolvers use is imported here and nowhere else in `graphql/`, so a move of the REST families only
 * changes these imports. Reads and writes go through the REST operations themselves ({@link restCall}):
 * the same permission rule of the catalog row, the same model, the same rendering, so an object has
 * the same `node_id`, numbers and fields through both APIs.
 */
import type { Principal } from '../auth.js';
import { authorize } from '../auth.js';
import type { OpResult, Operation } from '../catalog/engine.js';
import { mutate, read } from '../catalog/engine.js';
import { canonicalKey } from '../catalog/canonical.js';
import type { Resource } from '../catalog/state.js';
import { ROWS_BY_KEY, accessRule, concreteKey, keyPrefix } from '../catalog/table.js';
import type { GitHubRouteContext } from '../context.js';
import { GitHubError, githubError } from '../errors.js';
import { findRepo, repoKey } from '../models/repos.js';
import { RELATION_OPS } from '../relations/index.js';
import type { RelationRepo } from '../relations/types.js';
import type { RepoRecord } from '../schemas/repo.js';
import { repoView, shapeAnswer } from '../shapes/answer.js';
import { type View, diffTrees, nodeId } from '../relations/git/views.js';
import { DEFAULT_LOGIN } from '../shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { attempt } from '../../../store/store.js';

export type { Principal } from '../auth.js';
export { actsAsUser, authorize, forbiddenMessage, permissionModelOn } from '../auth.js';
export type { Resource } from '../catalog/state.js';
export { ruleFor } from '../catalog/table.js';
export { rateLimitSubject } from '../catalog/rate-limit.js';
export type { GitHubRouteContext } from '../context.js';
export { GitHubError, githubError } from '../errors.js';
export { accountOf, findAccount, findRepo, forksOf, fullName, renderRepo, repoKey } from '../models/repos.js';
export { repoRole, roleReaches } from '../models/roles.js';
export type { RepoRole } from '../models/roles.js';
export { knownAccount } from '../relations/users/index.js';
export { stargazerCount } from '../relations/index.js';
export { starredAt } from '../relations/social/model.js';
export type { RelationRepo } from '../relations/types.js';
export { issueCtx } from '../relations/issues/context.js';
export type { IssueCtx } from '../relations/issues/context.js';
export { issueKey, labelKey, milestoneKey, pullKey } from '../relations/issues/keys.js';
export { membersOf } from '../relations/issues/lists.js';
export { type ListQuery, runQuery } from '../relations/issues/query.js';
export { assigneesOf as assigneesOfIssue, baseOf, headLabel, headOf, labelsOf } from '../relations/issues/model.js';
export { entryAt, getCommit, getObject, listRefs, refSha, resolveCommitish, treeEntries } from '../relations/git/graph.js';
export type { GitObject } from '../relations/git/graph.js';
export { commitsBetween, mergeBase } from '../relations/git/history.js';
export { collaboratorsOf, roleIn } from '../relations/collaborators/model.js';
export { CHECK_SUITE_OFFSET } from '../relations/actions/model.js';
export type { Account, RepoRecord } from '../schemas/repo.js';
export { legacyNodeId, renderAccount } from '../shapes/account.js';
export { unknownAccount } from '../shapes/render.js';
export type { CodeHostingState } from '../state.js';
export { webBase } from '../urls.js';
export { tablePeek } from '../../../store/table.js';
export type { Table } from '../../../store/table.js';

const REPO_PATH = /^\/repos\/\{(owner|template_owner)\}\/\{(repo|template_repo)\}/;

/** What a REST call needs of the GraphQL request. */
export interface RestEnv {
  /** The state to read, or the draft of the request's one change while a mutation runs. */
  readonly state: CodeHostingState;
  /** Whether `state` is that draft (writes are refused otherwise). */
  readonly writable: boolean;
  readonly principal: Principal;
  /** REST API base URL of the request (`https://api.github.com`, `https://ghe.example.com/api/v3`). */
  readonly apiBase: string;
  /** ISO time now on the fake clock. */
  readonly now: string;
  /** The context handed to the permission model (its `req` is the GraphQL request's shadow, so no REST permission header is added). */
  readonly authCtx: GitHubRouteContext;
}

/** The repository path a catalog key starts with (`/repos/<owner>/<repo>`, canonical spelling). */
export function repoPath(rec: RepoRecord): string {
  return `/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}`;
}

/** The relation operations' view of a repository. */
export function relationRepo(rec: RepoRecord): RelationRepo {
  return { path: repoPath(rec), defaultBranch: rec.defaultBranch, record: rec };
}

/** The node id REST gives a git object or ref of a repository (`Commit`, `Tree`, `Blob`, `Tag`, `Ref`). */
export function gitNodeId(kind: string, rec: RepoRecord, value: string): string {
  return nodeId(kind, { repo: relationRepo(rec) } as View, value);
}

/** The files changed from tree `from` (null: nothing) to tree `to`, as REST's compare lists them (`filename`, `status`, `additions`, ...). */
export function changedFiles(state: CodeHostingState, rec: RepoRecord, apiBase: string, from: string | null, to: string, at: string): Resource[] {
  return diffTrees({ state, repo: relationRepo(rec), baseUrl: apiBase }, from, to, at);
}

/** Checks the caller against the rule of a REST operation (`METHOD /template`) on a repository, like that route does. */
export function authorizeRest(env: RestEnv, key: string, repo?: RepoRecord): void {
  const row = ROWS_BY_KEY.get(key);
  if (!row) throw new Error(`stuntdouble bug: no REST operation ${key}`);
  authorize(env.authCtx, env.principal, accessRule(row), repo ? { private: repo.private, repo: repoKey(repo.ownerLogin, repo.name) } : undefined);
}

/** The operation a REST read of `key` (`GET /template`) at a concrete path would run, for models that read the query and URL only. */
export function readOperation(env: RestEnv, key: string, path: string, query: Record<string, string> = {}): Operation {
  const row = ROWS_BY_KEY.get(key);
  if (!row) throw new Error(`stuntdouble bug: no REST operation ${key}`);
  const url = new URL(`${env.apiBase}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { row, key: path, body: {}, baseUrl: env.apiBase, url, query, now: env.now, login: env.principal.login ?? DEFAULT_LOGIN, accept: '' };
}

/** The REST answer of a call: its status, rendered body and headers. */
export interface RestAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Runs one catalog operation (`METHOD /template`, GitHub's spelling of the REST route) as its route
 * would: the repository looked up and the caller authorized with the row's rule, the operation's model
 * (a write inside the request's change, all or nothing), and the answer rendered in GitHub's documented
 * shape. Throws the REST error (404, 403, 422, ...) the route would answer.
 */
export function restCall(
  env: RestEnv,
  key: string,
  params: Readonly<Record<string, string>>,
  opts: { query?: Record<string, string>; body?: Resource } = {},
): RestAnswer {
  const row = ROWS_BY_KEY.get(key);
  if (!row) throw new Error(`stuntdouble bug: no REST operation ${key}`);
  let repo: RepoRecord | undefined;
  if (REPO_PATH.test(row.path)) {
    repo = findRepo(env.state, params.owner ?? '', params.repo ?? '');
    if (!repo) throw githubError.notFound();
  }
  authorize(env.authCtx, env.principal, accessRule(row), repo ? { private: repo.private, repo: repoKey(repo.ownerLogin, repo.name) } : undefined);
  const concrete = canonicalKey(env.state, concreteKey(row.path, params));
  const query = opts.query ?? {};
  const url = new URL(`${env.apiBase}${concrete}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const login = env.principal.login ?? DEFAULT_LOGIN;
  const op: Operation = { row, key: concrete, body: opts.body ?? {}, baseUrl: env.apiBase, url, query, now: env.now, login, accept: '' };
  const custom = RELATION_OPS[key];
  const relRepo = repo && custom ? { path: keyPrefix(concrete, 3), defaultBranch: repo.defaultBranch, record: repo } : undefined;
  let result: OpResult;
  if (row.method === 'GET') {
    result = custom ? custom({ state: env.state, op, ...(relRepo ? { repo: relRepo } : {}) }) : read(env.state.catalog, op);
  } else {
    if (!env.writable) throw new Error(`stuntdouble bug: ${key} outside a mutation`);
    result = attempt(env.state, (d) => (custom ? custom({ state: d, op, ...(relRepo ? { repo: relRepo } : {}) }) : mutate(d.catalog, d.counters, op)));
    // The repository record may have changed with the write (pushed_at, ...).
    if (repo) repo = findRepo(env.state, repo.ownerLogin, repo.name) ?? repo;
  }
  const r = shapeAnswer(row, result, concrete, {
    baseUrl: env.apiBase,
    now: env.now,
    login,
    records: env.state.catalog.records,
    accounts: env.state.accounts,
    ...(repo ? { repo: repoView(repo, { state: env.state, apiBase: env.apiBase }) } : {}),
  });
  return { status: r.status, body: r.body, headers: r.headers ?? {} };
}

/** Whether a REST error is GitHub's "not found" (a resource that does not exist or that the caller may not see). */
export function isNotFound(err: unknown): boolean {
  return err instanceof GitHubError && err.status === 404;
}
