import { findRepo } from '../../core/lookup.js';
import type { RepoRecord } from '../../core/schemas/repo.js';
import type { CodeHostingState } from '../../state.js';
import { knownAccount } from '../../users/model.js';
import { type SearchQuery, unsearchable, values } from './query.js';

/** What a search needs of its caller and the state. */
export interface SearchEnv {
  /** The state searched (frozen). */
  readonly state: CodeHostingState;
  /** The login the caller acts as (`@me` in qualifiers), if any. */
  readonly login: string | null;
  /** Whether the caller may see a repository (and so its issues and pull requests). */
  readonly sees: (repo: RepoRecord) => boolean;
}

/** `@me` as the caller's login, lower-cased. */
export function me(env: SearchEnv, login: string): string {
  return login === '@me' && env.login ? env.login.toLowerCase() : login.toLowerCase();
}

/**
 * The repositories a query is scoped to by its `repo:`, `user:`, `org:` and `owner:` qualifiers (any of
 * them: their union), found through the state's indexes (by `owner/name`, by owner), in creation order;
 * `undefined` without such a qualifier (every repository). A named repository or account that does not
 * exist, or that the caller may not see, is GitHub's 422.
 */
export function scopedRepos(env: SearchEnv, q: SearchQuery): RepoRecord[] | undefined {
  const named = values(q, 'repo');
  const owners = [...values(q, 'user'), ...values(q, 'org'), ...values(q, 'owner')].map((o) => me(env, o));
  if (named.length === 0 && owners.length === 0) return undefined;
  const out = new Map<number, RepoRecord>();
  for (const full of named) {
    const [owner = '', name = ''] = full.split('/');
    const rec = findRepo(env.state, owner, name);
    if (!rec || !env.sees(rec)) throw unsearchable(true);
    out.set(rec.id, rec);
  }
  for (const login of owners) {
    if (!knownAccount(env.state, login, env.login)) throw unsearchable(named.length > 0);
    for (const id of env.state.reposByOwner[login] ?? []) {
      const rec = env.state.repos[id];
      if (rec) out.set(rec.id, rec);
    }
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}

/** The repositories a query searches, the caller may see, without those it excludes (`-repo:`, `-user:`, `-org:`). */
export function searchedRepos(env: SearchEnv, q: SearchQuery): RepoRecord[] {
  const scoped = scopedRepos(env, q) ?? Object.values(env.state.repos);
  const notRepos = new Set(values(q, 'repo', true));
  const notOwners = new Set([...values(q, 'user', true), ...values(q, 'org', true), ...values(q, 'owner', true)].map((o) => me(env, o)));
  return scoped.filter((r) => env.sees(r) && !notRepos.has(`${r.ownerLogin}/${r.name}`.toLowerCase()) && !notOwners.has(r.ownerLogin.toLowerCase()));
}
