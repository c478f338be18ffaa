import { type Family, opRoutes } from '../core/family.js';
import { ORG_MEMBERSHIP_OPS } from './routes.js';
import { ORG_MEMBERSHIP_SEEDER } from './seed.js';

/** Organization memberships and invitations. */
export const family: Family = { name: 'orgs', routes: opRoutes(ORG_MEMBERSHIP_OPS), seeder: ORG_MEMBERSHIP_SEEDER };
