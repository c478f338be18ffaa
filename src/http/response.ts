import { memoizeRecent } from '../util/memo.js';

/** What a route answers, before a transport turns it into bytes. */
export interface FakeResponse {
  status: number;
  /** Lower-case header names. */
  headers?: Record<string, string>;
  /** A JSON-able value (sent as JSON), a string, bytes, or undefined for no body. */
  body?: unknown;
}

/** The JSON content type every fake answers with (Octokit parses a body only for this type). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer.
 * @example return json(201, importObject, { location: url });
 */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, body, headers: { 'content-type': JSON_TYPE, ...headers } };
}

/** An answer without a body (204, or 202 for accepted actions). */
export function empty(status = 204, headers: Record<string, string> = {}): FakeResponse {
  return { status, headers };
}

/** A body's text over this many characters is not held by the recent-bodies memo (only while its body lives). */
const LARGE = 1024 * 1024;
/** Texts of bodies too large for the recent-bodies memo. */
const largeTexts = new WeakMap<object, string>();
/**
 * The texts of the last four bodies, found by identity (a `WeakMap` entry per answer cost the garbage
 * collector more than the lookup saved); a larger text goes to {@link largeTexts}.
 */
const recentText = memoizeRecent(
  (body: object) => largeTexts.get(body) ?? JSON.stringify(body),
  4,
  (body, text) => {
    if (text.length <= LARGE) return true;
    largeTexts.set(body, text);
    return false;
  },
);

/**
 * The JSON text of a response body, made once per body object: the code-hosting ETag hashes it, the
 * journal keeps it and the transport sends it, for the price of one JSON.stringify. A body is not
 * changed after its route answered.
 */
export function jsonText(body: unknown): string {
  return typeof body === 'object' && body !== null ? recentText(body) : JSON.stringify(body);
}

const NOT_LATIN1 = /[^\t\x20-\x7e\x80-\xff]/;
const NOT_LATIN1_ALL = /[^\t\x20-\x7e\x80-\xff]/g;

/** The bytes and headers a transport sends for a response. */
export function serialize(res: FakeResponse): { status: number; headers: Record<string, string>; body: string | Uint8Array } {
  // HTTP header values are Latin-1; a character outside it made nock's reply hang instead of fail.
  // The headers are copied only when one must change (a value to fix, a content type to add).
  const given = res.headers ?? {};
  const b = res.body;
  let fix = typeof b === 'object' && b !== null && !(b instanceof Uint8Array) && !given['content-type'];
  if (!fix)
    for (const k in given) {
      if (NOT_LATIN1.test(given[k] as string)) {
        fix = true;
        break;
      }
    }
  let headers: Record<string, string> = given;
  if (fix) {
    headers = {};
    for (const k in given) {
      const v = given[k] as string;
      headers[k] = NOT_LATIN1.test(v) ? v.replace(NOT_LATIN1_ALL, '?') : v;
    }
  }
  if (b === undefined || b === null) return { status: res.status, headers, body: '' };
  if (typeof b === 'string' || b instanceof Uint8Array) return { status: res.status, headers, body: b };
  if (!headers['content-type']) headers['content-type'] = JSON_TYPE;
  return { status: res.status, headers, body: jsonText(b) };
}
