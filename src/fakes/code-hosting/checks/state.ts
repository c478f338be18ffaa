import type { KeyLists } from '../../../store/key-list.js';
import type { Resource } from '../core/catalog/state.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** A check run's status. */
export type RunStatus = 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';

/** The stored fields of a check run. */
export interface RunRecord {
  id: number;
  repoId: number;
  suite: number;
  name: string;
  head_sha: string;
  external_id: string;
  details_url: string | null;
  status: RunStatus;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
}

/** The stored fields of a check suite. */
export interface SuiteRecord {
  id: number;
  repoId: number;
  head_sha: string;
  head_branch: string | null;
  created_at: string;
  updated_at: string;
}

/** The checks indexes. */
export interface CheckSlice {
  /** Runs by id (bucketed: a create copies a few small buckets, not every run). */
  runs: Table<RunRecord>;
  /** Suites by id (bucketed). */
  suites: Table<SuiteRecord>;
  /** `<repo id>:<sha>` → suite id. */
  suiteBySha: Record<string, number>;
  /** Suite id → run ids, oldest first (chunked). */
  runsBySuite: KeyLists<number>;
  /** Run id → annotations, in the order they were sent. */
  annotations: Record<string, Resource[]>;
}

/** Empty checks indexes. */
export function initialCheckSlice(): CheckSlice {
  return { runs: emptyTable(), suites: emptyTable(), suiteBySha: {}, runsBySuite: emptyTable(), annotations: {} };
}
