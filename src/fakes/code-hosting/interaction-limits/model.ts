import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import type { Expiry, LimitRecord, Origin } from './state.js';

/**
 * Interaction limits of repositories, organizations and users. A limit is stored with the instant it
 * expires on the fake clock (`expiry` from the time it is set: `one_day`, `three_days`, `one_week`,
 * `one_month` and `six_months` — calendar months, UTC); an expired limit reads as none. A limit of a
 * repository's owner (organization or user) applies to all its repositories and shadows theirs;
 * setting it removes the limits set for the owner's repositories. Keyed `repo:<id>`, `org:<login>`,
 * `user:<login>` (lower-cased).
 */

/** The key of a limit's target. */
export function targetKey(origin: Origin, id: string | number): string {
  const kind = origin === 'repository' ? 'repo' : origin === 'organization' ? 'org' : 'user';
  return `${kind}:${String(id).toLowerCase()}`;
}

const DAY = 86_400_000;

/** The instant a limit set at `nowMs` for `expiry` ends. */
export function expiresAt(nowMs: number, expiry: Expiry): string {
  const d = new Date(nowMs);
  if (expiry === 'one_month' || expiry === 'six_months') {
    d.setUTCMonth(d.getUTCMonth() + (expiry === 'one_month' ? 1 : 6));
    return d.toISOString();
  }
  const days = expiry === 'one_day' ? 1 : expiry === 'three_days' ? 3 : 7;
  return new Date(nowMs + days * DAY).toISOString();
}

/** The limit stored for a target while it has not expired at `nowMs`. */
export function activeLimit(state: CodeHostingState, key: string, nowMs: number): LimitRecord | undefined {
  const rec = tableGet(state.interactionLimits.limits, key);
  return rec && Date.parse(rec.expires_at) > nowMs ? rec : undefined;
}

/** The limit of a repository's owner in force at `nowMs` (organization or user), if any. */
export function ownerLimit(state: CodeHostingState, repo: RepoRecord, nowMs: number): LimitRecord | undefined {
  return activeLimit(state, targetKey('organization', repo.ownerLogin), nowMs) ?? activeLimit(state, targetKey('user', repo.ownerLogin), nowMs);
}

/** The limit in force on a repository: its owner's, else its own. */
export function repoLimit(state: CodeHostingState, repo: RepoRecord, nowMs: number): LimitRecord | undefined {
  return ownerLimit(state, repo, nowMs) ?? activeLimit(state, targetKey('repository', repo.id), nowMs);
}

/** Stores a limit. */
export function setLimit(state: CodeHostingState, key: string, rec: LimitRecord): void {
  tableSet(state.interactionLimits.limits, key, rec);
}

/** Removes a limit. */
export function removeLimit(state: CodeHostingState, key: string): void {
  tableDelete(state.interactionLimits.limits, key);
}

/** Removes the limits set for each repository of an owner (an owner-wide limit overwrites them). */
export function clearOwnerRepoLimits(state: CodeHostingState, owner: string): void {
  for (const id of state.reposByOwner[owner.toLowerCase()] ?? []) removeLimit(state, targetKey('repository', id));
}
