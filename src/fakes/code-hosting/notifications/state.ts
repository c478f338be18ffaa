import { type Table, emptyTable } from '../../../store/table.js';

/**
 * Notifications (GitHub's inbox): one thread per user and subject (an issue, a pull request, a
 * release, a repository invitation), created and bumped by the fake's own activity.
 */

/** What a thread is about. */
export interface ThreadSubject {
  title: string;
  /** API URL of the subject (`.../issues/1`, `.../pulls/2`, `.../releases/3`, `.../invitations`). */
  url: string;
  /** API URL of the latest comment (or of the subject). */
  latest_comment_url: string;
  /** `Issue`, `PullRequest`, `Release`, `RepositoryInvitation`, `Commit`. */
  type: string;
}

/** A user's subscription to a thread (absent: subscribed by participating). */
export interface ThreadSubscription {
  subscribed: boolean;
  ignored: boolean;
  created_at: string;
}

/** One notification thread of one user. */
export interface ThreadRecord {
  id: string;
  /** The user it belongs to. */
  login: string;
  repoId: number;
  /** Key of the subject (the catalog key of the issue, pull, release, ...). */
  subjectKey: string;
  subject: ThreadSubject;
  /** Why the user got it: `assign`, `author`, `comment`, `invitation`, `mention`, `review_requested`, `state_change`, `subscribed`. */
  reason: string;
  unread: boolean;
  updated_at: string;
  last_read_at: string | null;
  subscription?: ThreadSubscription;
  /** The API base URL of the activity that made it (the subject URLs start with it). */
  base: string;
}

/** The notifications slice. */
export interface NotificationSlice {
  /** Thread id → thread. */
  threads: Table<ThreadRecord>;
  /** `<login lower>|<subject key>` → thread id. */
  bySubject: Table<string>;
  /** `<login lower>` → thread ids, most recently updated first (threads marked done leave it). */
  inbox: Table<string[]>;
  /** Subject key → logins that took part (authored, commented, were assigned or mentioned). */
  participants: Table<string[]>;
}

/** No notifications. */
export function initialNotificationSlice(): NotificationSlice {
  return { threads: emptyTable(), bySubject: emptyTable(), inbox: emptyTable(), participants: emptyTable() };
}
