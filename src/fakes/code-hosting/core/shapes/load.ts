import { SHAPES_JSON } from './data.js';

/** A compacted response schema node (see scripts/generate-shapes.mjs); a number refers to `Shapes.S`. */
export type ShapeNode = number | ShapeSchema;

/** One compacted schema: OpenAPI keywords under short keys. */
export interface ShapeSchema {
  /** type */
  t?: string | string[];
  /** nullable */
  n?: 1;
  /** format */
  f?: string;
  /** enum */
  e?: unknown[];
  /** pattern */
  pt?: string;
  /** minimum */
  mn?: number;
  /** minLength */
  ml?: number;
  /** minItems */
  mi?: number;
  /** example (scalars only) */
  x?: unknown;
  /** properties */
  p?: Record<string, ShapeNode>;
  /** required */
  q?: string[];
  /** items */
  i?: ShapeNode;
  /** oneOf / anyOf */
  o?: ShapeNode[];
  /** allOf */
  l?: ShapeNode[];
  /** additionalProperties */
  ap?: ShapeNode;
  /** GitHub's value for a new object (the description's `default`, else the recorded sessions'). */
  d?: unknown;
  /** Optional properties sent only when the object has them (a fork's `parent`, media-type body fields, an admin view). */
  c?: string[];
  /** Links sent only while a setting has one value: link → [setting, value, the link's last path segment]. */
  w?: Record<string, [string, string, string]>;
}

/** One operation's documented success answers. */
export interface OperationShape {
  /** Documented success (2xx/3xx) statuses. */
  s: number[];
  /** Response schema per status: a node, `null` for no body, `'t'` for a non-JSON body. */
  r: Record<string, ShapeNode | null | 't'>;
  /** Documented response header names per status (lower case). */
  h: Record<string, string[]>;
  /** The description the shape comes from when not api.github.com. */
  d?: string;
  /** GHES's documented success statuses, when they differ from api.github.com's (`s`). */
  hs?: number[];
}

/** The parsed shapes module. */
export interface Shapes {
  /** Shared schemas (components). */
  S: ShapeSchema[];
  /** Operations by `METHOD seed-path`. */
  O: Record<string, OperationShape>;
}

let loaded: Shapes | undefined;

/** The shapes, parsed on first use (the first catalog request), not at import. */
export function shapes(): Shapes {
  if (!loaded) loaded = JSON.parse(SHAPES_JSON) as Shapes;
  return loaded;
}

/** The shape of one catalog row (`METHOD seed-path`), if documented. */
export function operationShape(method: string, path: string): OperationShape | undefined {
  return shapes().O[`${method} ${path}`];
}
