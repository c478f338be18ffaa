import type { Table } from '../../../store/table.js';

/** A stored git object. */
export type GitObject =
  | { type: 'blob' /** base64 */; content: string; size: number }
  | { type: 'tree'; entries: Record<string, TreeEntry> }
  | CommitObject
  | { type: 'tag'; tag: string; object: { sha: string; type: 'blob' | 'tree' | 'commit' | 'tag' }; tagger: GitIdent; message: string };

/** The graph of one repository. */
export interface GitRepo {
  /** sha → object. */
  objects: Record<string, GitObject>;
  /** Full ref name (`refs/tags/v1`) → sha, for every ref that is not a branch. */
  refs: Record<string, string>;
  /** The keys of `refs`, sorted (prefix listings are a binary search away). */
  refNames: string[];
}

/** A contributor of a repository: the account (or, unlinked, the git identity) and its commits. */
export interface Contribution {
  /** The account's login, when the commits are linked to one. */
  login?: string;
  name: string;
  email: string;
  /** Commits reachable from the default branch. */
  commits: number;
}

/**
 * The contributors of a repository's default branch, kept up to date by every write that moves it:
 * the head they were counted at, every commit counted (so a fast-forward only walks the new ones) and
 * the counts by author (`login:<lower>` or `email:<lower>`).
 */
export interface ContributorIndex {
  head: string;
  counted: Table<1>;
  authors: Table<Contribution>;
}

/** The state slice of git data: one graph per repository id. */
export interface GitSlice {
  repos: Record<string, GitRepo>;
  /** Repository id → the contributors of its default branch (git/model/contributors.ts). */
  contributors?: Record<string, ContributorIndex>;
}

/** An empty git slice. */
export function initialGitSlice(): GitSlice {
  return { repos: {}, contributors: {} };
}

/** A person and an instant, as in a commit's `author`/`committer` or a tag's `tagger`. */
export interface GitIdent {
  name: string;
  email: string;
  /** ISO 8601 instant (UTC, `...Z`). */
  date: string;
}

/** One entry of a tree: file mode as the REST API spells it (`100644`, `100755`, `040000`, `160000`, `120000`). */
export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
}

/** A commit object as the graph stores it. */
export interface CommitObject {
  type: 'commit';
  tree: string;
  parents: string[];
  author: GitIdent;
  committer: GitIdent;
  message: string;
  /** The account that made it (API caller or seed), for the commit's `author` user. */
  login?: string;
}
