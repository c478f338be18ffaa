import type { Draft } from 'immer';
import { plain } from './store.js';

/**
 * A keyed collection kept in immer-friendly buckets. immer copies every object a write changes, so a
 * flat `Record` of n records costs O(n) per write (a persona created next to 10,000 others copied all
 * 10,000 keys). A table spreads its entries over three levels of 32 buckets chosen by a hash of the
 * key: a write copies the root and two inner buckets (at most 32 keys each) and one leaf (about
 * n / 32,768 entries: 3 at 100,000), and a read is four property lookups.
 *
 * Leaves stay small on purpose: V8 turns an object that takes more than about a dozen computed keys
 * into a dictionary, and on a dictionary immer's "is it frozen" check of every child of a changed
 * bucket reads every key, a cost that grew with the table (a catalog write next to 100,000 records
 * cost 1.5× one next to 1,000 with 25-entry leaves).
 *
 * `size` is kept exact by every write, so "is anything there" and counts are O(1).
 */
export interface Table<T> {
  /** Entries held. */
  size: number;
  /** `slots[a][b][c][":" + key]`: `a`, `b` and `c` come from a hash of the key. */
  slots: Record<string, Record<string, Record<string, Record<string, T>>>>;
}

/** Buckets per level. */
export const FAN = 32;

/**
 * A bucket: a plain object. Inner buckets are keyed by the table's own slot numbers; a leaf by the
 * entries' keys behind a `:` (keys come from user input, and on a plain object a bare `__proto__`
 * would set the prototype instead of storing an entry). Plain rather than prototype-less objects: V8
 * keeps small plain objects in fast mode, where checking whether one is frozen is a single step.
 */
function bucket<V>(): Record<string, V> {
  return {};
}

/** The property of a key in its leaf. */
const slotKey = (key: string): string => `:${key}`;

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

/**
 * Bucket names: letters, not the numbers 0 to 31. V8 stores integer-like keys as elements, and a
 * frozen object's elements in dictionary mode: copying (immer's copy on write) and walking (the end of
 * a change) a full frozen bucket named by numbers cost about six times one named by letters, which
 * made a write next to a saturated table ~2× one next to a small table.
 */
const SLOT_NAMES: readonly string[] = Array.from('abcdefghijklmnopqrstuvwxyzABCDEF');

/** The three bucket names of a key. */
function slotOf(key: string): [string, string, string] {
  const h = hash(key);
  return [SLOT_NAMES[h % FAN] as string, SLOT_NAMES[Math.floor(h / FAN) % FAN] as string, SLOT_NAMES[Math.floor(h / (FAN * FAN)) % FAN] as string];
}

type Bucket = Record<string, unknown>;
/**
 * A bucket's child. A plain property read, no `Object.hasOwn`: no bucket key can name a member of
 * Object.prototype (inner keys are slot numbers, leaf keys start with `:`), and on an immer draft
 * `hasOwn` costs a `getOwnPropertyDescriptor` trap per level.
 */
const child = (b: Bucket | undefined, k: string): Bucket | undefined => (b === undefined ? undefined : (b[k] as Bucket | undefined));

/** What the read helpers accept: a table of the state or of a draft. */
export type Readable<T> = {
  readonly slots: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, T>>>>>>>>;
};

/** The leaf of a key, if it exists. */
function leafOf(slots: unknown, key: string): Bucket | undefined {
  const [a, b, c] = slotOf(key);
  return child(child(child(slots as Bucket, a), b), c);
}

/** The leaf of a key in a draft table, created on the way when missing. */
function leafFor(slots: Bucket, key: string): Bucket {
  let node = slots;
  for (const k of slotOf(key)) {
    let next = child(node, k);
    if (next === undefined) {
      next = bucket();
      node[k] = next;
    }
    node = next;
  }
  return node;
}

/**
 * The entry under `key` (O(1)), own keys only: a key such as `constructor` or `__proto__` finds
 * nothing, not a member of Object.prototype.
 * @example const page = tableGet(state.pages, id)
 */
export function tableGet<T>(table: Readable<T>, key: string): T | undefined {
  const leaf = leafOf(table.slots, key);
  // `:`-prefixed: never a member of Object.prototype, so a plain read finds own entries only.
  return leaf === undefined ? undefined : (leaf[slotKey(key)] as T | undefined);
}

/** immer's own key for the state behind a draft (a registered symbol: `Symbol.for('immer-state')`). */
const DRAFT_STATE = Symbol.for('immer-state');

/**
 * A node as it stands now, without a proxy. Reading a child through an immer draft copies the parent
 * (a bucket of up to 32 keys) and makes a proxy of the child, even for a read; this reads the draft's
 * latest value (its copy once written, else its base) instead. Should immer's internals ever differ,
 * the node is returned as it is, so reads stay right and only lose the saving. What it returns is for
 * reading only (it may be frozen, or the change's own copy).
 */
function peekNode<T>(node: T): T {
  if (node === undefined || node === null || typeof node !== 'object') return node;
  const st = (node as { [DRAFT_STATE]?: { copy_?: unknown; base_?: unknown } })[DRAFT_STATE];
  if (st === undefined || st === null || typeof st !== 'object' || !('base_' in st) || !('copy_' in st)) return node;
  return (st.copy_ ?? st.base_) as T;
}

/**
 * The entry under `key` as {@link tableGet} finds it, for reading only: inside a change it creates no
 * immer proxy and copies no bucket on the way (an entry written earlier in the change is found as
 * written). What it returns may be frozen: never edit it, copy it and {@link tableSet} the copy.
 * @example const prev = tablePeek(draft.records, key); if (prev) tableSet(draft.records, key, { ...prev, title })
 */
export function tablePeek<T>(table: Readable<T>, key: string): Readonly<T> | undefined {
  const [a, b, c] = slotOf(key);
  const slots = peekNode(table as unknown as { slots?: Bucket }).slots;
  const leaf = peekNode(child(peekNode(child(peekNode(child(peekNode(slots), a)), b)), c));
  return leaf === undefined ? undefined : (leaf[slotKey(key)] as T | undefined);
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
  const leaf = leafFor(table.slots as Bucket, key);
  const k = slotKey(key);
  if (!(k in leaf)) table.size += 1;
  leaf[k] = value;
}

/** Removes `key` from a draft table (O(1)); returns whether it was there. */
export function tableDelete<T>(table: Draft<Table<T>>, key: string): boolean {
  const leaf = leafOf(table.slots, key);
  const k = slotKey(key);
  if (!leaf || !(k in leaf)) return false;
  delete leaf[k];
  table.size -= 1;
  return true;
}

/**
 * Stores many entries in one change without an immer proxy per entry (bulk seeding): each touched
 * leaf is rebuilt once from its plain copy.
 */
export function tableSetMany<T>(table: Draft<Table<T>>, entries: Iterable<readonly [string, T]>): void {
  // Leaves touched, by their path `a/b/c`, with the entries added to each.
  const groups = new Map<string, { key: string; added: Bucket }>();
  for (const [key, value] of entries) {
    const path = slotOf(key).join('/');
    let g = groups.get(path);
    if (!g) {
      g = { key, added: bucket() };
      groups.set(path, g);
    }
    g.added[slotKey(key)] = value;
  }
  const slots = table.slots as Bucket;
  for (const { key, added } of groups.values()) {
    const [a, b, c] = slotOf(key);
    let parent = child(slots, a);
    if (parent === undefined) {
      parent = bucket();
      slots[a] = parent;
    }
    let mid = child(parent, b);
    if (mid === undefined) {
      mid = bucket();
      parent[b] = mid;
    }
    const existing = child(mid, c);
    const base = existing === undefined ? undefined : (plain(existing) as Bucket);
    let fresh = 0;
    for (const k in added) if (!base || !Object.hasOwn(base, k)) fresh += 1;
    mid[c] = base ? Object.assign(bucket(), base, added) : added;
    table.size += fresh;
  }
}

/** Every entry, bucket by bucket (O(n): summaries, tests, scenario checks; never a request path). */
export function* tableEntries<T>(table: Readable<T>): Generator<[string, T]> {
  for (const a in table.slots) {
    const outer = table.slots[a] as Record<string, Record<string, Record<string, T>>>;
    for (const b in outer) {
      const mid = outer[b] as Record<string, Record<string, T>>;
      for (const c in mid) {
        const leaf = mid[c] as Record<string, T>;
        for (const k in leaf) yield [k.slice(1), leaf[k] as T];
      }
    }
  }
}

/** Every value (O(n), see {@link tableEntries}). */
export function* tableValues<T>(table: Readable<T>): Generator<T> {
  for (const [, v] of tableEntries(table)) yield v;
}
