import { type Family, opRoutes } from '../core/family.js';
import { SOCIAL_OPS } from './routes.js';
import { SOCIAL_SEEDER } from './seed.js';

/** Stars and follows. */
export const family: Family = { name: 'social', routes: opRoutes(SOCIAL_OPS), seeder: SOCIAL_SEEDER };
