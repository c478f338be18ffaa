/** GitHub's repository role names and their order (`roles.ts` computes who holds which). */

/**
 * GitHub's repository roles, weakest first ("Repository roles for an organization": Read, Triage,
 * Write, Maintain, Admin). A personal repository's owner is `admin`; its collaborators are what they
 * were invited as.
 */
export const REPO_ROLES = ['read', 'triage', 'write', 'maintain', 'admin'] as const;

/** A user's role on a repository. */
export type RepoRole = (typeof REPO_ROLES)[number];

const RANK: Record<RepoRole, number> = { read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

/** Whether `have` reaches `need` (each role includes every weaker one). */
export function roleReaches(have: RepoRole | undefined, need: RepoRole): boolean {
  return have !== undefined && RANK[have] >= RANK[need];
}

/** GitHub's role names and permission spellings (`pull`, `push`, `triage`, `maintain`, ...) as a {@link RepoRole}. */
export function parseRole(role: string | undefined | null): RepoRole | undefined {
  switch (role) {
    case 'admin':
    case 'maintain':
    case 'write':
    case 'triage':
    case 'read':
      return role;
    case 'push':
      return 'write';
    case 'pull':
      return 'read';
    default:
      return undefined;
  }
}

/** The higher of two roles (either may be absent). */
export function higherRole(a: RepoRole | undefined, b: RepoRole | undefined): RepoRole | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return RANK[a] >= RANK[b] ? a : b;
}
