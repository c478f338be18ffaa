import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
} from 'graphql';
import { MAX_PAGE } from './connections.js';
import type { StaticError } from './validation.js';

/**
 * GitHub's point cost and node limit of a query, computed before it runs:
 * - every connection that selects `nodes` or `edges` must give `first` or `last` (0..100);
 * - requests: a connection is one request per item of the connections around it (`repositories(first: 100)
 *   { pullRequests(first: 50) }` is 1 + 100 requests); the cost is the sum / 100, rounded, at least 1;
 * - nodes: the items every connection may return (100 + 100 × 50), at most 500,000.
 */

/** The node limit of one query. */
export const MAX_NODES = 500_000;

/** What the analysis found. */
export interface QueryCost {
  cost: number;
  nodeCount: number;
  errors: StaticError[];
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  requests: number;
  nodes: number;
  errors: StaticError[];
  path: string[];
}

const location = (node: FieldNode) => (node.loc ? [{ line: node.loc.startToken.line, column: node.loc.startToken.column }] : []);

/** Whether a selection set picks `nodes` or `edges` (through fragments too). */
function selectsItems(set: SelectionSetNode | undefined, w: Walk, seen = new Set<string>()): boolean {
  if (!set) return false;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD && (s.name.value === 'nodes' || s.name.value === 'edges')) return true;
    if (s.kind === Kind.INLINE_FRAGMENT && selectsItems(s.selectionSet, w, seen)) return true;
    if (s.kind === Kind.FRAGMENT_SPREAD && !seen.has(s.name.value)) {
      seen.add(s.name.value);
      if (selectsItems(w.fragments.get(s.name.value)?.selectionSet, w, seen)) return true;
    }
  }
  return false;
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

/** The page size a connection asks for, checking GitHub's rules (an error is recorded, the walk goes on). */
function pageSize(def: GraphQLField<unknown, unknown>, node: FieldNode, w: Walk, items: boolean): number {
  let args: Record<string, unknown> = {};
  try {
    args = getArgumentValues(def, node, w.variables);
  } catch {
    return 0;
  }
  const name = node.name.value;
  const first = typeof args.first === 'number' ? args.first : undefined;
  const last = typeof args.last === 'number' ? args.last : undefined;
  const err = (type: string, message: string) => w.errors.push({ type, path: [...w.path], locations: location(node), message });
  if (first === undefined && last === undefined) {
    if (items) err('MISSING_PAGINATION_BOUNDARIES', `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`);
    return 0;
  }
  let size = 0;
  for (const [k, v] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (v === undefined) continue;
    if (v < 0) err('INVALID_PAGINATION', `\`${k}\` on the \`${name}\` connection cannot be less than zero.`);
    else if (v > MAX_PAGE)
      err('EXCESSIVE_PAGINATION', `Requesting ${v} records on the \`${name}\` connection exceeds the \`${k}\` limit of ${MAX_PAGE} records.`);
    else size = Math.max(size, v);
  }
  return size;
}

function walk(set: SelectionSetNode | undefined, type: GraphQLCompositeType, multiplier: number, w: Walk, depth: number): void {
  if (!set || depth > 64) return;
  for (const s of set.selections) {
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const t = s.typeCondition ? w.schema.getType(s.typeCondition.name.value) : type;
      if (t && isCompositeType(t)) walk(s.selectionSet, t, multiplier, w, depth + 1);
      continue;
    }
    if (s.kind === Kind.FRAGMENT_SPREAD) {
      const f = w.fragments.get(s.name.value);
      const t = f ? w.schema.getType(f.typeCondition.name.value) : undefined;
      if (f && t && isCompositeType(t)) walk(f.selectionSet, t, multiplier, w, depth + 1);
      continue;
    }
    const def = fieldOf(type, s.name.value);
    if (!def) continue;
    const named = getNamedType(def.type);
    w.path.push(s.alias?.value ?? s.name.value);
    let inner = multiplier;
    if (named.name.endsWith('Connection') && def.args.some((a) => a.name === 'first')) {
      const size = pageSize(def, s, w, selectsItems(s.selectionSet, w));
      w.requests += multiplier;
      w.nodes += multiplier * size;
      inner = multiplier * size;
    }
    if (isCompositeType(named)) walk(s.selectionSet, named, inner, w, depth + 1);
    w.path.pop();
  }
}

/** The cost, node count and pagination errors of an operation with its (coerced) variables. */
export function queryCost(
  schema: GraphQLSchema,
  op: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): QueryCost {
  const root = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const w: Walk = { schema, fragments, variables, requests: 0, nodes: 0, errors: [], path: [] };
  if (root) walk(op.selectionSet, root, 1, w, 0);
  if (w.nodes > MAX_NODES) {
    w.errors.push({
      type: 'MAX_NODE_LIMIT_EXCEEDED',
      message: `This query requests up to ${w.nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of ${MAX_NODES.toLocaleString('en-US')}.`,
    });
  }
  // A mutation costs at least 1 point like any call; GitHub rounds the sum of requests / 100.
  return { cost: Math.max(1, Math.round(w.requests / 100)), nodeCount: w.nodes, errors: w.errors };
}
