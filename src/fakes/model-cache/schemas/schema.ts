import { z } from 'zod';
import { DoubleSchema, Int64Schema, mapOf } from './proto.js';

/** Adds an issue at an absolute path (the refinements run at the root of the request body). */
export type AddIssue = (path: Array<string | number>, message: string) => void;

/** OpenAPI subset `Type` enum. */
export const TypeSchema = z.enum(['TYPE_UNSPECIFIED', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);

/** The Schema object (a subset of an OpenAPI 3.0 schema), recursive. */
export const SchemaSchema = z.strictObject({
  type: TypeSchema.optional(),
  format: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  nullable: z.boolean().optional(),
  default: z.unknown().optional(),
  example: z.unknown().optional(),
  get items() {
    return SchemaSchema.optional();
  },
  minItems: Int64Schema.optional(),
  maxItems: Int64Schema.optional(),
  enum: z.array(z.string()).optional(),
  get properties() {
    return mapOf(SchemaSchema).optional();
  },
  propertyOrdering: z.array(z.string()).optional(),
  required: z.array(z.string()).optional(),
  minProperties: Int64Schema.optional(),
  maxProperties: Int64Schema.optional(),
  minimum: DoubleSchema.optional(),
  maximum: DoubleSchema.optional(),
  minLength: Int64Schema.optional(),
  maxLength: Int64Schema.optional(),
  pattern: z.string().optional(),
  get anyOf() {
    return z.array(SchemaSchema).optional();
  },
  additionalProperties: z.unknown().optional(),
  ref: z.string().optional(),
  get defs() {
    return mapOf(SchemaSchema).optional();
  },
});
/** A parsed Schema object. */
export type Schema = z.infer<typeof SchemaSchema>;

const FORMATS: Partial<Record<z.infer<typeof TypeSchema>, readonly string[] | 'any'>> = {
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
  STRING: 'any',
};

const REF_RE = /^#\/defs\/([^/]+)$/;

/** The real text for a schema without a type (where one is needed). */
const TYPE_REQUIRED = 'must be specified when not using one_of, any_of or all_of fields';

// Keywords the Schema subset defines for one kind of type ("items: for ARRAY", "minimum: for INTEGER and NUMBER", ...).
const TYPE_KEYWORDS: ReadonlyArray<readonly [keyof Schema, ReadonlyArray<z.infer<typeof TypeSchema>>]> = [
  ['items', ['ARRAY']],
  ['minItems', ['ARRAY']],
  ['maxItems', ['ARRAY']],
  ['properties', ['OBJECT']],
  ['required', ['OBJECT']],
  ['minProperties', ['OBJECT']],
  ['maxProperties', ['OBJECT']],
  ['minimum', ['INTEGER', 'NUMBER']],
  ['maximum', ['INTEGER', 'NUMBER']],
  ['minLength', ['STRING']],
  ['maxLength', ['STRING']],
  ['pattern', ['STRING']],
];

/**
 * The Schema subset rules: a type on every nested schema (unless it is an `anyOf` or a `ref`), formats
 * per type, keywords only for their types, `required` names among `properties`, `ref` only to root
 * `defs`, `defs` and `example` only at the root. Wording as the real service words it
 * (`properties: only allowed for OBJECT type`, `required[0]: property is not defined`).
 */
export function checkSchema(schema: Schema, path: Array<string | number>, add: AddIssue, root: Schema = schema): void {
  const isRoot = schema === root;
  if (!isRoot && schema.type === undefined && schema.anyOf === undefined && schema.ref === undefined) add([...path, 'type'], TYPE_REQUIRED);
  if (schema.type === 'TYPE_UNSPECIFIED') add([...path, 'type'], 'TYPE_UNSPECIFIED should not be used; set a type.');
  if (schema.format !== undefined) {
    const allowed = schema.type ? FORMATS[schema.type] : undefined;
    if (!allowed) add([...path, 'format'], `format is supported only for NUMBER, INTEGER and STRING types, got ${schema.type ?? 'no type'}.`);
    else if (allowed !== 'any' && !allowed.includes(schema.format))
      add([...path, 'format'], `format '${schema.format}' is not supported for type ${schema.type}; supported: ${allowed.join(', ')}.`);
  }
  if (schema.type !== undefined)
    for (const [field, types] of TYPE_KEYWORDS)
      if (schema[field] !== undefined && !types.includes(schema.type)) add([...path, field], `only allowed for ${types.join(' and ')} type`);
  schema.required?.forEach((name, i) => {
    if (!schema.properties || !Object.hasOwn(schema.properties, name)) add([...path, 'required', i], 'property is not defined');
  });
  const ap = schema.additionalProperties;
  if (ap !== undefined && typeof ap !== 'boolean' && (typeof ap !== 'object' || ap === null || Array.isArray(ap)))
    add([...path, 'additionalProperties'], 'additional_properties must be a boolean or a schema object.');
  if (!isRoot && schema.defs !== undefined) add([...path, 'defs'], 'defs is only allowed on the root schema.');
  if (!isRoot && schema.example !== undefined) add([...path, 'example'], 'example is only allowed on the root schema.');
  if (schema.ref !== undefined) {
    const m = REF_RE.exec(schema.ref);
    if (!m || !root.defs || !Object.hasOwn(root.defs, m[1] as string))
      add([...path, 'ref'], `ref '${schema.ref}' must reference a child of the root defs, as #/defs/<Name>.`);
  }
  if (schema.items) checkSchema(schema.items, [...path, 'items'], add, root);
  for (const [k, v] of Object.entries(schema.properties ?? {})) checkSchema(v, [...path, 'properties', k], add, root);
  for (const [i, v] of (schema.anyOf ?? []).entries()) checkSchema(v, [...path, 'anyOf', i], add, root);
  for (const [k, v] of Object.entries(schema.defs ?? {})) checkSchema(v, [...path, 'defs', k], add, root);
}

/** FunctionDeclaration name: starts with a letter or underscore; letters, digits, `_ . -`; at most 64 characters. */
export const FUNCTION_NAME_RE = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
/** Parameter name: starts with a letter or underscore; letters, digits, underscores; at most 64 characters. */
export const PARAMETER_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Parameter names at every depth (the properties of an OBJECT parameter are parameters too, also
 * inside `items`, `anyOf` and `defs`): case sensitive, a letter or underscore first, then letters,
 * digits or underscores, at most 64 characters.
 */
function checkParameterNames(schema: Schema, path: Array<string | number>, add: AddIssue): void {
  for (const [key, v] of Object.entries(schema.properties ?? {})) {
    if (!PARAMETER_NAME_RE.test(key))
      add(
        [...path, 'properties', key],
        `Invalid parameter name '${key}'. Must start with a letter or an underscore and contain only a-z, A-Z, 0-9 or underscores, with a maximum length of 64.`,
      );
    checkParameterNames(v, [...path, 'properties', key], add);
  }
  if (schema.items) checkParameterNames(schema.items, [...path, 'items'], add);
  for (const [i, v] of (schema.anyOf ?? []).entries()) checkParameterNames(v, [...path, 'anyOf', i], add);
  for (const [k, v] of Object.entries(schema.defs ?? {})) checkParameterNames(v, [...path, 'defs', k], add);
}

/** A FunctionDeclaration. */
export const FunctionDeclarationSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: SchemaSchema.optional(),
  parametersJsonSchema: z.unknown().optional(),
  response: SchemaSchema.optional(),
  responseJsonSchema: z.unknown().optional(),
  behavior: z.enum(['UNSPECIFIED', 'BLOCKING', 'NON_BLOCKING']).optional(),
});
/** A parsed FunctionDeclaration. */
export type FunctionDeclaration = z.infer<typeof FunctionDeclarationSchema>;

/** FunctionDeclaration rules: name and parameter-name formats, the two mutually exclusive pairs, OBJECT parameters. */
export function checkFunctionDeclaration(fd: FunctionDeclaration, path: Array<string | number>, add: AddIssue): void {
  if (!FUNCTION_NAME_RE.test(fd.name))
    add(
      [...path, 'name'],
      'Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.',
    );
  if (fd.parameters !== undefined && fd.parametersJsonSchema !== undefined)
    add([...path, 'parametersJsonSchema'], 'parameters and parameters_json_schema are mutually exclusive; set only one.');
  if (fd.response !== undefined && fd.responseJsonSchema !== undefined)
    add([...path, 'responseJsonSchema'], 'response and response_json_schema are mutually exclusive; set only one.');
  if (fd.parametersJsonSchema !== undefined) {
    const js = fd.parametersJsonSchema;
    if (typeof js !== 'object' || js === null || Array.isArray(js) || ((js as { type?: unknown }).type ?? 'object') !== 'object')
      add([...path, 'parametersJsonSchema'], 'parameters_json_schema must describe an object whose properties are the parameters.');
  }
  const p = fd.parameters;
  if (p) {
    // The root of parameters names its type like any nested schema (an OBJECT); "May be unset" means the whole field.
    if (p.type === undefined && p.anyOf === undefined && p.ref === undefined) add([...path, 'parameters', 'type'], TYPE_REQUIRED);
    if (p.type !== undefined && p.type !== 'OBJECT') add([...path, 'parameters', 'type'], `parameters must be an OBJECT schema, got ${p.type}.`);
    checkParameterNames(p, [...path, 'parameters'], add);
    checkSchema(p, [...path, 'parameters'], add);
  }
  if (fd.response) checkSchema(fd.response, [...path, 'response'], add);
}
