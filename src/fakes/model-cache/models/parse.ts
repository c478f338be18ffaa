import type { z } from 'zod';
import { RETRIEVAL_ALIASES, TOOL_ALIASES } from '../aliases.js';
import { type Api, type GoogleError, fieldError, payloadError } from '../errors.js';
import { type CachedContentInput, CachedContentInputSchema } from '../schemas/cached-content.js';
import { NAMES_FIELD, protoParams } from '../schemas/proto.js';

// Values that are free-form JSON (google.protobuf.Value/Struct): their keys are the caller's, never renamed.
const OPAQUE = new Set(['parametersJsonSchema', 'responseJsonSchema', 'default', 'example', 'args', 'additionalProperties', 'partMetadata']);
// Maps whose keys are user names (parameter names, definitions) and whose values are Schemas.
const MAPS = new Set(['properties', 'defs']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Sets an own property, whatever its name (`__proto__` included: an assignment would replace the prototype). */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** The name a field sent as `k` (in object `o`) is read under: lowerCamel, neutral tool names as the real ones. */
function fieldName(k: string, o: Record<string, unknown>): string {
  const nk = camel(k);
  const alias = Object.hasOwn(TOOL_ALIASES, nk) ? TOOL_ALIASES[nk] : Object.hasOwn(RETRIEVAL_ALIASES, nk) ? RETRIEVAL_ALIASES[nk] : undefined;
  return alias && !Object.hasOwn(o, alias) ? alias : nk;
}

/**
 * Proto JSON accepts both lowerCamel and snake_case field names (the SDK sends `encryption_spec`)
 * and reads `null` as an unset field; neutral tool names are rewritten to the real ones. Map keys
 * and free-form values stay as sent.
 */
export function normalizeKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalizeKeys);
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    const nk = fieldName(k, v);
    if (OPAQUE.has(nk)) setOwn(out, nk, val);
    else if (val === null) continue;
    else if (MAPS.has(nk) && isObject(val)) {
      const map: Record<string, unknown> = {};
      for (const [mk, mv] of Object.entries(val)) setOwn(map, mk, normalizeKeys(mv));
      setOwn(out, nk, map);
    } else setOwn(out, nk, normalizeKeys(val));
  }
  return out;
}

/**
 * The key as the caller sent it, for the field the normalized `path` leads to (Google's parser
 * names fields as sent: `Unknown name "oneOf"`, `Field 'expireTime'`, `Cannot set 'inlineData'`).
 */
export function sentKey(raw: unknown, path: ReadonlyArray<PropertyKey>, key: string): string {
  let cur = raw;
  let inMap = false;
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === 'number') cur = cur[seg];
    else if (isObject(cur) && typeof seg === 'string') {
      const obj = cur;
      const k = inMap ? seg : Object.keys(obj).find((x) => fieldName(x, obj) === seg);
      inMap = !inMap && MAPS.has(seg);
      cur = k === undefined ? undefined : obj[k];
      continue;
    } else return key;
    inMap = false;
  }
  if (!isObject(cur)) return key;
  const obj = cur;
  return inMap ? key : (Object.keys(obj).find((x) => fieldName(x, obj) === key) ?? key);
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
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) return undefined;
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
export function issueToError(api: Api, issue: z.core.$ZodIssue, input: unknown, prefix: string, request: string, raw: unknown = input): GoogleError {
  const field = fieldPath(prefix, issue.path);
  if (issue.code === 'unrecognized_keys') {
    const key = sentKey(raw, issue.path, issue.keys[0] ?? '');
    const at = field ? ` at '${field}'` : '';
    return payloadError(field || undefined, `Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`);
  }
  const proto = protoParams(issue);
  if (proto) {
    const value = valueAt(input, issue.path);
    const last = issue.path[issue.path.length - 1];
    const reason =
      proto.reason === undefined
        ? JSON.stringify(value)
        : NAMES_FIELD.has(proto.proto)
          ? `Field '${sentKey(raw, issue.path.slice(0, -1), String(last))}', ${proto.reason}`
          : proto.reason;
    const message = `Invalid value at '${field}' (${proto.proto}), ${reason}`;
    return NAMES_FIELD.has(proto.proto) ? payloadFieldError(field, message) : payloadError(field, message);
  }
  const oneof = (issue as { params?: { oneof?: string; key?: string } }).params;
  if (oneof?.oneof !== undefined && oneof.key !== undefined) {
    const key = sentKey(raw, issue.path, oneof.key);
    return payloadError(field, `Invalid value at '${field}' (oneof), oneof field '${oneof.oneof}' is already set. Cannot set '${key}'`);
  }
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') {
    const value = valueAt(input, issue.path);
    const type =
      issue.code === 'invalid_value' ? 'TYPE_ENUM' : issue.code === 'invalid_union' ? 'TYPE_MESSAGE' : (PROTO_TYPES[issue.expected] ?? 'TYPE_MESSAGE');
    if (value === undefined) return fieldError(api, field, 'Required field is missing.', request);
    if (!field) return payloadError(undefined, `Invalid JSON payload received. Expected an object at the root, got ${JSON.stringify(value)?.slice(0, 64)}.`);
    return payloadError(field, `Invalid value at '${field}' (${type}), ${JSON.stringify(value)}`);
  }
  return fieldError(api, field, issue.message, request);
}

/** A well-known type's parse error: the full text as the message, `Invalid value at '<field>'` as the violation (as Google's front end writes them). */
function payloadFieldError(field: string, message: string): GoogleError {
  const e = payloadError(field, message);
  (e.details[0] as { fieldViolations: Array<{ description: string }> }).fieldViolations[0] = { field, description: `Invalid value at '${field}'` } as never;
  return e;
}

/** Parses a request body with a schema (after the key normalization every Google JSON parser applies) or throws the real 400. */
export function parseBody<T>(api: Api, schema: z.ZodType<T>, body: unknown, prefix: string, request: string): T {
  const input = normalizeKeys(body ?? {});
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw issueToError(api, parsed.error.issues[0] as z.core.$ZodIssue, input, prefix, request, body);
}

/** Parses a CachedContent body (create or update) or throws the real 400. */
export function parseCachedContent(api: Api, body: unknown, request: string): CachedContentInput {
  const input = normalizeKeys(body ?? {});
  // The Gemini API has no customer-managed encryption: its parser does not know the field.
  if (api === 'gemini' && isObject(input) && Object.hasOwn(input, 'encryptionSpec')) {
    const key = sentKey(body, [], 'encryptionSpec');
    throw payloadError('cached_content', `Invalid JSON payload received. Unknown name "${key}" at 'cached_content': Cannot find field.`);
  }
  const parsed = CachedContentInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  throw issueToError(api, issue, input, 'cached_content', request, body);
}
