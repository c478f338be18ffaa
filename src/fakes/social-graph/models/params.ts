import type { z } from 'zod';
import { realKeys } from '../aliases.js';
import { type GraphError, graphErrors } from '../errors.js';

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
 * Graph's `(#100)` error for the first problem of a parameter schema, worded as Graph words it:
 * `The parameter questions[0][type] is required` for anything missing (a nested field included),
 * `Invalid keys "x" were found in param "context_card".` for keys an object parameter does not take,
 * `Param subscribed_fields[0] must be one of {feed, mention, ...}` for enums. Graph sends these
 * without an `error_subcode`.
 */
export function paramError(error: z.ZodError): GraphError {
  const issue = error.issues[0];
  // Graph names nested parameters in bracket form: questions[0][type].
  const path = (issue?.path ?? []).map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
  const where = path || '(body)';
  let message: string;
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    message = path === '' ? `Invalid keys ${keys} were found in the request.` : `Invalid keys ${keys} were found in param "${path}".`;
  } else if ((issue?.code === 'invalid_type' || issue?.code === 'invalid_value') && issue.input === undefined) {
    // Missing, whatever the expected type (an enum wrapped in a coercion reports invalid_value).
    message = `The parameter ${where} is required`;
  } else if (issue?.code === 'invalid_value' && 'values' in issue) {
    message = `Param ${where} must be one of {${(issue.values as unknown[]).map(String).join(', ')}}`;
  } else if (issue?.code === 'too_small' && 'minimum' in issue) {
    message = `Param ${where} must be at least ${String(issue.minimum)}`;
  } else if (issue?.code === 'too_big' && 'maximum' in issue) {
    message = `Param ${where} must be at most ${String(issue.maximum)}`;
  } else if (issue?.message.startsWith('must ')) {
    message = `Param ${where} ${issue.message}`;
  } else {
    message = `Param ${where} is invalid: ${issue?.message ?? 'invalid'}`;
  }
  return graphErrors.param(message);
}

/**
 * Validates parameters with a zod schema; the first problem becomes Graph's `(#100)` error (see {@link paramError}).
 * @example const p = parseParams(FeedCreateSchema, g.params)
 */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  // reportInput: a missing value (input undefined) is told apart from a wrong one.
  const r = schema.safeParse(params ?? {}, { reportInput: true });
  if (r.success) return r.data;
  throw paramError(r.error);
}
