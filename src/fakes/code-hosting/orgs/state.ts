import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/**
 * An organization role (GitHub's membership `role`): `admin` (an owner), `member`, or `billing_manager`
 * (manages billing; not a member: no repository access, not listed among the members).
 */
export type OrgRole = 'admin' | 'member' | 'billing_manager';

/** A membership of a user in an organization. */
export interface MembershipRecord {
  org: string;
  login: string;
  role: OrgRole;
  state: 'pending' | 'active';
  /** The pending invitation's id. */
  invitationId?: number;
}

/** A pending organization invitation. */
export interface OrgInvitationRecord {
  id: number;
  org: string;
  /** The invitee's login (null for an invitation by email to someone without an account). */
  login: string | null;
  email: string | null;
  /** GitHub's invitation role: `direct_member`, `admin`, `billing_manager`, `reinstate`. */
  role: string;
  inviter: string;
  created_at: string;
}

/** The organization membership indexes. */
export interface OrgMembershipSlice {
  /** `<org lower>:<login lower>` → membership. */
  memberships: Table<MembershipRecord>;
  /** Invitation id → invitation. */
  invitations: Table<OrgInvitationRecord>;
  /** `members:<org>` → active member logins, `inv:<org>` → invitation ids, `user:<login>` → organizations (all lower-cased). */
  lists: KeyLists;
  /**
   * Organization roles assigned (`PUT /orgs/{org}/organization-roles/users|teams/...`): `user:<org lower>:<login lower>`
   * and `team:<team id>` → the role ids, in assignment order.
   */
  roleAssignments: Table<number[]>;
}

/** Empty organization membership indexes. */
export function initialOrgMembershipSlice(): OrgMembershipSlice {
  return { memberships: emptyTable(), invitations: emptyTable(), lists: emptyTable(), roleAssignments: emptyTable() };
}

/** The key of a membership in the indexes: `<org lower-cased>:<login lower-cased>`. */
export const membershipKey = (org: string, login: string) => `${org.toLowerCase()}:${login.toLowerCase()}`;

/** The key of a user's organization role assignments. */
export const userRolesKey = (org: string, login: string) => `user:${org.toLowerCase()}:${login.toLowerCase()}`;

/** The key of a team's organization role assignments (by team id: a renamed team keeps its roles). */
export const teamRolesKey = (teamId: number) => `team:${teamId}`;
