import type { Family } from '../core/family.js';
import { RATE_LIMIT_ROUTES, RATE_LIMIT_ROWS } from './routes.js';

/** The rate limit: `GET /rate_limit` (every API call is counted by the catalog pipeline). */
export const family: Family = { name: 'rate-limit', rows: RATE_LIMIT_ROWS, routes: RATE_LIMIT_ROUTES };
