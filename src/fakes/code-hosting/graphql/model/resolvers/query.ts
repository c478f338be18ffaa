import { arraySource, connection } from '../connections.js';
import { notFound } from '../errors.js';
import { knownAccount } from '../rest-models.js';
import { type SearchHit, searchState } from '../search.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { issueAt } from './issue-lists.js';
import { nodeById, nodeNotFound } from './nodes.js';
import { accountSrc, loadRepo, repoSrc } from './sources.js';

/** The root fields: `viewer`, `user`, `organization`, `repository`, `repositoryOwner`, `node(s)`, `search`, `rateLimit`. */

/** The account a login names, if GitHub knows it. */
function known(env: Env, login: string) {
  const acc = knownAccount(env.state, login, env.login);
  return acc ? accountSrc(env, acc.login) : undefined;
}

function hitNode(env: Env, hit: SearchHit): unknown {
  if (hit.kind === 'issue') return issueAt(env, hit.repo, hit.number);
  if (hit.kind === 'repo') return repoSrc(hit.repo);
  return accountSrc(env, hit.login);
}

/** `search(...)`: the state searched by {@link searchState}, paged like every connection. */
function search(env: Env, args: Args) {
  const type = String(args.type ?? 'ISSUE');
  const hits = searchState(env, type, String(args.query ?? ''));
  const c = connection('SearchResultItemConnection', 'search', args, arraySource(hits), (h) => hitNode(env, h));
  return { ...c, counts: { type, total: hits.length } };
}

/** `Query`. */
export const QUERY_FIELDS: TypeResolvers<Record<string, never>> = {
  viewer: (_r, _a, env) => accountSrc(env, env.login),
  user: (_r, args, env) => {
    const login = String(args.login ?? '');
    const a = known(env, login);
    if (!a || a.__typename === 'Organization') throw notFound(`a User with the login of '${login}'`);
    return a;
  },
  organization: (_r, args, env) => {
    const login = String(args.login ?? '');
    const a = known(env, login);
    if (a?.__typename !== 'Organization') throw notFound(`an Organization with the login of '${login}'`);
    return a;
  },
  repositoryOwner: (_r, args, env) => known(env, String(args.login ?? '')) ?? null,
  repository: (_r, args, env) => loadRepo(env, String(args.owner ?? ''), String(args.name ?? '')),
  node: (_r, args, env) => {
    const id = String(args.id ?? '');
    const n = nodeById(env, id);
    if (n === null) throw nodeNotFound(id);
    return n;
  },
  nodes: (_r, args, env) => (Array.isArray(args.ids) ? args.ids : []).map((id) => nodeById(env, String(id)) ?? nodeNotFound(String(id))),
  search: (_r, args, env) => search(env, args),
  rateLimit: (_r, _a, env) => ({ __typename: 'RateLimit', ...env.rate }),
};

/** `SearchResultItemConnection`: the counts of each type besides the connection's fields. */
export const SEARCH_COUNT_FIELDS: TypeResolvers<{ counts: { type: string; total: number } }> = {
  issueCount: (c) => (c.counts.type === 'ISSUE' ? c.counts.total : 0),
  repositoryCount: (c) => (c.counts.type === 'REPOSITORY' ? c.counts.total : 0),
  userCount: (c) => (c.counts.type === 'USER' ? c.counts.total : 0),
  discussionCount: (c) => (c.counts.type === 'DISCUSSION' ? c.counts.total : 0),
  codeCount: () => 0,
  wikiCount: () => 0,
};

/** `RateLimit`: this request's cost and the caller's `graphql` window after it. */
export const RATE_LIMIT_FIELDS: TypeResolvers<Env['rate']> = {
  cost: (r) => r.cost,
  nodeCount: (r) => r.nodeCount,
  limit: (r) => r.window.limit,
  used: (r) => r.window.used,
  remaining: (r) => Math.max(0, r.window.limit - r.window.used),
  resetAt: (r) => new Date(r.window.reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
};
