import { BRANCH_OPS } from '../models/branches.js';
import { GIT_OPS, GIT_PATHS, GIT_SEEDS } from './git/index.js';
import { RELEASE_OPS, RELEASE_SEEDS } from './releases/index.js';
import type { RelationOp, RelationSeed } from './types.js';

export type { RelationContext, RelationOp, RelationRepo, RelationSeed } from './types.js';
export { mergeBranch } from './git/index.js';

/** Branch operations (they need their repository) as relation operations. */
const branchOps: Record<string, RelationOp> = Object.fromEntries(
  Object.entries(BRANCH_OPS).map(([key, fn]) => [
    key,
    ((rc) => {
      if (!rc.repo) throw new Error(`${key} runs on repository routes only`);
      return fn(rc.state.catalog, rc.op, { path: rc.repo.path, defaultBranch: rc.repo.defaultBranch, createdAt: rc.repo.record.createdAt }, rc);
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
  ...GIT_OPS,
  ...RELEASE_OPS,
};

/** Hand-written seeds by catalog template: `seed.resource` on these paths stores through the family's model. */
export const RELATION_SEEDS: Readonly<Record<string, RelationSeed>> = {
  ...GIT_SEEDS,
  ...RELEASE_SEEDS,
};

/** Extra route spellings GitHub answers (`METHOD path` → the catalog row `METHOD template` that serves it). */
export const RELATION_PATHS: Readonly<Record<string, string>> = {
  ...GIT_PATHS,
};
