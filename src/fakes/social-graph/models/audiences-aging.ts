import type { Draft } from 'immer';
import type { AudienceSlices } from '../schemas/audience-state.js';

/**
 * Audiences not used by any active ad set for over two years are deleted (seed 2.4). The index
 * `audienceAging` keeps, for every audience no active ad set uses, the instant it ages out, and
 * the earliest of them, so `dueAt` is O(1).
 */

/** The instant two calendar years (UTC) after `ms`, plus one millisecond ("over two years"). */
export function twoYearsAfter(ms: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + 2);
  return d.getTime() + 1;
}

/** Whether an active ad set uses the audience. */
export function isActivelyUsed(state: AudienceSlices | Draft<AudienceSlices>, audienceId: string): boolean {
  const a = state.audiences[audienceId];
  if (!a) return false;
  for (const id of a.adSetIds) if (state.adSets[id]?.status === 'ACTIVE') return true;
  return false;
}

function setDue(draft: Draft<AudienceSlices>, audienceId: string, due: number | undefined): void {
  const idx = draft.audienceAging;
  const prev = idx.due[audienceId];
  if (due === undefined) {
    if (prev === undefined) return;
    delete idx.due[audienceId];
    if (prev === idx.next) idx.next = earliest(idx.due);
    return;
  }
  idx.due[audienceId] = due;
  if (idx.next === null || due < idx.next) idx.next = due;
  else if (prev === idx.next && due !== prev) idx.next = earliest(idx.due);
}

function earliest(due: Record<string, number>): number | null {
  let min: number | null = null;
  for (const k in due) {
    const v = due[k] as number;
    if (min === null || v < min) min = v;
  }
  return min;
}

/** Re-reads one audience's aging after its use changed: active use clears the due time, else it runs from `lastUsedAt`. */
export function refreshAging(draft: Draft<AudienceSlices>, audienceId: string): void {
  const a = draft.audiences[audienceId];
  if (!a) {
    setDue(draft, audienceId, undefined);
    return;
  }
  setDue(draft, audienceId, isActivelyUsed(draft, audienceId) ? undefined : twoYearsAfter(a.lastUsedAt));
}

/** The audiences among `ids` that an active ad set uses now (take it before a change, pass it to {@link noteUseChanged}). */
export function activelyUsed(state: AudienceSlices | Draft<AudienceSlices>, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => isActivelyUsed(state, id)));
}

/** Re-reads aging after ad sets changed: an audience that lost its last active ad set at `now` starts its two years then. */
export function noteUseChanged(draft: Draft<AudienceSlices>, audienceIds: readonly string[], now: number, activeBefore: ReadonlySet<string>): void {
  for (const id of audienceIds) {
    const a = draft.audiences[id];
    if (!a) continue;
    if (activeBefore.has(id) && !isActivelyUsed(draft, id)) a.lastUsedAt = Math.max(a.lastUsedAt, now);
    refreshAging(draft, id);
  }
}

/** Drops an audience from the index (it was deleted). */
export function forgetAging(draft: Draft<AudienceSlices>, audienceId: string): void {
  setDue(draft, audienceId, undefined);
}

/** The earliest instant an audience ages out, if any (the service's `dueAt`). */
export function audiencesDueAt(state: AudienceSlices): number | undefined {
  return state.audienceAging.next ?? undefined;
}

/** Ids of audiences whose aging instant is at or before `now`, earliest first. */
export function dueAudiences(state: AudienceSlices | Draft<AudienceSlices>, now: number): string[] {
  const out: Array<[string, number]> = [];
  for (const id in state.audienceAging.due) {
    const due = state.audienceAging.due[id] as number;
    if (due <= now) out.push([id, due]);
  }
  return out.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([id]) => id);
}
