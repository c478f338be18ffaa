import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedActionsResource } from './seed.js';

export { ACTIONS_OPS } from './routes.js';
export { type ActionsSlice, initialActionsSlice } from './state.js';
export { type SeededWorkflowRun, type WorkflowRunSeed, type WorkflowRunSeeds, workflowRunSeeds } from './seed.js';

const A = '/repos/{owner}/{repo}/actions';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a run, attempt, job or workflow path creates it in the Actions model. */
export const ACTIONS_SEEDER: RelationSeeder = pathSeeder({
  [`${A}/runs/{run_id}`]: seedActionsResource,
  [`${A}/runs/{run_id}/attempts/{attempt_number}`]: seedActionsResource,
  [`${A}/jobs/{job_id}`]: seedActionsResource,
  [`${A}/workflows/{workflow_id}`]: seedActionsResource,
});
