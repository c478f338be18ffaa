import type { Resource } from '../catalog/state.js';
import type { Account } from '../schemas/repo.js';
import { renderAccount } from './account.js';
import { realUrl } from './links.js';
import type { ShapeNode, ShapeSchema } from './load.js';
import { flat, nullable, resolveNode, typeOf } from './schema.js';

/**
 * What the shape renderer (render.ts) works out once instead of per answer: a plan per object schema
 * (its properties in order with their merged schemas and the decisions that depend on the schema
 * only), and the known accounts' rendered fields.
 */

/** The fields that make an account's identity: an account object always has the known account's. */
export const IDENTITY = ['login', 'id', 'node_id', 'avatar_url', 'gravatar_id', 'type', 'site_admin', 'user_view_type'] as const;
/** {@link IDENTITY} as a set. */
export const IDENTITY_SET: ReadonlySet<string> = new Set(IDENTITY);
const identityBases = new WeakMap<Record<string, unknown>, WeakMap<ObjectPlan, Resource>>();
/** What an account of a schema takes of a known account: its identity, and where unset, the links of a user shape. */
export function identityBase(known: Record<string, unknown>, plan: ObjectPlan): Resource {
  let byPlan = identityBases.get(known);
  if (!byPlan) {
    byPlan = new WeakMap();
    identityBases.set(known, byPlan);
  }
  let base = byPlan.get(plan);
  if (!base) {
    const picked: Resource = {};
    for (const k of plan.accountLinks) picked[k] = known[k];
    for (const k of IDENTITY) picked[k] = known[k];
    // Parsed from its text: a parsed object has fast properties, whatever the number of fields.
    base = JSON.parse(JSON.stringify(picked)) as Resource;
    byPlan.set(plan, base);
  }
  return base;
}

let accountFields: string[] | undefined;
/** The fields of {@link renderAccount}, in its order (worked out on first use, not at import). */
const ACCOUNT_FIELDS = () => (accountFields ??= Object.keys(renderAccount({ login: 'octocat', id: 1, type: 'User' }, 'https://api.github.com')));

const accountViews = new Map<string, Record<string, unknown>>();
/**
 * {@link renderAccount} of an account on a base URL, made once (it depends on nothing else): an answer
 * holds the same few accounts again and again (an issue's author and assignees), each with 19 fields.
 */
export function accountView(acc: Account, baseUrl: string): Record<string, unknown> {
  const key = `${acc.login}\n${acc.id}\n${acc.type}\n${baseUrl}`;
  let view = accountViews.get(key);
  if (view === undefined) {
    view = renderAccount(acc, baseUrl);
    if (accountViews.size >= 4096) accountViews.clear();
    accountViews.set(key, view);
  }
  return view;
}

/** What rendering one property of an object schema needs, worked out once per schema (see {@link planOf}). */
export interface PropPlan {
  k: string;
  node: ShapeNode;
  /** The property's schema, its `allOf` merged. */
  ps: ShapeSchema;
  optional: boolean;
  /** An optional property GitHub sends only when the object has it. */
  conditional: boolean;
  /** The property's schema allows null. */
  nullable: boolean;
  /** A link sent only while a setting has one value: [setting, value, last path segment]. */
  when: [string, string, string] | undefined;
  isUrl: boolean;
  /** An optional address (not nullable): sent only when set. */
  hiddenEmail: boolean;
  /** A link derived from the object's path when unset. */
  derived: boolean;
  /**
   * The property's type when a value of it renders as itself or by one fixed step (see `render.ts`
   * `scalarFast`): a string (as is, a link in GitHub's spelling), an integer, a number, a boolean, or an
   * object; `undefined` when the renderer must decide per value (a union, no type, an array).
   */
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'object' | undefined;
}

/** An object schema's properties in order, with what rendering decides per property that depends on the schema only. */
export interface ObjectPlan {
  props: PropPlan[];
  /** The schema is an account's (a login with an avatar). */
  account: boolean;
  /**
   * The fields of a known account an account of this schema takes where unset: those of the schema
   * when it is a user shape (one with `gravatar_id`; an organization shape's links are the
   * `/orgs/{org}/...` forms its own renderer derives), else none.
   */
  accountLinks: string[];
  hasLogin: boolean;
  /** The example URL of the object's own `url`. */
  selfExample: unknown;
  /** One {@link SKIP} per property: the start of an object's values (copied). */
  blank: unknown[];
  /** Makers of objects of the property sets answers had (see {@link objectOf}). */
  shapes: Array<{ has: boolean[]; make: (vals: unknown[]) => Resource }>;
}

/** A property not sent. */
export const SKIP: unique symbol = Symbol('stuntdouble.skip');
/** Property sets an object schema keeps a template of (an object's set depends on its values: a few). */
const SHAPES_PER_PLAN = 8;
/** Objects of this many properties or fewer are given them one by one (they stay fast; no function is made). */
const FIELDS_BY_HAND = 2;

/**
 * The object of an object schema's rendered values (in its properties' order, {@link SKIP} where none is
 * sent). Made by a function of one object literal per property set (made on the set's first use, a few
 * per schema): an object given more than a dozen properties one by one becomes a slow dictionary object,
 * slower to build and to serialize, while a literal's object has fast properties, all made at once.
 * Property sets beyond the few kept, and a `__proto__` property, are given one by one.
 */
export function objectOf(plan: ObjectPlan, vals: unknown[]): Resource {
  for (const shape of plan.shapes) {
    const has = shape.has;
    let i = 0;
    while (i < vals.length && (vals[i] !== SKIP) === has[i]) i++;
    if (i === vals.length) return shape.make(vals);
  }
  const has = vals.map((x) => x !== SKIP);
  const make = maker(plan.props, has);
  if (plan.shapes.length < SHAPES_PER_PLAN) plan.shapes.push({ has, make });
  return make(vals);
}

/** The maker of objects of one property set: an object literal's function, or (few properties, `__proto__`) one by one. */
function maker(props: PropPlan[], has: boolean[]): (vals: unknown[]) => Resource {
  const at = has.flatMap((h, i) => (h ? [i] : []));
  const keys = at.map((i) => (props[i] as PropPlan).k);
  const byHand = (vals: unknown[]): Resource => {
    const out: Resource = {};
    for (let j = 0; j < at.length; j++) out[keys[j] as string] = vals[at[j] as number];
    return out;
  };
  if (at.length <= FIELDS_BY_HAND || keys.includes('__proto__') || !codeFromStrings) return byHand;
  try {
    // The property names are JSON strings, the values read by index: no text of an answer is evaluated.
    return new Function('v', `return {${at.map((i, j) => `${JSON.stringify(keys[j])}: v[${i}]`).join(', ')}};`) as (vals: unknown[]) => Resource;
  } catch {
    // A runtime that makes no code from strings (node --disallow-code-generation-from-strings, a CSP).
    codeFromStrings = false;
    return byHand;
  }
}

/** Whether the runtime makes functions from strings (see {@link maker}). */
let codeFromStrings = true;

const KINDS = new Set(['string', 'integer', 'number', 'boolean', 'object']);
const kindOf = (t: string | undefined): PropPlan['kind'] => (t !== undefined && KINDS.has(t) ? (t as PropPlan['kind']) : undefined);

const plans = new WeakMap<ShapeSchema, ObjectPlan>();
/** The plan of an object schema, made on its first use: every answer of an operation walks the same schemas. */
export function planOf(s: ShapeSchema, props: Record<string, ShapeNode>): ObjectPlan {
  let plan = plans.get(s);
  if (plan) return plan;
  const req = new Set(s.q ?? []);
  const conditional = new Set(s.c ?? []);
  const list: PropPlan[] = [];
  for (const [k, node] of Object.entries(props)) {
    const ps = flat(node);
    const optional = !req.has(k);
    const isUrl = k === 'url' || k.endsWith('_url');
    const n = nullable(ps);
    list.push({
      k,
      node,
      ps,
      optional,
      conditional: optional && conditional.has(k),
      nullable: n,
      when: s.w?.[k],
      isUrl,
      hiddenEmail: optional && ps.f === 'email' && !n,
      derived: isUrl && typeOf(ps) === 'string' && !ps.e && ps.d === undefined && !n,
      kind: ps.o ? undefined : kindOf(typeOf(ps)),
    });
  }
  plan = {
    props: list,
    account: props.login !== undefined && props.avatar_url !== undefined,
    accountLinks: 'gravatar_id' in props ? ACCOUNT_FIELDS().filter((k) => k in props) : [],
    hasLogin: props.login !== undefined,
    selfExample: props.url !== undefined ? resolveNode(props.url).x : undefined,
    blank: list.map(() => SKIP),
    shapes: [],
  };
  plans.set(s, plan);
  return plan;
}

/** Marks a value {@link scalarFast} leaves to the renderer's `renderValue`. */
export const SLOW: unique symbol = Symbol('slow');

/**
 * A property's value that renders as itself (or, a link, in GitHub's spelling): a value of the
 * property's one type (a string of its enum), or a null it allows. What the renderer's `renderValue` answers for
 * these, without its per-value look-ups; anything else is {@link SLOW}.
 */
export function scalarFast(p: PropPlan, x: unknown): unknown {
  if (x === null) return p.nullable ? null : SLOW;
  switch (p.kind) {
    case 'string':
      if (typeof x !== 'string' || (p.ps.e !== undefined && !p.ps.e.includes(x))) return SLOW;
      return p.isUrl ? realUrl(x) : x;
    case 'integer':
      return typeof x === 'number' && Number.isInteger(x) ? x : SLOW;
    case 'number':
      return typeof x === 'number' && Number.isFinite(x) ? x : SLOW;
    case 'boolean':
      return typeof x === 'boolean' ? x : SLOW;
    default:
      return SLOW;
  }
}
