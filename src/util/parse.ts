import type { z } from 'zod';
import { StuntdoubleError } from '../errors.js';
import type { UnknownNameError } from '../errors.js';
import { suggest, unknownName } from './suggest.js';

interface Walkable {
  def?: {
    type?: string;
    innerType?: unknown;
    element?: unknown;
    valueType?: unknown;
    keyType?: unknown;
    options?: unknown[];
    entries?: Record<string, unknown>;
    in?: unknown;
    out?: unknown;
  };
  shape?: Record<string, unknown>;
  description?: string;
}

/** The schema node at a path (through optional/default/array/record/pipe wrappers), or undefined. */
function nodeAt(schema: unknown, path: readonly PropertyKey[]): Walkable | undefined {
  let node = schema as Walkable | undefined;
  for (const key of path) {
    node = unwrapped(node);
    const t = node?.def?.type;
    if (t === 'object') node = node?.shape?.[String(key)] as Walkable | undefined;
    else if (t === 'array') node = node?.def?.element as Walkable;
    else if (t === 'record') node = node?.def?.valueType as Walkable;
    else return undefined;
  }
  return node;
}

function unwrapped(node: Walkable | undefined): Walkable | undefined {
  let n = node;
  for (let i = 0; i < 10 && n?.def; i++) {
    const t = n.def.type;
    if (t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault' || t === 'readonly' || t === 'catch') n = n.def.innerType as Walkable;
    else if (t === 'pipe') n = n.def.in as Walkable;
    else break;
  }
  return n;
}

/** The value of the input at a path. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/** The keys an object schema allows at a path (through optional/default/array/record/union/pipe wrappers). */
function keysAt(schema: unknown, path: readonly PropertyKey[]): string[] {
  let node = schema as Walkable | undefined;
  const unwrap = () => {
    for (let i = 0; i < 10 && node?.def; i++) {
      const t = node.def.type;
      if (t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault' || t === 'readonly' || t === 'catch')
        node = node.def.innerType as Walkable;
      else if (t === 'pipe') node = node.def.in as Walkable;
      else break;
    }
  };
  for (const key of path) {
    unwrap();
    if (!node?.def) return [];
    const t = node.def.type;
    if (t === 'object') node = node.shape?.[String(key)] as Walkable | undefined;
    else if (t === 'array') node = node.def.element as Walkable;
    else if (t === 'record') node = node.def.valueType as Walkable;
    else return [];
  }
  unwrap();
  if (node?.def?.type === 'object' && node.shape) return Object.keys(node.shape);
  // A record keyed by an enum (`z.partialRecord(z.enum([...]), ...)`): the enum's values.
  if (node?.def?.type === 'record') {
    const keys = unwrapped(node.def.keyType as Walkable);
    if (keys?.def?.type === 'enum' && keys.def.entries) return Object.keys(keys.def.entries);
  }
  if (node?.def?.type === 'union') return [...new Set((node.def.options ?? []).flatMap((o) => keysAt(o, [])))];
  return [];
}

/** A readable, named error for invalid input to stuntdouble's own API (never a raw ZodError). */
export class InvalidInputError extends StuntdoubleError {
  override name = 'InvalidInputError';
}

/** The issues of a failed parse, those inside each alternative of a union included (their paths made absolute). */
function flatIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    out.push({ ...issue, path } as z.core.$ZodIssue);
    const alternatives = (issue as { errors?: z.core.$ZodIssue[][] }).errors;
    if (issue.code === 'invalid_union' && alternatives) for (const alt of alternatives) out.push(...flatIssues(alt, path));
  }
  return out;
}

/**
 * The UnknownNameError for the first unknown name among a failed parse's issues: an unknown key
 * (of an object or an enum-keyed record, also inside a union), or a string outside an enum; the
 * schema's `.describe()` names what it is (`'classic scope'`). Undefined when no issue is about a name.
 */
export function unknownNameIn(
  schema: z.ZodType,
  input: unknown,
  issues: readonly z.core.$ZodIssue[],
  where: string,
  pathPrefix = '',
): UnknownNameError | undefined {
  const all = flatIssues(issues);
  const at = (path: readonly PropertyKey[]) => {
    const loc = `${pathPrefix}${path.join('.')}`.replace(/\.$/, '');
    return loc ? `${where} (at ${loc})` : where;
  };
  for (const issue of all) {
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue as { keys: string[] }).keys;
      const allowed = keysAt(schema, issue.path);
      const kind = unwrapped(nodeAt(schema, issue.path))?.description ?? 'key';
      return unknownName(kind, keys[0] ?? '', allowed, at(issue.path));
    }
  }
  // A string outside an enum (a permission level, a scope, a field name) is an unknown name too.
  for (const issue of all) {
    const values = (issue as { values?: unknown[] }).values;
    const given = valueAt(input, issue.path);
    if (issue.code === 'invalid_value' && typeof given === 'string' && values?.every((v) => typeof v === 'string')) {
      const node = nodeAt(schema, issue.path);
      const kind = node?.description ?? unwrapped(node)?.description ?? 'value';
      const list = values as string[];
      // Few choices and none close: name them all.
      const near = suggest(given, list);
      return unknownName(kind, given, list, at(issue.path), near.length === 0 && list.length <= 6 ? list : near);
    }
  }
  return undefined;
}

/**
 * Parses input to stuntdouble's API. An unknown key or enum value throws an UnknownNameError naming
 * the nearest valid spellings; any other problem throws an InvalidInputError listing each path and message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string, pathPrefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const named = unknownNameIn(schema, input, result.error.issues, where, pathPrefix);
  if (named) throw named;
  const list = result.error.issues.map((i) => `${pathPrefix}${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new InvalidInputError(`stuntdouble: invalid ${where}: ${list}`);
}
