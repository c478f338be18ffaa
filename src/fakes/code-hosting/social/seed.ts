import type { Draft } from 'immer';
import type { Resource } from '../core/catalog/state.js';
import { DEFAULT_LOGIN } from '../core/shapes/render.js';
import type { CodeHostingState } from '../state.js';
import { seededRepo } from '../git/seed.js';
import { follow, star } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

const seg = (s: string | undefined) => decodeURIComponent(s ?? '');
/** The acting login of a `/user/...` seed: the body's `login` (or `user.login`), else the default caller. */
const actor = (body: Resource): string =>
  typeof body.login === 'string'
    ? body.login
    : typeof (body.user as { login?: unknown } | undefined)?.login === 'string'
      ? ((body.user as { login: string }).login as string)
      : DEFAULT_LOGIN;

/**
 * `seed.resource` of a star or a follow: `/user/starred/<owner>/<repo>` (starred by the body's `login`,
 * default the default caller `octocat`), `/user/following/<login>` (followed by the body's `login`, same
 * default) or `/users/<login>/following/<target>` (that follow). Made at the seed's instant.
 */
export function seedSocialResource(state: CodeHostingState, key: string, body: Resource, env: { now: string }): Resource {
  const d = state as Draft<CodeHostingState>;
  const starred = /^\/user\/starred\/([^/]+)\/([^/]+)$/.exec(key);
  if (starred) {
    const repo = seededRepo(state, seg(starred[1]), seg(starred[2])).record;
    const login = actor(body);
    star(d, repo.id, login, env.now);
    return { login, repository: `${repo.ownerLogin}/${repo.name}`, starred_at: env.now };
  }
  const own = /^\/user\/following\/([^/]+)$/.exec(key);
  const other = /^\/users\/([^/]+)\/following\/([^/]+)$/.exec(key);
  const [follower, followed] = own ? [actor(body), seg(own[1])] : other ? [seg(other[1]), seg(other[2])] : [];
  if (!follower || !followed) throw new Error(`stuntdouble: '${key}' is no star or follow path`);
  follow(d, follower, followed, env.now);
  return { login: follower, following: followed, followed_at: env.now };
}

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a star or follow path stores the join. */
export const SOCIAL_SEEDER: RelationSeeder = pathSeeder({
  '/user/starred/{owner}/{repo}': seedSocialResource,
  '/user/following/{username}': seedSocialResource,
  '/users/{username}/following/{target_user}': seedSocialResource,
});
