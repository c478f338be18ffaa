import type { Resource } from '../../core/catalog/state.js';
import type { RelationRepo, View } from '../../core/family.js';
import { getCommit } from '../../git/model.js';
import { commitsBetween, mergeBase } from '../../git/model/history.js';
import { commitView, diffTrees } from '../../git/model/views.js';
import { repoAt } from './branches.js';
import { type IssueCtx, intParam, must, ok, rec } from './context.js';
import { linkHeader, parsePaging } from '../../core/catalog/paging.js';
import { pullKey } from './keys.js';
import { baseOf, headOf } from '../model.js';
import { branchHead } from './branches.js';
import { branchSha } from '../../core/shapes/render.js';

/**
 * A pull request's commits and changed files, derived from the git graph as GitHub's compare of its
 * branches: the commits reachable from its head and not from its base (oldest first), and the diff
 * from their merge base to the head. A merged pull keeps what it merged (its base as it was before
 * the merge: the merge commit's first parent); a closed one its last head. `GET .../pulls/{n}`
 * answers the counts (`commits`, `additions`, `deletions`, `changed_files`) of the same diff.
 */

/** What a pull adds. */
export interface PullDiff {
  /** The repository holding the head's commits (a fork for cross-repository pulls). */
  view: View;
  head: string;
  /** Commit shas, oldest first. */
  commits: string[];
  files: Resource[];
}

const repoOfPath = (c: IssueCtx, rp: string): RelationRepo | undefined => {
  const r = rp === c.rp ? c.repo : repoAt(c.s, rp);
  return r ? { path: rp, defaultBranch: r.defaultBranch, record: r } : undefined;
};

/** The commits and files of pull n, or undefined when it is no pull (or its head repository is gone). */
export function pullDiff(c: IssueCtx, n: number): PullDiff | undefined {
  const p = rec(c, pullKey(c.rp, n));
  if (!p) return undefined;
  const h = headOf(c, p);
  const repo = repoOfPath(c, h.repo);
  if (!repo) return undefined;
  const view: View = { state: c.s, repo, baseUrl: c.base };
  const open = rec(c, `${c.rp}/issues/${n}`)?.state !== 'closed' && p.merged !== true;
  const head = (open ? branchHead(c.s, h.repo, h.ref) : undefined) ?? h.sha ?? branchSha(h.ref);
  const recorded = typeof (p.base as Resource | undefined)?.sha === 'string' ? ((p.base as Resource).sha as string) : undefined;
  let base = (open ? branchHead(c.s, c.rp, baseOf(c, p)) : undefined) ?? recorded ?? '';
  const mergeSha = p.merged === true && typeof p.merge_commit_sha === 'string' ? p.merge_commit_sha : undefined;
  const mergeRepo = repoOfPath(c, c.rp);
  const mergeCommit = mergeSha && mergeRepo ? getCommit(c.s, mergeRepo, mergeSha) : undefined;
  if (mergeCommit?.parents[0]) base = mergeCommit.parents[0];
  const headCommit = getCommit(c.s, repo, head);
  if (!headCommit) return { view, head, commits: [], files: [] };
  const commits = commitsBetween(c.s, repo, base, head).filter((sha) => getCommit(c.s, repo, sha));
  const from = base ? mergeBase(c.s, repo, base, head) : undefined;
  const fromTree = from ? (getCommit(c.s, repo, from)?.tree ?? null) : null;
  const files = fromTree === headCommit.tree ? [] : diffTrees(view, fromTree, headCommit.tree, head);
  return { view, head, commits, files };
}

/** The counts `GET /pulls/{n}` answers: commits, added and deleted lines, changed files. */
export function pullStats(c: IssueCtx, n: number): Resource {
  const d = pullDiff(c, n);
  if (!d) return {};
  let additions = 0;
  let deletions = 0;
  for (const f of d.files) {
    additions += Number(f.additions ?? 0);
    deletions += Number(f.deletions ?? 0);
  }
  return { commits: d.commits.length, additions, deletions, changed_files: d.files.length };
}

/** A page of a list already in memory, with GitHub's `Link` header. */
function pageOf<T>(c: IssueCtx, all: readonly T[]): { items: T[]; headers: Record<string, string> } {
  const paging = parsePaging(c.op.query);
  const start = (paging.page - 1) * paging.perPage;
  const link = linkHeader(c.op.url, paging, all.length);
  return { items: all.slice(start, start + paging.perPage), headers: link ? { link } : {} };
}

const listCommits = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  must(c, pullKey(c.rp, n));
  const d = pullDiff(c, n);
  // GitHub lists at most 250 commits of a pull request.
  const page = pageOf(c, (d?.commits ?? []).slice(0, 250));
  const items = d
    ? page.items.flatMap((sha) => {
        const cm = getCommit(c.s, d.view.repo, sha);
        return cm ? [commitView(d.view, sha, cm)] : [];
      })
    : [];
  return ok(200, items, page.headers);
};

const listFiles = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  must(c, pullKey(c.rp, n));
  // GitHub lists at most 3000 files of a pull request.
  const page = pageOf(c, (pullDiff(c, n)?.files ?? []).slice(0, 3000));
  return ok(200, page.items, page.headers);
};

const P = '/repos/{owner}/{repo}/pulls';

/** A pull's commits and files by `METHOD template`. */
export const PULL_DIFF_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${P}/{pull_number}/commits`]: [false, listCommits],
  [`GET ${P}/{pull_number}/files`]: [false, listFiles],
};
