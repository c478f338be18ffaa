import { freshId } from '../core/ids.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { webBase } from '../core/urls.js';
import { multiAdd, multiRemove } from '../../../store/multimap.js';
import { renderOrgSimple } from '../hooks/model.js';
import { type TeamRecord, type TeamRole, teamRepoKey } from './state.js';

/**
 * Organization teams. A team is stored once, by id, with indexes beside it: `<org>\n<slug>` → id,
 * teams of an organization in creation order, children of a parent, members (login and role, in the
 * order they joined) and repositories (id and permission). The slug is GitHub's: the name lower-cased,
 * every run of other characters than letters, digits, `_` and `-` turned into one `-`.
 */

/** The teams documentation (error bodies). */
export const TEAM_DOCS = 'https://docs.github.com/rest/teams/teams';

/** GitHub's slug of a team name: `Core Devs` → `core-devs`. */
export function teamSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

const slugKey = (org: string, slug: string) => `${org.toLowerCase()}\n${slug}`;
const roleKey = (team: number, login: string) => `${team}\n${login.toLowerCase()}`;

/** A team by organization and slug, or undefined. */
export function teamBySlug(state: CodeHostingState, org: string, slug: string): TeamRecord | undefined {
  const id = state.teams.bySlug[slugKey(org, slug.toLowerCase())];
  return id === undefined ? undefined : state.teams.records[id];
}

/** A team by id, or undefined. */
export function teamById(state: CodeHostingState, id: number | string): TeamRecord | undefined {
  return state.teams.records[id];
}

/** What creating a team takes. */
export interface NewTeam {
  /** A fixed id (seeds; default: the next id). */
  id?: number | undefined;
  /** A fixed slug (seeds by path; default: GitHub's slug of the name). */
  slug?: string | undefined;
  org: string;
  orgId: number;
  name: string;
  description?: string | undefined;
  privacy?: string | undefined;
  notification_setting?: string | undefined;
  permission?: string | undefined;
  parent?: number | null | undefined;
}

function uniqueName(state: CodeHostingState, org: string, slug: string, self?: number): void {
  const other = state.teams.bySlug[slugKey(org, slug)];
  if (slug === '' || (other !== undefined && other !== self)) {
    throw githubError.validation([{ resource: 'Team', code: 'custom', field: 'name', message: 'Name must be unique for this org' }], TEAM_DOCS);
  }
}

function privacyOf(v: string | undefined, parent: number | null, fallback: TeamRecord['privacy']): TeamRecord['privacy'] {
  if (v === 'secret' || v === 'closed') {
    // A nested team (or a parent) cannot be secret.
    if (v === 'secret' && parent !== null) throw githubError.validation([{ resource: 'Team', code: 'invalid', field: 'privacy' }], TEAM_DOCS);
    return v;
  }
  if (v !== undefined) throw githubError.validation([{ resource: 'Team', code: 'invalid', field: 'privacy' }], TEAM_DOCS);
  return parent !== null ? 'closed' : fallback;
}

/** Stores a team and indexes it. 422 when the organization has a team of that name (slug). */
export function createTeam(state: CodeHostingState, input: NewTeam, env: { now: string }): TeamRecord {
  const slug = input.slug ?? teamSlug(input.name);
  uniqueName(state, input.org, slug);
  const parent = input.parent ?? null;
  const id = input.id ?? freshId(state.counters, 'team', 0, (n) => state.teams.records[n] !== undefined);
  if (state.teams.records[id]) throw githubError.validation([{ resource: 'Team', code: 'already_exists', field: 'id' }], TEAM_DOCS);
  const rec: TeamRecord = {
    id,
    org: input.org,
    orgId: input.orgId,
    name: input.name,
    slug,
    description: input.description ?? null,
    privacy: privacyOf(input.privacy, parent, 'secret'),
    notification_setting: input.notification_setting === 'notifications_disabled' ? 'notifications_disabled' : 'notifications_enabled',
    permission: input.permission ?? 'pull',
    parent,
    created_at: env.now,
    updated_at: env.now,
  };
  const t = state.teams;
  t.records[id] = rec;
  t.bySlug[slugKey(input.org, slug)] = id;
  multiAdd(t.byOrg, input.org.toLowerCase(), id);
  if (parent !== null) multiAdd(t.children, parent, id);
  return t.records[id] as TeamRecord;
}

/** Changes a team (a new name is a new slug). */
export function updateTeam(state: CodeHostingState, rec: TeamRecord, patch: Resource, env: { now: string }): TeamRecord {
  const t = state.teams;
  if (typeof patch.name === 'string' && patch.name !== rec.name) {
    const slug = teamSlug(patch.name);
    uniqueName(state, rec.org, slug, rec.id);
    delete t.bySlug[slugKey(rec.org, rec.slug)];
    t.bySlug[slugKey(rec.org, slug)] = rec.id;
    rec.name = patch.name;
    rec.slug = slug;
  }
  if (typeof patch.description === 'string') rec.description = patch.description;
  if ('parent_team_id' in patch) {
    const parent = typeof patch.parent_team_id === 'number' ? patch.parent_team_id : null;
    if (parent !== null && !teamById(state, parent)) throw githubError.validation([{ resource: 'Team', code: 'invalid', field: 'parent_team_id' }], TEAM_DOCS);
    if (rec.parent !== null) multiRemove(t.children, rec.parent, rec.id);
    if (parent !== null) multiAdd(t.children, parent, rec.id);
    rec.parent = parent;
  }
  if (typeof patch.privacy === 'string') rec.privacy = privacyOf(patch.privacy, rec.parent, rec.privacy);
  if (patch.notification_setting === 'notifications_enabled' || patch.notification_setting === 'notifications_disabled')
    rec.notification_setting = patch.notification_setting;
  if (typeof patch.permission === 'string') rec.permission = patch.permission;
  rec.updated_at = env.now;
  return rec;
}

/** Removes a team, its child teams, memberships and repository grants. */
export function deleteTeam(state: CodeHostingState, rec: TeamRecord): void {
  const t = state.teams;
  for (const child of [...(t.children[rec.id] ?? [])]) {
    const c = teamById(state, child);
    if (c) deleteTeam(state, c);
  }
  for (const login of [...(t.members[rec.id] ?? [])]) removeMember(state, rec, login);
  for (const repo of t.repos[rec.id] ?? []) delete t.repoPermissions[teamRepoKey(rec.id, repo)];
  delete t.repos[rec.id];
  delete t.children[rec.id];
  if (rec.parent !== null) multiRemove(t.children, rec.parent, rec.id);
  multiRemove(t.byOrg, rec.org.toLowerCase(), rec.id);
  delete t.bySlug[slugKey(rec.org, rec.slug)];
  delete t.records[rec.id];
}

/** A member's role in a team, or undefined. */
export function memberRole(state: CodeHostingState, team: TeamRecord, login: string): TeamRole | undefined {
  return state.teams.roles[roleKey(team.id, login)];
}

/** Adds a member (or changes the role of one). */
export function setMember(state: CodeHostingState, team: TeamRecord, login: string, role: TeamRole): void {
  const t = state.teams;
  const k = roleKey(team.id, login);
  if (t.roles[k] === undefined) {
    multiAdd(t.members, team.id, login);
    multiAdd(t.byMember, login.toLowerCase(), team.id);
  }
  t.roles[k] = role;
}

/** Removes a member; false when the login is none. */
export function removeMember(state: CodeHostingState, team: TeamRecord, login: string): boolean {
  const t = state.teams;
  const k = roleKey(team.id, login);
  if (t.roles[k] === undefined) return false;
  delete t.roles[k];
  const list = t.members[team.id] ?? [];
  const i = list.findIndex((l) => l.toLowerCase() === login.toLowerCase());
  if (i >= 0) list.splice(i, 1);
  multiRemove(t.byMember, login.toLowerCase(), team.id);
  return true;
}

/** Grants the team a permission on a repository (adds it, or changes the permission). */
export function setRepo(state: CodeHostingState, team: TeamRecord, repoId: number, permission: string): void {
  const t = state.teams;
  const k = teamRepoKey(team.id, repoId);
  if (t.repoPermissions[k] === undefined) multiAdd(t.repos, team.id, repoId);
  t.repoPermissions[k] = permission;
}

/** Removes a repository from the team; false when it had none. */
export function removeRepo(state: CodeHostingState, team: TeamRecord, repoId: number): boolean {
  const t = state.teams;
  const k = teamRepoKey(team.id, repoId);
  if (t.repoPermissions[k] === undefined) return false;
  delete t.repoPermissions[k];
  multiRemove(t.repos, team.id, repoId);
  return true;
}

/** The team's permission on a repository, or undefined. */
export function repoPermission(state: CodeHostingState, team: TeamRecord, repoId: number): string | undefined {
  return state.teams.repoPermissions[teamRepoKey(team.id, repoId)];
}

const LEVELS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;
const ROLE_NAMES: Record<string, string> = { pull: 'read', triage: 'triage', push: 'write', maintain: 'maintain', admin: 'admin' };

/** GitHub's `permissions` object and `role_name` for a granted permission. */
export function permissionsOf(permission: string): { permissions: Record<(typeof LEVELS)[number], boolean>; role_name: string } {
  const level = LEVELS.indexOf(permission as (typeof LEVELS)[number]);
  const at = Math.max(level, 0);
  return {
    permissions: { admin: at >= 4, maintain: at >= 3, push: at >= 2, triage: at >= 1, pull: true },
    role_name: ROLE_NAMES[permission] ?? permission,
  };
}

/** The API URL of a team (`/organizations/{org_id}/team/{team_id}`, as GitHub links it). */
export const teamUrl = (baseUrl: string, rec: TeamRecord) => `${baseUrl}/organizations/${rec.orgId}/team/${rec.id}`;

/** GitHub's `team-simple` JSON (a parent). */
function teamSimple(baseUrl: string, rec: TeamRecord): Resource {
  const url = teamUrl(baseUrl, rec);
  return {
    id: rec.id,
    node_id: Buffer.from(`04:Team${rec.id}`).toString('base64'),
    url,
    members_url: `${url}/members{/member}`,
    name: rec.name,
    description: rec.description,
    permission: rec.permission,
    privacy: rec.privacy,
    notification_setting: rec.notification_setting,
    html_url: `${webBase(baseUrl)}/orgs/${rec.org}/teams/${rec.slug}`,
    repositories_url: `${url}/repos`,
    slug: rec.slug,
    type: 'organization',
  };
}

/** GitHub's team JSON (`team-full`; lists render it as `team`). */
export function teamView(state: CodeHostingState, baseUrl: string, rec: TeamRecord): Resource {
  const parent = rec.parent === null ? undefined : teamById(state, rec.parent);
  return {
    ...teamSimple(baseUrl, rec),
    parent: parent ? teamSimple(baseUrl, parent) : null,
    members_count: state.teams.members[rec.id]?.length ?? 0,
    repos_count: state.teams.repos[rec.id]?.length ?? 0,
    created_at: rec.created_at,
    updated_at: rec.updated_at,
    organization_id: rec.orgId,
    organization: { ...renderOrgSimple({ login: rec.org, id: rec.orgId, type: 'Organization' }, baseUrl), type: 'Organization' },
  };
}
