import type { Draft } from 'immer';
import { type KeyList, keyList, keyListPush, keyListRemove, keyListSize, keyListSlice } from '../../../store/key-list.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import type { CodeHostingState } from '../state.js';

/**
 * Stars and follows: who starred which repository, who follows whom. Each join is one record keyed by
 * both ends (`<repo id>:<login>`, `<follower>:<followed>`, logins lower-cased) holding when it was made,
 * and ordered key lists for each direction, so that a check is one lookup and a page walks the chunk
 * index only. Stars are keyed by repository id: a rename or transfer keeps them.
 */

const lower = (login: string) => login.toLowerCase();
const starKey = (repoId: number, login: string) => `${repoId}:${lower(login)}`;
const followKey = (follower: string, followed: string) => `${lower(follower)}:${lower(followed)}`;

/** The list names of a login's and a repository's joins. */
export const socialList = {
  starred: (login: string) => `starred:${lower(login)}`,
  stargazers: (repoId: number) => `stargazers:${repoId}`,
  following: (login: string) => `following:${lower(login)}`,
  followers: (login: string) => `followers:${lower(login)}`,
} as const;

/** When a login starred a repository (undefined: it did not). O(1). */
export function starredAt(state: CodeHostingState, repoId: number, login: string): string | undefined {
  return tableGet(state.social.stars, starKey(repoId, login))?.at;
}

/** Stars a repository (again: no change, as GitHub's PUT is idempotent). */
export function star(state: Draft<CodeHostingState>, repoId: number, login: string, now: string): void {
  const key = starKey(repoId, login);
  if (tableGet(state.social.stars, key) !== undefined) return;
  tableSet(state.social.stars, key, { at: now, by: login });
  keyListPush(state.social.lists, socialList.starred(login), String(repoId));
  keyListPush(state.social.lists, socialList.stargazers(repoId), login);
}

/** Removes a star (none: no change). */
export function unstar(state: Draft<CodeHostingState>, repoId: number, login: string): void {
  const key = starKey(repoId, login);
  const join = tableGet(state.social.stars, key);
  if (join === undefined) return;
  tableDelete(state.social.stars, key);
  keyListRemove(state.social.lists, socialList.starred(login), String(repoId));
  keyListRemove(state.social.lists, socialList.stargazers(repoId), join.by);
}

/** How many accounts starred a repository (GitHub's `stargazers_count`, and `watchers_count` / `watchers`). O(1). */
export function stargazerCount(state: CodeHostingState | Draft<CodeHostingState>, repoId: number): number {
  // The slice is absent from states saved before stars existed.
  const social = (state as CodeHostingState).social;
  return social ? keyListSize(keyList(social.lists, socialList.stargazers(repoId))) : 0;
}

/** How many accounts follow `login` and how many it follows. O(1). */
export function followCounts(state: CodeHostingState, login: string): { followers: number; following: number } {
  return {
    followers: keyListSize(keyList(state.social.lists, socialList.followers(login))),
    following: keyListSize(keyList(state.social.lists, socialList.following(login))),
  };
}

/** When `follower` started following `followed` (undefined: it does not). O(1). */
export function followedAt(state: CodeHostingState, follower: string, followed: string): string | undefined {
  return tableGet(state.social.follows, followKey(follower, followed))?.at;
}

/** Follows an account (again: no change). */
export function follow(state: Draft<CodeHostingState>, follower: string, followed: string, now: string): void {
  const key = followKey(follower, followed);
  if (tableGet(state.social.follows, key) !== undefined) return;
  tableSet(state.social.follows, key, { at: now, by: follower, of: followed });
  keyListPush(state.social.lists, socialList.following(follower), followed);
  keyListPush(state.social.lists, socialList.followers(followed), follower);
}

/** Stops following an account (not followed: no change). */
export function unfollow(state: Draft<CodeHostingState>, follower: string, followed: string): void {
  const key = followKey(follower, followed);
  const join = tableGet(state.social.follows, key);
  if (join === undefined) return;
  tableDelete(state.social.follows, key);
  keyListRemove(state.social.lists, socialList.following(follower), join.of ?? followed);
  keyListRemove(state.social.lists, socialList.followers(followed), join.by);
}

/** A page of a join list: `count` keys from `start`, newest first when `newestFirst`. */
export function joinPage(list: KeyList | undefined, start: number, count: number, newestFirst: boolean): string[] {
  const size = keyListSize(list);
  if (!newestFirst) return keyListSlice(list, start, count);
  const end = size - start;
  if (end <= 0) return [];
  const from = Math.max(0, end - count);
  return keyListSlice(list, from, end - from).reverse();
}
