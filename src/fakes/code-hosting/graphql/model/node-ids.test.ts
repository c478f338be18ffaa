import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../../store/store.js';
import { type Table, emptyTable, tableDelete, tableSet } from '../../../../store/table.js';
import { decodeNodeId, recordKeyOf } from './node-ids.js';

type Rec = { node_id?: string; v?: number };

describe('the node-id index of catalog records', () => {
  it('finds every stored node id after any sequence of changes, updated from the buckets each change copied', () => {
    const key = fc.constantFrom('/a', '/b', '/c', '/d', '/e', '/x/y', '/x/z');
    const id = fc.constantFrom('I_1', 'I_2', 'PR_3', 'CR_4', 'IC_5');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, id }),
      fc.record({ kind: fc.constant('plain' as const), key }),
      fc.record({ kind: fc.constant('delete' as const), key }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 8 }), { maxLength: 8 }), (changes) => {
        const store = createStore(() => ({ t: emptyTable<Rec>() as Table<Rec> }));
        const owner = {};
        const ref = new Map<string, string>();
        for (const ops of changes) {
          store.update((d) => {
            for (const o of ops) {
              if (o.kind === 'set') {
                tableSet(d.t, o.key, { node_id: o.id });
                ref.set(o.key, o.id);
              } else if (o.kind === 'plain') {
                tableSet(d.t, o.key, { v: 1 });
                ref.delete(o.key);
              } else {
                tableDelete(d.t, o.key);
                ref.delete(o.key);
              }
            }
          });
          const table = store.get().t as Table<Rec>;
          for (const nodeId of ['I_1', 'I_2', 'PR_3', 'CR_4', 'IC_5']) {
            const holders = [...ref].filter(([, v]) => v === nodeId).map(([k]) => k);
            const found = recordKeyOf(owner, table as never, nodeId);
            // An id held by one record is found at that record; an id no record holds is not found.
            if (holders.length === 0) expect(found).toBeUndefined();
            else expect(holders).toContain(found);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('node ids REST computes from identity', () => {
  it('decodes legacy ids (with their length prefix) and repository-scoped ids', () => {
    expect(decodeNodeId('MDQ6VXNlcjE=')).toEqual({ kind: 'legacy', type: 'User', id: 1 });
    expect(decodeNodeId(Buffer.from('010:Repository1296269').toString('base64'))).toEqual({ kind: 'legacy', type: 'Repository', id: 1296269 });
    expect(decodeNodeId(Buffer.from('Ref:7:refs/heads/main').toString('base64').replace(/=+$/, ''))).toEqual({
      kind: 'scoped',
      type: 'Ref',
      repoId: 7,
      value: 'refs/heads/main',
    });
    expect(decodeNodeId(Buffer.from('05:User1').toString('base64'))).toBeUndefined();
    expect(decodeNodeId('not base64!')).toBeUndefined();
  });
});
