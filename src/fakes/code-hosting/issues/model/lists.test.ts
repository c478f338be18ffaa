import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyTable, tableGet } from '../../../../store/table.js';
import { ID_CHUNK, addMember, addMembersBulk, membersOf, removeMember, reposition, slicePage, withChunking } from './lists.js';
import type { IdLists } from '../state.js';

// The chunked sorted lists against a plain reference: every sequence of adds, key changes and
// removals leaves each order sorted by (key, id) exactly as sorting the reference would.

type Op = { kind: 'add' | 'move' | 'remove'; id: number; key: number; tellOld: boolean };

function reference(keys: Map<number, number>): number[] {
  return [...keys.keys()].sort((a, b) => (keys.get(a) as number) - (keys.get(b) as number) || a - b);
}

describe('chunked sorted id lists', () => {
  const property = () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom<Op['kind']>('add', 'add', 'move', 'remove'),
            id: fc.integer({ min: 1, max: 900 }),
            key: fc.integer({ min: 0, max: 50 }),
            tellOld: fc.boolean(),
          }),
          { maxLength: 1500 },
        ),
        (ops) => {
          // A plain object stands for the draft: the list functions only replace entries of it.
          const lists = emptyTable() as IdLists;
          const keys = new Map<number, number>();
          const orders = { k: (id: number) => keys.get(id) as number };
          for (const op of ops) {
            if (op.kind === 'add' && !keys.has(op.id)) {
              keys.set(op.id, op.key);
              addMember(lists, 'L', op.id, orders);
            } else if (op.kind === 'move' && keys.has(op.id)) {
              const old = keys.get(op.id) as number;
              keys.set(op.id, op.key);
              reposition(lists, 'L', op.id, orders, op.tellOld ? { k: old } : undefined);
            } else if (op.kind === 'remove' && keys.has(op.id)) {
              removeMember(lists, 'L', op.id, op.tellOld ? orders : undefined);
              keys.delete(op.id);
            }
          }
          const ids = membersOf(lists, 'L', 'k');
          const want = reference(keys);
          expect([...ids]).toEqual(want);
          expect(ids.length).toBe(want.length);
          for (const i of [0, Math.floor(want.length / 2), want.length - 1]) expect(ids.at(i)).toBe(want[i]);
          expect(slicePage(ids, true, 0, 3)).toEqual(want.slice(-3).reverse());
        },
      ),
      { numRuns: 60, seed: 42 },
    );

  it('stay sorted through adds, moves (with and without the old key) and removals', () => property());

  it('stay sorted when chunks of 4 ids and pages of 2 chunks split and empty again and again', () => withChunking(4, 2, property));

  it('bulk adds land in pages that later writes keep sorted', () => {
    withChunking(4, 2, () => {
      const lists = emptyTable() as IdLists;
      const keys = new Map<number, number>();
      for (let id = 1; id <= 200; id++) keys.set(id, id % 7);
      const orders = { k: (id: number) => keys.get(id) as number };
      addMembersBulk(lists, new Map([['L', [...keys.keys()]]]), orders);
      for (let id = 201; id <= 260; id++) {
        keys.set(id, id % 5);
        addMember(lists, 'L', id, orders);
      }
      for (let id = 1; id <= 100; id += 3) {
        removeMember(lists, 'L', id, orders);
        keys.delete(id);
      }
      expect([...membersOf(lists, 'L', 'k')]).toEqual(reference(keys));
      expect((tableGet(lists, 'L')?.k?.pages.length ?? 0) > 4).toBe(true);
    });
  });

  it('an add copies one chunk: every other chunk of the order is the same object as before', () => {
    const lists = emptyTable() as IdLists;
    const orders = { created: (id: number) => id };
    for (let id = 1; id <= 10 * ID_CHUNK; id++) addMember(lists, 'L', id, orders);
    const leaf = () => tableGet(lists, 'L')?.created?.pages.flat() ?? [];
    const chunksBefore = leaf();
    addMember(lists, 'L', 10 * ID_CHUNK + 1, orders);
    const chunksAfter = leaf();
    expect(chunksBefore.length).toBeGreaterThan(5);
    const shared = chunksAfter.filter((c) => chunksBefore.includes(c)).length;
    expect(shared).toBe(chunksBefore.length - 1);
  });

  it('an add copies one page: every other page of the order is the same object, and the page index stays short', () => {
    const lists = emptyTable() as IdLists;
    const orders = { created: (id: number) => id };
    addMembersBulk(lists, new Map([['L', Array.from({ length: 100_000 }, (_, i) => i + 1)]]), orders);
    const pages = () => tableGet(lists, 'L')?.created?.pages ?? [];
    const before = pages();
    addMember(lists, 'L', 100_001, orders);
    const after = pages();
    expect(after.filter((p) => before.includes(p)).length).toBe(before.length - 1);
    expect(after.length).toBeLessThan(40);
  });
});
