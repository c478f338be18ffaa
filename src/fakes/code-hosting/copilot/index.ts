import { type Family, opRoutes } from '../core/family.js';
import { COPILOT_OPS } from './routes.js';
import { COPILOT_SEEDER } from './seed.js';

/** Copilot Business seats of an organization. */
export const family: Family = { name: 'copilot', routes: opRoutes(COPILOT_OPS), seeder: COPILOT_SEEDER };
