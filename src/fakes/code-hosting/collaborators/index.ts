import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { seedCollaboratorResource } from './seed.js';

export { COLLABORATOR_OPS } from './routes.js';
export { type CollaboratorSlice, initialCollaboratorSlice } from './state.js';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a collaborator or invitation path stores it in the collaborator model. */
export const COLLABORATOR_SEEDER: RelationSeeder = pathSeeder({
  '/repos/{owner}/{repo}/collaborators/{username}': seedCollaboratorResource,
  '/repos/{owner}/{repo}/invitations/{invitation_id}': seedCollaboratorResource,
});
