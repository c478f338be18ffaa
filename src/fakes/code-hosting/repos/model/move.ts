import { type Draft, current } from 'immer';
import type { KeyLists } from '../../../../store/key-list.js';
import { multiAdd, multiRemove } from '../../../../store/multimap.js';
import { type Table, tableDelete, tableEntries, tableSet } from '../../../../store/table.js';
import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { ensureAccount, repoKey } from '../../core/lookup.js';
import type { OwnerType } from '../../core/schemas/repo.js';
import type { CodeHostingState } from '../../state.js';
import { moveRepositoryIssues } from '../../issues/model/move.js';

/**
 * Renames and transfers. A repository's hand-written record, git graph, hooks, imports and release
 * indexes are keyed by its id and follow it; what the catalog keys by path (every record, list and
 * action call under `/repos/<owner>/<repo>`, the issue indexes) moves to the new path in the same
 * update, and the `url`s stored in those records are rewritten to it. The old `owner/repo` is kept as a
 * redirect to the id (see {@link movedError}) until another repository takes that name.
 */

const under = (path: string) => (key: string) => key === path || key.startsWith(`${path}/`);

/**
 * Moves (`to` gives the new key) or drops (`to` gives undefined) every catalog record, list and action
 * call under a repository's path: one pass over the catalog's keys (renames, transfers and deletions
 * are rare; no per-repository index is kept on every write for them).
 */
function walkPaths(d: CodeHostingState, path: string, to: (key: string) => string | undefined, rewrite: (v: unknown) => unknown = (v) => v): void {
  const inside = under(path);
  const { records, lists, actions } = d.catalog;
  for (const [key, value] of [...tableEntries(current(records) as Table<Resource>)]) {
    if (!inside(key)) continue;
    const k = to(key);
    if (k !== undefined) tableSet(records, k, rewrite(value) as Resource);
    tableDelete(records, key);
  }
  for (const [key, list] of [...tableEntries(current(lists) as KeyLists)]) {
    if (!inside(key)) continue;
    const k = to(key);
    if (k !== undefined)
      tableSet(lists, k, { size: list.size, chunks: list.chunks.map((chunk) => chunk.map((child) => (inside(child) ? (to(child) ?? child) : child))) });
    tableDelete(lists, key);
  }
  for (const key of Object.keys(actions)) {
    if (!inside(key)) continue;
    const k = to(key);
    if (k !== undefined) actions[k] = actions[key] as { count: number; last: unknown };
    delete actions[key];
  }
  // Per-repository number sequences (`<path>#number`, `<path>/milestones#number`): issue numbers go on
  // after a rename, and start again at 1 in a repository created at a deleted one's path.
  for (const key of Object.keys(d.counters)) {
    const hash = key.indexOf('#');
    if (hash < 0 || !inside(key.slice(0, hash))) continue;
    const k = to(key.slice(0, hash));
    if (k !== undefined) d.counters[`${k}${key.slice(hash)}`] = d.counters[key] as number;
    delete d.counters[key];
  }
}

/**
 * Drops what the catalog keys under a deleted repository's path (records, lists, action calls, the
 * issue indexes), so a repository created later at the same path starts empty, as on GitHub.
 */
export function dropRepositoryPaths(d: CodeHostingState, owner: string, name: string): void {
  const path = repoPath(owner, name);
  walkPaths(d, path, () => undefined);
  delete d.issueIndex.repos[path];
}

/** The catalog path of a repository (`/repos/<owner>/<repo>`, as the catalog keys it). */
export const repoPath = (owner: string, name: string) => `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rewrites API and web URLs naming the old repository (`…/repos/o/r…`, `https://github.com/o/r…`) to the new one. */
function urlRewriter(fromOwner: string, fromName: string, toOwner: string, toName: string): (v: unknown) => unknown {
  const names = (o: string, n: string) => `${escapeRe(o)}/${escapeRe(n)}|${escapeRe(encodeURIComponent(o))}/${escapeRe(encodeURIComponent(n))}`;
  const re = new RegExp(`^(https?://[^/]+(?:/api/v3)?)(/repos)?/(?:${names(fromOwner, fromName)})(?=[/{?#.]|$)`, 'i');
  const next = `${encodeURIComponent(toOwner)}/${encodeURIComponent(toName)}`;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return re.test(v) ? v.replace(re, (_m, host: string, repos: string | undefined) => `${host}${repos ?? ''}/${next}`) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk;
}

/** Where a repository goes: a new name, a new owner, or both. */
export interface RepoDestination {
  owner: string;
  name: string;
  /** Kind of a new owner account (an existing account keeps its own). Default `User`. */
  ownerType?: OwnerType;
}

/**
 * Moves a repository to `owner/name` inside the request's update: indexes, catalog records, lists and
 * action calls under its path, the issue indexes; the old name redirects. 422 when the destination
 * name is taken.
 */
export function moveRepository(d: CodeHostingState, id: number, to: RepoDestination, env: { baseUrl: string; now: string }): void {
  const rec = d.repos[id];
  if (!rec) throw githubError.notFound();
  const oldKey = repoKey(rec.ownerLogin, rec.name);
  const newKey = repoKey(to.owner, to.name);
  const taken = d.repoIndex[newKey];
  if (taken !== undefined && taken !== id) {
    throw githubError.validation([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }]);
  }
  const account = ensureAccount(d as Draft<CodeHostingState>, to.owner, to.ownerType ?? 'User');
  const from = repoPath(rec.ownerLogin, rec.name);
  const dest = repoPath(account.login, to.name);
  if (from === dest) return;
  const rewrite = urlRewriter(rec.ownerLogin, rec.name, account.login, to.name);

  // The repository's own indexes.
  delete d.repoIndex[oldKey];
  d.repoIndex[newKey] = id;
  const oldOwner = rec.ownerLogin.toLowerCase();
  const newOwner = account.login.toLowerCase();
  if (oldOwner !== newOwner) {
    multiRemove(d.reposByOwner, oldOwner, id);
    multiAdd(d.reposByOwner, newOwner, id);
  }
  d.repoRedirects ??= {};
  if (oldKey !== newKey) d.repoRedirects[oldKey] = id;
  delete d.repoRedirects[newKey];
  // Tokens limited to selected repositories keep this one: GitHub selects repositories by id, the fake
  // by name, so the name follows the move (tokens are few; a move is rare).
  for (const token of Object.values(d.tokens)) {
    if (token.repositories === 'all') continue;
    const at = token.repositories.findIndex((r) => r.toLowerCase() === oldKey);
    if (at >= 0) token.repositories[at] = `${account.login}/${to.name}`;
  }
  rec.ownerLogin = account.login;
  rec.name = to.name;
  rec.updatedAt = env.now;

  // Everything the catalog keys by path. A move is rare: one pass over the keys, no index to keep on every write.
  const moved = (key: string) => (key === from || key.startsWith(`${from}/`) ? `${dest}${key.slice(from.length)}` : undefined);
  walkPaths(d, from, moved, rewrite);
  moveRepositoryIssues(d, from, dest, env);
}
