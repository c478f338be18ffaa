import type { Resource } from '../../catalog/state.js';
import { findRepo } from '../../models/repos.js';
import type { RepoRecord } from '../../schemas/repo.js';
import { branchSha, hashSha } from '../../shapes/render.js';
import type { CodeHostingState } from '../../state.js';
import { branchKey } from './keys.js';

/**
 * Branches as pull requests see them. The branch record `/repos/o/r/branches/<name>` (field
 * `commit.sha`) is the one source of truth for `refs/heads/*`, owned by the branches and git models;
 * this family only reads it, except when a merge moves the base branch ({@link createMergeCommit}).
 */

/** The repository record of a catalog repository path, if any. */
export function repoAt(s: CodeHostingState, rp: string): RepoRecord | undefined {
  const m = /^\/repos\/([^/]+)\/([^/]+)$/.exec(rp);
  return m ? findRepo(s, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
}

/** The head commit sha of a branch, or undefined when the branch does not exist (the default branch always does). */
export function branchHead(s: CodeHostingState, rp: string, name: string): string | undefined {
  const r: Resource | undefined = s.catalog.records[branchKey(rp, name)];
  const sha = (r?.commit as { sha?: unknown } | undefined)?.sha;
  if (typeof sha === 'string') return sha;
  if (r) return branchSha(name);
  return repoAt(s, rp)?.defaultBranch === name ? branchSha(name) : undefined;
}

/** Sets a branch's head commit (creating the branch record when missing), in the branch model's record format. */
export function setBranchHead(s: CodeHostingState, rp: string, name: string, sha: string, baseUrl: string, now: string): void {
  const key = branchKey(rp, name);
  const prev = s.catalog.records[key];
  const commit = { sha, url: `${baseUrl}${rp}/commits/${sha}` };
  if (prev) {
    s.catalog.records[key] = { ...prev, commit: { ...((prev.commit as Resource | undefined) ?? {}), ...commit } };
    return;
  }
  s.catalog.records[key] = { name, commit, created_at: now };
  const list = s.catalog.lists[`${rp}/branches`];
  if (list) list.push(key);
  else s.catalog.lists[`${rp}/branches`] = [key];
}

/** What a merge needs to know. */
export interface MergeInput {
  rp: string;
  number: number;
  base: string;
  baseSha: string;
  headSha: string;
  method: 'merge' | 'squash' | 'rebase';
  title: string;
  message: string;
  author: string;
  baseUrl: string;
  now: string;
}

/**
 * The one place a pull request merge touches git data: it makes the merge commit's sha (deterministic,
 * from the pull, both heads and the method) and moves the base branch to it. Today the commit is only
 * a sha; wiring the git graph in (a real commit object with the base and head as parents, the head's
 * tree) replaces this function's body and nothing else.
 */
export function createMergeCommit(s: CodeHostingState, m: MergeInput): string {
  const sha = hashSha(`merge:${m.rp}#${m.number}:${m.method}:${m.baseSha}:${m.headSha}`);
  setBranchHead(s, m.rp, m.base, sha, m.baseUrl, m.now);
  return sha;
}

/** What updating a pull's head branch with its base needs. */
export interface BranchUpdateInput {
  /** Repository path of the head branch. */
  rp: string;
  branch: string;
  headSha: string;
  baseSha: string;
  baseUrl: string;
  now: string;
}

/**
 * The one place "update branch" touches git data: it merges the base into the head branch, moving the
 * head to a new (deterministic) commit sha. Like {@link createMergeCommit}, a sha only until the git
 * graph is wired in here.
 */
export function updateBranchCommit(s: CodeHostingState, u: BranchUpdateInput): string {
  const sha = hashSha(`update-branch:${u.rp}:${u.branch}:${u.headSha}:${u.baseSha}`);
  setBranchHead(s, u.rp, u.branch, sha, u.baseUrl, u.now);
  return sha;
}
