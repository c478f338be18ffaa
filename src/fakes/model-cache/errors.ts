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

/** The 400 of a request body that is not JSON, as both APIs answer it. */
export function invalidJsonError(): GoogleError {
  return payloadError(undefined, 'Invalid JSON payload received. Unexpected token.');
}

/** A `:streamGenerateContent?alt=sse` request: the real service answers its errors as `text/event-stream`. */
export function isSseStream(url: URL): boolean {
  return url.pathname.endsWith(':streamGenerateContent') && url.searchParams.get('alt') === 'sse';
}

/**
 * The one place Google error bodies are built. Anything not a GoogleError is a bug in the fake: 500 INTERNAL.
 * An error on a server-sent-events stream (`url` given, see {@link isSseStream}) carries the same JSON
 * body with `content-type: text/event-stream`, as the real service sends it (the SDK then reports the
 * body's text as the ApiError's message, with the status).
 */
export function renderGoogleError(err: unknown, url?: URL): FakeResponse {
  const e = err instanceof GoogleError ? err : new GoogleError('INTERNAL', 'Internal error encountered.');
  const error: Record<string, unknown> = { code: GOOGLE_STATUS[e.status], message: e.message, status: e.status };
  if (e.details.length > 0) error.details = e.details;
  const status = GOOGLE_STATUS[e.status];
  if (url && isSseStream(url)) return { status, headers: { 'content-type': 'text/event-stream', ...e.headers }, body: JSON.stringify({ error }) };
  return json(status, { error }, e.headers);
}

/** Which wire a request came in on: Vertex AI (`aiplatform`) or the Gemini API (`generativelanguage`). */
export type Api = 'vertex' | 'gemini';

const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

/**
 * A 400 INVALID_ARGUMENT naming a field, in the form each wire uses: Vertex lists found errors
 * (`List of found errors:\t1.Field: cached_content.ttl; Message: ...\t`), the Gemini API prefixes the
 * request message (`* CreateCachedContentRequest.cached_content.ttl: ...\n`). Both carry a BadRequest detail.
 */
export function fieldError(api: Api, field: string, description: string, request = 'CreateCachedContentRequest'): GoogleError {
  const message = api === 'vertex' ? `List of found errors:\t1.Field: ${field}; Message: ${description}\t` : `* ${request}.${field}: ${description}\n`;
  return new GoogleError('INVALID_ARGUMENT', message, [{ '@type': BAD_REQUEST, fieldViolations: [{ field, description }] }]);
}

/** The JSON parser's error: malformed JSON, unknown field names, wrong value types. */
export function payloadError(field: string | undefined, description: string): GoogleError {
  return new GoogleError('INVALID_ARGUMENT', description, [{ '@type': BAD_REQUEST, fieldViolations: [{ ...(field ? { field } : {}), description }] }]);
}

/** A `google.rpc.ErrorInfo` detail. */
export function errorInfo(reason: string, domain: string, metadata: Record<string, string>): Record<string, unknown> {
  return { '@type': ERROR_INFO, reason, domain, metadata };
}

/** The answer for a cache that does not exist (or expired): Vertex 404, the Gemini API 403 (as observed on the real host). */
export function cacheNotFound(api: Api, name: string): GoogleError {
  if (api === 'gemini') return new GoogleError('PERMISSION_DENIED', 'CachedContent not found (or permission denied)');
  return new GoogleError('NOT_FOUND', `CachedContent not found: ${name}.`);
}

/**
 * A generate call naming a cache that is gone (expired, deleted, never made, or in another project or
 * location): the Gemini API's 403 as for the cache routes; Vertex AI 404 "Not found: cached content
 * metadata for {id}." (the text Vertex answers a generate request whose cache is gone, as reported in
 * googleapis/python-genai#509).
 */
export function usedCacheNotFound(api: Api, name: string): GoogleError {
  if (api === 'gemini') return cacheNotFound('gemini', name);
  return new GoogleError('NOT_FOUND', `Not found: cached content metadata for ${name.slice(name.lastIndexOf('/') + 1)}.`);
}

/** The 400 for a request that uses a cache and also sets system_instruction, tools or tool_config (same text on both wires today). */
export const CACHE_CONFLICT_MESSAGE = 'Tool config, tools and system instruction should not be set in the request when using cached content.';

/** The 400 for a generate call whose model differs from the cache's. */
export function cacheModelMismatch(requestModel: string, cacheModel: string): GoogleError {
  return new GoogleError('INVALID_ARGUMENT', `Model used by GenerateContent request (${requestModel}) and CachedContent (${cacheModel}) has to be the same.`);
}
