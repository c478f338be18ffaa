import { arraySource, connection } from '../connections.js';
import {
  type GitObject,
  type RepoRecord,
  type Resource,
  authorizeRest,
  entryAt,
  getCommit,
  getObject,
  gitNodeId,
  listRefs,
  refSha,
  relationRepo,
  resolveCommitish,
  restCall,
} from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { workflowRunOf } from './actions.js';
import { abbreviated, enumOf, restList } from './common.js';
import { type GitSrc, accountSrc, arr, obj, repoParams, repoSrc, str, viaRest, webRepo } from './sources.js';

/**
 * Git data (`Ref`, `Commit`, `Tree`, `Blob`, `Tag`) from the git family's graph: the objects REST's
 * git database and commits routes answer, with the same node ids (`base64("Commit:<repo id>:<sha>")`).
 */

/** Checks the caller may read the repository's contents (`GET /repos/{owner}/{repo}/git/...`'s rule). */
function canReadGit(env: Env, repo: RepoRecord): void {
  viaRest(env, 'git data', () => authorizeRest(env, 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}', repo));
}

const TYPE_NAMES: Readonly<Record<GitObject['type'], string>> = { commit: 'Commit', tree: 'Tree', blob: 'Blob', tag: 'Tag' };

/** The source of the object at `oid` (null when the graph has no such object). */
export function gitObject(env: Env, repo: RepoRecord, oid: string, name?: string): GitSrc | null {
  const o = getObject(env.state, relationRepo(repo), oid);
  if (!o) return null;
  return { __typename: TYPE_NAMES[o.type], repo, oid, ...(name !== undefined ? { name } : {}) };
}

/** A commit source (the default branch's root commit exists without being stored). */
export function commitSrc(repo: RepoRecord, oid: string): GitSrc {
  return { __typename: 'Commit', repo, oid };
}

/** A ref source. */
export function refSrc(repo: RepoRecord, full: string, sha: string): GitSrc {
  return { __typename: 'Ref', repo, oid: sha, name: full };
}

/** `ref(qualifiedName:)`: a full name, or a short one looked up as a branch then a tag; null when none. */
export function refNamed(env: Env, repo: RepoRecord, name: string): GitSrc | null {
  canReadGit(env, repo);
  const rel = relationRepo(repo);
  const candidates = name.startsWith('refs/') ? [name] : [`refs/heads/${name}`, `refs/tags/${name}`];
  for (const full of candidates) {
    const sha = refSha(env.state, rel, full);
    if (sha) return refSrc(repo, full, sha);
  }
  return null;
}

/** `refs(refPrefix:, query:, orderBy:)`: the refs under a prefix, by name. */
export function refConnection(env: Env, repo: RepoRecord, args: Args) {
  canReadGit(env, repo);
  const prefix = String(args.refPrefix ?? 'refs/');
  const q = typeof args.query === 'string' ? args.query : '';
  let refs = listRefs(env.state, relationRepo(repo), prefix).filter((r) => r.ref.slice(prefix.length).includes(q));
  const order = args.orderBy && typeof args.orderBy === 'object' ? (args.orderBy as Record<string, unknown>) : undefined;
  if (order?.direction === 'DESC' || args.direction === 'DESC') refs = [...refs].reverse();
  return connection('RefConnection', 'refs', args, arraySource(refs), (r) => refSrc(repo, r.ref, r.sha));
}

/** `object(oid:)` / `object(expression:)`: `HEAD`, a branch, tag or sha, optionally `:<path>` into its tree. */
export function objectAt(env: Env, repo: RepoRecord, args: Args): GitSrc | null {
  canReadGit(env, repo);
  if (typeof args.oid === 'string') return gitObject(env, repo, args.oid);
  const expr = typeof args.expression === 'string' ? args.expression : '';
  const colon = expr.indexOf(':');
  const rev = colon < 0 ? expr : expr.slice(0, colon);
  const rel = relationRepo(repo);
  const sha = resolveCommitish(env.state, rel, rev === '' ? 'HEAD' : rev);
  if (!sha) return null;
  if (colon < 0) return gitObject(env, repo, sha);
  const commit = getCommit(env.state, rel, sha);
  if (!commit) return null;
  const path = expr.slice(colon + 1).replace(/^\/+|\/+$/g, '');
  const entry = entryAt(env.state, rel, commit.tree, path);
  return entry ? gitObject(env, repo, entry.sha, path) : null;
}

/** `GET /repos/{owner}/{repo}/commits/{ref}`'s answer (stats and files), read once. */
function commitJson(env: Env, c: GitSrc): Resource {
  c.json ??= viaRest(
    env,
    `a Commit with the oid of ${c.oid}`,
    () => restCall(env, 'GET /repos/{owner}/{repo}/commits/{ref}', { ...repoParams(c.repo), ref: c.oid }).body as Resource,
  );
  return c.json;
}

/** A `GitActor` from a REST commit identity and the account REST attributes it to. */
function gitActor(env: Env, ident: Resource | undefined, user: Resource | undefined) {
  return {
    __typename: 'GitActor',
    name: str(ident, 'name'),
    email: str(ident, 'email'),
    date: str(ident, 'date'),
    user: user && typeof user.login === 'string' ? accountSrc(env, user.login) : null,
  };
}

/** The statuses and check runs of a commit (`GET .../commits/{ref}/status` and `/check-runs`). */
function rollup(env: Env, c: GitSrc) {
  const params = { ...repoParams(c.repo), ref: c.oid };
  const combined = viaRest(env, 'statuses', () => restCall(env, 'GET /repos/{owner}/{repo}/commits/{ref}/status', params).body as Resource);
  const runs = viaRest(
    env,
    'check runs',
    () => restCall(env, 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs', params, { query: { per_page: '100' } }).body as Resource,
  );
  const statuses = arr(combined, 'statuses').map((j) => ({ __typename: 'StatusContext', repo: c.repo, json: j }));
  const checks = arr(runs, 'check_runs').map((j) => ({ __typename: 'CheckRun', repo: c.repo, json: j }));
  const contexts = [...checks, ...statuses];
  if (contexts.length === 0) return null;
  const failing = (s: string | null) =>
    s === 'FAILURE' || s === 'ERROR' || s === 'TIMED_OUT' || s === 'CANCELLED' || s === 'ACTION_REQUIRED' || s === 'STARTUP_FAILURE';
  let state = 'SUCCESS';
  for (const x of contexts) {
    const s = x.__typename === 'StatusContext' ? enumOf(x.json.state) : x.json.status === 'completed' ? enumOf(x.json.conclusion) : 'PENDING';
    if (failing(s)) state = s === 'ERROR' ? 'ERROR' : 'FAILURE';
    else if (s === 'PENDING' && state === 'SUCCESS') state = 'PENDING';
  }
  return { __typename: 'StatusCheckRollup', commit: c, state, contexts };
}

/** `Commit`. */
export const COMMIT_FIELDS: TypeResolvers<GitSrc> = {
  id: (c) => gitNodeId('Commit', c.repo, c.oid),
  oid: (c) => c.oid,
  abbreviatedOid: (c) => abbreviated(c.oid),
  message: (c, _a, env) => getCommit(env.state, relationRepo(c.repo), c.oid)?.message ?? '',
  messageHeadline: (c, _a, env) => (getCommit(env.state, relationRepo(c.repo), c.oid)?.message ?? '').split('\n')[0] ?? '',
  messageBody: (c, _a, env) => (getCommit(env.state, relationRepo(c.repo), c.oid)?.message ?? '').split('\n').slice(1).join('\n').replace(/^\n+/, ''),
  author: (c, _a, env) => gitActor(env, obj(obj(commitJson(env, c), 'commit'), 'author'), obj(commitJson(env, c), 'author')),
  committer: (c, _a, env) => gitActor(env, obj(obj(commitJson(env, c), 'commit'), 'committer'), obj(commitJson(env, c), 'committer')),
  authoredDate: (c, _a, env) => str(obj(obj(commitJson(env, c), 'commit'), 'author'), 'date'),
  committedDate: (c, _a, env) => str(obj(obj(commitJson(env, c), 'commit'), 'committer'), 'date'),
  url: (c, _a, env) => `${env.web}${webRepo(c.repo)}/commit/${c.oid}`,
  commitUrl: (c, _a, env) => `${env.web}${webRepo(c.repo)}/commit/${c.oid}`,
  resourcePath: (c) => `${webRepo(c.repo)}/commit/${c.oid}`,
  tree: (c, _a, env) => {
    const commit = getCommit(env.state, relationRepo(c.repo), c.oid);
    return commit ? { __typename: 'Tree', repo: c.repo, oid: commit.tree, name: '' } : null;
  },
  parents: (c, args, env) => {
    const parents = getCommit(env.state, relationRepo(c.repo), c.oid)?.parents ?? [];
    return connection('CommitConnection', 'parents', args, arraySource(parents), (p) => commitSrc(c.repo, p));
  },
  history: (c, args, env) => {
    const query: Record<string, string> = { sha: c.oid };
    if (typeof args.path === 'string') query.path = args.path;
    if (typeof args.since === 'string') query.since = args.since;
    if (typeof args.until === 'string') query.until = args.until;
    const list = restList(env, 'commits', 'GET /repos/{owner}/{repo}/commits', repoParams(c.repo), query);
    return connection('CommitHistoryConnection', 'history', args, list, (j) => commitSrc(c.repo, String(j.sha)));
  },
  additions: (c, _a, env) => Number(obj(commitJson(env, c), 'stats')?.additions ?? 0),
  deletions: (c, _a, env) => Number(obj(commitJson(env, c), 'stats')?.deletions ?? 0),
  changedFilesIfAvailable: (c, _a, env) => arr(commitJson(env, c), 'files').length,
  signature: () => null,
  statusCheckRollup: (c, _a, env) => rollup(env, c),
  repository: (c) => repoSrc(c.repo),
};

/** `GitActor`. */
export const GIT_ACTOR_FIELDS: TypeResolvers<Record<string, unknown>> = {
  name: (g) => g.name,
  email: (g) => g.email,
  date: (g) => g.date,
  user: (g) => g.user,
};

/** `Tree`. */
export const TREE_FIELDS: TypeResolvers<GitSrc> = {
  id: (t) => gitNodeId('Tree', t.repo, t.oid),
  oid: (t) => t.oid,
  abbreviatedOid: (t) => abbreviated(t.oid),
  commitUrl: (t, _a, env) => `${env.web}${webRepo(t.repo)}/tree/${t.oid}`,
  commitResourcePath: (t) => `${webRepo(t.repo)}/tree/${t.oid}`,
  repository: (t) => repoSrc(t.repo),
  entries: (t, _a, env) => {
    const o = getObject(env.state, relationRepo(t.repo), t.oid);
    if (o?.type !== 'tree') return [];
    return Object.entries(o.entries)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, e]) => ({ __typename: 'TreeEntry', repo: t.repo, name, entry: e, path: t.name ? `${t.name}/${name}` : name }));
  },
};

interface TreeEntrySrc {
  repo: RepoRecord;
  name: string;
  path: string;
  entry: { mode: string; type: string; sha: string };
}

/** `TreeEntry`. */
export const TREE_ENTRY_FIELDS: TypeResolvers<TreeEntrySrc> = {
  name: (e) => e.name,
  path: (e) => e.path,
  type: (e) => e.entry.type,
  mode: (e) => Number.parseInt(e.entry.mode, 8),
  oid: (e) => e.entry.sha,
  object: (e, _a, env) => gitObject(env, e.repo, e.entry.sha, e.path),
  repository: (e) => repoSrc(e.repo),
  extension: (e) => /\.[^./]+$/.exec(e.name)?.[0] ?? null,
  isGenerated: () => false,
  size: (e, _a, env) => {
    const o = getObject(env.state, relationRepo(e.repo), e.entry.sha);
    return o?.type === 'blob' ? o.size : 0;
  },
};

const blobOf = (env: Env, b: GitSrc) => {
  const o = getObject(env.state, relationRepo(b.repo), b.oid);
  return o?.type === 'blob' ? o : undefined;
};

/** `Blob`: its text unless binary (a NUL byte in the content, as git decides). */
export const BLOB_FIELDS: TypeResolvers<GitSrc> = {
  id: (b) => gitNodeId('Blob', b.repo, b.oid),
  oid: (b) => b.oid,
  abbreviatedOid: (b) => abbreviated(b.oid),
  byteSize: (b, _a, env) => blobOf(env, b)?.size ?? 0,
  isBinary: (b, _a, env) => Buffer.from(blobOf(env, b)?.content ?? '', 'base64').includes(0),
  isTruncated: () => false,
  text: (b, _a, env) => {
    const bytes = Buffer.from(blobOf(env, b)?.content ?? '', 'base64');
    return bytes.includes(0) ? null : bytes.toString('utf8');
  },
  commitUrl: (b, _a, env) => `${env.web}${webRepo(b.repo)}/blob/${b.oid}`,
  commitResourcePath: (b) => `${webRepo(b.repo)}/blob/${b.oid}`,
  repository: (b) => repoSrc(b.repo),
};

/** `Tag` (an annotated tag object). */
export const TAG_FIELDS: TypeResolvers<GitSrc> = {
  id: (t) => gitNodeId('Tag', t.repo, t.oid),
  oid: (t) => t.oid,
  abbreviatedOid: (t) => abbreviated(t.oid),
  name: (t, _a, env) => {
    const o = getObject(env.state, relationRepo(t.repo), t.oid);
    return o?.type === 'tag' ? o.tag : '';
  },
  message: (t, _a, env) => {
    const o = getObject(env.state, relationRepo(t.repo), t.oid);
    return o?.type === 'tag' ? o.message : null;
  },
  target: (t, _a, env) => {
    const o = getObject(env.state, relationRepo(t.repo), t.oid);
    return o?.type === 'tag' ? gitObject(env, t.repo, o.object.sha) : null;
  },
  repository: (t) => repoSrc(t.repo),
};

const shortName = (full: string) => full.replace(/^refs\/(heads|tags)\//, '');
const prefixOf = (full: string) => full.slice(0, full.length - shortName(full).length);

/** `Ref`. */
export const REF_FIELDS: TypeResolvers<GitSrc> = {
  id: (r) => gitNodeId('Ref', r.repo, r.name ?? ''),
  name: (r) => shortName(r.name ?? ''),
  prefix: (r) => prefixOf(r.name ?? ''),
  target: (r, _a, env) => gitObject(env, r.repo, r.oid) ?? commitSrc(r.repo, r.oid),
  repository: (r) => repoSrc(r.repo),
};

interface RollupSrc {
  commit: GitSrc;
  state: string;
  contexts: Array<{ __typename: string; repo: RepoRecord; json: Resource }>;
}

/** `StatusCheckRollup`. */
export const ROLLUP_FIELDS: TypeResolvers<RollupSrc> = {
  state: (r) => r.state,
  commit: (r) => r.commit,
  contexts: (r, args) => connection('StatusCheckRollupContextConnection', 'contexts', args, arraySource(r.contexts), (x) => x),
};

type CheckSrc = { repo: RepoRecord; json: Resource };

/** `StatusContext` (a commit status). */
export const STATUS_CONTEXT_FIELDS: TypeResolvers<CheckSrc> = {
  id: (s) => String(s.json.node_id),
  context: (s) => str(s.json, 'context') ?? 'default',
  state: (s) => enumOf(s.json.state) ?? 'PENDING',
  description: (s) => str(s.json, 'description'),
  targetUrl: (s) => str(s.json, 'target_url'),
  createdAt: (s) => str(s.json, 'created_at'),
  avatarUrl: (s) => str(s.json, 'avatar_url'),
  creator: (s, _a, env) => {
    const login = str(obj(s.json, 'creator'), 'login');
    return login ? accountSrc(env, login) : null;
  },
  isRequired: () => false,
};

/** `CheckRun`. */
export const CHECK_RUN_FIELDS: TypeResolvers<CheckSrc> = {
  id: (s) => String(s.json.node_id),
  databaseId: (s) => s.json.id,
  name: (s) => str(s.json, 'name') ?? '',
  status: (s) => enumOf(s.json.status) ?? 'QUEUED',
  conclusion: (s) => enumOf(s.json.conclusion),
  startedAt: (s) => str(s.json, 'started_at'),
  completedAt: (s) => str(s.json, 'completed_at'),
  detailsUrl: (s) => str(s.json, 'details_url'),
  url: (s) => str(s.json, 'html_url'),
  title: (s) => str(obj(s.json, 'output'), 'title'),
  summary: (s) => str(obj(s.json, 'output'), 'summary'),
  text: (s) => str(obj(s.json, 'output'), 'text'),
  isRequired: () => false,
  checkSuite: (s) => ({ __typename: 'CheckSuite', repo: s.repo, json: obj(s.json, 'check_suite') ?? {} }),
};

/** `CheckSuite` (as a check run embeds it). */
export const CHECK_SUITE_FIELDS: TypeResolvers<CheckSrc> = {
  id: (s) => (typeof s.json.node_id === 'string' ? s.json.node_id : gitNodeId('CheckSuite', s.repo, String(s.json.id ?? ''))),
  databaseId: (s) => s.json.id,
  workflowRun: (s, _a, env) => workflowRunOf(env, { __typename: 'CheckSuite', repo: s.repo, json: s.json }),
  repository: (s) => repoSrc(s.repo),
};
