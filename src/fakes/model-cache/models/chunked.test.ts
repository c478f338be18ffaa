import fc from 'fast-check';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { appendEntries, CHUNK, type Chunked, insertEntry, removeEntry, shiftUpTo, walkAfter } from './chunked.js';
import { idOf, seqOfId } from './state.js';

const flatten = (c: Chunked) => c.flatMap((ch) => ch.keys.map((k, i) => [k, ch.names[i]] as const));

describe('chunked sequence', () => {
  it('behaves like a sorted array under inserts, removals and shifts', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), key: fc.integer({ min: 0, max: 50 }) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('shift' as const), key: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3 * CHUNK }), (ops) => {
        let state: Chunked = [];
        let ref: Array<readonly [number, string]> = [];
        let n = 0;
        for (const o of ops) {
          if (o.kind === 'insert') {
            const name = `n${n++}`;
            state = produce({ s: state }, (d) => insertEntry(d, 's', o.key, name)).s;
            const at = ref.findIndex(([k]) => k > o.key);
            ref.splice(at === -1 ? ref.length : at, 0, [o.key, name]);
          } else if (o.kind === 'remove' && ref.length > 0) {
            const [k, name] = ref[o.pick % ref.length] as readonly [number, string];
            state = produce({ s: state }, (d) => {
              expect(removeEntry(d, 's', k, name)).toBe(true);
            }).s;
            ref = ref.filter((e) => e[1] !== name);
          } else if (o.kind === 'shift') {
            let out: string[] = [];
            state = produce({ s: state }, (d) => {
              out = shiftUpTo(d, 's', o.key);
            }).s;
            expect(out).toEqual(ref.filter(([k]) => k <= o.key).map((e) => e[1]));
            ref = ref.filter(([k]) => k > o.key);
          }
          expect(state.every((c) => c.keys.length > 0 && c.keys.length <= CHUNK)).toBe(true);
        }
        expect(flatten(state)).toEqual(ref);
      }),
      { numRuns: 80 },
    );
  });

  it('gives the same sequence when many writes share one change, frozen', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean()), { maxLength: 2 * CHUNK }), (ops) => {
        // Each write alone, one change per write, is the oracle for all of them in one change.
        let apart: Chunked = [];
        const write = (d: { s: Chunked }, [key, append]: [number, boolean], i: number) => {
          if (append) appendEntries(d, 's', [1000 + i], [`a${i}`]);
          else insertEntry(d, 's', key, `n${i}`);
        };
        ops.forEach((op, i) => {
          apart = produce({ s: apart }, (d) => write(d, op, i)).s;
        });
        const together = produce({ s: [] as Chunked }, (d) => {
          for (const [i, op] of ops.entries()) write(d, op, i);
        }).s;
        expect(flatten(together)).toEqual(flatten(apart));
        expect(together.every((c) => Object.isFrozen(c) && Object.isFrozen(c.keys) && Object.isFrozen(c.names))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('appends in bulk and walks from a cursor', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => i + 1);
    const state = produce({ s: [] as Chunked }, (d) => appendEntries(d, 's', keys, keys.map(String))).s;
    expect(state.length).toBe(Math.ceil(1000 / CHUNK));
    const seen: number[] = [];
    walkAfter(state, 700, (k) => {
      seen.push(k);
      return seen.length < 5;
    });
    expect(seen).toEqual([701, 702, 703, 704, 705]);
  });

  it('derives the seq back from every id it issues', () => {
    for (const seq of [1, 2, 127, 128, 99_999, 1_234_567]) {
      expect(seqOfId(idOf('vertex', seq))).toBe(seq);
      expect(seqOfId(idOf('gemini', seq))).toBe(seq);
    }
    expect(seqOfId('1234567890123456789')).toBeUndefined();
    expect(seqOfId('nope')).toBeUndefined();
  });
});
