import { ROWS_BY_KEY } from '../core/catalog/table.js';
import type { RelationOp } from '../core/family.js';
import { type BranchOp, deleteProtection, getBranch, getProtection, listBranches, putProtection, renameBranch, subProtection } from './model.js';

const B = '/repos/{owner}/{repo}/branches';
const P = `${B}/{branch}/protection`;

/** Hand-written branch operations by `METHOD template` (seed spelling). */
export const BRANCH_OPS: Readonly<Record<string, BranchOp>> = {
  [`GET ${B}`]: listBranches,
  [`GET ${B}/{branch}`]: getBranch,
  [`GET ${P}`]: getProtection,
  [`PUT ${P}`]: putProtection,
  [`DELETE ${P}`]: deleteProtection,
  [`POST ${B}/{branch}/rename`]: renameBranch,
  // One operation per method GitHub has on each setting (the table's rows: not every setting has all four).
  ...Object.fromEntries(
    ['enforce_admins', 'required_signatures', 'required_status_checks', 'required_pull_request_reviews'].flatMap((f) =>
      ['GET', 'POST', 'PATCH', 'DELETE']
        .map((m) => `${m} ${P}/${f}`)
        .filter((key) => ROWS_BY_KEY.has(key))
        .map((key) => [key, subProtection(f)]),
    ),
  ),
  [`GET ${P}/restrictions`]: subProtection('restrictions'),
  [`DELETE ${P}/restrictions`]: subProtection('restrictions'),
};

/** The branch operations as relation operations (they need their repository). */
export const BRANCH_ROUTES: Readonly<Record<string, RelationOp>> = Object.fromEntries(
  Object.entries(BRANCH_OPS).map(([key, fn]) => [
    key,
    ((rc) => {
      if (!rc.repo) throw new Error(`${key} runs on repository routes only`);
      return fn(rc.state.catalog, rc.op, { path: rc.repo.path, defaultBranch: rc.repo.defaultBranch, createdAt: rc.repo.record.createdAt }, rc);
    }) satisfies RelationOp,
  ]),
);
