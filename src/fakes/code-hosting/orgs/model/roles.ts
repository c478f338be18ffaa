import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../../store/key-list.js';
import { emptyTable, tableDelete, tableGet, tableSet } from '../../../../store/table.js';
import type { CodeHostingState } from '../../state.js';
import { teamRolesKey, userRolesKey } from '../state.js';

/**
 * Organization role assignments: which organization roles (custom or predefined, stored at
 * `/orgs/{org}/organization-roles/{role_id}`) a user holds directly and a team holds for its members.
 * Indexed both ways: by user and by team id (`roleAssignments`: what a role grants is found by lookups,
 * `core/custom-org-roles.ts`), and by role (`lists`: `roleusers:<org>:<id>` → logins,
 * `roleteams:<org>:<id>` → team ids, in assignment order) for the role's own lists.
 */

const roleUsers = (org: string, roleId: number) => `roleusers:${org.toLowerCase()}:${roleId}`;
const roleTeams = (org: string, roleId: number) => `roleteams:${org.toLowerCase()}:${roleId}`;

function table(state: CodeHostingState) {
  state.orgMemberships.roleAssignments ??= emptyTable();
  return state.orgMemberships.roleAssignments;
}

/** Assigns a role; answers whether it is new. */
function assign(state: CodeHostingState, key: string, roleId: number): boolean {
  const t = table(state);
  const ids = tableGet(t, key) ?? [];
  if (ids.includes(roleId)) return false;
  tableSet(t, key, [...ids, roleId]);
  return true;
}

/** Takes a role back, or every role when `roleId` is undefined; answers the role ids taken back. */
function revoke(state: CodeHostingState, key: string, roleId?: number): number[] {
  const t = table(state);
  const ids = tableGet(t, key);
  if (!ids) return [];
  const gone = roleId === undefined ? ids : ids.filter((id) => id === roleId);
  const left = roleId === undefined ? [] : ids.filter((id) => id !== roleId);
  if (left.length === 0) tableDelete(t, key);
  else tableSet(t, key, left);
  return [...gone];
}

/** Assigns an organization role to a member of the organization. */
export function assignUserRole(state: CodeHostingState, org: string, login: string, roleId: number): void {
  if (assign(state, userRolesKey(org, login), roleId)) keyListPush(state.orgMemberships.lists, roleUsers(org, roleId), login.toLowerCase());
}

/** Takes an organization role (or all of them) back from a user. */
export function revokeUserRole(state: CodeHostingState, org: string, login: string, roleId?: number): void {
  for (const id of revoke(state, userRolesKey(org, login), roleId)) keyListRemove(state.orgMemberships.lists, roleUsers(org, id), login.toLowerCase());
}

/** Assigns an organization role to a team of the organization (its members hold it). */
export function assignTeamRole(state: CodeHostingState, org: string, teamId: number, roleId: number): void {
  if (assign(state, teamRolesKey(teamId), roleId)) keyListPush(state.orgMemberships.lists, roleTeams(org, roleId), String(teamId));
}

/** Takes an organization role (or all of them) back from a team. */
export function revokeTeamRole(state: CodeHostingState, org: string, teamId: number, roleId?: number): void {
  for (const id of revoke(state, teamRolesKey(teamId), roleId)) keyListRemove(state.orgMemberships.lists, roleTeams(org, id), String(teamId));
}

/** The logins (lower-cased) a role is assigned to directly, in assignment order. */
export function usersOfRole(state: CodeHostingState, org: string, roleId: number): string[] {
  return keyListAll(keyList(state.orgMemberships.lists, roleUsers(org, roleId)));
}

/** The ids of the teams a role is assigned to, in assignment order. */
export function teamsOfRole(state: CodeHostingState, org: string, roleId: number): number[] {
  return keyListAll(keyList(state.orgMemberships.lists, roleTeams(org, roleId))).map(Number);
}
