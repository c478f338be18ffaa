import { own } from '../../../../store/records.js';
import { orgRoleRecord } from '../../core/custom-org-roles.js';
import { githubError } from '../../core/errors.js';
import type { RelationContext, RelationOp } from '../../core/family.js';
import { accountKey } from '../../users/state.js';
import { membershipOf } from '../model.js';
import { assignTeamRole, assignUserRole, revokeTeamRole, revokeUserRole, teamsOfRole, usersOfRole } from '../model/roles.js';
import { teamView } from '../../teams/model.js';
import type { Resource } from '../../core/catalog/state.js';
import { paged, param } from '../../core/ops.js';

/**
 * Assigning organization roles to users and teams (GitHub's orgs/organization-roles): `204`; `404` when
 * the role, user or team does not exist; `422` for a user who is not a member of the organization. A
 * role's users list those it is assigned to directly (`assignment: "direct"`) and through its teams
 * (`"indirect"`, `inherited_from` the teams; `"mixed"` when both). What the roles grant is
 * `core/custom-org-roles.ts`.
 */

const DOCS = 'https://docs.github.com/rest/orgs/organization-roles';
const org = (rc: RelationContext) => param(rc.op, 'org');
const noContent = () => ({ status: 204 });

/** The role in the path; 404 when the organization has no such role. */
function roleId(rc: RelationContext): number {
  const raw = param(rc.op, 'role_id');
  const id = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || !orgRoleRecord(rc.state, org(rc), id)) throw githubError.notFound(DOCS);
  return id;
}

/** The team in the path (its id); 404 when the organization has no such team. */
function teamId(rc: RelationContext): number {
  const id = slugId(rc);
  if (id === undefined) throw githubError.notFound(DOCS);
  return id;
}

/** The user in the path; 404 when there is no such account, 422 when they are not a member. */
function member(rc: RelationContext): string {
  const login = param(rc.op, 'username');
  if (!own(rc.state.accounts, accountKey(login))) throw githubError.notFound(DOCS);
  const m = membershipOf(rc.state, org(rc), login);
  if (m?.state !== 'active' || m.role === 'billing_manager') {
    throw githubError.validation([{ resource: 'OrganizationRole', code: 'invalid', field: 'username', message: 'User is not an organization member' }], DOCS);
  }
  return login;
}

const slugId = (rc: RelationContext) => rc.state.teams.bySlug[`${org(rc).toLowerCase()}\n${param(rc.op, 'team_slug').toLowerCase()}`];

/** A role's users: direct assignments first, then its teams' members, each once. */
function roleUsersList(rc: RelationContext): Resource[] {
  const id = roleId(rc);
  const out = new Map<string, Resource & { inherited_from: Resource[] }>();
  for (const login of usersOfRole(rc.state, org(rc), id)) out.set(login, { login, assignment: 'direct', inherited_from: [] });
  for (const teamId of teamsOfRole(rc.state, org(rc), id)) {
    const team = rc.state.teams.records[teamId];
    if (!team) continue;
    const simple = teamView(rc.state, rc.op.baseUrl, team);
    for (const login of rc.state.teams.members[teamId] ?? []) {
      const seen = out.get(login.toLowerCase());
      if (seen) {
        if (seen.assignment === 'direct') seen.assignment = 'mixed';
        seen.inherited_from.push(simple);
      } else out.set(login.toLowerCase(), { login, assignment: 'indirect', inherited_from: [simple] });
    }
  }
  return [...out.values()];
}

/** Organization role assignment operations by `METHOD template`. */
export const ORG_ROLE_ASSIGNMENT_OPS: Readonly<Record<string, RelationOp>> = {
  'PUT /orgs/{org}/organization-roles/users/{username}/{role_id}': (rc) => {
    const id = roleId(rc);
    assignUserRole(rc.state, org(rc), member(rc), id);
    return noContent();
  },
  'DELETE /orgs/{org}/organization-roles/users/{username}/{role_id}': (rc) => {
    revokeUserRole(rc.state, org(rc), param(rc.op, 'username'), Number(param(rc.op, 'role_id')));
    return noContent();
  },
  'DELETE /orgs/{org}/organization-roles/users/{username}': (rc) => {
    revokeUserRole(rc.state, org(rc), param(rc.op, 'username'));
    return noContent();
  },
  'PUT /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}': (rc) => {
    const id = roleId(rc);
    assignTeamRole(rc.state, org(rc), teamId(rc), id);
    return noContent();
  },
  'DELETE /orgs/{org}/organization-roles/teams/{team_slug}/{role_id}': (rc) => {
    const id = slugId(rc);
    if (id !== undefined) revokeTeamRole(rc.state, org(rc), id, Number(param(rc.op, 'role_id')));
    return noContent();
  },
  'DELETE /orgs/{org}/organization-roles/teams/{team_slug}': (rc) => {
    const id = slugId(rc);
    if (id !== undefined) revokeTeamRole(rc.state, org(rc), id);
    return noContent();
  },
  'GET /orgs/{org}/organization-roles/{role_id}/users': (rc) => paged(rc.op, roleUsersList(rc)),
  'GET /orgs/{org}/organization-roles/{role_id}/teams': (rc) => {
    const id = roleId(rc);
    const teams = teamsOfRole(rc.state, org(rc), id).flatMap((t) => {
      const team = rc.state.teams.records[t];
      return team ? [{ ...teamView(rc.state, rc.op.baseUrl, team), assignment: 'direct' }] : [];
    });
    return paged(rc.op, teams);
  },
};
