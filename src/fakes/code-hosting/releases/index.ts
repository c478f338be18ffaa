import { type Family, opRoutes } from '../core/family.js';
import { RELEASE_OPS } from './routes.js';
import { RELEASE_SEEDER } from './seed.js';
import { UPLOAD_ROUTES, UPLOAD_ROWS } from './routes/upload.js';

/** Releases and release assets (by id, by tag, latest; uploads on the upload host). */
export const family: Family = { name: 'releases', rows: UPLOAD_ROWS, routes: [...opRoutes(RELEASE_OPS), ...UPLOAD_ROUTES], seeder: RELEASE_SEEDER };
