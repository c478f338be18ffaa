import type { Draft } from 'immer';
import { lastIndexIn, removedAt, sliceOf } from './arrays.js';
import { plain } from './store.js';
import { type Readable, type Table, tableDelete, tableGet, tablePeek, tableSet } from './table.js';

/**
 * Ordered lists of keys (a collection's members in creation order), kept in chunks of at most
 * {@link KEY_CHUNK}: immer copies what a write changes, so appending to one flat array of 100,000 keys
 * copied all of them; here it copies the last chunk and the chunk index (n / 512 entries), both built
 * outside the draft and frozen, so neither immer nor the store walks them when the change lands. The lists
 * themselves live in a {@link Table}, so adding the 10,000th list copies a few small buckets too.
 *
 * Reads by position walk the chunk index (n / 512 steps); a removal scans for its key (deletes only).
 */
export interface KeyList<K extends string | number = string> {
  /** Number of keys. */
  size: number;
  /** The keys in order, in chunks of 1 to {@link KEY_CHUNK} keys. */
  chunks: K[][];
}

/** Keys per chunk at most. */
export const KEY_CHUNK = 512;

/** Lists by name (a collection's concrete path). */
export type KeyLists<K extends string | number = string> = Table<KeyList<K>>;

/** The list named `name`, if any (O(1)). */
export function keyList<K extends string | number = string>(lists: Readable<KeyList<K>>, name: string): KeyList<K> | undefined {
  return tableGet(lists, name);
}

/** Number of keys of a list (0 when it does not exist). */
export function keyListSize<K extends string | number>(list: KeyList<K> | undefined): number {
  return list?.size ?? 0;
}

/**
 * Stores a list built outside the draft, frozen: immer takes a frozen value as it is (no walk over
 * its chunk index when the change lands), and so does the store's freeze.
 */
function store<K extends string | number>(lists: Draft<KeyLists<K>>, name: string, chunks: K[][], size: number): void {
  if (size === 0) {
    tableDelete(lists, name);
    return;
  }
  tableSet(lists, name, Object.freeze({ size, chunks: Object.freeze(chunks) as K[][] }) as KeyList<K>);
}

/** Appends `key` to the list `name` (created when missing): copies the last chunk and the chunk index. */
export function keyListPush<K extends string | number>(lists: Draft<KeyLists<K>>, name: string, key: K): void {
  const list = plain(tablePeek(lists as KeyLists<K>, name));
  const chunks = list ? sliceOf(list.chunks) : [];
  const last = chunks[chunks.length - 1];
  if (!last || last.length >= KEY_CHUNK) chunks.push(Object.freeze([key]) as K[]);
  else chunks[chunks.length - 1] = Object.freeze([...last, key]) as K[];
  store(lists, name, chunks, (list?.size ?? 0) + 1);
}

/** Appends many keys at once (bulk seeding). */
export function keyListPushMany<K extends string | number>(lists: Draft<KeyLists<K>>, name: string, keys: readonly K[]): void {
  if (keys.length === 0) return;
  const list = plain(tablePeek(lists as KeyLists<K>, name));
  const chunks = list ? sliceOf(list.chunks) : [];
  let i = 0;
  const last = chunks[chunks.length - 1];
  if (last && last.length < KEY_CHUNK) {
    const room = KEY_CHUNK - last.length;
    chunks[chunks.length - 1] = Object.freeze([...last, ...keys.slice(0, room)]) as K[];
    i = room;
  }
  for (; i < keys.length; i += KEY_CHUNK) chunks.push(Object.freeze(keys.slice(i, i + KEY_CHUNK)) as K[]);
  store(lists, name, chunks, (list?.size ?? 0) + keys.length);
}

/** Where `key` sits: chunk and offset, searching from the end (recent keys go first). */
function find<K extends string | number>(list: KeyList<K>, key: K): [number, number] | undefined {
  for (let c = list.chunks.length - 1; c >= 0; c--) {
    const at = lastIndexIn(list.chunks[c] as K[], key);
    if (at >= 0) return [c, at];
  }
  return undefined;
}

/** Whether the list holds `key`. */
export function keyListHas<K extends string | number>(list: KeyList<K> | undefined, key: K): boolean {
  return list !== undefined && find(list, key) !== undefined;
}

/** Removes `key` from the list `name` (the list goes when emptied); returns whether it was there. */
export function keyListRemove<K extends string | number>(lists: Draft<KeyLists<K>>, name: string, key: K): boolean {
  const list = plain(tablePeek(lists as KeyLists<K>, name));
  if (!list) return false;
  const at = find(list, key);
  if (!at) return false;
  const chunks = sliceOf(list.chunks);
  const chunk = chunks[at[0]] as K[];
  if (chunk.length === 1) chunks.splice(at[0], 1);
  else chunks[at[0]] = Object.freeze(removedAt(chunk, at[1])) as K[];
  store(lists, name, chunks, list.size - 1);
  return true;
}

/** Replaces `from` by `to` in place (a rename keeps the position); returns whether `from` was there. */
export function keyListReplace<K extends string | number>(lists: Draft<KeyLists<K>>, name: string, from: K, to: K): boolean {
  const list = plain(tablePeek(lists as KeyLists<K>, name));
  if (!list) return false;
  const at = find(list, from);
  if (!at) return false;
  const chunks = sliceOf(list.chunks);
  const chunk = sliceOf(chunks[at[0]] as K[]);
  chunk[at[1]] = to;
  chunks[at[0]] = Object.freeze(chunk) as K[];
  store(lists, name, chunks, list.size);
  return true;
}

/** Up to `count` keys from position `start` (a page): walks the chunk index, then slices. */
export function keyListSlice<K extends string | number>(list: KeyList<K> | undefined, start: number, count: number): K[] {
  const out: K[] = [];
  if (!list || count <= 0 || start >= list.size) return out;
  let skip = Math.max(0, start);
  for (const chunk of list.chunks) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    for (let i = skip; i < chunk.length && out.length < count; i++) out.push(chunk[i] as K);
    skip = 0;
    if (out.length >= count) break;
  }
  return out;
}

/** Every key in order (O(n): small lists such as labels or branches, summaries, tests). */
export function keyListAll<K extends string | number>(list: KeyList<K> | undefined): K[] {
  return list ? list.chunks.flat() : [];
}
