import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { insertedAt, lastIndexIn, editArray, removedAt, sliceOf } from './arrays.js';

// The oracle is the built-in Array method each helper stands in for, on a frozen array.
const frozen = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }).map((a) => Object.freeze(a));

describe('frozen-array helpers', () => {
  it('sliceOf matches slice', () => {
    fc.assert(
      fc.property(frozen, fc.integer({ min: -2, max: 45 }), fc.integer({ min: -2, max: 45 }), (a, from, to) => {
        const f = Math.max(0, from);
        expect(sliceOf(a, f, to < 0 ? a.length : to)).toEqual(a.slice(f, to < 0 ? a.length : to));
        expect(sliceOf(a)).toEqual(a.slice());
        expect(Object.isFrozen(sliceOf(a))).toBe(false);
      }),
    );
  });
  it('lastIndexIn matches lastIndexOf', () => {
    fc.assert(
      fc.property(frozen, fc.integer({ min: 0, max: 10 }), (a, x) => {
        expect(lastIndexIn(a, x)).toBe(a.lastIndexOf(x));
      }),
    );
  });
  it('insertedAt and removedAt match toSpliced and leave the input alone', () => {
    fc.assert(
      fc.property(frozen, fc.nat(), (a, n) => {
        const at = a.length ? n % (a.length + 1) : 0;
        expect(insertedAt(a, at, 7)).toEqual([...a.slice(0, at), 7, ...a.slice(at)]);
        if (a.length) {
          const r = n % a.length;
          expect(removedAt(a, r)).toEqual([...a.slice(0, r), ...a.slice(r + 1)]);
        }
      }),
    );
  });
  it('editArray: edits land in the change as frozen copies and leave the base alone', () => {
    const base = Object.freeze({ chunks: Object.freeze([Object.freeze([1, 2]), Object.freeze([3])]) });
    const next = produce(base, (d) => {
      expect(editArray(d.chunks, 1, (a) => a.push(4))).toBe(2);
      editArray(d.chunks, 1, (a) => a.push(5));
      editArray(d.chunks, 0, (a) => {
        a[0] = 9;
      });
    });
    expect(next.chunks).toEqual([
      [9, 2],
      [3, 4, 5],
    ]);
    expect(Object.isFrozen(next.chunks[1])).toBe(true);
    expect(base.chunks).toEqual([[1, 2], [3]]);
    // A draft edited through immer first is read as it stands, not as it was.
    const mixed = produce(base, (d) => {
      (d.chunks[1] as number[]).push(7);
      editArray(d.chunks, 1, (a) => a.push(8));
    });
    expect(mixed.chunks[1]).toEqual([3, 7, 8]);
  });
});
