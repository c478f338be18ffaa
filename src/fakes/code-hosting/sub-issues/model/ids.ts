import { tableGet, tablePeek, tableSet } from '../../../../store/table.js';
import type { CodeHostingState } from '../../state.js';

/**
 * The parts of the sub-issue model the issues family calls (it may not import the rest, which reads
 * issues): the id index every created issue joins, and the summary an issue answers.
 */

/** Records a new issue's id (called where issues are created). */
export function rememberIssueId(state: CodeHostingState, id: number, key: string): void {
  // States saved before sub-issues existed lack the slice.
  if (state.subIssues) tableSet(state.subIssues.ids, String(id), key);
}

/** The key of the issue with an id, if known. */
export function issueKeyById(state: CodeHostingState, id: number): string | undefined {
  return tableGet(state.subIssues.ids, String(id));
}

/** GitHub's `sub_issues_summary` of an issue: its sub-issues, how many are closed, the percentage. */
export function subIssuesSummary(state: CodeHostingState, key: string): { total: number; completed: number; percent_completed: number } {
  const kids = (state.subIssues ? tablePeek(state.subIssues.children, key) : undefined) ?? [];
  const completed = kids.filter((k) => tablePeek(state.catalog.records, k)?.state === 'closed').length;
  return { total: kids.length, completed, percent_completed: kids.length ? Math.floor((completed * 100) / kids.length) : 0 };
}
