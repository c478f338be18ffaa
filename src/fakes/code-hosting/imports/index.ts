import type { Family } from '../core/family.js';
import { IMPORT_ROUTES, IMPORT_ROWS } from './routes.js';

/** The source imports API (retired by GitHub in April 2024): eight endpoints the seed's table lacks. */
export const family: Family = { name: 'imports', rows: IMPORT_ROWS, routes: IMPORT_ROUTES };
