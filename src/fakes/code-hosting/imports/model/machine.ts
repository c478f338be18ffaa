import type { Draft } from 'immer';
import { nextId } from '../../../../store/ids.js';
import type { FailStep, ImportRecord, ImportStatus, OriginRecord } from '../schemas.js';
import type { CodeHostingState } from '../../state.js';
import { fillImportedRepository } from './fill.js';
import { LARGE_FILE_BYTES } from './origins.js';

/**
 * The source import state machine, as one transition table. `advance` is what one
 * step of progress does from a state (null: the state waits for the client); `resolvedBy` names the
 * client action that leaves a waiting state.
 */

/** `percent` values reported while importing, one per step. */
export const IMPORT_PERCENTS = [0, 50, 100] as const;
/** `push_percent` values reported while pushing, one per step. */
export const PUSH_PERCENTS = [0, 50, 100] as const;

/** A `repository_import` webhook status. */
export type ImportEventStatus = 'success' | 'cancelled' | 'failure';

/** What a step needs besides the import itself. */
export interface StepEnv {
  draft: Draft<CodeHostingState>;
  /** The origin at the import's URL (null: nothing there). */
  origin: OriginRecord | null;
  /** Collects the webhook statuses to deliver once the change lands. */
  events: ImportEventStatus[];
  /** API base URL and ISO time of the request, for what a complete import writes into the repository. */
  apiBase?: string;
  now?: string;
}

type Imp = Draft<ImportRecord>;
type Step = (imp: Imp, env: StepEnv) => void;

interface Row {
  /** One step of progress from this state, or null when the state waits for the client. */
  advance: Step | null;
  /** How a client leaves a waiting state. */
  resolvedBy?: 'credentials' | 'project-choice' | 'cancel-and-restart';
  /** Human-readable `status_text`. */
  text: string;
}

/** Whether the credentials on the import open the origin. */
export function credentialsOk(imp: Pick<ImportRecord, 'vcs_username' | 'vcs_password'>, origin: OriginRecord): 'none' | 'ok' | 'wrong' {
  if (!imp.vcs_username && !imp.vcs_password) return 'none';
  if (!origin.credentials) return imp.vcs_username && imp.vcs_password ? 'ok' : 'wrong';
  return imp.vcs_username === origin.credentials.username && imp.vcs_password === origin.credentials.password ? 'ok' : 'wrong';
}

/** Moves an import into a state, setting the fields that state reports. */
export function enter(imp: Imp, status: ImportStatus, env: StepEnv, failed?: FailStep): void {
  imp.status = status;
  imp.progress = 0;
  if (status !== 'error') {
    imp.failed_step = null;
    imp.error_message = null;
  }
  if (status !== 'detection_found_multiple') imp.project_choices = null;
  if (status === 'importing') startRawStep(imp, env);
  if (status === 'pushing' && !imp.mappingsApplied) imp.mappingsApplied = true;
  if (status === 'error') {
    imp.failed_step = failed ?? 'importing';
    imp.error_message = env.origin?.errorMessage ?? (env.origin ? `The ${imp.failed_step} step failed.` : `No repository could be reached at ${imp.vcs_url}.`);
    env.events.push('failure');
  }
  if (status === 'complete') {
    env.events.push('success');
    fillImportedRepository(env.draft, imp, env.origin, env.apiBase ?? 'https://api.github.com', env.now ?? new Date(0).toISOString());
  }
}

/** The raw step: commit count, authors and large files become known. */
function startRawStep(imp: Imp, env: StepEnv): void {
  const origin = env.origin;
  if (!origin) return;
  imp.vcs ??= origin.vcs;
  imp.commit_count = origin.commitCount;
  if (imp.authorIds.length === 0) {
    for (const a of origin.authors) {
      const id = nextId(env.draft.counters, 'author', 2268556);
      env.draft.authors[id] = { id, remote_id: a.remote_id, remote_name: a.remote_name, email: a.email, name: a.name, mapped: false };
      imp.authorIds.push(id);
    }
  }
  imp.largeFiles = origin.largeFiles.filter((f) => f.size > LARGE_FILE_BYTES).map((f) => ({ ...f }));
}

/** Where an import goes once the importer connects to the origin (start with a `vcs`, or leaving detection). */
export function connect(imp: Imp, env: StepEnv): void {
  const origin = env.origin;
  if (!origin?.exists) {
    enter(imp, imp.vcs ? 'error' : 'detection_found_nothing', env, 'importing');
    return;
  }
  const creds = credentialsOk(imp, origin);
  if (origin.requiresAuth && creds !== 'ok') {
    enter(imp, imp.vcs || creds === 'wrong' ? 'auth_failed' : 'detection_needs_auth', env);
    return;
  }
  if (origin.projects.length > 1 && !imp.tfvc_project) {
    enter(imp, 'detection_found_multiple', env);
    imp.project_choices = origin.projects.map((p) => ({ ...p }));
    return;
  }
  enter(imp, 'importing', env);
}

function stepOrFail(step: FailStep, next: ImportStatus): Step {
  return (imp, env) => {
    if (env.origin?.failAt === step) enter(imp, 'error', env, step);
    else enter(imp, next, env);
  };
}

/** The transition table. */
export const IMPORT_TRANSITIONS: Readonly<Record<ImportStatus, Row>> = {
  detecting: { advance: connect, text: 'Detecting source control' },
  importing: {
    advance: (imp, env) => {
      if (imp.progress < IMPORT_PERCENTS.length - 1) imp.progress += 1;
      else stepOrFail('importing', 'mapping')(imp, env);
    },
    text: 'Importing...',
  },
  mapping: { advance: stepOrFail('mapping', 'pushing'), text: 'Rewriting history' },
  pushing: {
    advance: (imp, env) => {
      if (imp.progress < PUSH_PERCENTS.length - 1) imp.progress += 1;
      else stepOrFail('pushing', 'complete')(imp, env);
    },
    text: 'Pushing...',
  },
  complete: { advance: null, text: 'Done' },
  auth_failed: { advance: null, resolvedBy: 'credentials', text: 'Authentication failed' },
  error: { advance: null, resolvedBy: 'cancel-and-restart', text: 'Error' },
  detection_needs_auth: { advance: null, resolvedBy: 'credentials', text: 'Authentication required' },
  detection_found_nothing: { advance: null, resolvedBy: 'cancel-and-restart', text: 'No source control detected' },
  detection_found_multiple: { advance: null, resolvedBy: 'project-choice', text: 'Multiple projects found' },
};

/** Moves an import `steps` steps along (stops early in a waiting state). Returns the steps taken. */
export function advanceImport(imp: Imp, env: StepEnv, steps = 1): number {
  let taken = 0;
  for (let i = 0; i < steps; i++) {
    const row = IMPORT_TRANSITIONS[imp.status];
    if (!row.advance) break;
    row.advance(imp, env);
    taken += 1;
  }
  return taken;
}

/** Whether author mappings are still accepted (any time before the import pushes). */
export function authorsMappable(imp: Pick<ImportRecord, 'status' | 'failed_step'>): boolean {
  if (imp.status === 'pushing' || imp.status === 'complete') return false;
  return !(imp.status === 'error' && imp.failed_step === 'pushing');
}

/** The order of the happy path, for pinning a state from a scenario. */
export const HAPPY_PATH: readonly ImportStatus[] = ['detecting', 'importing', 'mapping', 'pushing', 'complete'];

/** Whether a state is reached along the happy path. */
export function isProgressState(s: ImportStatus): boolean {
  return HAPPY_PATH.includes(s);
}
