import { GitHubError } from '../fakes/code-hosting/core/errors.js';
import { GoogleError } from '../fakes/model-cache/errors.js';
import type { ServiceName } from '../fakes/service-name.js';
import { GraphError } from '../fakes/social-graph/errors.js';

/**
 * JSON nested deeper than this is refused as unparseable, as the real parsers do (Ruby's JSON and
 * protobuf's JSON parser both stop at 100 levels); it also keeps recursive validators off the stack limit.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * URLs longer than this (characters of the whole URL) are refused before routing, in the service's own
 * envelope. Real front ends refuse far shorter ones (Node's HTTP server stops at 16 KiB of headers); the
 * cap keeps the work and the journal entry of one request bounded.
 */
export const MAX_URL_LENGTH = 64 * 1024;

/** A service's request-size rule: bodies above `maxBodyBytes` are refused before parsing. */
export interface BodyLimit {
  readonly maxBodyBytes: number;
  /** The service's own error for a body that is too large (rendered by its one renderer). */
  tooLarge(limit: number): unknown;
  /** The service's own error for a URL longer than {@link MAX_URL_LENGTH}. */
  uriTooLong(limit: number): unknown;
}

const MB = 1024 * 1024;

/**
 * Per-service body caps. They sit above every payload the real APIs accept for the faked routes, and
 * far below what would exhaust a test process: a 100 MB body is refused without being decoded, parsed
 * or kept in the journal.
 */
export const BODY_LIMITS: Readonly<Record<ServiceName, BodyLimit>> = {
  codeHosting: {
    maxBodyBytes: 25 * MB,
    tooLarge: () => new GitHubError(413, 'Payload Too Large', { documentationUrl: 'https://docs.github.com/rest' }),
    uriTooLong: () => new GitHubError(414, 'URI Too Long', { documentationUrl: 'https://docs.github.com/rest' }),
  },
  socialGraph: {
    maxBodyBytes: 25 * MB,
    tooLarge: () => new GraphError(100, 'Request payload too large', { type: 'OAuthException', status: 413 }),
    uriTooLong: () => new GraphError(100, 'Request URI too long', { type: 'OAuthException', status: 414 }),
  },
  modelCache: {
    maxBodyBytes: 32 * MB,
    tooLarge: (limit) => new GoogleError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`),
    uriTooLong: (limit) => new GoogleError('INVALID_ARGUMENT', `Request URI too long: the limit is ${limit} characters.`),
  },
};

/** Nesting depth of a parsed JSON value, computed without recursion; stops counting past `cap`. */
export function jsonDepth(value: unknown, cap = MAX_JSON_DEPTH + 1): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max >= cap) return max;
    for (const item of Array.isArray(v) ? v : Object.values(v)) if (item !== null && typeof item === 'object') stack.push([item, d + 1]);
  }
  return max;
}
