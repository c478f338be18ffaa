import { nextId } from '../../../store/ids.js';
import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../store/key-list.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { type MembershipRecord, type OrgInvitationRecord, type OrgRole, membershipKey } from './state.js';

/**
 * Organization memberships and invitations. A membership is `pending` from the invitation (by
 * `orgs.setMembershipForUser` or `orgs.createInvitation`) until the user accepts it
 * (`orgs.updateMembershipForAuthenticatedUser({ state: 'active' })`), then `active`. Keyed by
 * `<org lower>:<login lower>`; lists of active members and of pending invitations by organization, of
 * memberships by user.
 */

const key = membershipKey;
const DOCS = 'https://docs.github.com/rest/orgs/members';

/** A membership (pending or active), if any. */
export function membershipOf(state: CodeHostingState, org: string, login: string): MembershipRecord | undefined {
  return tableGet(state.orgMemberships.memberships, key(org, login));
}

/** An invitation by id. */
export function orgInvitationById(state: CodeHostingState, id: number | string): OrgInvitationRecord | undefined {
  return tableGet(state.orgMemberships.invitations, String(id));
}

/** Active members of an organization, in the order they joined. */
export function activeMembers(state: CodeHostingState, org: string): MembershipRecord[] {
  return keyListAll(keyList(state.orgMemberships.lists, `members:${org.toLowerCase()}`))
    .map((l) => tableGet(state.orgMemberships.memberships, `${org.toLowerCase()}:${l}`))
    .filter((m): m is MembershipRecord => m !== undefined);
}

/** Pending invitations of an organization, oldest first. */
export function orgInvitations(state: CodeHostingState, org: string): OrgInvitationRecord[] {
  return keyListAll(keyList(state.orgMemberships.lists, `inv:${org.toLowerCase()}`))
    .map((id) => orgInvitationById(state, id))
    .filter((i): i is OrgInvitationRecord => i !== undefined);
}

/** Memberships of a user (every organization, pending ones included). */
export function membershipsOfUser(state: CodeHostingState, login: string): MembershipRecord[] {
  return keyListAll(keyList(state.orgMemberships.lists, `user:${login.toLowerCase()}`))
    .map((org) => membershipOf(state, org, login))
    .filter((m): m is MembershipRecord => m !== undefined);
}

const memberRole = (invitationRole: string): OrgRole =>
  invitationRole === 'admin' ? 'admin' : invitationRole === 'billing_manager' ? 'billing_manager' : 'member';

/** Creates an invitation (and the invitee's pending membership when they have a login). */
export function invite(
  state: CodeHostingState,
  org: string,
  who: { login: string | null; email: string | null },
  role: string,
  o: { inviter: string; now: string; id?: number },
): OrgInvitationRecord {
  if (who.login) {
    const m = membershipOf(state, org, who.login);
    if (m?.state === 'active')
      throw githubError.validation(
        [{ resource: 'OrganizationInvitation', code: 'unprocessable', field: 'data', message: 'Invitee is already a part of this organization' }],
        DOCS,
      );
    if (m?.invitationId !== undefined) {
      const existing = orgInvitationById(state, m.invitationId);
      if (existing) {
        existing.role = role;
        m.role = memberRole(role);
        return existing;
      }
    }
  }
  const id = o.id ?? nextId(state.counters, 'catalog', 1000);
  const inv: OrgInvitationRecord = { id, org, login: who.login, email: who.email, role, inviter: o.inviter, created_at: o.now };
  tableSet(state.orgMemberships.invitations, String(id), inv);
  keyListPush(state.orgMemberships.lists, `inv:${org.toLowerCase()}`, String(id));
  if (who.login) {
    tableSet(state.orgMemberships.memberships, key(org, who.login), { org, login: who.login, role: memberRole(role), state: 'pending', invitationId: id });
    keyListPush(state.orgMemberships.lists, `user:${who.login.toLowerCase()}`, org.toLowerCase());
  }
  return inv;
}

/** Removes an invitation from its table and its organization's list (the membership stays). */
function unlistInvitation(state: CodeHostingState, inv: OrgInvitationRecord): void {
  tableDelete(state.orgMemberships.invitations, String(inv.id));
  keyListRemove(state.orgMemberships.lists, `inv:${inv.org.toLowerCase()}`, String(inv.id));
}

/** Removes an invitation (and the pending membership it made). */
export function dropOrgInvitation(state: CodeHostingState, inv: OrgInvitationRecord): void {
  unlistInvitation(state, inv);
  if (inv.login) {
    const m = membershipOf(state, inv.org, inv.login);
    if (m?.state === 'pending') {
      tableDelete(state.orgMemberships.memberships, key(inv.org, inv.login));
      keyListRemove(state.orgMemberships.lists, `user:${inv.login.toLowerCase()}`, inv.org.toLowerCase());
    }
  }
}

/**
 * Makes a user an active member (an accepted invitation, a seed); its invitation goes. A billing manager
 * is active too, but not listed among the organization's members.
 */
export function activate(state: CodeHostingState, org: string, login: string, role: OrgRole): MembershipRecord {
  const m = membershipOf(state, org, login);
  if (m?.invitationId !== undefined) {
    const inv = orgInvitationById(state, m.invitationId);
    if (inv) unlistInvitation(state, inv);
  }
  const members = `members:${org.toLowerCase()}`;
  if (m?.state === 'active') {
    if ((m.role === 'billing_manager') !== (role === 'billing_manager')) {
      if (role === 'billing_manager') keyListRemove(state.orgMemberships.lists, members, login.toLowerCase());
      else keyListPush(state.orgMemberships.lists, members, login.toLowerCase());
    }
    m.role = role;
    return m;
  }
  if (!m) keyListPush(state.orgMemberships.lists, `user:${login.toLowerCase()}`, org.toLowerCase());
  tableSet(state.orgMemberships.memberships, key(org, login), { org, login, role, state: 'active' });
  if (role !== 'billing_manager') keyListPush(state.orgMemberships.lists, members, login.toLowerCase());
  return membershipOf(state, org, login) as MembershipRecord;
}

/** Removes a user from an organization: an active membership or a pending invitation. False when neither. */
export function removeMembership(state: CodeHostingState, org: string, login: string): boolean {
  const m = membershipOf(state, org, login);
  if (!m) return false;
  if (m.invitationId !== undefined) {
    const inv = orgInvitationById(state, m.invitationId);
    if (inv) dropOrgInvitation(state, inv);
  }
  if (m.state === 'active' && m.role !== 'billing_manager') keyListRemove(state.orgMemberships.lists, `members:${org.toLowerCase()}`, login.toLowerCase());
  if (tableDelete(state.orgMemberships.memberships, key(org, login)))
    keyListRemove(state.orgMemberships.lists, `user:${login.toLowerCase()}`, org.toLowerCase());
  return true;
}

/** GitHub's org-membership JSON. */
export function membershipView(m: MembershipRecord, baseUrl: string): Resource {
  return {
    url: `${baseUrl}/orgs/${m.org}/memberships/${m.login}`,
    state: m.state,
    role: m.role,
    organization_url: `${baseUrl}/orgs/${m.org}`,
    organization: { login: m.org, url: `${baseUrl}/orgs/${m.org}` },
    user: { login: m.login },
  };
}

/** GitHub's organization-invitation JSON. */
export function orgInvitationView(inv: OrgInvitationRecord, baseUrl: string): Resource {
  return {
    id: inv.id,
    login: inv.login,
    email: inv.email,
    role: inv.role,
    created_at: inv.created_at,
    failed_at: null,
    failed_reason: null,
    inviter: { login: inv.inviter },
    team_count: 0,
    node_id: Buffer.from(`OrganizationInvitation:${inv.id}`).toString('base64').replace(/=+$/, ''),
    invitation_teams_url: `${baseUrl}/orgs/${inv.org}/invitations/${inv.id}/teams`,
    invitation_source: 'member',
  };
}
