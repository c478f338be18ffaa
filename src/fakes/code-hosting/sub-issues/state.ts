import { type Table, emptyTable } from '../../../store/table.js';

/**
 * Sub-issues: which issue is whose parent, each parent's sub-issues in priority order, and the issue
 * id index GitHub's sub-issue routes take their `sub_issue_id` from. Issues are named by their catalog
 * key (`/repos/<owner>/<repo>/issues/<n>`).
 */
export interface SubIssueSlice {
  /** Issue id → issue key (every issue the fake created or was seeded with since this index existed). */
  ids: Table<string>;
  /** Sub-issue key → its parent's key. */
  parents: Table<string>;
  /** Parent key → sub-issue keys, highest priority first. */
  children: Table<string[]>;
}

/** No sub-issues. */
export function initialSubIssueSlice(): SubIssueSlice {
  return { ids: emptyTable(), parents: emptyTable(), children: emptyTable() };
}
