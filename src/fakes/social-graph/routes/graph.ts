import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { toReal } from '../aliases.js';
import { graphErrors, unsupportedRequest } from '../errors.js';
import { type LIMIT_CODES, checkRateLimit, failureError, matchFailure } from '../models/limits.js';
import { edgeNames, findNode, type GraphHandler, nodeTypes } from '../models/node-types.js';
import type { EdgeSpec, GraphRouteContext } from '../models/registry.js';
import { graphContext } from './context.js';
import type { SocialGraphOptions } from '../options.js';
import type { SocialGraphState } from '../state.js';
import { isBatch, runBatch } from './batch.js';
import { sharedUrlRoute } from './shared-url.js';
import { resolveMe } from './user-node.js';

type Verb = 'GET' | 'POST' | 'DELETE';

/**
 * How the journal (and faults, overrides, `where`) names a node of each type in route templates, in
 * the spelling of Facebook's own reference pages: the Graph API reference writes `/{page-id}/feed`,
 * `/{post-id}`, `/{user-id}`; the Marketing API reference writes `/act_{ad_account_id}/customaudiences`,
 * `/{custom_audience_id}/users`, `/{adset_id}`. Other spellings of a parameter (`{page_id}`, `{pageId}`)
 * are accepted as aliases wherever a route is named.
 */
const NODE_TEMPLATE: Record<string, string> = {
  Page: '{page-id}',
  PagePost: '{post-id}',
  CustomAudience: '{custom_audience_id}',
  AdAccount: 'act_{ad_account_id}',
  AdSet: '{adset_id}',
  User: '{user-id}',
  LeadgenForm: '{form-id}',
};
/** The route template of a node type: its own, the table's, or `{id}`. */
export const templateOf = (t: { type: string; route?: string }): string => t.route ?? NODE_TEMPLATE[t.type] ?? '{id}';
const NODE_VERB: Record<Verb, string> = { GET: 'get', POST: 'update', DELETE: 'delete' };
const EDGE_VERB: Record<Verb, string> = { GET: 'list', POST: 'create', DELETE: 'delete' };

async function dispatch(ctx: GraphRouteContext, verb: Verb, edgeParam?: string, path: readonly string[] = []): Promise<FakeResponse> {
  const edge = edgeParam === undefined ? undefined : toReal(edgeParam);
  const opOf = (op: string) => (edge === undefined ? `${op}.${NODE_VERB[verb]}` : `${op}/${edge}.${EDGE_VERB[verb]}`);
  const raw = ctx.params.id as string;
  let g = graphContext(ctx, raw, opOf('node'));
  const id = raw === 'me' ? resolveMe(g) : raw;
  const found = findNode(ctx.state, id);
  const operation = opOf(found ? found.type.op : 'node');
  ctx.meta.operation = operation;
  if (found) {
    const node = raw === 'me' ? 'me' : templateOf(found.type);
    ctx.meta.route = edge === undefined ? `/${node}` : `/${node}/${edge}`;
  }
  g = { ...g, operation };
  // An id no node has, or an edge its type lacks, is journaled as unmatched (usually a missing seed).
  if (!found) {
    ctx.meta.operation = 'unmatched';
    throw unsupportedRequest(verb, id);
  }
  // Own keys only: `/{page-id}/constructor` names no edge.
  const spec = edge === undefined || !Object.hasOwn(found.type.edges, edge) ? undefined : found.type.edges[edge];
  if (edge !== undefined && !spec) {
    ctx.meta.operation = 'unmatched';
    if (verb === 'GET') throw graphErrors.nonexistingField(edge, found.type.type);
    throw unsupportedRequest(verb, id);
  }
  // Path segments after the edge (`/insights/{metric}`): parameters of the edge read, over the query's.
  if (path.length > 0) {
    const names = spec?.pathParams ?? [];
    if (names.length < path.length) {
      ctx.meta.operation = 'unmatched';
      throw unsupportedRequest(verb, id);
    }
    g = { ...g, params: { ...g.params, ...Object.fromEntries(path.map((v, i) => [names[i] as string, v])) } };
    ctx.meta.route = `${ctx.meta.route}${names
      .slice(0, path.length)
      .map((n) => `/{${n}}`)
      .join('')}`;
  }
  const handler: GraphHandler | undefined = edge === undefined ? found.type[verb] : spec?.[verb];
  if (!handler) throw unsupportedRequest(verb, id);
  const pageId = found.type.pageOf ? found.type.pageOf(found.record) : null;
  // Reading a Page's linked photo-app fields counts against the photoshare (Instagram) limit too.
  const photoshareRead = edge === undefined && verb === 'GET' && /instagram/.test(String(g.params.fields ?? ''));
  const family = spec?.limitFamily ?? (photoshareRead ? 'photoshare' : null);
  checkRateLimit(ctx.state, pageId, family as keyof typeof LIMIT_CODES | null, g.now);
  const fi = matchFailure(ctx.state.failures, operation, id);
  if (fi >= 0) {
    const f = ctx.state.failures[fi];
    if (f) {
      ctx.update((d) => {
        const df = d.failures[fi];
        if (df && df.times !== null) {
          df.times -= 1;
          if (df.times <= 0) d.failures.splice(fi, 1);
        }
      });
      throw failureError(f);
    }
  }
  return handler(g, id);
}

type R = RouteSpec<SocialGraphState, SocialGraphOptions>;

/** Edges some node type reads by path segments too, with the segment names (first type wins). */
function edgePathParams(): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const t of nodeTypes()) for (const [edge, spec] of Object.entries(t.edges)) if (spec.pathParams && !out.has(edge)) out.set(edge, spec.pathParams);
  return out;
}

const VERBS = ['GET', 'POST', 'DELETE'] as const;

/** Every node and edge route as the journal names it (`'POST /{page-id}/feed'`), for `fakes.routes()` and validation. */
export function graphJournalRoutes(): string[] {
  const out: string[] = [];
  for (const t of nodeTypes()) {
    const nodes = [templateOf(t), ...(t.type === 'User' ? ['me'] : [])];
    for (const node of nodes) {
      for (const verb of VERBS) if (t[verb]) out.push(`${verb} /${node}`);
      for (const [edge, spec] of Object.entries(t.edges)) {
        for (const verb of VERBS) {
          if (!spec[verb]) continue;
          out.push(`${verb} /${node}/${edge}`);
          for (const sub of pathTemplates(spec)) out.push(`${verb} /${node}/${edge}${sub}`);
        }
      }
    }
  }
  return out;
}

/** The path templates after an edge its `pathParams` serve: `['/{metric}', '/{metric}/{period}']`. */
function pathTemplates(spec: EdgeSpec): string[] {
  const names = spec.pathParams ?? [];
  return names.map((_, i) =>
    names
      .slice(0, i + 1)
      .map((n) => `/{${n}}`)
      .join(''),
  );
}

/** Every operation id the node routes can journal (`page/feed.create`, ...). */
export function graphOperations(): string[] {
  const out: string[] = [];
  for (const t of nodeTypes()) {
    for (const verb of VERBS) if (t[verb]) out.push(`${t.op}.${NODE_VERB[verb]}`);
    for (const [edge, spec] of Object.entries(t.edges)) for (const verb of VERBS) if (spec[verb]) out.push(`${t.op}/${edge}.${EDGE_VERB[verb]}`);
  }
  return out;
}

/** The journal's template for a node route, from the node's type (before faults and overrides run). */
export function graphRefineRoute(ctx: { params: Readonly<Record<string, string>>; template: string; state: SocialGraphState }): string | undefined {
  if (!ctx.template.startsWith('/{id}')) return undefined;
  const raw = ctx.params.id;
  if (raw === undefined) return undefined;
  let node: string;
  if (raw === 'me') node = 'me';
  else {
    const found = findNode(ctx.state, raw);
    if (!found) return undefined;
    node = templateOf(found.type);
  }
  const rest = ctx.template.slice('/{id}'.length);
  if (rest === '') return `/${node}`;
  const edge = rest === '/{edge}' ? toReal(ctx.params.edge ?? '') : rest.slice(1);
  return `/${node}/${edge}`;
}

/** The node and edge routes: `/{id}`, a literal route per known edge name, and `/{id}/{edge}`. */
export function graphRoutes(): R[] {
  const routes: R[] = [];
  for (const verb of ['GET', 'POST', 'DELETE'] as const) {
    routes.push({ method: verb, path: '/{id}', operation: `node.${NODE_VERB[verb]}`, handler: (ctx) => dispatch(ctx, verb) });
    for (const edge of edgeNames()) {
      routes.push({ method: verb, path: `/{id}/${edge}`, operation: `node/${edge}.${EDGE_VERB[verb]}`, handler: (ctx) => dispatch(ctx, verb, edge) });
    }
    // Edges read by path segments too (`/{id}/insights/{metric}/{period}`).
    for (const [edge, names] of edgePathParams()) {
      for (const sub of pathTemplates({ pathParams: names })) {
        const keys = names.slice(0, sub.split('/').length - 1);
        routes.push({
          method: verb,
          path: `/{id}/${edge}${sub}`,
          operation: `node/${edge}.${EDGE_VERB[verb]}`,
          handler: (ctx) =>
            dispatch(
              ctx,
              verb,
              edge,
              keys.map((k) => ctx.params[k] as string),
            ),
        });
      }
    }
    routes.push({
      method: verb,
      path: '/{id}/{edge}',
      operation: `node/edge.${EDGE_VERB[verb]}`,
      handler: (ctx) => dispatch(ctx, verb, ctx.params.edge as string),
    });
  }
  // POST / is both the shared-URL scrape and Graph's batch API (`batch=[...]`).
  for (const r of sharedUrlRoute()) {
    if (r.method === 'POST' && r.path === '/') {
      const scrape = r.handler;
      routes.push({ ...r, handler: (ctx) => (isBatch(ctx) ? runBatch(ctx) : scrape(ctx)) });
    } else routes.push(r);
  }
  return routes;
}
