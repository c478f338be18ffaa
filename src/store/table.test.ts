import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStore } from './store.js';
import { emptyTable, type Table, tableDelete, tableGet, tablePeek, tableSet } from './table.js';

// tablePeek is checked against tableGet (the proxy path) and against a Map kept beside the table.
const key = fc.constantFrom('a', 'b', 'c', 'constructor', '__proto__', '1', '42', 'x/y', '');
const op = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
  fc.record({ kind: fc.constant('peek' as const), key }),
);

describe('tablePeek', () => {
  it('reads inside a change what tableGet reads, whatever was written before in it', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 30 }), { maxLength: 4 }), (changes) => {
        const store = createStore(() => ({ t: emptyTable<{ v: number }>() as Table<{ v: number }> }));
        const ref = new Map<string, number>();
        for (const ops of changes) {
          store.update((d) => {
            for (const o of ops) {
              if (o.kind === 'set') {
                tableSet(d.t, o.key, { v: o.value });
                ref.set(o.key, o.value);
              } else if (o.kind === 'delete') {
                tableDelete(d.t, o.key);
                ref.delete(o.key);
              }
              const peeked = tablePeek(d.t, o.key);
              expect(peeked?.v).toBe(ref.get(o.key));
              expect(peeked?.v).toBe(tableGet(d.t, o.key)?.v);
            }
          });
          for (const [k, v] of ref) expect(tablePeek(store.get().t, k)?.v).toBe(v);
          expect(store.get().t.size).toBe(ref.size);
        }
      }),
      { numRuns: 200 },
    );
  });
});
