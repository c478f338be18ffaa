import { GqlError, paginationError } from './errors.js';
import type { Args, TypeResolvers, Typed } from './types.js';

/**
 * Connections (`first`/`last`/`after`/`before`, `totalCount`, `pageInfo`, `edges`, `nodes`) over any
 * ordered list the REST models hold. Cursors are GitHub's form: base64 of `cursor:v2:` followed by a
 * MessagePack array, here holding the item's 1-based position in the list (GitHub's hold sort keys;
 * clients treat both as opaque). Positions make cursors deterministic: the same state pages the same.
 */

const PREFIX = 'cursor:v2:';

/** MessagePack of a non-negative integer (positive fixint, uint8, uint16 or uint32). */
function packUint(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x100) return [0xcc, n];
  if (n < 0x10000) return [0xcd, n >> 8, n & 0xff];
  return [0xce, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** The cursor of the item at 0-based `index`. */
export function encodeCursor(index: number): string {
  return Buffer.concat([Buffer.from(PREFIX, 'latin1'), Buffer.from([0x91, ...packUint(index + 1)])]).toString('base64');
}

/** The 0-based index a cursor names, or undefined when it is not one of the fake's cursors. */
export function decodeCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9+/]+=*$/.test(cursor)) return undefined;
  const b = Buffer.from(cursor, 'base64');
  if (b.subarray(0, PREFIX.length).toString('latin1') !== PREFIX || b[PREFIX.length] !== 0x91) return undefined;
  const rest = b.subarray(PREFIX.length + 1);
  const tag = rest[0];
  let n: number | undefined;
  if (tag === undefined) return undefined;
  if (tag < 0x80 && rest.length === 1) n = tag;
  else if (tag === 0xcc && rest.length === 2) n = rest[1];
  else if (tag === 0xcd && rest.length === 3) n = rest.readUInt16BE(1);
  else if (tag === 0xce && rest.length === 5) n = rest.readUInt32BE(1);
  return n === undefined || n < 1 ? undefined : n - 1;
}

/** The page size limit of every connection. */
export const MAX_PAGE = 100;

/** What a connection's pagination arguments ask for. */
export interface PageArgs {
  first?: number;
  last?: number;
  after?: number;
  before?: number;
}

/**
 * Reads and checks a connection's pagination arguments with GitHub's rules and messages: `first` and
 * `last` within 0..100, cursors the fake handed out (query-cost.ts requires one of them before execution).
 */
export function pageArgs(args: Args, field: string): PageArgs {
  const first = typeof args.first === 'number' ? args.first : undefined;
  const last = typeof args.last === 'number' ? args.last : undefined;
  // Without either, only `totalCount` and `pageInfo` may be selected (the query's analysis refuses `nodes` and `edges`): an empty window.
  if (first === undefined && last === undefined) return { first: 0 };
  for (const [name, v] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (v === undefined) continue;
    if (v < 0) throw paginationError('INVALID_PAGINATION', `\`${name}\` on the \`${field}\` connection cannot be less than zero.`);
    if (v > MAX_PAGE)
      throw paginationError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${v} records on the \`${field}\` connection exceeds the \`${name}\` limit of ${MAX_PAGE} records.`,
      );
  }
  const out: PageArgs = {};
  if (first !== undefined) out.first = first;
  if (last !== undefined) out.last = last;
  for (const name of ['after', 'before'] as const) {
    const raw = args[name];
    if (raw === undefined || raw === null) continue;
    const at = typeof raw === 'string' ? decodeCursor(raw) : undefined;
    if (at === undefined) throw new GqlError('INVALID_CURSOR_ARGUMENTS', `\`${String(raw)}\` does not appear to be a valid cursor.`);
    out[name] = at;
  }
  return out;
}

/** The window `[start, end)` of a list of `total` items that the arguments select (Relay's algorithm). */
export function windowOf(p: PageArgs, total: number): { start: number; end: number } {
  let start = p.after !== undefined ? Math.min(total, p.after + 1) : 0;
  let end = p.before !== undefined ? Math.max(start, Math.min(total, p.before)) : total;
  if (p.first !== undefined) end = Math.min(end, start + p.first);
  if (p.last !== undefined) start = Math.max(start, end - p.last);
  if (start > end) start = end;
  return { start, end };
}

/** An ordered list a connection pages: its size and any slice of it. */
export interface ListSource<T> {
  total(): number;
  slice(start: number, end: number): T[];
}

/** A list held in memory. */
export function arraySource<T>(items: readonly T[]): ListSource<T> {
  return { total: () => items.length, slice: (s, e) => items.slice(s, e) };
}

/** A connection's source object: the window of items (as node sources) and where it sits. */
export interface ConnectionSrc extends Typed {
  readonly nodes: readonly unknown[];
  readonly start: number;
  readonly total: number;
  /** Extra fields of each edge (`permission` of a collaborator edge), by index in the window. */
  readonly edgeExtras?: ReadonlyArray<Record<string, unknown>>;
}

/**
 * Builds a connection of type `typeName` over a list: checks the arguments, cuts the window, and turns
 * its items into node sources.
 */
export function connection<T>(
  typeName: string,
  field: string,
  args: Args,
  list: ListSource<T>,
  toNode: (item: T) => unknown,
  edgeExtra?: (item: T) => Record<string, unknown>,
): ConnectionSrc {
  const p = pageArgs(args, field);
  const total = list.total();
  const { start, end } = windowOf(p, total);
  const items = end > start ? list.slice(start, end) : [];
  return {
    __typename: typeName,
    nodes: items.map(toNode),
    start,
    total,
    ...(edgeExtra ? { edgeExtras: items.map(edgeExtra) } : {}),
  };
}

/** An empty connection (of a list the fake holds nothing in, e.g. classic project cards): still checks its arguments. */
export function emptyConnection(typeName: string, field: string, args: Args): ConnectionSrc {
  return connection(typeName, field, args, arraySource([]), (x) => x);
}

/** Resolvers every connection type shares. */
export const CONNECTION_FIELDS: TypeResolvers<ConnectionSrc> = {
  totalCount: (c) => c.total,
  nodes: (c) => c.nodes,
  edges: (c) =>
    c.nodes.map((node, i) => ({
      __typename: c.__typename.replace(/Connection$/, 'Edge'),
      node,
      cursor: encodeCursor(c.start + i),
      ...(c.edgeExtras?.[i] ?? {}),
    })),
  pageInfo: (c) => {
    const n = c.nodes.length;
    return {
      __typename: 'PageInfo',
      hasNextPage: c.start + n < c.total,
      hasPreviousPage: c.start > 0,
      startCursor: n ? encodeCursor(c.start) : null,
      endCursor: n ? encodeCursor(c.start + n - 1) : null,
    };
  },
};

/** An edge: its node and cursor. */
export interface EdgeSrc extends Typed {
  readonly node: unknown;
  readonly cursor: string;
}

/** Resolvers every edge type shares. */
export const EDGE_FIELDS: TypeResolvers<EdgeSrc> = {
  node: (e) => e.node,
  cursor: (e) => e.cursor,
};

/** `PageInfo`. */
export const PAGE_INFO_FIELDS: TypeResolvers<Record<string, unknown>> = {
  hasNextPage: (p) => p.hasNextPage,
  hasPreviousPage: (p) => p.hasPreviousPage,
  startCursor: (p) => p.startCursor,
  endCursor: (p) => p.endCursor,
};
