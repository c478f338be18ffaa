import { GitHubError } from '../../core/errors.js';
import { branchHead as modelBranchHead, setBranchHead as modelSetBranchHead } from '../../git/model/heads.js';
import { findRepo } from '../../core/lookup.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import { hashSha } from '../../core/shapes/render.js';
import { landCommit } from '../../git/model/merge.js';
import type { CodeHostingState } from '../../state.js';

const MERGE_DOCS = 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request';

/**
 * Branches as pull requests see them. The branches model (`models/branches.ts`) is the one source of truth for
 * `refs/heads/*`; this family reads it, and moves it only by a merge ({@link createMergeCommit},
 * {@link updateBranchCommit}) through the git graph.
 */

/** The repository record of a catalog repository path, if any. */
export function repoAt(s: CodeHostingState, rp: string): RepoRecord | undefined {
  const m = /^\/repos\/([^/]+)\/([^/]+)$/.exec(rp);
  return m ? findRepo(s, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
}

/** The branches model's view of a repository path. */
function branchRepoAt(s: CodeHostingState, rp: string) {
  const r = repoAt(s, rp);
  return r ? { path: rp, defaultBranch: r.defaultBranch, createdAt: r.createdAt } : undefined;
}

/** The head commit sha of a branch, or undefined when the branch (or its repository) does not exist; the default branch always does. */
export function branchHead(s: CodeHostingState, rp: string, name: string): string | undefined {
  const br = branchRepoAt(s, rp);
  return br ? modelBranchHead(s.catalog, br, name) : undefined;
}

/** Sets a branch's head commit (creating the branch when missing), through the branches model. */
export function setBranchHead(s: CodeHostingState, rp: string, name: string, sha: string, baseUrl: string, now: string): void {
  const br = branchRepoAt(s, rp);
  if (br) modelSetBranchHead(s.catalog, br, name, sha, { baseUrl, now });
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
 * The one place a pull request merge touches git data. When both heads are commits of the
 * repository's graph, the merge is the graph's (a merge commit with both parents, or one squashed or
 * rebased commit, with the merged tree; a file changed on both sides is GitHub's 405 "not
 * mergeable"). Otherwise (a fork's head, a branch seeded by sha alone) the merge commit is a
 * deterministic sha. Either way the base branch moves to it.
 */
export function createMergeCommit(s: CodeHostingState, m: MergeInput): string {
  const message = m.message ? `${m.title}\n\n${m.message}` : m.title;
  let landed: string | undefined;
  try {
    landed = landCommit(s, m.rp, m.base, m.headSha, m.method, { message, login: m.author, now: m.now, baseUrl: m.baseUrl });
  } catch (e) {
    if (e instanceof GitHubError && e.status === 409) throw new GitHubError(405, 'Pull Request is not mergeable', { documentationUrl: MERGE_DOCS });
    throw e;
  }
  if (landed !== undefined) return landed;
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
  /** The account updating the branch. */
  author: string;
  /** The base branch's name (for the merge commit's message). */
  base: string;
}

/**
 * The one place "update branch" touches git data: it merges the base into the head branch. In the
 * graph (both commits known) a real merge commit; otherwise a deterministic sha.
 */
export function updateBranchCommit(s: CodeHostingState, u: BranchUpdateInput): string {
  const message = `Merge branch '${u.base}' into ${u.branch}`;
  let landed: string | undefined;
  try {
    landed = landCommit(s, u.rp, u.branch, u.baseSha, 'merge', { message, login: u.author, now: u.now, baseUrl: u.baseUrl });
  } catch (e) {
    if (e instanceof GitHubError && e.status === 409) throw new GitHubError(422, 'merge conflict between base and head', { documentationUrl: MERGE_DOCS });
    throw e;
  }
  if (landed !== undefined) return landed;
  const sha = hashSha(`update-branch:${u.rp}:${u.branch}:${u.headSha}:${u.baseSha}`);
  setBranchHead(s, u.rp, u.branch, sha, u.baseUrl, u.now);
  return sha;
}
