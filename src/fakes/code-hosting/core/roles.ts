import { own } from '../../../store/records.js';
import { keyList, keyListAll } from '../../../store/key-list.js';
import { tableGet } from '../../../store/table.js';
import { memberKey } from '../collaborators/state.js';
import { membershipKey } from '../orgs/state.js';
import type { CodeHostingState } from '../state.js';
import { teamRepoKey } from '../teams/state.js';
import type { RepoRecord } from './schemas/repo.js';

import { orgRoleGrants } from './custom-org-roles.js';
import { type RepoRole, higherRole as higher, parseRole, roleReaches } from './role-names.js';

export { REPO_ROLES, type RepoRole, parseRole, roleReaches } from './role-names.js';

const orgKey = (org: string) => `/orgs/${encodeURIComponent(org)}`;

/** An organization's base repository permission (`default_repository_permission`, stored by `orgs.update`; default `read`). */
function basePermission(state: CodeHostingState, org: string): RepoRole | undefined {
  const rec = tableGet(state.catalog.records, orgKey(org)) ?? tableGet(state.catalog.records, orgKey(org.toLowerCase()));
  const base = rec?.default_repository_permission;
  if (base === 'none') return undefined;
  return typeof base === 'string' ? (parseRole(base) ?? 'read') : 'read';
}

/**
 * A role a team or collaborator was granted, by name: GitHub's five, or a custom repository role of the
 * organization (`POST /orgs/{org}/custom-repository-roles`), which grants its `base_role`. The custom
 * roles of an organization are few (GitHub caps them), so reading them is bounded.
 */
function grantedRole(state: CodeHostingState, org: string, name: string | undefined): RepoRole | undefined {
  const known = parseRole(name);
  if (known || name === undefined) return known;
  for (const key of keyListAll(keyList(state.catalog.lists, `${orgKey(org)}/custom-repository-roles`))) {
    const rec = tableGet(state.catalog.records, key);
    if (rec?.name === name) return parseRole(typeof rec.base_role === 'string' ? rec.base_role : undefined);
  }
  return undefined;
}

/** The owner's `admin`, else the collaborator's role (the collaborators family's index). */
function collaboratorRole(state: CodeHostingState, repo: RepoRecord, login: string): string | undefined {
  if (login.toLowerCase() === repo.ownerLogin.toLowerCase()) return 'admin';
  return tableGet(state.collaborators.members, memberKey(repo.id, login))?.role;
}

/**
 * The role of a user on a repository, the highest of: owner of the repository (`admin`); collaborator
 * (accepted invitations only); active member of the owning organization (an organization owner is
 * `admin`, a member gets the organization's base permission, a billing manager nothing); member of a
 * team of that organization the repository is granted to (the grant, custom roles by their base role);
 * an organization role's `base_role` (`custom-org-roles.ts`).
 * `undefined` when none applies. Index lookups only: it reads the collaborators', organizations' and
 * teams' slices (their state.ts), never their models.
 * @example repoRole(state, 'bob', repo) // 'write' for a collaborator added with `push`
 */
export function repoRole(state: CodeHostingState, login: string, repo: RepoRecord): RepoRole | undefined {
  let role = parseRole(collaboratorRole(state, repo, login));
  if (role === 'admin') return role;
  const owner = own(state.accounts, repo.ownerLogin.toLowerCase());
  if (owner?.type === 'Organization') {
    const m = tableGet(state.orgMemberships.memberships, membershipKey(owner.login, login));
    if (m?.state === 'active') role = higher(role, m.role === 'admin' ? 'admin' : m.role === 'member' ? basePermission(state, owner.login) : undefined);
    // An organization role's base role covers every repository of the organization.
    if (m?.state === 'active' && m.role === 'member') role = higher(role, orgRoleGrants(state, owner.login, login).base);
    for (const id of state.teams.byMember[login.toLowerCase()] ?? []) {
      const team = state.teams.records[id];
      if (!team || team.org.toLowerCase() !== owner.login.toLowerCase()) continue;
      role = higher(role, grantedRole(state, owner.login, state.teams.repoPermissions[teamRepoKey(team.id, repo.id)]));
    }
  }
  return role;
}

/**
 * Who is calling, as roles see it:
 * - `anonymous`: no token;
 * - `owner`: a caller roles do not restrict, acting as an owner of every repository and organization
 *   (an unseeded token while the permission model is off, a token seeded without a `login`, an
 *   installation token, whose app permissions decide alone);
 * - `user`: a token seeded with a `login`, acting as that user (repository and organization roles apply).
 */
export interface Caller {
  readonly kind: 'anonymous' | 'owner' | 'user';
  /** The login the caller acts as (`null` when anonymous). */
  readonly login: string | null;
}

/** The caller's role on a repository: `admin` for an owner-acting caller, the user's role, nothing for anonymous callers. */
export function callerRole(state: CodeHostingState, caller: Caller | undefined, repo: RepoRecord): RepoRole | undefined {
  if (!caller || caller.kind === 'owner') return 'admin';
  if (caller.kind === 'anonymous' || caller.login === null) return undefined;
  return repoRole(state, caller.login, repo);
}

/** GitHub's `permissions` object of a repository answer. */
export interface RepoPermissions {
  admin: boolean;
  maintain: boolean;
  push: boolean;
  triage: boolean;
  pull: boolean;
}

/** The `permissions` object of a role (`pull` for a public repository's reader without a role). */
export function permissionsOfRole(role: RepoRole | undefined, canRead: boolean): RepoPermissions {
  return {
    admin: roleReaches(role, 'admin'),
    maintain: roleReaches(role, 'maintain'),
    push: roleReaches(role, 'write'),
    triage: roleReaches(role, 'triage'),
    pull: canRead || roleReaches(role, 'read'),
  };
}

/**
 * The `permissions` a repository answer carries for the caller: computed from the caller's role on the
 * repository (an owner-acting caller has every one; a user without a role on a public repository only
 * `pull`). `undefined` for an anonymous caller and when no caller is known (a webhook payload, a seed's
 * return value): GitHub leaves the field out then. Every repository rendering (single, lists,
 * embeddings) calls this.
 * @example repoPermissionsFor({ state, caller: { kind: 'user', login: 'bob' } }, repo) // { admin: false, ..., pull: true }
 */
export function repoPermissionsFor(ctx: { state: CodeHostingState; caller?: Caller | undefined }, repo: RepoRecord): RepoPermissions | undefined {
  const { caller } = ctx;
  if (!caller || caller.kind === 'anonymous') return undefined;
  const role = callerRole(ctx.state, caller, repo);
  return permissionsOfRole(role, !repo.private);
}
