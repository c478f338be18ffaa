import type { Draft } from 'immer';
import type { AudienceRecord, AudienceSlices } from '../../schemas/audience-state.js';

/**
 * Audiences are stored in buckets of 1024 consecutive ids (`audiences[bucket][id]`): immer copies
 * a record on every write, so one write costs a bucket, not every audience of the fake.
 */
const BUCKET = 1024;

/** The bucket key of an audience id. */
export function audienceBucket(id: string): string {
  const n = Number(id);
  return /^\d+$/.test(id) && Number.isSafeInteger(n) ? String(Math.floor(n / BUCKET)) : 'x';
}

type Slices = AudienceSlices | Draft<AudienceSlices>;

/** An audience by id (O(1)), in a state or a draft. */
export function getAudience<S extends Slices>(state: S, id: string): S['audiences'][string][string] | undefined {
  return state.audiences[audienceBucket(id)]?.[id] as S['audiences'][string][string] | undefined;
}

/** Stores an audience. */
export function putAudience(draft: Draft<AudienceSlices>, rec: AudienceRecord): void {
  const b = audienceBucket(rec.id);
  draft.audiences[b] ??= {};
  (draft.audiences[b] as Record<string, AudienceRecord>)[rec.id] = rec;
}

/** Removes an audience. */
export function dropAudience(draft: Draft<AudienceSlices>, id: string): void {
  const b = audienceBucket(id);
  const bucket = draft.audiences[b];
  if (!bucket) return;
  delete bucket[id];
}

/** Every audience, bucket by bucket (for scans: aging, summaries). */
export function* eachAudience(state: AudienceSlices): Generator<AudienceRecord> {
  for (const b in state.audiences) {
    const bucket = state.audiences[b] as Record<string, AudienceRecord>;
    for (const id in bucket) yield bucket[id] as AudienceRecord;
  }
}
