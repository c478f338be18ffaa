import { nextId } from '../../../store/ids.js';
import { keyListPush } from '../../../store/key-list.js';
import { tableSet } from '../../../store/table.js';
import type { Resource } from '../core/catalog/state.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { seededRepo } from '../git/seed.js';
import { collaboratorView, invitationById, invitationView, pendingInvitation, putCollaborator, roleOf } from './model.js';
import type { InvitationRecord } from './state.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

const loginIn = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { login?: unknown }).login === 'string' ? (v as { login: string }).login : undefined;

/**
 * `seed.resource` of `/repos/o/r/collaborators/<login>` (a collaborator; `permission`: `pull`, `triage`,
 * `push`, `maintain`, `admin` or GitHub's role names, default `push`) or `/repos/o/r/invitations/<id>`
 * (a pending invitation of that id; `invitee`, default the default caller `octocat`; `permissions`).
 */
export function seedCollaboratorResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/(collaborators|invitations)\/([^/]+)$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no collaborator or invitation path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)).record;
  const name = decodeURIComponent(m[4] as string);
  if (m[3] === 'collaborators') {
    const role = roleOf(body.permission ?? body.role_name) ?? 'write';
    putCollaborator(state, repo, name, role);
    return collaboratorView({ login: name, role });
  }
  const id = /^\d+$/.test(name) ? Number(name) : nextId(state.counters, 'catalog', 1000);
  const invitee = loginIn(body.invitee) ?? DEFAULT_LOGIN;
  const existing = invitationById(state, id) ?? pendingInvitation(state, repo, invitee);
  if (existing) return invitationView(state, existing, env.baseUrl);
  const inv: InvitationRecord = {
    id,
    repoId: repo.id,
    invitee,
    inviter: loginIn(body.inviter) ?? repo.ownerLogin,
    role: roleOf(body.permissions) ?? 'write',
    created_at: env.now,
  };
  tableSet(state.collaborators.invitations, String(id), inv);
  tableSet(state.collaborators.pending, `${repo.id}:${invitee.toLowerCase()}`, id);
  keyListPush(state.collaborators.lists, `inv:${repo.id}`, String(id));
  keyListPush(state.collaborators.lists, `user:${invitee.toLowerCase()}`, String(id));
  return invitationView(state, inv, env.baseUrl);
}

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a collaborator or invitation path stores it in the collaborator model. */
export const COLLABORATOR_SEEDER: RelationSeeder = pathSeeder({
  '/repos/{owner}/{repo}/collaborators/{username}': seedCollaboratorResource,
  '/repos/{owner}/{repo}/invitations/{invitation_id}': seedCollaboratorResource,
});
