import { notFound } from '../errors.js';
import { findNode } from '../node-ids.js';
import { type RepoRecord, type Resource, findRepo, refSha, relationRepo, restCall } from '../rest-models.js';
import type { Env } from '../types.js';
import { gitObject, refSrc } from './git.js';
import { accountSrc, canRead, loadIssueish, repoParams, repoSrc, restSrc, viaRest } from './sources.js';

/** `node(id:)`, `nodes(ids:)` and the ids mutations take: a node id REST handed out → the object's source. */

/** The repository of a catalog key `/repos/<owner>/<repo>/...`. */
function repoOfKey(env: Env, key: string): RepoRecord | undefined {
  const m = /^\/repos\/([^/]+)\/([^/]+)/.exec(key);
  return m ? findRepo(env.state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
}

/** The issue number in a REST answer's `issue_url` (a comment's issue). */
function issueNumberOf(json: Resource): number | undefined {
  const m = /\/issues\/(\d+)$/.exec(String(json.issue_url ?? ''));
  return m ? Number(m[1]) : undefined;
}

type Params = ReturnType<typeof repoParams>;

/** Record keys (relative to their repository) → the REST read that answers the object, as its source. */
const RECORD_READS: ReadonlyArray<[RegExp, (env: Env, repo: RepoRecord, p: Params, m: RegExpExecArray) => unknown]> = [
  [/^\/(issues|pulls)\/(\d+)$/, (env, repo, _p, m) => loadIssueish(env, repo, Number(m[2]), 'a node')],
  [
    /^\/issues\/comments\/(\d+)$/,
    (env, repo, p, m) => {
      const j = restCall(env, 'GET /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...p, comment_id: m[1] as string }).body as Resource;
      return restSrc('IssueComment', repo, j, issueNumberOf(j));
    },
  ],
  [
    /^\/labels\/([^/]+)$/,
    (env, repo, p, m) =>
      restSrc('Label', repo, restCall(env, 'GET /repos/{owner}/{repo}/labels/{name}', { ...p, name: decodeURIComponent(m[1] as string) }).body as Resource),
  ],
  [
    /^\/milestones\/(\d+)$/,
    (env, repo, p, m) =>
      restSrc(
        'Milestone',
        repo,
        restCall(env, 'GET /repos/{owner}/{repo}/milestones/{milestone_number}', { ...p, milestone_number: m[1] as string }).body as Resource,
      ),
  ],
  [
    /^\/pulls\/(\d+)\/reviews\/(\d+)$/,
    (env, repo, p, m) =>
      restSrc(
        'PullRequestReview',
        repo,
        restCall(env, 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', { ...p, pull_number: m[1] as string, review_id: m[2] as string })
          .body as Resource,
        Number(m[1]),
      ),
  ],
];

/** A catalog record by its key, read through the REST operation that answers it (null: a kind the fake does not serve by id). */
function recordNode(env: Env, key: string): unknown {
  const repo = repoOfKey(env, key);
  if (!repo) return null;
  const rest = key.slice(`/repos/${encodeURIComponent(repo.ownerLogin)}/${encodeURIComponent(repo.name)}`.length);
  for (const [re, read] of RECORD_READS) {
    const m = re.exec(rest);
    if (m) return read(env, repo, repoParams(repo), m);
  }
  return null;
}

/** The object a node id names, or null when it names nothing the caller may see (or a kind the fake does not serve by id). */
export function nodeById(env: Env, id: string): unknown {
  const ref = findNode(env.nodeIndexOwner, env.lookupState, id);
  if (!ref) return null;
  try {
    if (ref.kind === 'record') return recordNode(env, ref.key);
    if (ref.kind === 'legacy') {
      if (ref.type === 'Repository') {
        const repo = env.state.repos[ref.id];
        return repo && canRead(env, repo) ? repoSrc(repo) : null;
      }
      if (ref.type === 'User' || ref.type === 'Organization' || ref.type === 'Bot') {
        const login = env.state.accountIds[ref.id];
        if (login) return accountSrc(env, env.state.accounts[login]?.login ?? login);
        // An account nobody seeded (the lenient default caller): known by its login only.
        const viewer = accountSrc(env, env.login);
        return viewer.account.id === ref.id ? viewer : null;
      }
      return null;
    }
    const repo = env.state.repos[ref.repoId];
    if (!repo || !canRead(env, repo)) return null;
    switch (ref.type) {
      case 'Commit':
      case 'Tree':
      case 'Blob':
      case 'Tag':
        return gitObject(env, repo, ref.value);
      case 'Ref': {
        const sha = refSha(env.state, relationRepo(repo), ref.value);
        return sha ? refSrc(repo, ref.value, sha) : null;
      }
      case 'Release': {
        const j = restCall(env, 'GET /repos/{owner}/{repo}/releases/{release_id}', { ...repoParams(repo), release_id: ref.value }).body as Resource;
        return restSrc('Release', repo, j);
      }
      default:
        return null;
    }
  } catch (err) {
    // A REST 404 (deleted since, or not visible to the caller): no such node. Other refusals are errors.
    return viaRest(env, 'a node', () => {
      if (err && typeof err === 'object' && 'status' in err && (err as { status: number }).status === 404) return null;
      throw err;
    });
  }
}

/** GitHub's NOT_FOUND for a node id. */
export function nodeNotFound(id: string) {
  return notFound(`a node with the global id of '${id}'`);
}

/** The object of a node id, which must be one of `types` (a mutation's input); NOT_FOUND otherwise. */
export function nodeOfType<T>(env: Env, id: unknown, types: readonly string[]): T {
  const src = typeof id === 'string' ? nodeById(env, id) : null;
  const typename = src && typeof src === 'object' ? (src as { __typename?: string }).__typename : undefined;
  if (!typename || !types.includes(typename)) throw nodeNotFound(String(id));
  return src as T;
}
