import type { Account } from '../../core/schemas/repo.js';
import { followCounts } from '../../social/model.js';
import { type SearchQuery, type SortOrder, first, textMatches, values } from './query.js';
import { inRange } from './range.js';
import type { SearchEnv } from './scope.js';

/**
 * User search over the state's accounts (users and organizations): `type:user|org`, the ranges `repos:`
 * and `followers:`, and the words in
 * the login (`in:login`; the fake holds no names or public emails, so `in:name` and `in:email` find
 * nobody). Every account is public. With no index of words in logins, a user search reads every account.
 */

/** The sort keys `GET /search/users` offers that the fake orders by (others answer best match). */
export const USER_SORTS = ['followers', 'repositories', 'joined'];

/** The accounts a query finds, in the order asked (best match: the exact login first, then oldest account). */
export function searchUsers(env: SearchEnv, q: SearchQuery, order: SortOrder): Account[] {
  const type = first(q, 'type');
  const fields = new Set(values(q, 'in').flatMap((v) => v.split(',')));
  const inLogin = fields.size === 0 || fields.has('login');
  const found = Object.values(env.state.accounts).filter((a) => {
    if (type === 'user' && a.type !== 'User') return false;
    if ((type === 'org' || type === 'organization') && a.type !== 'Organization') return false;
    for (const spec of values(q, 'repos')) if (!inRange((env.state.reposByOwner[a.login.toLowerCase()] ?? []).length, spec, false)) return false;
    for (const spec of values(q, 'followers')) if (!inRange(followCounts(env.state, a.login).followers, spec, false)) return false;
    return textMatches(q.words, [inLogin ? a.login : undefined]) && (inLogin || q.words.length === 0);
  });
  const exact = q.words.length === 1 ? q.words[0] : undefined;
  const keyOf = (a: Account): number => {
    if (order.sort === 'followers') return followCounts(env.state, a.login).followers;
    if (order.sort === 'repositories') return (env.state.reposByOwner[a.login.toLowerCase()] ?? []).length;
    if (order.sort === 'joined') return a.id;
    return exact !== undefined && a.login.toLowerCase() === exact ? 1 : 0;
  };
  const keys = new Map(found.map((a) => [a.id, keyOf(a)]));
  // Best match: the exact login first (descending key), then the oldest account.
  const dir = order.sort === undefined || order.desc ? -1 : 1;
  return found.sort((a, b) => dir * ((keys.get(a.id) as number) - (keys.get(b.id) as number)) || a.id - b.id);
}
