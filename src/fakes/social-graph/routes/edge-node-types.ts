/**
 * Edge nodes readable by their own id: every node a Page edge of the edge table stores with an id
 * (a photo, video, live video, album, conversation, tab, persona, ...) and a conversation's messages
 * answer `GET /{id}` with the `fields=` selection of their node type, under the same token rule as
 * the edge they are on. One generic node type per node type of the table, found by id in O(1)
 * (`state.objects` is keyed by id); no per-type handlers.
 */
import { json } from '../../../http/response.js';
import { tableGet } from '../../../store/table.js';
import { unsupportedRequest } from '../errors.js';
import { edgeFieldTable, edgeSelection, listEdgeNodes, requireEdgeRead } from '../models/edge-nodes.js';
import { renderFields } from '../models/fields.js';
import { getPage } from '../models/pages.js';
import { type EdgeSpec, type GraphContext, type GraphHandler, registerNodeType } from '../models/registry.js';
import { EDGE_NODE_EDGES, MESSAGE_ROW, PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import type { ObjectRecord, PageRecord } from '../state.js';

/** Node types served elsewhere (roles list people: `/{user-id}` is the User node). */
const SERVED_ELSEWHERE = new Set(['User', 'Page', 'PagePost', 'LeadgenForm']);

/** Route names the Graph reference uses where they differ from the node type's (`/{video-id}`, `/{conversation-id}`). */
const ROUTE_NAME: Readonly<Record<string, string>> = { AdVideo: 'video', UnifiedThread: 'conversation' };

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The edge node, its Page and the rule of its edge, checked (O(1)). */
function nodeAndPage(g: GraphContext, id: string, row: PageEdgeRow): { node: ObjectRecord; page: PageRecord } {
  const node = tableGet(g.ctx.state.objects, id);
  const page = node ? getPage(g.ctx.state, node.ownerId) : undefined;
  if (!node || !page) throw unsupportedRequest('GET', id);
  requireEdgeRead(g, page, row);
  return { node, page };
}

function readNode(row: PageEdgeRow): GraphHandler {
  return (g, id) => {
    const selection = edgeSelection(g, row);
    const { node } = nodeAndPage(g, id, row);
    const out = renderFields(edgeFieldTable(row), row.nodeType, node, selection, g.read);
    if (!row.fields.includes('id')) delete out.id;
    return json(200, out);
  };
}

/** An edge of an edge node (`/{conversation-id}/messages`): the parent's rule, then the paged list. */
function readChildEdge(parent: PageEdgeRow, child: PageEdgeRow): EdgeSpec {
  return {
    GET: (g, id) => {
      nodeAndPage(g, id, parent);
      return json(200, listEdgeNodes(g, { id }, child));
    },
    ...(parent.edge === 'conversations' ? { limitFamily: 'messaging' as const } : {}),
  };
}

function register(row: PageEdgeRow, edges: Record<string, EdgeSpec>): void {
  const name = ROUTE_NAME[row.nodeType] ?? kebab(row.nodeType);
  registerNodeType<ObjectRecord>({
    type: row.nodeType,
    op: camel(name),
    route: `{${name}-id}`,
    find: (state, id) => {
      const o = tableGet(state.objects, id);
      return o?.type === row.nodeType ? o : undefined;
    },
    fields: edgeFieldTable(row),
    defaultFields: row.defaults,
    pageOf: (o) => o.ownerId,
    GET: readNode(row),
    edges,
  });
}

/** Rows whose stored nodes have ids of their own: generic object rows and personas (written by the API). */
const BY_ID = Object.values(PAGE_EDGE_TABLE).filter(
  (r) => (r.kind === 'objects' || r.edge === 'personas') && r.fields.includes('id') && !SERVED_ELSEWHERE.has(r.nodeType),
);

for (const row of BY_ID) {
  const children = EDGE_NODE_EDGES[row.edge] ?? {};
  register(row, Object.fromEntries(Object.entries(children).map(([edge, child]) => [edge, readChildEdge(row, child)])));
}
register(MESSAGE_ROW, {});
