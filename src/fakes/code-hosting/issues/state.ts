/**
 * Secondary indexes of the issues and pull requests family. The objects themselves are catalog
 * records keyed by their GitHub path (`/repos/o/r/issues/7`, `/repos/o/r/issues/comments/12`, ...);
 * what lives here answers "which ones, in which order" without scanning: per-repository lists of
 * member ids kept sorted in each order a list endpoint offers, reaction counters, and unique lookups.
 */

import { type Table, emptyTable } from '../../../store/table.js';

/** One order of a list: its ids ascending by the order's key, in chunks grouped in pages (see lists.ts). */
export interface SortedIds {
  readonly size: number;
  readonly pages: readonly (readonly (readonly number[])[])[];
}

/** Member ids of one list, kept sorted in each order it is read in (order name → ids, ascending). */
export type IdList = Readonly<Record<string, SortedIds>>;

/** A repository's lists by name. */
export type IdLists = Table<IdList>;

/** The indexes of one repository (keyed in the slice by its catalog path `/repos/<owner>/<repo>`). */
export interface RepoIssueIndex {
  /**
   * Lists by name. Issues and pull requests: `I|<state>` and `I|<state>|<dim>` (state `all`, `open`,
   * `closed`; dims `l:<label>`, `a:<login>`, `a:none`, `a:*`, `c:<creator>`, `m:<number>`, `m:none`,
   * `m:*`, `@:<mentioned>`), pulls `P|<state>`, `P|<state>|b:<base>`, `P|<state>|h:<owner>:<ref>`;
   * children: `C|<n>` comments of issue n, `C|*` every issue comment, `E|<n>` / `E|*` events,
   * `T|<n>` timeline, `R|<n>` reviews, `RC|<n>` / `RC|*` / `RV|<review>` review comments, `CC|<sha>` /
   * `CC|*` commit comments, `X|<subject>` / `X|<subject>|<content>` reactions, `M|<state>` milestones.
   */
  lists: IdLists;
  /** Reaction counts by subject path (relative to the repository) and content. */
  counts: Record<string, Readonly<Record<string, number>>>;
  /** Unique lookups: `X|<subject>|<login>|<content>` → reaction id, `OPEN|<head label>|<base>` → pull number. */
  refs: Record<string, number>;
}

/** The family's slice of the code hosting state. */
export interface IssueIndexSlice {
  /** By repository path (`/repos/<owner>/<repo>`, the catalog's canonical spelling). */
  repos: Record<string, RepoIssueIndex>;
}

/** An empty slice. */
export function initialIssueIndex(): IssueIndexSlice {
  return { repos: {} };
}

/** A repository's empty indexes. */
export function emptyRepoIndex(): RepoIssueIndex {
  return { lists: emptyTable(), counts: {}, refs: {} };
}
