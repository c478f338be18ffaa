import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedSocialResource } from './seed.js';

export { SOCIAL_OPS } from './routes.js';
export { stargazerCount } from './model.js';
export { type Join, type SocialSlice, initialSocialSlice } from './state.js';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a star or follow path stores the join. */
export const SOCIAL_SEEDER: RelationSeeder = pathSeeder({
  '/user/starred/{owner}/{repo}': seedSocialResource,
  '/user/following/{username}': seedSocialResource,
  '/users/{username}/following/{target_user}': seedSocialResource,
});
