import { type Draft, current, isDraft } from 'immer';
import type { IdList } from './state.js';

/**
 * Sorted id lists. Each list keeps its members sorted in every order it is read in, so a page of a
 * list is a slice (page 100 costs what page 1 costs). A write copies the arrays it changes into new
 * frozen arrays (immer would copy them anyway; frozen, neither immer nor the store walks them again).
 */

/** How each order of a list sorts: a numeric key per member (epoch ms, a count); ties go by id. */
export type Orders = Readonly<Record<string, (id: number) => number>>;

/** The plain (non-draft) value of a possibly drafted state node: no proxy traps when reading it. */
export function plain<T>(v: T): T {
  return isDraft(v) ? (current(v as Draft<T>) as T) : v;
}

function lowerBound(arr: readonly number[], id: number, k: number, keyOf: (id: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = arr[mid] as number;
    const mk = keyOf(m);
    if (mk < k || (mk === k && m < id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function without(arr: readonly number[], id: number): readonly number[] {
  const at = arr.lastIndexOf(id);
  if (at < 0) return arr;
  const out = arr.slice(0, at);
  for (let i = at + 1; i < arr.length; i++) out.push(arr[i] as number);
  return Object.freeze(out);
}

function withAt(arr: readonly number[], id: number, keyOf: (id: number) => number): readonly number[] {
  const at = lowerBound(arr, id, keyOf(id), keyOf);
  if (arr[at] === id) return arr;
  const out = arr.slice(0, at);
  out.push(id);
  for (let i = at; i < arr.length; i++) out.push(arr[i] as number);
  return Object.freeze(out);
}

/** Adds a member to a list in each order (no-op where present). The member's record must hold its new keys. */
export function addMember(lists: Record<string, IdList>, name: string, id: number, orders: Orders): void {
  const prev = plain(lists[name]);
  const next: Record<string, readonly number[]> = {};
  for (const [order, keyOf] of Object.entries(orders)) {
    const arr = prev?.[order] ?? [];
    next[order] = withAt(arr.indexOf(id) >= 0 ? without(arr, id) : arr, id, keyOf);
  }
  lists[name] = Object.freeze(next);
}

/** Removes a member from every order of a list; an emptied list is dropped. */
export function removeMember(lists: Record<string, IdList>, name: string, id: number): void {
  const prev = plain(lists[name]);
  if (!prev) return;
  const next: Record<string, readonly number[]> = {};
  let size = 0;
  for (const [order, arr] of Object.entries(prev)) {
    next[order] = without(arr, id);
    size = next[order].length;
  }
  if (size === 0) delete lists[name];
  else lists[name] = Object.freeze(next);
}

/** Moves a member to its place in the given orders of a list (after its sort keys changed). */
export function reposition(lists: Record<string, IdList>, name: string, id: number, orders: Orders): void {
  const prev = plain(lists[name]);
  if (!prev) return;
  const next: Record<string, readonly number[]> = { ...prev };
  for (const [order, keyOf] of Object.entries(orders)) {
    const arr = prev[order];
    if (arr) next[order] = withAt(without(arr, id), id, keyOf);
  }
  lists[name] = Object.freeze(next);
}

/**
 * Adds many members to many lists at once (seeding thousands): each list is merged and sorted once.
 * `keys` gives each member's sort keys by order.
 */
export function addMembersBulk(lists: Record<string, IdList>, members: ReadonlyMap<string, number[]>, orders: Orders): void {
  for (const [name, ids] of members) {
    const prev = plain(lists[name]);
    const next: Record<string, readonly number[]> = {};
    for (const [order, keyOf] of Object.entries(orders)) {
      const have = prev?.[order] ?? [];
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
      next[order] = Object.freeze(all);
    }
    lists[name] = Object.freeze(next);
  }
}

/** The members of one order of a list (empty when the list does not exist). */
export function membersOf(lists: Readonly<Record<string, IdList>>, name: string, order: string): readonly number[] {
  return lists[name]?.[order] ?? [];
}

/** Epoch ms of an ISO time (0 when missing or invalid): sort keys of times. */
export function ms(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isFinite(t) ? t : 0;
}

/** A page of an ordered list, read from the front (`asc`) or the back: a slice, whatever the page. */
export function slicePage(arr: readonly number[], desc: boolean, start: number, count: number, from = 0, to = arr.length): number[] {
  const out: number[] = [];
  const size = to - from;
  for (let i = start; i < size && out.length < count; i++) out.push(arr[desc ? to - 1 - i : from + i] as number);
  return out;
}

/** The first index in an ascending list whose key is at least `k` (binary search). */
export function firstAtLeast(arr: readonly number[], k: number, keyOf: (id: number) => number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(arr[mid] as number) < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
