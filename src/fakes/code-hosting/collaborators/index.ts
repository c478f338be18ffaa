import { type Family, opRoutes } from '../core/family.js';
import { COLLABORATOR_OPS } from './routes.js';
import { COLLABORATOR_SEEDER } from './seed.js';

/** Repository collaborators and their invitations. */
export const family: Family = { name: 'collaborators', routes: opRoutes(COLLABORATOR_OPS), seeder: COLLABORATOR_SEEDER };
