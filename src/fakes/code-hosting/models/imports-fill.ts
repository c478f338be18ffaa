import type { Draft } from 'immer';
import { putResource } from '../catalog/engine.js';
import type { ImportRecord, OriginRecord } from '../schemas/import.js';
import type { RepoRecord } from '../schemas/repo.js';
import { hashSha } from '../shapes/render.js';
import type { CodeHostingState } from '../state.js';

/**
 * What a complete import leaves in the repository: the head commit of the imported history on the
 * default branch, and every imported branch (the origin's `branches`, and the refs its large files
 * live on) pointing at its own head commit. Stored where the catalog serves them — the branch
 * (`/repos/o/r/branches/<name>`), the commit (`/repos/o/r/commits/<sha>`, listed by
 * `GET .../commits`), the git commit (`/repos/o/r/git/commits/<sha>`) and the ref
 * (`/repos/o/r/git/ref/heads%2F<name>`) — so `repos.getBranch`, `repos.listCommits`, `repos.getCommit`,
 * `git.getCommit` and `git.getRef` read what the import brought.
 */

/** The branch names an import of this origin brings over (the default branch first). */
export function importedBranches(origin: OriginRecord | null, imp: Pick<ImportRecord, 'largeFiles'>, defaultBranch: string): string[] {
  const names = [defaultBranch, ...(origin?.branches ?? [])];
  for (const f of imp.largeFiles) if (f.ref_name.startsWith('refs/heads/')) names.push(f.ref_name.slice('refs/heads/'.length));
  return [...new Set(names)];
}

/** The head commit sha of an imported branch: stable for the origin URL and branch name. */
export const importedSha = (vcsUrl: string, branch: string) => hashSha(`import:${vcsUrl}#${branch}`);

/** Writes the imported branches and their head commits into the repository (one draft, inside the request's update). */
export function fillImportedRepository(
  draft: Draft<CodeHostingState>,
  imp: Draft<ImportRecord>,
  origin: OriginRecord | null,
  apiBase: string,
  now: string,
): void {
  const repo = draft.repos[imp.repoId] as Draft<RepoRecord> | undefined;
  if (!repo) return;
  const slice = draft.catalog;
  // GitHub's timestamps carry whole seconds.
  const at = now.replace(/\.\d+Z$/, 'Z');
  const counters = draft.counters;
  const op = { baseUrl: apiBase, now };
  const path = `/repos/${encodeURIComponent(repo.ownerLogin)}/${encodeURIComponent(repo.name)}`;
  const first = imp.authorIds.map((id) => draft.authors[id]).find((a) => a !== undefined);
  const person = { name: first?.name || 'GitHub Importer', email: first?.email || 'importer@github.com', date: at };
  for (const branch of importedBranches(origin, imp, repo.defaultBranch)) {
    const sha = importedSha(imp.vcs_url, branch);
    const tree = hashSha(`import-tree:${imp.vcs_url}#${branch}`);
    const message = `Import of ${imp.vcs_url}${branch === repo.defaultBranch ? '' : ` (${branch})`}: ${imp.commit_count ?? 0} commits`;
    const commit = { message, author: person, committer: person, tree: { sha: tree, url: `${apiBase}${path}/git/trees/${tree}` }, comment_count: 0 };
    putResource(slice, counters, '/repos/{owner}/{repo}/commits/{ref}', `${path}/commits/${sha}`, { sha, commit, parents: [] }, op);
    putResource(slice, counters, '/repos/{owner}/{repo}/git/commits/{commit_sha}', `${path}/git/commits/${sha}`, { sha, ...commit, parents: [] }, op);
    putResource(
      slice,
      counters,
      '/repos/{owner}/{repo}/branches/{branch}',
      `${path}/branches/${encodeURIComponent(branch)}`,
      { name: branch, commit: { sha } },
      op,
    );
    putResource(
      slice,
      counters,
      '/repos/{owner}/{repo}/git/ref/{ref}',
      `${path}/git/ref/${encodeURIComponent(`heads/${branch}`)}`,
      { ref: `refs/heads/${branch}`, object: { sha, type: 'commit', url: `${apiBase}${path}/git/commits/${sha}` } },
      op,
    );
  }
  repo.pushedAt = at;
  repo.updatedAt = at;
}
