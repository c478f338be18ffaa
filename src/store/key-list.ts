import type { Draft } from 'immer';
import { type Readable, type Table, tableDelete, tableGet, tableSet } from './table.js';

/**
 * Ordered lists of keys (a collection's members in creation order), kept in chunks of at most
 * {@link KEY_CHUNK}: immer copies what a write changes, so appending to one flat array of 100,000 keys
 * copied all of them; here it copies the last chunk and the chunk index (n / 512 entries). The lists
 * themselves live in a {@link Table}, so adding the 10,000th list copies a few small buckets too.
 *
 * Reads by position walk the chunk index (n / 512 steps); a removal scans for its key (deletes only).
 */
export interface KeyList {
  /** Number of keys. */
  size: number;
  /** The keys in order, in chunks of 1 to {@link KEY_CHUNK} keys. */
  chunks: string[][];
}

/** Keys per chunk at most. */
export const KEY_CHUNK = 512;

/** Lists by name (a collection's concrete path). */
export type KeyLists = Table<KeyList>;

/** The list named `name`, if any (O(1)). */
export function keyList(lists: Readable<KeyList>, name: string): KeyList | undefined {
  return tableGet(lists, name);
}

/** Number of keys of a list (0 when it does not exist). */
export function keyListSize(list: KeyList | undefined): number {
  return list?.size ?? 0;
}

/** Appends `key` to the list `name` (created when missing): copies one chunk. */
export function keyListPush(lists: Draft<KeyLists>, name: string, key: string): void {
  const list = tableGet(lists, name) as Draft<KeyList> | undefined;
  if (!list) {
    tableSet(lists, name, { size: 1, chunks: [[key]] });
    return;
  }
  const last = list.chunks[list.chunks.length - 1];
  if (!last || last.length >= KEY_CHUNK) list.chunks.push([key]);
  else last.push(key);
  list.size += 1;
}

/** Appends many keys at once (bulk seeding). */
export function keyListPushMany(lists: Draft<KeyLists>, name: string, keys: readonly string[]): void {
  if (keys.length === 0) return;
  let list = tableGet(lists, name) as Draft<KeyList> | undefined;
  if (!list) {
    tableSet(lists, name, { size: 0, chunks: [] });
    list = tableGet(lists, name) as Draft<KeyList>;
  }
  let i = 0;
  const last = list.chunks[list.chunks.length - 1];
  if (last && last.length < KEY_CHUNK) {
    const room = KEY_CHUNK - last.length;
    last.push(...keys.slice(0, room));
    i = room;
  }
  for (; i < keys.length; i += KEY_CHUNK) list.chunks.push(keys.slice(i, i + KEY_CHUNK));
  list.size += keys.length;
}

/** Where `key` sits: chunk and offset, searching from the end (recent keys go first). */
function find(list: KeyList, key: string): [number, number] | undefined {
  for (let c = list.chunks.length - 1; c >= 0; c--) {
    const at = (list.chunks[c] as string[]).lastIndexOf(key);
    if (at >= 0) return [c, at];
  }
  return undefined;
}

/** Whether the list holds `key`. */
export function keyListHas(list: KeyList | undefined, key: string): boolean {
  return list !== undefined && find(list, key) !== undefined;
}

/** Removes `key` from the list `name` (the list goes when emptied); returns whether it was there. */
export function keyListRemove(lists: Draft<KeyLists>, name: string, key: string): boolean {
  const list = tableGet(lists, name) as Draft<KeyList> | undefined;
  if (!list) return false;
  const at = find(list as KeyList, key);
  if (!at) return false;
  const chunk = list.chunks[at[0]] as string[];
  chunk.splice(at[1], 1);
  if (chunk.length === 0) list.chunks.splice(at[0], 1);
  list.size -= 1;
  if (list.size === 0) tableDelete(lists, name);
  return true;
}

/** Replaces `from` by `to` in place (a rename keeps the position); returns whether `from` was there. */
export function keyListReplace(lists: Draft<KeyLists>, name: string, from: string, to: string): boolean {
  const list = tableGet(lists, name) as Draft<KeyList> | undefined;
  if (!list) return false;
  const at = find(list as KeyList, from);
  if (!at) return false;
  (list.chunks[at[0]] as string[])[at[1]] = to;
  return true;
}

/** Up to `count` keys from position `start` (a page): walks the chunk index, then slices. */
export function keyListSlice(list: KeyList | undefined, start: number, count: number): string[] {
  const out: string[] = [];
  if (!list || count <= 0 || start >= list.size) return out;
  let skip = Math.max(0, start);
  for (const chunk of list.chunks) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    for (let i = skip; i < chunk.length && out.length < count; i++) out.push(chunk[i] as string);
    skip = 0;
    if (out.length >= count) break;
  }
  return out;
}

/** Every key in order (O(n): small lists such as labels or branches, summaries, tests). */
export function keyListAll(list: KeyList | undefined): string[] {
  return list ? list.chunks.flat() : [];
}
