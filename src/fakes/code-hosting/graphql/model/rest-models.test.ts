import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../families.js';
import { OP_FAMILIES } from './rest-models.js';

describe('GraphQL → REST adapter', () => {
  it('knows the operation of every family that serves catalog rows with one (so restCall runs what the REST route runs)', () => {
    const withOps = FAMILIES.filter((f) => f.routes.some((r) => 'op' in r)).map((f) => f.name);
    expect(OP_FAMILIES.map((f) => f.name).sort()).toEqual(withOps.sort());
  });
});
