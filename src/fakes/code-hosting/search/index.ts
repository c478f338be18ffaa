import type { Family } from '../core/family.js';
import { SEARCH_ROUTES } from './routes.js';

/** Search over the state: issues and pull requests, repositories, users. */
export const family: Family = { name: 'search', routes: SEARCH_ROUTES };
