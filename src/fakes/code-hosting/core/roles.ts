import { tableGet } from '../../../store/table.js';
import { own } from '../../../store/records.js';
import { roleIn } from '../collaborators/model.js';
import { membershipOf } from '../orgs/model.js';
import { repoPermission, teamById } from '../teams/model.js';
import type { RepoRecord } from './schemas/repo.js';
import type { CodeHostingState } from '../state.js';

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

/**
 * The role of a user on a repository, the highest of: owner of the repository (`admin`); collaborator
 * (accepted invitations only); active member of the owning organization (an organization `admin` is
 * `admin`, a member gets the organization's base permission); member of a team of that organization
 * the repository is granted to (the grant). `undefined` when none applies. Index lookups only.
 * @example repoRole(state, 'bob', repo) // 'write' for a collaborator added with `push`
 */
export function repoRole(state: CodeHostingState, login: string, repo: RepoRecord): RepoRole | undefined {
  let role = foldRole(roleIn(state, repo, login));
  if (role === 'admin') return role;
  const owner = own(state.accounts, repo.ownerLogin.toLowerCase());
  if (owner?.type === 'Organization') {
    const m = membershipOf(state, owner.login, login);
    if (m?.state === 'active') role = higher(role, m.role === 'admin' ? 'admin' : basePermission(state, owner.login));
    for (const id of state.teams.byMember[login.toLowerCase()] ?? []) {
      const team = teamById(state, id);
      if (!team || team.org.toLowerCase() !== owner.login.toLowerCase()) continue;
      role = higher(role, foldRole(repoPermission(state, team, repo.id)));
    }
  }
  return role;
}
