import { tableDelete, tableGet, tableSet } from '../../../../store/table.js';
import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../../store/key-list.js';
import type { CatalogSlice, Resource } from '../../core/catalog/state.js';
import { rootCommit } from '../../core/hash.js';
import { type BranchRepo, branchKey, branchListKey } from '../../branches/state.js';

/**
 * Branch heads (`refs/heads/*`), over the catalog slice: a branch lives at `/repos/o/r/branches/<name>`,
 * its protection at `.../branches/<name>/protection`. A branch's head is the field `commit.sha` of its
 * record, and nowhere else: the git graph reads and moves `refs/heads/<name>` through {@link branchHead}
 * and {@link setBranchHead}, so a ref created with `git/refs` is a branch and a branch renamed or
 * deleted (the branches family, branches/) changes its ref. The repository's default branch exists
 * without a record, at the repository's root commit.
 */

const keyOf = branchKey;
export const listOf = branchListKey;

export function branchRecord(slice: CatalogSlice, repo: BranchRepo, name: string): Resource | undefined {
  return tableGet(slice.records, keyOf(repo, name)) ?? (name === repo.defaultBranch ? { name } : undefined);
}

/** The head sha of a branch (a record without a commit, or none for the default branch: the root commit); undefined when there is no such branch. */
export function branchHead(slice: CatalogSlice, repo: BranchRepo, name: string): string | undefined {
  const rec = branchRecord(slice, repo, name);
  if (!rec) return undefined;
  return (rec.commit as { sha?: string } | undefined)?.sha ?? rootCommit(repo.createdAt).sha;
}

/** Moves a branch to a sha, creating the branch (listed after the others) when it does not exist. */
export function setBranchHead(slice: CatalogSlice, repo: BranchRepo, name: string, sha: string, env: { baseUrl: string; now: string }): void {
  ensureBranch(slice, repo, name, env);
  const rec = tableGet(slice.records, keyOf(repo, name)) as Resource;
  rec.commit = { sha, url: `${env.baseUrl}${repo.path}/commits/${sha}` };
  rec.updated_at = env.now;
}

/** Removes a branch (its record, protection and list entry); false when it had no record. */
export function deleteBranch(slice: CatalogSlice, repo: BranchRepo, name: string): boolean {
  const key = keyOf(repo, name);
  if (!tableGet(slice.records, key)) return false;
  tableDelete(slice.records, key);
  tableDelete(slice.records, `${key}/protection`);
  keyListRemove(slice.lists, listOf(repo), key);
  return true;
}

/** Branch names in listing order: the default branch first, then the others as they were created. */
export function branchNames(slice: CatalogSlice, repo: BranchRepo): string[] {
  const prefix = listOf(repo).length + 1;
  const names = keyListAll(keyList(slice.lists, listOf(repo))).map((k) => decodeURIComponent(k.slice(prefix)));
  if (!names.includes(repo.defaultBranch)) names.unshift(repo.defaultBranch);
  return names;
}

/** Creates a branch at the repository's root commit when it has no record yet (listed after the others). */
export function ensureBranch(slice: CatalogSlice, repo: BranchRepo, name: string, env: { baseUrl: string; now: string }): void {
  const key = keyOf(repo, name);
  if (tableGet(slice.records, key)) return;
  const sha = rootCommit(repo.createdAt).sha;
  tableSet(slice.records, key, { name, commit: { sha, url: `${env.baseUrl}${repo.path}/commits/${sha}` }, created_at: env.now });
  keyListPush(slice.lists, listOf(repo), key);
}
