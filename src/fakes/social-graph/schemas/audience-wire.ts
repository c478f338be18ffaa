import { z } from 'zod';
import { GraphError } from '../errors.js';
import { gBool, gId, gInt, gJson, gList } from './coerce.js';

/** A JSON object given as an object or a JSON-encoded string. */
export const jsonObject = gJson(z.record(z.string(), z.unknown()));

/** A list given as an array, a JSON array string or a comma-separated string. */
export const jsonList = gList;

/** A boolean given as `true`/`false`, `'true'`/`'false'` or `1`/`0`. */
export const boolish = gBool;

/** An integer given as a number or a numeric string. */
export const intish = gInt;

/** A numeric id given as a number or a numeric string; read as a string. */
export const numericId = gId;

/** Turns the first zod issue of a parameter schema into Graph's `(#100)` parameter error. */
export function paramError(error: z.ZodError): GraphError {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? 'param');
  const where = issue?.path.length && issue.path.length > 1 ? `${name}[${issue.path.slice(1).join('][')}]` : name;
  let message = `Param ${where} is not valid`;
  if (issue?.code === 'invalid_value' && 'values' in issue) message = `Param ${where} must be one of {${issue.values.map(String).join(', ')}}`;
  else if (issue?.code === 'too_small' && 'minimum' in issue) message = `Param ${where} must be at least ${String(issue.minimum)}`;
  else if (issue?.code === 'too_big' && 'maximum' in issue) message = `Param ${where} must be at most ${String(issue.maximum)}`;
  else if (issue?.code === 'invalid_type' && issue.input === undefined) message = `The parameter ${where} is required`;
  else if (issue?.code === 'custom') message = issue.message;
  else if (issue?.message) message = `Param ${where}: ${issue.message}`;
  return new GraphError(100, message, { type: 'OAuthException', userTitle: 'Invalid parameter', userMsg: message });
}

/** Parses parameters with a schema, throwing Graph's parameter error on the first problem. */
export function parseParams<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const r = schema.safeParse(raw ?? {});
  if (!r.success) throw paramError(r.error);
  return r.data;
}
