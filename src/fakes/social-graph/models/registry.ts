import type { RouteContext } from '../../service.js';
import type { FakeResponse } from '../../../http/response.js';
import type { SocialGraphOptions } from '../options.js';
import type { SocialGraphState } from '../state.js';
import type { FieldReadContext, FieldTable } from './fields.js';
import type { Principal } from './tokens.js';

/** The route context of a social graph request. */
export type GraphRouteContext = RouteContext<SocialGraphState, SocialGraphOptions>;

/** What a node or edge handler sees: the request, merged parameters, the caller, the time. */
export interface GraphContext {
  readonly ctx: GraphRouteContext;
  /** Query and body parameters merged (form or JSON), aliases rewritten to the real spelling. */
  readonly params: Record<string, unknown>;
  readonly principal: Principal;
  /** Fake-clock now, epoch ms. */
  readonly now: number;
  /** `v24.0` or null for an unversioned path. */
  readonly version: string | null;
  /** What field readers see. */
  readonly read: FieldReadContext;
  /** The journaled operation id, e.g. `page/feed.create`. */
  readonly operation: string;
}

/** A node or edge handler: validates, changes state through one `g.ctx.update`, answers. */
export type GraphHandler = (g: GraphContext, id: string) => FakeResponse | Promise<FakeResponse>;

/** The methods an edge supports. */
export interface EdgeSpec {
  GET?: GraphHandler;
  POST?: GraphHandler;
  DELETE?: GraphHandler;
  /** Rate-limit family checked before the handler: `leadgen` (80005), `messaging` (80006), `photoshare` (80002). */
  limitFamily?: 'leadgen' | 'messaging' | 'photoshare';
  /**
   * Names of optional path segments after the edge, in order (`['metric', 'period']` serves
   * `/{page-id}/insights/{metric}` and `/{page-id}/insights/{metric}/{period}`); each reaches the
   * handler as the parameter of that name, over a query parameter of the same name.
   */
  pathParams?: readonly string[];
}

/**
 * A Graph node type. `GET|POST|DELETE /{id}` and `/{id}/{edge}` dispatch on the type whose `find`
 * knows the id (first registered wins).
 */
export interface NodeType<R = unknown> {
  /** The type name used in errors: `Page`, `PagePost`, `CustomAudience`, `AdAccount`. */
  readonly type: string;
  /** Operation prefix in the journal: `page` gives `page.get`, `page/feed.create`. */
  readonly op: string;
  /** How the journal names the node in route templates (`{photo-id}`); default the table in routes/graph.ts, else `{id}`. */
  readonly route?: string;
  /** Looks the node up (O(1): records keyed by id). */
  find(state: SocialGraphState, id: string): R | undefined;
  /** Typed field table for `fields=` selection. */
  readonly fields: FieldTable<R>;
  /** Fields answered when `fields=` is absent. */
  readonly defaultFields: readonly string[];
  /** Rate-limit scope: the Page id a node belongs to (80001 etc. apply per Page). */
  pageOf?(record: R): string | null;
  GET?: GraphHandler;
  POST?: GraphHandler;
  DELETE?: GraphHandler;
  readonly edges: Readonly<Record<string, EdgeSpec>>;
}

const REGISTRY: NodeType[] = [];

/**
 * Adds a node type to the dispatch table. Call it at the top level of the type's module and import
 * that module once from `node-types.ts`.
 * @example registerNodeType(customAudienceType)
 */
export function registerNodeType<R>(t: NodeType<R>): void {
  if (REGISTRY.some((x) => x.type === t.type)) return;
  REGISTRY.push(t as unknown as NodeType);
}

/** Every registered node type, in registration order. */
export function nodeTypes(): readonly NodeType[] {
  return REGISTRY;
}

/** The node type and record of an id, if any type knows it. */
export function findNode(state: SocialGraphState, id: string): { type: NodeType; record: unknown } | undefined {
  for (const t of REGISTRY) {
    const record = t.find(state, id);
    if (record !== undefined) return { type: t, record };
  }
  return undefined;
}

/** Every edge name some node type has (the router gets a literal route per name). */
export function edgeNames(): string[] {
  return [...new Set(REGISTRY.flatMap((t) => Object.keys(t.edges)))].sort();
}
