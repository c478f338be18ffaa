import { type RelationSeeder, pathSeeder } from '../types.js';
import { seedSeat } from './seed.js';

export { COPILOT_OPS } from './ops.js';
export { type CopilotSlice, initialCopilotSlice } from './model.js';

/** The family's seeder (see `RELATION_SEEDERS`): a member's Copilot path seeds their seat. */
export const COPILOT_SEEDER: RelationSeeder = pathSeeder({
  '/orgs/{org}/members/{username}/assistant': seedSeat,
});
