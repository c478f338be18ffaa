import { type Draft, isDraft } from 'immer';
import { insertedAt, lastIndexIn, removedAt, sliceOf } from '../../../../store/arrays.js';
import { plain } from '../../../../store/store.js';
import { type Readable, tableDelete, tableGet, tablePeek, tableSet } from '../../../../store/table.js';
import type { IdList, IdLists, SortedIds } from '../state.js';

/**
 * Sorted id lists. Each list keeps its members sorted in every order it is read in, so a page of a
 * list is a slice (page 100 costs what page 1 costs). An order is kept in chunks of at most
 * 2 × {@link ID_CHUNK} ids, and the chunks in pages of at most 2 × {@link ID_PAGE} chunks: a write
 * copies the one chunk it changes, its page and the short page index into new frozen arrays, never
 * the whole order (immer copies what a write touches; frozen, neither immer nor the store walks them
 * again). With one flat chunk index, a write next to 100,000 members also copied an index of ~400
 * chunks in each of its ~24 orders. The lists live in a {@link Table}, so adding a list copies a few
 * small buckets, not every list of the repository.
 */

/** Ids per chunk after a split; a chunk splits when it grows past twice this. */
export let ID_CHUNK = 256;
/** Chunks per page after a split; a page splits when it grows past twice this. */
export let ID_PAGE = 16;

/** Tests only: runs `fn` with other chunk and page sizes (small ones reach every split with few ids). */
export function withChunking<R>(chunk: number, page: number, fn: () => R): R {
  const saved = [ID_CHUNK, ID_PAGE] as const;
  ID_CHUNK = chunk;
  ID_PAGE = page;
  try {
    const out = fn();
    if (out instanceof Promise) throw new Error('withChunking takes a synchronous function: the sizes are restored when it returns');
    return out;
  } finally {
    [ID_CHUNK, ID_PAGE] = saved;
  }
}

/** How each order of a list sorts: a numeric key per member (epoch ms, a count); ties go by id. */
export type Orders = Readonly<Record<string, (id: number) => number>>;

/** What reads of an order get: a plain array and a chunked order alike (`at`, `length`, iteration). */
export interface Ids extends Iterable<number> {
  readonly length: number;
  at(index: number): number | undefined;
}

type Chunk = readonly number[];
type Page = readonly Chunk[];

const EMPTY: SortedIds = Object.freeze({ size: 0, pages: Object.freeze([]) as unknown as Page[] });

function freezeOrder(pages: readonly Page[], size: number): SortedIds {
  return Object.freeze({ size, pages: Object.freeze(pages) as Page[] });
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

/** Where an item sorts among `items`, each ending with `last(item)`: the first whose last member sorts at or after it, else the last item. */
function firstEndingAfter<T>(items: readonly T[], last: (item: T) => number, id: number, k: number, key: (m: number) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = last(items[mid] as T);
    if (before(m, key(m), id, k)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const chunkLast = (c: Chunk) => c[c.length - 1] as number;
const pageLast = (p: Page) => chunkLast(p[p.length - 1] as Chunk);

/**
 * Where `id` with key `k` sorts: its page, its chunk there and its offset in the chunk (the first
 * page and chunk whose last member sorts at or after it, else the last). `id`'s own key is read as
 * `k` (a moved member's old or new key). The order must not be empty.
 */
function position(s: SortedIds, id: number, k: number, keyOf: (id: number) => number): [number, number, number] {
  const key = (m: number) => (m === id ? k : keyOf(m));
  const p = firstEndingAfter(s.pages, pageLast, id, k, key);
  const page = s.pages[p] as Page;
  const c = firstEndingAfter(page, chunkLast, id, k, key);
  return [p, c, lowerBound(page[c] as Chunk, id, k, key)];
}

/**
 * Where `id` sits in an order, found by binary search with its sort key `k` (the key it was filed
 * under: callers moving a member pass its old key). Undefined when it is not there under that key.
 */
function locate(s: SortedIds, id: number, k: number, keyOf: (id: number) => number): [number, number, number] | undefined {
  if (s.pages.length === 0) return undefined;
  const [p, c, at] = position(s, id, k, keyOf);
  return ((s.pages[p] as Page)[c] as Chunk)[at] === id ? [p, c, at] : undefined;
}

/** Where `id` sits, by scanning (a member whose old sort key is unknown). */
function scan(s: SortedIds, id: number): [number, number, number] | undefined {
  for (let p = s.pages.length - 1; p >= 0; p--) {
    const page = s.pages[p] as Page;
    for (let c = page.length - 1; c >= 0; c--) {
      const at = lastIndexIn(page[c] as Chunk, id);
      if (at >= 0) return [p, c, at];
    }
  }
  return undefined;
}

/** Splits an array in two halves when it grew past `max`; else keeps it whole. Each part frozen. */
function split<T>(items: T[], max: number): T[][] {
  if (items.length <= max) return [Object.freeze(items) as T[]];
  const half = items.length >>> 1;
  return [Object.freeze(items.slice(0, half)) as T[], Object.freeze(items.slice(half)) as T[]];
}

/**
 * The order with chunk `c` of page `p` replaced by `chunks` (none: removed; two: a split), the page
 * split in turn when it grew past twice {@link ID_PAGE} chunks, or dropped when emptied.
 */
function replaceChunk(s: SortedIds, p: number, c: number, chunks: Chunk[], size: number): SortedIds {
  const page = sliceOf(s.pages[p] as Page);
  page.splice(c, 1, ...chunks);
  const pages = sliceOf(s.pages);
  if (page.length === 0) pages.splice(p, 1);
  else pages.splice(p, 1, ...split(page, 2 * ID_PAGE));
  return freezeOrder(pages, size);
}

/**
 * The order without `id` (same object when absent): one chunk and its page copied. With its old key
 * `k` (and the order's `keyOf`) the id is found by binary search, else by a scan.
 */
function without(s: SortedIds | undefined, id: number, k?: number, keyOf?: (id: number) => number): SortedIds {
  if (!s) return EMPTY;
  const where = (k !== undefined && keyOf ? locate(s, id, k, keyOf) : undefined) ?? scan(s, id);
  if (!where) return s;
  const [p, c, at] = where;
  const chunk = (s.pages[p] as Page)[c] as Chunk;
  return replaceChunk(s, p, c, chunk.length === 1 ? [] : [Object.freeze(removedAt(chunk, at))], s.size - 1);
}

/** The order with `id` at its sorted place (same object when it is already there under its key). */
function withAt(s: SortedIds, id: number, keyOf: (id: number) => number): SortedIds {
  const k = keyOf(id);
  if (s.pages.length === 0) return freezeOrder([Object.freeze([Object.freeze([id])])], 1);
  // The usual write: a new member sorts after every other (created now, with the newest id): it is
  // appended to the last chunk, without a binary search reading sort keys.
  const lp = s.pages.length - 1;
  const lastPage = s.pages[lp] as Page;
  const lc = lastPage.length - 1;
  const lastChunk = lastPage[lc] as Chunk;
  const last = chunkLast(lastChunk);
  if (last !== id && before(last, keyOf(last), id, k)) return replaceChunk(s, lp, lc, split([...lastChunk, id], 2 * ID_CHUNK), s.size + 1);
  const [p, c, at] = position(s, id, k, keyOf);
  const chunk = (s.pages[p] as Page)[c] as Chunk;
  if (chunk[at] === id) return s;
  return replaceChunk(s, p, c, split(insertedAt(chunk, at, id), 2 * ID_CHUNK), s.size + 1);
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

/** Read views by order: an order is a frozen value, so its view (chunk starts) is built once. */
const views = new WeakMap<SortedIds, Ids>();

/** A read view of an order: `at` finds the chunk by a binary search over the chunks' start offsets. */
function view(s: SortedIds | undefined): Ids {
  if (!s || s.size === 0) return [];
  if (s.pages.length === 1 && (s.pages[0] as Page).length === 1) return (s.pages[0] as Page)[0] as number[];
  // Inside a change an order may come as an immer draft, which lives for that change only.
  if (isDraft(s)) return buildView(s);
  let v = views.get(s);
  if (!v) {
    v = buildView(s);
    views.set(s, v);
  }
  return v;
}

function buildView(s: SortedIds): Ids {
  const chunks: Chunk[] = [];
  const starts: number[] = [];
  let total = 0;
  for (const page of s.pages)
    for (const chunk of page) {
      chunks.push(chunk);
      starts.push(total);
      total += chunk.length;
    }
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
      return (chunks[lo] as Chunk)[index - (starts[lo] as number)];
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
      const chunks: Chunk[] = [];
      for (let i = 0; i < all.length; i += ID_CHUNK) chunks.push(Object.freeze(all.slice(i, i + ID_CHUNK)));
      const pages: Page[] = [];
      for (let i = 0; i < chunks.length; i += ID_PAGE) pages.push(Object.freeze(chunks.slice(i, i + ID_PAGE)));
      next[order] = freezeOrder(pages, all.length);
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
