import { BRANCH_OPS } from '../models/branches.js';
import type { RelationOp } from './types.js';

export type { RelationContext, RelationOp, RelationRepo } from './types.js';

/** Branch operations (they need their repository) as relation operations. */
const branchOps: Record<string, RelationOp> = Object.fromEntries(
  Object.entries(BRANCH_OPS).map(([key, fn]) => [
    key,
    ((rc) => {
      if (!rc.repo) throw new Error(`${key} runs on repository routes only`);
      return fn(rc.state.catalog, rc.op, { path: rc.repo.path, defaultBranch: rc.repo.defaultBranch });
    }) satisfies RelationOp,
  ]),
);

/**
 * Hand-written operations by `METHOD template` (the catalog's seed spelling), one module per family.
 * A row listed here is served by its operation instead of the generic engine; everything else about the
 * row (auth, rate limit, shape rendering, journal) stays the catalog's.
 */
export const RELATION_OPS: Readonly<Record<string, RelationOp>> = {
  ...branchOps,
};
