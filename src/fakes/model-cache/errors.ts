import { json } from '../../http/response.js';
import type { FakeResponse } from '../../http/response.js';

/** google.rpc.Code names and their HTTP statuses. */
export const GOOGLE_STATUS = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;
/** A google.rpc.Code name. */
export type GoogleStatus = keyof typeof GOOGLE_STATUS;

/** A Google API error in the AIP-193 envelope. */
export class GoogleError extends Error {
  readonly isServiceError = true;
  constructor(
    readonly status: GoogleStatus,
    message: string,
    readonly details: unknown[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GoogleError';
  }
}

/** Shorthand for a {@link GoogleError}. */
export function googleError(status: GoogleStatus, message: string, details: unknown[] = []): GoogleError {
  return new GoogleError(status, message, details);
}

/** The one place Google error bodies are built. Anything not a GoogleError is a bug in the fake: 500 INTERNAL. */
export function renderGoogleError(err: unknown): FakeResponse {
  const e = err instanceof GoogleError ? err : new GoogleError('INTERNAL', 'Internal error encountered.');
  const error: Record<string, unknown> = { code: GOOGLE_STATUS[e.status], message: e.message, status: e.status };
  if (e.details.length > 0) error.details = e.details;
  return json(GOOGLE_STATUS[e.status], { error }, e.headers);
}
