import { type Family, opRoutes } from '../core/family.js';
import { ARCHIVE_ROUTES, ARCHIVE_ROWS, GIT_OPS, GIT_PATHS } from './routes.js';
import { GIT_SEEDER } from './seed.js';

/** The git database, commits, compare, contents, merges, tarball/zipball, and the archive host's answers. */
export const family: Family = { name: 'git', rows: ARCHIVE_ROWS, routes: [...opRoutes(GIT_OPS), ...ARCHIVE_ROUTES], paths: GIT_PATHS, seeder: GIT_SEEDER };
