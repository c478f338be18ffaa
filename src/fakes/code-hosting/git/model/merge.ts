import { checkRequired } from '../../core/catalog/engine.js';
import { GitHubError } from '../../core/errors.js';
import { findRepo } from '../../core/lookup.js';
import type { CodeHostingState } from '../../state.js';
import type { RelationOp, RelationRepo } from '../../core/family.js';
import { loginOf, repoOf, str, viewOf } from '../../core/ops.js';
import { getCommit, identOf, putObject, refSha, resolveCommitish, setRef, treeEntries } from '../model.js';
import type { TreeEntry } from '../state.js';
import { isAncestor, mergeBase } from './history.js';
import { commitView } from './views.js';

/**
 * Merges on the graph: a three-way merge of trees (base = the merge base of the two commits), file by
 * file: a file changed on one side only takes that side; changed on both sides differently, it is a
 * conflict (the fake does not merge inside files). The merge commit has both heads as parents.
 */

const DOCS = 'https://docs.github.com/rest/branches/branches#merge-a-branch';

class Conflict extends Error {}

const same = (a: TreeEntry | undefined, b: TreeEntry | undefined) => a?.sha === b?.sha && a?.mode === b?.mode;

function mergeTrees(state: CodeHostingState, repo: RelationRepo, base: string | null, ours: string, theirs: string): string {
  if (ours === theirs || base === theirs) return ours;
  if (base === ours) return theirs;
  const b = base ? treeEntries(state, repo, base) : {};
  const o = treeEntries(state, repo, ours);
  const t = treeEntries(state, repo, theirs);
  const out: Record<string, TreeEntry> = {};
  for (const name of new Set([...Object.keys(o), ...Object.keys(t), ...Object.keys(b)])) {
    const be = b[name];
    const oe = o[name];
    const te = t[name];
    let pick: TreeEntry | undefined;
    if (same(oe, te)) pick = oe;
    else if (same(be, oe)) pick = te;
    else if (same(be, te)) pick = oe;
    else if (oe?.type === 'tree' && te?.type === 'tree') {
      const sha = mergeTrees(state, repo, be?.type === 'tree' ? be.sha : null, oe.sha, te.sha);
      pick = { mode: '040000', type: 'tree', sha };
    } else throw new Conflict(name);
    if (pick) out[name] = pick;
  }
  return putObject(state, repo, { type: 'tree', entries: out });
}

/** What a merge needs besides the two sides. */
export interface MergeOptions {
  /** The merge commit's message (default `Merge <head> into <base>`). */
  message?: string;
  /** The account making the merge (author and committer). */
  login: string;
  /** ISO instant of the merge (the fake clock's now). */
  now: string;
  /** API base URL for the moved branch's `commit.url` (default `https://api.github.com`). */
  baseUrl?: string;
}

/** The outcome of a merge: the branch's new head, and whether a merge commit was made. */
export interface MergeOutcome {
  sha: string;
  created: boolean;
}

/** The tree of merging commit `theirsSha` into commit `oursSha` (three-way, from their merge base); 409 `Merge Conflict` when both sides changed a file. */
function mergedTree(state: CodeHostingState, repo: RelationRepo, oursSha: string, theirsSha: string): string {
  const ours = getCommit(state, repo, oursSha);
  const theirs = getCommit(state, repo, theirsSha);
  if (!ours || !theirs) throw new GitHubError(409, 'Merge Conflict', { documentationUrl: DOCS });
  const mb = mergeBase(state, repo, oursSha, theirsSha);
  const mbTree = mb ? (getCommit(state, repo, mb)?.tree ?? null) : null;
  try {
    return mergeTrees(state, repo, mbTree, ours.tree, theirs.tree);
  } catch (e) {
    if (e instanceof Conflict) throw new GitHubError(409, 'Merge Conflict', { documentationUrl: DOCS });
    throw e;
  }
}

/**
 * Merges `head` (branch, tag or sha) into branch `base`: a merge commit with both as parents, and the
 * branch moved to it. Nothing to merge (head already in base): no commit, `created: false`.
 * Throws GitHub's errors: 404 `Base does not exist` / `Head does not exist`, 409 `Merge Conflict`.
 */
export function mergeInto(state: CodeHostingState, repo: RelationRepo, base: string, head: string, o: MergeOptions): MergeOutcome {
  const baseSha = refSha(state, repo, `refs/heads/${base}`);
  if (baseSha === undefined) throw new GitHubError(404, 'Base does not exist', { documentationUrl: DOCS });
  const headSha = resolveCommitish(state, repo, head);
  if (headSha === undefined) throw new GitHubError(404, 'Head does not exist', { documentationUrl: DOCS });
  if (isAncestor(state, repo, headSha, baseSha)) return { sha: baseSha, created: false };
  const tree = mergedTree(state, repo, baseSha, headSha);
  const who = identOf(o.login, o.now);
  const message = o.message ?? `Merge ${head} into ${base}`;
  const sha = putObject(state, repo, { type: 'commit', tree, parents: [baseSha, headSha], author: who, committer: who, message, login: o.login });
  setRef(state, repo, `refs/heads/${base}`, sha, { baseUrl: o.baseUrl ?? 'https://api.github.com', now: o.now });
  return { sha, created: true };
}

/**
 * For other models (a pull request's merge): merges `head` into branch `base` of the repository at
 * `repoPath` (`/repos/<owner>/<repo>`) inside the caller's state update, and answers the sha the
 * branch now points at (the new merge commit, or the unchanged head when there was nothing to merge).
 * Throws the same GitHub errors as `POST /merges` (404, 409 `Merge Conflict`).
 * @example const sha = mergeBranch(draft, '/repos/octo/hello', 'main', 'feature', { login: 'octocat', now: op.now });
 */
export function mergeBranch(state: CodeHostingState, repoPath: string, base: string, head: string, o: MergeOptions): string {
  const repo = repoAtPath(state, repoPath);
  if (!repo) throw new GitHubError(404, 'Not Found', { documentationUrl: DOCS });
  return mergeInto(state, repo, base, head, o).sha;
}

function repoAtPath(state: CodeHostingState, repoPath: string): RelationRepo | undefined {
  const m = /^\/repos\/([^/]+)\/([^/]+)$/.exec(repoPath);
  const record = m ? findRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)) : undefined;
  if (!record) return undefined;
  return { path: `/repos/${encodeURIComponent(record.ownerLogin)}/${encodeURIComponent(record.name)}`, defaultBranch: record.defaultBranch, record };
}

/** How a pull request lands on its base branch. */
export type LandMethod = 'merge' | 'squash' | 'rebase';

/**
 * For pull requests (inside the caller's update): lands commit `headSha` on branch `base` of the
 * repository at `repoPath` and moves the branch — `merge` makes a merge commit with both parents,
 * `squash` and `rebase` one commit on the base with the merged tree. Answers the branch's new head,
 * or undefined when either commit is not in this repository's graph (a fork's head): the caller then
 * keeps its own sha. Throws 409 `Merge Conflict` when both sides changed a file.
 */
export function landCommit(state: CodeHostingState, repoPath: string, base: string, headSha: string, method: LandMethod, o: MergeOptions): string | undefined {
  const repo = repoAtPath(state, repoPath);
  if (!repo) return undefined;
  const baseSha = refSha(state, repo, `refs/heads/${base}`);
  if (baseSha === undefined || !getCommit(state, repo, baseSha) || !getCommit(state, repo, headSha)) return undefined;
  if (method === 'merge') return mergeInto(state, repo, base, headSha, o).sha;
  if (isAncestor(state, repo, headSha, baseSha)) return baseSha;
  const tree = mergedTree(state, repo, baseSha, headSha);
  const who = identOf(o.login, o.now);
  const sha = putObject(state, repo, {
    type: 'commit',
    tree,
    parents: [baseSha],
    author: who,
    committer: who,
    message: o.message ?? `Squash ${headSha}`,
    login: o.login,
  });
  setRef(state, repo, `refs/heads/${base}`, sha, { baseUrl: o.baseUrl ?? 'https://api.github.com', now: o.now });
  return sha;
}

/**
 * For seeds (inside the caller's update): a commit on top of `fromSha` with the same tree, in the
 * repository at `repoPath`, for a branch that must be ahead of its base. Undefined when `fromSha` is
 * not a commit of the repository's graph.
 */
export function commitOnTop(state: CodeHostingState, repoPath: string, fromSha: string, message: string, o: MergeOptions): string | undefined {
  const repo = repoAtPath(state, repoPath);
  const from = repo ? getCommit(state, repo, fromSha) : undefined;
  if (!repo || !from) return undefined;
  const who = identOf(o.login, o.now);
  return putObject(state, repo, { type: 'commit', tree: from.tree, parents: [fromSha], author: who, committer: who, message, login: o.login });
}

/** `POST /merges`: 201 with the merge commit, 204 when there is nothing to merge. */
const mergeOp: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const repo = repoOf(rc);
  const base = str(op.body, 'base') ?? '';
  const head = str(op.body, 'head') ?? '';
  const message = str(op.body, 'commit_message');
  const out = mergeInto(rc.state, repo, base, head, { login: loginOf(op), now: op.now, baseUrl: op.baseUrl, ...(message ? { message } : {}) });
  if (!out.created) return { status: 204 };
  const c = getCommit(rc.state, repo, out.sha);
  return { status: 201, body: c ? commitView(viewOf(rc), out.sha, c) : {} };
};

/** Merge operations by `METHOD template`. */
export const MERGE_OPS: Readonly<Record<string, RelationOp>> = {
  'POST /repos/{owner}/{repo}/merges': mergeOp,
};
