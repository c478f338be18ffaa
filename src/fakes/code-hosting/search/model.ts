import type { Account, RepoRecord } from '../core/schemas/repo.js';
import { ISSUE_SORTS, type IssueHit, searchIssues } from './model/issues.js';
import { type SearchKind, issuesOrPulls, namesIssuesOrPulls, parseQuery, sortOrder } from './model/query.js';
import { REPO_SORTS, searchRepos } from './model/repos.js';
import type { SearchEnv } from './model/scope.js';
import { USER_SORTS, searchUsers } from './model/users.js';

/**
 * Search over the fake's state: the one search model, behind the REST routes `GET /search/issues`,
 * `GET /search/repositories`, `GET /search/users` and GraphQL's `search(type:, query:)`. It parses
 * GitHub's query syntax (`model/query.ts`), scopes the search through the state's indexes
 * (`model/scope.ts`: a repository by `repo:`, an owner's repositories by `user:`/`org:`), filters by the
 * qualifiers of each type (`model/issues.ts`, `model/repos.ts`, `model/users.ts`) and orders the hits.
 * Only what the caller may see is found. Every result counts (`total_count` is exact); paging and the
 * 1,000-result cap are the routes'.
 */

export type { SearchEnv } from './model/scope.js';
export type { IssueHit } from './model/issues.js';
export { type SearchKind, MAX_QUERY, missingQuery, pastTheCap, SEARCH_DOCS, tooLong } from './model/query.js';

/** What a search found, by type. */
export type SearchHits = { kind: 'issues'; hits: IssueHit[] } | { kind: 'repositories'; hits: RepoRecord[] } | { kind: 'users'; hits: Account[] };

/** Optional `sort` and `order` parameters of a search (a `sort:` qualifier of the query counts when `sort` is absent), and what the caller's token demands. */
export interface SearchOrder {
  sort?: string | undefined;
  order?: string | undefined;
  /** The caller's token may not search issues and pull requests together (GitHub's 422 unless the query names one). */
  oneKind?: boolean;
}

/** Runs one search over the state: every hit, in order. Throws GitHub's 422 for a `repo:`/`user:`/`org:` naming what the caller cannot search. */
export function runSearch(env: SearchEnv, kind: SearchKind, q: string, o: SearchOrder = {}): SearchHits {
  const query = parseQuery(q, kind);
  if (kind === 'issues' && o.oneKind && !namesIssuesOrPulls(query)) throw issuesOrPulls();
  if (kind === 'issues') return { kind, hits: searchIssues(env, query, sortOrder(query, o.sort, o.order, ISSUE_SORTS)) };
  if (kind === 'repositories') return { kind, hits: searchRepos(env, query, sortOrder(query, o.sort, o.order, REPO_SORTS)) };
  return { kind, hits: searchUsers(env, query, sortOrder(query, o.sort, o.order, USER_SORTS)) };
}
