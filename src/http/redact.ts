/** The placeholder that replaces a secret in the journal. */
export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-goog-api-key', 'x-api-key']);
const SECRET_QUERY = new Set([
  'access_token',
  'key',
  'appsecret_proof',
  'client_secret',
  'input_token',
  'api_key',
  // Credentials clients put in a query by mistake are still credentials.
  'apiKey',
  'token',
  'password',
  'secret',
  'vcs_password',
  'private_key',
]);
const SECRET_FIELDS = new Set([
  'access_token',
  'vcs_password',
  'password',
  'secret',
  'client_secret',
  'appsecret_proof',
  'api_key',
  'apiKey',
  'token',
  'page_token',
  'private_key',
]);

/** Headers with credentials replaced by `[redacted]` (the scheme word of Authorization is kept). */
export function redactHeaders(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (!SECRET_HEADERS.has(k)) out[k] = v;
    else if (k === 'authorization' || k === 'proxy-authorization') {
      const scheme = /^(\w+)\s/.exec(v)?.[1];
      out[k] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[k] = REDACTED;
  }
  return out;
}

/** A query record without secrets. */
export function redactQuery(q: Record<string, string | string[]>): Record<string, string | string[]> {
  let out: Record<string, string | string[]> | undefined;
  for (const k of Object.keys(q)) {
    if (SECRET_QUERY.has(k)) {
      out ??= { ...q };
      out[k] = REDACTED;
    }
  }
  return out ?? q;
}

/** A URL string without secrets in its query. */
export function redactUrl(url: URL): string {
  // Hot path (every journaled call): no credentials and no secret-named query key means nothing to copy.
  if (!url.username && !url.password && !mayHoldSecret(url.search)) return url.href;
  const quick = redactQueryOnly(url);
  if (quick !== undefined) return quick;
  let changed = false;
  const u = new URL(url.href);
  for (const k of [...u.searchParams.keys()]) {
    if (SECRET_QUERY.has(k)) {
      u.searchParams.set(k, REDACTED);
      changed = true;
    }
  }
  if (u.username || u.password) {
    u.username = u.password ? REDACTED : u.username;
    u.password = '';
    changed = true;
  }
  return changed ? u.href : url.href;
}

/**
 * The common case without a URL copy (an access_token in a Graph query): http(s), no userinfo.
 * Same result as setting each secret key on `new URL(href).searchParams`; undefined = use that.
 */
function redactQueryOnly(url: URL): string | undefined {
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  if (url.hash === '' && url.href.endsWith('#')) return undefined;
  const sp = new URLSearchParams(url.search);
  let changed = false;
  for (const k of [...sp.keys()]) {
    if (SECRET_QUERY.has(k)) {
      sp.set(k, REDACTED);
      changed = true;
    }
  }
  if (!changed) return url.href;
  return `${url.protocol}//${url.host}${url.pathname}?${sp.toString()}${url.hash}`;
}

/** A deep copy of a JSON-like value with secret fields replaced; unchanged values are returned as is. */
export function redactValue(v: unknown, depth = 0): unknown {
  if (depth > 8 || v === null || typeof v !== 'object') return v;
  if (v instanceof Uint8Array) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    v.forEach((item, i) => {
      const r = redactValue(item, depth + 1);
      if (r !== item) {
        out ??= [...v];
        out[i] = r;
      }
    });
    return out ?? v;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
    const r = SECRET_FIELDS.has(k) && (typeof item === 'string' || typeof item === 'number') ? REDACTED : redactValue(item, depth + 1);
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

const SECRET_QUERY_KEY = new RegExp(`[?&](?:${[...SECRET_QUERY].join('|')})(?:=|&|$)`);

/** Whether a query string (`?a=1&b=2`) may name a secret key; false means it surely does not. */
function mayHoldSecret(search: string): boolean {
  if (search === '') return false;
  // Percent-encoded keys could spell a secret name in disguise: let the full check decide.
  return search.includes('%') || SECRET_QUERY_KEY.test(search);
}
