/** Where a created record keeps the login of its creator (never rendered: no response schema documents it). */
export const CREATOR = '_creator';

import type { KeyLists } from '../../../../store/key-list.js';
import { type Table, emptyTable } from '../../../../store/table.js';

/** A stored catalog resource (JSON object). */
export type Resource = Record<string, unknown>;

/** Rate-limit window of one identity (a token label, or `anonymous`). */
export interface RateWindow {
  used: number;
  /** Epoch seconds at which the window resets. */
  reset: number;
  /** Set by the `rateLimitExhausted` scenario: the next call answers the rate-limit error. */
  exhausted?: boolean;
}

/**
 * The catalog's state sub-slice: every generic resource keyed by its concrete path
 * (`/repos/o/r/issues/1`), and per-collection ordered arrays of child keys, so that a page costs the
 * same at page 1 and page 100.
 */
export interface CatalogSlice {
  /** Resources by concrete path, in buckets (a write copies a few small objects, not every record). */
  records: Table<Resource>;
  /** Members of each collection by its concrete path, in creation order (chunked: appends stay cheap). */
  lists: KeyLists;
  /** Action calls (`/rerun`, `/pings`, ...) by concrete path: how many times and the last body. */
  actions: Record<string, { count: number; last: unknown }>;
}

/** An empty catalog slice. */
export function initialCatalog(): CatalogSlice {
  return { records: emptyTable(), lists: emptyTable(), actions: {} };
}
