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
 * Cursors carry the position and the id. Every list paged here keeps positions (chunked lists leave
 * a tombstone where an entry was removed, other lists only grow or are built per request), so the
 * position alone locates the cursor in O(1), also when its entry was removed since.
 */
function encodeCursor(pos: number, id: string): string {
  return Buffer.from(`sd:${pos}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string, ids: IdSeq): number {
  let text: string;
  try {
    text = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw graphErrors.param('Invalid cursor');
  }
  const m = /^sd:(\d+):(.+)$/.exec(text);
  if (!m) throw graphErrors.param(`Invalid cursor: ${cursor}`);
  const pos = Number(m[1]);
  if (!Number.isSafeInteger(pos)) throw graphErrors.param(`Invalid cursor: ${cursor}`);
  return Math.min(pos, ids.length);
}

/**
 * Reads the `limit` parameter: default 25, at most 100 (larger values answer error 100).
 * @example const limit = readLimit(g.params.limit)
 */
export function readLimit(raw: unknown, max = MAX_LIMIT): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw graphErrors.param('Param limit must be a non-negative integer');
  if (n > max) throw graphErrors.param(`The limit parameter cannot be greater than ${max}`);
  return n === 0 ? DEFAULT_LIMIT : n;
}

/**
 * Cuts one page out of an ordered id list (stored oldest first). `newestFirst` reads it backwards
 * (feeds). O(limit) per call whatever the depth: cursors hold the position.
 * @example const w = pageIds(edgeIds, { limit: 25, after: params.after, newestFirst: true })
 */
export function pageIds(
  ids: IdSeq,
  opts: { limit: number; after?: unknown; before?: unknown; newestFirst?: boolean; include?: (id: string) => boolean },
): PageWindow {
  const n = ids.length;
  // Work in "answer order" positions: k = 0 is the first item answered.
  const at = (k: number) => (opts.newestFirst ? (ids.at(n - 1 - k) as string) : (ids.at(k) as string));
  const toK = (pos: number) => (opts.newestFirst ? n - 1 - pos : pos);
  const toPos = (k: number) => (opts.newestFirst ? n - 1 - k : k);
  // '' is a removed entry of a chunked list.
  const filter = opts.include;
  const include = filter ? (id: string) => id !== '' && filter(id) : (id: string) => id !== '';
  const out: string[] = [];
  const ks: number[] = [];
  if (typeof opts.before === 'string' && opts.before !== '') {
    let k = toK(decodeCursor(opts.before, ids)) - 1;
    while (k >= 0 && out.length < opts.limit) {
      const id = at(k);
      if (include(id)) {
        out.unshift(id);
        ks.unshift(k);
      }
      k--;
    }
  } else {
    let k = typeof opts.after === 'string' && opts.after !== '' ? toK(decodeCursor(opts.after, ids)) + 1 : 0;
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
    before: firstK === undefined ? null : encodeCursor(toPos(firstK), at(firstK)),
    after: lastK === undefined ? null : encodeCursor(toPos(lastK), at(lastK)),
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
