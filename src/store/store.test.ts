import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';
import { parseDuration } from './duration.js';
import { nextId } from './ids.js';
import { attempt, createStore, freezeNew } from './store.js';

describe('store', () => {
  it('a recipe that throws leaves the state untouched (same object)', () => {
    const store = createStore(() => ({ items: [1, 2], n: 0 }));
    const before = store.get();
    expect(() =>
      store.update((d) => {
        d.items.push(3);
        d.n = 5;
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.get()).toBe(before);
    expect(store.get()).toEqual({ items: [1, 2], n: 0 });
  });

  it('snapshot is the frozen state object (O(1)) and restore gives it back exactly', () => {
    const store = createStore(() => ({ big: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, { i }])), n: 0 }));
    const snap = store.snapshot();
    expect(snap).toBe(store.get());
    expect(Object.isFrozen(snap)).toBe(true);
    store.update((d) => {
      d.n = 1;
      d.big.k1 = { i: -1 };
    });
    expect(store.get()).not.toBe(snap);
    expect(store.get().big.k2).toBe(snap.big.k2); // structural sharing
    store.restore(snap);
    expect(store.get()).toBe(snap);
  });

  it('reset returns to a fresh initial state', () => {
    const store = createStore(() => ({ n: 0 }));
    store.update((d) => {
      d.n = 3;
    });
    store.reset();
    expect(store.get()).toEqual({ n: 0 });
  });

  it('update returns the recipe result', () => {
    const store = createStore(() => ({ counters: {} as Record<string, number> }));
    expect(store.update((d) => nextId(d.counters, 'repo', 1000))).toBe(1001);
    expect(store.update((d) => nextId(d.counters, 'repo', 1000))).toBe(1002);
  });
});

describe('clock', () => {
  it('advance moves a frozen clock by exactly the duration', () => {
    const c = createClock('2024-04-11T22:00:00Z');
    c.advance('2h');
    expect(c.now().toISOString()).toBe('2024-04-12T00:00:00.000Z');
    c.advance('90s');
    c.advance('10m');
    c.advance('3d');
    c.advance(250);
    expect(c.nowMs() - Date.parse('2024-04-12T00:00:00Z')).toBe(90_000 + 600_000 + 3 * 86_400_000 + 250);
  });

  it('a real clock keeps ticking from where set() put it', () => {
    const c = createClock('real');
    c.set('2030-01-01T00:00:00Z');
    expect(c.mode).toBe('real');
    expect(Math.abs(c.nowMs() - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5_000);
    c.advance('2h');
    expect(c.nowMs() - Date.parse('2030-01-01T02:00:00Z')).toBeLessThan(5_000);
  });

  it('refuses to go backwards with advance and rejects bad durations', () => {
    const c = createClock(0);
    expect(() => c.advance(-1)).toThrow(/forward/);
    expect(() => parseDuration('2 weeks')).toThrow(/cannot read duration/);
    expect(parseDuration('1.5s')).toBe(1500);
  });

  it('calls onChange on every move so time rules apply at once', () => {
    let n = 0;
    const c = createClock(0, () => {
      n += 1;
    });
    c.advance('1m');
    c.set(5);
    c.freeze();
    expect(n).toBe(3);
  });
});

describe('store freezing', () => {
  it('every node a write adds is frozen, unchanged branches stay the same objects', () => {
    const store = createStore(() => ({ ids: Array.from({ length: 10_000 }, (_, i) => `p${i}`), other: { a: { b: 1 } }, list: [] as Array<{ x: number[] }> }));
    const before = store.get();
    expect(Object.isFrozen(before.ids) && Object.isFrozen(before.other.a)).toBe(true);
    store.update((d) => {
      d.ids.push('new');
      d.list.push({ x: [1, 2] });
    });
    const after = store.get();
    expect(after.other).toBe(before.other);
    expect(after.ids).toHaveLength(10_001);
    expect(Object.isFrozen(after)).toBe(true);
    expect(Object.isFrozen(after.ids)).toBe(true);
    expect(Object.isFrozen(after.list[0])).toBe(true);
    expect(Object.isFrozen(after.list[0]?.x)).toBe(true);
    expect(() => (after.ids as string[]).push('x')).toThrow(TypeError);
  });

  it('leaves bytes and class instances alone (Object.freeze would throw on a non-empty Uint8Array)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const state = { file: { data: bytes }, when: new Date(0) };
    expect(() => freezeNew(state)).not.toThrow();
    expect(Object.isFrozen(state.file)).toBe(true);
    expect(Object.isFrozen(bytes)).toBe(false);
  });

  it('restore() freezes a hand-built snapshot deeply', () => {
    const store = createStore(() => ({ n: 0 }) as { n: number; extra?: { deep: number[] } });
    store.restore({ n: 1, extra: { deep: [1] } });
    expect(Object.isFrozen(store.get().extra?.deep)).toBe(true);
  });
});

describe('attempt', () => {
  type S = { rate: number; svc: { items: string[]; index?: Record<string, number> } };
  const initial = (): S => ({ rate: 0, svc: { items: ['a'] } });

  it('a throw inside leaves the draft as it was; what the update did outside lands', () => {
    const store = createStore(initial);
    const before = store.get();
    store.update((d) => {
      d.rate += 1;
      try {
        attempt(d.svc, (s) => {
          s.index = {};
          s.items.push('b');
          throw new Error('404');
        });
      } catch {}
    });
    expect(store.get().rate).toBe(1);
    expect(store.get().svc).toBe(before.svc);
  });

  it('a return lands every change, added and deleted keys included, and answers the result', () => {
    const store = createStore(() => ({ rate: 0, svc: { items: ['a'], index: { a: 0 } } }) as S);
    const out = store.update((d) =>
      attempt(d.svc, (s) => {
        s.items.push('b');
        delete s.index;
        return s.items.length;
      }),
    );
    expect(out).toBe(2);
    expect(store.get().svc).toEqual({ items: ['a', 'b'] });
    expect(Object.isFrozen(store.get().svc.items)).toBe(true);
  });
});
