import { z } from 'zod';
import { toReal } from '../aliases.js';

/**
 * Graph parameters arrive as JSON values (the Business SDK) or as strings (forms, the query, where
 * objects are JSON-encoded). These wrappers accept both and yield the typed value.
 */

const parseJsonString = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t);
    } catch {
      return v;
    }
  }
  return v;
};

/** A boolean from `true`/`false`/`1`/`0` (strings or values). */
export const gBool = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean());

/** A number from a numeric string or a number. */
export const gNum = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v), z.number());

/** An integer from a numeric string or a number. */
export const gInt = z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int());

/** A numeric-string id (numbers accepted and turned into strings). */
export const gId = z.preprocess((v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v), z.string().regex(/^\d+$/, 'must be a numeric string'));

/** A JSON object or array, also given as a JSON-encoded string. */
export function gJson<T extends z.ZodType>(schema: T) {
  return z.preprocess(parseJsonString, schema);
}

/** A list: a JSON array, a JSON-encoded array string, a comma-separated string, or repeated keys. */
export function gList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    const p = parseJsonString(v);
    if (typeof p === 'string') return p === '' ? [] : p.split(',').map((s) => s.trim());
    return p;
  }, z.array(item));
}

/** An http(s) URL. */
export const gUrl = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be a valid URL');

/** A UNIX timestamp (seconds) or an ISO date string, as epoch milliseconds. */
export const gTime = z.preprocess((v) => {
  if (typeof v === 'number') return v * 1000;
  if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
  if (typeof v === 'string') {
    const ms = Date.parse(v);
    return Number.isFinite(ms) ? ms : v;
  }
  return v;
}, z.number());

/** An enum whose values may come in a neutral spelling (`CHATAPP`) or the real one (`WHATSAPP`). */
export function gEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? toReal(v) : v), z.enum(values));
}
