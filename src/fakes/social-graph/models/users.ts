import type { Draft } from 'immer';
import type { SocialGraphState, UserRecord } from '../state.js';
import { pairKey } from './pages.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';

/** A profile by id (O(1)). */
export function getUser(state: SocialGraphState, id: string): UserRecord | undefined {
  return tableGet(state.users, id);
}

/** Adds `userId` to the users listed under one Page-scoped id. */
function indexPsid(draft: Draft<SocialGraphState>, pageId: string, psid: string, userId: string): void {
  const key = pairKey(pageId, psid);
  const list = tableGet(draft.indexes.psids, key);
  if (!list) tableSet(draft.indexes.psids, key, [userId]);
  else if (!list.includes(userId)) list.push(userId);
}

/** Takes `userId` off the users listed under one Page-scoped id. */
function unindexPsid(draft: Draft<SocialGraphState>, pageId: string, psid: string, userId: string): void {
  const key = pairKey(pageId, psid);
  const list = tableGet(draft.indexes.psids, key);
  if (!list) return;
  const at = list.indexOf(userId);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) tableDelete(draft.indexes.psids, key);
}

/**
 * Stores a profile (a new one or a replacement) and keeps the Page-scoped id index in step: the
 * ids of a replaced record leave it, the new ones join it. O(number of Page-scoped ids of the user).
 * @example putUser(draft, { id: '5', name: 'Ann', psids: { [pageId]: '7001' } })
 */
export function putUser(draft: Draft<SocialGraphState>, user: UserRecord): void {
  const old = tableGet(draft.users, user.id);
  if (old) for (const pageId of Object.keys(old.psids)) unindexPsid(draft, pageId, old.psids[pageId] as string, user.id);
  tableSet(draft.users, user.id, user);
  for (const pageId of Object.keys(user.psids)) indexPsid(draft, pageId, user.psids[pageId] as string, user.id);
}

/** Creates a profile with no Page-scoped ids unless one exists; returns its id. */
export function ensureUser(draft: Draft<SocialGraphState>, id: string, name?: string): string {
  if (!tableGet(draft.users, id)) putUser(draft, { id, name: name ?? `User ${id}`, psids: {} });
  return id;
}

/** Whether some profile has this Page-scoped id on the Page (O(1)). */
export function knowsPsid(state: SocialGraphState, pageId: string, psid: string): boolean {
  return (tableGet(state.indexes.psids, pairKey(pageId, psid))?.length ?? 0) > 0;
}
