import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** One star or follow: when it was made and the login of the account that made it, as spelled then. */
export interface Join {
  /** ISO instant. */
  at: string;
  /** The starring or following login as the lists hold it. */
  by: string;
  /** The followed login as the lists hold it (follows only). */
  of?: string;
}

/** The star and follow joins. */
export interface SocialSlice {
  /** `<repo id>:<login lower>` → the star. */
  stars: Table<Join>;
  /** `<follower lower>:<followed lower>` → the follow. */
  follows: Table<Join>;
  /**
   * In the order they were made: `starred:<login lower>` → repository ids, `stargazers:<repo id>` →
   * logins (as spelled), `following:<login lower>` → logins followed, `followers:<login lower>` → followers.
   */
  lists: KeyLists;
}

/** Empty star and follow joins. */
export function initialSocialSlice(): SocialSlice {
  return { stars: emptyTable(), follows: emptyTable(), lists: emptyTable() };
}
