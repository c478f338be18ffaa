import type { CommitObject, GitIdent, TreeEntry } from '../core/hash.js';

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

/** The state slice of git data: one graph per repository id. */
export interface GitSlice {
  repos: Record<string, GitRepo>;
}

/** An empty git slice. */
export function initialGitSlice(): GitSlice {
  return { repos: {} };
}
