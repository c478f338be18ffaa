import type { Draft } from 'immer';
import type { OpResult } from '../core/catalog/engine.js';
import { linkHeader, parsePaging } from '../core/catalog/paging.js';
import { githubError } from '../core/errors.js';
import { renderRepo } from '../repos/model.js';
import { findRepo } from '../core/lookup.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { keyList, keyListSize } from '../../../store/key-list.js';
import { loginOf, param, query, repoOf } from '../core/ops.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { knownAccount } from '../users/model.js';
import { follow, followedAt, joinPage, socialList, star, starredAt, unfollow, unstar } from './model.js';

/** Starring and following operations (activity/starring, users/followers). */

const STAR_DOCS = 'https://docs.github.com/rest/activity/starring';
const FOLLOW_DOCS = 'https://docs.github.com/rest/users/followers';

const draft = (rc: RelationContext) => rc.state as Draft<CodeHostingState>;

/** A page of a join list with its `Link` header, each key rendered (keys whose object is gone are skipped). */
function page(rc: RelationContext, name: string, newestFirst: boolean, render: (key: string) => unknown): OpResult {
  const paging = parsePaging(rc.op.query);
  const list = keyList(rc.state.social.lists, name);
  const keys = joinPage(list, (paging.page - 1) * paging.perPage, paging.perPage, newestFirst);
  const body = keys.map(render).filter((x) => x !== undefined);
  const link = linkHeader(rc.op.url, paging, keyListSize(list));
  return { status: 200, body, ...(link ? { headers: { link } } : {}) };
}

/** An account as list items show it: its login (the renderer gives it the account's identity and links). */
const account = (login: string): Record<string, unknown> => ({ login });

/** The repository of `/user/starred/{owner}/{repo}`; 404 when there is none. */
function namedRepo(rc: RelationContext): RepoRecord {
  const rec = findRepo(rc.state, param(rc.op, 'owner'), param(rc.op, 'repo'));
  if (!rec) throw githubError.notFound(STAR_DOCS);
  return rec;
}

/** Whether the caller asked for the star form (`application/vnd.github.star+json`: `starred_at` with each item). */
const starForm = (rc: RelationContext) => /\bstar\+json\b/.test(rc.op.accept ?? '');

/** Repositories a login starred, most recent star first unless `direction=asc` (`sort` by star time). */
function starredBy(rc: RelationContext, login: string, documentedForms: boolean): OpResult {
  const newestFirst = query(rc.op, 'direction') !== 'asc';
  const star = starForm(rc);
  const out = page(rc, socialList.starred(login), newestFirst, (id) => {
    const rec = rc.state.repos[id] as RepoRecord | undefined;
    if (!rec) return undefined;
    const repo = renderRepo(rc.state, rec, rc.op.baseUrl, 'GET /user/starred', rc.op.caller);
    return star ? { starred_at: starredAt(rc.state, rec.id, login), repo } : repo;
  });
  // `GET /user/starred`'s description leaves the star form out: it answers the one of `GET /users/{username}/starred`.
  return !documentedForms && star ? { ...out, shape: 'GET /users/{username}/starred' } : out;
}

/** Stargazers of the request's repository in the order they starred (with `starred_at` in the star form). */
function stargazers(rc: RelationContext): OpResult {
  const id = repoOf(rc).record.id;
  if (!starForm(rc)) return accounts(rc, socialList.stargazers(id));
  return page(rc, socialList.stargazers(id), false, (login) => ({ starred_at: starredAt(rc.state, id, login), user: account(login) }));
}

/** Accounts of a follow list, in the order they followed. */
const accounts = (rc: RelationContext, name: string) => page(rc, name, false, account);

const noContent = (): OpResult => ({ status: 204 });

const username = (rc: RelationContext) => param(rc.op, 'username');

/** Star and follow operations by `METHOD template`. */
export const SOCIAL_OPS: Readonly<Record<string, RelationOp>> = {
  'GET /user/starred': (rc) => starredBy(rc, loginOf(rc.op), false),
  'GET /users/{username}/starred': (rc) => starredBy(rc, username(rc), true),
  'GET /user/starred/{owner}/{repo}': (rc) => {
    const rec = namedRepo(rc);
    if (starredAt(rc.state, rec.id, loginOf(rc.op)) === undefined) throw githubError.notFound(STAR_DOCS);
    return noContent();
  },
  'PUT /user/starred/{owner}/{repo}': (rc) => {
    star(draft(rc), namedRepo(rc).id, loginOf(rc.op), rc.op.now);
    return noContent();
  },
  'DELETE /user/starred/{owner}/{repo}': (rc) => {
    unstar(draft(rc), namedRepo(rc).id, loginOf(rc.op));
    return noContent();
  },
  'GET /repos/{owner}/{repo}/stargazers': stargazers,
  'GET /user/following': (rc) => accounts(rc, socialList.following(loginOf(rc.op))),
  'GET /user/followers': (rc) => accounts(rc, socialList.followers(loginOf(rc.op))),
  'GET /users/{username}/following': (rc) => accounts(rc, socialList.following(username(rc))),
  'GET /users/{username}/followers': (rc) => accounts(rc, socialList.followers(username(rc))),
  'GET /user/following/{username}': (rc) => {
    if (followedAt(rc.state, loginOf(rc.op), username(rc)) === undefined) throw githubError.notFound(FOLLOW_DOCS);
    return noContent();
  },
  'PUT /user/following/{username}': (rc) => {
    // GitHub answers 404 for a login it does not know: nothing is followed.
    const target = knownAccount(rc.state, username(rc), rc.op.login)?.login;
    if (target === undefined) throw githubError.notFound(FOLLOW_DOCS);
    follow(draft(rc), loginOf(rc.op), target, rc.op.now);
    return noContent();
  },
  'DELETE /user/following/{username}': (rc) => {
    unfollow(draft(rc), loginOf(rc.op), username(rc));
    return noContent();
  },
  'GET /users/{username}/following/{target_user}': (rc) => {
    if (followedAt(rc.state, username(rc), param(rc.op, 'target_user')) === undefined) throw githubError.notFound(FOLLOW_DOCS);
    return noContent();
  },
};
