// Proto JSON scalars and well-known types, read as Google's JSON parser reads them: int64 and int32
// as a JSON integer or a decimal string within range, doubles as a number or a numeric string,
// bytes as base64 (standard or URL-safe, padding optional), Duration and Timestamp in their string
// forms. A value the parser refuses carries what the real 400 says (rendered by issueToError).
import { z } from 'zod';
import { readDuration, readTimestamp } from '../models/time.js';

/** What a refused proto value's issue carries in `params`: the proto type and, for well-known types, the parser's reason. */
export interface ProtoIssueParams {
  proto: string;
  /** Text after the type: `Field 'ttl', Duration value exceeds limits`, `Base64 decoding failed for "x"`; absent → the value as JSON. */
  reason?: string;
}

const DURATION = 'type.googleapis.com/google.protobuf.Duration';
const TIMESTAMP = 'type.googleapis.com/google.protobuf.Timestamp';

function refuse(ctx: z.core.$RefinementCtx, input: unknown, params: ProtoIssueParams): never {
  ctx.issues.push({ code: 'custom', input, message: `Invalid value (${params.proto})`, params: params as unknown as Record<string, unknown> });
  return z.NEVER;
}

function integer(proto: string, min: bigint, max: bigint) {
  return z.unknown().transform((v, ctx): number => {
    let big: bigint | undefined;
    if (typeof v === 'number' && Number.isInteger(v)) big = BigInt(v);
    else if (typeof v === 'string' && /^-?\d+$/.test(v)) big = BigInt(v);
    if (big === undefined || big < min || big > max) return refuse(ctx, v, { proto });
    return Number(big);
  });
}

/** An int64 field: a JSON integer or a decimal string, within ±2^63. */
export const Int64Schema = integer('TYPE_INT64', -(2n ** 63n), 2n ** 63n - 1n);
/** An int32 field: a JSON integer or a decimal string (proto JSON accepts both), within ±2^31. */
export const Int32Schema = integer('TYPE_INT32', -(2n ** 31n), 2n ** 31n - 1n);

/** A double field: a number, or a numeric string ("1.5", "1e3", "NaN", "Infinity", "-Infinity"). */
export const DoubleSchema = z.unknown().transform((v, ctx): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && (/^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(v) || ['NaN', 'Infinity', '-Infinity'].includes(v))) return Number(v);
  return refuse(ctx, v, { proto: 'TYPE_DOUBLE' });
});

/** Whether a string is base64 as proto JSON reads bytes: standard or URL-safe alphabet, padding optional. */
export function isBase64(text: string): boolean {
  const m = /^([A-Za-z0-9+/_-]*)(={0,2})$/.exec(text);
  if (!m) return false;
  const body = m[1] as string;
  const pad = (m[2] as string).length;
  if (pad > 0) return (body.length + pad) % 4 === 0;
  return body.length % 4 !== 1;
}

/** A bytes field: base64 text. */
export const BytesSchema = z.unknown().transform((v, ctx): string => {
  if (typeof v !== 'string') return refuse(ctx, v, { proto: 'TYPE_BYTES' });
  if (!isBase64(v)) return refuse(ctx, v, { proto: 'TYPE_BYTES', reason: `Base64 decoding failed for ${JSON.stringify(v)}` });
  return v;
});

/** A google.protobuf.Duration field (`"3.5s"`); kept as sent once it parses. */
export const DurationSchema = z.unknown().transform((v, ctx): string => {
  const d = readDuration(v);
  if ('problem' in d) return refuse(ctx, v, { proto: DURATION, reason: d.problem });
  return v as string;
});

/** A google.protobuf.Timestamp field (RFC 3339); kept as sent once it parses. */
export const TimestampSchema = z.unknown().transform((v, ctx): string => {
  const t = readTimestamp(v);
  if ('problem' in t) return refuse(ctx, v, { proto: TIMESTAMP, reason: t.problem });
  return v as string;
});

/** The proto params of an issue raised by one of these schemas, if it is one. */
export function protoParams(issue: z.core.$ZodIssue): ProtoIssueParams | undefined {
  const p = (issue as { params?: Partial<ProtoIssueParams> }).params;
  return typeof p?.proto === 'string' ? (p as ProtoIssueParams) : undefined;
}

/** Whether a well-known type's parser reason names the field (`Field 'ttl', ...`), as Google's parser words Duration and Timestamp errors. */
export const NAMES_FIELD = new Set([DURATION, TIMESTAMP]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A proto map<string, V>: every key kept as given (`__proto__` and `constructor` are ordinary keys
 * here, unlike in `z.record`, which drops `__proto__`), each value parsed with `value`.
 */
export function mapOf<T extends z.ZodType>(value: T) {
  return z.unknown().transform((input, ctx): Record<string, z.output<T>> => {
    if (!isRecord(input)) {
      ctx.issues.push({ code: 'invalid_type', expected: 'object', input, message: 'Expected a map' });
      return z.NEVER;
    }
    const out: Record<string, z.output<T>> = {};
    for (const [k, v] of Object.entries(input)) {
      const r = value.safeParse(v);
      if (r.success) Object.defineProperty(out, k, { value: r.data, enumerable: true, writable: true, configurable: true });
      else for (const issue of r.error.issues) ctx.issues.push({ ...issue, input: v, path: [k, ...issue.path] } as z.core.$ZodRawIssue);
    }
    return out;
  });
}
