import { githubError } from '../core/errors.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { loginOf, paged, param, query, repoOf, str } from '../core/ops.js';
import {
  acceptInvitation,
  addCollaborator,
  badPermission,
  collaboratorView,
  collaboratorsOf,
  dropInvitation,
  invitationById,
  invitationIds,
  invitationView,
  permissionLevel,
  removeCollaborator,
  roleIn,
  roleOf,
} from './model.js';
import { type InvitationRecord, ROLES } from './state.js';

/** Collaborator and repository-invitation operations. */

const INV_DOCS = 'https://docs.github.com/rest/collaborators/invitations';
const COLLAB_DOCS = 'https://docs.github.com/rest/collaborators/collaborators';

const repoRecord = (rc: RelationContext) => repoOf(rc).record;
const username = (rc: RelationContext) => param(rc.op, 'username');

/** `permission` filter: collaborators holding at least that role (`pull`/`push` spelled as GitHub does). */
const list: RelationOp = (rc) => {
  const want = query(rc.op, 'permission');
  const min = want === undefined ? undefined : roleOf(want);
  if (want !== undefined && !min) throw badPermission();
  const all = collaboratorsOf(rc.state, repoRecord(rc)).filter((c) => !min || ROLES.indexOf(c.role) >= ROLES.indexOf(min));
  const affiliation = query(rc.op, 'affiliation');
  // The owner is no outside collaborator; everyone else of a user's repository is.
  const shown = affiliation === 'outside' ? all.slice(1) : all;
  return paged(rc.op, shown.map(collaboratorView));
};

const check: RelationOp = (rc) => {
  if (!roleIn(rc.state, repoRecord(rc), username(rc))) throw githubError.notFound(COLLAB_DOCS);
  return { status: 204 };
};

const add: RelationOp = (rc) => {
  const role = roleOf(rc.op.body.permission);
  if (!role) throw badPermission();
  const out = addCollaborator(rc.state, repoRecord(rc), username(rc), role, { inviter: loginOf(rc.op), now: rc.op.now });
  return out.status === 204 ? { status: 204 } : { status: 201, body: invitationView(rc.state, out.invitation, rc.op.baseUrl) };
};

const remove: RelationOp = (rc) => {
  removeCollaborator(rc.state, repoRecord(rc), username(rc));
  return { status: 204 };
};

const permission: RelationOp = (rc) => {
  const login = username(rc);
  const role = roleIn(rc.state, repoRecord(rc), login);
  return {
    status: 200,
    body: {
      permission: permissionLevel(role),
      role_name: role ?? 'none',
      user: role ? collaboratorView({ login, role }) : { login },
    },
  };
};

/** A page of invitation ids with its `Link` header (cut by `paged`), rendered. */
function invitationsPage(rc: RelationContext, name: string) {
  const out = paged(rc.op, invitationIds(rc.state, name));
  const items = (out.body as number[])
    .map((id) => invitationById(rc.state, id))
    .filter((i): i is InvitationRecord => i !== undefined)
    .map((i) => invitationView(rc.state, i, rc.op.baseUrl));
  return { ...out, body: items };
}

const listForRepo: RelationOp = (rc) => invitationsPage(rc, `inv:${repoRecord(rc).id}`);
const listForUser: RelationOp = (rc) => invitationsPage(rc, `user:${loginOf(rc.op).toLowerCase()}`);

const invitationId = (rc: RelationContext) => Number(param(rc.op, 'invitation_id'));

/** An invitation of the request's repository. */
function repoInvitation(rc: RelationContext): InvitationRecord {
  const inv = invitationById(rc.state, invitationId(rc));
  if (!inv || inv.repoId !== repoRecord(rc).id) throw githubError.notFound(INV_DOCS);
  return inv;
}

const updateInvitation: RelationOp = (rc) => {
  const inv = repoInvitation(rc);
  const p = str(rc.op.body, 'permissions');
  if (p !== undefined) {
    const role = roleOf(p);
    if (!role) throw githubError.validation([{ resource: 'RepositoryInvitation', code: 'invalid', field: 'permissions' }], INV_DOCS);
    inv.role = role;
  }
  return { status: 200, body: invitationView(rc.state, inv, rc.op.baseUrl) };
};

const deleteInvitation: RelationOp = (rc) => {
  dropInvitation(rc.state, repoInvitation(rc));
  return { status: 204 };
};

const accept: RelationOp = (rc) => {
  acceptInvitation(rc.state, invitationId(rc), loginOf(rc.op));
  return { status: 204 };
};

const decline: RelationOp = (rc) => {
  const inv = invitationById(rc.state, invitationId(rc));
  if (!inv || inv.invitee.toLowerCase() !== loginOf(rc.op).toLowerCase()) throw githubError.notFound(INV_DOCS);
  dropInvitation(rc.state, inv);
  return { status: 204 };
};

const C = '/repos/{owner}/{repo}/collaborators';

/** Collaborator operations by `METHOD template`. */
export const COLLABORATOR_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${C}`]: list,
  [`GET ${C}/{username}`]: check,
  [`PUT ${C}/{username}`]: add,
  [`DELETE ${C}/{username}`]: remove,
  [`GET ${C}/{username}/permission`]: permission,
  'GET /repos/{owner}/{repo}/invitations': listForRepo,
  'PATCH /repos/{owner}/{repo}/invitations/{invitation_id}': updateInvitation,
  'DELETE /repos/{owner}/{repo}/invitations/{invitation_id}': deleteInvitation,
  'GET /user/repository_invitations': listForUser,
  'PATCH /user/repository_invitations/{invitation_id}': accept,
  'DELETE /user/repository_invitations/{invitation_id}': decline,
};
