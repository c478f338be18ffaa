import type { Draft } from 'immer';
import { insertedAt, removedAt, sliceOf } from '../../../store/arrays.js';
import { plain } from '../../../store/store.js';

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

/** A holder of chunked sequences in a draft: the state (`expiry`) or a map of them (`lists`). */
export type Holder<K extends string> = Draft<{ [P in K]?: Chunked }>;

/**
 * The sequence under `prop` as plain frozen arrays, never through an immer proxy: a read through the
 * draft copies the chunk index (immer's copy of an array is a `slice()`, which V8 runs element by
 * element on a frozen array: ~10 µs for 400 chunks).
 */
function read<K extends string>(holder: Holder<K>, prop: K): ReadonlyArray<Chunk> {
  const v = (holder as Record<K, Chunked | undefined>)[prop];
  return v === undefined ? [] : (plain(v) as ReadonlyArray<Chunk>);
}

function chunk(keys: number[], names: string[]): Chunk {
  return Object.freeze({ keys: Object.freeze(keys) as number[], names: Object.freeze(names) as string[] });
}

/**
 * Stores a sequence built outside the draft, frozen: immer takes a frozen value as it is, and the
 * store's freeze does not walk it again; a later write in the same change reads it back as it is.
 */
function store<K extends string>(holder: Holder<K>, prop: K, chunks: Chunk[]): void {
  (holder as Record<K, Chunked>)[prop] = Object.freeze(chunks) as Chunked;
}

/** Inserts an entry at its sorted place (after equal keys): copies one chunk and the chunk index. */
export function insertEntry<K extends string>(holder: Holder<K>, prop: K, key: number, name: string): void {
  const chunks = read(holder, prop);
  if (chunks.length === 0) {
    store(holder, prop, [chunk([key], [name])]);
    return;
  }
  const ci = Math.min(chunkAfter(chunks, key), chunks.length - 1);
  const c = chunks[ci] as Chunk;
  const at = upper(c.keys, key);
  const keys = insertedAt(c.keys, at, key);
  const names = insertedAt(c.names, at, name);
  const next = sliceOf(chunks);
  if (keys.length > CHUNK) {
    const half = keys.length >>> 1;
    next.splice(ci, 1, chunk(keys.slice(0, half), names.slice(0, half)), chunk(keys.slice(half), names.slice(half)));
  } else next[ci] = chunk(keys, names);
  store(holder, prop, next);
}

/** Appends entries whose keys are not smaller than any present (creation order, bulk seeding). */
export function appendEntries<K extends string>(holder: Holder<K>, prop: K, keys: readonly number[], names: readonly string[]): void {
  const next = sliceOf(read(holder, prop));
  let i = 0;
  const last = next[next.length - 1];
  if (last && last.keys.length < CHUNK) {
    const room = Math.min(CHUNK - last.keys.length, keys.length);
    next[next.length - 1] = chunk([...last.keys, ...keys.slice(0, room)], [...last.names, ...names.slice(0, room)]);
    i = room;
  }
  for (; i < keys.length; i += CHUNK) next.push(chunk(keys.slice(i, i + CHUNK), names.slice(i, i + CHUNK)));
  store(holder, prop, next);
}

/** Removes the entry with this (integer) key and name; returns whether it was there. */
export function removeEntry<K extends string>(holder: Holder<K>, prop: K, key: number, name: string): boolean {
  const chunks = read(holder, prop);
  for (let ci = chunkAfter(chunks, key - 1); ci < chunks.length; ci++) {
    const c = chunks[ci] as Chunk;
    if ((c.keys[0] as number) > key) return false;
    for (let i = upper(c.keys, key - 1); i < c.keys.length && c.keys[i] === key; i++) {
      if (c.names[i] !== name) continue;
      const next = sliceOf(chunks);
      if (c.keys.length === 1) next.splice(ci, 1);
      else next[ci] = chunk(removedAt(c.keys, i), removedAt(c.names, i));
      store(holder, prop, next);
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

/** The last key, if any, O(1). */
export function lastKey(chunks: ReadonlyArray<Chunk>): number | undefined {
  const c = chunks[chunks.length - 1];
  return c ? c.keys[c.keys.length - 1] : undefined;
}

/** Removes and returns every leading entry whose key is at most `key`. */
export function shiftUpTo<K extends string>(holder: Holder<K>, prop: K, key: number): string[] {
  const chunks = read(holder, prop);
  const out: string[] = [];
  let ci = 0;
  let rest: Chunk | undefined;
  for (; ci < chunks.length; ci++) {
    const c = chunks[ci] as Chunk;
    const n = upper(c.keys, key);
    if (n === 0) break;
    for (let i = 0; i < n; i++) out.push(c.names[i] as string);
    if (n < c.keys.length) {
      rest = chunk(sliceOf(c.keys, n), sliceOf(c.names, n));
      break;
    }
  }
  if (out.length === 0) return out;
  const next = sliceOf(chunks, rest ? ci + 1 : ci);
  if (rest) next.unshift(rest);
  store(holder, prop, next);
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
