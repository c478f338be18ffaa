import { checkRequired } from '../core/catalog/engine.js';
import { githubError } from '../core/errors.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { loginOf, paged, param, query, str } from '../core/ops.js';
import {
  activate,
  activeMembers,
  dropOrgInvitation,
  invite,
  membershipOf,
  membershipView,
  membershipsOfUser,
  orgInvitationById,
  orgInvitationView,
  orgInvitations,
  removeMembership,
} from './model.js';
import type { OrgRole } from './state.js';
import { ORG_ROLE_ASSIGNMENT_OPS } from './routes/roles.js';

/** Organization membership and invitation operations. */

const DOCS = 'https://docs.github.com/rest/orgs/members';
const org = (rc: RelationContext) => param(rc.op, 'org');
const username = (rc: RelationContext) => param(rc.op, 'username');

function roleBody(rc: RelationContext, fallback: OrgRole): OrgRole {
  const r = rc.op.body.role;
  if (r === undefined) return fallback;
  if (r !== 'admin' && r !== 'member') throw githubError.validation([{ resource: 'Membership', code: 'invalid', field: 'role' }], DOCS);
  return r;
}

const listMembers: RelationOp = (rc) => {
  const role = query(rc.op, 'role');
  const members = activeMembers(rc.state, org(rc)).filter((m) => !role || role === 'all' || m.role === role);
  return paged(
    rc.op,
    members.map((m) => ({ login: m.login })),
  );
};

const checkMember: RelationOp = (rc) => {
  if (membershipOf(rc.state, org(rc), username(rc))?.state !== 'active') throw githubError.notFound(DOCS);
  return { status: 204 };
};

const removeMember: RelationOp = (rc) => {
  removeMembership(rc.state, org(rc), username(rc));
  return { status: 204 };
};

const getMembership: RelationOp = (rc) => {
  const m = membershipOf(rc.state, org(rc), username(rc));
  if (!m) throw githubError.notFound(DOCS);
  return { status: 200, body: membershipView(m, rc.op.baseUrl) };
};

/** An active member gets the role; anyone else a pending membership and an invitation. */
const setMembership: RelationOp = (rc) => {
  const o = org(rc);
  const login = username(rc);
  const current = membershipOf(rc.state, o, login);
  const role = roleBody(rc, current?.role ?? 'member');
  if (current?.state === 'active') return { status: 200, body: membershipView(activate(rc.state, o, login, role), rc.op.baseUrl) };
  invite(rc.state, o, { login, email: null }, role === 'admin' ? 'admin' : 'direct_member', { inviter: loginOf(rc.op), now: rc.op.now });
  return { status: 200, body: membershipView(membershipOf(rc.state, o, login) as NonNullable<ReturnType<typeof membershipOf>>, rc.op.baseUrl) };
};

const removeMembershipOp: RelationOp = (rc) => {
  if (!removeMembership(rc.state, org(rc), username(rc))) throw githubError.notFound(DOCS);
  return { status: 204 };
};

const INVITE_ROLES = ['admin', 'direct_member', 'billing_manager', 'reinstate'];

const listInvitations: RelationOp = (rc) => {
  const role = query(rc.op, 'role');
  const items = orgInvitations(rc.state, org(rc)).filter((i) => !role || role === 'all' || i.role === role);
  return paged(
    rc.op,
    items.map((i) => orgInvitationView(i, rc.op.baseUrl)),
  );
};

const createInvitation: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const inviteeId = rc.op.body.invitee_id;
  const email = str(rc.op.body, 'email') ?? null;
  const role = str(rc.op.body, 'role') ?? 'direct_member';
  const docs = 'https://docs.github.com/rest/orgs/members#create-an-organization-invitation';
  if (!INVITE_ROLES.includes(role)) throw githubError.validation([{ resource: 'OrganizationInvitation', code: 'invalid', field: 'role' }], docs);
  let login: string | null = null;
  if (inviteeId !== undefined && inviteeId !== null) {
    const found = rc.state.accountIds[String(inviteeId)];
    const account = found === undefined ? undefined : rc.state.accounts[found];
    if (!account) throw githubError.notFound(docs);
    login = account.login;
  } else if (!email) {
    throw githubError.validation([{ resource: 'OrganizationInvitation', code: 'missing_field', field: 'invitee_id' }], docs);
  }
  const inv = invite(rc.state, org(rc), { login, email }, role, { inviter: loginOf(rc.op), now: rc.op.now });
  return { status: 201, body: orgInvitationView(inv, rc.op.baseUrl) };
};

const cancelInvitation: RelationOp = (rc) => {
  const inv = orgInvitationById(rc.state, param(rc.op, 'invitation_id'));
  if (!inv || inv.org.toLowerCase() !== org(rc).toLowerCase())
    throw githubError.notFound('https://docs.github.com/rest/orgs/members#cancel-an-organization-invitation');
  dropOrgInvitation(rc.state, inv);
  return { status: 204 };
};

const myMemberships: RelationOp = (rc) => {
  const state = query(rc.op, 'state');
  const items = membershipsOfUser(rc.state, loginOf(rc.op)).filter((m) => !state || m.state === state);
  return paged(
    rc.op,
    items.map((m) => membershipView(m, rc.op.baseUrl)),
  );
};

const myMembership: RelationOp = (rc) => {
  const m = membershipOf(rc.state, org(rc), loginOf(rc.op));
  if (!m) throw githubError.notFound(DOCS);
  return { status: 200, body: membershipView(m, rc.op.baseUrl) };
};

/** The invitee accepts (`state: 'active'`): the pending membership becomes active, the invitation goes. */
const acceptMembership: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  if (rc.op.body.state !== 'active') throw githubError.validation([{ resource: 'Membership', code: 'invalid', field: 'state' }], DOCS);
  const login = loginOf(rc.op);
  const m = membershipOf(rc.state, org(rc), login);
  if (!m) throw githubError.notFound(DOCS);
  return { status: 200, body: membershipView(activate(rc.state, org(rc), login, m.role), rc.op.baseUrl) };
};

/** Organization membership operations by `METHOD template`, organization role assignments included. */
export const ORG_MEMBERSHIP_OPS: Readonly<Record<string, RelationOp>> = {
  'GET /orgs/{org}/members': listMembers,
  'GET /orgs/{org}/members/{username}': checkMember,
  'DELETE /orgs/{org}/members/{username}': removeMember,
  'GET /orgs/{org}/memberships/{username}': getMembership,
  'PUT /orgs/{org}/memberships/{username}': setMembership,
  'DELETE /orgs/{org}/memberships/{username}': removeMembershipOp,
  'GET /orgs/{org}/invitations': listInvitations,
  'POST /orgs/{org}/invitations': createInvitation,
  'DELETE /orgs/{org}/invitations/{invitation_id}': cancelInvitation,
  'GET /user/memberships/orgs': myMemberships,
  'GET /user/memberships/orgs/{org}': myMembership,
  'PATCH /user/memberships/orgs/{org}': acceptMembership,
  ...ORG_ROLE_ASSIGNMENT_OPS,
};
