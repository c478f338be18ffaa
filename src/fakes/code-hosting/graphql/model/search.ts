import {
  type RepoRecord,
  type Resource,
  assigneesOfIssue,
  authorizeRest,
  fullName,
  issueKey,
  knownAccount,
  labelsOf,
  membersOf,
  pullKey,
  relationRepo,
  tablePeek,
} from './rest-models.js';
import type { Env } from './types.js';

/**
 * Search over the fake's state, for `search(query:, type:)`. One function ({@link searchState}) answers
 * every search; it understands a subset of GitHub's qualifiers and is the one place a fuller search
 * replaces:
 * - issues and pull requests: `repo:o/r`, `user:`/`org:`, `is:issue|pr|open|closed|merged|unmerged|draft`,
 *   `state:open|closed`, `label:x`, `author:x`, `assignee:x`, `no:assignee`, `no:label`, and words (in the
 *   title or body, all of them, case-insensitive); newest first, or `sort:created-asc`, `sort:updated(-asc)`;
 * - repositories: `repo:`, `user:`/`org:`, `is:public|private`, `fork:true|only`, words in the name or description;
 * - users: words in the login, `type:user|org`.
 * Only what the caller may read is found.
 */

/** What a search found: issues and pulls by repository and number, repositories, accounts. */
export type SearchHit = { kind: 'issue'; repo: RepoRecord; number: number } | { kind: 'repo'; repo: RepoRecord } | { kind: 'account'; login: string };

interface Parsed {
  words: string[];
  quals: Map<string, string[]>;
}

/** Splits a query into qualifiers (`key:value`, quotes allowed) and words. */
export function parseQuery(q: string): Parsed {
  const quals = new Map<string, string[]>();
  const words: string[] = [];
  for (const m of q.matchAll(/(-?[A-Za-z_]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g)) {
    if (m[1]) {
      const key = m[1].toLowerCase();
      const value = m[3] ?? (m[2] as string);
      quals.set(key, [...(quals.get(key) ?? []), value]);
    } else words.push((m[4] ?? m[5] ?? '').toLowerCase());
  }
  return { words: words.filter(Boolean), quals };
}

const low = (s: string) => s.toLowerCase();

/** The repositories a query's `repo:`, `user:` and `org:` qualifiers scope it to (every repository without them). */
function scope(env: Env, p: Parsed): RepoRecord[] {
  const named = p.quals.get('repo');
  const owners = [...(p.quals.get('user') ?? []), ...(p.quals.get('org') ?? []), ...(p.quals.get('owner') ?? [])];
  let repos: RepoRecord[];
  if (named) {
    repos = named.flatMap((full) => {
      const id = env.state.repoIndex[low(full)];
      const r = id === undefined ? undefined : env.state.repos[id];
      return r ? [r] : [];
    });
  } else if (owners.length) {
    repos = owners.flatMap((o) => (env.state.reposByOwner[low(o)] ?? []).flatMap((id) => (env.state.repos[id] ? [env.state.repos[id] as RepoRecord] : [])));
  } else repos = Object.values(env.state.repos);
  return repos.filter((r) => {
    try {
      authorizeRest(env, 'GET /repos/{owner}/{repo}', r);
      return true;
    } catch {
      return false;
    }
  });
}

function textMatches(words: readonly string[], ...texts: unknown[]): boolean {
  const hay = texts
    .filter((t) => typeof t === 'string')
    .join('\n')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

function searchIssues(env: Env, p: Parsed): SearchHit[] {
  const is = new Set((p.quals.get('is') ?? []).map(low));
  const state = low(p.quals.get('state')?.[0] ?? (is.has('open') ? 'open' : is.has('closed') || is.has('merged') || is.has('unmerged') ? 'closed' : 'all'));
  const labels = (p.quals.get('label') ?? []).map(low);
  const author = p.quals.get('author')?.[0];
  const assignee = p.quals.get('assignee')?.[0];
  const no = new Set((p.quals.get('no') ?? []).map(low));
  const hits: Array<SearchHit & { at: number; updated: number }> = [];
  for (const repo of scope(env, p)) {
    try {
      authorizeRest(env, 'GET /repos/{owner}/{repo}/issues', repo);
    } catch {
      continue;
    }
    const rp = relationRepo(repo).path;
    const ix = env.state.issueIndex.repos[rp];
    if (!ix) continue;
    const list = state === 'open' || state === 'closed' ? `I|${state}` : 'I|all';
    for (const n of membersOf(ix.lists, list, 'created')) {
      const issue = tablePeek(env.state.catalog.records, issueKey(rp, n));
      if (!issue) continue;
      const pull = issue._pull === true ? tablePeek(env.state.catalog.records, pullKey(rp, n)) : undefined;
      if (is.has('issue') && pull) continue;
      if (is.has('pr') && !pull) continue;
      if (is.has('merged') && pull?.merged !== true) continue;
      if (is.has('unmerged') && (!pull || pull.merged === true)) continue;
      if (is.has('draft') && pull?.draft !== true) continue;
      const issueLabels = labelsOf(issue).map(low);
      if (!labels.every((l) => issueLabels.includes(l))) continue;
      if (no.has('label') && issueLabels.length) continue;
      const assignees = assigneesOfIssue(issue).map(low);
      if (no.has('assignee') && assignees.length) continue;
      if (assignee && !assignees.includes(low(assignee))) continue;
      const user = issue.user && typeof issue.user === 'object' ? (issue.user as Resource).login : issue.user;
      if (author && (typeof user !== 'string' || low(user) !== low(author))) continue;
      if (!textMatches(p.words, issue.title, issue.body)) continue;
      hits.push({
        kind: 'issue',
        repo,
        number: n,
        at: Date.parse(String(issue.created_at ?? '')) || 0,
        updated: Date.parse(String(issue.updated_at ?? '')) || 0,
      });
    }
  }
  const sort = low(p.quals.get('sort')?.[0] ?? 'created-desc');
  const key = sort.startsWith('updated') ? 'updated' : 'at';
  const asc = sort.endsWith('-asc');
  hits.sort(
    (a, b) => (asc ? a[key] - b[key] : b[key] - a[key]) || (a.kind === 'issue' && b.kind === 'issue' ? (asc ? a.number - b.number : b.number - a.number) : 0),
  );
  return hits.map(({ at: _a, updated: _u, ...hit }) => hit);
}

function searchRepos(env: Env, p: Parsed): SearchHit[] {
  const is = new Set((p.quals.get('is') ?? []).map(low));
  const fork = low(p.quals.get('fork')?.[0] ?? '');
  return scope(env, p)
    .filter((r) => !is.has('public') || !r.private)
    .filter((r) => !is.has('private') || r.private)
    .filter((r) => (fork === 'only' ? r.parentId !== undefined : fork === 'true' ? true : r.parentId === undefined))
    .filter((r) => textMatches(p.words, r.name, fullName(r), r.description))
    .map((repo) => ({ kind: 'repo', repo }));
}

function searchUsers(env: Env, p: Parsed): SearchHit[] {
  const type = low(p.quals.get('type')?.[0] ?? '');
  return Object.values(env.state.accounts)
    .filter((a) => (type === 'org' ? a.type === 'Organization' : type === 'user' ? a.type === 'User' : true))
    .filter((a) => textMatches(p.words, a.login))
    .filter((a) => knownAccount(env.state, a.login) !== undefined)
    .sort((a, b) => a.id - b.id)
    .map((a) => ({ kind: 'account', login: a.login }));
}

/** Runs a search of one type over the state: the hits, in order. */
export function searchState(env: Env, type: string, query: string): SearchHit[] {
  const p = parseQuery(query);
  if (type === 'ISSUE') return searchIssues(env, p);
  if (type === 'REPOSITORY') return searchRepos(env, p);
  if (type === 'USER') return searchUsers(env, p);
  return [];
}
