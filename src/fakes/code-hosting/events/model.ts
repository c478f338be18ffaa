import { nextId } from '../../../store/ids.js';
import { keyList, keyListAll } from '../../../store/key-list.js';
import { tableDelete, tableGet, tablePeek, tableSet } from '../../../store/table.js';
import type { Resource } from '../core/catalog/state.js';
import { findAccount } from '../core/lookup.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { socialList } from '../social/model.js';
import type { CodeHostingState } from '../state.js';
import { type EventRecord, TIMELINE_DAYS, TIMELINE_MAX, timeline } from './state.js';

/**
 * Recording and reading activity events. An event is recorded inside the change that caused it (the
 * write's one update), stored once and pushed onto each of its timelines: its repository, its
 * repository's fork network, the actor (all, and public only), the owning organization (all, and
 * public only), everything public, and what the actor's followers and the repository's owner receive.
 * A timeline holds GitHub's 300 newest; an event no timeline holds any more is dropped.
 */

/** What one event is made of. */
export interface NewEvent {
  type: string;
  /** The login that acted. */
  actor: string;
  repo: RepoRecord;
  payload: Resource;
  /** ISO instant. */
  now: string;
  /** API base URL of the write. */
  base: string;
}

const low = (s: string) => s.toLowerCase();

/** Pushes an id onto a timeline (newest first); the one that falls off the end loses a holder. */
function push(state: CodeHostingState, name: string, id: string): void {
  const ids: readonly string[] = tablePeek(state.events.timelines, name) ?? [];
  // Built outside the draft and frozen: immer takes it as it is.
  tableSet(state.events.timelines, name, Object.freeze([id, ...ids.slice(0, TIMELINE_MAX - 1)]) as string[]);
  if (ids.length >= TIMELINE_MAX) release(state, ids[TIMELINE_MAX - 1] as string);
}

function release(state: CodeHostingState, id: string): void {
  const rec = tablePeek(state.events.records, id);
  if (!rec) return;
  if (rec.held <= 1) tableDelete(state.events.records, id);
  else tableSet(state.events.records, id, { ...rec, held: rec.held - 1 });
}

/** The timelines an event of `repo` by `actor` goes to. Followers: O(followers of the actor). */
function timelinesOf(state: CodeHostingState, e: NewEvent, isPublic: boolean, org: string | null): string[] {
  const out = [timeline.repo(e.repo.id), timeline.actor(e.actor)];
  if (isPublic) out.push(timeline.actorPublic(e.actor), timeline.everything(), timeline.network(e.repo.sourceId ?? e.repo.id));
  if (org) {
    out.push(timeline.org(org));
    if (isPublic) out.push(timeline.orgPublic(org));
  }
  const receivers = new Set<string>(keyListAll(keyList(state.social.lists, socialList.followers(e.actor))).map(low));
  if (!org) receivers.add(low(e.repo.ownerLogin));
  receivers.delete(low(e.actor));
  for (const login of receivers) {
    out.push(timeline.received(login));
    if (isPublic) out.push(timeline.receivedPublic(login));
  }
  return out;
}

/** Records an event in the draft state (inside the write's update); returns it. */
export function recordEvent(state: CodeHostingState, e: NewEvent): EventRecord {
  const id = String(nextId(state.counters, 'event', 22249084963));
  const ownerType = findAccount(state, e.repo.ownerLogin)?.type;
  const org = ownerType === 'Organization' ? e.repo.ownerLogin : null;
  const isPublic = !e.repo.private;
  const names = timelinesOf(state, e, isPublic, org);
  const rec: EventRecord = {
    id,
    type: e.type,
    actor: e.actor,
    repoId: e.repo.id,
    repoName: `${e.repo.ownerLogin}/${e.repo.name}`,
    org,
    public: isPublic,
    created_at: e.now,
    payload: e.payload,
    base: e.base,
    held: names.length,
  };
  tableSet(state.events.records, id, rec);
  for (const name of names) push(state, name, id);
  return rec;
}

/**
 * The events of a timeline GitHub still lists at `now` (the last 90 days), newest first: at most
 * 300, so reading one is O(1) in the size of the state.
 */
export function timelineEvents(state: CodeHostingState, name: string, now: string): EventRecord[] {
  const ids = tableGet(state.events.timelines, name) ?? [];
  const since = Date.parse(now) - TIMELINE_DAYS * 86_400_000;
  const out: EventRecord[] = [];
  for (const id of ids) {
    const rec = tableGet(state.events.records, id);
    if (!rec) continue;
    if (Date.parse(rec.created_at) < since) break;
    out.push(rec);
  }
  return out;
}
