import type { Draft } from 'immer';
import { nextId } from '../../../../store/ids.js';
import type { AudienceSlices } from '../../schemas/audience-state.js';
import { scheduleFirst, scheduleInsert, scheduleRemove } from '../schedule.js';
import { getAdSet, getAudience } from './store.js';

/**
 * Audiences not used by any active ad set for over two years are deleted, as Meta deletes them. The index
 * `audienceAging` holds, for every audience no active ad set uses, the instant it ages out, sorted
 * (see `models/schedule.ts`): `dueAt` is its first entry (O(1)), a change of use moves one entry
 * (O(log n)), and a `tick` takes only the due entries off its front.
 */

/** The instant two calendar years (UTC) after `ms`, plus one millisecond ("over two years"). */
export function twoYearsAfter(ms: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + 2);
  return d.getTime() + 1;
}

/** Whether an active ad set uses the audience. */
export function isActivelyUsed(state: AudienceSlices | Draft<AudienceSlices>, audienceId: string): boolean {
  const a = getAudience(state, audienceId);
  if (!a) return false;
  for (const id of a.adSetIds) if (getAdSet(state, id)?.status === 'ACTIVE') return true;
  return false;
}

/** Moves an audience's entry in the aging index to `due` (null: off the index). */
export function setDue(draft: Draft<AudienceSlices>, audienceId: string, due: number | null): void {
  const a = getAudience(draft, audienceId);
  if (!a || a.agingDue === due) return;
  if (a.agingDue !== null && a.agingSeq !== undefined) scheduleRemove(draft.audienceAging, { at: a.agingDue, seq: a.agingSeq });
  a.agingDue = due;
  if (due === null) {
    delete a.agingSeq;
    return;
  }
  const seq = nextId(draft.counters, 'aging', 0);
  a.agingSeq = seq;
  scheduleInsert(draft.audienceAging, { at: due, seq, audienceId });
}

/** Re-reads one audience's aging after its use changed: active use clears the due time, else it runs from `lastUsedAt`. */
export function refreshAging(draft: Draft<AudienceSlices>, audienceId: string): void {
  const a = getAudience(draft, audienceId);
  if (!a) return;
  setDue(draft, audienceId, isActivelyUsed(draft, audienceId) ? null : twoYearsAfter(a.lastUsedAt));
}

/** The audiences among `ids` that an active ad set uses now (take it before a change, pass it to {@link noteUseChanged}). */
export function activelyUsed(state: AudienceSlices | Draft<AudienceSlices>, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => isActivelyUsed(state, id)));
}

/** Re-reads aging after ad sets changed: an audience that lost its last active ad set at `now` starts its two years then. */
export function noteUseChanged(draft: Draft<AudienceSlices>, audienceIds: readonly string[], now: number, activeBefore: ReadonlySet<string>): void {
  for (const id of audienceIds) {
    const a = getAudience(draft, id);
    if (!a) continue;
    if (activeBefore.has(id) && !isActivelyUsed(draft, id)) a.lastUsedAt = Math.max(a.lastUsedAt, now);
    refreshAging(draft, id);
  }
}

/** The earliest instant an audience ages out, if any (the service's `dueAt`), O(1). */
export function audiencesDueAt(state: AudienceSlices): number | undefined {
  return scheduleFirst(state.audienceAging)?.at;
}

/**
 * Ages audiences out at `now`: removes every due one through `remove`, earliest first (O(due × log n)).
 * `remove` must take the audience off the index (removing it does: see `removeAudience`).
 */
export function ageOut(draft: Draft<AudienceSlices>, now: number, remove: (id: string) => void): string[] {
  const out: string[] = [];
  for (let first = scheduleFirst(draft.audienceAging); first && first.at <= now; first = scheduleFirst(draft.audienceAging)) {
    const id = first.audienceId;
    out.push(id);
    remove(id);
    // An entry whose audience is gone already (never expected): drop it so the loop moves on.
    if (scheduleFirst(draft.audienceAging)?.audienceId === id) scheduleRemove(draft.audienceAging, first);
  }
  return out;
}
