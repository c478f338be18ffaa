import { type Family, opRoutes } from '../core/family.js';
import { STATUS_OPS, STATUS_PATHS } from './routes.js';

/** Commit statuses and the combined status of a ref. */
export const family: Family = { name: 'statuses', routes: opRoutes(STATUS_OPS), paths: STATUS_PATHS };
