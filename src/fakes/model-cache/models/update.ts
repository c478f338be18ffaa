import { type Api, fieldError } from '../errors.js';
import type { CachedContentInput } from '../schemas/cached-content.js';
import { normalizeKeys } from './parse.js';
import type { CacheRecord } from './state.js';
import { parseTimestamp, sameInstant } from './time.js';

/** The request message named in Gemini API field errors of an update. */
export const UPDATE_REQUEST = 'UpdateCachedContentRequest';

const UPDATABLE = new Set(['ttl', 'expireTime']);
// Output-only fields: a client that sends back what it read gets them ignored, as the parser does.
const OUTPUT_ONLY = new Set(['name', 'createTime', 'updateTime', 'usageMetadata']);
const camel = (p: string) => p.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (p: string) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths of an `updateMask` query parameter (lowerCamel), or undefined when absent or empty (then the body says what changes). */
export function maskPaths(raw: string | string[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const paths = String(raw)
    .split(',')
    .map(camel)
    .filter((p) => p !== '');
  return paths.length > 0 ? paths : undefined;
}

/**
 * A get-modify-PATCH body (the cache as read, with a new ttl) carries the old expireTime beside the
 * new ttl: that expireTime is the value the cache already has, not a second expiration, so it is
 * dropped before parsing. Any other body is returned as is.
 */
export function withoutEchoedExpireTime(body: unknown, current: CacheRecord | undefined): unknown {
  if (!current || !isObject(body)) return body;
  const keys = Object.keys(body);
  const ttl = keys.some((k) => camel(k) === 'ttl');
  const expire = keys.filter((k) => camel(k) === 'expireTime');
  if (!ttl || expire.length !== 1) return body;
  const sent = body[expire[0] as string];
  const at = typeof sent === 'string' ? parseTimestamp(sent) : undefined;
  const now = parseTimestamp(current.expireTime);
  if (!at || !now || !sameInstant(at, now)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== expire[0]));
}

/** Whether an immutable field in the body only repeats the cache's value (a client sending back what it read). */
function repeats(field: string, input: CachedContentInput, current: CacheRecord | undefined): boolean {
  // No cache: the lookup answers not found next; the body's echoes are not worth a 400 first.
  if (!current) return field === 'model' || field === 'displayName';
  if (field === 'displayName') return (input.displayName ?? '') === (current.displayName ?? '');
  if (field === 'model') {
    const m = input.model ?? '';
    return m === current.model || (current.api === 'vertex' && `projects/${current.project}/locations/${current.location}/${m}` === current.model);
  }
  return false;
}

/**
 * What an update changes: the paths of `updateMask`, or (the SDK sends none) the fields present in
 * the body, less output-only fields and immutable fields that repeat the cache's values. Only `ttl`
 * and `expire_time` are updatable; anything else is a 400 naming it. A mask path whose field has no
 * value would clear the expiration: a 400 too.
 */
export function updatedExpiration(
  api: Api,
  body: unknown,
  input: CachedContentInput,
  mask: string[] | undefined,
  current: CacheRecord | undefined,
): { ttl?: string | undefined; expireTime?: string | undefined } {
  const sent = Object.keys(normalizeKeys(body ?? {}) as object).filter((k) => !OUTPUT_ONLY.has(k) && !repeats(k, input, current));
  const paths = mask ?? sent;
  for (const p of paths)
    if (!UPDATABLE.has(p))
      throw fieldError(
        api,
        mask ? 'update_mask' : `cached_content.${snake(p)}`,
        `Field '${snake(p)}' cannot be updated; only ttl and expire_time are updatable.`,
        UPDATE_REQUEST,
      );
  if (paths.length === 0) throw fieldError(api, 'update_mask', 'Nothing to update: set ttl or expire_time.', UPDATE_REQUEST);
  const out = { ttl: paths.includes('ttl') ? input.ttl : undefined, expireTime: paths.includes('expireTime') ? input.expireTime : undefined };
  if (out.ttl === undefined && out.expireTime === undefined) {
    const p = snake(paths[0] as string);
    throw fieldError(
      api,
      `cached_content.${p}`,
      `update_mask names ${p}, but cached_content.${p} is not set: the expiration cannot be cleared.`,
      UPDATE_REQUEST,
    );
  }
  return out;
}
