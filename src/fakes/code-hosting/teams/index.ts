import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedTeamResource } from './seed.js';

export { TEAM_OPS, TEAM_PATHS } from './routes.js';

const T = '/orgs/{org}/teams/{team_slug}';

/** The family's seeder (see `RELATION_SEEDERS`): a team, a membership or a repository grant by path. */
export const TEAM_SEEDER: RelationSeeder = pathSeeder({
  [T]: seedTeamResource,
  [`${T}/memberships/{username}`]: seedTeamResource,
  [`${T}/repos/{owner}/{repo}`]: seedTeamResource,
});
