import { type RelationOp, type RelationSeeder, pathSeeder } from '../core/family.js';
import { COMMIT_OPS } from './model/commits.js';
import { CONTENTS_OPS } from './model/contents.js';
import { GIT_DATA_OPS } from './model/data.js';
import { MERGE_OPS } from './model/merge.js';
import { seedBranchResource, seedContentsResource } from './seed.js';

export { commitOnTop, landCommit, mergeBranch } from './model/merge.js';
export type { LandMethod, MergeOptions } from './model/merge.js';

const R = '/repos/{owner}/{repo}';

/** The git family: git database, commits, compare, tags, contents, merges (by `METHOD template`). */
export const GIT_OPS: Readonly<Record<string, RelationOp>> = { ...GIT_DATA_OPS, ...COMMIT_OPS, ...CONTENTS_OPS, ...MERGE_OPS };

/**
 * The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a contents or readme path commits
 * the file in the graph; on a branch path it gives a new branch a commit of its own.
 */
export const GIT_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/contents/{path}`]: seedContentsResource,
  [`${R}/readme`]: seedContentsResource,
  [`${R}/readme/{dir}`]: seedContentsResource,
  [`${R}/branches/{branch}`]: seedBranchResource,
});

/**
 * Paths GitHub answers that the catalog spells otherwise, served by the row they stand for
 * (`route → METHOD row template`): paths with slashes in a parameter (`contents/docs/a.md`,
 * `git/ref/heads/feature/x`, the `url` GitHub puts in bodies), the repository root's contents,
 * `GET git/refs/{ref}` (the `url` of every ref) and every ref (`git/refs`, `git/matching-refs/`).
 */
export const GIT_PATHS: Readonly<Record<string, string>> = {
  [`GET ${R}/contents`]: `GET ${R}/contents/{path}`,
  [`GET ${R}/contents/{+path}`]: `GET ${R}/contents/{path}`,
  [`PUT ${R}/contents/{+path}`]: `PUT ${R}/contents/{path}`,
  [`DELETE ${R}/contents/{+path}`]: `DELETE ${R}/contents/{path}`,
  [`GET ${R}/readme/{+dir}`]: `GET ${R}/readme/{dir}`,
  [`GET ${R}/git/ref/{+ref}`]: `GET ${R}/git/ref/{ref}`,
  [`GET ${R}/git/refs`]: `GET ${R}/git/matching-refs/{ref}`,
  [`GET ${R}/git/matching-refs`]: `GET ${R}/git/matching-refs/{ref}`,
  [`GET ${R}/git/refs/{+ref}`]: `GET ${R}/git/ref/{ref}`,
  [`PATCH ${R}/git/refs/{+ref}`]: `PATCH ${R}/git/refs/{ref}`,
  [`DELETE ${R}/git/refs/{+ref}`]: `DELETE ${R}/git/refs/{ref}`,
  [`GET ${R}/git/matching-refs/{+ref}`]: `GET ${R}/git/matching-refs/{ref}`,
  [`GET ${R}/commits/{+ref}`]: `GET ${R}/commits/{ref}`,
  [`GET ${R}/compare/{+basehead}`]: `GET ${R}/compare/{basehead}`,
  [`GET ${R}/tarball/{+ref}`]: `GET ${R}/tarball/{ref}`,
  [`GET ${R}/zipball/{+ref}`]: `GET ${R}/zipball/{ref}`,
};
