import { GitHubError, githubError } from '../../core/errors.js';

/**
 * GitHub's search query syntax (`q`): words and qualifiers separated by spaces. A qualifier is
 * `key:value` for a key the search type knows (`repo:octo/hello`, `label:"help wanted"`, `-label:bug`
 * to exclude); a value with spaces is quoted. A `key:value` whose key the search type does not know is
 * searched as plain text (the whole token, `foo:bar`), as are words and quoted phrases.
 */

/** One qualifier of a query: its value and whether it was negated (`-label:bug`). */
export interface Qualifier {
  readonly value: string;
  readonly negated: boolean;
}

/** A parsed query: its words (lower-cased; phrases kept whole) and its qualifiers by key (lower-cased). */
export interface SearchQuery {
  readonly words: readonly string[];
  readonly quals: ReadonlyMap<string, readonly Qualifier[]>;
}

/** GitHub's documentation link of the search API's errors. */
export const SEARCH_DOCS = 'https://docs.github.com/v3/search/';

/** The qualifiers each search type understands; any other `key:value` is text. */
export const QUALIFIERS = {
  issues: [
    'repo',
    'user',
    'org',
    'owner',
    'is',
    'type',
    'state',
    'label',
    'author',
    'assignee',
    'mentions',
    'involves',
    'milestone',
    'language',
    'head',
    'base',
    'in',
    'no',
    'created',
    'updated',
    'closed',
    'comments',
    'sort',
  ],
  repositories: ['repo', 'user', 'org', 'owner', 'in', 'language', 'topic', 'fork', 'is', 'archived', 'stars', 'forks', 'created', 'pushed', 'sort'],
  users: ['type', 'in', 'repos', 'followers', 'sort'],
} as const;

/** A search type of the REST API. */
export type SearchKind = keyof typeof QUALIFIERS;

/** Parses `q` for a search type (its qualifiers; the rest is text). */
export function parseQuery(q: string, kind: SearchKind): SearchQuery {
  const known: readonly string[] = QUALIFIERS[kind];
  const quals = new Map<string, Qualifier[]>();
  const words: string[] = [];
  for (const m of q.matchAll(/(-?)([A-Za-z_-]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g)) {
    const key = m[2]?.toLowerCase();
    if (key !== undefined && known.includes(key)) {
      const value = m[4] ?? (m[3] as string);
      quals.set(key, [...(quals.get(key) ?? []), { value, negated: m[1] === '-' }]);
      continue;
    }
    const text = (m[5] ?? m[6] ?? m[0]).toLowerCase();
    // GitHub's boolean operators are not searched for.
    if (text && text !== 'and' && text !== 'or' && text !== 'not') words.push(text);
  }
  return { words, quals };
}

/** The values of a qualifier (not negated ones unless asked), lower-cased. */
export function values(q: SearchQuery, key: string, negated = false): string[] {
  return (q.quals.get(key) ?? []).filter((x) => x.negated === negated).map((x) => x.value.toLowerCase());
}

/** The first value of a qualifier, lower-cased. */
export function first(q: SearchQuery, key: string): string | undefined {
  return values(q, key)[0];
}

/** Whether every word is in one of the texts (case-insensitive). */
export function textMatches(words: readonly string[], texts: readonly unknown[]): boolean {
  if (words.length === 0) return true;
  const hay = texts
    .filter((t): t is string => typeof t === 'string')
    .join('\n')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** GitHub's 422 for a query without `q` (or an empty one). */
export function missingQuery(): GitHubError {
  return githubError.validation([{ resource: 'Search', field: 'q', code: 'missing' }], SEARCH_DOCS);
}

/**
 * GitHub's 422 for `repo:`, `user:`, `org:` (and, for users alone, `author:`, `assignee:`, ...)
 * qualifiers naming what does not exist or what the caller may not see.
 */
export function unsearchable(withRepos: boolean): GitHubError {
  const message = withRepos
    ? 'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.'
    : 'The listed users cannot be searched either because the users do not exist or you do not have permission to view the users.';
  return githubError.validation([{ resource: 'Search', field: 'q', code: 'invalid', message }], SEARCH_DOCS);
}

/** The longest query GitHub searches (characters of `q`). */
export const MAX_QUERY = 256;

/** GitHub's 422 for a query longer than {@link MAX_QUERY} characters. */
export function tooLong(): GitHubError {
  return githubError.validation(
    [{ resource: 'Search', field: 'q', code: 'invalid', message: `The search is longer than ${MAX_QUERY} characters.` }],
    SEARCH_DOCS,
  );
}

/** GitHub's 422 for a page starting past the first 1,000 results. */
export function pastTheCap(): GitHubError {
  return new GitHubError(422, 'Only the first 1000 search results are available', { documentationUrl: SEARCH_DOCS });
}

/**
 * GitHub's 422 for an issue search mixing issues and pull requests where the caller's token may not
 * (GitHub Apps' user access tokens, fine-grained personal access tokens): the query must say which.
 */
export function issuesOrPulls(): GitHubError {
  return new GitHubError(422, "Query must include 'is:issue' or 'is:pull-request'", {
    documentationUrl: 'https://docs.github.com/rest/search/search#search-issues-and-pull-requests',
  });
}

/** Whether an issue search names issues or pull requests alone (`is:issue`, `is:pr`, `is:pull-request`, `type:issue|pr`). */
export function namesIssuesOrPulls(q: SearchQuery): boolean {
  const kinds = [...values(q, 'is'), ...values(q, 'type')];
  return kinds.some((k) => k === 'issue' || k === 'pr' || k === 'pull-request');
}

/** How results are ordered: a sort key (undefined: best match) and a direction. */
export interface SortOrder {
  readonly sort: string | undefined;
  readonly desc: boolean;
}

/**
 * The order of a search: the `sort` and `order` parameters, else a `sort:<key>[-asc|-desc]` qualifier of
 * the query; `order` counts only with a sort (GitHub ignores it for best match). Keys a type does not
 * offer sort by best match.
 */
export function sortOrder(q: SearchQuery, sortParam: string | undefined, orderParam: string | undefined, offered: readonly string[]): SortOrder {
  let sort = sortParam?.toLowerCase();
  let desc = orderParam?.toLowerCase() !== 'asc';
  if (!sort) {
    const m = /^(.+?)(?:-(asc|desc))?$/.exec(first(q, 'sort') ?? '');
    if (m) {
      sort = m[1];
      desc = m[2] !== 'asc';
    }
  }
  return sort && offered.includes(sort) ? { sort, desc } : { sort: undefined, desc: true };
}
