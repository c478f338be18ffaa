import type { Resource } from '../catalog/state.js';
import { type ShapeNode, type ShapeSchema, shapes } from './load.js';

/**
 * Reading the compact response schemas (core/shapes/data.ts): shared schemas by reference, `allOf`
 * merged into one schema, the `oneOf`/`anyOf` branch a value fits best, type checks. The renderer
 * (render.ts) walks an answer with these.
 */

/** A schema node by reference (an index into the shared schemas) or inline. */
export function resolveNode(n: ShapeNode): ShapeSchema {
  return typeof n === 'number' ? (shapes().S[n] as ShapeSchema) : n;
}

const merged = new WeakMap<ShapeSchema, ShapeSchema>();
/**
 * A schema with its `allOf` merged into one schema (cached). The parts' type is kept (an `allOf` of
 * two array schemas is an array whose items satisfy both item schemas, not an object); properties,
 * required names and items of several parts must satisfy each part (an `allOf` of theirs); the value
 * may be null when the schema itself says so or every part allows it.
 */
export function flat(n: ShapeNode): ShapeSchema {
  const s = resolveNode(n);
  if (!s.l) return s;
  let m = merged.get(s);
  if (!m) {
    const parts = s.l.map(flat);
    const all = [...parts, s];
    const p: Record<string, ShapeNode> = {};
    const q = new Set<string>();
    const items: ShapeNode[] = [];
    let t: ShapeSchema['t'];
    for (const part of all) {
      // A property in several parts must satisfy each of them (allOf of its schemas).
      for (const [k, v] of Object.entries(part.p ?? {})) p[k] = p[k] === undefined ? v : { l: [p[k] as ShapeNode, v] };
      for (const r of part.q ?? []) q.add(r);
      if (part.i !== undefined) items.push(part.i);
      t ??= part.t;
    }
    m = { ...s };
    delete m.l;
    for (const part of parts) {
      m.f ??= part.f;
      m.e ??= part.e;
      m.x ??= part.x;
      m.o ??= part.o;
      m.mi ??= part.mi;
      m.ap ??= part.ap;
      m.d ??= part.d;
    }
    const conditional = new Set(all.flatMap((part) => part.c ?? []));
    if (conditional.size) m.c = [...conditional];
    const when = Object.assign({}, ...all.map((part) => part.w ?? {}));
    if (Object.keys(when).length) m.w = when;
    if (nullable(s) || parts.every((x) => nullable(x))) m.n = 1;
    else delete m.n;
    const type = t ?? (Object.keys(p).length ? 'object' : undefined);
    if (type !== undefined) m.t = Array.isArray(type) && !m.n ? type.filter((x) => x !== 'null') : type;
    if (Object.keys(p).length || m.t === 'object') {
      m.p = p;
      m.q = [...q];
    }
    if (items.length) m.i = items.length === 1 ? (items[0] as ShapeNode) : { l: items };
    merged.set(s, m);
  }
  return m;
}

/** The JSON type a schema describes (its non-null type; `object`/`array` from properties/items). */
export const typeOf = (s: ShapeSchema): string | undefined =>
  (Array.isArray(s.t) ? s.t.find((t) => t !== 'null') : s.t) ?? (s.p ? 'object' : s.i ? 'array' : undefined);
/** Whether a schema allows null. */
export const nullable = (s: ShapeSchema) => s.n === 1 || (Array.isArray(s.t) && s.t.includes('null'));
/** Whether a value is a JSON object (not an array, not null). */
export const isObj = (v: unknown): v is Resource => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a value has the schema's type. */
export function fits(s: ShapeSchema, v: unknown): boolean {
  const t = typeOf(s);
  if (v === null) return nullable(s);
  if (t === undefined) return true;
  if (t === 'integer') return Number.isInteger(v);
  if (t === 'number') return typeof v === 'number';
  if (t === 'array') return Array.isArray(v);
  if (t === 'object') return isObj(v);
  return typeof v === t;
}

/** Picks the oneOf/anyOf branch for a value: the one it fits best (objects: most matching fields). */
export function branch(s: ShapeSchema, v: unknown): ShapeSchema | null {
  const { alts, reference } = altsOf(s);
  if (v === undefined || v === null) {
    if (v === null && alts.some((a) => nullable(a) || a.t === 'null')) return null;
    return alts.find((a) => a.t !== 'null') ?? null;
  }
  // A string or number where an object branch exists is a reference to convert (label name → label).
  if (!isObj(v) && !Array.isArray(v) && reference) return reference;
  // One of several array forms (repositories or starred repositories): the one whose items require
  // what the first item has.
  if (Array.isArray(v) && isObj(v[0])) {
    const first = v[0];
    const form = alts.find((a) => typeOf(a) === 'array' && a.i !== undefined && (flat(a.i).q ?? []).every((k) => k in first));
    if (form) return form;
  }
  let best: ShapeSchema | null = null;
  let score = -1;
  for (const a of alts) {
    if (!fits(a, v)) continue;
    // An empty object (GitHub's `empty-object`: no properties, none allowed) stands only for an empty value:
    // a commit's author with a login is the account, not `{}`.
    if (isObj(v) && a.p && Object.keys(a.p).length === 0 && a.ap === undefined && Object.keys(v).length > 0) continue;
    let sc = 0;
    if (isObj(v) && a.p) {
      for (const [k, x] of Object.entries(v)) {
        const prop = a.p[k];
        if (prop === undefined) continue;
        const e = flat(prop).e;
        sc += e && !e.includes(x) ? -10 : 1;
      }
      for (const r of a.q ?? []) if (!(r in v)) sc -= 0.5;
    }
    // A value of an enum: the alternative whose values include it (a budget's `ProductPricing` among one-value enums).
    if (!isObj(v) && a.e) sc += a.e.includes(v) ? 1 : -10;
    if (sc > score) {
      score = sc;
      best = a;
    }
  }
  return best ?? alts.find((a) => a.t !== 'null') ?? null;
}

const alternatives = new WeakMap<ShapeSchema, { alts: ShapeSchema[]; reference: ShapeSchema | undefined }>();
/** A union's alternatives, merged, and the object one a reference (a name, a number) converts to: worked out once per schema. */
function altsOf(s: ShapeSchema): { alts: ShapeSchema[]; reference: ShapeSchema | undefined } {
  let out = alternatives.get(s);
  if (!out) {
    const alts = (s.o ?? []).map(flat);
    out = { alts, reference: alts.find((a) => typeOf(a) === 'object' && a.p && convertible(a)) };
    alternatives.set(s, out);
  }
  return out;
}

/** Whether an object schema can stand for a reference sent as a string or number (a login, a name, a ref, a number). */
export const convertible = (s: ShapeSchema) => Boolean(s.p && ('login' in s.p || 'name' in s.p || 'ref' in s.p || 'number' in s.p));
