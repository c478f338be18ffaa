import { type Family, opRoutes } from '../core/family.js';
import { CHECK_OPS } from './routes.js';
import { CHECK_SEEDER } from './seed.js';

/** Check runs and check suites, with their annotations. */
export const family: Family = { name: 'checks', routes: opRoutes(CHECK_OPS), seeder: CHECK_SEEDER };
