import type { Family } from '../core/family.js';
import { SUB_ISSUE_ROUTES, SUB_ISSUE_ROWS } from './routes.js';

/** Sub-issues: a parent's sub-issues in priority order, an issue's parent. */
export const family: Family = { name: 'sub-issues', rows: SUB_ISSUE_ROWS, routes: SUB_ISSUE_ROUTES };
