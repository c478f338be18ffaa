/**
 * The branches family keeps no slice of its own: a branch is the catalog record
 * `/repos/<owner>/<repo>/branches/<name>` (its head in the field `commit.sha`, moved by the git graph's
 * refs/heads, git/model/heads.ts), listed under `/repos/<owner>/<repo>/branches`, and its protection the
 * record `<branch key>/protection`. The keys are here, for every layer that reads them.
 */

/** What a branch operation sees of its repository. */
export interface BranchRepo {
  /** Concrete path `/repos/<owner>/<repo>` as the catalog keys it. */
  path: string;
  defaultBranch: string;
  /** The repository's creation instant (its root commit's date). */
  createdAt: string;
}

/** The catalog key of a branch record. */
export const branchKey = (repo: Pick<BranchRepo, 'path'>, name: string) => `${repo.path}/branches/${encodeURIComponent(name)}`;

/** The catalog key of a repository's branch list. */
export const branchListKey = (repo: Pick<BranchRepo, 'path'>) => `${repo.path}/branches`;

/** The catalog key of a branch's protection record. */
export const protectionKey = (repo: Pick<BranchRepo, 'path'>, name: string) => `${branchKey(repo, name)}/protection`;
