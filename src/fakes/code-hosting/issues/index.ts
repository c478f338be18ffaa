import { type Family, opRoutes } from '../core/family.js';
import { ISSUE_OPS } from './routes.js';
import { ISSUE_SEEDER } from './seed.js';

/**
 * Issues and pull requests: comments (issue, review, commit), reviews, labels, milestones, assignees,
 * events, timeline and reactions, each object stored once and read under every path GitHub serves it.
 */
export const family: Family = { name: 'issues', routes: opRoutes(ISSUE_OPS), seeder: ISSUE_SEEDER };
