import { GqlError, fromRest, notFound } from '../errors.js';
import {
  type Account,
  type RepoRecord,
  type Resource,
  accountOf,
  authorizeRest,
  findRepo,
  fullName,
  knownAccount,
  renderRepo,
  restCall,
} from '../rest-models.js';
import type { Env, Typed } from '../types.js';

/**
 * The objects resolvers pass down: each names its GraphQL type and carries the REST answer it is read
 * from (loaded through the REST operation, so fields, ids and permissions are REST's). A source loads
 * what it needs once per request.
 */

/** Reads a string field of a REST answer. */
export const str = (j: Resource | undefined, k: string): string | null => (j && typeof j[k] === 'string' ? (j[k] as string) : null);
/** Reads a number field of a REST answer. */
export const num = (j: Resource | undefined, k: string): number | null => (j && typeof j[k] === 'number' ? (j[k] as number) : null);
/** Reads an object field of a REST answer. */
export const obj = (j: Resource | undefined, k: string): Resource | undefined =>
  j?.[k] && typeof j[k] === 'object' && !Array.isArray(j[k]) ? (j[k] as Resource) : undefined;
/** Reads an array field of a REST answer. */
export const arr = (j: Resource | undefined, k: string): Resource[] => (j && Array.isArray(j[k]) ? (j[k] as Resource[]) : []);

/** A repository. */
export interface RepoSrc extends Typed {
  readonly __typename: 'Repository';
  readonly repo: RepoRecord;
  /** `GET /repos/{owner}/{repo}`'s answer, once read. */
  json?: Resource;
}

/** A user, organization or bot, by login. */
export interface AccountSrc extends Typed {
  readonly login: string;
  readonly account: Account;
  /** `GET /users/{username}` (or `/orgs/{org}`), once read. */
  profile?: Resource;
}

/** An issue, or the issue side of a pull request. */
export interface IssueSrc extends Typed {
  readonly __typename: 'Issue' | 'PullRequest';
  readonly repo: RepoRecord;
  readonly number: number;
  /** `GET /repos/{owner}/{repo}/issues/{issue_number}`'s answer. */
  readonly issue: Resource;
  /** For a pull request: `GET /repos/{owner}/{repo}/pulls/{pull_number}`'s answer. */
  pull?: Resource;
}

/** An object of a repository read from one REST answer (label, milestone, comment, review, release, event). */
export interface RestSrc extends Typed {
  readonly repo: RepoRecord;
  readonly json: Resource;
  /** The issue or pull request number it belongs to, when it belongs to one. */
  readonly number?: number;
}

/** A git object or ref of a repository. */
export interface GitSrc extends Typed {
  readonly repo: RepoRecord;
  /** Object id (commit, tree, blob, tag); for a ref, the sha it points at. */
  readonly oid: string;
  /** For a ref: its full name (`refs/heads/main`). For a tree or blob: its path in the commit, if known. */
  readonly name?: string;
  /** `GET /repos/{owner}/{repo}/commits/{ref}`'s answer of a commit, once read. */
  json?: Resource;
}

/** The web path `/<owner>/<repo>` of a repository. */
export const webRepo = (repo: RepoRecord) => `/${fullName(repo)}`;

/** `{ owner, repo }` of a repository, for REST calls. */
export const repoParams = (repo: RepoRecord) => ({ owner: repo.ownerLogin, repo: repo.name });

/** Wraps a REST call: a REST error becomes the GraphQL error GitHub answers, naming the object. */
export function viaRest<T>(env: Env, what: string, fn: () => T, field?: string): T {
  try {
    return fn();
  } catch (err) {
    throw fromRest(err, what, env.principal, field);
  }
}

/** A repository source. */
export function repoSrc(repo: RepoRecord): RepoSrc {
  return { __typename: 'Repository', repo };
}

/** `GET /repos/{owner}/{repo}`'s answer of a repository source (read once). */
export function repoJson(env: Env, src: RepoSrc): Resource {
  src.json ??= renderRepo(env.state, src.repo, env.apiBase);
  return src.json;
}

/** The repository `owner/name` names, checked like `GET /repos/{owner}/{repo}` (NOT_FOUND when missing or not visible). */
export function loadRepo(env: Env, owner: string, name: string): RepoSrc {
  const repo = findRepo(env.state, owner, name);
  const what = `a Repository with the name '${owner}/${name}'`;
  if (!repo) throw notFound(what);
  viaRest(env, what, () => authorizeRest(env, 'GET /repos/{owner}/{repo}', repo));
  return repoSrc(repo);
}

/** Whether the caller may see a repository (as `GET /repos/{owner}/{repo}` decides). */
export function canRead(env: Env, repo: RepoRecord): boolean {
  try {
    authorizeRest(env, 'GET /repos/{owner}/{repo}', repo);
    return true;
  } catch {
    return false;
  }
}

/** The source of an account by login: a known account, or an unseeded one (a login an object names). */
export function accountSrc(env: Env, login: string): AccountSrc {
  const account = knownAccount(env.state, login, env.login) ?? accountOf(env.state, login);
  const type = account.type === 'Organization' ? 'Organization' : /\[bot\]$/.test(account.login) ? 'Bot' : 'User';
  return { __typename: type, login: account.login, account };
}

/** The account of a REST user object (`{ login, ... }`), or null. */
export function actorOf(env: Env, user: unknown): AccountSrc | null {
  const login = user && typeof user === 'object' ? (user as Resource).login : typeof user === 'string' ? user : undefined;
  return typeof login === 'string' && login ? accountSrc(env, login) : null;
}

/** The profile of an account: `GET /users/{username}` (or `GET /orgs/{org}`), read once. */
export function profileOf(env: Env, src: AccountSrc): Resource {
  if (src.profile) return src.profile;
  try {
    const r =
      src.__typename === 'Organization'
        ? restCall(env, 'GET /orgs/{org}', { org: src.login })
        : restCall(env, 'GET /users/{username}', { username: src.login });
    src.profile = (r.body as Resource) ?? {};
  } catch {
    // A login nobody seeded (an author named in a seed) has no profile: its identity only.
    src.profile = {};
  }
  return src.profile;
}

/** The issue or pull request `number` of a repository. */
export function loadIssueish(env: Env, repo: RepoRecord, number: number, what: string): IssueSrc {
  const issue = viaRest(env, what, () =>
    restCall(env, 'GET /repos/{owner}/{repo}/issues/{issue_number}', { ...repoParams(repo), issue_number: String(number) }),
  ).body as Resource;
  if (obj(issue, 'pull_request')) return { __typename: 'PullRequest', repo, number, issue };
  return { __typename: 'Issue', repo, number, issue };
}

/** The REST pull answer of a pull request source (read once). */
export function pullJson(env: Env, src: IssueSrc): Resource {
  src.pull ??= viaRest(
    env,
    `a PullRequest with the number of ${src.number}`,
    () => restCall(env, 'GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...repoParams(src.repo), pull_number: String(src.number) }).body as Resource,
  );
  return src.pull;
}

/** The issue `number` (not a pull request) of a repository. */
export function loadIssue(env: Env, repo: RepoRecord, number: number): IssueSrc {
  const what = `an Issue with the number of ${number}`;
  const src = loadIssueish(env, repo, number, what);
  if (src.__typename !== 'Issue') throw notFound(what);
  return src;
}

/** The pull request `number` of a repository. */
export function loadPull(env: Env, repo: RepoRecord, number: number): IssueSrc {
  const what = `a PullRequest with the number of ${number}`;
  const src = loadIssueish(env, repo, number, what);
  if (src.__typename !== 'PullRequest') throw notFound(what);
  pullJson(env, src);
  return src;
}

/** A REST-backed object source. */
export function restSrc(typename: string, repo: RepoRecord, json: Resource, number?: number): RestSrc {
  return { __typename: typename, repo, json, ...(number !== undefined ? { number } : {}) };
}

/** An error for input the fake cannot act on, worded as GitHub's argument errors. */
export function argumentError(message: string): GqlError {
  return new GqlError('UNPROCESSABLE', message);
}
