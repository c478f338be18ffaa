import { type Family, opRoutes } from '../core/family.js';
import { RELEASE_OPS } from './routes.js';
import { RELEASE_SEEDER } from './seed.js';

/** Releases and release assets (by id, by tag, latest). */
export const family: Family = { name: 'releases', routes: opRoutes(RELEASE_OPS), seeder: RELEASE_SEEDER };
