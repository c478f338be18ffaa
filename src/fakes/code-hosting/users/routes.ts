import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import { findAccount } from '../core/lookup.js';
import type { Account } from '../core/schemas/repo.js';
import { renderAccount } from '../core/shapes/account.js';
import { renderOrgSimple } from '../hooks/model.js';
import { DEFAULT_LOGIN, FULL_VIEW, unknownAccount } from '../core/shapes/render.js';
import { membershipKey } from '../orgs/state.js';
import { keyList, keyListSize } from '../../../store/key-list.js';
import { followCounts } from '../social/model.js';
import { knownAccount } from './model.js';
import type { CodeHostingState } from '../state.js';
import { tableGet } from '../../../store/table.js';
import { deleteOrg, orgRecord, updateOrg } from './model/orgs.js';
import { param } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';

/**
 * Accounts on their own paths: `GET /users/{username}`, `GET /user` and `GET /orgs/{org}` answer the
 * account every other answer links to (a repository's owner, a token's user, a team's organization,
 * the default caller), with the same `id`, `node_id` and avatar. A profile seeded or written by path
 * (`seed.resource('/users/mona', { name: 'Mona' })`, `PATCH /user`) is laid over it. A login nobody
 * knows answers 404, as on GitHub.
 */

const USERS_DOCS = 'https://docs.github.com/rest/users/users#get-a-user';
const ORGS_DOCS = 'https://docs.github.com/rest/orgs/orgs#get-an-organization';

/** The account of a login for this request (`knownAccount` with the caller). */
const accountNamed = (rc: RelationContext, login: string): Account | undefined => knownAccount(rc.state, login, rc.op.login);

/** Repositories of an owner that anybody may see. */
function publicRepos(state: CodeHostingState, login: string): number {
  let n = 0;
  for (const id of state.reposByOwner[login.toLowerCase()] ?? []) if (state.repos[id]?.private === false) n++;
  return n;
}

/** A user's profile: the account, the profile fields GitHub always sends, and what was written by path. */
function profile(rc: RelationContext, acc: Account, key: string): Resource {
  return {
    ...renderAccount(acc, rc.op.baseUrl),
    name: null,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: publicRepos(rc.state, acc.login),
    public_gists: 0,
    ...followCounts(rc.state, acc.login),
    ...(tableGet(rc.state.catalog.records, key) ?? {}),
  };
}

const getUser: RelationOp = (rc) => {
  const login = param(rc.op, 'username');
  const acc = accountNamed(rc, login);
  if (!acc) throw githubError.notFound(USERS_DOCS);
  return { status: 200, body: profile(rc, acc, rc.op.key) };
};

/** `GET /user/{account_id}`: a user (or organization) by id, as `/users/{login}` answers it. */
const getUserById: RelationOp = (rc) => {
  const login = rc.state.accountIds[param(rc.op, 'account_id')];
  const acc = login ? accountNamed(rc, login) : undefined;
  if (acc) return { status: 200, body: profile(rc, acc, `/users/${acc.login}`) };
  // A profile seeded on the id path (`seed.resource('/user/7', { login: 'mona' })`).
  const seeded = tableGet(rc.state.catalog.records, rc.op.key);
  if (!seeded) throw githubError.notFound(USERS_DOCS);
  return { status: 200, body: seeded };
};

const getAuthenticated: RelationOp = (rc) => {
  const login = rc.op.login ?? DEFAULT_LOGIN;
  const acc = accountNamed(rc, login) ?? unknownAccount(login);
  return { status: 200, body: profile(rc, acc, '/user') };
};

/** An organization as `GET /orgs/{org}` answers it: the account, laid over with its record (seeded by path, written by `PATCH`). */
function orgBody(rc: RelationContext, login: string): Resource {
  const acc = findAccount(rc.state, login);
  const seeded = orgRecord(rc.state, login, rc.op.key);
  if (acc?.type !== 'Organization' && !seeded) throw githubError.notFound(ORGS_DOCS);
  const org = acc ?? unknownAccount(login, 'Organization');
  const body: Resource = { ...renderOrgSimple(org, rc.op.baseUrl), public_repos: publicRepos(rc.state, org.login), type: 'Organization' };
  // An owner of the organization sees its admin view (billing, plan, member privileges).
  if (rc.op.login && isOrgAdmin(rc.state, org.login, rc.op.login)) Object.assign(body, adminView(rc.state, org), { [FULL_VIEW]: true });
  return Object.assign(body, seeded ?? {});
}

const getOrg: RelationOp = (rc) => ({ status: 200, body: orgBody(rc, param(rc.op, 'org')) });

const updateOrgOp: RelationOp = (rc) => {
  const login = updateOrg(rc.state, param(rc.op, 'org'), rc.op.body, rc.op.now);
  return { status: 200, body: orgBody(rc, login) };
};

const deleteOrgOp: RelationOp = (rc) => {
  deleteOrg(rc.state, param(rc.op, 'org'));
  return { status: 202, body: {} };
};

function isOrgAdmin(state: CodeHostingState, org: string, login: string): boolean {
  const m = tableGet(state.orgMemberships.memberships, membershipKey(org, login));
  return m?.state === 'active' && m.role === 'admin';
}

/** What the fake knows of an organization's admin view; the renderer sends GitHub's values for new organizations for the rest. */
function adminView(state: CodeHostingState, org: Account): Resource {
  let privateRepos = 0;
  for (const id of state.reposByOwner[org.login.toLowerCase()] ?? []) if (state.repos[id]?.private) privateRepos++;
  return {
    total_private_repos: privateRepos,
    owned_private_repos: privateRepos,
    disk_usage: 0,
    billing_email: `${org.login.toLowerCase()}@users.noreply.github.com`,
    plan: {
      name: 'free',
      space: 976562499,
      private_repos: 10000,
      filled_seats: keyListSize(keyList(state.orgMemberships.lists, `members:${org.login.toLowerCase()}`)),
      seats: 0,
    },
    default_repository_permission: 'read',
    members_can_create_repositories: true,
    members_allowed_repository_creation_type: 'all',
  };
}

/** The family's operations by `METHOD template`. */
export const USER_OPS: Readonly<Record<string, RelationOp>> = {
  'GET /users/{username}': getUser,
  'GET /user': getAuthenticated,
  'GET /user/{account_id}': getUserById,
  'GET /orgs/{org}': getOrg,
  'PATCH /orgs/{org}': updateOrgOp,
  'DELETE /orgs/{org}': deleteOrgOp,
};
