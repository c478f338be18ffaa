import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// The oracle: GitHub's own OpenAPI description (@octokit/openapi), validated with ajv. Nothing here
// reads the fake's tables of shapes.

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;

/** One description (api.github.com, ghec, ghes-3.19) with an ajv instance over its components. */
export interface Oracle {
  name: string;
  doc: Json;
  /** The description's operation for a (real-spelling) path template and method, if any. */
  find(path: string, method: string): { path: string; op: Json; pathItem: Json } | undefined;
  /** A validator of an operation's response for a status (undefined: documented without JSON body). */
  validator(path: string, method: string, status: number): ValidateFunction | undefined;
  /** The schema (as documented, refs unresolved) of an operation's JSON response for a status. */
  schema(path: string, method: string, status: number): Json;
  /** Resolves a `$ref`. */
  deref(x: Json): Json;
  /** A validator of one of the description's component schemas (`issues-event`, `thread`, ...). */
  component(name: string): ValidateFunction;
}

/** OpenAPI 3.0 `nullable` → JSON Schema; `#/components/...` refs → the registered document. */
function toJsonSchema(node: Json, id: string, isMap = false): Json {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, id));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  if (isMap) {
    for (const [k, v] of Object.entries(node)) out[k] = toJsonSchema(v, id);
    return out;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') out.$ref = v.startsWith('#') ? `${id}${v}` : v;
    else if (k === 'properties' || k === 'patternProperties') out[k] = toJsonSchema(v, id, true);
    else if (k === 'example' || k === 'examples' || k === 'description' || k.startsWith('x-')) {
    } else if (k === 'nullable') {
    } else out[k] = toJsonSchema(v, id);
  }
  if (node.nullable === true) {
    if (typeof out.type === 'string' && !out.$ref) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const canon = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

/**
 * Descriptions that are not in the installed @octokit/openapi: the team discussions, retired from
 * GitHub's current descriptions, as the last release that had them (22.0.0) describes them.
 */
const RETIRED: Record<string, string> = { 'octokit-openapi-22.0.0': new URL('../../../scripts/retired/team-discussions.json', import.meta.url).pathname };

/**
 * One description's oracle, loaded once per worker: files that share a worker (vitest.config.ts) reuse
 * the parsed description and the validators already compiled. Read-only: nothing here or in a test
 * changes the document, and a validator is a pure function of its schema.
 */
const loaded = new Map<string, Oracle>();

/** Loads one description (once per worker). */
export function oracle(name: string): Oracle {
  let o = loaded.get(name);
  if (!o) {
    o = load(name);
    loaded.set(name, o);
  }
  return o;
}

function load(name: string): Oracle {
  const retired = RETIRED[name];
  const doc: Json = retired ? JSON.parse(readFileSync(retired, 'utf8')) : require(`@octokit/openapi/generated/${name}.json`);
  const id = `https://stuntdouble.test/${name}`;
  // `optimize: false`: ajv skips its passes that shrink the generated code (the same checks, compiled
  // in a third of the time; compiling was most of the conformance files' time).
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true, code: { optimize: false } });
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  ajv.addSchema({ $id: id, components: { schemas: toJsonSchema(doc.components.schemas, id, true) } });
  const byShape = new Map<string, string>();
  for (const p of Object.keys(doc.paths)) byShape.set(canon(p), p);
  const cache = new Map<string, ValidateFunction | undefined>();
  const deref = (x: Json): Json => {
    let y = x;
    for (let i = 0; i < 10 && y?.$ref; i++)
      y = (y.$ref as string)
        .slice(2)
        .split('/')
        .reduce((a: Json, k: string) => a?.[k], doc);
    return y;
  };
  const find = (path: string, method: string) => {
    const p = byShape.get(canon(path));
    if (!p) return undefined;
    const op = doc.paths[p][method.toLowerCase()];
    return op ? { path: p, op, pathItem: doc.paths[p] } : undefined;
  };
  const schema = (path: string, method: string, status: number): Json => {
    const res = deref(find(path, method)?.op.responses?.[String(status)]);
    return res?.content?.['application/json']?.schema ?? res?.content?.['application/scim+json']?.schema;
  };
  return {
    name,
    doc,
    find,
    deref,
    schema,
    component(name) {
      const k = `#component ${name}`;
      if (!cache.has(k)) cache.set(k, ajv.compile({ $ref: `${id}#/components/schemas/${name}` }));
      return cache.get(k) as ValidateFunction;
    },
    validator(path, method, status) {
      const k = `${method} ${path} ${status}`;
      if (!cache.has(k)) {
        const s = schema(path, method, status);
        cache.set(k, s ? ajv.compile(toJsonSchema(s, id)) : undefined);
      }
      return cache.get(k);
    },
  };
}

/** A request body for an operation: the description's example, else one built from its schema. */
export function exampleBody(o: Oracle, op: Json): Record<string, unknown> | undefined {
  const content = o.deref(op.requestBody)?.content?.['application/json'];
  if (!content) return undefined;
  const examples = content.examples ? Object.values(content.examples).map((e) => o.deref(e)?.value) : [];
  const ex = examples.find((e) => e && typeof e === 'object' && !Array.isArray(e)) ?? content.example;
  if (ex && typeof ex === 'object' && !Array.isArray(ex)) return ex as Record<string, unknown>;
  const built = fromSchema(o, content.schema, 0);
  return built && typeof built === 'object' && !Array.isArray(built) ? (built as Record<string, unknown>) : {};
}

function fromSchema(o: Oracle, s0: Json, depth: number): unknown {
  const s = o.deref(s0);
  if (!s || depth > 5) return undefined;
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  const alt = s.oneOf ?? s.anyOf;
  if (alt) return fromSchema(o, alt[0], depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x: Json) => fromSchema(o, x, depth + 1) ?? {}));
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const r of s.required ?? []) out[r] = fromSchema(o, s.properties?.[r], depth + 1);
      return out;
    }
    case 'array':
      return s.minItems ? [fromSchema(o, s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return 'value';
    default:
      return undefined;
  }
}
