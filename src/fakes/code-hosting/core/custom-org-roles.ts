import { tableGet } from '../../../store/table.js';
import type { Resource } from './catalog/state.js';
import { membershipKey, teamRolesKey, userRolesKey } from '../orgs/state.js';
import type { CodeHostingState } from '../state.js';
import { type RepoRole, higherRole, parseRole } from './role-names.js';

/**
 * Organization roles (GitHub's custom and predefined organization roles: `POST /orgs/{org}/organization-roles`,
 * assigned with `PUT /orgs/{org}/organization-roles/users/{username}/{role_id}` or `.../teams/{team_slug}/{role_id}`).
 * A role grants two things to the active members it is assigned to, directly or through a team:
 * - its `base_role`: that repository role on every repository of the organization ("Repository
 *   permissions grant access to all current and future repositories in the organization");
 * - its `permissions`: the organization settings they name, through the API as through the browser.
 * Lookups read the user's and their teams' assignments (indexed by the orgs family), then each role by
 * its key: bounded by the roles a user holds.
 */

/**
 * The organization settings an organization-role permission opens (the permission names GitHub's
 * `GET /orgs/{org}/organization-fine-grained-permissions` lists and its predefined roles hold), as the
 * route templates they cover and whether reads only.
 */
const PERMISSION_ROUTES: Readonly<Record<string, { path: RegExp; readOnly?: boolean }>> = {
  write_organization_actions_secrets: { path: /^\/orgs\/\{org\}\/actions\/secrets(\/|$)/ },
  write_organization_actions_variables: { path: /^\/orgs\/\{org\}\/actions\/variables(\/|$)/ },
  write_organization_actions_settings: { path: /^\/orgs\/\{org\}\/actions\/(permissions|oidc)(\/|$)/ },
  write_organization_runners_and_runner_groups: { path: /^\/orgs\/\{org\}\/actions\/(runners|runner-groups)(\/|$)/ },
  read_organization_actions_usage_metrics: { path: /^\/orgs\/\{org\}\/actions\/cache\/usage/, readOnly: true },
  manage_organization_webhooks: { path: /^\/orgs\/\{org\}\/hooks(\/|$)/ },
  // "This permission does not allow the user to assign custom roles": the roles, not their assignments.
  write_organization_custom_org_role: { path: /^\/orgs\/\{org\}\/organization-roles(\/\{role_id\})?$/ },
  read_organization_custom_org_role: { path: /^\/orgs\/\{org\}\/organization-roles(\/\{role_id\})?$/, readOnly: true },
  write_organization_custom_repo_role: { path: /^\/orgs\/\{org\}\/custom-repository-roles(\/\{role_id\})?$/ },
  read_organization_custom_repo_role: { path: /^\/orgs\/\{org\}\/custom-repository-roles(\/\{role_id\})?$/, readOnly: true },
  manage_organization_ref_rules: { path: /^\/orgs\/\{org\}\/rulesets(\/|$)/ },
  manage_org_custom_properties_definitions: { path: /^\/orgs\/\{org\}\/properties\/schema(\/|$)/ },
  edit_org_custom_properties_values: { path: /^\/orgs\/\{org\}\/properties\/values$/ },
};

/**
 * GitHub's predefined organization roles (`source: "Predefined"`), by name: what they grant when a seeded
 * role carries only its name.
 */
const PREDEFINED: Readonly<Record<string, { base?: RepoRole; permissions: readonly string[] }>> = {
  all_repo_read: { base: 'read', permissions: [] },
  all_repo_triage: { base: 'triage', permissions: [] },
  all_repo_write: { base: 'write', permissions: [] },
  all_repo_maintain: { base: 'maintain', permissions: [] },
  all_repo_admin: { base: 'admin', permissions: [] },
  ci_cd_admin: {
    permissions: [
      'write_organization_actions_settings',
      'write_organization_actions_secrets',
      'write_organization_actions_variables',
      'write_organization_runners_and_runner_groups',
      'read_organization_actions_usage_metrics',
    ],
  },
};

/** Whether a role name is one of GitHub's predefined organization roles. */
export const isPredefinedRole = (name: string): boolean => Object.hasOwn(PREDEFINED, name);

/** What the organization roles a user holds grant: the highest base role and the permission names. */
export interface OrgRoleGrants {
  base: RepoRole | undefined;
  permissions: ReadonlySet<string>;
}

/** The record of an organization role (`/orgs/{org}/organization-roles/{id}`, as stored), if it exists. */
export function orgRoleRecord(state: CodeHostingState, org: string, id: number): Resource | undefined {
  const key = `/orgs/${encodeURIComponent(org)}/organization-roles/${id}`;
  return tableGet(state.catalog.records, key) ?? tableGet(state.catalog.records, key.toLowerCase());
}

/** The role ids assigned to a user in an organization, directly and through the organization's teams. */
function assignedRoleIds(state: CodeHostingState, org: string, login: string): number[] {
  const table = state.orgMemberships.roleAssignments;
  if (!table) return [];
  const ids = [...(tableGet(table, userRolesKey(org, login)) ?? [])];
  for (const teamId of state.teams.byMember[login.toLowerCase()] ?? []) {
    const team = state.teams.records[teamId];
    if (team && team.org.toLowerCase() === org.toLowerCase()) ids.push(...(tableGet(table, teamRolesKey(teamId)) ?? []));
  }
  return ids;
}

/**
 * What the organization roles of an active member grant (nothing for anyone else: GitHub assigns
 * organization roles to members only).
 */
export function orgRoleGrants(state: CodeHostingState, org: string, login: string): OrgRoleGrants {
  const permissions = new Set<string>();
  let base: RepoRole | undefined;
  const m = tableGet(state.orgMemberships.memberships, membershipKey(org, login));
  if (m?.state !== 'active' || m.role === 'billing_manager') return { base, permissions };
  for (const id of assignedRoleIds(state, org, login)) {
    const rec = orgRoleRecord(state, org, id);
    if (!rec) continue;
    const known = typeof rec.name === 'string' ? PREDEFINED[rec.name] : undefined;
    const roleBase = parseRole(typeof rec.base_role === 'string' ? rec.base_role : undefined) ?? known?.base;
    base = higherRole(base, roleBase);
    const names = Array.isArray(rec.permissions) && rec.permissions.length > 0 ? rec.permissions : (known?.permissions ?? []);
    for (const p of names) if (typeof p === 'string') permissions.add(p);
  }
  return { base, permissions };
}

/** Whether organization-role permissions open a route (`METHOD template`). */
export function permissionsOpen(permissions: ReadonlySet<string>, route: string): boolean {
  if (permissions.size === 0) return false;
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const path = route.slice(space + 1);
  for (const p of permissions) {
    const hit = PERMISSION_ROUTES[p];
    if (hit?.path.test(path) && (!hit.readOnly || method === 'GET')) return true;
  }
  return false;
}
