import { createHash } from 'node:crypto';
import { graphErrors } from '../errors.js';
import type { IdSeq } from './id-list.js';

/** The default and the maximum `limit` of Graph edges. */
export const DEFAULT_LIMIT = 25;
/** The largest `limit` accepted on a list edge. */
export const MAX_LIMIT = 100;

/** Where a page of results sits in an ordered id list. */
export interface PageWindow {
  /** Ids of this page, in answer order. */
  ids: string[];
  /** Cursor of the first and last item. */
  before: string | null;
  after: string | null;
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * Cursors carry the list they belong to (a short hash of its path, `<node id>/<edge>`), the position
 * and the id. Every list paged here keeps positions (chunked lists leave a tombstone where an entry was
 * removed, other lists only grow or are built per request), so the position alone locates the cursor
 * in O(1), also when its entry was removed since.
 */
function encodeCursor(scope: string, pos: number, id: string): string {
  return Buffer.from(`sd:${scopeTag(scope)}:${pos}:${id}`).toString('base64url');
}

/** The list part of a cursor: 8 characters of a hash of the list's path. */
function scopeTag(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 8);
}

/** Graph's error 100 for a cursor this list did not hand out (garbage, another list's, a stale one). */
function invalidCursor(which: 'after' | 'before'): never {
  throw graphErrors.param(`Invalid cursor: the ${which} cursor does not belong to this list`);
}

/**
 * The position a cursor points at: error 100 for a cursor that does not parse, that another list
 * handed out (another Page's feed, another edge), or whose entry is now a different one. A position
 * past the end of the list is kept (the page there is empty).
 */
function decodeCursor(cursor: string, ids: IdSeq, scope: string, which: 'after' | 'before'): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^sd:([A-Za-z0-9_-]{8}):(\d{1,15}):(.+)$/s.exec(text);
  if (!m || m[1] !== scopeTag(scope)) invalidCursor(which);
  const pos = Number(m[2]);
  if (pos < ids.length) {
    const at = ids.at(pos);
    // '' is a removed entry of a chunked list: its position still orders the list.
    if (at !== '' && at !== m[3]) invalidCursor(which);
  }
  return pos;
}

/**
 * Reads the `limit` parameter: default 25, at most 100 (larger values answer error 100); `0` asks for no
 * rows (`{ data: [] }`, Graph's answer to `limit=0`, used with `summary`).
 * @example const limit = readLimit(g.params.limit)
 */
export function readLimit(raw: unknown, max = MAX_LIMIT): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw graphErrors.param('Param limit must be a non-negative integer');
  if (n > max) throw graphErrors.param(`The limit parameter cannot be greater than ${max}`);
  return n;
}

/**
 * Cuts one page out of an ordered id list (stored oldest first). `newestFirst` reads it backwards
 * (feeds). `scope` names the list (`<node id>/<edge>`): a cursor from another list is error 100. A
 * cursor past the end answers an empty page without `next`. O(limit) per call whatever the depth:
 * cursors hold the position.
 * @example const w = pageIds(edgeIds, { scope: `${pageId}/feed`, limit: 25, after: params.after, newestFirst: true })
 */
export function pageIds(
  ids: IdSeq,
  opts: { scope: string; limit: number; after?: unknown; before?: unknown; newestFirst?: boolean; include?: (id: string) => boolean },
): PageWindow {
  const n = ids.length;
  const empty: PageWindow = { ids: [], before: null, after: null, hasNext: false, hasPrevious: false };
  // Work in "answer order" positions: k = 0 is the first item answered.
  const at = (k: number) => (opts.newestFirst ? (ids.at(n - 1 - k) as string) : (ids.at(k) as string));
  const toK = (pos: number) => (opts.newestFirst ? n - 1 - pos : pos);
  const toPos = (k: number) => (opts.newestFirst ? n - 1 - k : k);
  // '' is a removed entry of a chunked list.
  const filter = opts.include;
  const include = filter ? (id: string) => id !== '' && filter(id) : (id: string) => id !== '';
  const before = typeof opts.before === 'string' && opts.before !== '' ? decodeCursor(opts.before, ids, opts.scope, 'before') : undefined;
  const after = before === undefined && typeof opts.after === 'string' && opts.after !== '' ? decodeCursor(opts.after, ids, opts.scope, 'after') : undefined;
  // A cursor past the end of the list (it shrank since): nothing there, and no way on.
  if ((before ?? after ?? 0) >= n && (before !== undefined || after !== undefined)) return empty;
  if (opts.limit === 0) return empty;
  const out: string[] = [];
  const ks: number[] = [];
  if (before !== undefined) {
    let k = toK(before) - 1;
    while (k >= 0 && out.length < opts.limit) {
      const id = at(k);
      if (include(id)) {
        out.unshift(id);
        ks.unshift(k);
      }
      k--;
    }
  } else {
    let k = after !== undefined ? toK(after) + 1 : 0;
    while (k < n && out.length < opts.limit) {
      const id = at(k);
      if (include(id)) {
        out.push(id);
        ks.push(k);
      }
      k++;
    }
  }
  const firstK = ks[0];
  const lastK = ks[ks.length - 1];
  let hasNext = false;
  if (lastK !== undefined) for (let k = lastK + 1; k < n && !hasNext; k++) hasNext = include(at(k));
  let hasPrevious = false;
  if (firstK !== undefined) for (let k = firstK - 1; k >= 0 && !hasPrevious; k--) hasPrevious = include(at(k));
  return {
    ids: out,
    before: firstK === undefined ? null : encodeCursor(opts.scope, toPos(firstK), at(firstK)),
    after: lastK === undefined ? null : encodeCursor(opts.scope, toPos(lastK), at(lastK)),
    hasNext,
    hasPrevious,
  };
}

/**
 * Builds Graph's `{ data, paging }` envelope. `paging.next`/`previous` are absolute URLs carrying
 * `access_token`, `limit`, `fields` and the cursor, because SDK cursors GET them exactly as given.
 * @example return json(200, pagedBody(g, window, rows))
 */
export function pagedBody(
  link: { baseUrl: string; path: string; query: Record<string, string | string[]>; accessToken: string | null; limit: number },
  w: PageWindow,
  data: unknown[],
): Record<string, unknown> {
  const paging: Record<string, unknown> = {};
  if (w.before !== null && w.after !== null) paging.cursors = { before: w.before, after: w.after };
  const url = (cursorKey: 'after' | 'before', cursor: string) => {
    const u = new URL(`${link.baseUrl}${link.path}`);
    if (link.accessToken !== null) u.searchParams.set('access_token', link.accessToken);
    for (const [k, v] of Object.entries(link.query)) {
      if (k === 'access_token' || k === 'after' || k === 'before' || k === 'limit') continue;
      for (const one of Array.isArray(v) ? v : [v]) u.searchParams.append(k, one);
    }
    u.searchParams.set('limit', String(link.limit));
    u.searchParams.set(cursorKey, cursor);
    return u.toString();
  };
  if (w.hasPrevious && w.before !== null) paging.previous = url('before', w.before);
  if (w.hasNext && w.after !== null) paging.next = url('after', w.after);
  return Object.keys(paging).length > 0 ? { data, paging } : { data };
}
