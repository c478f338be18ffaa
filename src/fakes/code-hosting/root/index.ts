import { type Family, opRoutes } from '../core/family.js';
import { ROOT_OPS, ROOT_ROUTES, ROOT_ROWS } from './routes.js';

/** The API root, `GET /`: the URL templates of the API's entry points; `GET /feeds`: the caller's feeds. */
export const family: Family = { name: 'root', rows: ROOT_ROWS, routes: [...ROOT_ROUTES, ...opRoutes(ROOT_OPS)] };
