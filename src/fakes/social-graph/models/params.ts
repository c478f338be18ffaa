import type { z } from 'zod';
import { realKeys } from '../aliases.js';
import { graphErrors } from '../errors.js';

/** Keys that carry credentials or routing, never treated as operation parameters. */
const RESERVED = new Set(['access_token', 'appsecret_proof', 'method', 'suppress_http_code', 'pretty', 'format']);

/**
 * Merges query and body parameters (form or JSON; the Business SDK adds the node `id` to JSON bodies)
 * into one record, with brand aliases rewritten to the real spelling.
 */
export function mergeParams(query: Record<string, string | string[]>, body: unknown, nodeId: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    // The SDK's DELETE repeats the node id in the query (`?id=<id>`).
    if (RESERVED.has(k) || (k === 'id' && nodeId !== null && v === nodeId)) continue;
    out[k] = v;
  }
  if (body && typeof body === 'object' && !(body instanceof Uint8Array) && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (RESERVED.has(k)) continue;
      // The SDK echoes the node id in the body; it is not a parameter of the operation.
      if (k === 'id' && nodeId !== null && String(v) === nodeId) continue;
      out[k] = v;
    }
  }
  return realKeys(out);
}

/**
 * Validates parameters with a zod schema; the first problem becomes Graph's `(#100)` error.
 * @example const p = parseParams(FeedCreateSchema, g.params)
 */
export function parseParams<T extends z.ZodType>(schema: T, params: Record<string, unknown>): z.output<T> {
  const r = schema.safeParse(params);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  // Graph names nested parameters in bracket form: questions[0][type].
  const path = (issue?.path ?? []).map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
  if (issue?.code === 'unrecognized_keys' && path !== '') {
    throw graphErrors.param(`Invalid keys ${issue.keys.map((k) => `"${k}"`).join(', ')} were found in param "${path}".`);
  }
  if (issue?.code === 'invalid_type' && issue.input === undefined) throw graphErrors.param(`The parameter ${path} is required`);
  if (issue?.code === 'invalid_value' && 'values' in issue) {
    throw graphErrors.param(`Param ${path} must be one of {${(issue.values as unknown[]).map(String).join(', ')}}`);
  }
  throw graphErrors.param(`Param ${path || '(body)'} is invalid: ${issue?.message ?? 'invalid'}`);
}
