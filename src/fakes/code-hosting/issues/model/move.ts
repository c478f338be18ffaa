import type { Resource } from '../../core/catalog/state.js';
import type { CodeHostingState } from '../../state.js';
import { pullKey } from './keys.js';
import { membersOf } from './lists.js';
import { headOf, saveIssue, snapIssue } from '../model.js';
import { seedCtx } from '../seed.js';
import { tableGet, tableSet } from '../../../../store/table.js';

/**
 * Moves the family's indexes with a repository renamed or transferred from catalog path `from` to
 * `to` (`/repos/<owner>/<repo>`). Call it in the same update, after the repository record and its
 * catalog records have moved to the new path: the indexes move, and pull requests whose head lives in
 * the repository itself follow it (their `head` filter and label change with the owner). Pulls of other
 * repositories whose head is in the moved one keep the old path.
 */
export function moveRepositoryIssues(s: CodeHostingState, from: string, to: string, env: { baseUrl: string; now: string }): void {
  const ix = s.issueIndex.repos[from];
  if (!ix || from === to) return;
  s.issueIndex.repos[to] = ix;
  delete s.issueIndex.repos[from];
  const c = seedCtx(s, to, env);
  if (!c) return;
  for (const n of [...membersOf(ix.lists, 'P|all', 'created')]) {
    const key = pullKey(to, n);
    const pull = tableGet(s.catalog.records, key);
    if (!pull || headOf(c, pull).repo !== from) continue;
    // Index the pull as it was (head in `from`), then save it with its head in `to`.
    const snap = snapIssue(c, n);
    tableSet(s.catalog.records, key, { ...pull, head: { ...(pull.head as Resource), repo: to } });
    const issue = tableGet(s.catalog.records, `${to}/issues/${n}`);
    if (issue) saveIssue(c, n, { ...issue }, snap);
  }
}
