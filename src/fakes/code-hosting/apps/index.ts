import type { Family } from '../core/family.js';
import { APP_ROUTES, APP_ROWS } from './routes.js';

/** GitHub Apps: the app (its JWT), its installations and installation tokens, a user's installations. */
export const family: Family = { name: 'apps', rows: APP_ROWS, routes: APP_ROUTES };
