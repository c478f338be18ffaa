// Secrets known by value (a request's own credentials, seeded tokens), scrubbed wherever they reappear.
import { REDACTED, REDACTED_ENCODED, isSecretHeader, isSecretName } from './names.js';
import { redactString } from './text.js';
import { redactValue } from './values.js';

/** Redacts free text (a message, `describe()`): {@link redactString}, then every known secret value. */
export function redactText(text: string, secrets?: KnownSecrets): string {
  const out = redactString(text);
  return secrets ? secrets.scrub(out) : out;
}

/**
 * Secret values known by value (a call's own credentials, the tokens seeded in a state), replaced
 * wherever they turn up as text: in an answer that echoes them, in a map key, in a message. Values
 * shorter than 8 characters are not tracked (a lenient `token t` would blank every `t`).
 */
export class KnownSecrets {
  readonly #values = new Set<string>();
  /** Whether some value has a character JSON escapes (then no JSON text can be shown free of it by a search). */
  #escapes = false;
  #pattern: RegExp | undefined;
  /** Adds a secret value (ignored when shorter than 8 characters or already a placeholder). */
  add(value: unknown): void {
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string' || value.length < 8 || value.includes(REDACTED) || value.includes(REDACTED_ENCODED)) return;
    if (this.#values.has(value)) return;
    this.#values.add(value);
    if (JSON.stringify(value).length !== value.length + 2) this.#escapes = true;
    this.#pattern = undefined;
  }
  get size(): number {
    return this.#values.size;
  }
  /**
   * Whether no known secret appears in any string or key of the JSON whose text is `json`: true when
   * none is in the text and each is written in JSON as it is (no character JSON escapes).
   */
  absentFrom(json: string): boolean {
    if (this.#escapes) return false;
    for (const v of this.#values) if (json.includes(v)) return false;
    return true;
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
