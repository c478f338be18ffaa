import type { Draft } from 'immer';

/**
 * An ordered sequence of `(key, name)` entries kept in chunks of at most {@link CHUNK} entries, so
 * that one write copies one small chunk plus the short array of chunk references (immer copies and
 * re-walks every array or object it touches: one flat array of 10,000 names made each create cost
 * milliseconds). Keys are sorted ascending; equal keys keep insertion order.
 */
export interface Chunk {
  keys: number[];
  names: string[];
}
/** A chunked sequence (see {@link Chunk}). */
export type Chunked = Chunk[];

/** Entries per chunk. */
export const CHUNK = 256;

/** Index of the first chunk whose last key is greater than `key` (chunks.length when none). */
function chunkAfter(chunks: ReadonlyArray<Chunk>, key: number): number {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const keys = (chunks[mid] as Chunk).keys;
    if ((keys[keys.length - 1] as number) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upper(keys: readonly number[], key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as number) <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Inserts an entry at its sorted place (after equal keys). */
export function insertEntry(chunks: Draft<Chunked>, key: number, name: string): void {
  if (chunks.length === 0) {
    chunks.push({ keys: [key], names: [name] });
    return;
  }
  const ci = Math.min(chunkAfter(chunks, key), chunks.length - 1);
  const c = chunks[ci] as Chunk;
  const at = upper(c.keys, key);
  c.keys.splice(at, 0, key);
  c.names.splice(at, 0, name);
  if (c.keys.length > CHUNK) {
    const half = c.keys.length >>> 1;
    const right = { keys: c.keys.slice(half), names: c.names.slice(half) };
    c.keys.splice(half);
    c.names.splice(half);
    chunks.splice(ci + 1, 0, right);
  }
}

/** Appends entries whose keys are not smaller than any present (bulk seeding, creation order). */
export function appendEntries(chunks: Draft<Chunked>, keys: readonly number[], names: readonly string[]): void {
  let i = 0;
  const last = chunks[chunks.length - 1] as Chunk | undefined;
  if (last && last.keys.length < CHUNK) {
    const room = Math.min(CHUNK - last.keys.length, keys.length);
    last.keys.push(...keys.slice(0, room));
    last.names.push(...names.slice(0, room));
    i = room;
  }
  for (; i < keys.length; i += CHUNK) chunks.push({ keys: keys.slice(i, i + CHUNK), names: names.slice(i, i + CHUNK) });
}

/** Removes the entry with this (integer) key and name; returns whether it was there. */
export function removeEntry(chunks: Draft<Chunked>, key: number, name: string): boolean {
  for (let ci = chunkAfter(chunks, key - 1); ci < chunks.length; ci++) {
    const c = chunks[ci] as Chunk;
    if ((c.keys[0] as number) > key) return false;
    for (let i = upper(c.keys, key - 1); i < c.keys.length && c.keys[i] === key; i++) {
      if (c.names[i] !== name) continue;
      c.keys.splice(i, 1);
      c.names.splice(i, 1);
      if (c.keys.length === 0) chunks.splice(ci, 1);
      return true;
    }
  }
  return false;
}

/** The first entry, O(1). */
export function firstEntry(chunks: ReadonlyArray<Chunk>): { key: number; name: string } | undefined {
  const c = chunks[0];
  return c ? { key: c.keys[0] as number, name: c.names[0] as string } : undefined;
}

/** Removes and returns every leading entry whose key is at most `key`. */
export function shiftUpTo(chunks: Draft<Chunked>, key: number): string[] {
  const out: string[] = [];
  while (chunks.length > 0) {
    const c = chunks[0] as Chunk;
    const n = upper(c.keys, key);
    if (n === 0) break;
    out.push(...c.names.slice(0, n));
    if (n === c.keys.length) chunks.shift();
    else {
      c.keys.splice(0, n);
      c.names.splice(0, n);
      break;
    }
  }
  return out;
}

/** Walks entries whose key is greater than `after` (or all), in order, until `visit` returns false. */
export function walkAfter(chunks: ReadonlyArray<Chunk>, after: number | undefined, visit: (key: number, name: string) => boolean): void {
  let ci = after === undefined ? 0 : chunkAfter(chunks, after);
  let i = after === undefined || ci >= chunks.length ? 0 : upper((chunks[ci] as Chunk).keys, after);
  for (; ci < chunks.length; ci++, i = 0) {
    const c = chunks[ci] as Chunk;
    for (; i < c.keys.length; i++) if (!visit(c.keys[i] as number, c.names[i] as string)) return;
  }
}
