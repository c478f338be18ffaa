import { type RepoRecord, type Resource, changedFiles, commitsBetween, findRepo, getCommit, mergeBase, relationRepo } from '../rest-models.js';
import type { Env } from '../types.js';
import { type IssueSrc, obj, pullJson, str } from './sources.js';

/**
 * A pull request's commits and changed files, derived from the git graph: the commits reachable from
 * its head and not from its base (for a merged pull, the base as it was before the merge: the merge
 * commit's first parent), and the diff from their merge base to the head.
 */

interface PullDiff {
  repo: RepoRecord;
  commits: string[];
  files: Resource[];
}

const cache = new WeakMap<IssueSrc, PullDiff>();

/** The repository holding a pull's head commits (the fork of a cross-repository pull). */
function headRepoOf(env: Env, src: IssueSrc, p: Resource): RepoRecord {
  const full = str(obj(obj(p, 'head'), 'repo'), 'full_name');
  const [owner, name] = (full ?? '').split('/');
  return (owner && name ? findRepo(env.state, owner, name) : undefined) ?? src.repo;
}

/** The commits (oldest first) and files of a pull request. */
export function pullDiff(env: Env, src: IssueSrc): PullDiff {
  const known = cache.get(src);
  if (known) return known;
  const p = pullJson(env, src);
  const repo = headRepoOf(env, src, p);
  const rel = relationRepo(repo);
  const head = str(obj(p, 'head'), 'sha') ?? '';
  let base = str(obj(p, 'base'), 'sha') ?? '';
  const mergeSha = p.merged === true ? str(p, 'merge_commit_sha') : null;
  const mergeCommit = mergeSha ? getCommit(env.state, relationRepo(src.repo), mergeSha) : undefined;
  if (mergeCommit?.parents[0]) base = mergeCommit.parents[0];
  const commits = head ? commitsBetween(env.state, rel, base, head).filter((sha) => getCommit(env.state, rel, sha)) : [];
  const from = head ? mergeBase(env.state, rel, base, head) : undefined;
  const fromTree = from ? (getCommit(env.state, rel, from)?.tree ?? null) : null;
  const toTree = head ? getCommit(env.state, rel, head)?.tree : undefined;
  const files = toTree && fromTree !== toTree ? changedFiles(env.state, repo, env.apiBase, fromTree, toTree, head) : [];
  const out = { repo, commits, files };
  cache.set(src, out);
  return out;
}
