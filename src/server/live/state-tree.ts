/**
 * A service's state as a reader wants it (`GET /__stuntdouble/state/{service}?view=tree`): the
 * resources by kind, each expandable to its records, instead of the store's internals. Bucketed
 * tables and chunked lists are read through, index structures (`repoIndex`, `reposByOwner`,
 * `counters`, ...) are left out and named, empty collections are named on one line, and secrets
 * never appear (tokens that key a collection, passwords and secrets in records).
 */
import { isSecretName, redactValue, REDACTED } from '../../http/redact.js';

/** One node of the tree: a group of collections, a collection of records, or one record. */
export interface StateNode {
  /** The field name, or the record's key in its collection. */
  name: string;
  /** A readable name of a record (`full_name`, `login`, `label`, ...) when its key is an id. */
  label?: string;
  /** Records in a collection. */
  count?: number;
  children?: StateNode[];
  /** A record (or a small value such as the service's settings), secrets redacted. */
  value?: unknown;
  /** Records of the collection not listed (past the first {@link MAX_ENTRIES}). */
  more?: number;
  /** Collections of this group that hold nothing. */
  empty?: string[];
  /** Index structures of this group left out (they repeat what the collections hold). */
  hidden?: string[];
}

/** Records listed per collection. */
export const MAX_ENTRIES = 50;
// A record larger than this (as JSON) is summarized instead of shown.
const MAX_RECORD_CHARS = 32 * 1024;
// Field names of lookups, orderings and counters: derived from the collections, left out of the tree.
const INDEX_NAME = /^(counters|indexes|lists|order|expiry|runNumbers)$|Index$|Indexes$|Ids$|^by[A-Z]|By[A-Z]|Order$|Count$|Lists$|Of$/;
// Secret values this long are scrubbed wherever they appear; shorter ones ('secret') would blank out
// ordinary words (a repository named 'secret'), and their own fields are redacted anyway.
const MIN_SCRUB = 8;
const LABEL_FIELDS = ['full_name', 'fullName', 'login', 'name', 'label', 'title', 'displayName', 'id'];

type Entries = { size: number; entries: Iterable<[string, unknown]> };

/** The tree of one service's state slice. */
export function stateTree(service: string, slice: unknown): StateNode {
  const secrets = new Set<string>();
  const root = group(service, isObject(slice) ? slice : {}, secrets, 0);
  if (!secrets.size) return root;
  // Secrets seen anywhere (a token keying one collection may be a value in another): scrub them all.
  let text = JSON.stringify(root);
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) text = text.split(JSON.stringify(s).slice(1, -1)).join(REDACTED);
  return JSON.parse(text) as StateNode;
}

function group(name: string, obj: Record<string, unknown>, secrets: Set<string>, depth: number): StateNode {
  const children: StateNode[] = [];
  const empty: string[] = [];
  const hidden: string[] = [];
  const settings: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(obj)) {
    if (INDEX_NAME.test(key)) {
      hidden.push(key);
      continue;
    }
    if (raw === null || typeof raw !== 'object') {
      settings[key] = raw;
      continue;
    }
    const entries = entriesOf(raw);
    if (entries) {
      if (entries.size === 0) empty.push(key);
      else children.push(collection(key, entries, secrets, depth));
      continue;
    }
    const value = raw as Record<string, unknown>;
    const values = Object.values(value);
    if (values.length === 0) empty.push(key);
    else if (values.length <= MAX_ENTRIES && values.every((x) => x === null || typeof x !== 'object'))
      children.push({ name: key, value: record(value, secrets) });
    else if (depth < 4 && values.every(isContainer)) {
      const inner = group(key, value, secrets, depth + 1);
      // A group of nothing but empty collections and indexes is empty.
      if (inner.children?.length) children.push(inner);
      else empty.push(key);
    } else children.push(collection(key, { size: values.length, entries: Object.entries(value) }, secrets, depth));
  }
  if (Object.keys(settings).length) children.unshift({ name: 'settings', value: record(settings, secrets) });
  return { name, children, ...(empty.length ? { empty } : {}), ...(hidden.length ? { hidden } : {}) };
}

function collection(name: string, { size, entries }: Entries, secrets: Set<string>, depth: number): StateNode {
  const secretKeys = isSecretName(name) || isSecretName(name.replace(/s$/, ''));
  const children: StateNode[] = [];
  for (const [key, value] of entries) {
    if (children.length === MAX_ENTRIES) break;
    const rec = isObject(value) ? value : undefined;
    // A token keying its own record (`tokens[token] = { token, ... }`) is as secret as the field.
    const keyIsSecret = secretKeys || (rec !== undefined && Object.entries(rec).some(([k, v]) => v === key && isSecretName(k)));
    if (keyIsSecret && key.length >= MIN_SCRUB) secrets.add(key);
    const label = rec ? (keyIsSecret && typeof rec.label === 'string' ? rec.label : labelOf(rec, key)) : undefined;
    const node: StateNode = { name: keyIsSecret ? REDACTED : key, ...(label ? { label } : {}) };
    if (rec && depth < 4 && Object.keys(rec).length && Object.values(rec).every(isContainer))
      node.children = group(key, rec, secrets, depth + 1).children ?? [];
    else node.value = record(value, secrets);
    children.push(node);
  }
  return { name, count: size, children, ...(size > children.length ? { more: size - children.length } : {}) };
}

/** A record with secret fields redacted (and their values remembered, to scrub elsewhere). */
function record(value: unknown, secrets: Set<string>): unknown {
  collectSecrets(value, secrets, 0);
  const out = redactValue(value);
  const text = JSON.stringify(out) ?? '';
  return text.length > MAX_RECORD_CHARS ? `(${text.length} characters: GET /__stuntdouble/state/{service} shows it whole)` : out;
}

function collectSecrets(v: unknown, secrets: Set<string>, depth: number): void {
  if (v === null || typeof v !== 'object' || depth > 20) return;
  for (const [k, item] of Object.entries(v)) {
    if (isSecretName(k) && typeof item === 'string' && item.length >= MIN_SCRUB) secrets.add(item);
    else collectSecrets(item, secrets, depth + 1);
  }
}

function labelOf(rec: Record<string, unknown>, key: string): string | undefined {
  if (typeof rec.ownerLogin === 'string' && typeof rec.name === 'string') return `${rec.ownerLogin}/${rec.name}`;
  for (const f of LABEL_FIELDS) {
    const v = rec[f];
    if ((typeof v === 'string' || typeof v === 'number') && String(v) !== key && !isSecretName(f)) return String(v);
  }
  const fields = rec.fields;
  if (isObject(fields) && typeof fields.name === 'string') return fields.name;
  return undefined;
}

/**
 * The entries of the store's own structures: a bucketed table (`{ size, slots }`), a chunked key list
 * (`{ size, chunks }`), or pages of record buckets (`{ "0": [[record, null, ...], null, ...] }`).
 */
function entriesOf(v: unknown): Entries | undefined {
  if (Array.isArray(v)) {
    const items = [...flatten(v)];
    return { size: items.length, entries: items.map((x, i) => [String(i), x] as [string, unknown]) };
  }
  if (!isObject(v)) return undefined;
  const keys = Object.keys(v);
  if (keys.length === 2 && typeof v.size === 'number' && isObject(v.slots)) return { size: v.size, entries: tableEntries(v.slots, 0) };
  if (keys.length === 2 && typeof v.size === 'number' && Array.isArray(v.chunks)) {
    const items = (v.chunks as unknown[]).flat();
    return { size: v.size, entries: items.map((x, i) => [String(i), x] as [string, unknown]) };
  }
  if (keys.length && keys.every((k) => /^\d+$/.test(k)) && Object.values(v).every((p) => Array.isArray(p) && p.every((b) => b === null || Array.isArray(b)))) {
    const items = Object.values(v).flatMap((p) => [...flatten(p as unknown[])]);
    return { size: items.length, entries: items.map((x) => [keyOf(x), x] as [string, unknown]) };
  }
  return undefined;
}

function* tableEntries(slots: Record<string, unknown>, level: number): Generator<[string, unknown]> {
  for (const [k, v] of Object.entries(slots)) {
    if (level === 3) yield [k.startsWith(':') ? k.slice(1) : k, v];
    else if (isObject(v)) yield* tableEntries(v, level + 1);
  }
}

function* flatten(a: readonly unknown[]): Generator<unknown> {
  for (const x of a) {
    if (x === null || x === undefined) continue;
    if (Array.isArray(x)) yield* flatten(x);
    else yield x;
  }
}

function keyOf(x: unknown): string {
  if (isObject(x)) for (const f of ['name', 'id']) if (typeof x[f] === 'string' || typeof x[f] === 'number') return String(x[f]);
  return '?';
}

function isContainer(v: unknown): boolean {
  return isObject(v) && (entriesOf(v) !== undefined || Object.values(v).every((x) => typeof x === 'object' && x !== null));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
