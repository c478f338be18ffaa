import type { Draft } from 'immer';
import { nextId } from '../../../store/ids.js';
import { graphErrors } from '../errors.js';
import { EDGE_NODE_EDGES, type PageEdgeRow } from '../schemas/page-edge-table.js';
import type { ObjectRecord, PageRecord, SocialGraphState } from '../state.js';
import { type FieldSpec, type FieldTable, type Selected, checkSelection, formatFields, renderFields, selectionOf, toGraphTime } from './fields.js';
import { PAGE_FIELDS } from './page-field-table.js';
import { type IdSeq, appendId } from './id-list.js';
import { draftPage, edgeIds, edgeList, getPage } from './pages.js';
import { tableGet, tableSet } from '../../../store/table.js';
import { pageIds, pagedBody, readLimit } from './paging.js';
import type { GraphContext } from './registry.js';
import { requirePageRead } from './tokens.js';

/** Profile fields that carry user information: answered only to a Page token of the Page (reviewer, from, participants, ...). */
export const USER_INFO_FIELDS = new Set(['from', 'reviewer', 'participants', 'senders', 'former_participants', 'admin_creator', 'to']);

/** Whether the caller holds a Page token of this Page (or is a lenient full-rights caller). */
export function hasPageToken(g: GraphContext, pageId: string): boolean {
  const rec = g.principal.record;
  return !rec || (rec.type === 'page' && pageId in rec.tasks);
}

/** Whether the caller holds a task on this Page through a user or Page token. */
export function hasRole(g: GraphContext, pageId: string): boolean {
  const rec = g.principal.record;
  return !rec || (rec.type !== 'app' && (rec.tasks[pageId]?.length ?? 0) > 0);
}

/**
 * Checks who may read an edge: everyone who can read the Page, role holders, or a Page token of the
 * Page only (edges listing people, messaging edges: Graph's `(#190) This method must be called with a
 * Page Access Token` for any other token), each with Graph's own error.
 */
export function requireEdgeRead(g: GraphContext, page: PageRecord, row: Pick<PageEdgeRow, 'edge' | 'access'>): void {
  requirePageRead(g.ctx.state, g.principal, page);
  if (row.access === 'role' && !hasRole(g, page.id)) {
    throw graphErrors.permission(`Reading the ${row.edge} edge requires a Page or user access token with a task on Page ${page.id}`);
  }
  if (row.access === 'pageToken' && !hasPageToken(g, page.id)) throw graphErrors.pageTokenRequired();
}

/** A stored value in its read shape: instants under a `*_time` key (epoch ms, a Date or an ISO string) as Graph's `+0000` string. */
function readValue(name: string, value: unknown): unknown {
  if (name.endsWith('_time') || name === 'created' || name === 'last_updated') return toGraphTime(value);
  return value;
}

const tables = new Map<string, FieldTable<ObjectRecord>>();

/**
 * A field of a node that is an edge of its own (a conversation's `messages`): read like the edge
 * (`/{conversation-id}/messages`), with its modifiers (`messages.limit(1)`, `.after(<cursor>)`,
 * `.before(...)`), its sub-selection checked against its node type, and Graph's `{ data, paging }`.
 */
function nestedEdge(child: PageEdgeRow): FieldSpec<ObjectRecord> {
  return {
    type: 'object',
    modifiers: ['limit', 'after', 'before'],
    select: (o, sel, r) => {
      const selection = sel.sub && sel.sub.length > 0 ? sel.sub : selectionOf(undefined, child.defaults);
      const table = edgeFieldTable(child);
      checkSelection(table, child.nodeType, selection);
      const limit = readLimit(sel.args.limit);
      const w = pageIds(edgeIds(r.state, o.id, child.edge), {
        scope: `${o.id}/${child.edge}`,
        limit,
        after: sel.args.after,
        before: sel.args.before,
        newestFirst: !child.oldestFirst,
      });
      const data = w.ids.map((id) => {
        const row = renderFields(table, child.nodeType, tableGet(r.state.objects, id) as ObjectRecord, selection, r);
        if (!child.fields.includes('id')) delete row.id;
        return row;
      });
      const path = `${r.version ? `/${r.version}` : ''}/${o.id}/${child.edge}`;
      const query: Record<string, string> = sel.sub ? { fields: formatFields(sel.sub) } : {};
      return pagedBody({ baseUrl: r.baseUrl ?? 'https://graph.facebook.com', path, query, accessToken: r.token ?? null, limit }, w, data);
    },
  };
}

/** The field table of a row's node type (built once per edge). */
export function edgeFieldTable(row: PageEdgeRow): FieldTable<ObjectRecord> {
  let t = tables.get(row.edge);
  if (!t) {
    const children = Object.hasOwn(EDGE_NODE_EDGES, row.edge) ? EDGE_NODE_EDGES[row.edge] : undefined;
    const entries = row.fields.map((name): [string, FieldSpec<ObjectRecord>] => [
      name,
      children && Object.hasOwn(children, name)
        ? nestedEdge(children[name] as PageEdgeRow)
        : {
            type: 'object',
            read:
              name === 'id'
                ? (o) => o.id
                : (o, r) => {
                    const value = readValue(name, o.fields[name]);
                    return USER_INFO_FIELDS.has(name) && !pageTokenRead(r, o.ownerId) ? pageOwnedPart(r.state, value) : value;
                  },
          },
    ]);
    t = Object.fromEntries(entries);
    tables.set(row.edge, t);
  }
  return t;
}

/**
 * What of a profile field a caller without a Page token sees: Pages are Page-owned data (a photo's
 * `from` is the Page), people are user information. A profile `{ id, name }` answers when it is a Page;
 * a list `{ data: [...] }` keeps its Pages; anything else is left out.
 */
function pageOwnedPart(state: SocialGraphState, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const isPage = (v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' && getPage(state, (v as { id: string }).id) !== undefined;
  const data = (value as { data?: unknown }).data;
  if (Array.isArray(data)) return { ...(value as object), data: data.filter(isPage) };
  return isPage(value) ? value : undefined;
}

/** Field readers see the principal: user information needs a Page token of the owning Page. */
function pageTokenRead(r: { principal: unknown }, pageId: string): boolean {
  const rec = (r.principal as { record?: { type: string; tasks: Record<string, unknown> } | null }).record;
  return !rec || (rec.type === 'page' && pageId in rec.tasks);
}

/** The `fields=` selection of an edge read, checked against its node type (also when the edge is empty). */
export function edgeSelection(g: GraphContext, row: PageEdgeRow): Selected[] {
  const sel = selectionOf(g.params.fields, row.defaults);
  if (row.nodeType === 'Page') checkSelection(PAGE_FIELDS, 'Page', sel);
  else checkSelection(edgeFieldTable(row), row.nodeType, sel);
  return sel;
}

/** Where a listing's rows come from when not from `state.edges` / `state.objects` (rows kept on the Page record). */
export interface RowSource {
  /** Ordered ids (a chunked edge list or a small array); `''` marks a removed entry. */
  ids: IdSeq;
  get(id: string): ObjectRecord | undefined;
}

/**
 * Reads one page of an edge of a node (a Page, or an edge node such as a conversation's `messages`):
 * Graph's `{ data, paging }` with cursors, `limit` and `paging.next`, each row rendered with the
 * `fields=` selection of its node type. `include` filters rows (insights by metric and period),
 * `includeId` by id; `source` lists rows kept elsewhere (assigned users, locations).
 * @example return json(200, listEdgeNodes(g, page, PAGE_EDGE_TABLE.photos))
 */
export function listEdgeNodes(
  g: GraphContext,
  page: { readonly id: string },
  row: PageEdgeRow,
  opts: { include?: (o: ObjectRecord) => boolean; includeId?: (id: string) => boolean; source?: RowSource } = {},
): Record<string, unknown> {
  const selection = edgeSelection(g, row);
  const limit = readLimit(g.params.limit);
  const state = g.ctx.state;
  const get = opts.source ? opts.source.get : (id: string) => tableGet(state.objects, id);
  const include = opts.include;
  const w = pageIds(opts.source ? opts.source.ids : edgeIds(state, page.id, row.edge), {
    scope: `${page.id}/${row.edge}`,
    limit,
    after: g.params.after,
    before: g.params.before,
    newestFirst: !row.oldestFirst,
    ...(include || opts.includeId ? { include: (id: string) => (opts.includeId?.(id) ?? true) && (!include || include(get(id) as ObjectRecord)) } : {}),
  });
  const data = w.ids.map((id) => {
    if (row.nodeType === 'Page') {
      const other = getPage(state, id);
      return other ? renderFields(PAGE_FIELDS, 'Page', other, selection, g.read) : { id };
    }
    const out = renderFields(edgeFieldTable(row), row.nodeType, get(id) as ObjectRecord, selection, g.read);
    // The stored id keys the cursor; node types without an id field answer none.
    if (!row.fields.includes('id')) delete out.id;
    return out;
  });
  const path = `${g.version ? `/${g.version}` : ''}/${page.id}/${row.edge}`;
  return pagedBody({ baseUrl: g.ctx.baseUrl, path, query: g.ctx.req.query, accessToken: g.principal.token, limit }, w, data);
}

/** Adds a node to a Page edge in a draft (seeding); returns its id. Objects get ids from the `object` counter. */
export function addEdgeNode(
  draft: Draft<SocialGraphState>,
  pageId: string,
  row: Pick<PageEdgeRow, 'edge' | 'kind' | 'nodeType'>,
  fields: Record<string, unknown>,
  id?: string,
): string {
  if (row.kind === 'pages') {
    if (id === undefined || !draftPage(draft, id)) throw new Error(`stuntdouble: the ${row.edge} edge lists Pages: pass the id of a seeded Page`);
    appendId(edgeList(draft, pageId, row.edge), id);
    return id;
  }
  const oid = id ?? String(nextId(draft.counters, 'object', 300_000_000_000_000));
  tableSet(draft.objects, oid, { id: oid, type: row.nodeType, ownerId: pageId, fields });
  appendId(edgeList(draft, pageId, row.edge), oid);
  return oid;
}
