import type { z } from 'zod';
import { StuntdoubleError } from '../errors.js';
import { unknownName } from './suggest.js';

interface Walkable {
  def?: { type?: string; innerType?: unknown; element?: unknown; valueType?: unknown; options?: unknown[]; in?: unknown; out?: unknown };
  shape?: Record<string, unknown>;
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
  if (node?.def?.type === 'union') return [...new Set((node.def.options ?? []).flatMap((o) => keysAt(o, [])))];
  return [];
}

/** A readable, named error for invalid input to stuntdouble's own API (never a raw ZodError). */
export class InvalidInputError extends StuntdoubleError {
  override name = 'InvalidInputError';
}

/**
 * Parses input to stuntdouble's API. An unknown key throws an UnknownNameError naming the nearest
 * valid keys; any other problem throws an InvalidInputError listing each path and message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: string, pathPrefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue as { keys: string[] }).keys;
      const allowed = keysAt(schema, issue.path);
      const loc = `${pathPrefix}${issue.path.join('.')}`.replace(/\.$/, '');
      const at = loc ? `${where} (at ${loc})` : where;
      throw unknownName('key', keys[0] ?? '', allowed, at);
    }
  }
  const list = result.error.issues.map((i) => `${pathPrefix}${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new InvalidInputError(`stuntdouble: invalid ${where}: ${list}`);
}
