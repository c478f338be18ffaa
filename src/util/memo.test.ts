import { describe, expect, it } from 'vitest';
import { memoize, memoizeLast, memoizeRecent } from './memo.js';

describe('memoize', () => {
  it('computes each input once while remembered, forgets all when full, and never remembers long keys', () => {
    const calls: string[] = [];
    const up = memoize(
      (s: string) => {
        calls.push(s);
        return s.toUpperCase();
      },
      2,
      3,
    );
    expect([up('a'), up('a'), up('b'), up('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
    up('c'); // full: forgets a and b
    up('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
    up('long');
    up('long');
    expect(calls.filter((c) => c === 'long')).toHaveLength(2);
  });
  it('remembers undefined results and undefined keys', () => {
    let n = 0;
    const f = memoize((_k: string | undefined) => {
      n++;
      return undefined;
    }, 4);
    f(undefined);
    f(undefined);
    expect(n).toBe(1);
  });
});

describe('memoizeLast', () => {
  it('recomputes only when the input changes', () => {
    let n = 0;
    const iso = memoizeLast((ms: number) => {
      n++;
      return new Date(ms).toISOString();
    });
    expect(iso(0)).toBe('1970-01-01T00:00:00.000Z');
    iso(0);
    expect(n).toBe(1);
    expect(iso(1000)).toBe('1970-01-01T00:00:01.000Z');
    expect(n).toBe(2);
  });
});

describe('memoizeRecent', () => {
  it('computes a text once while it is among the last few, and again once it has been pushed out', () => {
    const calls: string[] = [];
    const len = memoizeRecent((s: string) => {
      calls.push(s);
      return s.length;
    }, 2);
    const big = 'x'.repeat(5000);
    expect([len(big), len(`${'x'.repeat(4999)}x`), len('ab'), len(big)]).toEqual([5000, 5000, 2, 5000]);
    expect(calls).toHaveLength(2); // the second big text is equal (===) to the first: found, not recomputed
    len('cd'); // pushes the big text out
    len(big);
    expect(calls).toEqual([big, 'ab', 'cd', big]);
    const capped = memoizeRecent(
      (s: string) => {
        calls.push(s);
        return s.length;
      },
      2,
      (s) => s.length <= 10,
    );
    capped(big);
    capped(big);
    expect(calls.slice(4)).toEqual([big, big]); // not kept: computed each time
  });
});

describe('memoizeRecent of objects', () => {
  it('finds a body by identity, never by its contents', () => {
    let n = 0;
    const text = memoizeRecent((o: object) => {
      n++;
      return JSON.stringify(o);
    }, 2);
    const a = { x: 1 };
    text(a);
    text(a);
    expect(n).toBe(1);
    text({ x: 1 }); // equal, not the same object
    expect(n).toBe(2);
  });
});
