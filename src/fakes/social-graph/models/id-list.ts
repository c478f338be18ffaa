import type { Draft } from 'immer';
import { editArray } from '../../../store/arrays.js';

/**
 * An append-mostly ordered list kept in chunks of {@link CHUNK}: appending copies one chunk, not
 * the whole list (immer copies what it changes), so a write to a 100,000-post feed stays cheap.
 * Removal leaves a tombstone (`''` in an id list), so positions (and the cursors and indexes holding
 * them) never shift: whoever files an item keeps the position `appendId` returns to remove it in O(1).
 */
export type Chunked<T> = T[][];

/** An ordered id list in chunks (see {@link Chunked}). */
export type IdList = Chunked<string>;

/** Items per chunk; every chunk but the last is full. */
export const CHUNK = 1024;

/** What paging reads: plain arrays and chunked lists alike. */
export interface IdSeq {
  readonly length: number;
  at(index: number): string | undefined;
}

/** Number of items (tombstones included) of a chunked list, O(1). */
export function chunkedLength(list: Chunked<unknown> | undefined): number {
  if (!list || list.length === 0) return 0;
  return (list.length - 1) * CHUNK + (list[list.length - 1] as unknown[]).length;
}

/** The item at a position of a chunked list, O(1). */
export function chunkedAt<T>(list: Chunked<T> | undefined, index: number): T | undefined {
  if (!list || index < 0 || !Number.isInteger(index)) return undefined;
  return list[Math.floor(index / CHUNK)]?.[index % CHUNK];
}

/** A read view of a chunked list (O(1) `at`). */
export function seqOf(list: IdList | undefined): IdSeq {
  if (!list || list.length === 0) return { length: 0, at: () => undefined };
  const length = chunkedLength(list);
  return {
    length,
    at: (i) => (i < 0 || i >= length ? undefined : (list[Math.floor(i / CHUNK)] as string[])[i % CHUNK]),
  };
}

/** Appends an item (copies only the last chunk); returns its position. */
export function appendId<T>(list: Draft<Chunked<T>>, item: Draft<T>): number {
  const chunks = list as unknown as Array<Array<Draft<T>>>;
  const n = chunks.length;
  if (n === 0 || (chunks[n - 1] as unknown[]).length >= CHUNK) {
    chunks.push([item]);
    return n * CHUNK;
  }
  return (n - 1) * CHUNK + editArray(list as Draft<T[][]>, n - 1, (last) => last.push(item as T)) - 1;
}

/** Appends many ids as whole new chunks where possible (bulk seeding); returns the first one's position. */
export function appendIds(list: Draft<IdList>, ids: readonly string[]): number {
  const start = chunkedLength(list as IdList);
  let i = 0;
  const n = list.length;
  if (n > 0 && (list[n - 1] as string[]).length < CHUNK) {
    i = editArray(list, n - 1, (last) => {
      const room = CHUNK - last.length;
      last.push(...ids.slice(0, room));
      return room;
    });
  }
  for (; i < ids.length; i += CHUNK) list.push(ids.slice(i, i + CHUNK));
  return start;
}

/** Tombstones the id at a known position (O(1)); returns whether it was there. */
export function removeAt(list: Draft<IdList> | undefined, pos: number | undefined, id: string): boolean {
  if (!list || pos === undefined) return false;
  const ci = Math.floor(pos / CHUNK);
  const chunk = list[ci];
  if (!chunk || chunk[pos % CHUNK] !== id) return false;
  editArray(list, ci, (c) => {
    c[pos % CHUNK] = '';
  });
  return true;
}

/** Live ids, oldest first (O(n): for tests, summaries and small lists). */
export function liveIds(list: IdList | undefined): string[] {
  return (list ?? []).flat().filter((id) => id !== '');
}
