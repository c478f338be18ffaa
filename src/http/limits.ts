import { GitHubError } from '../fakes/code-hosting/core/errors.js';
import { GoogleError } from '../fakes/model-cache/errors.js';
import type { ServiceName } from '../fakes/service-name.js';
import { GraphError } from '../fakes/social-graph/errors.js';
import type { FakeResponse } from './response.js';

/**
 * JSON nested deeper than this is refused as unparseable, as the real parsers do (Ruby's JSON and
 * protobuf's JSON parser both stop at 100 levels); it also keeps recursive validators off the stack limit.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * What a service answers for a request whose URL is over its limit: its own error (rendered in its
 * envelope) or, where the real front end answers before any API sees the request, that front end's page.
 */
export type UriTooLongAnswer = { error: unknown } | { response: FakeResponse };

/** A service's request-size rules: bodies above `maxBodyBytes` and URLs above `maxUrlLength` are refused before parsing and routing. */
export interface BodyLimit {
  readonly maxBodyBytes: number;
  /** The service's own error for a body that is too large (rendered by its one renderer). */
  tooLarge(limit: number): unknown;
  /**
   * The longest request target (path and query as sent, percent-encoded) the service's front end
   * accepts; a longer one is answered 414 before its body is read or its path routed.
   */
  readonly maxUrlLength: number;
  /** The answer for a URL over {@link BodyLimit.maxUrlLength}. */
  uriTooLong(url: URL): UriTooLongAnswer;
}

/** The length a URL limit counts: the request target (path and query) as it goes on the wire. */
export function requestTargetLength(url: URL): number {
  return url.pathname.length + url.search.length;
}

const MB = 1024 * 1024;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Google's front end's page for an over-long URL: 414 "Request-URI Too Large" as HTML, answered before
 * any API sees the request (so not the APIs' JSON error envelope). It quotes the start of the path.
 */
function googleUriTooLarge(url: URL): FakeResponse {
  const shown = url.pathname.slice(0, 64).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
  return {
    status: 414,
    headers: { 'content-type': 'text/html; charset=UTF-8', 'referrer-policy': 'no-referrer' },
    body: [
      '<!DOCTYPE html>',
      '<html lang=en>',
      '  <meta charset=utf-8>',
      '  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">',
      '  <title>Error 414 (Request-URI Too Large)!!1</title>',
      '  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>',
      '  <p><b>414.</b> <ins>That\u2019s an error.</ins>',
      `  <p>The requested URL <code>${shown}...</code> is too large to process.  <ins>That\u2019s all we know.</ins>`,
      '',
    ].join('\n'),
  };
}

/**
 * Per-service caps.
 *
 * Bodies: above every payload the real APIs accept for the faked routes, and far below what would
 * exhaust a test process (a 100 MB body is refused without being decoded, parsed or kept in the journal).
 *
 * URLs: the real front ends' limits, so a URL that fails against the service fails here too, and no URL
 * costs more work than that: GitHub answers a URL over 8,191 bytes with 414 "URI Too Long"; Google's
 * front end answers 414 "Request-URI Too Large" (an HTML page) past about 16 KiB; Graph publishes no
 * limit, so it gets the common 16 KiB front-end limit (Node's own HTTP server's too), in its envelope.
 */
export const BODY_LIMITS: Readonly<Record<ServiceName, BodyLimit>> = {
  codeHosting: {
    maxBodyBytes: 25 * MB,
    tooLarge: () => new GitHubError(413, 'Payload Too Large', { documentationUrl: 'https://docs.github.com/rest' }),
    maxUrlLength: 8191,
    uriTooLong: () => ({ error: new GitHubError(414, 'URI Too Long', { documentationUrl: 'https://docs.github.com/rest' }) }),
  },
  socialGraph: {
    maxBodyBytes: 25 * MB,
    tooLarge: () => new GraphError(100, 'Request payload too large', { type: 'OAuthException', status: 413 }),
    maxUrlLength: 16 * 1024,
    uriTooLong: () => ({ error: new GraphError(100, 'Request URI too long', { type: 'OAuthException', status: 414 }) }),
  },
  modelCache: {
    maxBodyBytes: 32 * MB,
    tooLarge: (limit) => new GoogleError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`),
    maxUrlLength: 16 * 1024,
    uriTooLong: (url) => ({ response: googleUriTooLarge(url) }),
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
