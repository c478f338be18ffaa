import type { Draft } from 'immer';

/**
 * An append-mostly ordered id list kept in chunks of {@link CHUNK}: appending copies one chunk, not
 * the whole list (immer copies what it changes), so a write to a 100,000-post feed stays cheap.
 * Removal leaves a tombstone (`''`), so positions (and the cursors holding them) never shift.
 */
export type IdList = string[][];

/** Ids per chunk; every chunk but the last is full. */
export const CHUNK = 1024;

/** What paging reads: plain arrays and chunked lists alike. */
export interface IdSeq {
  readonly length: number;
  at(index: number): string | undefined;
}

/** A read view of a chunked list (O(1) `at`). */
export function seqOf(list: IdList | undefined): IdSeq {
  if (!list || list.length === 0) return { length: 0, at: () => undefined };
  const last = list[list.length - 1] as string[];
  const length = (list.length - 1) * CHUNK + last.length;
  return {
    length,
    at: (i) => (i < 0 || i >= length ? undefined : (list[Math.floor(i / CHUNK)] as string[])[i % CHUNK]),
  };
}

/** Appends an id (copies only the last chunk). */
export function appendId(list: Draft<IdList>, id: string): void {
  const last = list[list.length - 1];
  if (!last || last.length >= CHUNK) list.push([id]);
  else last.push(id);
}

/** Appends many ids as whole new chunks where possible (bulk seeding). */
export function appendIds(list: Draft<IdList>, ids: readonly string[]): void {
  let i = 0;
  const last = list[list.length - 1];
  if (last && last.length < CHUNK) {
    const room = CHUNK - last.length;
    last.push(...ids.slice(0, room));
    i = room;
  }
  for (; i < ids.length; i += CHUNK) list.push(ids.slice(i, i + CHUNK));
}

/** Tombstones an id (searching from the newest end); returns whether it was there. */
export function removeId(list: Draft<IdList> | undefined, id: string): boolean {
  if (!list) return false;
  for (let c = list.length - 1; c >= 0; c--) {
    const chunk = list[c] as string[];
    const k = chunk.lastIndexOf(id);
    if (k >= 0) {
      chunk[k] = '';
      return true;
    }
  }
  return false;
}

/** Live ids, oldest first (O(n): for tests and small lists). */
export function liveIds(list: IdList | undefined): string[] {
  return (list ?? []).flat().filter((id) => id !== '');
}
