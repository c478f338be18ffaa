import { json } from '../../../http/response.js';
import { renderFields, selectionOf } from '../models/fields.js';
import { listEdgeNodes } from '../models/edge-nodes.js';
import { draftPage, getPage, pageOf } from '../models/pages.js';
import { PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import { parseParams } from '../models/params.js';
import type { EdgeSpec, GraphContext } from '../models/registry.js';
import { requirePageAccess, requirePageRead } from '../models/tokens.js';
import { SubscribeSchema } from '../schemas/page-edges.js';
import type { PageRecord } from '../state.js';

const NEED = { tasks: ['MODERATE', 'MANAGE'], permissions: ['pages_manage_metadata'], pageToken: true } as const;

function appRow(g: GraphContext, page: PageRecord) {
  const appId = g.principal.appId;
  const fields = page.subscriptions[appId];
  if (fields === undefined) return [];
  const app = g.ctx.state.apps[appId];
  return [{ category: 'Business', link: `https://www.facebook.com/games/?app_id=${appId}`, name: app?.name ?? appId, id: appId, subscribed_fields: fields }];
}

/** subscribed_apps: GET answers only the calling app; POST validates fields against the Page webhook fields; DELETE unsubscribes. */
export const subscribedAppsEdge: EdgeSpec = {
  GET: (g, id) => {
    const page = pageOf(g, id);
    requirePageRead(g.ctx.state, g.principal, page);
    requirePageAccess(g.principal, page, { ...NEED, what: 'Reading subscribed apps' });
    // Only the calling app is ever listed, as Graph does.
    const rows = appRow(g, page);
    const source = {
      ids: rows.map((r) => r.id),
      get: (appId: string) => {
        const { id: _id, ...fields } = rows[0] as Record<string, unknown>;
        return { id: appId, type: 'Application', ownerId: id, fields };
      },
    };
    return json(200, listEdgeNodes(g, page, PAGE_EDGE_TABLE.subscribed_apps as PageEdgeRow, { source }));
  },
  POST: (g, id) => {
    const page = pageOf(g, id);
    requirePageRead(g.ctx.state, g.principal, page);
    requirePageAccess(g.principal, page, { ...NEED, what: 'Subscribing an app' });
    const p = parseParams(SubscribeSchema, g.params);
    g.ctx.update((d) => {
      (draftPage(d, id) as PageRecord).subscriptions[g.principal.appId] = [...new Set(p.subscribed_fields)];
    });
    if (g.params.fields !== undefined) {
      const row = appRow(g, getPage(g.ctx.state, id) as PageRecord)[0] ?? {};
      return json(200, {
        success: true,
        ...renderFields(
          { id: { type: 'id' }, name: { type: 'string' }, subscribed_fields: { type: 'list' }, category: { type: 'string' }, link: { type: 'string' } },
          'Application',
          { id: g.principal.appId, fields: row },
          selectionOf(g.params.fields, ['id']),
          g.read,
        ),
      });
    }
    return json(200, { success: true });
  },
  DELETE: (g, id) => {
    const page = pageOf(g, id);
    requirePageAccess(g.principal, page, { ...NEED, what: 'Unsubscribing an app' });
    g.ctx.update((d) => {
      delete (draftPage(d, id) as PageRecord).subscriptions[g.principal.appId];
    });
    return json(200, { success: true });
  },
};
