import { type Family, opRoutes } from '../core/family.js';
import { DEPLOYMENT_OPS } from './routes.js';
import { DEPLOYMENT_SEEDER } from './seed.js';

/** Deployments and deployment statuses. */
export const family: Family = { name: 'deployments', routes: opRoutes(DEPLOYMENT_OPS), seeder: DEPLOYMENT_SEEDER };
