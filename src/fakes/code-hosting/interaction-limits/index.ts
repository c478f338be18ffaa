import { type Family, opRoutes } from '../core/family.js';
import { INTERACTION_LIMIT_OPS } from './routes.js';

/** Interaction limits of repositories, organizations and the authenticated user. */
export const family: Family = { name: 'interaction-limits', routes: opRoutes(INTERACTION_LIMIT_OPS) };
