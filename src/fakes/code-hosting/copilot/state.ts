import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** A seat. */
export interface SeatRecord {
  org: string;
  login: string;
  /** Id of the team it was assigned through (null: assigned to the user). */
  teamId: number | null;
  created_at: string;
  updated_at: string;
  /** `YYYY-MM-DD` of the end of access, or null. */
  pending_cancellation_date: string | null;
}

/** The seat indexes. */
export interface CopilotSlice {
  /** `<org lower>:<login lower>` → seat. */
  seats: Table<SeatRecord>;
  /** `org:<org lower>` → seated logins (lower-cased), in assignment order. */
  lists: KeyLists;
}

/** No seats. */
export function initialCopilotSlice(): CopilotSlice {
  return { seats: emptyTable(), lists: emptyTable() };
}
