import { type Family, opRoutes } from '../core/family.js';
import { ACTIONS_OPS, LOG_ROUTES, LOG_ROWS } from './routes.js';
import { RUNNER_OPS } from './routes/runners.js';
import { ACTIONS_SEEDER } from './seed.js';

/** GitHub Actions: workflows, runs, jobs, re-runs, and the log host's logs and artifact archives. */
export const family: Family = {
  name: 'actions',
  rows: LOG_ROWS,
  routes: [...opRoutes(ACTIONS_OPS), ...opRoutes(RUNNER_OPS), ...LOG_ROUTES],
  seeder: ACTIONS_SEEDER,
};
