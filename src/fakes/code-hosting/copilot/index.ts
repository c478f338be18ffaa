import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedSeat } from './seed.js';

export { COPILOT_OPS } from './routes.js';
export { type CopilotSlice, initialCopilotSlice } from './state.js';

/** The family's seeder (see `RELATION_SEEDERS`): a member's Copilot path seeds their seat. */
export const COPILOT_SEEDER: RelationSeeder = pathSeeder({
  '/orgs/{org}/members/{username}/assistant': seedSeat,
});
