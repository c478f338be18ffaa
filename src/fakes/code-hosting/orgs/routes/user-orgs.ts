import { tableGet } from '../../../../store/table.js';
import type { RelationContext, RelationOp } from '../../core/family.js';
import { accountOf } from '../../core/lookup.js';
import { loginOf, paged, param } from '../../core/ops.js';
import { renderOrgSimple } from '../../hooks/model.js';
import type { MembershipRecord } from '../state.js';
import { membershipsOfUser } from '../model.js';

/**
 * A user's organizations, from their memberships: `GET /user/orgs` lists every organization the
 * caller is an active member of; `GET /users/{username}/orgs` only those where the user made their
 * membership public (`PUT /orgs/{org}/public_members/{username}`), whoever asks, as GitHub documents.
 * O(memberships of the user).
 */

/** Whether a member published their membership (the record `PUT .../public_members/{username}` stores). */
function isPublic(rc: RelationContext, m: MembershipRecord): boolean {
  const key = (org: string, login: string) => `/orgs/${encodeURIComponent(org)}/public_members/${encodeURIComponent(login)}`;
  const org = accountOf(rc.state, m.org).login;
  return [key(org, m.login), key(m.org, m.login), key(org.toLowerCase(), m.login.toLowerCase())].some(
    (k) => tableGet(rc.state.catalog.records, k) !== undefined,
  );
}

function orgsOf(rc: RelationContext, login: string, publicOnly: boolean) {
  const orgs = membershipsOfUser(rc.state, login)
    .filter((m) => m.state === 'active' && (!publicOnly || isPublic(rc, m)))
    .map((m) => renderOrgSimple(accountOf(rc.state, m.org), rc.op.baseUrl));
  return paged(rc.op, orgs);
}

/** The operations by `METHOD template`. */
export const USER_ORG_OPS: Readonly<Record<string, RelationOp>> = {
  'GET /user/orgs': (rc) => orgsOf(rc, loginOf(rc.op), false),
  'GET /users/{username}/orgs': (rc) => orgsOf(rc, param(rc.op, 'username'), true),
};
