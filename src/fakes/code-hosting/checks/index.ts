import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedCheckResource } from './seed.js';

export { CHECK_OPS } from './routes.js';

const R = '/repos/{owner}/{repo}';

/** The family's seeder (see `RELATION_SEEDERS`): a check run or a check suite by path. */
export const CHECK_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/check-runs/{check_run_id}`]: seedCheckResource,
  [`${R}/check-suites/{check_suite_id}`]: seedCheckResource,
});
