/**
 * What the live page shows of the fakes: one-line call summaries (the table and the event stream)
 * and the page's data (`GET /__stuntdouble/live`): counts, clock, recent calls, unmatched requests
 * with their closest routes, applied scenarios and active faults.
 */
import type { Fakes } from '../../create-fakes.js';
import { redactValue } from '../../http/redact.js';
import type { RecordedCall } from '../../store/journal.js';

/** A call as the table lists it (the full entry is `GET /__stuntdouble/calls/{seq}`). */
export interface CallSummary {
  seq: number;
  at: string;
  service: string;
  method: string;
  path: string;
  /** The query string (`?page=2`), secrets redacted as in the journal; '' when none. */
  search: string;
  route: string | null;
  status: number;
  operation: string;
  tags: readonly string[];
  token: string | null;
  /** For unmatched calls: the closest routes. */
  note?: string;
}

/** The summary of a journal entry (already redacted). */
export function summarize(c: RecordedCall): CallSummary {
  const q = c.url.indexOf('?');
  return {
    seq: c.seq,
    at: c.at,
    service: c.service,
    method: c.method,
    path: c.path,
    search: q < 0 ? '' : c.url.slice(q),
    route: c.route,
    status: c.status,
    operation: c.operation,
    tags: c.tags,
    token: c.token,
    ...(c.note ? { note: c.note } : {}),
  };
}

/** A fault the admin API added (`POST faults`), as the page lists it. */
export interface FaultView {
  id: number;
  scenario: string;
  options: unknown;
  hits?: unknown;
}

/** The live page's data: what it renders first, and what it fetches again after a change. */
export interface LiveData {
  /** Journal resets since the server started (the event stream's ids carry it). */
  epoch: number;
  url: string;
  services: readonly string[];
  clock: { now: string; mode: string };
  /** Calls recorded since the last reset (dropped ones included). */
  calls: number;
  unmatched: number;
  lastSeq: number;
  /** The most recent calls, oldest first. */
  recent: CallSummary[];
  /** The most recent unmatched requests, with the closest routes in `note`. */
  misses: CallSummary[];
  applied: Array<{ name: string; service: string; options: unknown; afterSeq: number }>;
  faults: FaultView[];
  /** Fault hooks in force, those applied in-process (not through the admin API) included. */
  faultHooks: number;
  scenarios?: Array<{ name: string; service: string; description: string }>;
}

/** How many unmatched requests the page lists. */
const MISSES = 50;

/** Builds the page's data; `recent` calls at most (0 for none). */
export function liveData(
  fakes: Fakes,
  info: { epoch: number; url: string; services: readonly string[]; faults: FaultView[]; scenarios?: LiveData['scenarios'] },
  recent: number,
): LiveData {
  const calls = fakes.calls;
  const unmatched = fakes.unmatched;
  return {
    epoch: info.epoch,
    url: info.url,
    services: info.services,
    clock: { now: fakes.clock.now().toISOString(), mode: fakes.clock.mode },
    calls: calls.count(),
    unmatched: unmatched.count(),
    lastSeq: calls.last()?.seq ?? 0,
    recent: recent > 0 ? calls.slice(-recent).map(summarize) : [],
    misses: unmatched.slice(-MISSES).map(summarize),
    applied: fakes.applied.map((a) => ({ name: a.name, service: a.service, options: redactValue(a.options), afterSeq: a.afterSeq })),
    faults: info.faults.map((f) => ({ ...f, options: redactValue(f.options) })),
    faultHooks: fakes.faults.length,
    ...(info.scenarios ? { scenarios: info.scenarios } : {}),
  };
}
