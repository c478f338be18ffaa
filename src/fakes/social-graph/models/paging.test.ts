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

function cursor(pos: number, id: string): string {
  return Buffer.from(`sd:${pos}:${id}`).toString('base64url');
}

describe('pageIds cursors', () => {
  it('locate their position after the entry they name was removed, oldest and newest first', () => {
    const first = pageIds(seqOf(list(3000)), { limit: 2, after: cursor(1500, 'i1500') });
    expect(first.ids).toEqual(['i1501', 'i1502']);
    // The cursor's own entry and its neighbours removed since: the walk goes on from its position.
    const ids = seqOf(list(3000, [1499, 1500, 1501]));
    expect(pageIds(ids, { limit: 2, after: cursor(1500, 'i1500') }).ids).toEqual(['i1502', 'i1503']);
    expect(pageIds(ids, { limit: 2, before: cursor(1500, 'i1500') }).ids).toEqual(['i1497', 'i1498']);
    expect(pageIds(ids, { limit: 2, after: cursor(1500, 'i1500'), newestFirst: true }).ids).toEqual(['i1498', 'i1497']);
    expect(pageIds(ids, { limit: 2, before: cursor(1500, 'i1500'), newestFirst: true }).ids).toEqual(['i1503', 'i1502']);
  });

  it('past the end answer an empty page; malformed or out-of-range ones answer error 100', () => {
    const ids = seqOf(list(5));
    expect(pageIds(ids, { limit: 2, after: cursor(99, 'gone') })).toMatchObject({ ids: [], hasNext: false });
    for (const bad of ['nope', cursor(-1, 'x'), Buffer.from(`sd:${'9'.repeat(400)}:x`).toString('base64url')]) {
      let err: unknown;
      try {
        pageIds(ids, { limit: 2, after: bad });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(GraphError);
      expect((err as GraphError).code).toBe(100);
    }
  });
});
