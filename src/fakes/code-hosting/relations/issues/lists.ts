import type { Draft } from 'immer';
import { insertedAt, lastIndexIn, removedAt, sliceOf } from '../../../../store/arrays.js';
import { plain } from '../../../../store/store.js';
import { type Readable, tableDelete, tableGet, tablePeek, tableSet } from '../../../../store/table.js';
import type { IdList, IdLists, SortedIds } from './state.js';

/**
 * Sorted id lists. Each list keeps its members sorted in every order it is read in, so a page of a
 * list is a slice (page 100 costs what page 1 costs). An order is kept in chunks of at most
 * 2 × {@link ID_CHUNK} ids: a write copies the one chunk it changes (and the chunk index) into new
 * frozen arrays, never the whole order (immer copies what a write touches; frozen, neither immer nor
 * the store walks them again). The lists live in a {@link Table}, so adding a list copies a few small
 * buckets, not every list of the repository.
 */

/** Ids per chunk after a split; a chunk splits when it grows past twice this. */
export const ID_CHUNK = 256;

/** How each order of a list sorts: a numeric key per member (epoch ms, a count); ties go by id. */
export type Orders = Readonly<Record<string, (id: number) => number>>;

/** What reads of an order get: a plain array and a chunked order alike (`at`, `length`, iteration). */
export interface Ids extends Iterable<number> {
  readonly length: number;
  at(index: number): number | undefined;
}

const EMPTY: SortedIds = Object.freeze({ size: 0, chunks: Object.freeze([]) as unknown as number[][] });

function freezeOrder(chunks: readonly (readonly number[])[], size: number): SortedIds {
  return Object.freeze({ size, chunks: Object.freeze(chunks) as unknown as number[][] });
}

const before = (m: number, mk: number, id: number, k: number) => mk < k || (mk === k && m < id);

function lowerBound(arr: readonly number[], id: number, k: number, keyOf: (id: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = arr[mid] as number;
    if (before(m, keyOf(m), id, k)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where `id` sits in an order, found by binary search with its sort key `k` (the key it was filed
 * under: callers moving a member pass its old key). Undefined when it is not there under that key.
 */
function locate(s: SortedIds, id: number, k: number, keyOf: (id: number) => number): [number, number] | undefined {
  if (s.chunks.length === 0) return undefined;
  const [c, at] = position(s, id, k, keyOf);
  return (s.chunks[c] as number[])[at] === id ? [c, at] : undefined;
}

/**
 * Where `id` with key `k` sorts: its chunk (the first whose last member sorts at or after it, else the
 * last) and its offset there. `id`'s own key is read as `k` (a moved member's old or new key).
 */
function position(s: SortedIds, id: number, k: number, keyOf: (id: number) => number): [number, number] {
  const key = (m: number) => (m === id ? k : keyOf(m));
  let lo = 0;
  let hi = s.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const chunk = s.chunks[mid] as number[];
    const last = chunk[chunk.length - 1] as number;
    if (before(last, key(last), id, k)) lo = mid + 1;
    else hi = mid;
  }
  return [lo, lowerBound(s.chunks[lo] as number[], id, k, key)];
}

/** Where `id` sits, by scanning (a member whose old sort key is unknown). */
function scan(s: SortedIds, id: number): [number, number] | undefined {
  for (let c = s.chunks.length - 1; c >= 0; c--) {
    const at = lastIndexIn(s.chunks[c] as number[], id);
    if (at >= 0) return [c, at];
  }
  return undefined;
}

/**
 * The order without `id` (same object when absent): one chunk copied. With its old key `k` (and the
 * order's `keyOf`) the id is found by binary search, else by a scan.
 */
function without(s: SortedIds | undefined, id: number, k?: number, keyOf?: (id: number) => number): SortedIds {
  if (!s) return EMPTY;
  const where = (k !== undefined && keyOf ? locate(s, id, k, keyOf) : undefined) ?? scan(s, id);
  if (!where) return s;
  const [c, at] = where;
  const chunk = s.chunks[c] as number[];
  const chunks = sliceOf(s.chunks);
  if (chunk.length === 1) chunks.splice(c, 1);
  else chunks[c] = Object.freeze(removedAt(chunk, at)) as number[];
  return freezeOrder(chunks, s.size - 1);
}

/** The order with `id` at its sorted place (same object when it is already there under its key). */
function withAt(s: SortedIds, id: number, keyOf: (id: number) => number): SortedIds {
  const k = keyOf(id);
  if (s.chunks.length === 0) return freezeOrder([Object.freeze([id]) as number[]], 1);
  const [lo, at] = position(s, id, k, keyOf);
  const chunk = s.chunks[lo] as number[];
  if (chunk[at] === id) return s;
  const grown = insertedAt(chunk, at, id);
  const chunks = sliceOf(s.chunks);
  if (grown.length > 2 * ID_CHUNK) {
    const half = grown.length >>> 1;
    chunks.splice(lo, 1, Object.freeze(grown.slice(0, half)) as number[], Object.freeze(grown.slice(half)) as number[]);
  } else chunks[lo] = Object.freeze(grown) as number[];
  return freezeOrder(chunks, s.size + 1);
}

/**
 * The same orders with each member's key computed once (a write's binary searches read the same
 * members' keys several times, each a record lookup and a date parse). Only for the span of one write
 * whose keys do not change meanwhile.
 */
export function memoized(orders: Orders): Orders {
  return Object.fromEntries(
    Object.entries(orders).map(([o, keyOf]) => {
      const cache = new Map<number, number>();
      return [
        o,
        (id: number) => {
          let k = cache.get(id);
          if (k === undefined) {
            k = keyOf(id);
            cache.set(id, k);
          }
          return k;
        },
      ];
    }),
  );
}

/** A read view of an order: `at` finds the chunk by a binary search over the chunks' start offsets. */
function view(s: SortedIds | undefined): Ids {
  if (!s || s.size === 0) return [];
  if (s.chunks.length === 1) return s.chunks[0] as number[];
  const starts: number[] = [];
  let total = 0;
  for (const chunk of s.chunks) {
    starts.push(total);
    total += chunk.length;
  }
  const chunks = s.chunks;
  return {
    length: total,
    at(index: number) {
      if (index < 0 || index >= total || !Number.isInteger(index)) return undefined;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if ((starts[mid] as number) <= index) lo = mid;
        else hi = mid - 1;
      }
      return (chunks[lo] as number[])[index - (starts[lo] as number)];
    },
    *[Symbol.iterator]() {
      for (const chunk of chunks) yield* chunk;
    },
  };
}

/** Adds a member to a list in each order (no-op where present). The member's record must hold its new keys. */
export function addMember(lists: IdLists, name: string, id: number, orders: Orders): void {
  const prev = plain(tablePeek(lists, name));
  const next: Record<string, SortedIds> = {};
  for (const [order, keyOf] of Object.entries(orders)) {
    next[order] = withAt(prev?.[order] ?? EMPTY, id, keyOf);
  }
  tableSet(lists as Draft<IdLists>, name, Object.freeze(next));
}

/**
 * Removes a member from every order of a list; an emptied list is dropped. With the list's `orders`
 * (and the member's `old` keys where they changed) the member is found by binary search, else by a scan.
 */
export function removeMember(lists: IdLists, name: string, id: number, orders?: Orders, old?: Readonly<Record<string, number>>): void {
  const prev = plain(tablePeek(lists, name));
  if (!prev) return;
  const next: Record<string, SortedIds> = {};
  let size = 0;
  for (const [order, ids] of Object.entries(prev)) {
    const keyOf = orders?.[order];
    next[order] = without(ids, id, old?.[order] ?? keyOf?.(id), keyOf);
    size = next[order].size;
  }
  if (size === 0) tableDelete(lists as Draft<IdLists>, name);
  else tableSet(lists as Draft<IdLists>, name, Object.freeze(next));
}

/**
 * Moves a member to its place in the given orders of a list (after its sort keys changed). With its
 * `old` keys by order the member is found by binary search, else by a scan.
 */
export function reposition(lists: IdLists, name: string, id: number, orders: Orders, old?: Readonly<Record<string, number>>): void {
  const prev = plain(tablePeek(lists, name));
  if (!prev) return;
  const next: Record<string, SortedIds> = { ...prev };
  for (const [order, keyOf] of Object.entries(orders)) {
    const ids = prev[order];
    if (ids) next[order] = withAt(without(ids, id, old?.[order], keyOf), id, keyOf);
  }
  tableSet(lists as Draft<IdLists>, name, Object.freeze(next));
}

/**
 * Adds many members to many lists at once (seeding thousands): each list is merged and sorted once.
 * `keys` gives each member's sort keys by order.
 */
export function addMembersBulk(lists: IdLists, members: ReadonlyMap<string, number[]>, orders: Orders): void {
  for (const [name, ids] of members) {
    const prev = plain(tablePeek(lists, name));
    const next: Record<string, SortedIds> = {};
    for (const [order, keyOf] of Object.entries(orders)) {
      const have = [...view(prev?.[order])];
      const seen = new Set(have);
      const all = [...have, ...ids.filter((id) => !seen.has(id))];
      const keys = all.map(keyOf);
      // Seeds usually arrive in order: sort only when they do not.
      let sorted = true;
      for (let i = 1; i < all.length && sorted; i++) {
        const d = (keys[i - 1] as number) - (keys[i] as number);
        sorted = d < 0 || (d === 0 && (all[i - 1] as number) < (all[i] as number));
      }
      if (!sorted) {
        const k = new Map(all.map((id, i) => [id, keys[i] as number]));
        all.sort((a, b) => (k.get(a) as number) - (k.get(b) as number) || a - b);
      }
      const chunks: number[][] = [];
      for (let i = 0; i < all.length; i += ID_CHUNK) chunks.push(Object.freeze(all.slice(i, i + ID_CHUNK)) as number[]);
      next[order] = freezeOrder(chunks, all.length);
    }
    tableSet(lists as Draft<IdLists>, name, Object.freeze(next));
  }
}

/** The members of one order of a list (empty when the list does not exist). */
export function membersOf(lists: Readable<IdList>, name: string, order: string): Ids {
  return view(tableGet(lists, name)?.[order]);
}

/** Epoch ms of an ISO time (0 when missing or invalid): sort keys of times. */
export function ms(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(t) ? t : 0;
}

/** A page of an ordered list, read from the front (`asc`) or the back: a slice, whatever the page. */
export function slicePage(arr: Ids, desc: boolean, start: number, count: number, from = 0, to = arr.length): number[] {
  const out: number[] = [];
  const size = to - from;
  for (let i = start; i < size && out.length < count; i++) out.push(arr.at(desc ? to - 1 - i : from + i) as number);
  return out;
}

/** The first index in an ascending list whose key is at least `k` (binary search). */
export function firstAtLeast(arr: Ids, k: number, keyOf: (id: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(arr.at(mid) as number) < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
