import { json } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { embedBatch, embeddingModel, embedOne, predictEmbeddings } from '../models/embeddings.js';
import { parseBody } from '../models/parse.js';
import type { ModelCacheState } from '../models/state.js';
import type { ModelCacheOptions } from '../options.js';
import { BatchEmbedContentsRequestSchema, EmbedContentRequestSchema, VertexPredictRequestSchema } from '../schemas/embeddings.js';
import { type Ctx, modelWire } from './wire.js';

function embedContent(ctx: Ctx) {
  const w = modelWire(ctx, 'gemini', 'EmbedContent');
  const req = parseBody('gemini', EmbedContentRequestSchema, ctx.req.body, '', 'EmbedContentRequest');
  const model = embeddingModel(ctx.state, w, ctx.params.model as string, w.version, 'embedContent');
  return json(200, embedOne(model, `models/${model.id}`, req));
}

function batchEmbedContents(ctx: Ctx) {
  const w = modelWire(ctx, 'gemini', 'BatchEmbedContents');
  const req = parseBody('gemini', BatchEmbedContentsRequestSchema, ctx.req.body, '', 'BatchEmbedContentsRequest');
  const model = embeddingModel(ctx.state, w, ctx.params.model as string, w.version, 'batchEmbedContents');
  return json(200, embedBatch(model, `models/${model.id}`, req.requests));
}

function predict(ctx: Ctx) {
  const w = modelWire(ctx, 'vertex', 'Predict');
  const req = parseBody('vertex', VertexPredictRequestSchema, ctx.req.body, '', 'PredictRequest');
  const model = embeddingModel(ctx.state, w, ctx.params.model as string, w.version, 'predict', ctx.params.publisher);
  return json(200, predictEmbeddings(model, req));
}

/** Embeddings: the Gemini API's `:embedContent` and `:batchEmbedContents`, Vertex AI's `:predict` of a text-embedding model. */
export const embeddingRoutes: ReadonlyArray<RouteSpec<ModelCacheState, ModelCacheOptions>> = [
  { method: 'POST', path: '/{version}/models/{model}:embedContent', operation: 'models/embedContent', handler: embedContent },
  { method: 'POST', path: '/{version}/models/{model}:batchEmbedContents', operation: 'models/batchEmbedContents', handler: batchEmbedContents },
  {
    method: 'POST',
    path: '/{version}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}:predict',
    operation: 'models/predict',
    handler: predict,
  },
];
