import type { Resource } from '../core/catalog/state.js';
import type { CodeHostingState } from '../state.js';
import { seededRepo } from '../git/seed.js';
import { setImmutablePolicy, setToggle } from './model.js';
import { ENFORCED, type Enforced, TOGGLES, type Toggle } from './state.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/**
 * `seed.resource` of a repository toggle path (`/repos/o/r/vulnerability-alerts`,
 * `.../private-vulnerability-reporting`, `.../immutable-releases`, `.../automated-security-fixes`):
 * turns it on (`{ enabled: false }` turns it off).
 */
export function seedToggle(state: CodeHostingState, key: string, body: Resource): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/([a-z-]+)$/.exec(key);
  const t = m?.[3] as Toggle | undefined;
  if (!m || !t || !TOGGLES.includes(t)) throw new Error(`stuntdouble: '${key}' is no repository toggle path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)).record;
  const on = body.enabled !== false;
  setToggle(state, repo, t, on);
  return { enabled: on };
}

/**
 * `seed.resource('/orgs/<org>/settings/immutable-releases', { enforced_repositories, selected_repository_ids })`:
 * the organization's policy (default `all`).
 */
export function seedImmutablePolicy(state: CodeHostingState, key: string, body: Resource): Resource {
  const m = /^\/orgs\/([^/]+)\/settings\/immutable-releases$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no organization immutable-releases path`);
  const policy = (ENFORCED as readonly unknown[]).includes(body.enforced_repositories) ? (body.enforced_repositories as Enforced) : 'all';
  const ids = Array.isArray(body.selected_repository_ids) ? body.selected_repository_ids.filter((x): x is number => Number.isInteger(x)) : undefined;
  setImmutablePolicy(state, decodeURIComponent(m[1] as string), policy, policy === 'selected' ? ids : undefined);
  return { enforced_repositories: policy };
}

const R = '/repos/{owner}/{repo}';

/** The family's seeder (see `RELATION_SEEDERS`): a toggle path turns the toggle on; the organization path sets its policy. */
export const REPO_SETTINGS_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/private-vulnerability-reporting`]: seedToggle,
  [`${R}/immutable-releases`]: seedToggle,
  [`${R}/automated-security-fixes`]: seedToggle,
  [`${R}/vulnerability-alerts`]: seedToggle,
  '/orgs/{org}/settings/immutable-releases': seedImmutablePolicy,
});
