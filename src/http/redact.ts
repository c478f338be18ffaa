/** The placeholder that replaces a secret in the journal. */
export const REDACTED = '[redacted]';

/**
 * Redaction works by rule, not by a list of spellings. A name (header, query key or body field, at any
 * depth) is secret when, lower-cased and without `_`, `-`, `.` and spaces, it
 * - is `key`, `token`, `secret`, `password`, `passwd`, `pwd`, `code_verifier` or `encrypted_value`, or
 * - ends in `token` (`access_token`, `fb_exchange_token`, `input_token`, `refresh_token`, `X-Auth-Token`),
 *   `secret` (`client_secret`, `app_secret`), `password` (`vcs_password`), `proof` (`appsecret_proof`),
 *   `apikey` (`api_key`, `apiKey`, `x-goog-api-key`), `privatekey`, `credential(s)`, `authorization`
 *   or `cookie` (`set-cookie`),
 * except paging cursors (`page_token`, `pageToken`, `nextPageToken`), which are no credentials and which
 * tests read back. Besides names, the password of a URL's user-info (`https://user:PASS@host/`) is
 * redacted wherever a URL appears: the request URL, query values, body strings.
 */
export function isSecretName(name: string): boolean {
  const n = normalize(name);
  if (EXACT.has(n)) return true;
  if (n.endsWith('pagetoken')) return false;
  for (const suffix of SUFFIXES) if (n.endsWith(suffix)) return true;
  return false;
}

const EXACT = new Set(['key', 'token', 'secret', 'password', 'passwd', 'pwd', 'codeverifier', 'encryptedvalue']);
const SUFFIXES = ['token', 'secret', 'password', 'proof', 'apikey', 'privatekey', 'credential', 'credentials', 'authorization', 'cookie'];

function normalize(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 95 || c === 45 || c === 46 || c === 32) continue; // _ - . space
    out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : name[i];
  }
  return out;
}

/** Whether a header name is secret: {@link isSecretName}, or any name ending in `key` (`x-key`, `x-goog-api-key`). */
export function isSecretHeader(name: string): boolean {
  return isSecretName(name) || normalize(name).endsWith('key');
}

/** Headers with credentials replaced by `[redacted]` (the scheme word of Authorization is kept). */
export function redactHeaders(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (!isSecretHeader(k)) out[k] = redactUserinfo(v);
    else if (k === 'authorization' || k === 'proxy-authorization') {
      const scheme = /^(\w+)\s/.exec(v)?.[1];
      out[k] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[k] = REDACTED;
  }
  return out;
}

/** A query record without secrets (secret keys and passwords of URLs in values). */
export function redactQuery(q: Record<string, string | string[]>): Record<string, string | string[]> {
  let out: Record<string, string | string[]> | undefined;
  for (const k of Object.keys(q)) {
    const v = q[k] as string | string[];
    const r = isSecretName(k) ? REDACTED : Array.isArray(v) ? redactList(v) : redactUserinfo(v);
    if (r !== v) {
      out ??= { ...q };
      out[k] = r;
    }
  }
  return out ?? q;
}

function redactList(v: string[]): string[] {
  let out: string[] | undefined;
  v.forEach((s, i) => {
    const r = redactUserinfo(s);
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
        const r = redactUserinfo(v);
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
      if (c === 47 || c === 63 || c === 35 || c === 32 || c === 92) break; // / ? # space backslash
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

/**
 * A copy of a JSON-like value with secrets replaced, at any depth: values of secret-named fields
 * (strings and numbers; objects under such a name are walked), and URL passwords in any string.
 * Unchanged values are returned as is.
 */
export function redactValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return redactUserinfo(v);
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Uint8Array) return v;
  // Bodies deeper than the JSON depth limit are refused before they get here; fail closed anyway.
  if (depth > 1000) return REDACTED;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      const r = redactValue(item, depth + 1);
      if (r !== item) {
        out ??= [...v];
        out[i] = r;
      }
    }
    return out ?? v;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
    const r = isSecretName(k) && (typeof item === 'string' || typeof item === 'number') ? REDACTED : redactValue(item, depth + 1);
    if (r !== item) {
      out ??= { ...(v as Record<string, unknown>) };
      out[k] = r;
    }
  }
  return out ?? v;
}

/** Whether a string contains any of the given secrets (for self-checks in tests and describe()). */
export function containsSecret(text: string, secrets: Iterable<string>): boolean {
  for (const s of secrets) if (s && text.includes(s)) return true;
  return false;
}

// Every secret name contains one of these (lower-cased), and a URL in a value needs '@': a query
// without any of them surely holds no secret. Percent-encoded keys could spell one in disguise.
const HINT = /key|token|secret|pass|pwd|proof|credential|authorization|cookie|verifier|encrypted|@|%/i;

/** Whether a query string (`?a=1&b=2`) may hold a secret; false means it surely does not. */
function mayHoldSecret(search: string): boolean {
  return search !== '' && HINT.test(search);
}
