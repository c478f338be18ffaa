import type { RelationSeed } from '../types.js';
import { seedReleaseResource } from './seed.js';

export { RELEASE_OPS } from './ops.js';

const R = '/repos/{owner}/{repo}/releases';

/** Catalog paths whose `seed.resource` creates a release (indexed by id and tag). */
export const RELEASE_SEEDS: Readonly<Record<string, RelationSeed>> = {
  [`${R}/{release_id}`]: seedReleaseResource,
  [`${R}/tags/{tag}`]: seedReleaseResource,
  [`${R}/latest`]: seedReleaseResource,
};
