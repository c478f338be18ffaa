import { own } from '../../../store/records.js';
import { tableGet } from '../../../store/table.js';
import { membershipKey } from '../orgs/state.js';
import type { CodeHostingState } from '../state.js';
import { accountKey } from '../users/state.js';
import { orgRoleGrants, permissionsOpen } from './custom-org-roles.js';

/**
 * Organization roles: what GitHub lets a user do on `/orgs/{org}/...` routes. The role each route needs
 * comes from its GitHub operation description ("The authenticated user must be an organization owner",
 * "... an owner or security manager", "... an organization admin or billing manager", "... a member of
 * the organization"), tabled by `scripts/generate-org-roles.mjs` (`org-role-table.ts`). Roles come from
 * the state, by index lookups:
 * - owner: an active membership with role `admin`;
 * - member: any active membership (owners included), billing managers excluded;
 * - billing manager: an active membership with role `billing_manager` (an accepted invitation of that role);
 * - security manager: an active member of a team holding the security manager role
 *   (`PUT /orgs/{org}/security-managers/teams/{team_slug}`);
 * - team maintainer: a maintainer of the team in the route (`{team_slug}`);
 * - organization roles assigned to a member (`custom-org-roles.ts`): the settings their permissions name.
 */

/** The organization role a route needs. Every need but `member` is also met by an owner. */
export type OrgRoleNeed = 'member' | 'owner' | 'billing_manager' | 'security_manager' | 'team_maintainer';

/** The organization roles a user holds. */
export interface OrgStanding {
  owner: boolean;
  member: boolean;
  billingManager: boolean;
  securityManager: boolean;
}

const orgRecordKey = (org: string) => `/orgs/${encodeURIComponent(org)}`;

/** Whether an organization exists: an account of type Organization, or an organization seeded by its path. */
export function orgExists(state: CodeHostingState, org: string): boolean {
  if (own(state.accounts, accountKey(org))?.type === 'Organization') return true;
  return tableGet(state.catalog.records, orgRecordKey(org)) !== undefined || tableGet(state.catalog.records, orgRecordKey(org.toLowerCase())) !== undefined;
}

/** The team id of a slug in an organization, if any. */
function teamId(state: CodeHostingState, org: string, slug: string): number | undefined {
  return state.teams.bySlug[`${org.toLowerCase()}\n${slug.toLowerCase()}`];
}

/** Whether the user is an active member of a team of the organization that holds the security manager role. */
function inSecurityManagerTeam(state: CodeHostingState, org: string, login: string): boolean {
  for (const id of state.teams.byMember[login.toLowerCase()] ?? []) {
    const team = state.teams.records[id];
    if (!team || team.org.toLowerCase() !== org.toLowerCase()) continue;
    const key = `${orgRecordKey(org)}/security-managers/teams/${encodeURIComponent(team.slug)}`;
    if (tableGet(state.catalog.records, key) ?? tableGet(state.catalog.records, key.toLowerCase())) return true;
  }
  return false;
}

/** The roles a user holds in an organization (all false for a stranger or a pending invitation). */
export function orgStanding(state: CodeHostingState, org: string, login: string): OrgStanding {
  const m = tableGet(state.orgMemberships.memberships, membershipKey(org, login));
  const active = m?.state === 'active';
  const owner = active && m.role === 'admin';
  const member = active && m.role !== 'billing_manager';
  return { owner, member, billingManager: active && m.role === 'billing_manager', securityManager: member && inSecurityManagerTeam(state, org, login) };
}

/** Whether a user holds what a route needs in an organization (`team` is the route's `{team_slug}`). */
export function orgRoleAllows(state: CodeHostingState, login: string, need: OrgRoleNeed, org: string, team?: string): boolean {
  const s = orgStanding(state, org, login);
  if (s.owner) return true;
  switch (need) {
    case 'member':
      return s.member;
    case 'billing_manager':
      return s.billingManager;
    case 'security_manager':
      return s.securityManager;
    case 'team_maintainer': {
      const id = team === undefined ? undefined : teamId(state, org, team);
      return s.member && id !== undefined && state.teams.roles[`${id}\n${login.toLowerCase()}`] === 'maintainer';
    }
    default:
      return false;
  }
}

/**
 * Why a user may not use an organization route (`route`: its `METHOD template`, for the permissions of
 * the user's organization roles): `unknown` (no such organization: 404), `denied` (the
 * user lacks the role), or undefined when they may.
 */
export function orgRoleRefusal(
  state: CodeHostingState,
  login: string,
  need: OrgRoleNeed,
  org: string,
  team?: string,
  route?: string,
): 'unknown' | 'denied' | undefined {
  if (!orgExists(state, org)) return 'unknown';
  if (orgRoleAllows(state, login, need, org, team)) return undefined;
  // An organization role (custom or predefined) whose permissions cover the route (`METHOD template`).
  if (route !== undefined && permissionsOpen(orgRoleGrants(state, org, login).permissions, route)) return undefined;
  return 'denied';
}
