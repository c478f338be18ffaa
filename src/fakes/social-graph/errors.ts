import { json } from '../../http/response.js';
import type { FakeResponse } from '../../http/response.js';

/** Graph error types seen on the wire. */
export type GraphErrorType = 'OAuthException' | 'GraphMethodException' | 'FacebookApiException' | 'IGApiException';

/** Optional parts of a Graph error. */
export interface GraphErrorExtra {
  subcode?: number;
  type?: GraphErrorType;
  /** HTTP status; defaults by code (400, 403 for rate limits, 500 for 1/2). */
  status?: number;
  userTitle?: string;
  userMsg?: string;
  isTransient?: boolean;
  headers?: Record<string, string>;
}

const TRANSIENT = new Set([1, 2, 4, 17, 32, 341, 613, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);

/** A Graph API error; `message` is given without the `(#code) ` prefix, which rendering adds. */
export class GraphError extends Error {
  readonly isServiceError = true;
  constructor(
    readonly code: number,
    message: string,
    readonly extra: GraphErrorExtra = {},
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** The HTTP status Graph uses for an error code. */
export function graphStatus(code: number): number {
  if (code === 1 || code === 2) return 500;
  if (code === 190 || code === 102) return 400;
  if (TRANSIENT.has(code)) return 403;
  return 400;
}

/** The one place Graph error bodies are built; `fbtraceId` comes from the request sequence. */
export function renderGraphError(err: unknown, fbtraceId: string): FakeResponse {
  const e = err instanceof GraphError ? err : new GraphError(1, 'An unknown error occurred', { type: 'OAuthException', isTransient: true });
  const prefixed = /^\(#\d+\)/.test(e.message) || e.code === 190 ? e.message : `(#${e.code}) ${e.message}`;
  const error: Record<string, unknown> = {
    message: prefixed,
    type:
      e.extra.type ??
      (e.code === 190 || e.code === 102 || TRANSIENT.has(e.code) || e.code === 200 || e.code === 10 ? 'OAuthException' : 'GraphMethodException'),
    code: e.code,
  };
  if (e.extra.subcode !== undefined) error.error_subcode = e.extra.subcode;
  if (e.extra.isTransient ?? TRANSIENT.has(e.code)) error.is_transient = true;
  if (e.extra.userTitle) error.error_user_title = e.extra.userTitle;
  if (e.extra.userMsg) error.error_user_msg = e.extra.userMsg;
  error.fbtrace_id = fbtraceId;
  return json(
    e.extra.status ?? graphStatus(e.code),
    { error },
    {
      'www-authenticate': `OAuth "Facebook Platform" "${error.type === 'OAuthException' ? 'invalid_token' : 'invalid_request'}" "${prefixed.replace(/"/g, "'")}"`,
      ...(e.extra.headers ?? {}),
    },
  );
}

/** A deterministic fbtrace id from the request sequence number. */
export function fbtraceId(seq: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let n = seq * 2654435761;
  let out = 'A';
  for (let i = 0; i < 10; i++) {
    out += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length) + i * 7919;
  }
  return out;
}

/** Graph's answer for a path that names no node or edge it knows. */
export function unsupportedRequest(method: string, id: string): GraphError {
  return new GraphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: 'GraphMethodException' },
  );
}
