import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { graphErrors, unsupportedRequest } from '../errors.js';
import { type FieldTable, renderFields, selectionOf } from '../models/fields.js';
import type { GraphRouteContext } from '../models/registry.js';
import { gBool, gUrl } from '../schemas/coerce.js';
import type { SocialGraphOptions } from '../options.js';
import type { SharedUrlRecord, SocialGraphState } from '../state.js';
import { graphContext } from './context.js';
import { tableGet, tableSet } from '../../../store/table.js';

/** The URL node's fields as a typed field table. */
export const URL_FIELDS: FieldTable<SharedUrlRecord> = {
  id: { type: 'string', read: (u) => u.id },
  engagement: { type: 'object', read: (u) => u.engagement },
  og_object: { type: 'object', read: (u) => u.og_object ?? undefined },
  app_links: { type: 'object', read: (u) => u.app_links ?? undefined },
};

/** A URL the fake has not seen: zero engagement, an og_object derived from the URL. */
export function unseenUrl(url: string, now: number): SharedUrlRecord {
  return {
    id: url,
    engagement: { reaction_count: 0, comment_count: 0, share_count: 0, comment_plugin_count: 0 },
    og_object: { id: String(1e15 + (hash(url) % 1e14)), title: url, type: 'website', updated_time: new Date(now).toISOString().replace(/\.\d{3}Z$/, '+0000') },
    app_links: null,
    scrapedAt: null,
    reachable: true,
  };
}

function hash(s: string): number {
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

function urlParam(ctx: GraphRouteContext, params: Record<string, unknown>): string {
  const id = params.id;
  if (typeof id !== 'string' || id === '') throw graphErrors.param('The parameter id is required');
  if (!gUrl.safeParse(id).success) throw unsupportedRequest(ctx.req.method, id);
  return id;
}

type R = RouteSpec<SocialGraphState, SocialGraphOptions>;

/** The shared-URL node: `GET /?id={url}` (any token) and `POST /?id={url}&scrape=true`; nothing else. */
export function sharedUrlRoute(): R[] {
  return [
    {
      method: 'GET',
      path: '/',
      operation: 'url.get',
      handler: (ctx) => {
        const g = graphContext(ctx, null, 'url.get');
        const url = urlParam(ctx, g.params);
        const rec = tableGet(ctx.state.urls, url) ?? unseenUrl(url, g.now);
        return json(200, renderFields(URL_FIELDS, 'URL', rec, selectionOf(g.params.fields, ['og_object', 'id']), g.read));
      },
    },
    {
      method: 'POST',
      path: '/',
      operation: 'url.scrape',
      handler: (ctx) => {
        const g = graphContext(ctx, null, 'url.scrape');
        const url = urlParam(ctx, g.params);
        const scrape = gBool.safeParse(g.params.scrape);
        if (!scrape.success || scrape.data !== true) throw graphErrors.param('Param scrape must be true: the URL object can only be re-scraped');
        ctx.update((d) => {
          if (!tableGet(d.urls, url)) tableSet(d.urls, url, unseenUrl(url, g.now));
          const rec = tableGet(d.urls, url) as SharedUrlRecord;
          rec.scrapedAt = g.now;
          if (rec.og_object) rec.og_object.updated_time = new Date(g.now).toISOString().replace(/\.\d{3}Z$/, '+0000');
        });
        if (g.params.fields !== undefined)
          return json(200, {
            success: true,
            ...renderFields(URL_FIELDS, 'URL', tableGet(ctx.state.urls, url) as SharedUrlRecord, selectionOf(g.params.fields, ['id']), g.read),
          });
        return json(200, { success: true });
      },
    },
    {
      method: 'DELETE',
      path: '/',
      operation: 'url.delete',
      handler: (ctx) => {
        const g = graphContext(ctx, null, 'url.delete');
        throw unsupportedRequest('DELETE', String(g.params.id ?? ''));
      },
    },
  ];
}
