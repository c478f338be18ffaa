import { BRANCH_OPS } from '../models/branches.js';
import { ISSUE_OPS, ISSUE_SEEDER } from './issues/index.js';
import type { RelationOp, RelationSeeder } from './types.js';

export type { RelationContext, RelationOp, RelationRepo, RelationSeeder, SeededItem } from './types.js';

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
  ...ISSUE_OPS,
};

/** Families that store resources seeded by path themselves (`seed.resource('/repos/o/r/issues/1', ...)`). */
export const RELATION_SEEDERS: readonly RelationSeeder[] = [ISSUE_SEEDER];

/** The seeder owning a template, if any. */
export function seederFor(template: string): RelationSeeder | undefined {
  return RELATION_SEEDERS.find((s) => s.templates.has(template));
}
