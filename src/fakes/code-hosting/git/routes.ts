import type { ExtraRow, FamilyRoute, RelationOp } from '../core/family.js';
import { ARCHIVE_PREFIX } from '../core/hosts.js';
import { serveArchive } from './model/archive.js';
import { COMMIT_OPS } from './model/commits.js';
import { listContributors } from './model/contributors.js';
import { CONTENTS_OPS } from './model/contents.js';
import { GIT_DATA_OPS } from './model/data.js';
import { MERGE_OPS } from './model/merge.js';

const R = '/repos/{owner}/{repo}';

/** The git family: git database, commits, compare, tags, contributors, contents, merges (by `METHOD template`). */
export const GIT_OPS: Readonly<Record<string, RelationOp>> = {
  ...GIT_DATA_OPS,
  ...COMMIT_OPS,
  ...CONTENTS_OPS,
  ...MERGE_OPS,
  [`GET ${R}/contributors`]: listContributors,
};

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

/** The archive host's paths (codeload, reached through `archivePath`): the targets of tarball and zipball redirects. */
export const ARCHIVE_ROWS: ExtraRow[] = [
  { method: 'GET', path: `${ARCHIVE_PREFIX}/{owner}/{repo}/legacy.tar.gz/{+ref}`, operationId: 'codeload/legacy-tar-gz' },
  { method: 'GET', path: `${ARCHIVE_PREFIX}/{owner}/{repo}/legacy.zip/{+ref}`, operationId: 'codeload/legacy-zip' },
];

/** The archive host's answers: not API calls (no version, no token, not counted). */
export const ARCHIVE_ROUTES: FamilyRoute[] = [
  { row: `GET ${ARCHIVE_PREFIX}/{owner}/{repo}/legacy.tar.gz/{+ref}`, raw: serveArchive('tar') },
  { row: `GET ${ARCHIVE_PREFIX}/{owner}/{repo}/legacy.zip/{+ref}`, raw: serveArchive('zip') },
];
