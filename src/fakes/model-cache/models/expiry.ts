import type { Draft } from 'immer';
import { firstEntry, removeEntry, shiftUpTo } from './chunked.js';
import { type CacheRecord, getCache, type ModelCacheState, slotOf } from './state.js';

/** Removes caches from the store and their scope lists; each removal touches one bucket and one chunk. */
export function removeCaches(d: Draft<ModelCacheState>, names: readonly string[]): void {
  for (const name of names) {
    const rec = getCache(d, name);
    if (!rec) continue;
    const { page, bucket, index } = slotOf(rec.seq);
    removeEntry(d.lists, rec.scope, rec.seq, name);
    ((d.caches[page] as Array<Array<CacheRecord | null>>)[bucket] as Array<CacheRecord | null>)[index] = null;
    d.cacheCount -= 1;
  }
}

/** The earliest instant with expiry work, O(1). */
export function dueAt(state: ModelCacheState): number | undefined {
  return firstEntry(state.expiry)?.key;
}

/** Garbage-collects every cache whose expireTime has passed (entries of updated or deleted caches are dropped). */
export function expireDue(d: Draft<ModelCacheState>, now: number): void {
  const due = shiftUpTo(d, 'expiry', now);
  removeCaches(
    d,
    due.filter((name) => {
      const rec = getCache(d, name);
      return rec !== undefined && rec.expireMs <= now;
    }),
  );
}
