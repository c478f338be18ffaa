/**
 * The one door of the GraphQL fake into the REST side: every model function, index and rule the
 * resolvers use is imported here and nowhere else in `graphql/`, so a move of the REST families only
 * changes these imports. Reads and writes go through the REST operations themselves ({@link restCall}):
 * the same permission rule of the catalog row, the same model, the same rendering, so an object has
 * the same `node_id`, numbers and fields through both APIs.
 */
import type { Principal } from '../../core/auth.js';
import { authorize } from '../../core/auth.js';
import type { OpResult, Operation } from '../../core/catalog/engine.js';
import { mutate, read } from '../../core/catalog/engine.js';
import { canonicalKey } from '../../core/catalog/canonical.js';
import type { Resource } from '../../core/catalog/state.js';
import { ROWS_BY_KEY, accessRule, concreteKey, keyPrefix } from '../../core/catalog/table.js';
import type { GitHubRouteContext } from '../../core/context.js';
import { GitHubError, githubError } from '../../core/errors.js';
import type { Family, RelationOp, RelationRepo, View } from '../../core/family.js';
import { findRepo, repoKey } from '../../core/lookup.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import { shapeAnswer } from '../../core/shapes/answer.js';
import { DEFAULT_LOGIN } from '../../core/shapes/render.js';
import { repoView } from '../../repos/model.js';
import { diffTrees, nodeId } from '../../git/model/views.js';
import type { CodeHostingState } from '../../state.js';
import { attempt } from '../../../../store/store.js';
import { family as actions } from '../../actions/index.js';
import { family as artifacts } from '../../artifacts/index.js';
import { family as billing } from '../../billing/index.js';
import { family as branches } from '../../branches/index.js';
import { family as checks } from '../../checks/index.js';
import { family as codeSecurity } from '../../code-security/index.js';
import { family as collaborators } from '../../collaborators/index.js';
import { family as copilot } from '../../copilot/index.js';
import { family as deployments } from '../../deployments/index.js';
import { family as events } from '../../events/index.js';
import { family as git } from '../../git/index.js';
import { family as interactionLimits } from '../../interaction-limits/index.js';
import { family as issues } from '../../issues/index.js';
import { family as orgs } from '../../orgs/index.js';
import { family as pages } from '../../pages/index.js';
import { family as releases } from '../../releases/index.js';
import { family as repoSettings } from '../../repo-settings/index.js';
import { family as repos } from '../../repos/index.js';
import { family as root } from '../../root/index.js';
import { family as scim } from '../../scim/index.js';
import { family as social } from '../../social/index.js';
import { family as statuses } from '../../statuses/index.js';
import { family as teams } from '../../teams/index.js';
import { family as users } from '../../users/index.js';

export type { Principal } from '../../core/auth.js';
export { actsAsUser, authorize, forbiddenMessage, permissionModelOn } from '../../core/auth.js';
export type { Resource } from '../../core/catalog/state.js';
export { ruleFor } from '../../core/catalog/table.js';
export { rateLimitSubject } from '../../core/catalog/rate-limit.js';
export type { GitHubRouteContext } from '../../core/context.js';
export { GitHubError, githubError } from '../../core/errors.js';
export { accountOf, findAccount, findRepo, fullName, repoKey } from '../../core/lookup.js';
export { forksOf, renderRepo } from '../../repos/model.js';
export { repoRole, roleReaches } from '../../core/roles.js';
export type { RepoRole } from '../../core/roles.js';
export { knownAccount } from '../../users/model.js';
export { runSearch, type SearchEnv } from '../../search/model.js';
export { stargazerCount, starredAt } from '../../social/model.js';
export type { RelationRepo } from '../../core/family.js';
export { issueCtx } from '../../issues/model/context.js';
export type { IssueCtx } from '../../issues/model/context.js';
export { issueKey, labelKey, milestoneKey, pullKey } from '../../issues/model/keys.js';
export { membersOf } from '../../issues/model/lists.js';
export { type ListQuery, runQuery } from '../../issues/model/query.js';
export { assigneesOf as assigneesOfIssue, baseOf, headLabel, headOf, labelsOf } from '../../issues/model.js';
export { entryAt, getCommit, getObject, listRefs, refSha, resolveCommitish, treeEntries } from '../../git/model.js';
export type { GitObject } from '../../git/state.js';
export { commitsBetween, mergeBase } from '../../git/model/history.js';
export { collaboratorsOf, roleIn } from '../../collaborators/model.js';
export { CHECK_SUITE_OFFSET } from '../../actions/model.js';
export type { Account, RepoRecord } from '../../core/schemas/repo.js';
export { legacyNodeId, renderAccount } from '../../core/shapes/account.js';
export { unknownAccount } from '../../core/shapes/render.js';
export type { CodeHostingState } from '../../state.js';
export { webBase } from '../../core/urls.js';
export { tablePeek } from '../../../../store/table.js';
export type { Table } from '../../../../store/table.js';

/**
 * The REST families whose operations answer catalog rows (`op` serves), so that {@link restCall} runs
 * the operation a REST route runs. The other families answer their rows themselves (`handle`/`raw`)
 * and GraphQL does not call them through here. Not `families.ts` (the service layer, above this one):
 * rest-models.test.ts checks that this list names every family with an operation.
 */
export const OP_FAMILIES: readonly Family[] = [
  actions,
  artifacts,
  billing,
  branches,
  checks,
  codeSecurity,
  collaborators,
  copilot,
  deployments,
  events,
  git,
  interactionLimits,
  issues,
  orgs,
  pages,
  releases,
  repoSettings,
  repos,
  root,
  scim,
  social,
  statuses,
  teams,
  users,
];

/** Every family operation by `METHOD template` (the catalog's seed spelling), as the route builder serves them. */
const REST_OPS: ReadonlyMap<string, RelationOp> = new Map(OP_FAMILIES.flatMap((f) => f.routes.flatMap((r) => ('op' in r ? [[r.row, r.op] as const] : []))));

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
  const custom = REST_OPS.get(key);
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
