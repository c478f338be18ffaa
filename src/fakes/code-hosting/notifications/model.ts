import { nextId } from '../../../store/ids.js';
import { tableGet, tablePeek, tableSet } from '../../../store/table.js';
import type { CodeHostingState } from '../state.js';
import type { ThreadRecord, ThreadSubject } from './state.js';

/**
 * Notification threads: one per user and subject, created or bumped (unread again, moved to the top
 * of the inbox) by activity that concerns the user, marked read and done as GitHub's inbox does. A
 * user who muted a thread (`ignored`) gets nothing more from it; one who unsubscribed gets it again
 * only when mentioned or when they take part again, as GitHub documents.
 */

const low = (s: string) => s.toLowerCase();

/** Someone a piece of activity concerns, and why (GitHub's `reason`). */
export interface Recipient {
  login: string;
  reason: string;
}

/** The activity: which repository and subject, when, on which API base. */
export interface Activity {
  repoId: number;
  subjectKey: string;
  subject: ThreadSubject;
  now: string;
  base: string;
}

/** Reasons that reach a user who unsubscribed from a thread (not muted it). */
const DIRECT = new Set(['mention', 'team_mention', 'assign', 'review_requested', 'invitation']);

/** A user's thread ids, most recently updated first. */
export function inboxOf(state: CodeHostingState, login: string): readonly string[] {
  return tableGet(state.notifications.inbox, low(login)) ?? [];
}

/** Moves a thread to the top of its user's inbox (or takes it out). O(threads of the user). */
function file(state: CodeHostingState, login: string, id: string, keep: boolean): void {
  const ids = (tablePeek(state.notifications.inbox, low(login)) ?? []).filter((x) => x !== id);
  tableSet(state.notifications.inbox, low(login), Object.freeze(keep ? [id, ...ids] : ids) as string[]);
}

/** A thread by id, if any. */
export function threadById(state: CodeHostingState, id: string): ThreadRecord | undefined {
  return tableGet(state.notifications.threads, id);
}

/**
 * The reason a bumped thread shows: a direct reason (a new mention, assignment, review request) replaces
 * the one it had; activity that merely reaches a participant keeps why they take part (mentioned once,
 * GitHub keeps `mention` on every later comment), except that taking part outranks only watching.
 */
function reasonOf(had: ThreadRecord | undefined, reason: string): string {
  if (!had || DIRECT.has(reason) || had.reason === 'subscribed') return reason;
  return had.reason;
}

/** Notifies each recipient (once each, the first reason given wins): creates or bumps their thread on the subject. */
export function notify(state: CodeHostingState, recipients: readonly Recipient[], a: Activity): void {
  const seen = new Set<string>();
  for (const r of recipients) {
    const who = low(r.login);
    if (seen.has(who)) continue;
    seen.add(who);
    const key = `${who}|${a.subjectKey}`;
    const id = tableGet(state.notifications.bySubject, key);
    const had = id === undefined ? undefined : threadById(state, id);
    if (had?.subscription?.ignored) continue;
    if (had?.subscription && !had.subscription.subscribed && !DIRECT.has(r.reason)) continue;
    const thread: ThreadRecord = had
      ? { ...had, subject: a.subject, reason: reasonOf(had, r.reason), unread: true, updated_at: a.now, base: a.base }
      : {
          id: String(nextId(state.counters, 'thread', 1)),
          login: r.login,
          repoId: a.repoId,
          subjectKey: a.subjectKey,
          subject: a.subject,
          reason: r.reason,
          unread: true,
          updated_at: a.now,
          last_read_at: null,
          base: a.base,
        };
    tableSet(state.notifications.threads, thread.id, thread);
    if (!had) tableSet(state.notifications.bySubject, key, thread.id);
    file(state, r.login, thread.id, true);
  }
}

/** Logins that took part in a subject, in the order they joined. */
export function participantsOf(state: CodeHostingState, subjectKey: string): readonly string[] {
  return tableGet(state.notifications.participants, subjectKey) ?? [];
}

/** Records that logins took part in a subject (their later activity notifies them). */
export function takePart(state: CodeHostingState, subjectKey: string, logins: readonly string[]): void {
  const had = tablePeek(state.notifications.participants, subjectKey) ?? [];
  const add = logins.filter((l) => !had.some((x) => low(x) === low(l)));
  if (add.length) tableSet(state.notifications.participants, subjectKey, Object.freeze([...had, ...add]) as string[]);
}

/** Marks a thread read at an instant. */
export function markThreadRead(state: CodeHostingState, t: ThreadRecord, at: string): void {
  if (!t.unread) return;
  tableSet(state.notifications.threads, t.id, { ...t, unread: false, last_read_at: at });
}

/** Marks a user's threads (of one repository) read that were updated at or before `until`; returns how many. */
export function markAllRead(state: CodeHostingState, login: string, until: string, repoId?: number): number {
  let n = 0;
  const limit = Date.parse(until);
  for (const id of inboxOf(state, login)) {
    const t = threadById(state, id);
    if (!t?.unread || (repoId !== undefined && t.repoId !== repoId) || Date.parse(t.updated_at) > limit) continue;
    markThreadRead(state, t, until);
    n++;
  }
  return n;
}

/** Marks a thread done: read, and out of the inbox until new activity brings it back. */
export function markDone(state: CodeHostingState, t: ThreadRecord, at: string): void {
  tableSet(state.notifications.threads, t.id, { ...t, unread: false, last_read_at: t.last_read_at ?? at });
  file(state, t.login, t.id, false);
}

/** Sets a thread's subscription: `ignored` mutes it; `subscribed: false` unsubscribes (what DELETE does). */
export function subscribe(state: CodeHostingState, t: ThreadRecord, s: { subscribed: boolean; ignored: boolean }, at: string): ThreadRecord {
  const next = { ...t, subscription: { ...s, created_at: t.subscription?.created_at ?? at } };
  tableSet(state.notifications.threads, t.id, next);
  return next;
}
