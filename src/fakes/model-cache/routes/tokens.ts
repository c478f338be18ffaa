import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { checkContents } from '../models/contents.js';
import { servedModel } from '../models/generate.js';
import { parseBody } from '../models/parse.js';
import type { ModelCacheState } from '../models/state.js';
import { computeTokens } from '../models/tokens.js';
import type { ModelCacheOptions } from '../options.js';
import { ComputeTokensRequestSchema } from '../schemas/tokens.js';
import { type Ctx, modelWire } from './wire.js';

const REQUEST = 'ComputeTokensRequest';

function compute(ctx: Ctx) {
  const w = modelWire(ctx, 'vertex', 'ComputeTokens', 'LlmUtilityService');
  const req = parseBody('vertex', ComputeTokensRequestSchema, ctx.req.body, '', REQUEST);
  servedModel(ctx.state, w, { model: ctx.params.model as string, publisher: ctx.params.publisher }, w.version, 'computeTokens');
  checkContents('vertex', req.contents, REQUEST);
  return json(200, { tokensInfo: computeTokens(req.contents ?? []) });
}

/** Vertex AI `:computeTokens` (the Gemini API has no such method: @google/genai refuses it there itself). */
export const tokenRoutes: ReadonlyArray<RouteSpec<ModelCacheState, ModelCacheOptions>> = [
  {
    method: 'POST',
    path: '/{version}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:computeTokens',
    operation: 'models/computeTokens',
    handler: compute,
  },
];
