import {
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  execute,
  getNamedType,
  getVariableValues,
  isCompositeType,
  isObjectType,
} from 'graphql';
import type { PointsInfo } from './cost.js';
import { UnservedFieldError, fromRest, isServiceError, renderExecutionError } from './errors.js';
import { queryCost } from './query-cost.js';
import { ALWAYS_EMPTY, RESOLVERS } from './resolvers/index.js';
import { type CodeHostingState, GitHubError, type GitHubRouteContext, type Principal, rateLimitSubject, webBase } from './rest-models.js';
import type { GraphqlOutcome, GraphqlRequest } from './types.js';
import { githubSchema } from './schema.js';
import type { Env, FieldResolver, Typed } from './types.js';
import { MAX_DEPTH, type StaticError, parseDocument, queryDepth, validateDocument, variableErrors } from './validation.js';

/**
 * Runs one GraphQL request the way GitHub does: parse, validate against GitHub's schema, coerce the
 * variables, compute the query's points (refusing what exceeds the node limit or lacks pagination),
 * count them, then execute with the fake's resolvers over the state. Queries read the state as it is;
 * a mutation document runs inside the request's one change. Errors of the document answer HTTP 200
 * with `errors` and no `data`, as GitHub answers.
 */

/** What the executor keeps per request besides the resolvers' environment. */
interface Run {
  unserved: Set<string>;
}

const runs = new WeakMap<Env, Run>();

const fieldResolver: GraphQLFieldResolver<unknown, Env> = (source, args, env, info) => {
  const type = info.parentType.name;
  const resolve = RESOLVERS[type]?.[info.fieldName] as FieldResolver<unknown> | undefined;
  if (!resolve) {
    runs.get(env)?.unserved.add(`${type}.${info.fieldName}`);
    throw new UnservedFieldError(`${type}.${info.fieldName}`);
  }
  try {
    return resolve(source, args, env, info);
  } catch (err) {
    if (err instanceof GitHubError) throw fromRest(err, `a ${getNamedType(info.returnType).name}`, env.principal, info.fieldName);
    throw err;
  }
};

const typeResolver: GraphQLTypeResolver<unknown, Env> = (value) => (value && typeof value === 'object' ? (value as Typed).__typename : undefined);

/** Schema fields a selection names that the fake does not resolve (where the parent is an object type; interfaces are checked as they resolve). */
function unservedIn(
  schema: GraphQLSchema,
  set: SelectionSetNode | undefined,
  type: GraphQLCompositeType,
  fragments: Map<string, FragmentDefinitionNode>,
  out: Set<string>,
  depth = 0,
): void {
  if (!set || depth > 64) return;
  for (const s of set.selections) {
    if (s.kind === Kind.INLINE_FRAGMENT || s.kind === Kind.FRAGMENT_SPREAD) {
      const f = s.kind === Kind.FRAGMENT_SPREAD ? fragments.get(s.name.value) : s;
      const cond = f?.typeCondition ? schema.getType(f.typeCondition.name.value) : type;
      if (f && cond && isCompositeType(cond)) unservedIn(schema, f.selectionSet, cond, fragments, out, depth + 1);
      continue;
    }
    const name = s.name.value;
    if (name.startsWith('__') || type.name.startsWith('__')) continue;
    if (!isObjectType(type)) {
      const def = 'getFields' in type ? type.getFields()[name] : undefined;
      const inner = def ? getNamedType(def.type) : undefined;
      if (inner && isCompositeType(inner)) unservedIn(schema, s.selectionSet, inner, fragments, out, depth + 1);
      continue;
    }
    const def = type.getFields()[name];
    if (!def) continue;
    if (!RESOLVERS[type.name]?.[name]) out.add(`${type.name}.${name}`);
    const inner = getNamedType(def.type);
    if (isCompositeType(inner) && !ALWAYS_EMPTY.has(inner.name)) unservedIn(schema, s.selectionSet, inner, fragments, out, depth + 1);
  }
}

/** The operation a request runs (by `operationName`, or the document's only one). */
function pickOperation(doc: DocumentNode, name: string | null): OperationDefinitionNode | StaticError {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (name !== null) return ops.find((o) => o.name?.value === name) ?? { message: `No operation named "${name}"` };
  if (ops.length === 1) return ops[0] as OperationDefinitionNode;
  return { message: ops.length === 0 ? 'Document does not contain any operations' : 'An operation name is required' };
}

const journalName = (op: OperationDefinitionNode | undefined) => (op ? `graphql:${op.name?.value ?? op.operation}` : 'graphql:query');

/** The REST base URL of a GraphQL request: `/graphql` sits at the REST root, `/api/graphql` next to `/api/v3`. */
function apiBaseOf(ctx: GitHubRouteContext): string {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  if (/\/api\/graphql$/.test(base)) return `${base.slice(0, -'/graphql'.length)}/v3`;
  if (ctx.path === '/api/graphql') return `${base}/api/v3`;
  return base;
}

/** The `data` and `errors` of an execution, errors in GitHub's form; a failure of the fake itself is thrown (answered 500). */
function render(result: ExecutionResult): Record<string, unknown> {
  const body: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors?.length) {
    for (const e of result.errors) if (e.originalError && !isServiceError(e.originalError)) throw e.originalError;
    body.errors = result.errors.map(renderExecutionError);
  }
  return body;
}

/** Runs a GraphQL request for an authenticated caller; `consume` counts its points against the caller's window. */
export function runGraphql(ctx: GitHubRouteContext, principal: Principal, req: GraphqlRequest, consume: (points: number) => PointsInfo): GraphqlOutcome {
  const schema = githubSchema();
  const parsed = parseDocument(req.query);
  const fail = (errors: StaticError[], op?: OperationDefinitionNode): GraphqlOutcome => ({
    body: { errors },
    operation: journalName(op),
    cost: 0,
    unserved: [],
  });
  if ('errors' in parsed) return fail(parsed.errors);
  const doc = parsed.document;
  const picked = pickOperation(doc, req.operationName);
  const op = 'kind' in picked ? (picked as OperationDefinitionNode) : undefined;
  const invalid = validateDocument(schema, doc);
  if (invalid.length) return fail(invalid, op);
  const depth = queryDepth(doc);
  if (depth > MAX_DEPTH) return fail([{ message: `Query has depth of ${depth}, which exceeds max depth of ${MAX_DEPTH}` }], op);
  if (!op) return fail([picked as StaticError]);
  const vars = getVariableValues(schema, op.variableDefinitions ?? [], req.variables, { maxErrors: 50 });
  if (vars.errors) return fail(variableErrors(vars.errors, doc), op);
  const fragments = new Map(doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const cost = queryCost(schema, op, fragments, vars.coerced);
  if (cost.errors.length) return fail(cost.errors, op);
  const window = consume(cost.cost);
  if (window.exceeded) {
    return {
      body: { errors: [{ type: 'RATE_LIMITED', message: `API rate limit exceeded for ${rateLimitSubject(ctx.state, principal)}.` }] },
      operation: journalName(op),
      cost: 0,
      unserved: [],
    };
  }
  const unserved = new Set<string>();
  const root = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (root) unservedIn(schema, op.selectionSet, root, fragments, unserved);
  const apiBase = apiBaseOf(ctx);
  const frozen = ctx.state;
  const env: Env = {
    state: frozen,
    writable: false,
    principal,
    apiBase,
    now: ctx.clock.now().toISOString(),
    // The permission model's per-request bookkeeping goes on a shadow request: GraphQL answers carry no REST permission headers.
    authCtx: { ...ctx, state: frozen, req: { ...ctx.req } } as GitHubRouteContext,
    login: principal.login ?? ctx.options.defaultLogin,
    web: webBase(apiBase),
    lookupState: frozen,
    nodeIndexOwner: ctx.meters,
    rate: { cost: cost.cost, nodeCount: cost.nodeCount, window },
  };
  runs.set(env, { unserved });
  const run = (e: Env): ExecutionResult => {
    const result = execute({
      schema,
      document: doc,
      rootValue: {},
      contextValue: e,
      variableValues: req.variables,
      operationName: op.name?.value ?? null,
      fieldResolver,
      typeResolver,
    });
    if (result instanceof Promise) throw new Error('stuntdouble bug: a GraphQL resolver answered a promise');
    return result;
  };
  let body: Record<string, unknown>;
  if (op.operation === 'mutation') {
    // Every mutation of the document writes inside this one change; each REST write in it lands whole or not at all.
    body = ctx.update((draft) => {
      const e: Env = {
        ...env,
        state: draft as CodeHostingState,
        writable: true,
        authCtx: { ...env.authCtx, state: draft as CodeHostingState } as GitHubRouteContext,
      };
      runs.set(e, { unserved });
      return render(run(e));
    });
  } else body = render(run(env));
  return { body, operation: journalName(op), cost: cost.cost, unserved: [...unserved].sort() };
}
