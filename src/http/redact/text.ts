// Secrets inside strings: headers, queries, URLs, form and JSON text, header lines, URL user-info.
import { memoize } from '../../util/memo.js';
import { REDACTED, REDACTED_ENCODED, isSecretHeader, isSecretName } from './names.js';

// Every secret name or value pattern needs one of these (case-insensitive): a string without any of
// them is surely clean, and most are.
const HINT = /key|tok|secret|pass|pwd|proof|credential|auth|cookie|verifier|encrypted|jwt|session|signature|otp|%|@/i;

/**
 * Headers with credentials replaced by `[redacted]` (the scheme word of Authorization is kept), secrets
 * in other values scanned. The record itself when nothing needed redacting (most answers' headers), else
 * a copy.
 */
export function redactHeaders(h: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  let out: Record<string, string> | undefined;
  for (const k in h) {
    const v = h[k] as string;
    let r: string;
    if (!isSecretHeader(k)) r = typeof v === 'string' ? redactHeaderValue(v) : v;
    else if (/authorization$/i.test(k)) {
      const scheme = /^(\w+)\s/.exec(v)?.[1];
      r = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else r = REDACTED;
    if (r !== v) {
      out ??= { ...h };
      out[k] = r;
    }
  }
  return out ?? h;
}

/**
 * {@link redactString} of a header value, remembered for recent short values: most headers repeat from
 * request to request (a client's `Accept` and `User-Agent`, a route's content type and `X-Accepted-*`),
 * and finding a short value costs less than matching the secret hints in it.
 */
const redactHeaderValue = memoize((v: string) => redactString(v), 1024, 256);

/** A query record without secrets (secret keys' values, and secrets inside other values). */
export function redactQuery(q: Record<string, string | string[]>): Record<string, string | string[]> {
  let out: Record<string, string | string[]> | undefined;
  for (const k of Object.keys(q)) {
    const v = q[k] as string | string[];
    const r = isSecretName(k) ? REDACTED : Array.isArray(v) ? redactList(v) : redactString(v);
    if (r !== v) {
      out ??= { ...q };
      Object.defineProperty(out, k, { value: r, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? q;
}

function redactList(v: string[]): string[] {
  let out: string[] | undefined;
  v.forEach((s, i) => {
    const r = redactString(s);
    if (r !== s) {
      out ??= [...v];
      out[i] = r;
    }
  });
  return out ?? v;
}

/** A URL string without secrets: no user-info (a password or a token in it), no secret query key's value. */
export function redactUrl(url: URL): string {
  // Hot path (every journaled call): no credentials and nothing in the query that could be one.
  if (!url.username && !url.password && !mayHoldSecret(url.search)) return url.href;
  const u = new URL(url.href);
  let changed = false;
  if (u.username || u.password) {
    // `https://user:PASS@host` and `https://TOKEN@host` alike.
    u.username = REDACTED;
    u.password = '';
    changed = true;
  }
  if (u.search) {
    const rebuilt = new URLSearchParams();
    const seen = new Set<string>();
    let queryChanged = false;
    for (const [k, v] of new URLSearchParams(u.search)) {
      if (isSecretName(k)) {
        // Repeated secret keys collapse into one.
        if (!seen.has(k)) rebuilt.append(k, REDACTED);
        seen.add(k);
        queryChanged = true;
      } else {
        const r = redactString(v);
        if (r !== v) queryChanged = true;
        rebuilt.append(k, r);
      }
    }
    if (queryChanged) {
      u.search = rebuilt.toString();
      changed = true;
    }
  }
  return changed ? u.href : url.href;
}

/**
 * A string with the user-info of every URL in it replaced (`https://user:PASS@host` →
 * `https://[redacted]@host`). Linear: one scan per `://`, up to the end of its authority.
 */
export function redactUserinfo(s: string): string {
  let i = s.indexOf('://');
  if (i < 0) return s;
  let out = '';
  let last = 0;
  while (i >= 0) {
    const start = i + 3;
    let end = start;
    let at = -1;
    for (; end < s.length; end++) {
      const c = s.charCodeAt(end);
      if (c === 47 || c === 63 || c === 35 || c === 32 || c === 92 || c === 34 || c === 39 || c === 60 || c === 62) break; // / ? # space \ " ' < >
      if (c === 64) at = end; // the last @ of the authority ends the user-info
    }
    if (at > start) {
      out += `${s.slice(last, start)}${REDACTED}`;
      last = at;
    }
    i = s.indexOf('://', end);
  }
  return last === 0 ? s : out + s.slice(last);
}

function decodeName(name: string): string {
  if (!name.includes('%') && !name.includes('+')) return name;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A string without the secrets it may carry: URL user-info, `name=value` pairs with a secret name
 * (the value becomes `%5Bredacted%5D`), `"name": "value"` / `name: 'value'` / `"name": 123` pairs and
 * header lines (`Authorization: Bearer ...` at the start of a line or of a quoted string) with a
 * secret name (the value becomes `[redacted]`). Unchanged strings are returned as they are.
 *
 * Linear in the string: it jumps from one `=` or `:` to the next (native searches) and looks only at
 * the name before each and the value after it, so a 2 MB body costs a few milliseconds.
 */
export function redactString(s: string): string {
  if (s.length < 4 || !HINT.test(s)) return s;
  let out = s.includes('://') ? redactUserinfo(s) : s;
  if (out.includes('=')) out = redactParams(out);
  if (out.includes(':')) out = redactPairs(out);
  return out;
}

// Characters of a query, form or cookie name: letters, digits, `_ . - [ ] % +`.
function isParamNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45 || c === 91 || c === 93 || c === 37 || c === 43
  );
}

// Where a `name=value` value ends: & # whitespace " ' < > ; \
function isParamValueEnd(c: number): boolean {
  return c === 38 || c === 35 || c <= 32 || c === 34 || c === 39 || c === 60 || c === 62 || c === 59 || c === 92;
}

/** `access_token=...`, `&client_secret=...`: the values of secret names become `%5Bredacted%5D`. */
function redactParams(s: string): string {
  let out = '';
  let last = 0;
  let i = s.indexOf('=');
  while (i >= 0) {
    let j = i;
    while (j > 0 && i - j < 128 && isParamNameChar(s.charCodeAt(j - 1))) j--;
    let end = i + 1;
    if (j < i && (j === 0 || !isParamNameChar(s.charCodeAt(j - 1))) && isSecretName(decodeName(s.slice(j, i)))) {
      while (end < s.length && !isParamValueEnd(s.charCodeAt(end))) end++;
      if (end > i + 1 && s.slice(i + 1, end) !== REDACTED_ENCODED) {
        out += `${s.slice(last, i + 1)}${REDACTED_ENCODED}`;
        last = end;
      }
    }
    i = s.indexOf('=', end);
  }
  return last === 0 ? s : out + s.slice(last);
}

// Characters of a JSON key or header name: letters, digits, `_ . -`.
function isPairNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

/** The quote at `at` with the backslashes before it (`"`, `\"`, `'`), or '' when there is none. */
function quoteEndingAt(s: string, at: number): string {
  const c = s.charCodeAt(at);
  if (c !== 34 && c !== 39) return '';
  let b = at - 1;
  while (b >= 0 && s.charCodeAt(b) === 92) b--;
  return s.slice(b + 1, at + 1);
}

/** The quote starting at `at` (backslashes, then `"` or `'`), or ''. */
function quoteStartingAt(s: string, at: number): string {
  let k = at;
  while (k < s.length && s.charCodeAt(k) === 92) k++;
  const c = s.charCodeAt(k);
  return c === 34 || c === 39 ? s.slice(at, k + 1) : '';
}

/** Where a quoted value that starts after the quote `q` at `from` ends (the index of its closing quote), or -1. */
function closingQuote(s: string, from: number, q: string): number {
  if (q.length > 1) {
    const end = s.indexOf(q, from);
    const nl = s.indexOf('\n', from);
    return end >= 0 && (nl < 0 || end < nl) ? end : -1;
  }
  const quote = q.charCodeAt(0);
  for (let k = from; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 92) k++;
    else if (c === quote) return k;
    else if (c === 10 || c === 13) return -1;
  }
  return -1;
}

/**
 * `"name": "value"`, `name: 'value'`, `"name": 123` and header lines with a secret name: the values
 * become `[redacted]` (the scheme word of an Authorization line stays).
 */
function redactPairs(s: string): string {
  let out = '';
  let last = 0;
  let i = s.indexOf(':');
  while (i >= 0) {
    const next = redactPairAt(s, i);
    if (next) {
      out += s.slice(last, next.from) + next.text;
      last = next.to;
      i = s.indexOf(':', next.to);
    } else i = s.indexOf(':', i + 1);
  }
  return last === 0 ? s : out + s.slice(last);
}

function redactPairAt(s: string, colon: number): { from: number; to: number; text: string } | undefined {
  // The name before the colon, maybe quoted.
  let j = colon - 1;
  while (j >= 0 && (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9)) j--;
  const nameQuote = j >= 0 ? quoteEndingAt(s, j) : '';
  const nameEnd = j + 1 - nameQuote.length;
  let start = nameEnd;
  while (start > 0 && nameEnd - start < 64 && isPairNameChar(s.charCodeAt(start - 1))) start--;
  if (start === nameEnd) return undefined;
  const before = start - 1;
  if (before >= 0 && isPairNameChar(s.charCodeAt(before))) return undefined;
  if (nameQuote && s.slice(start - nameQuote.length, start) !== nameQuote) return undefined;
  const name = s.slice(start, nameEnd);
  // The value after it.
  let k = colon + 1;
  while (k < s.length && (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9)) k++;
  const valueQuote = quoteStartingAt(s, k);
  if (valueQuote) {
    if (!isSecretName(name)) return undefined;
    const from = k + valueQuote.length;
    const end = closingQuote(s, from, valueQuote);
    if (end < 0 || end === from || s.slice(from, end) === REDACTED) return undefined;
    return { from, to: end, text: REDACTED };
  }
  const c = s.charCodeAt(k);
  if (nameQuote && ((c >= 48 && c <= 57) || c === 45)) {
    if (!isSecretName(name)) return undefined;
    let end = k + 1;
    while (end < s.length && /[\d.eE+-]/.test(s.charAt(end))) end++;
    return { from: k, to: end, text: `"${REDACTED}"` };
  }
  if (nameQuote) return undefined;
  // A header line: at the start of the text or a line, or of a quoted string (`["Authorization: OAuth ..."]`).
  const lead = before < 0 ? -1 : s.charCodeAt(before);
  const opener = before >= 0 ? quoteEndingAt(s, before) : '';
  if (!(lead === -1 || lead === 10 || lead === 13 || opener) || !isSecretHeader(name)) return undefined;
  let end = k;
  if (opener) {
    const close = closingQuote(s, k, opener);
    end = close < 0 ? k : close;
  } else while (end < s.length && s.charCodeAt(end) !== 10 && s.charCodeAt(end) !== 13) end++;
  if (end === k || s.slice(k, end) === REDACTED) return undefined;
  const scheme = /authorization$/i.test(name) ? /^(\w+)\s+\S/.exec(s.slice(k, Math.min(end, k + 32)))?.[1] : undefined;
  const from = scheme ? k + scheme.length + 1 : k;
  return { from, to: end, text: REDACTED };
}

const HINTS = new RegExp(HINT.source, 'gi');
// Field names GitHub answers with on every issue and comment, which hold `auth` and are no credential.
const HARMLESS = ['author_association', 'author'];

/**
 * Whether the JSON text of a value surely holds nothing {@link redactValue} would change: none of the
 * hints every secret name or value pattern needs, apart from harmless field names (`author`,
 * `author_association`). JSON writes names and strings with their letters, `%` and `@` as they are,
 * so a hint in any of them is in the text. False means "maybe": walk the value.
 */
export function jsonTextIsClean(json: string): boolean {
  HINTS.lastIndex = 0;
  for (let m = HINTS.exec(json); m !== null; m = HINTS.exec(json)) {
    const at = m.index;
    const harmless = HARMLESS.find((h) => json.startsWith(h, at) && json.charCodeAt(at - 1) === 34 && json.charCodeAt(at + h.length) === 34);
    if (!harmless) return false;
    HINTS.lastIndex = at + harmless.length;
  }
  return true;
}

/** Whether a query string (`?a=1&b=2`) may hold a secret; false means it surely does not. */
function mayHoldSecret(search: string): boolean {
  return search !== '' && HINT.test(search);
}
