import type { Resource } from '../core/catalog/state.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { activate, invite, membershipView, orgInvitationById, orgInvitationView } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';
import { assignTeamRole, assignUserRole } from './model/roles.js';
import { putResource } from '../core/catalog/engine.js';
import { isPredefinedRole } from '../core/custom-org-roles.js';

const loginIn = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { login?: unknown }).login === 'string' ? (v as { login: string }).login : undefined;

/**
 * `seed.resource` of organization membership paths: `/orgs/<org>/members/<login>` and
 * `/orgs/<org>/memberships/<login>` (an active member; `role` `admin`, `member` or `billing_manager`, or `state:
 * 'pending'` for an invited one), `/user/memberships/orgs/<org>` (the same for the default caller, or
 * `user`), `/orgs/<org>/invitations/<id>` (an invitation of that id; `login` or `email`, `role`).
 */
export function seedOrgMembershipResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const inv = /^\/orgs\/([^/]+)\/invitations\/(\d+)$/.exec(key);
  if (inv) {
    const org = decodeURIComponent(inv[1] as string);
    const existing = orgInvitationById(state, inv[2] as string);
    if (existing) return orgInvitationView(existing, env.baseUrl);
    const login = loginIn(body.login) ?? (typeof body.email === 'string' ? null : DEFAULT_LOGIN);
    const email = typeof body.email === 'string' ? body.email : null;
    const role = typeof body.role === 'string' ? body.role : 'direct_member';
    return orgInvitationView(
      invite(state, org, { login, email }, role, { inviter: loginIn(body.inviter) ?? DEFAULT_LOGIN, now: env.now, id: Number(inv[2]) }),
      env.baseUrl,
    );
  }
  const m = /^\/orgs\/([^/]+)\/(?:members|memberships)\/([^/]+)$/.exec(key) ?? /^\/user\/memberships\/orgs\/([^/]+)$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no organization membership path`);
  const org = decodeURIComponent(m[1] as string);
  const login = m[2] ? decodeURIComponent(m[2]) : (loginIn(body.user) ?? DEFAULT_LOGIN);
  const role = body.role === 'admin' ? 'admin' : body.role === 'billing_manager' ? 'billing_manager' : 'member';
  if (body.state === 'pending') {
    invite(state, org, { login, email: null }, role === 'member' ? 'direct_member' : role, { inviter: DEFAULT_LOGIN, now: env.now });
    return membershipView({ org, login, role, state: 'pending' }, env.baseUrl);
  }
  return membershipView(activate(state, org, login, role), env.baseUrl);
}

/**
 * `seed.resource` of an organization role assignment: `/orgs/<org>/organization-roles/users/<login>/<role id>`
 * or `/orgs/<org>/organization-roles/teams/<team slug>/<role id>` (a team seeded before; otherwise nothing is
 * assigned). The body is ignored.
 */
export function seedOrgRoleAssignment(state: CodeHostingState, key: string): Resource {
  const m = /^\/orgs\/([^/]+)\/organization-roles\/(users|teams)\/([^/]+)\/(\d+)$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no organization role assignment path`);
  const org = decodeURIComponent(m[1] as string);
  const who = decodeURIComponent(m[3] as string);
  const roleId = Number(m[4]);
  if (m[2] === 'users') assignUserRole(state, org, who, roleId);
  else {
    const teamId = state.teams.bySlug[`${org.toLowerCase()}\n${who.toLowerCase()}`];
    // A team not seeded (yet) holds nothing: there is no team to assign the role to.
    if (teamId !== undefined) assignTeamRole(state, org, teamId, roleId);
  }
  return {};
}

const ROLE_TEMPLATE = '/orgs/{org}/organization-roles/{role_id}';

/**
 * `seed.resource` of an organization role: the organization it belongs to, and where it comes from
 * (`Predefined` for one of GitHub's predefined roles, else `Organization`), unless the seed says.
 */
function seedOrgRole(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const org = decodeURIComponent(/^\/orgs\/([^/]+)/.exec(key)?.[1] ?? '');
  const source = typeof body.name === 'string' && isPredefinedRole(body.name) ? 'Predefined' : 'Organization';
  return putResource(state.catalog, state.counters, ROLE_TEMPLATE, key, { organization: { login: org }, source, ...body }, env);
}

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a membership or invitation path stores it in the membership model. */
export const ORG_MEMBERSHIP_SEEDER: RelationSeeder = pathSeeder({
  '/orgs/{org}/members/{username}': seedOrgMembershipResource,
  '/orgs/{org}/memberships/{username}': seedOrgMembershipResource,
  '/orgs/{org}/invitations/{invitation_id}': seedOrgMembershipResource,
  '/user/memberships/orgs/{org}': seedOrgMembershipResource,
  '/orgs/{org}/organization-roles/users/{username}/{role_id}': seedOrgRoleAssignment,
  '/orgs/{org}/organization-roles/teams/{team_slug}/{role_id}': seedOrgRoleAssignment,
  [ROLE_TEMPLATE]: seedOrgRole,
});
