import type { Draft } from 'immer';
import type { ModelCacheState } from './state.js';

/** Inserts one expiry entry, keeping the index sorted (binary search, one splice). */
export function indexExpiry(d: Draft<ModelCacheState>, at: number, name: string): void {
  const e = d.expiry;
  let lo = 0;
  let hi = e.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((e[mid] as [number, string])[0] <= at) lo = mid + 1;
    else hi = mid;
  }
  e.splice(lo, 0, [at, name]);
}

/** Position of the first name in a scope list whose seq is greater than `seq`. */
export function upperBound(state: { caches: Record<string, { seq: number }> }, names: readonly string[], seq: number): number {
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((state.caches[names[mid] as string] as { seq: number }).seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Removes caches from the store and their scope lists (batched per scope so mass expiry stays linear). */
export function removeCaches(d: Draft<ModelCacheState>, names: readonly string[]): void {
  const byScope = new Map<string, Array<{ name: string; seq: number }>>();
  for (const name of names) {
    const rec = d.caches[name];
    if (!rec) continue;
    const list = byScope.get(rec.scope) ?? [];
    list.push({ name, seq: rec.seq });
    byScope.set(rec.scope, list);
  }
  for (const [scope, gone] of byScope) {
    const list = d.lists[scope];
    if (!list) continue;
    if (gone.length <= 16) {
      for (const g of gone) {
        const i = upperBound(d, list, g.seq - 1);
        if (list[i] === g.name) list.splice(i, 1);
      }
    } else {
      const drop = new Set(gone.map((g) => g.name));
      d.lists[scope] = list.filter((n) => !drop.has(n));
    }
  }
  for (const name of names) delete d.caches[name];
}

/** The earliest instant with expiry work, O(1). */
export function dueAt(state: ModelCacheState): number | undefined {
  return state.expiry[0]?.[0];
}

/** Garbage-collects every cache whose expireTime has passed. */
export function expireDue(d: Draft<ModelCacheState>, now: number): void {
  let k = 0;
  const gone: string[] = [];
  while (k < d.expiry.length && (d.expiry[k] as [number, string])[0] <= now) {
    const name = (d.expiry[k] as [number, string])[1];
    const rec = d.caches[name];
    if (rec && rec.expireMs <= now) gone.push(name);
    k++;
  }
  d.expiry.splice(0, k);
  removeCaches(d, gone);
}
