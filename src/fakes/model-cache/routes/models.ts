import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { googleError } from '../errors.js';
import { getModel, listModels } from '../models/registry.js';
import type { ModelCacheState } from '../models/state.js';
import type { ModelCacheOptions } from '../options.js';
import { type Ctx, listQuery, resolveWire } from './wire.js';

function get(ctx: Ctx) {
  // `GET /v1beta/models/x:generateContent` is a custom method sent with the wrong verb, not a model id.
  if ((ctx.params.model as string).includes(':')) {
    ctx.meta.noMethod = true;
    throw googleError('NOT_FOUND', 'Method not found.');
  }
  const w = resolveWire(ctx, 'gemini', 'GetModel', 'get', 'name', undefined, 'ModelService');
  return json(200, getModel(ctx.state, ctx.params.model as string, w.version));
}

function list(ctx: Ctx) {
  resolveWire(ctx, 'gemini', 'ListModels', 'list', 'name', undefined, 'ModelService');
  const { pageSize, pageToken } = listQuery(ctx, 'gemini', 'ListModelsRequest');
  return json(200, listModels(ctx.state, pageSize, pageToken));
}

/** The Gemini API's model list: `GET /{version}/models` and `GET /{version}/models/{model}`. */
export const modelRoutes: ReadonlyArray<RouteSpec<ModelCacheState, ModelCacheOptions>> = [
  { method: 'GET', path: '/{version}/models', operation: 'models/list', handler: list },
  { method: 'GET', path: '/{version}/models/{model}', operation: 'models/get', handler: get },
];
