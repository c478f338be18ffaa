import { GitHubError, type RepoRecord, type SearchEnv, authorizeRest, runSearch } from './rest-models.js';
import type { Env } from './types.js';

/**
 * `search(query:, type:)` over the fake's state: the search family's model (`search/model.ts`), the one
 * implementation REST's `GET /search/issues|repositories|users` answer with too, so both APIs find the
 * same things with the same qualifiers. A repository is searched when the caller may read it through
 * REST (and, for issues, read its issues); a query naming what the caller cannot search finds nothing.
 */

/** What a search found: issues and pulls by repository and number, repositories, accounts. */
export type SearchHit = { kind: 'issue'; repo: RepoRecord; number: number } | { kind: 'repo'; repo: RepoRecord } | { kind: 'account'; login: string };

const KINDS = { ISSUE: 'issues', REPOSITORY: 'repositories', USER: 'users' } as const;

/** Whether the caller passes the rule of a REST read of a repository. */
function mayRead(env: Env, key: string, repo: RepoRecord): boolean {
  try {
    authorizeRest(env, key, repo);
    return true;
  } catch {
    return false;
  }
}

/** Runs a search of one type over the state: the hits, in order. */
export function searchState(env: Env, type: string, query: string): SearchHit[] {
  const kind = KINDS[type as keyof typeof KINDS];
  if (!kind) return [];
  const search: SearchEnv = {
    state: env.state,
    login: env.login,
    sees: (r) => mayRead(env, 'GET /repos/{owner}/{repo}', r) && (kind !== 'issues' || mayRead(env, 'GET /repos/{owner}/{repo}/issues', r)),
  };
  try {
    const found = runSearch(search, kind, query);
    if (found.kind === 'issues') return found.hits.map((h) => ({ kind: 'issue', repo: h.repo, number: h.number }));
    if (found.kind === 'repositories') return found.hits.map((repo) => ({ kind: 'repo', repo }));
    return found.hits.map((a) => ({ kind: 'account', login: a.login }));
  } catch (err) {
    // GraphQL answers a query naming what cannot be searched with no results.
    if (err instanceof GitHubError && err.status === 422) return [];
    throw err;
  }
}
