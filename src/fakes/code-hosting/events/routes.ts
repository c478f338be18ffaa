import type { OpResult } from '../core/catalog/engine.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import type { Resource } from '../core/catalog/state.js';
import { GitHubError, githubError } from '../core/errors.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { findAccount, findRepo } from '../core/lookup.js';
import { param } from '../core/ops.js';
import { repoRole } from '../core/roles.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { trimBase } from '../core/urls.js';
import { timelineEvents } from './model.js';
import { type EventRecord, TIMELINE_MAX, timeline } from './state.js';

/**
 * The Events API over the events the fake recorded: every timeline newest first, 30 per page (100 at
 * most), GitHub's 300 newest of the last 90 days; a page past them answers GitHub's 422. A user sees
 * their own private events (and private events they received) only when they ask for themselves.
 */

const DOCS = 'https://docs.github.com/rest/activity/events';

/** Strings of a payload recorded on another API base, moved onto this request's base. */
function rebase(v: unknown, from: string, to: string): unknown {
  if (from === to) return v;
  if (typeof v === 'string') return v.startsWith(from) ? `${to}${v.slice(from.length)}` : v;
  if (Array.isArray(v)) return v.map((x) => rebase(x, from, to));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebase(x, from, to)]));
  return v;
}

/** GitHub's `actor` of a login. */
function actor(rc: RelationContext, login: string, kind: 'users' | 'orgs'): Resource {
  const acc = findAccount(rc.state, login);
  return {
    ...(acc ? { id: acc.id } : {}),
    login: acc?.login ?? login,
    ...(kind === 'users' ? { display_login: acc?.login ?? login } : {}),
    gravatar_id: '',
    url: `${trimBase(rc.op.baseUrl)}/${kind}/${acc?.login ?? login}`,
  };
}

/** An event as GitHub lists it (the renderer completes the payload's objects to their shapes). */
function eventBody(rc: RelationContext, e: EventRecord): Resource {
  const base = trimBase(rc.op.baseUrl);
  return {
    id: e.id,
    type: e.type,
    actor: actor(rc, e.actor, 'users'),
    repo: { id: e.repoId, name: e.repoName, url: `${base}/repos/${e.repoName}` },
    payload: rebase(e.payload, trimBase(e.base), base),
    public: e.public,
    created_at: e.created_at,
    ...(e.org ? { org: actor(rc, e.org, 'orgs') } : {}),
  };
}

/** A page of a timeline, with its `Link` header; past GitHub's 300 events, GitHub's 422. */
function page(rc: RelationContext, name: string): OpResult {
  const paging = parsePaging(rc.op.query);
  const start = (paging.page - 1) * paging.perPage;
  if (start >= TIMELINE_MAX)
    throw new GitHubError(
      422,
      'In order to keep the API fast for everyone, pagination is limited for this resource. Check the rel=last link relation in the Link response header to see how far back you can traverse.',
      { documentationUrl: 'https://docs.github.com/v3/#pagination' },
    );
  const events = timelineEvents(rc.state, name, rc.op.now);
  const link = linkHeader(rc.op.url, paging, events.length);
  return {
    status: 200,
    body: events.slice(start, start + paging.perPage).map((e) => eventBody(rc, e)),
    // GitHub asks pollers to wait a minute between polls of an events timeline.
    headers: { 'x-poll-interval': '60', ...(link ? { link } : {}) },
  };
}

const username = (rc: RelationContext) => param(rc.op, 'username');
/** Whether the caller asks about themselves. */
const isSelf = (rc: RelationContext, login: string) => rc.op.login !== null && rc.op.login.toLowerCase() === login.toLowerCase();

/**
 * The root of a network route's repository (`/networks/{owner}/{repo}/events`): 404 when unknown, or
 * private and hidden from the caller (anonymous, or a named user without a role on it). Its timeline
 * holds the network's public events only.
 */
const networkRoot = (rc: RelationContext): number => {
  const repo = findRepo(rc.state, param(rc.op, 'owner'), param(rc.op, 'repo'));
  const hidden = (r: RepoRecord) =>
    r.private && (rc.op.anonymous === true || (rc.op.actsAsUser === true && repoRole(rc.state, rc.op.login ?? '', r) === undefined));
  if (!repo || hidden(repo)) throw githubError.notFound(DOCS);
  return repo.sourceId ?? repo.id;
};

/** Event operations by `METHOD template`. */
export const EVENT_OPS: Readonly<Record<string, RelationOp>> = {
  'GET /events': (rc) => page(rc, timeline.everything()),
  'GET /repos/{owner}/{repo}/events': (rc) => page(rc, timeline.repo(rc.repo?.record.id ?? -1)),
  'GET /networks/{owner}/{repo}/events': (rc) => page(rc, timeline.network(networkRoot(rc))),
  'GET /orgs/{org}/events': (rc) => page(rc, timeline.orgPublic(param(rc.op, 'org'))),
  'GET /users/{username}/events': (rc) => page(rc, isSelf(rc, username(rc)) ? timeline.actor(username(rc)) : timeline.actorPublic(username(rc))),
  'GET /users/{username}/events/public': (rc) => page(rc, timeline.actorPublic(username(rc))),
  'GET /users/{username}/events/orgs/{org}': (rc) => {
    // The organization dashboard of the authenticated user: a token acting as a named user sees its own
    // only; a token acting as an owner of everything (no seeded login, lenient mode) sees any.
    if (rc.op.actsAsUser === true && !isSelf(rc, username(rc))) throw githubError.notFound(DOCS);
    return page(rc, timeline.org(param(rc.op, 'org')));
  },
  'GET /users/{username}/received_events': (rc) => page(rc, isSelf(rc, username(rc)) ? timeline.received(username(rc)) : timeline.receivedPublic(username(rc))),
  'GET /users/{username}/received_events/public': (rc) => page(rc, timeline.receivedPublic(username(rc))),
};
