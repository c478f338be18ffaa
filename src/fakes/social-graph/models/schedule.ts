import type { Draft } from 'immer';

/** The key of an entry of a {@link DueIndex}: an instant, and an order among entries due at that instant. */
export interface DueKey {
  at: number;
  seq: number;
}

/**
 * Entries sorted by (`at`, `seq`), in chunks of at most {@link MAX_CHUNK}: the earliest is O(1), and
 * inserting or removing one is O(log n) to find plus one chunk to copy (immer copies what a write
 * changes), never the whole index. Scheduled posts and audience aging use it.
 */
export interface DueIndex<E extends DueKey> {
  size: number;
  chunks: E[][];
}

/** One scheduled publish: the post publishes when the fake clock reaches `at`. */
export interface ScheduleEntry extends DueKey {
  postId: string;
}

/** Scheduled publishes in time order; posts due at the same instant in the order they were scheduled. */
export type ScheduleIndex = DueIndex<ScheduleEntry>;

/** Entries per chunk before it splits in two. */
export const MAX_CHUNK = 512;

/** An empty index. */
export function emptySchedule<E extends DueKey = ScheduleEntry>(): DueIndex<E> {
  return { size: 0, chunks: [] };
}

function before(a: DueKey, b: DueKey): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** The chunk that holds (or would hold) a key: the first whose last entry is not before it. */
function chunkFor(chunks: readonly (readonly DueKey[])[], key: DueKey): number {
  let lo = 0;
  let hi = chunks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = chunks[mid] as readonly DueKey[];
    if (before(c[c.length - 1] as DueKey, key)) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, chunks.length - 1);
}

/** The first position in a chunk whose entry is not before the key. */
function indexIn(chunk: readonly DueKey[], key: DueKey): number {
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(chunk[mid] as DueKey, key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds an entry in order (O(log n) + one chunk). */
export function scheduleInsert<E extends DueKey>(index: Draft<DueIndex<E>>, entry: E): void {
  const chunks = index.chunks as unknown as E[][];
  index.size += 1;
  if (chunks.length === 0) {
    chunks.push([entry]);
    return;
  }
  const ci = chunkFor(chunks, entry);
  const chunk = chunks[ci] as E[];
  chunk.splice(indexIn(chunk, entry), 0, entry);
  if (chunk.length > MAX_CHUNK) chunks.splice(ci + 1, 0, chunk.splice(MAX_CHUNK >> 1));
}

/** Removes the entry with this key, if present (O(log n) + one chunk); returns whether it was there. */
export function scheduleRemove<E extends DueKey>(index: Draft<DueIndex<E>>, key: DueKey): boolean {
  const chunks = index.chunks as unknown as E[][];
  if (chunks.length === 0) return false;
  const at = key.at;
  const seq = key.seq;
  const ci = chunkFor(chunks, { at, seq });
  const chunk = chunks[ci] as E[];
  const i = indexIn(chunk, { at, seq });
  const e = chunk[i];
  if (!e || e.at !== at || e.seq !== seq) return false;
  chunk.splice(i, 1);
  if (chunk.length === 0) chunks.splice(ci, 1);
  index.size -= 1;
  return true;
}

/** The earliest entry (O(1)). */
export function scheduleFirst<E extends DueKey>(index: DueIndex<E> | Draft<DueIndex<E>>): E | undefined {
  return (index.chunks as unknown as E[][])[0]?.[0];
}

/** Every entry in order (O(n): tests and summaries). */
export function scheduleEntries<E extends DueKey>(index: DueIndex<E>): E[] {
  return index.chunks.flat();
}
