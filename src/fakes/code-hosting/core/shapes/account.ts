import type { Account } from '../schemas/repo.js';
import { trimBase, webBase } from '../urls.js';

/**
 * GitHub's legacy global node id: base64 of `0<length of the type name>:<type><id>`, as its examples
 * show (`MDQ6VXNlcjE=` is `04:User1`, `MDEyOk9yZ2FuaXphdGlvbjE=` is `012:Organization1`).
 */
export function legacyNodeId(type: string, id: number): string {
  return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

/**
 * GitHub's `simple-user` for an account: the one rendering of a known account, used by the
 * hand-written models and by the shape renderer wherever an answer holds that account, so a user
 * has the same `id`, `node_id` and `avatar_url` on every path (`/users/{username}` included).
 */
export function renderAccount(account: Account, apiBase: string): Record<string, unknown> {
  const api = trimBase(apiBase);
  const web = webBase(apiBase);
  const login = account.login;
  return {
    login,
    id: account.id,
    node_id: legacyNodeId(account.type, account.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
    gravatar_id: '',
    url: `${api}/users/${login}`,
    html_url: `${web}/${login}`,
    followers_url: `${api}/users/${login}/followers`,
    following_url: `${api}/users/${login}/following{/other_user}`,
    gists_url: `${api}/users/${login}/gists{/gist_id}`,
    starred_url: `${api}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/users/${login}/subscriptions`,
    organizations_url: `${api}/users/${login}/orgs`,
    repos_url: `${api}/users/${login}/repos`,
    events_url: `${api}/users/${login}/events{/privacy}`,
    received_events_url: `${api}/users/${login}/received_events`,
    type: account.type,
    user_view_type: 'public',
    site_admin: false,
  };
}
