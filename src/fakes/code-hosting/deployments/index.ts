import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedDeploymentResource } from './seed.js';

export { DEPLOYMENT_OPS } from './routes.js';

const D = '/repos/{owner}/{repo}/deployments/{deployment_id}';

/** The family's seeder (see `RELATION_SEEDERS`): a deployment or a deployment status by path. */
export const DEPLOYMENT_SEEDER: RelationSeeder = pathSeeder({
  [D]: seedDeploymentResource,
  [`${D}/statuses/{status_id}`]: seedDeploymentResource,
});
