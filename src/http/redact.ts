/** The placeholder that replaces a secret in the journal. */
export const REDACTED = '[redacted]';
/** The placeholder inside a URL, a form string or a query (`access_token=%5Bredacted%5D`). */
const REDACTED_ENCODED = encodeURIComponent(REDACTED);

/*
 * One rule set decides what is secret, wherever it appears: the journal (request and response, their
 * headers, URLs, bodies, notes and failure messages), `describe()`, the errors stuntdouble throws and
 * the admin API of server mode. The journal applies it when it records a call, so no entry ever
 * holds a clear secret.
 *
 * A NAME (header, query key, form or JSON field at any depth) is split into words: at `_`, `-`, `.`,
 * spaces, brackets and camelCase humps (`X-Auth-Token`, `access_token[]`, `apiKey`). It is secret when
 * its last word (trailing numbers and `value` skipped: `X-Hub-Signature-256`, `secret_value`)
 * - is a credential word: `auth`, `authorization`, `token`, `secret`, `password`, `passwd`, `pwd`,
 *   `passphrase`, `jwt`, `session`, `signature`, `key`, `cookie`, `credential`, `proof`, `otp`,
 *   `verifier` (or their plurals), or
 * - ends in one: `accesstoken`, `appsecret`, `apikey`, `privatekey`, `xauthtoken`, `setcookie`, ...,
 * or the name is a session id (`session_id`, `x-session-id`) or `encrypted_value`. Header names whose
 * last word ends in `key` are secret too (`x-goog-api-key`, `x-key`).
 *
 * Names that only talk ABOUT a credential keep their value: the last word decides, so `token_type`
 * (`"bearer"`), `key_id`, `keys_url`, `secret_name`, `auth_type`, `token_last_eight`, `author`,
 * `vcs_username` stay readable. Paging cursors are no credentials: `page_token`, `pageToken`,
 * `nextPageToken` stay too. Booleans and `null` under a secret name are kept (`"secret": null`).
 *
 * A VALUE is scanned wherever it is a string (URLs, Link and Location headers, form bodies, batch
 * parts, JSON inside strings, error messages): `name=value` pairs with a secret name
 * (`?access_token=...`, `&client_secret=...`), `"name": "value"` and `name: 'value'` pairs, header
 * lines (`Authorization: Bearer ...` at the start of a line) and the user-info of URLs
 * (`https://user:PASS@host`, `https://TOKEN@host`).
 */

const WORDS = new Set([
  'auth',
  'authorization',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'jwt',
  'session',
  'signature',
  'key',
  'cookie',
  'credential',
  'proof',
  'otp',
  'verifier',
]);
// A last word ending in one of these is a compound of a credential word (`accesstoken`, `apikey`).
const COMPOUNDS = [
  'token',
  'secret',
  'password',
  'passwd',
  'apikey',
  'privatekey',
  'accesskey',
  'secretkey',
  'credential',
  'cookie',
  'authorization',
  'signature',
  'jwt',
];
// Paging cursors end in `token` but are no credentials.
const CURSORS = ['pagetoken'];

/** The words of a name, lower-case: `X-Auth-Token` → x, auth, token; `apiKey` → api, key. */
function wordsOf(name: string): string[] {
  const out: string[] = [];
  let word = '';
  let prevLower = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const upper = c >= 65 && c <= 90;
    const lower = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (!upper && !lower) {
      if (word) out.push(word);
      word = '';
      prevLower = false;
      continue;
    }
    if (upper && prevLower && word) {
      out.push(word);
      word = '';
    }
    word += upper ? String.fromCharCode(c + 32) : name[i];
    prevLower = lower;
  }
  if (word) out.push(word);
  return out;
}

const secretNames = new Map<string, boolean>();

/**
 * Whether a header, query key or body field name names a credential (see the rules above):
 * `access_token`, `Access_Token`, `access_token[]`, `client_secret`, `vcs_password`, `X-Auth`,
 * `x-session`, `x-jwt`, `X-Hub-Signature-256`, `apiKey`, `key`; not `token_type`, `key_id`,
 * `secret_name`, `page_token`, `author`.
 */
export function isSecretName(name: string): boolean {
  const known = secretNames.get(name);
  if (known !== undefined) return known;
  const secret = decide(name, false);
  // Names seen in bodies are few and short; a long or ever-new one is decided again, never kept.
  if (secretNames.size < 10_000 && name.length <= 64) secretNames.set(name, secret);
  return secret;
}

function decide(name: string, header: boolean): boolean {
  const words = wordsOf(name);
  while (words.length > 1 && /^(\d+|value)$/.test(words[words.length - 1] as string)) {
    const dropped = words.pop() as string;
    // `encrypted_value` (GitHub's Actions secrets) is the secret itself.
    if (dropped === 'value' && words[words.length - 1] === 'encrypted') return true;
  }
  const last = words[words.length - 1];
  if (last === undefined) return false;
  const prev = words[words.length - 2];
  if (last === 'id' && prev === 'session') return true;
  if (last === 'sessionid' || last === 'encryptedvalue' || last === 'codeverifier') return true;
  const joined = `${prev ?? ''}${last}`;
  if (CURSORS.some((c) => last.endsWith(c) || joined.endsWith(c))) return false;
  const singular = last.length > 3 && last.endsWith('s') ? last.slice(0, -1) : last;
  if (WORDS.has(last) || WORDS.has(singular)) return true;
  for (const c of COMPOUNDS) if (last.endsWith(c) || singular.endsWith(c)) return true;
  return header && last.endsWith('key');
}

/** Whether a header name is secret: {@link isSecretName}, or a last word ending in `key` (`x-goog-api-key`, `x-key`). */
export function isSecretHeader(name: string): boolean {
  return isSecretName(name) || decide(name, true);
}

// Every secret name or value pattern needs one of these (case-insensitive): a string without any of
// them is surely clean, and most are.
const HINT = /key|tok|secret|pass|pwd|proof|credential|auth|cookie|verifier|encrypted|jwt|session|signature|otp|%|@/i;

/** Headers with credentials replaced by `[redacted]` (the scheme word of Authorization is kept), secrets in other values scanned. */
export function redactHeaders(h: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (!isSecretHeader(k)) out[k] = typeof v === 'string' ? redactString(v) : v;
    else if (/authorization$/i.test(k)) {
      const scheme = /^(\w+)\s/.exec(v)?.[1];
      out[k] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[k] = REDACTED;
  }
  return out;
}

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
  if (s.length < 4) return s;
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

/** Redacts free text (a message, `describe()`): {@link redactString}, then every known secret value. */
export function redactText(text: string, secrets?: KnownSecrets): string {
  const out = redactString(text);
  return secrets ? secrets.scrub(out) : out;
}

/**
 * A copy of a JSON-like value with secrets replaced, at any depth: values of secret-named fields
 * (strings and numbers, and the strings of arrays under such a name; objects under it are walked), and
 * secrets inside any string ({@link redactString}). Unchanged values are returned as is.
 */
export function redactValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return redactString(v);
  if (v === null || typeof v !== 'object') return v;
  if (ArrayBuffer.isView(v)) return v;
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
    const r = isSecretName(k) ? redactSecretValue(item, depth + 1) : redactValue(item, depth + 1);
    if (r !== item) {
      out ??= copyObject(v as Record<string, unknown>);
      Object.defineProperty(out, k, { value: r, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? v;
}

/** A value under a secret name: strings and numbers go, arrays of them too; objects are walked; true/false/null stay. */
function redactSecretValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return v === '' ? v : REDACTED;
  if (typeof v === 'number' || typeof v === 'bigint') return REDACTED;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      const r = typeof item === 'string' || typeof item === 'number' ? redactSecretValue(item, depth + 1) : redactValue(item, depth + 1);
      if (r !== item) {
        out ??= [...v];
        out[i] = r;
      }
    }
    return out ?? v;
  }
  return redactValue(v, depth);
}

function copyObject(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: v[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * Secret values known by value (a call's own credentials, the tokens seeded in a state), replaced
 * wherever they turn up as text: in an answer that echoes them, in a map key, in a message. Values
 * shorter than 8 characters are not tracked (a lenient `token t` would blank every `t`).
 */
export class KnownSecrets {
  readonly #values = new Set<string>();
  #pattern: RegExp | undefined;
  /** Adds a secret value (ignored when shorter than 8 characters or already a placeholder). */
  add(value: unknown): void {
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string' || value.length < 8 || value.includes(REDACTED) || value.includes(REDACTED_ENCODED)) return;
    if (this.#values.has(value)) return;
    this.#values.add(value);
    this.#pattern = undefined;
  }
  get size(): number {
    return this.#values.size;
  }
  /** A string with every known secret replaced by `[redacted]`. */
  scrub(s: string): string {
    if (this.#values.size === 0 || s.length < 8) return s;
    if (this.#values.size <= 8) {
      let out = s;
      for (const v of this.#values) if (out.includes(v)) out = out.split(v).join(REDACTED);
      return out;
    }
    this.#pattern ??= new RegExp(
      [...this.#values]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    return s.replace(this.#pattern, REDACTED);
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The credentials a request carried, by value: secret headers (the part after an Authorization
 * scheme, and a Basic pair decoded), secret query keys, URL user-info and secret body fields. An
 * answer that echoes one of them is scrubbed before it is journaled.
 */
export function requestSecrets(req: {
  readonly url?: URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | string[]>>;
  readonly body?: unknown;
}): KnownSecrets {
  const out = new KnownSecrets();
  if (req.url) {
    out.add(safeDecode(req.url.username));
    out.add(safeDecode(req.url.password));
  }
  for (const [k, v] of Object.entries(req.headers ?? {})) {
    if (!isSecretHeader(k)) continue;
    const m = /^(\w+)\s+(\S.*)$/.exec(v);
    out.add(v);
    if (m) {
      const cred = m[2] as string;
      out.add(cred);
      if ((m[1] as string).toLowerCase() === 'basic') {
        const pair = Buffer.from(cred, 'base64').toString('utf8');
        const i = pair.indexOf(':');
        if (i >= 0) {
          out.add(pair.slice(0, i));
          out.add(pair.slice(i + 1));
        }
      }
    }
  }
  if (req.query) for (const [k, v] of Object.entries(req.query)) if (isSecretName(k)) for (const s of Array.isArray(v) ? v : [v]) out.add(s);
  if (!req.query && req.url) for (const [k, v] of req.url.searchParams) if (isSecretName(k)) out.add(v);
  collectSecrets(req.body, out, 0);
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Adds the values of secret-named fields (at any depth) to `out`; map keys under a secret-named container too. */
export function collectSecrets(v: unknown, out: KnownSecrets, depth: number, underSecret = false): void {
  if (depth > 1000 || v === null || typeof v !== 'object') {
    if (underSecret) out.add(v);
    return;
  }
  if (ArrayBuffer.isView(v)) return;
  if (Array.isArray(v)) {
    for (const item of v) collectSecrets(item, out, depth + 1, underSecret && typeof item !== 'object');
    return;
  }
  for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
    const secret = isSecretName(k);
    // `tokens: { "<the token>": {...} }`, `credentials: { "<the key>": {...} }`: the keys are the secrets.
    if (underSecret && item !== null && typeof item === 'object') out.add(k);
    collectSecrets(item, out, depth + 1, secret);
  }
}

/**
 * A copy of a state tree (or any JSON-like value) fit to show: secret-named fields redacted, and every
 * secret value found in it (the values of secret fields, the keys of credential maps such as
 * `tokens`) replaced wherever else it appears, as a value or inside a map key (keys that become
 * equal are numbered: `[redacted]`, `[redacted]#2`).
 */
export function redactState(state: unknown): unknown {
  const secrets = new KnownSecrets();
  collectSecrets(state, secrets, 0);
  return scrubValue(redactValue(state), secrets, 0);
}

/** A copy of a value with every known secret replaced in its strings and keys (unchanged parts shared). */
export function scrubValue(v: unknown, secrets: KnownSecrets, depth: number): unknown {
  if (secrets.size === 0) return v;
  if (typeof v === 'string') return secrets.scrub(v);
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v) || depth > 1000) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const r = scrubValue(v[i], secrets, depth + 1);
      if (r !== v[i]) {
        out ??= [...v];
        out[i] = r;
      }
    }
    return out ?? v;
  }
  let out: Record<string, unknown> | undefined;
  const keys = Object.keys(v as Record<string, unknown>);
  for (const k of keys) {
    const item = (v as Record<string, unknown>)[k];
    const r = scrubValue(item, secrets, depth + 1);
    const key = secrets.scrub(k);
    if (r !== item || key !== k) {
      if (!out) {
        // Rebuild from the start so keys keep their order.
        out = {};
        for (const earlier of keys) {
          if (earlier === k) break;
          Object.defineProperty(out, earlier, { value: (v as Record<string, unknown>)[earlier], enumerable: true, writable: true, configurable: true });
        }
      }
    }
    if (out) {
      let name = key;
      for (let n = 2; Object.hasOwn(out, name); n++) name = `${key}#${n}`;
      Object.defineProperty(out, name, { value: r, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? v;
}

/** Whether a string contains any of the given secrets (for self-checks in tests and describe()). */
export function containsSecret(text: string, secrets: Iterable<string>): boolean {
  for (const s of secrets) if (s && text.includes(s)) return true;
  return false;
}

/** Whether a query string (`?a=1&b=2`) may hold a secret; false means it surely does not. */
function mayHoldSecret(search: string): boolean {
  return search !== '' && HINT.test(search);
}
