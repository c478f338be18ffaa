import type { RepoRecord } from '../../core/schemas/repo.js';
import { forksOf } from '../../repos/model.js';
import { primaryLanguage, repoTopics } from '../../repos/model/facets.js';
import { stargazerCount } from '../../social/model.js';
import { type SearchQuery, type SortOrder, first, textMatches, values } from './query.js';
import { inRange } from './range.js';
import { type SearchEnv, searchedRepos } from './scope.js';

/**
 * Repository search over the state: the repositories of the `user:`/`org:`/`owner:` and `repo:`
 * qualifiers (through the owner and name indexes), else every repository; then `in:`, `language:`,
 * `topic:`, `fork:`, `is:public|private`, `archived:`, the ranges `stars:`, `forks:`, `created:`, `pushed:`
 * and the words. Forks are left out unless
 * `fork:true` (with the others) or `fork:only` (forks alone), as on GitHub.
 */

/** The sort keys `GET /search/repositories` offers that the fake orders by (others answer best match). */
export const REPO_SORTS = ['stars', 'forks', 'updated'];

/** The repositories a query finds, in the order asked (best match: most stars first, then oldest). */
export function searchRepos(env: SearchEnv, q: SearchQuery, order: SortOrder): RepoRecord[] {
  const fork = first(q, 'fork');
  const is = new Set(values(q, 'is'));
  const archived = first(q, 'archived');
  const languages = values(q, 'language');
  const notLanguages = new Set(values(q, 'language', true));
  const topics = values(q, 'topic');
  const fields = new Set(values(q, 'in').flatMap((v) => v.split(',')));
  const inName = fields.size === 0 || fields.has('name');
  const inDescription = fields.size === 0 || fields.has('description');
  const found = searchedRepos(env, q).filter((r) => {
    const isFork = r.parentId !== undefined;
    if (fork === 'only' ? !isFork : fork !== 'true' && isFork) return false;
    if (is.has('public') && r.private) return false;
    if (is.has('private') && !r.private) return false;
    if (is.has('fork') && !isFork) return false;
    if (is.has('archived') && !r.archived) return false;
    if (is.has('template') && r.isTemplate !== true) return false;
    if (archived === 'true' && !r.archived) return false;
    if (archived === 'false' && r.archived) return false;
    if (languages.length || notLanguages.size) {
      const lang = primaryLanguage(env.state, r)?.toLowerCase();
      if (languages.length && (lang === undefined || !languages.includes(lang))) return false;
      if (lang !== undefined && notLanguages.has(lang)) return false;
    }
    if (topics.length) {
      const own = repoTopics(env.state, r).map((t) => t.toLowerCase());
      if (!topics.every((t) => own.includes(t))) return false;
    }
    for (const spec of values(q, 'stars')) if (!inRange(stargazerCount(env.state, r.id), spec, false)) return false;
    for (const spec of values(q, 'forks')) if (!inRange(forksOf(env.state, r.id).length, spec, false)) return false;
    for (const spec of values(q, 'created')) if (!inRange(Date.parse(r.createdAt) || 0, spec, true)) return false;
    for (const spec of values(q, 'pushed')) if (!inRange(Date.parse(r.pushedAt) || 0, spec, true)) return false;
    return textMatches(q.words, [inName ? r.name : undefined, inDescription ? r.description : undefined]);
  });
  const keyOf = (r: RepoRecord): number => {
    if (order.sort === 'forks') return forksOf(env.state, r.id).length;
    if (order.sort === 'updated') return Date.parse(r.updatedAt) || 0;
    return stargazerCount(env.state, r.id);
  };
  const keys = new Map(found.map((r) => [r.id, keyOf(r)]));
  const dir = order.desc ? -1 : 1;
  return found.sort((a, b) => dir * ((keys.get(a.id) as number) - (keys.get(b.id) as number)) || a.id - b.id);
}
