import { type Family, opRoutes } from '../core/family.js';
import { TEAM_OPS, TEAM_PATHS } from './routes.js';
import { TEAM_SEEDER } from './seed.js';

/** Organization teams, their members, repositories and child teams. */
export const family: Family = { name: 'teams', routes: opRoutes(TEAM_OPS), paths: TEAM_PATHS, seeder: TEAM_SEEDER };
