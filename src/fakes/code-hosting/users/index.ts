import { type Family, opRoutes } from '../core/family.js';
import { USER_OPS } from './routes.js';

/** Users: the authenticated user, users by name, their organizations; organizations' own profile (get, update, delete). */
export const family: Family = { name: 'users', routes: opRoutes(USER_OPS) };
