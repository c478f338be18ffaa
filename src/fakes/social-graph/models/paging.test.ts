import { describe, expect, it } from 'vitest';
import { GraphError } from '../errors.js';
import { type IdList, appendId, removeAt, seqOf } from './id-list.js';
import { pageIds } from './paging.js';

/** A chunked list of `n` ids `i0..i{n-1}` with the given positions tombstoned. */
function list(n: number, removed: number[] = []): IdList {
  const l: IdList = [];
  for (let i = 0; i < n; i++) appendId(l, `i${i}`);
  for (const pos of removed) removeAt(l, pos, `i${pos}`);
  return l;
}

const SCOPE = '100/feed';

/** The cursor the list hands out for the entry at `pos` (its `after` when that entry ends a page). */
function cursorAt(n: number, pos: number, scope = SCOPE): string {
  return pageIds(seqOf(list(n)), { scope, limit: pos + 1 }).after as string;
}

function refused(f: () => unknown): GraphError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GraphError);
    return e as GraphError;
  }
  throw new Error('expected error 100');
}

describe('pageIds cursors', () => {
  it('locate their position after the entry they name was removed, oldest and newest first', () => {
    const c = cursorAt(3000, 1500);
    const first = pageIds(seqOf(list(3000)), { scope: SCOPE, limit: 2, after: c });
    expect(first.ids).toEqual(['i1501', 'i1502']);
    // The cursor's own entry and its neighbours removed since: the walk goes on from its position.
    const ids = seqOf(list(3000, [1499, 1500, 1501]));
    expect(pageIds(ids, { scope: SCOPE, limit: 2, after: c }).ids).toEqual(['i1502', 'i1503']);
    expect(pageIds(ids, { scope: SCOPE, limit: 2, before: c }).ids).toEqual(['i1497', 'i1498']);
    expect(pageIds(ids, { scope: SCOPE, limit: 2, after: c, newestFirst: true }).ids).toEqual(['i1498', 'i1497']);
    expect(pageIds(ids, { scope: SCOPE, limit: 2, before: c, newestFirst: true }).ids).toEqual(['i1503', 'i1502']);
  });

  it('past the end of a list that shrank answer an empty page without next, oldest and newest first', () => {
    const c = cursorAt(10, 8);
    for (const newestFirst of [false, true]) {
      expect(pageIds(seqOf(list(5)), { scope: SCOPE, limit: 2, after: c, newestFirst })).toMatchObject({ ids: [], hasNext: false, after: null });
    }
  });

  it('from another list, garbage or naming another entry answer error 100', () => {
    const ids = seqOf(list(5));
    const other = cursorAt(5, 2, '200/feed');
    const forged = Buffer.from(Buffer.from(cursorAt(5, 2), 'base64url').toString('utf8').replace(/:i2$/, ':i3')).toString('base64url');
    for (const bad of ['nope', other, forged, Buffer.from(`sd:${'9'.repeat(400)}:x`).toString('base64url')]) {
      expect(refused(() => pageIds(ids, { scope: SCOPE, limit: 2, after: bad })).code).toBe(100);
      expect(refused(() => pageIds(ids, { scope: SCOPE, limit: 2, before: bad })).code).toBe(100);
    }
  });

  it('limit 0 answers no rows and no cursors', () => {
    expect(pageIds(seqOf(list(5)), { scope: SCOPE, limit: 0 })).toEqual({ ids: [], before: null, after: null, hasNext: false, hasPrevious: false });
  });
});
