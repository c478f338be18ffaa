import type { Draft } from 'immer';
import { GraphError } from '../../errors.js';
import type { AudienceSlices, FlaggableField } from '../../schemas/audience-state.js';
import { bareAccountId } from '../ad-accounts.js';
import { removeAt } from '../id-list.js';
import { activelyUsed, ageOut, noteUseChanged, setDue } from './aging.js';
import { applyIntegrity } from './integrity.js';
import { dropAudience, getAdAccount, getAdSet, getAudience } from './store.js';
import { requireAudience, sec, unindexFetchOrCreate } from './crud.js';
import { dropMembers } from './users.js';

/** `DELETE /{custom_audience_id}`: refused with 2656 while lookalikes made from it exist. */
export function deleteAudience(draft: Draft<AudienceSlices>, id: string, now: number): void {
  const a = requireAudience(draft, id, 'DELETE');
  const live = a.lookalikeIds.filter((l) => getAudience(draft, l));
  if (live.length > 0) {
    throw new GraphError(2656, 'Failed to delete custom audience', {
      userTitle: 'Audience Has Lookalikes',
      userMsg: `Audience ${id} is the source of lookalike audiences (${live.join(', ')}). Delete those first.`,
    });
  }
  removeAudience(draft, id, now);
}

/**
 * Removes an audience: ad sets using it stop for good, its origin forgets it, its account's list
 * tombstones it (O(1) through its position), and every index drops it (aging, fetch-or-create,
 * people: O(its own people)).
 */
export function removeAudience(draft: Draft<AudienceSlices>, id: string, now: number): void {
  const a = getAudience(draft, id);
  if (!a) return;
  const touched = new Set<string>();
  for (const setId of a.adSetIds) for (const other of getAdSet(draft, setId)?.audienceIds ?? []) if (other !== id) touched.add(other);
  const activeBefore = activelyUsed(draft, [...touched]);
  for (const setId of a.adSetIds) {
    const s = getAdSet(draft, setId);
    if (!s) continue;
    if (!s.deletedAudienceIds.includes(id)) s.deletedAudienceIds.push(id);
    s.audienceIds = s.audienceIds.filter((x) => x !== id);
    if (s.status === 'ACTIVE') {
      s.status = 'PAUSED';
      s.updatedTime = sec(now);
    }
  }
  if (a.originId) {
    const o = getAudience(draft, a.originId);
    if (o) o.lookalikeIds = o.lookalikeIds.filter((x) => x !== id);
  }
  const acc = getAdAccount(draft, a.accountId);
  if (acc) removeAt(acc.audienceIds, a.listPos, id);
  setDue(draft, id, null);
  unindexFetchOrCreate(draft, a);
  dropMembers(draft, a);
  dropAudience(draft, id);
  noteUseChanged(draft, [...touched], now, activeBefore);
}

/** The service's `tick`: deletes audiences unused by any active ad set for over two years. */
export function audiencesTick(draft: Draft<AudienceSlices>, now: number): void {
  ageOut(draft, now, (id) => removeAudience(draft, id, now));
}

/** Flags an audience (integrity review): operation_status 471 and the violating fields. */
export function flagAudience(draft: Draft<AudienceSlices>, id: string, fields: FlaggableField[]): void {
  const a = getAudience(draft, id);
  if (!a) throw new TypeError(`stuntdouble: no custom audience '${id}'`);
  if (fields.length === 0) throw new TypeError('stuntdouble: flag() needs at least one of name, description, rule');
  applyIntegrity(a, { kind: 'flag', fields });
}

/** Clears a flag as a passed review would. */
export function reviewAudience(draft: Draft<AudienceSlices>, id: string, now: number): void {
  const a = getAudience(draft, id);
  if (!a) throw new TypeError(`stuntdouble: no custom audience '${id}'`);
  applyIntegrity(a, { kind: 'review' });
  a.timeUpdated = sec(now);
}

/** `POST|DELETE /{id}/adaccounts`: shares with (or unshares from) ad accounts; `replace` sets the list. */
export function setAudienceSharing(draft: Draft<AudienceSlices>, id: string, accounts: readonly string[], mode: 'share' | 'unshare', replace = false): void {
  const a = requireAudience(draft, id, mode === 'share' ? 'POST' : 'DELETE');
  const ids = accounts.map(bareAccountId);
  for (const acc of ids) {
    if (!getAdAccount(draft, acc)) throw new GraphError(100, `Invalid ad account id: act_${acc} does not exist or cannot receive this audience`);
  }
  if (mode === 'unshare') {
    a.sharedWith = a.sharedWith.filter((x) => !ids.includes(x));
    return;
  }
  if (replace) a.sharedWith = [];
  for (const acc of ids) if (acc !== a.accountId && !a.sharedWith.includes(acc)) a.sharedWith.push(acc);
}

/** Shares an audience with other ad accounts of the fake. */
export function shareAudience(draft: Draft<AudienceSlices>, id: string, accountIds: readonly string[]): void {
  const a = getAudience(draft, id);
  if (!a) throw new TypeError(`stuntdouble: no custom audience '${id}'`);
  for (const raw of accountIds) {
    const acc = bareAccountId(raw);
    if (acc !== a.accountId && !a.sharedWith.includes(acc)) a.sharedWith.push(acc);
  }
}
