import type { Family } from '../core/family.js';
import { ROOT_ROUTES, ROOT_ROWS } from './routes.js';

/** The API root, `GET /`: the URL templates of the API's entry points. */
export const family: Family = { name: 'root', rows: ROOT_ROWS, routes: ROOT_ROUTES };
