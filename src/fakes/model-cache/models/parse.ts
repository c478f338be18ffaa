import type { z } from 'zod';
import { RETRIEVAL_ALIASES, TOOL_ALIASES } from '../aliases.js';
import { type Api, type GoogleError, fieldError, payloadError } from '../errors.js';
import { type CachedContentInput, CachedContentInputSchema } from '../schemas/cached-content.js';

// Values that are free-form JSON (google.protobuf.Value/Struct): their keys are the caller's, never renamed.
const OPAQUE = new Set(['parametersJsonSchema', 'responseJsonSchema', 'default', 'example', 'args', 'additionalProperties']);
// Maps whose keys are user names (parameter names, definitions) and whose values are Schemas.
const MAPS = new Set(['properties', 'defs']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Proto JSON accepts both lowerCamel and snake_case field names (the SDK sends `encryption_spec`);
 * neutral tool names are rewritten to the real ones. Map keys and free-form values stay as sent.
 */
export function normalizeKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalizeKeys);
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    let nk = camel(k);
    const alias = TOOL_ALIASES[nk] ?? RETRIEVAL_ALIASES[nk];
    if (alias && !Object.hasOwn(v, alias)) nk = alias;
    if (OPAQUE.has(nk)) out[nk] = val;
    else if (MAPS.has(nk) && isObject(val)) out[nk] = Object.fromEntries(Object.entries(val).map(([mk, mv]) => [mk, normalizeKeys(mv)]));
    else out[nk] = normalizeKeys(val);
  }
  return out;
}

/** Renders a path as Google names fields: `cached_content.tools[0].function_declarations[1].name`. */
export function fieldPath(prefix: string, path: ReadonlyArray<PropertyKey>): string {
  let out = prefix;
  path.forEach((seg, i) => {
    const prev = path[i - 1];
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof prev === 'string' && MAPS.has(prev)) out += `[${String(seg)}]`;
    else out += `${out ? '.' : ''}${snake(String(seg))}`;
  });
  return out;
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

const PROTO_TYPES: Record<string, string> = {
  string: 'TYPE_STRING',
  number: 'TYPE_DOUBLE',
  int: 'TYPE_INT32',
  boolean: 'TYPE_BOOL',
  object: 'TYPE_MESSAGE',
  array: 'TYPE_MESSAGE',
};

/** Turns the first zod issue into the real error: parser errors for names and types, field violations for rules. */
export function issueToError(api: Api, issue: z.core.$ZodIssue, input: unknown, prefix: string, request: string): GoogleError {
  const field = fieldPath(prefix, issue.path);
  if (issue.code === 'unrecognized_keys') {
    const key = snake(issue.keys[0] ?? '');
    const at = field ? ` at '${field}'` : '';
    return payloadError(field || undefined, `Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`);
  }
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') {
    const value = valueAt(input, issue.path);
    const proto =
      issue.code === 'invalid_value' ? 'TYPE_ENUM' : issue.code === 'invalid_union' ? 'TYPE_INT64' : (PROTO_TYPES[issue.expected] ?? 'TYPE_MESSAGE');
    if (value === undefined) return fieldError(api, field, 'Required field is missing.', request);
    if (!field) return payloadError(undefined, `Invalid JSON payload received. Expected an object at the root, got ${JSON.stringify(value)?.slice(0, 64)}.`);
    return payloadError(field, `Invalid value at '${field}' (${proto}), ${JSON.stringify(value)}`);
  }
  return fieldError(api, field, issue.message, request);
}

/** Parses a request body with a schema (after the key normalization every Google JSON parser applies) or throws the real 400. */
export function parseBody<T>(api: Api, schema: z.ZodType<T>, body: unknown, prefix: string, request: string): T {
  const input = normalizeKeys(body ?? {});
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw issueToError(api, parsed.error.issues[0] as z.core.$ZodIssue, input, prefix, request);
}

/** Parses a CachedContent body (create or update) or throws the real 400. */
export function parseCachedContent(api: Api, body: unknown, request: string): CachedContentInput {
  const input = normalizeKeys(body ?? {});
  // The Gemini API has no customer-managed encryption: its parser does not know the field.
  if (api === 'gemini' && isObject(input) && 'encryptionSpec' in input)
    throw payloadError('cached_content', `Invalid JSON payload received. Unknown name "encryption_spec" at 'cached_content': Cannot find field.`);
  const parsed = CachedContentInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  throw issueToError(api, issue, input, 'cached_content', request);
}
