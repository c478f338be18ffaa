import { tableDelete, tableGet, tablePeek, tableSet } from '../../../store/table.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';

/**
 * Sub-issues as GitHub keeps them: an issue has at most one parent, a parent at most 100 sub-issues
 * (in priority order), sub-issues belong to repositories of the parent's owner, a pull request is
 * never one, and nothing is its own ancestor (at most eight levels deep).
 */

const DOCS = 'https://docs.github.com/rest/issues/sub-issues';
/** GitHub's limits: sub-issues per parent, levels of nesting. */
export const MAX_SUB_ISSUES = 100;
export const MAX_DEPTH = 8;

const invalid = (message: string) => githubError.validation([{ resource: 'Issue', code: 'custom', field: 'sub_issue_id', message }], DOCS);
const ownerOf = (key: string) => (key.split('/')[2] ?? '').toLowerCase();

/** A parent's sub-issue keys, highest priority first. */
export function childrenOf(state: CodeHostingState, parent: string): readonly string[] {
  return tableGet(state.subIssues.children, parent) ?? [];
}

/** An issue's parent key, if it has one. */
export function parentOf(state: CodeHostingState, child: string): string | undefined {
  return tableGet(state.subIssues.parents, child);
}

function setChildren(state: CodeHostingState, parent: string, kids: readonly string[]): void {
  if (kids.length) tableSet(state.subIssues.children, parent, Object.freeze([...kids]) as string[]);
  else tableDelete(state.subIssues.children, parent);
}

/** Adds `child` as the last sub-issue of `parent` (moving it from its parent when `replace`). */
export function addSubIssue(state: CodeHostingState, parent: string, child: string, replace: boolean): void {
  const rec = tablePeek(state.catalog.records, child);
  if (!rec) throw githubError.notFound(DOCS);
  if (rec._pull === true) throw invalid('Pull requests cannot be sub-issues');
  if (child === parent) throw invalid('An issue cannot be a sub-issue of itself');
  if (ownerOf(child) !== ownerOf(parent)) throw invalid('Sub-issues must belong to a repository of the same owner as the parent issue');
  // The parent may not descend from the child (no cycles), and nesting stops at eight levels.
  let depth = 1;
  for (let up = parentOf(state, parent); up !== undefined; up = parentOf(state, up)) {
    if (up === child) throw invalid('An issue cannot be a sub-issue of one of its own sub-issues');
    depth++;
  }
  if (depth >= MAX_DEPTH) throw invalid(`Sub-issues can be nested at most ${MAX_DEPTH} levels deep`);
  const had = parentOf(state, child);
  if (had === parent) throw invalid('Issue is already a sub-issue of this issue');
  if (had !== undefined) {
    if (!replace) throw invalid('Issue may only have one parent');
    setChildren(
      state,
      had,
      childrenOf(state, had).filter((k) => k !== child),
    );
  }
  const kids = childrenOf(state, parent);
  if (kids.length >= MAX_SUB_ISSUES) throw invalid(`An issue can have at most ${MAX_SUB_ISSUES} sub-issues`);
  setChildren(state, parent, [...kids, child]);
  tableSet(state.subIssues.parents, child, parent);
}

/** Removes `child` from `parent`'s sub-issues; 404 when it is not one of them. */
export function removeSubIssue(state: CodeHostingState, parent: string, child: string): void {
  if (parentOf(state, child) !== parent) throw githubError.notFound(DOCS);
  setChildren(
    state,
    parent,
    childrenOf(state, parent).filter((k) => k !== child),
  );
  tableDelete(state.subIssues.parents, child);
}

/** Moves `child` right after `after` or right before `before` (both sub-issues of `parent`). */
export function reprioritize(state: CodeHostingState, parent: string, child: string, to: { after?: string; before?: string }): void {
  const kids = childrenOf(state, parent);
  if (!kids.includes(child)) throw githubError.notFound(DOCS);
  const anchor = to.after ?? to.before;
  if ((to.after === undefined) === (to.before === undefined) || anchor === undefined || !kids.includes(anchor) || anchor === child)
    throw githubError.validation(
      [{ resource: 'Issue', code: 'custom', field: to.after !== undefined ? 'after_id' : 'before_id', message: 'Positional argument is invalid' }],
      DOCS,
    );
  const rest = kids.filter((k) => k !== child);
  const at = rest.indexOf(anchor) + (to.after !== undefined ? 1 : 0);
  setChildren(state, parent, [...rest.slice(0, at), child, ...rest.slice(at)]);
}
