import { arraySource, connection } from '../connections.js';
import { legacyNodeId, renderAccount } from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { restList } from './common.js';
import { type AccountSrc, accountSrc, canRead, profileOf, repoSrc, str } from './sources.js';

/** Users, organizations and bots: their identity from the account, their profile from `GET /users/{username}`. */

/** `login`, `id`, `url`, ...: what every actor has. */
function identity(env: Env, a: AccountSrc) {
  return renderAccount(a.account, env.apiBase);
}

/** `avatarUrl(size:)`: GitHub appends the size as `s`. */
function avatar(env: Env, a: AccountSrc, args: Args): string {
  const url = String(identity(env, a).avatar_url);
  return typeof args.size === 'number' ? `${url}${url.includes('?') ? '&' : '?'}s=${args.size}` : url;
}

/** The owner's repositories the caller may see, in creation order. */
function repositoriesOf(env: Env, a: AccountSrc, args: Args) {
  const ids = env.state.reposByOwner[a.login.toLowerCase()] ?? [];
  const privacy = typeof args.privacy === 'string' ? args.privacy : undefined;
  const isFork = typeof args.isFork === 'boolean' ? args.isFork : undefined;
  const repos = ids
    .map((id) => env.state.repos[id])
    .filter((r): r is NonNullable<typeof r> => r !== undefined && canRead(env, r))
    .filter((r) => (privacy === undefined ? true : privacy === 'PRIVATE' ? r.private : !r.private))
    .filter((r) => (isFork === undefined ? true : (r.parentId !== undefined) === isFork));
  return connection('RepositoryConnection', 'repositories', args, arraySource(repos), repoSrc);
}

/** Fields every actor answers (`Actor`, `Node`, `UniformResourceLocatable`). */
const IDENTITY: TypeResolvers<AccountSrc> = {
  id: (a, _x, env) => String(identity(env, a).node_id ?? legacyNodeId(a.account.type, a.account.id)),
  databaseId: (a) => a.account.id,
  login: (a) => a.login,
  avatarUrl: (a, args, env) => avatar(env, a, args),
  url: (a, _x, env) => String(identity(env, a).html_url),
  resourcePath: (a) => `/${a.login}`,
  createdAt: (a, _x, env) => str(profileOf(env, a), 'created_at') ?? env.now,
  updatedAt: (a, _x, env) => str(profileOf(env, a), 'updated_at') ?? env.now,
};

/** Fields of repository owners (`RepositoryOwner`). */
const ACTOR: TypeResolvers<AccountSrc> = {
  ...IDENTITY,
  repositories: (a, args, env) => repositoriesOf(env, a, args),
};

/** `User`. */
export const USER_FIELDS: TypeResolvers<AccountSrc> = {
  ...ACTOR,
  name: (a, _x, env) => str(profileOf(env, a), 'name'),
  email: (a, _x, env) => str(profileOf(env, a), 'email') ?? '',
  bio: (a, _x, env) => str(profileOf(env, a), 'bio'),
  company: (a, _x, env) => str(profileOf(env, a), 'company'),
  location: (a, _x, env) => str(profileOf(env, a), 'location'),
  websiteUrl: (a, _x, env) => str(profileOf(env, a), 'blog') || null,
  twitterUsername: (a, _x, env) => str(profileOf(env, a), 'twitter_username'),
  isViewer: (a, _x, env) => a.login.toLowerCase() === env.login.toLowerCase(),
  isSiteAdmin: () => false,
  isHireable: (a, _x, env) => profileOf(env, a).hireable === true,
  followers: (a, args, env) =>
    connection('FollowerConnection', 'followers', args, restList(env, 'followers', 'GET /users/{username}/followers', { username: a.login }), (j) =>
      accountSrc(env, String(j.login)),
    ),
  following: (a, args, env) =>
    connection('FollowingConnection', 'following', args, restList(env, 'following', 'GET /users/{username}/following', { username: a.login }), (j) =>
      accountSrc(env, String(j.login)),
    ),
};

/** `Organization`. */
export const ORGANIZATION_FIELDS: TypeResolvers<AccountSrc> = {
  ...ACTOR,
  name: (a, _x, env) => str(profileOf(env, a), 'name'),
  description: (a, _x, env) => str(profileOf(env, a), 'description'),
  email: (a, _x, env) => str(profileOf(env, a), 'email'),
  location: (a, _x, env) => str(profileOf(env, a), 'location'),
  websiteUrl: (a, _x, env) => str(profileOf(env, a), 'blog') || null,
  twitterUsername: (a, _x, env) => str(profileOf(env, a), 'twitter_username'),
  isVerified: (a, _x, env) => profileOf(env, a).is_verified === true,
};

/** `Bot` (an App's account, `name[bot]`). */
export const BOT_FIELDS: TypeResolvers<AccountSrc> = IDENTITY;
