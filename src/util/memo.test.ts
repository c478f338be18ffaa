import { describe, expect, it } from 'vitest';
import { memoize, memoizeLast } from './memo.js';

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
