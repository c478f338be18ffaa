import type { Draft } from 'immer';
import { putObject, setRef } from '../../git/model.js';
import { EMPTY_TREE } from '../../core/hash.js';
import type { RelationRepo } from '../../core/family.js';
import type { ImportRecord, OriginRecord } from '../schemas.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { CodeHostingState } from '../../state.js';

/**
 * What a complete import leaves in the repository: the head commit of the imported history on the
 * default branch, and every imported branch (the origin's `branches`, and the refs its large files
 * live on) pointing at its own head commit. The commits are git commits of the repository's graph
 * (the imported history's files are unknown to the fake: their tree is the empty tree), so
 * `repos.getBranch`, `repos.listCommits`, `repos.getCommit`, `git.getCommit` and `git.getRef` read
 * what the import brought, as for any other commit.
 */

/** The branch names an import of this origin brings over (the default branch first). */
export function importedBranches(origin: OriginRecord | null, imp: Pick<ImportRecord, 'largeFiles'>, defaultBranch: string): string[] {
  const names = [defaultBranch, ...(origin?.branches ?? [])];
  for (const f of imp.largeFiles) if (f.ref_name.startsWith('refs/heads/')) names.push(f.ref_name.slice('refs/heads/'.length));
  return [...new Set(names)];
}

/** Writes the imported branches and their head commits into the repository (one draft, inside the request's update). */
export function fillImportedRepository(
  draft: Draft<CodeHostingState>,
  imp: Draft<ImportRecord>,
  origin: OriginRecord | null,
  apiBase: string,
  now: string,
): void {
  const record = draft.repos[imp.repoId] as Draft<RepoRecord> | undefined;
  if (!record) return;
  const state = draft as CodeHostingState;
  const repo: RelationRepo = {
    path: `/repos/${encodeURIComponent(record.ownerLogin)}/${encodeURIComponent(record.name)}`,
    defaultBranch: record.defaultBranch,
    record: record as RepoRecord,
  };
  // GitHub's timestamps carry whole seconds.
  const at = now.replace(/\.\d+Z$/, 'Z');
  const first = imp.authorIds.map((id) => draft.authors[id]).find((a) => a !== undefined);
  const person = { name: first?.name || 'GitHub Importer', email: first?.email || 'importer@github.com', date: new Date(Date.parse(at)).toISOString() };
  for (const branch of importedBranches(origin, imp, record.defaultBranch)) {
    const message = `Import of ${imp.vcs_url}${branch === record.defaultBranch ? '' : ` (${branch})`}: ${imp.commit_count ?? 0} commits`;
    // The imported history replaces what the (empty) repository had: a root commit of its own per branch.
    const sha = putObject(state, repo, { type: 'commit', tree: EMPTY_TREE, parents: [], author: person, committer: person, message });
    setRef(state, repo, `refs/heads/${branch}`, sha, { baseUrl: apiBase, now });
  }
  record.pushedAt = at;
  record.updatedAt = at;
}
