import { type Api, fieldError } from '../errors.js';
import type { CachedContentInput } from '../schemas/cached-content.js';
import { normalizeKeys } from './parse.js';

/** The request message named in Gemini API field errors of an update. */
export const UPDATE_REQUEST = 'UpdateCachedContentRequest';

const UPDATABLE = new Set(['ttl', 'expireTime']);
const camel = (p: string) => p.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (p: string) => p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * What an update changes: the paths of `updateMask`, or (the SDK sends none) the fields present in
 * the body. Only `ttl` and `expire_time` are updatable; anything else is a 400 naming it.
 */
export function updatedExpiration(
  api: Api,
  body: unknown,
  input: CachedContentInput,
  rawMask: string | string[] | undefined,
): { ttl?: string | undefined; expireTime?: string | undefined } {
  const mask = rawMask === undefined ? undefined : String(rawMask).split(',').map(camel);
  const sent = Object.keys(normalizeKeys(body ?? {}) as object).filter((k) => k !== 'name');
  const paths = mask ?? sent;
  for (const p of paths)
    if (!UPDATABLE.has(p))
      throw fieldError(
        api,
        mask ? 'update_mask' : `cached_content.${snake(p)}`,
        `Field '${snake(p)}' cannot be updated; only ttl and expire_time are updatable.`,
        UPDATE_REQUEST,
      );
  if (!paths.some((p) => UPDATABLE.has(p))) throw fieldError(api, 'update_mask', 'Nothing to update: set ttl or expire_time.', UPDATE_REQUEST);
  return { ttl: paths.includes('ttl') ? input.ttl : undefined, expireTime: paths.includes('expireTime') ? input.expireTime : undefined };
}
