/**
 * What a journal entry costs in memory, and how a large body is cut to fit. Sizes are estimates of
 * the V8 heap an entry keeps alive, on the high side (a string counts its UTF-8 bytes, which is at
 * least what V8 stores), so a journal whose estimate stays under its budget stays under it on the heap.
 */

/** How the cut end of a string, array or object is marked in a truncated body. */
export const TRUNCATION_MARK = '...[truncated by stuntdouble]';

// Per-value overheads (64-bit V8, no pointer compression), rounded up.
const STRING = 16;
const OBJECT = 32;
const FIELD = 16;
const ARRAY = 32;
const ITEM = 8;
const NUMBER = 16;
/** What a call costs besides its bodies and the strings it holds (the entry, its arrays, closures). */
export const CALL_OVERHEAD = 640;

/** The size of a string on the heap: one byte a character, two when any character is past U+00FF (V8 then stores all of them in two). */
export function stringBytes(s: string): number {
  return STRING + (s.length <= 64 || TWO_BYTE.test(s) ? s.length * 2 : s.length);
}

// Any character past U+00FF (the whole string is then stored two bytes a character).
const TWO_BYTE = /[\u0100-\uffff]/;

/** The size of a flat record of strings (headers, query, params). */
export function recordBytes(r: Readonly<Record<string, string | readonly string[]>> | undefined): number {
  if (!r) return 0;
  let n = OBJECT;
  for (const k in r) {
    const v = r[k] as string | readonly string[];
    n += FIELD + stringBytes(k);
    if (typeof v === 'string') n += stringBytes(v);
    else for (const s of v) n += ITEM + stringBytes(s);
  }
  return n;
}

/** A body as kept: the value (the same one when it fits), its size, and whether it was cut. */
export interface FittedBody {
  readonly value: unknown;
  readonly bytes: number;
  readonly truncated: boolean;
}

/**
 * Fits a (redacted) body into `max` bytes. A body within it is kept as it is (its size measured). A
 * larger one keeps its beginning, in order and with its shape: the fields and items that fit, whole;
 * the string that crosses the limit cut to its first characters with `...[truncated by stuntdouble]`
 * appended; the rest of an array replaced by one item, and the rest of an object by one field named
 * `...`, both holding the mark. Bytes (`Uint8Array`) keep their first bytes, copied.
 */
export function fitBody(value: unknown, max: number): FittedBody {
  // Most bodies fit well within the limit: measured without copying anything (the same bytes
  // fitValue counts; the margin keeps every cut test of fitValue false).
  const measured = sizeWithin(value, max - FIELD - MARK_COST, 0);
  if (measured >= 0) return { value, bytes: measured, truncated: false };
  const size = { used: 0, max, cut: false };
  const kept = fitValue(value, size, 0);
  return { value: kept, bytes: size.used, truncated: size.cut };
}

interface Budget {
  used: number;
  readonly max: number;
  cut: boolean;
}

const MARK_COST = STRING + TRUNCATION_MARK.length * 2;

/**
 * The bytes {@link fitValue} counts for a value kept whole, or -1 when they pass `max` (or when
 * fitValue would copy part of it: a view on a larger buffer).
 */
function sizeWithin(v: unknown, max: number, depth: number): number {
  if (typeof v === 'string') {
    const n = stringBytes(v);
    return n <= max ? n : -1;
  }
  if (v === null || typeof v !== 'object') return typeof v === 'number' || typeof v === 'bigint' ? NUMBER : ITEM;
  if (ArrayBuffer.isView(v)) return v.byteLength === v.buffer.byteLength && ARRAY + v.byteLength <= max ? ARRAY + v.byteLength : -1;
  if (depth > 1000) return 0;
  if (Array.isArray(v)) {
    let n = ARRAY;
    for (let i = 0; i < v.length; i++) {
      const m = sizeWithin(v[i], max - n - ITEM, depth + 1);
      if (m < 0) return -1;
      n += ITEM + m;
    }
    return n <= max ? n : -1;
  }
  let n = OBJECT;
  const src = v as Record<string, unknown>;
  for (const k of Object.keys(src)) {
    n += FIELD + stringBytes(k);
    const m = sizeWithin(src[k], max - n, depth + 1);
    if (m < 0) return -1;
    n += m;
  }
  return n <= max ? n : -1;
}

function fitValue(v: unknown, b: Budget, depth: number): unknown {
  if (typeof v === 'string') {
    const cost = stringBytes(v);
    if (b.used + cost <= b.max) {
      b.used += cost;
      return v;
    }
    b.cut = true;
    const room = Math.max(0, b.max - b.used - MARK_COST - STRING);
    b.used = Math.max(b.used, b.max);
    // A fresh string: a slice of a 2 MB string would keep all of it alive.
    return fresh(`${headOf(v, room)}${TRUNCATION_MARK}`);
  }
  if (v === null || typeof v !== 'object') {
    b.used += typeof v === 'number' || typeof v === 'bigint' ? NUMBER : ITEM;
    return v;
  }
  if (ArrayBuffer.isView(v)) {
    const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    const room = Math.max(0, b.max - b.used - ARRAY);
    if (bytes.byteLength <= room) {
      b.used += ARRAY + bytes.byteLength;
      // A view on a larger buffer (a part of a multipart body) would keep the whole buffer alive.
      return bytes.byteLength === bytes.buffer.byteLength ? v : bytes.slice();
    }
    b.cut = true;
    b.used = Math.max(b.used, b.max);
    return bytes.slice(0, room);
  }
  if (depth > 1000) return v;
  if (Array.isArray(v)) {
    b.used += ARRAY;
    const out: unknown[] = [];
    let same = true;
    for (let i = 0; i < v.length; i++) {
      if (b.used + ITEM + MARK_COST > b.max && i < v.length) {
        b.cut = true;
        out.push(`${TRUNCATION_MARK} ${v.length - i} more item(s)`);
        b.used = Math.max(b.used, b.max);
        return out;
      }
      b.used += ITEM;
      const r = fitValue(v[i], b, depth + 1);
      if (r !== v[i]) same = false;
      out.push(r);
    }
    return same ? v : out;
  }
  b.used += OBJECT;
  const src = v as Record<string, unknown>;
  const keys = Object.keys(src);
  const out: Record<string, unknown> = {};
  let same = true;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (b.used + FIELD + MARK_COST > b.max) {
      b.cut = true;
      define(out, '...', `${TRUNCATION_MARK} ${keys.length - i} more field(s)`);
      b.used = Math.max(b.used, b.max);
      return out;
    }
    b.used += FIELD + stringBytes(k);
    const r = fitValue(src[k], b, depth + 1);
    if (r !== src[k]) same = false;
    define(out, k, r);
  }
  return same ? v : out;
}

function define(o: Record<string, unknown>, k: string, value: unknown): void {
  Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });
}

/** The first characters of a string that take at most `bytes` bytes on the heap (never half a surrogate pair). */
function headOf(s: string, bytes: number): string {
  let n = Math.min(s.length, bytes);
  if (TWO_BYTE.test(s.slice(0, n))) n = Math.min(s.length, bytes >> 1);
  const code = s.charCodeAt(n - 1);
  if (n > 0 && code >= 0xd800 && code <= 0xdbff) n -= 1;
  return s.slice(0, n);
}

/** A copy of a string that shares no memory with the string it was cut from (one byte a character when it can be). */
function fresh(s: string): string {
  return TWO_BYTE.test(s) ? Buffer.from(s, 'utf16le').toString('utf16le') : Buffer.from(s, 'latin1').toString('latin1');
}
