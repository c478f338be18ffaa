import { toReal } from '../aliases.js';
import { graphErrors } from '../errors.js';
import type { SocialGraphState } from '../state.js';

/** A field type as the reference states it (used for docs and for typed defaults). */
export type FieldType = 'id' | 'string' | 'bool' | 'int' | 'float' | 'datetime' | 'list' | 'map' | 'object' | 'enum';

/** One readable field of a node type. */
export interface FieldSpec<R> {
  type: FieldType;
  /** Reads the value; default: `record.fields[name]`. Returning undefined omits the field. */
  read?: (record: R, g: FieldReadContext) => unknown;
  /** Deprecated fields always answer null. */
  deprecated?: boolean;
  /** Checks access before reading (throws a GraphError, e.g. 200 for `business`). */
  guard?: (record: R, g: FieldReadContext) => void;
  /** Field table applied to a nested selection (`from{name}`); plain objects just pick keys otherwise. */
  nested?: FieldTable<Record<string, unknown>>;
  /** Name of the nested node type in errors. */
  nestedType?: string;
  /**
   * The modifiers the field takes (`picture.type(large)`, a nested edge's `.limit(2)`); any other
   * modifier is Graph's error 100, as on a field that takes none (`.as(alias)` is taken by every field).
   */
  modifiers?: readonly string[];
  /** Renders the field from its whole selection (modifiers and sub-selection): nested edges, `picture`. */
  select?: (record: R, sel: Selected, g: FieldReadContext) => unknown;
}

/** A typed field table: what `fields=` may select on a node type. */
export type FieldTable<R> = Readonly<Record<string, FieldSpec<R>>>;

/** What a field reader may look at besides the record. */
export interface FieldReadContext {
  /** Current fake-clock time (ms). */
  readonly now: number;
  /** The calling principal (for token-dependent fields). */
  readonly principal: { readonly appId: string; readonly permissions: readonly string[] | 'all' };
  /** The API version of the request (`v24.0`), null when unversioned. */
  readonly version?: string | null;
  /** The state as of the read (for fields that name other nodes). */
  readonly state: SocialGraphState;
  /** The base URL the request came in on (links in nested edges' `paging`). */
  readonly baseUrl?: string;
  /** The raw token of the request (links in nested edges' `paging`); null when none was sent. */
  readonly token?: string | null;
}

/** One selected field: `name`, optional `.limit(n)` style args and a nested selection. */
export interface Selected {
  name: string;
  args: Record<string, string>;
  sub: Selected[] | null;
}

/** How deep `fields=` expansions may nest (`a{b{c}}` is 2); deeper selections are a syntax error. */
export const MAX_FIELDS_DEPTH = 32;

/**
 * Parses Graph's `fields=` syntax: `a,b{c,d{e}},e.limit(5){f}`.
 * @example parseFields('message,from{name}') // [{name:'message'}, {name:'from', sub:[{name:'name'}]}]
 */
export function parseFields(input: string): Selected[] {
  let i = 0;
  const s = input;
  // Sticky regexes read at position i without copying the rest of the input (linear on 1 MB inputs).
  const NAME = /[A-Za-z0-9_]+/y;
  const MODIFIER = /\.([A-Za-z_]+)\(([^)]*)\)/y;
  const at = (re: RegExp) => {
    re.lastIndex = i;
    return re.exec(s);
  };
  // An explicit stack instead of recursion: `a{a{a{...}}}` 10,000 deep is Graph's syntax error, not a stack overflow.
  const root: Selected[] = [];
  const stack: Selected[][] = [root];
  for (;;) {
    const out = stack[stack.length - 1] as Selected[];
    const depth = stack.length - 1;
    while (s[i] === ' ') i++;
    const m = at(NAME);
    if (!m) {
      if (s[i] === undefined && out.length === 0 && depth === 0) return root;
      throw graphErrors.syntax(`Expected field name at character ${i}: ${s}`);
    }
    i += m[0].length;
    // No prototype: a modifier named `__proto__` or `constructor` is an argument like any other.
    const sel: Selected = { name: toReal(m[0]), args: Object.create(null) as Record<string, string>, sub: null };
    while (s[i] === '.') {
      const a = at(MODIFIER);
      if (!a) throw graphErrors.syntax(`Expected modifier at character ${i}: ${s}`);
      sel.args[a[1] as string] = a[2] as string;
      i += a[0].length;
    }
    out.push(sel);
    if (s[i] === '{') {
      if (depth + 1 > MAX_FIELDS_DEPTH) throw graphErrors.syntax(`Field expansion nested deeper than ${MAX_FIELDS_DEPTH} levels at character ${i}`);
      i++;
      sel.sub = [];
      stack.push(sel.sub);
      continue;
    }
    // After a field: a comma continues this level; '}' closes levels (each checked); the end closes the top level.
    for (;;) {
      while (s[i] === ' ') i++;
      if (s[i] === ',') {
        i++;
        break;
      }
      const level = stack.length - 1;
      if (s[i] === undefined) {
        if (level === 0) return root;
        throw graphErrors.syntax(`Expected "}" at character ${i}: ${s}`);
      }
      if (s[i] === '}' && level > 0) {
        i++;
        stack.pop();
        continue;
      }
      throw graphErrors.syntax(`Expected end of string instead of "${s[i]}" at character ${i}: ${s}`);
    }
  }
}

/** Writes a selection back in `fields=` syntax (for edge expansion). */
export function formatFields(selection: readonly Selected[]): string {
  return selection
    .map(
      (s) =>
        `${s.name}${Object.entries(s.args)
          .map(([k, v]) => `.${k}(${v})`)
          .join('')}${s.sub ? `{${formatFields(s.sub)}}` : ''}`,
    )
    .join(',');
}

/** The selection from a `fields` parameter, or the defaults when it is absent or empty. */
export function selectionOf(fields: unknown, defaults: readonly string[]): Selected[] {
  const text = Array.isArray(fields) ? fields.join(',') : typeof fields === 'string' ? fields : '';
  const parsed = text.trim() === '' ? [] : parseFields(text);
  return parsed.length > 0 ? parsed : defaults.map((name) => ({ name, args: {}, sub: null }));
}

/** Whether a record/object value is a plain object. */
function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pick(value: unknown, sub: Selected[]): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, sub));
  if (isObject(value) && Array.isArray(value.data)) return { ...value, data: (value.data as unknown[]).map((v) => pick(v, sub)) };
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const s of sub) {
    const modifier = Object.keys(s.args).find((m) => m !== ALIAS);
    if (modifier !== undefined) throw graphErrors.param(`The field ${s.name} does not take the modifier ${modifier.slice(0, 50)}`);
    const v = Object.hasOwn(value, s.name) ? value[s.name] : undefined;
    if (v === undefined) continue;
    if (s.sub && (v === null || typeof v !== 'object')) throw graphErrors.param(`The field ${s.name} has no subfields to select`);
    out[s.args[ALIAS] ?? s.name] = s.sub ? pick(v, s.sub) : v;
  }
  if (Object.hasOwn(value, 'id') && out.id === undefined) out.id = value.id;
  return out;
}

/** Field types that hold one value: a sub-selection (`name{x}`) on them is Graph's error 100. */
const SCALAR_TYPES: ReadonlySet<FieldType> = new Set(['id', 'string', 'bool', 'int', 'float', 'datetime', 'enum']);

/** The modifier every field takes: `.as(alias)` names the field in the answer. */
const ALIAS = 'as';

/** A table's entry for a field name, own keys only (`constructor`, `__proto__` are unknown fields like any other). */
export function fieldSpec<R>(table: FieldTable<R>, name: string): FieldSpec<R> | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Graph's error 100 for a modifier the field does not take (`message.limit(2)`). */
function badModifier(field: string, modifier: string, typeName: string) {
  return graphErrors.param(`The field ${field} on node type (${typeName}) does not take the modifier ${modifier.slice(0, 50)}`);
}

/** Graph's error 100 for a sub-selection on a field that holds one value (`name{x}`). */
function notExpandable(field: string, typeName: string) {
  return graphErrors.param(`The field ${field} on node type (${typeName}) has no subfields to select`);
}

/**
 * Renders the selected fields of a record with a field table; unknown fields throw Graph's
 * `(#100) Tried accessing nonexisting field (x) on node type (T)`, as do modifiers a field does not take
 * and sub-selections on a field that holds one value. `id` is always included.
 * @example renderFields(PAGE_FIELDS, 'Page', page, selectionOf(params.fields, ['name', 'id']), g)
 */
export function renderFields<R>(table: FieldTable<R>, typeName: string, record: R, selection: Selected[], g: FieldReadContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  checkSelection(table, typeName, selection);
  for (const sel of selection) {
    const spec = fieldSpec(table, sel.name) as FieldSpec<R>;
    const key = sel.args[ALIAS] ?? sel.name;
    spec.guard?.(record, g);
    if (spec.deprecated) {
      out[key] = null;
      continue;
    }
    if (spec.select) {
      const v = spec.select(record, sel, g);
      if (v !== undefined) out[key] = v;
      continue;
    }
    const raw = spec.read ? spec.read(record, g) : (record as { fields?: Record<string, unknown> }).fields?.[sel.name];
    if (raw === undefined) continue;
    if (sel.sub && (raw === null || typeof raw !== 'object')) throw notExpandable(sel.name, typeName);
    if (sel.sub && spec.nested && isObject(raw)) out[key] = renderFields(spec.nested, spec.nestedType ?? 'Object', raw, sel.sub, g);
    else out[key] = sel.sub ? pick(raw, sel.sub) : raw;
  }
  const id = (record as { id?: unknown }).id;
  if (id !== undefined && !('id' in out)) out.id = id;
  return out;
}

/**
 * Throws the real unknown-field error for a selection (call it before listing: empty edges check too),
 * and error 100 for a modifier the field does not take or a sub-selection on a one-value field.
 */
export function checkSelection<R>(table: FieldTable<R>, typeName: string, selection: Selected[]): void {
  for (const sel of selection) {
    const spec = fieldSpec(table, sel.name);
    if (!spec) throw graphErrors.nonexistingField(sel.name, typeName);
    for (const m of Object.keys(sel.args)) {
      if (m === ALIAS) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(sel.args[m] as string)) throw graphErrors.param(`The alias of field ${sel.name} must be a field name`);
        continue;
      }
      if (!spec.modifiers?.includes(m)) throw badModifier(sel.name, m, typeName);
    }
    if (sel.sub && SCALAR_TYPES.has(spec.type)) throw notExpandable(sel.name, typeName);
  }
}

/** Graph's datetime format: `2024-01-01T00:00:00+0000`. */
export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/**
 * A stored instant in Graph's datetime form, whatever form a seed gave it in: epoch milliseconds, a
 * `Date`, or an ISO-8601 string (`2024-03-01T09:00:00Z`, with an offset or milliseconds). Other values
 * are returned as they are.
 */
export function toGraphTime(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return graphTime(value);
  if (value instanceof Date && Number.isFinite(value.getTime())) return graphTime(value.getTime());
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) {
    const ms = Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
    if (Number.isFinite(ms)) return graphTime(ms);
  }
  return value;
}
