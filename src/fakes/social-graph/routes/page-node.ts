import { json } from '../../../http/response.js';
import { GraphError, codeError, graphErrors } from '../errors.js';
import { type Selected, formatFields, renderFields, selectionOf } from '../models/fields.js';
import { realKeys } from '../aliases.js';
import { edgeIds, getPage } from '../models/pages.js';
import { tableGet } from '../../../store/table.js';
import { type EdgeSpec, type GraphContext, registerNodeType } from '../models/registry.js';
import { requirePageRead } from '../models/tokens.js';
import type { PageRecord } from '../state.js';
import { feedEdges } from './feed.js';
import { pageEdges } from './page-edges.js';
import { tableEdges } from './page-edge-routes.js';
import { updatePage } from './page-update.js';
import { PAGE_FIELDS } from '../models/page-field-table.js';

/** Throws 100/33 unless the id is a Page; returns it. */
export function pageOrThrow(g: GraphContext, id: string): PageRecord {
  const page = getPage(g.ctx.state, id);
  if (!page) throw graphErrors.param(`Unsupported request: ${id} is not a Page`, 33);
  return page;
}

async function readPage(g: GraphContext, id: string) {
  const page = pageOrThrow(g, id);
  requirePageRead(g.ctx.state, g.principal, page);
  const out: Record<string, unknown> = {};
  const linking = g.params.account_linking_token;
  if (linking !== undefined) {
    const rec = typeof linking === 'string' ? tableGet(g.ctx.state.linkingTokens, linking) : undefined;
    if (!rec || rec.pageId !== page.id || rec.expiresAt <= g.now) {
      throw graphErrors.param('Invalid account_linking_token: the token is unknown, for another Page, or older than 5 minutes');
    }
    if (rec.blocked) throw codeError(230);
    out.recipient = rec.psid;
  }
  const fields = g.params.fields === undefined && linking !== undefined ? ['id'] : ['name', 'id'];
  const selection = selectionOf(g.params.fields, fields);
  // Edge expansion: `fields=name,feed.limit(2){message}` nests the edge's answer. Modifiers are the
  // edge's query parameters (`feed.after(<cursor>)`, `insights.metric(x).since(y)`), checked as the
  // query string checks them; `.as(alias)` names the answer.
  const expandable = (s: Selected) => (Object.hasOwn(EXPANDABLE, s.name) ? EXPANDABLE[s.name]?.GET : undefined);
  const expand = selection.filter((s) => expandable(s) !== undefined);
  const plain = selection.filter((s) => expandable(s) === undefined);
  Object.assign(out, renderFields(PAGE_FIELDS, 'Page', page, plain, g.read));
  for (const e of expand) {
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.args)) if (k !== 'as') params[k] = v;
    if (e.sub) params.fields = formatFields(e.sub);
    // The query the edge's `paging.next` repeats carries the token, as a request of its own would.
    const query = g.principal.token === null ? { ...params } : { ...params, access_token: g.principal.token };
    const sub: GraphContext = { ...g, params: realKeys(params), ctx: { ...g.ctx, req: { ...g.ctx.req, query } } as GraphContext['ctx'] };
    const handler = expandable(e);
    if (!handler) continue;
    const res = await handler(sub, id);
    out[e.args.as ?? e.name] = res.body;
  }
  return json(200, out);
}

/** Edges that `fields=` may expand on a Page. */
const EXPANDABLE: Record<string, EdgeSpec> = {
  ...feedEdges,
  // Edges whose answer is not a node list (a redirect, an error, a per-recipient lookup) are not expanded.
  ...Object.fromEntries(Object.entries(tableEdges).filter(([e]) => !['picture', 'threads', 'thread_owner'].includes(e))),
  personas: pageEdges.personas as EdgeSpec,
  leadgen_forms: pageEdges.leadgen_forms as EdgeSpec,
  subscribed_apps: pageEdges.subscribed_apps as EdgeSpec,
};

registerNodeType<PageRecord>({
  type: 'Page',
  op: 'page',
  find: (state, id) => getPage(state, id),
  fields: PAGE_FIELDS,
  defaultFields: ['name', 'id'],
  pageOf: (p) => p.id,
  GET: readPage,
  POST: updatePage,
  DELETE: (_g, id) => {
    throw new GraphError(100, `Unsupported delete request. Object with ID '${id}' does not support this operation.`, {
      subcode: 33,
      type: 'GraphMethodException',
    });
  },
  edges: { ...feedEdges, ...tableEdges, ...pageEdges },
});

/** Count of entries (removed ones included) on a Page's feed (used by describe()). */
export function feedCount(state: Parameters<typeof edgeIds>[0], pageId: string): number {
  return edgeIds(state, pageId, 'feed').length;
}
