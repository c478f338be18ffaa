import { type ASTNode, type DocumentNode, GraphQLError, type GraphQLSchema, Kind, Lexer, Source, TokenKind, parse, validate, visit } from 'graphql';

/**
 * Errors of the request document, worded as GitHub words them. GitHub runs graphql-ruby, whose
 * messages differ from graphql-js's (`Field 'x' doesn't exist on type 'Repository'` where graphql-js
 * says `Cannot query field "x" on type "Repository".`) and which adds `extensions.code` and a `path`
 * into the document (`["query IssueList", "repository", "x"]`). The document is checked by graphql-js
 * against GitHub's schema; each error is then rewritten into GitHub's form. Messages of rules not
 * rewritten here keep graphql-js's wording (with `extensions.code` naming the rule).
 */

/** A static error in GitHub's JSON form. */
export type StaticError = Record<string, unknown>;

const TOKEN_NAMES: Readonly<Record<string, string>> = {
  [TokenKind.BANG]: 'BANG',
  [TokenKind.DOLLAR]: 'VAR_SIGN',
  [TokenKind.AMP]: 'AMP',
  [TokenKind.PAREN_L]: 'LPAREN',
  [TokenKind.PAREN_R]: 'RPAREN',
  [TokenKind.SPREAD]: 'ELLIPSIS',
  [TokenKind.COLON]: 'COLON',
  [TokenKind.EQUALS]: 'EQUALS',
  [TokenKind.AT]: 'DIR_SIGN',
  [TokenKind.BRACKET_L]: 'LBRACKET',
  [TokenKind.BRACKET_R]: 'RBRACKET',
  [TokenKind.BRACE_L]: 'LCURLY',
  [TokenKind.PIPE]: 'PIPE',
  [TokenKind.BRACE_R]: 'RCURLY',
  [TokenKind.NAME]: 'IDENTIFIER',
  [TokenKind.INT]: 'INT',
  [TokenKind.FLOAT]: 'FLOAT',
  [TokenKind.STRING]: 'STRING',
  [TokenKind.BLOCK_STRING]: 'STRING',
};

/** graphql-ruby's parse error: `Parse error on "}" (RCURLY) at [1, 5]`, or `Unexpected end of document`. */
function parseErrorMessage(query: string, err: GraphQLError): string {
  const loc = err.locations?.[0];
  const at = err.positions?.[0];
  if (!loc || at === undefined) return err.message.replace(/^Syntax Error: /, '');
  try {
    const lexer = new Lexer(new Source(query));
    let token = lexer.advance();
    while (token.kind !== TokenKind.EOF && token.end <= at) token = lexer.advance();
    if (token.kind === TokenKind.EOF) return 'Unexpected end of document';
    const text = token.value ?? token.kind;
    const name =
      token.kind === TokenKind.NAME && /^(query|mutation|subscription|fragment|on|true|false|null)$/.test(text)
        ? text.toUpperCase()
        : (TOKEN_NAMES[token.kind] ?? token.kind);
    return `Parse error on ${JSON.stringify(text)} (${name}) at [${loc.line}, ${loc.column}]`;
  } catch {
    // The lexer fails where the document has a character GraphQL does not allow.
    return `Parse error on bad Unicode escape sequence at [${loc.line}, ${loc.column}]`;
  }
}

/** GitHub's limit of nested fields in one query. */
export const MAX_DEPTH = 25;

/** The deepest nesting of `{` in a document's text (strings and comments skipped): a bound on its field depth, found without parsing. */
function braceDepth(query: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < query.length; i++) {
    const ch = query[i];
    if (ch === '#') {
      while (i < query.length && query[i] !== '\n') i++;
    } else if (ch === '"') {
      if (query.startsWith('"""', i)) {
        const end = query.indexOf('"""', i + 3);
        i = end < 0 ? query.length : end + 2;
      } else {
        for (i++; i < query.length && query[i] !== '"' && query[i] !== '\n'; i++) if (query[i] === '\\') i++;
      }
    } else if (ch === '{') max = Math.max(max, ++depth);
    else if (ch === '}') depth--;
  }
  return max;
}

const depthError = (depth: number): StaticError => ({ message: `Query has depth of ${depth}, which exceeds max depth of ${MAX_DEPTH}` });

/** The deepest chain of fields of an operation, through fragments (graphql-ruby's query depth). */
export function queryDepth(doc: DocumentNode): number {
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  let max = 0;
  const walk = (set: { selections: readonly ASTNode[] } | undefined, depth: number, seen: ReadonlySet<string>): void => {
    if (!set || depth > MAX_DEPTH + 1) return;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value.startsWith('__')) continue;
        max = Math.max(max, depth + 1);
        walk(s.selectionSet, depth + 1, seen);
      } else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet, depth, seen);
      else if (s.kind === Kind.FRAGMENT_SPREAD && !seen.has(s.name.value))
        walk(fragments.get(s.name.value)?.selectionSet, depth, new Set([...seen, s.name.value]));
    }
  };
  for (const d of doc.definitions) if (d.kind === Kind.OPERATION_DEFINITION) walk(d.selectionSet, 0, new Set());
  return max;
}

/** Parses the request document; a syntax error answers GitHub's parse error, a query nested deeper than GitHub allows its depth error. */
export function parseDocument(query: string): { document: DocumentNode } | { errors: StaticError[] } {
  // A document nested far deeper than any query GitHub runs is refused before the (recursive) parser sees it.
  const braces = braceDepth(query);
  if (braces > 4 * MAX_DEPTH) return { errors: [depthError(braces)] };
  try {
    return { document: parse(query, { noLocation: false, maxTokens: 50_000 }) };
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    const loc = err.locations?.[0];
    return { errors: [{ message: parseErrorMessage(query, err), ...(loc ? { locations: [{ line: loc.line, column: loc.column }] } : {}) }] };
  }
}

/** Where each node sits in the document, as graphql-ruby's `path` names it. */
function documentPaths(doc: DocumentNode): Map<ASTNode, string[]> {
  const paths = new Map<ASTNode, string[]>();
  const stack: string[] = [];
  const pushed: boolean[] = [];
  visit(doc, {
    enter(node) {
      let name: string | undefined;
      if (node.kind === Kind.OPERATION_DEFINITION) name = node.name ? `${node.operation} ${node.name.value}` : node.operation;
      else if (node.kind === Kind.FRAGMENT_DEFINITION) name = `fragment ${node.name.value}`;
      else if (node.kind === Kind.FIELD) name = node.alias?.value ?? node.name.value;
      else if (node.kind === Kind.INLINE_FRAGMENT) name = node.typeCondition ? `... on ${node.typeCondition.name.value}` : '...';
      else if (node.kind === Kind.FRAGMENT_SPREAD) name = `... ${node.name.value}`;
      else if (node.kind === Kind.ARGUMENT) name = node.name.value;
      else if (node.kind === Kind.VARIABLE_DEFINITION) name = `$${node.variable.name.value}`;
      if (name !== undefined) stack.push(name);
      pushed.push(name !== undefined);
      paths.set(node, [...stack]);
    },
    leave() {
      if (pushed.pop()) stack.pop();
    },
  });
  return paths;
}

/** A type's name without list and non-null marks. */
const bare = (t: string | undefined) => (t ?? '').replace(/[![\]]/g, '');

type Rewrite = { code: string; message: string; extensions?: Record<string, unknown> };

/** graphql-js messages → graphql-ruby's, for the rules clients meet. */
const REWRITES: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Rewrite]> = [
  [
    /^Cannot query field "([^"]+)" on type "([^"]+)"\./,
    (m) => ({ code: 'undefinedField', message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, extensions: { typeName: m[2], fieldName: m[1] } }),
  ],
  [
    /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\./,
    (m) => ({
      code: 'argumentNotAccepted',
      message: `Field '${m[3]}' doesn't accept argument '${m[1]}'`,
      extensions: { name: m[3], typeName: 'Field', argumentName: m[1] },
    }),
  ],
  [
    /^Field "(?:[^".]+\.)?([^"]+)" argument "([^"]+)" of type "[^"]+" is required, but it was not provided\./,
    (m) => ({
      code: 'missingRequiredArguments',
      message: `Field '${m[1]}' is missing required arguments: ${m[2]}`,
      extensions: { className: 'Field', name: m[1], arguments: m[2] },
    }),
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\./,
    (m) => ({
      code: 'selectionMismatch',
      message: `Field must have selections (field '${m[1]}' returns ${bare(m[2])} but has no selections. Did you mean '${m[1]} { ... }'?)`,
      extensions: { nodeName: `field '${m[1]}'`, typeName: bare(m[2]) },
    }),
  ],
  [
    /^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\./,
    (m) => ({
      code: 'selectionMismatch',
      message: `Selections can't be made on scalars (field '${m[1]}' returns ${bare(m[2])} but has selections [...])`,
      extensions: { nodeName: `field '${m[1]}'`, typeName: bare(m[2]) },
    }),
  ],
  [
    /^Variable "\$([^"]+)" is never used in operation "([^"]+)"\./,
    (m) => ({ code: 'variableNotUsed', message: `Variable $${m[1]} is declared by ${m[2]} but not used`, extensions: { variableName: m[1] } }),
  ],
  [
    /^Variable "\$([^"]+)" is never used\./,
    (m) => ({ code: 'variableNotUsed', message: `Variable $${m[1]} is declared by anonymous query but not used`, extensions: { variableName: m[1] } }),
  ],
  [
    /^Variable "\$([^"]+)" is not defined by operation "([^"]+)"\./,
    (m) => ({ code: 'variableNotDefined', message: `Variable $${m[1]} is used by ${m[2]} but not declared`, extensions: { variableName: m[1] } }),
  ],
  [
    /^Variable "\$([^"]+)" is not defined\./,
    (m) => ({ code: 'variableNotDefined', message: `Variable $${m[1]} is used by anonymous query but not declared`, extensions: { variableName: m[1] } }),
  ],
  [
    /^Variable "\$([^"]+)" of type "([^"]+)" used in position expecting type "([^"]+)"\./,
    (m) => {
      const nullability = (m[2] ?? '').replace(/!/g, '') === (m[3] ?? '').replace(/!/g, '');
      return {
        code: 'variableMismatch',
        message: `${nullability ? 'Nullability' : 'Type'} mismatch on variable $${m[1]} and argument (${m[2]} / ${m[3]})`,
        extensions: { variableName: m[1], typeName: m[2] },
      };
    },
  ],
  [
    /^Unknown type "([^"]+)"\./,
    (m) => ({ code: 'undefinedType', message: `No such type ${m[1]}, so it can't be a fragment condition`, extensions: { typeName: m[1] } }),
  ],
  [
    /^Fragment "([^"]+)" is never used\./,
    (m) => ({ code: 'useAndDefineFragment', message: `Fragment ${m[1]} was defined, but not used`, extensions: { fragmentName: m[1] } }),
  ],
  [
    /^Unknown fragment "([^"]+)"\./,
    (m) => ({ code: 'useAndDefineFragment', message: `Fragment ${m[1]} was used, but not defined`, extensions: { fragmentName: m[1] } }),
  ],
  [
    /^Fields "([^"]+)" conflict because "([^"]+)" and "([^"]+)" are different fields\./,
    (m) => ({
      code: 'fieldConflict',
      message: `Field '${m[1]}' has a field conflict: ${m[2]} or ${m[3]}?`,
      extensions: { fieldName: m[1], conflicts: `${m[2]} or ${m[3]}` },
    }),
  ],
  [
    /^Fields "([^"]+)" conflict because they have differing arguments\./,
    (m) => ({ code: 'fieldConflict', message: `Field '${m[1]}' has an argument conflict`, extensions: { fieldName: m[1] } }),
  ],
  [
    /^Unknown directive "@([^"]+)"\./,
    (m) => ({ code: 'undefinedDirective', message: `Directive @${m[1]} is not defined`, extensions: { directiveName: m[1] } }),
  ],
];

/** The code of an error no rewrite covers: its rule's name, as graphql-ruby names rules in camelCase. */
function fallbackCode(message: string): string {
  if (/cannot represent|Expected value of type|Enum ".*" cannot represent/.test(message)) return 'argumentLiteralsIncompatible';
  if (/Cannot spread fragment|can never be of type/.test(message)) return 'cannotSpreadFragment';
  if (/conflict because/.test(message)) return 'fieldConflict';
  if (/There can be only one/.test(message)) return 'uniquelyNamed';
  return 'invalidDocument';
}

/** A literal argument value of the wrong type, in graphql-ruby's wording, where the node tells which argument. */
function literalMessage(e: GraphQLError, path: string[] | undefined): Rewrite | undefined {
  if (!/cannot represent|Expected value of type/.test(e.message) || !path) return undefined;
  const arg = path[path.length - 1];
  const field = path[path.length - 2];
  if (!arg || !field || arg.startsWith('$')) return undefined;
  const node = e.nodes?.[0];
  const value = node && 'loc' in node && node.loc ? node.loc.source.body.slice(node.loc.start, node.loc.end) : '';
  const expected = /type "([^"]+)"/.exec(e.message)?.[1];
  return {
    code: 'argumentLiteralsIncompatible',
    message: `Argument '${arg}' on Field '${field}' has an invalid value (${value}).${expected ? ` Expected type '${expected}'.` : ''}`,
    extensions: { typeName: 'Field', argumentName: arg },
  };
}

/** Validates a document against GitHub's schema; the errors in GitHub's form (empty when valid). */
export function validateDocument(schema: GraphQLSchema, doc: DocumentNode): StaticError[] {
  // graphql-ruby (GitHub) lets fields of one name return different types where their parents can never
  // be the same object (`... on Issue { state } ... on PullRequest { state }`, which the gh CLI sends);
  // graphql-js follows the spec's stricter rule. Those conflicts are not GitHub's errors.
  const errors = validate(schema, doc, undefined, { maxErrors: 100 }).filter((e) => !/return conflicting types/.test(e.message));
  if (errors.length === 0) return [];
  const paths = documentPaths(doc);
  return errors.map((e) => {
    const node = e.nodes?.[0];
    const path = node ? paths.get(node) : undefined;
    let rewrite: Rewrite | undefined;
    for (const [re, fn] of REWRITES) {
      const m = re.exec(e.message);
      if (m) {
        rewrite = fn(m);
        break;
      }
    }
    rewrite ??= literalMessage(e, path);
    const out: StaticError = {};
    if (path) out.path = path;
    out.extensions = { code: rewrite?.code ?? fallbackCode(e.message), ...(rewrite?.extensions ?? {}) };
    if (e.locations) out.locations = e.locations.map((l) => ({ line: l.line, column: l.column }));
    out.message = rewrite?.message ?? e.message;
    return out;
  });
}

/** GitHub's error for variables that do not coerce to their declared types (`Variable $number of type Int! was provided invalid value`). */
export function variableErrors(errors: readonly GraphQLError[], doc: DocumentNode): StaticError[] {
  const declared = new Map<string, string>();
  visit(doc, {
    VariableDefinition(node) {
      const t = node.type.loc ? node.type.loc.source.body.slice(node.type.loc.start, node.type.loc.end) : '';
      declared.set(node.variable.name.value, t);
    },
  });
  return errors.map((e) => {
    const m = /^Variable "\$([^"]+)" (?:got invalid value (.*?);|of required type "[^"]+" was not provided)(.*)$/s.exec(e.message);
    const out: StaticError = {};
    if (e.locations) out.locations = e.locations.map((l) => ({ line: l.line, column: l.column }));
    if (!m) {
      out.message = e.message;
      return out;
    }
    const name = m[1] as string;
    const value = m[2] !== undefined ? safeJson(m[2]) : null;
    out.extensions = {
      value,
      problems: [{ path: [], explanation: (m[3] ?? '').trim() || (m[2] === undefined ? 'Expected value to not be null' : 'Could not coerce value') }],
    };
    out.message = `Variable $${name} of type ${declared.get(name) ?? 'unknown'} was provided invalid value`;
    return out;
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
