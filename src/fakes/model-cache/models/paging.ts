import { googleError } from '../errors.js';

/** Largest page; larger requests are coerced to it. */
export const MAX_PAGE_SIZE = 1000;
/** Page size when the request gives none (or 0). */
export const DEFAULT_PAGE_SIZE = 100;

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** An opaque page token: the last seq returned, bound to the listing scope by a checksum. */
export function encodePageToken(scope: string, afterSeq: number): string {
  return Buffer.from(`${afterSeq}.${fnv1a(`${scope}|${afterSeq}|stuntdouble`)}`).toString('base64url');
}

/** Reads a page token; a forged or foreign token is a 400 INVALID_ARGUMENT. */
export function decodePageToken(scope: string, token: string): number {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const m = /^(\d+)\.([0-9a-z]+)$/.exec(text);
  const seq = m ? Number(m[1]) : Number.NaN;
  if (!m || !Number.isSafeInteger(seq) || fnv1a(`${scope}|${seq}|stuntdouble`) !== m[2]) {
    throw googleError('INVALID_ARGUMENT', 'Invalid page token.');
  }
  return seq;
}

/** The page size to use for a requested one. */
export function effectivePageSize(requested: number | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  if (requested === undefined || requested === 0) return fallback;
  return Math.min(requested, MAX_PAGE_SIZE);
}
