import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertedAt, lastIndexIn, removedAt, sliceOf } from './arrays.js';

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
});
