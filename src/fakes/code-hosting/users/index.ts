import { type Family, opRoutes } from '../core/family.js';
import { USER_OPS } from './routes.js';
import { ORG_ID_ROUTES, ORG_ID_ROWS } from './routes/by-id.js';

/**
 * Users: the authenticated user, users by name or id, their organizations; organizations' own profile
 * (get, update, delete; also by id: `/organizations/{id}/...`).
 */
export const family: Family = { name: 'users', rows: ORG_ID_ROWS, routes: [...opRoutes(USER_OPS), ...ORG_ID_ROUTES] };
