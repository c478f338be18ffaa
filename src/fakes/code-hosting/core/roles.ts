import { own } from '../../../store/records.js';
import { tableGet } from '../../../store/table.js';
import { memberKey } from '../collaborators/state.js';
import { membershipKey } from '../orgs/state.js';
import type { CodeHostingState } from '../state.js';
import { teamRepoKey } from '../teams/state.js';
import type { RepoRecord } from './schemas/repo.js';

/**
 * A user's role on a repository, as the permission model ranks it: GitHub's five roles folded to three
 * (`triage` counts as `read`, `maintain` as `write`), weakest first.
 */
export type RepoRole = 'read' | 'write' | 'admin';

const RANK: Record<RepoRole, number> = { read: 1, write: 2, admin: 3 };

/** Whether `have` reaches `need` (`admin` includes `write` includes `read`). */
export function roleReaches(have: RepoRole | undefined, need: RepoRole): boolean {
  return have !== undefined && RANK[have] >= RANK[need];
}

/** GitHub's role names and permission spellings (`pull`, `push`, `triage`, `maintain`, ...) as a {@link RepoRole}. */
export function foldRole(role: string | undefined | null): RepoRole | undefined {
  switch (role) {
    case 'admin':
      return 'admin';
    case 'maintain':
    case 'write':
    case 'push':
      return 'write';
    case 'triage':
    case 'read':
    case 'pull':
      return 'read';
    default:
      return undefined;
  }
}

function higher(a: RepoRole | undefined, b: RepoRole | undefined): RepoRole | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

/** An organization's base repository permission (`default_repository_permission`, stored by `orgs.update`; default `read`). */
function basePermission(state: CodeHostingState, org: string): RepoRole | undefined {
  const rec =
    tableGet(state.catalog.records, `/orgs/${encodeURIComponent(org)}`) ?? tableGet(state.catalog.records, `/orgs/${encodeURIComponent(org.toLowerCase())}`);
  const base = rec?.default_repository_permission;
  if (base === 'none') return undefined;
  return typeof base === 'string' ? (foldRole(base) ?? 'read') : 'read';
}

/** The owner's `admin`, else the collaborator's role (the collaborators family's index). */
function collaboratorRole(state: CodeHostingState, repo: RepoRecord, login: string): string | undefined {
  if (login.toLowerCase() === repo.ownerLogin.toLowerCase()) return 'admin';
  return tableGet(state.collaborators.members, memberKey(repo.id, login))?.role;
}

/**
 * The role of a user on a repository, the highest of: owner of the repository (`admin`); collaborator
 * (accepted invitations only); active member of the owning organization (an organization `admin` is
 * `admin`, a member gets the organization's base permission); member of a team of that organization
 * the repository is granted to (the grant). `undefined` when none applies. Index lookups only: it
 * reads the collaborators', organizations' and teams' slices (their state.ts), never their models.
 * @example repoRole(state, 'bob', repo) // 'write' for a collaborator added with `push`
 */
export function repoRole(state: CodeHostingState, login: string, repo: RepoRecord): RepoRole | undefined {
  let role = foldRole(collaboratorRole(state, repo, login));
  if (role === 'admin') return role;
  const owner = own(state.accounts, repo.ownerLogin.toLowerCase());
  if (owner?.type === 'Organization') {
    const m = tableGet(state.orgMemberships.memberships, membershipKey(owner.login, login));
    if (m?.state === 'active') role = higher(role, m.role === 'admin' ? 'admin' : basePermission(state, owner.login));
    for (const id of state.teams.byMember[login.toLowerCase()] ?? []) {
      const team = state.teams.records[id];
      if (!team || team.org.toLowerCase() !== owner.login.toLowerCase()) continue;
      role = higher(role, foldRole(state.teams.repoPermissions[teamRepoKey(team.id, repo.id)]));
    }
  }
  return role;
}
