import type { CallMeta } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import type { RecordedCall } from '../store/journal.js';
import { redactHeaders, redactQuery, redactUrl } from './redact.js';
import type { FakeRequest } from './request.js';
import type { FakeResponse } from './response.js';

// Recording a call: the journal entry of one request, its URL, query and headers redacted, bounded.

/** What the pipeline knows of a finished request, to journal it. */
export interface CallParts {
  seq: number;
  service: ServiceName;
  operation: string;
  req: FakeRequest;
  path: string;
  route: string | null;
  params: Record<string, string>;
  response: FakeResponse;
  at: string;
  meta: CallMeta;
  /** Keep the bodies (`journal: { bodies: false }` keeps neither). */
  bodies: boolean;
  /** A URL refused as too long: kept only as its first 1,024 characters, without its query. */
  clip?: boolean;
  error?: { message: string; stack?: string };
  note?: string;
}

/** Builds a journal entry; `Journal.record` redacts its bodies and answer (and cuts large bodies) before anything keeps it. */
export function buildCall(p: CallParts): RecordedCall {
  const long = p.clip === true;
  const call = {
    seq: p.seq,
    service: p.service,
    operation: p.operation,
    method: p.req.method,
    // A URL over the service's limit is kept only as its first 1,024 characters (the journal stays bounded).
    url: long ? clip(redactUrl(p.req.url)) : redactUrl(p.req.url),
    path: long ? clip(p.path) : p.path,
    route: p.route,
    params: p.params,
    query: long ? {} : redactQuery(p.req.query),
    headers: redactHeaders(p.req.headers),
    // Only the parsed bodies: the raw request bytes must not live on in the journal.
    body: p.bodies ? p.req.body : undefined,
    status: p.response.status,
    response: { headers: p.response.headers ?? {}, body: p.bodies ? p.response.body : undefined },
    at: p.at,
    token: p.meta.token,
    version: p.meta.version,
    tags: p.meta.tags,
    ...(p.error ? { error: p.error } : {}),
    ...(p.note ? { note: p.note } : {}),
  };
  return call;
}

function clip(s: string): string {
  return s.length > 1024 ? `${s.slice(0, 1024)}…` : s;
}
