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
  if (secretNames.size < 10_000) secretNames.set(name, secret);
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

// `name=value` in a URL, a form body, a Link header or prose: the name starts at a boundary.
const PARAM = /(?<![\w.\-[\]%+])([\w.\-[\]%+]{1,128})=([^&#\s"'<>;\\]*)/g;
// `"name": "value"` (JSON, also escaped inside a JSON string), `name: 'value'` (inspected objects) and
// `"name": 123`. Each alternative stops at its closing quote, so the scan stays linear.
const PAIR =
  /(?<![\w-])(\\*["']?)([A-Za-z_][\w.-]{0,63})\1\s*:\s*(?:"((?:[^"\\\r\n]|\\.)*)"|'((?:[^'\\\r\n]|\\.)*)'|(\\+)"([^"\\\r\n]*)\5"|(-?\d[\d.eE+-]*)(?![\w-]))/g;
// `Authorization: Bearer ...` at the start of a line (an HTTP head pasted into a message).
const LINE = /(^|[\r\n])([A-Za-z][\w-]{0,63}):[ \t]*([^\r\n]*)/g;

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
 * (the value becomes `%5Bredacted%5D`), `"name": "value"` / `name: 'value'` pairs and header lines with
 * a secret name (the value becomes `[redacted]`). Unchanged strings are returned as they are.
 */
export function redactString(s: string, depth = 0): string {
  if (s.length < 4) return s;
  let out = s.includes('://') ? redactUserinfo(s) : s;
  if (!HINT.test(out)) return out;
  // JSON inside a string (Graph's `batch` form field, a stringified config): redacted as JSON, so a
  // header line inside one of its strings is found too.
  const json = depth < 4 ? redactJsonText(out, depth) : undefined;
  if (json !== undefined) return json;
  if (out.includes('='))
    out = out.replace(PARAM, (m, name: string, value: string) => (value && isSecretName(decodeName(name)) ? `${name}=${REDACTED_ENCODED}` : m));
  if (out.includes(':')) {
    out = out.replace(PAIR, (m, q: string, name: string, dq?: string, sq?: string, slashes?: string, eq?: string, num?: string) => {
      if (!isSecretName(name)) return m;
      const value = dq ?? sq ?? eq ?? num;
      if (!value || value === REDACTED) return m;
      const open = dq !== undefined || num !== undefined ? '"' : sq !== undefined ? "'" : `${slashes}"`;
      const quote = num !== undefined && !q ? '' : open;
      return `${q}${name}${q}: ${quote}${REDACTED}${quote}`;
    });
    out = out.replace(LINE, (m, lead: string, name: string, value: string) => {
      if (!value || !isSecretHeader(name) || value === REDACTED) return m;
      const scheme = /^(\w+)\s+\S/.exec(value)?.[1];
      return `${lead}${name}: ${scheme && /authorization$/i.test(name) ? `${scheme} ` : ''}${REDACTED}`;
    });
  }
  return out;
}

// Strings this long are scanned as text, not parsed as JSON.
const MAX_JSON_TEXT = 1024 * 1024;

/** The redacted text of a string that is a JSON object or array; undefined when it is none. */
function redactJsonText(s: string, depth: number): string | undefined {
  if (s.length > MAX_JSON_TEXT) return undefined;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  if (!((first === 123 && last === 125) || (first === 91 && last === 93))) return undefined; // {...} or [...]
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    return undefined;
  }
  const redacted = redactValue(parsed, 0, depth + 1);
  return redacted === parsed ? s : JSON.stringify(redacted);
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
export function redactValue(v: unknown, depth = 0, nested = 0): unknown {
  if (typeof v === 'string') return redactString(v, nested);
  if (v === null || typeof v !== 'object') return v;
  if (ArrayBuffer.isView(v)) return v;
  // Bodies deeper than the JSON depth limit are refused before they get here; fail closed anyway.
  if (depth > 1000) return REDACTED;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      const r = redactValue(item, depth + 1, nested);
      if (r !== item) {
        out ??= [...v];
        out[i] = r;
      }
    }
    return out ?? v;
  }
  let out: Record<string, unknown> | undefined;
  for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
    const r = isSecretName(k) ? redactSecretValue(item, depth + 1, nested) : redactValue(item, depth + 1, nested);
    if (r !== item) {
      out ??= copyObject(v as Record<string, unknown>);
      Object.defineProperty(out, k, { value: r, enumerable: true, writable: true, configurable: true });
    }
  }
  return out ?? v;
}

/** A value under a secret name: strings and numbers go, arrays of them too; objects are walked; true/false/null stay. */
function redactSecretValue(v: unknown, depth: number, nested: number): unknown {
  if (typeof v === 'string') return v === '' ? v : REDACTED;
  if (typeof v === 'number' || typeof v === 'bigint') return REDACTED;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      const r = typeof item === 'string' || typeof item === 'number' ? redactSecretValue(item, depth + 1, nested) : redactValue(item, depth + 1, nested);
      if (r !== item) {
        out ??= [...v];
        out[i] = r;
      }
    }
    return out ?? v;
  }
  return redactValue(v, depth, nested);
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
