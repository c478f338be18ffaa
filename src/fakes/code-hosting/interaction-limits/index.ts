import { type Family, opRoutes } from '../core/family.js';
import { INTERACTION_LIMIT_OPS, USER_LIMIT_ROUTES, USER_LIMIT_ROWS } from './routes.js';

/** Interaction limits of repositories, organizations and the authenticated user. */
export const family: Family = { name: 'interaction-limits', rows: USER_LIMIT_ROWS, routes: [...opRoutes(INTERACTION_LIMIT_OPS), ...USER_LIMIT_ROUTES] };
