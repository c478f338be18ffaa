// Secrets inside JSON-like values: secret-named fields at any depth, and secrets inside their strings.
import { REDACTED, isSecretName } from './names.js';
import { redactString } from './text.js';

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
