import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedOrgMembershipResource } from './seed.js';

export { ORG_MEMBERSHIP_OPS } from './routes.js';
export { type OrgMembershipSlice, initialOrgMembershipSlice } from './state.js';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a membership or invitation path stores it in the membership model. */
export const ORG_MEMBERSHIP_SEEDER: RelationSeeder = pathSeeder({
  '/orgs/{org}/members/{username}': seedOrgMembershipResource,
  '/orgs/{org}/memberships/{username}': seedOrgMembershipResource,
  '/orgs/{org}/invitations/{invitation_id}': seedOrgMembershipResource,
  '/user/memberships/orgs/{org}': seedOrgMembershipResource,
});
