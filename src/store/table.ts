import type { Draft } from 'immer';
import { plain } from './store.js';

/**
 * A keyed collection kept in immer-friendly buckets. immer copies every object a write changes, so a
 * flat `Record` of n records costs O(n) per write (a persona created next to 10,000 others copied all
 * 10,000 keys). A table spreads its entries over two levels of 64 buckets chosen by a hash
 * of the key: a write copies the root (at most 64 keys), one middle bucket (at most 64) and one leaf
 * (about n / 4096 entries: 25 at 100,000), and a read is three property lookups.
 *
 * `size` is kept exact by every write, so "is anything there" and counts are O(1).
 */
export interface Table<T> {
  /** Entries held. */
  size: number;
  /** `slots[a][b][key]`: `a` and `b` come from a hash of the key. */
  slots: Record<string, Record<string, Record<string, T>>>;
}

/** Buckets per level. */
export const FAN = 64;

/**
 * A bucket object without a prototype: keys come from user input (tokens, ids), and on a plain
 * object a key `__proto__` would set the prototype instead of storing an entry.
 */
function bucket<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}

/** A new empty table. */
export function emptyTable<T>(): Table<T> {
  return { size: 0, slots: {} };
}

/** FNV-1a over the UTF-16 code units of a key: fast, and spreads consecutive ids evenly. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The two bucket names of a key. */
function slotOf(key: string): [string, string] {
  const h = hash(key);
  return [String(h % FAN), String(Math.floor(h / FAN) % FAN)];
}

/** What the read helpers accept: a table of the state or of a draft. */
export type Readable<T> = { readonly slots: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, T>>>>>> };

/**
 * The entry under `key` (O(1)), own keys only: a key such as `constructor` or `__proto__` finds
 * nothing, not a member of Object.prototype.
 * @example const page = tableGet(state.pages, id)
 */
export function tableGet<T>(table: Readable<T>, key: string): T | undefined {
  const [a, b] = slotOf(key);
  const mid = table.slots[a];
  if (mid === undefined || !Object.hasOwn(table.slots, a)) return undefined;
  const leaf = mid[b];
  if (leaf === undefined || !Object.hasOwn(mid, b)) return undefined;
  return Object.hasOwn(leaf, key) ? leaf[key] : undefined;
}

/** Whether the table holds `key` (O(1)). */
export function tableHas<T>(table: Readable<T>, key: string): boolean {
  return tableGet(table, key) !== undefined;
}

/**
 * Stores `value` under `key` in a draft table (O(1)); `size` counts a new key.
 * @example tableSet(draft.pages, page.id, page)
 */
export function tableSet<T>(table: Draft<Table<T>>, key: string, value: NoInfer<Draft<T> | T>): void {
  const [a, b] = slotOf(key);
  const slots = table.slots as Record<string, Record<string, Record<string, unknown>>>;
  let mid = Object.hasOwn(slots, a) ? slots[a] : undefined;
  if (mid === undefined) {
    mid = bucket();
    slots[a] = mid;
  }
  let leaf = Object.hasOwn(mid, b) ? mid[b] : undefined;
  if (leaf === undefined) {
    leaf = bucket();
    mid[b] = leaf;
  }
  if (!Object.hasOwn(leaf, key)) table.size += 1;
  leaf[key] = value;
}

/** Removes `key` from a draft table (O(1)); returns whether it was there. */
export function tableDelete<T>(table: Draft<Table<T>>, key: string): boolean {
  const [a, b] = slotOf(key);
  const slots = table.slots as Record<string, Record<string, Record<string, unknown>>>;
  const mid = Object.hasOwn(slots, a) ? slots[a] : undefined;
  const leaf = mid && Object.hasOwn(mid, b) ? mid[b] : undefined;
  if (!leaf || !Object.hasOwn(leaf, key)) return false;
  delete leaf[key];
  table.size -= 1;
  return true;
}

/**
 * Stores many entries in one change without an immer proxy per entry (bulk seeding): each touched
 * leaf is rebuilt once from its plain copy.
 */
export function tableSetMany<T>(table: Draft<Table<T>>, entries: Iterable<readonly [string, T]>): void {
  const groups = new Map<string, Map<string, Record<string, T>>>();
  for (const [key, value] of entries) {
    const [a, b] = slotOf(key);
    let byMid = groups.get(a);
    if (!byMid) {
      byMid = new Map();
      groups.set(a, byMid);
    }
    let leaf = byMid.get(b);
    if (!leaf) {
      leaf = bucket();
      byMid.set(b, leaf);
    }
    leaf[key] = value;
  }
  const slots = table.slots as Record<string, Record<string, Record<string, T>>>;
  for (const [a, byMid] of groups) {
    let mid = Object.hasOwn(slots, a) ? slots[a] : undefined;
    if (mid === undefined) {
      mid = bucket();
      slots[a] = mid;
    }
    for (const [b, added] of byMid) {
      const existing = Object.hasOwn(mid, b) ? plain(mid[b]) : undefined;
      let fresh = 0;
      for (const key in added) if (!existing || !Object.hasOwn(existing, key)) fresh += 1;
      mid[b] = existing ? Object.assign(bucket(), existing, added) : added;
      table.size += fresh;
    }
  }
}

/** Every entry, bucket by bucket (O(n): summaries, tests, scenario checks; never a request path). */
export function* tableEntries<T>(table: Readable<T>): Generator<[string, T]> {
  for (const a in table.slots) {
    const mid = table.slots[a] as Record<string, Record<string, T>>;
    for (const b in mid) {
      const leaf = mid[b] as Record<string, T>;
      for (const key in leaf) yield [key, leaf[key] as T];
    }
  }
}

/** Every value (O(n), see {@link tableEntries}). */
export function* tableValues<T>(table: Readable<T>): Generator<T> {
  for (const [, v] of tableEntries(table)) yield v;
}
