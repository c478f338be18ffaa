import { type Family, opRoutes } from '../core/family.js';
import { BRANCH_ROUTES } from './routes.js';
import { BRANCH_SEEDER } from './seed.js';

/** Branches: listing, one branch with its head commit, renames and protection (heads move in the git graph). */
export const family: Family = { name: 'branches', routes: opRoutes(BRANCH_ROUTES), seeder: BRANCH_SEEDER };
