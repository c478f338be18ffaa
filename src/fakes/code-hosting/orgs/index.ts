import { type Family, opRoutes } from '../core/family.js';
import { ORG_MEMBERSHIP_OPS } from './routes.js';
import { USER_ORG_OPS } from './routes/user-orgs.js';
import { ORG_MEMBERSHIP_SEEDER } from './seed.js';

/** Organization memberships and invitations, and a user's organizations. */
export const family: Family = { name: 'orgs', routes: opRoutes({ ...ORG_MEMBERSHIP_OPS, ...USER_ORG_OPS }), seeder: ORG_MEMBERSHIP_SEEDER };
