import { type Family, opRoutes } from '../core/family.js';
import { REPO_SETTINGS_OPS } from './routes.js';
import { REPO_SETTINGS_SEEDER } from './seed.js';

/** Repository security toggles and organization immutable-releases policies. */
export const family: Family = { name: 'repo-settings', routes: opRoutes(REPO_SETTINGS_OPS), seeder: REPO_SETTINGS_SEEDER };
