import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedImmutablePolicy, seedToggle } from './seed.js';

export { REPO_SETTINGS_OPS } from './routes.js';
export { type RepoSettingsSlice, initialRepoSettingsSlice } from './state.js';

const R = '/repos/{owner}/{repo}';

/** The family's seeder (see `RELATION_SEEDERS`): a toggle path turns the toggle on; the organization path sets its policy. */
export const REPO_SETTINGS_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/private-vulnerability-reporting`]: seedToggle,
  [`${R}/immutable-releases`]: seedToggle,
  [`${R}/automated-security-fixes`]: seedToggle,
  [`${R}/vulnerability-alerts`]: seedToggle,
  '/orgs/{org}/settings/immutable-releases': seedImmutablePolicy,
});
