import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedReleaseResource } from './seed.js';

export { RELEASE_OPS } from './routes.js';

const R = '/repos/{owner}/{repo}/releases';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a release path creates a release (indexed by id and tag). */
export const RELEASE_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/{release_id}`]: seedReleaseResource,
  [`${R}/tags/{tag}`]: seedReleaseResource,
  [`${R}/latest`]: seedReleaseResource,
});
