import { type Family, opRoutes } from '../core/family.js';
import { REPO_ROWS, repoRoutes } from './routes.js';
import { REPO_OPS } from './routes/copies.js';

/** Repositories: get, create, update, delete, list, forks, templates, transfers, the `/repositories/{id}` spellings. */
export const family: Family = { name: 'repos', rows: REPO_ROWS, routes: [...repoRoutes, ...opRoutes(REPO_OPS)] };
