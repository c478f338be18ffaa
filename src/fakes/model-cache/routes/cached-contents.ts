import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { type Api, invalidJsonError } from '../errors.js';
import { createCache, deleteCache, findCache, listCaches, liveCache, resolveExpiry, updateExpiry } from '../models/caches.js';
import { maskPaths, UPDATE_REQUEST, updatedExpiration, withoutEchoedExpireTime } from '../models/update.js';
import { checkCacheContents } from '../models/contents.js';
import { parseCachedContent } from '../models/parse.js';
import type { ModelCacheState } from '../models/state.js';
import type { ModelCacheOptions } from '../options.js';
import { renderCache } from '../render.js';
import { type Ctx, listQuery, resolveWire } from './wire.js';

function rejectInvalidJson(ctx: Ctx): void {
  if (ctx.req.bodyError === 'invalid-json') throw invalidJsonError();
}

function nameOf(ctx: Ctx, api: Api): string {
  const id = ctx.params.id as string;
  return api === 'vertex' ? `projects/${ctx.params.project}/locations/${ctx.params.location}/cachedContents/${id}` : `cachedContents/${id}`;
}

function create(api: Api) {
  return (ctx: Ctx) => {
    const w = resolveWire(ctx, api, 'CreateCachedContent', 'create', 'parent');
    rejectInvalidJson(ctx);
    const input = parseCachedContent(api, ctx.req.body, 'CreateCachedContentRequest');
    checkCacheContents(api, input.contents);
    const rec = ctx.update((d) => createCache(d, w, input, ctx.clock.nowMs(), w.version, ctx.req.rawBody.length));
    return json(200, renderCache(rec));
  };
}

function get(api: Api) {
  return (ctx: Ctx) => {
    const w = resolveWire(ctx, api, 'GetCachedContent', 'get', 'name');
    return json(200, renderCache(findCache(ctx.state, w, nameOf(ctx, api), ctx.clock.nowMs())));
  };
}

function update(api: Api) {
  return (ctx: Ctx) => {
    const w = resolveWire(ctx, api, 'UpdateCachedContent', 'update', 'name');
    rejectInvalidJson(ctx);
    const now = ctx.clock.nowMs();
    const name = nameOf(ctx, api);
    const mask = maskPaths(ctx.req.query.updateMask ?? ctx.req.query.update_mask);
    const current = liveCache(ctx.state, w, name, now);
    const body = mask === undefined ? withoutEchoedExpireTime(ctx.req.body, current) : ctx.req.body;
    const input = parseCachedContent(api, body, UPDATE_REQUEST);
    const expiration = updatedExpiration(api, body, input, mask, current);
    findCache(ctx.state, w, name, now);
    const expire = resolveExpiry(api, now, expiration, UPDATE_REQUEST);
    ctx.update((d) => {
      updateExpiry(d, w, name, expire, now);
    });
    return json(200, renderCache(findCache(ctx.state, w, name, now)));
  };
}

function remove(api: Api) {
  return (ctx: Ctx) => {
    const w = resolveWire(ctx, api, 'DeleteCachedContent', 'delete', 'name');
    const now = ctx.clock.nowMs();
    const name = nameOf(ctx, api);
    ctx.update((d) => deleteCache(d, w, name, now));
    return json(200, {});
  };
}

function list(api: Api) {
  return (ctx: Ctx) => {
    const w = resolveWire(ctx, api, 'ListCachedContents', 'list', 'parent');
    const { pageSize, pageToken } = listQuery(ctx, api, 'ListCachedContentsRequest');
    const page = listCaches(ctx.state, w.scope, ctx.clock.nowMs(), pageSize, pageToken);
    const body: Record<string, unknown> = {};
    if (page.items.length > 0) body.cachedContents = page.items.map(renderCache);
    if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
    return json(200, body);
  };
}

const VERTEX_COLLECTION = '/{version}/projects/{project}/locations/{location}/cachedContents';
const GEMINI_COLLECTION = '/{version}/cachedContents';

/** The cachedContents routes of both wires (Vertex AI and the Gemini API). */
export const cachedContentRoutes: ReadonlyArray<RouteSpec<ModelCacheState, ModelCacheOptions>> = [
  { method: 'POST', path: VERTEX_COLLECTION, operation: 'cachedContents/create', handler: create('vertex') },
  { method: 'GET', path: VERTEX_COLLECTION, operation: 'cachedContents/list', handler: list('vertex') },
  { method: 'GET', path: `${VERTEX_COLLECTION}/{id}`, operation: 'cachedContents/get', handler: get('vertex') },
  { method: 'PATCH', path: `${VERTEX_COLLECTION}/{id}`, operation: 'cachedContents/update', handler: update('vertex') },
  { method: 'DELETE', path: `${VERTEX_COLLECTION}/{id}`, operation: 'cachedContents/delete', handler: remove('vertex') },
  { method: 'POST', path: GEMINI_COLLECTION, operation: 'cachedContents/create', handler: create('gemini') },
  { method: 'GET', path: GEMINI_COLLECTION, operation: 'cachedContents/list', handler: list('gemini') },
  { method: 'GET', path: `${GEMINI_COLLECTION}/{id}`, operation: 'cachedContents/get', handler: get('gemini') },
  { method: 'PATCH', path: `${GEMINI_COLLECTION}/{id}`, operation: 'cachedContents/update', handler: update('gemini') },
  { method: 'DELETE', path: `${GEMINI_COLLECTION}/{id}`, operation: 'cachedContents/delete', handler: remove('gemini') },
];
