/** The placeholder that replaces a secret in the journal. */
export const REDACTED = '[redacted]';
/** The placeholder inside a URL, a form string or a query (`access_token=%5Bredacted%5D`). */
export const REDACTED_ENCODED = encodeURIComponent(REDACTED);

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
  const known = secretHeaders.get(name);
  if (known !== undefined) return known;
  const secret = isSecretName(name) || decide(name, true);
  // Header names are few (every answer repeats the same dozen): decided once each, like body names.
  if (secretHeaders.size < 10_000 && name.length <= 64) secretHeaders.set(name, secret);
  return secret;
}

const secretHeaders = new Map<string, boolean>();
