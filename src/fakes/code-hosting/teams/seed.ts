import type { Draft } from 'immer';
import type { Resource } from '../core/catalog/state.js';
import { ensureAccount, findRepo } from '../core/lookup.js';
import type { CodeHostingState } from '../state.js';
import type { SeedEnv } from '../core/family.js';
import { createTeam, setMember, setRepo, teamBySlug, teamView } from './model.js';
import type { TeamRecord } from './state.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/**
 * `seed.resource` of team paths: `/orgs/<org>/teams/<slug>` creates that team (`name` defaults to the
 * slug; optional `id`, `description`, `privacy`, `permission`), `.../memberships/<login>` adds a member
 * (`role`), `.../repos/<owner>/<repo>` grants the team a repository (`permission`, default the team's).
 * The team and its organization are created when missing.
 */

const TEAM = /^\/orgs\/([^/]+)\/teams\/([^/]+)(?:\/(memberships)\/([^/]+)|\/(repos)\/([^/]+)\/([^/]+))?$/;

const text = (body: Resource, f: string) => (typeof body[f] === 'string' ? (body[f] as string) : undefined);

function ensureTeam(state: CodeHostingState, org: string, slug: string, body: Resource, env: SeedEnv): TeamRecord {
  const existing = teamBySlug(state, org, slug);
  if (existing) return existing;
  const acc = ensureAccount(state as Draft<CodeHostingState>, org, 'Organization');
  return createTeam(
    state,
    {
      ...(typeof body.id === 'number' ? { id: body.id } : {}),
      slug,
      org: acc.login,
      orgId: acc.id,
      name: text(body, 'name') ?? slug,
      description: text(body, 'description'),
      privacy: text(body, 'privacy'),
      notification_setting: text(body, 'notification_setting'),
      permission: text(body, 'permission'),
    },
    env,
  );
}

/** Seeds a team, a membership or a repository grant by its path (see above); answers the team's JSON. */
export function seedTeamResource(state: CodeHostingState, key: string, body: Resource, env: SeedEnv): Resource {
  const m = TEAM.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no team path`);
  const org = decodeURIComponent(m[1] as string);
  const slug = decodeURIComponent(m[2] as string).toLowerCase();
  const team = ensureTeam(state, org, slug, m[3] || m[5] ? {} : body, env);
  if (m[3]) setMember(state, team, decodeURIComponent(m[4] as string), body.role === 'maintainer' ? 'maintainer' : 'member');
  if (m[5]) {
    const owner = decodeURIComponent(m[6] as string);
    const name = decodeURIComponent(m[7] as string);
    const repo = findRepo(state, owner, name);
    if (!repo) throw new Error(`stuntdouble: seed the repository ${owner}/${name} before granting it to a team`);
    setRepo(state, team, repo.id, text(body, 'permission') ?? team.permission);
  }
  return teamView(state, env.baseUrl, team);
}

const T = '/orgs/{org}/teams/{team_slug}';

/** The family's seeder (see `RELATION_SEEDERS`): a team, a membership or a repository grant by path. */
export const TEAM_SEEDER: RelationSeeder = pathSeeder({
  [T]: seedTeamResource,
  [`${T}/memberships/{username}`]: seedTeamResource,
  [`${T}/repos/{owner}/{repo}`]: seedTeamResource,
});
