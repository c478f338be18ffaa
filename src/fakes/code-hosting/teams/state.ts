/** The stored fields of a team. */
export interface TeamRecord {
  id: number;
  /** Login of the organization, as stored. */
  org: string;
  orgId: number;
  name: string;
  slug: string;
  description: string | null;
  privacy: 'secret' | 'closed';
  notification_setting: 'notifications_enabled' | 'notifications_disabled';
  permission: string;
  parent: number | null;
  created_at: string;
  updated_at: string;
}

/** A team member's role. */
export type TeamRole = 'member' | 'maintainer';

/** The team indexes. */
export interface TeamSlice {
  /** Team id → team. */
  records: Record<string, TeamRecord>;
  /** `<org lower-cased>\n<slug>` → team id. */
  bySlug: Record<string, number>;
  /** Organization (lower-cased) → team ids, in creation order. */
  byOrg: Record<string, number[]>;
  /** Parent team id → child team ids. */
  children: Record<string, number[]>;
  /** Team id → member logins, in the order they joined. */
  members: Record<string, string[]>;
  /** `<team id>\n<login lower-cased>` → role. */
  roles: Record<string, TeamRole>;
  /** Login (lower-cased) → ids of the teams it belongs to. */
  byMember: Record<string, number[]>;
  /** Team id → repository ids, in the order they were added. */
  repos: Record<string, number[]>;
  /** `<team id>:<repo id>` → permission (`pull`, `triage`, `push`, `maintain`, `admin` or a role name). */
  repoPermissions: Record<string, string>;
}

/** Empty team indexes. */
export function initialTeamSlice(): TeamSlice {
  return { records: {}, bySlug: {}, byOrg: {}, children: {}, members: {}, roles: {}, byMember: {}, repos: {}, repoPermissions: {} };
}

/** The key of a team's permission on a repository: `<team id>:<repo id>`. */
export const teamRepoKey = (teamId: number, repoId: number) => `${teamId}:${repoId}`;
