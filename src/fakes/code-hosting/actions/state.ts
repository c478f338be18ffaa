import type { KeyLists } from '../../../store/key-list.js';
import type { Resource } from '../core/catalog/state.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** The Actions indexes. */
export interface ActionsSlice {
  /** `<repo id>:<file name>` → workflow id. */
  workflowByFile: Record<string, number>;
  /** Repository id → workflow ids in creation order. */
  workflows: Record<string, number[]>;
  /** Workflow id → the last run number given. */
  runNumbers: Record<string, number>;
  /** Run id → job ids of each attempt (index 0: attempt 1). */
  runJobs: Table<number[][]>;
  /** Run ids (ascending) by index name (see {@link runIndexNames}). */
  runLists: KeyLists;
}

/** Empty Actions indexes. */
export function initialActionsSlice(): ActionsSlice {
  return { workflowByFile: {}, workflows: {}, runNumbers: {}, runJobs: emptyTable(), runLists: emptyTable() };
}

/** The stored fields of a workflow. */
export interface WorkflowRecord extends Resource {
  id: number;
  name: string;
  /** `.github/workflows/<file>`. */
  path: string;
  state: string;
  created_at: string;
  updated_at: string;
}

/** The stored fields of a workflow run (one attempt). */
export interface RunRecord extends Resource {
  id: number;
  name: string;
  workflow_id: number;
  path: string;
  head_branch: string;
  head_sha: string;
  event: string;
  status: string;
  conclusion: string | null;
  run_number: number;
  run_attempt: number;
  display_title: string;
  /** Login of the account that started the first attempt. */
  actor: string;
  /** Login of the account that started this attempt. */
  triggering_actor: string;
  created_at: string;
  updated_at: string;
  run_started_at: string;
}

/** One step of a job. */
export interface StepRecord {
  name: string;
  status: string;
  conclusion: string | null;
  number: number;
  started_at: string | null;
  completed_at: string | null;
}

/** The stored fields of a job. */
export interface JobRecord extends Resource {
  id: number;
  run_id: number;
  run_attempt: number;
  name: string;
  status: string;
  conclusion: string | null;
  head_sha: string;
  head_branch: string;
  workflow_name: string;
  labels: string[];
  steps: StepRecord[];
  created_at: string;
  started_at: string;
  completed_at: string | null;
}
