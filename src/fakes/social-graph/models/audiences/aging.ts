import { type Draft, current, isDraft } from 'immer';
import type { AudienceSlices } from '../../schemas/audience-state.js';
import { getAudience } from './store.js';

/**
 * Audiences not used by any active ad set for over two years are deleted (seed 2.4). The index
 * `audienceAging` keeps, for every audience no active ad set uses, the instant it ages out, and
 * `next`, a lower bound of the earliest of them, so `dueAt` is O(1) and no write scans the index:
 * a bound left stale by a removal costs one scan in the next `tick`, which makes it exact again.
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
  for (const id of a.adSetIds) if (state.adSets[id]?.status === 'ACTIVE') return true;
  return false;
}

function setDue(draft: Draft<AudienceSlices>, audienceId: string, due: number | null): void {
  const a = getAudience(draft, audienceId);
  if (!a || a.agingDue === due) return;
  a.agingDue = due;
  const idx = draft.audienceAging;
  if (due !== null && (idx.next === null || due < idx.next)) idx.next = due;
}

/** A plain (non-proxy) view of a draft value, for fast reads of big records. */
export function plain<T>(v: T): T {
  return isDraft(v) ? (current(v as Draft<T>) as T) : v;
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

/** A lower bound of the earliest instant an audience ages out, if any (the service's `dueAt`). */
export function audiencesDueAt(state: AudienceSlices): number | undefined {
  return state.audienceAging.next ?? undefined;
}

/**
 * Ages audiences out at `now`: removes every due one through `remove` (earliest first) and makes
 * `next` exact again with one scan of the index.
 */
export function ageOut(draft: Draft<AudienceSlices>, now: number, remove: (id: string) => void): string[] {
  const buckets = plain(draft.audiences);
  const out: Array<[string, number]> = [];
  let rest: number | null = null;
  for (const b in buckets) {
    const bucket = buckets[b] as Record<string, { agingDue: number | null }>;
    for (const id in bucket) {
      const t = bucket[id]?.agingDue;
      if (t === null || t === undefined) continue;
      if (t <= now) out.push([id, t]);
      else if (rest === null || t < rest) rest = t;
    }
  }
  out.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  // Removals may give other audiences new due times (their ad sets stop): setDue lowers `next` for them.
  draft.audienceAging.next = null;
  for (const [id] of out) remove(id);
  const after = draft.audienceAging.next as number | null;
  draft.audienceAging.next = after === null ? rest : rest === null ? after : Math.min(after, rest);
  return out.map(([id]) => id);
}
