import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** The stored fields of a commit status. */
export interface StatusRecord {
  id: number;
  /** Repository id (a rename keeps it). */
  repoId: number;
  sha: string;
  state: StatusState;
  context: string;
  description: string | null;
  target_url: string | null;
  created_at: string;
  updated_at: string;
  /** Login of the account that created it. */
  creator: string;
}

/** The states a status may have. */
export type StatusState = 'error' | 'failure' | 'pending' | 'success';

/** The status indexes. */
export interface StatusSlice {
  /** Status id → status (bucketed: a create copies a few small buckets, not every status). */
  records: Table<StatusRecord>;
  /** `<repo id>:<sha>` → status ids, oldest first (chunked). */
  byCommit: KeyLists<number>;
  /** `<repo id>:<sha>` → contexts, in the order they first reported. */
  contexts: Record<string, string[]>;
  /** `<repo id>:<sha>\n<context>` → id of the context's latest status. */
  latest: Record<string, number>;
}

/** Empty status indexes. */
export function initialStatusSlice(): StatusSlice {
  return { records: emptyTable(), byCommit: emptyTable(), contexts: {}, latest: {} };
}
