import { json } from '../../../http/response.js';
import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { type Api, fieldError } from '../errors.js';
import { modalityDetails } from '../models/usage.js';
import {
  billableCharacters,
  countBreakdown,
  promptModalities,
  promptTokens,
  recordCacheUse,
  renderChunks,
  renderResponse,
  resolveCacheUse,
  servedModel,
  toSse,
} from '../models/generate.js';
import { planReply } from '../models/plan.js';
import { checkContents, checkTurns } from '../models/contents.js';
import { parseBody } from '../models/parse.js';
import type { ModelCacheState } from '../models/state.js';
import type { ModelCacheOptions } from '../options.js';
import { GeminiCountTokensSchema, GenerateContentRequestSchema, VertexCountTokensSchema } from '../schemas/generate.js';
import { type Ctx, modelWire } from './wire.js';

const GENERATE_REQUEST = 'GenerateContentRequest';
const COUNT_REQUEST = 'CountTokensRequest';

function generate(api: Api, stream: boolean) {
  return (ctx: Ctx): FakeResponse => {
    const w = modelWire(ctx, api, stream ? 'StreamGenerateContent' : 'GenerateContent');
    const req = parseBody(api, GenerateContentRequestSchema, ctx.req.body, '', GENERATE_REQUEST);
    const model = servedModel(
      ctx.state,
      w,
      { model: ctx.params.model as string, publisher: ctx.params.publisher },
      w.version,
      stream ? 'streamGenerateContent' : 'generateContent',
    );
    checkContents(api, req.contents, GENERATE_REQUEST);
    checkTurns(req.contents ?? [], req.cachedContent !== undefined && req.cachedContent !== '');
    const now = ctx.clock.nowMs();
    const cache = resolveCacheUse(ctx.state, w, model, req, now);
    if (cache) {
      ctx.meta.tags.push(`cachedContent=${cache.name}`);
      if (cache.usesLeft !== undefined) ctx.update((d) => recordCacheUse(d, cache.name, now));
    }
    const plan = planReply({ api, model, req, cache, replies: ctx.state.replies, seq: ctx.seq, now });
    if (!stream) return json(200, renderResponse(plan));
    const chunks = renderChunks(plan);
    // `alt=sse` (what @google/genai asks for) streams server-sent events; without it the real service sends one JSON array.
    if (ctx.req.query.alt === 'sse') return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: toSse(chunks) };
    return json(200, chunks);
  };
}

function countTokens(api: Api) {
  return (ctx: Ctx): FakeResponse => {
    const w = modelWire(ctx, api, 'CountTokens');
    const now = ctx.clock.nowMs();
    if (api === 'vertex') {
      const req = parseBody(api, VertexCountTokensSchema, ctx.req.body, '', COUNT_REQUEST);
      servedModel(ctx.state, w, { model: ctx.params.model as string, publisher: ctx.params.publisher }, w.version, 'countTokens');
      if (req.instances === undefined) checkContents(api, req.contents, COUNT_REQUEST);
      const total = promptTokens(req, undefined);
      return json(200, {
        totalTokens: total,
        totalBillableCharacters: billableCharacters(req),
        promptTokensDetails: modalityDetails(promptModalities(req, undefined)),
      });
    }
    const req = parseBody(api, GeminiCountTokensSchema, ctx.req.body, '', COUNT_REQUEST);
    const model = servedModel(ctx.state, w, { model: ctx.params.model as string }, w.version, 'countTokens');
    if (req.contents !== undefined && req.generateContentRequest !== undefined)
      throw fieldError(api, 'generate_content_request', 'contents and generate_content_request are mutually exclusive; set only one.', COUNT_REQUEST);
    const gcr = req.generateContentRequest;
    checkContents(api, gcr ? gcr.contents : req.contents, COUNT_REQUEST);
    const cache = gcr ? resolveCacheUse(ctx.state, w, model, gcr, now) : undefined;
    if (cache) ctx.meta.tags.push(`cachedContent=${cache.name}`);
    const total = promptTokens(gcr ?? { contents: req.contents }, cache);
    const body: Record<string, unknown> = { totalTokens: total };
    if (cache) body.cachedContentTokenCount = cache.usage.totalTokenCount;
    Object.assign(body, countBreakdown(gcr ?? { contents: req.contents }));
    body.promptTokensDetails = modalityDetails(promptModalities(gcr ?? { contents: req.contents }, cache));
    if (cache) body.cacheTokensDetails = modalityDetails(promptModalities({ contents: [] }, cache));
    return json(200, body);
  };
}

const VERTEX_MODEL = '/{version}/projects/{project}/locations/{location}/publishers/{publisher}/models/{model}';
const GEMINI_MODEL = '/{version}/models/{model}';

/** generateContent, streamGenerateContent and countTokens on both wires. */
export const generateRoutes: ReadonlyArray<RouteSpec<ModelCacheState, ModelCacheOptions>> = [
  { method: 'POST', path: `${VERTEX_MODEL}:generateContent`, operation: 'models/generateContent', handler: generate('vertex', false) },
  { method: 'POST', path: `${VERTEX_MODEL}:streamGenerateContent`, operation: 'models/streamGenerateContent', handler: generate('vertex', true) },
  { method: 'POST', path: `${VERTEX_MODEL}:countTokens`, operation: 'models/countTokens', handler: countTokens('vertex') },
  { method: 'POST', path: `${GEMINI_MODEL}:generateContent`, operation: 'models/generateContent', handler: generate('gemini', false) },
  { method: 'POST', path: `${GEMINI_MODEL}:streamGenerateContent`, operation: 'models/streamGenerateContent', handler: generate('gemini', true) },
  { method: 'POST', path: `${GEMINI_MODEL}:countTokens`, operation: 'models/countTokens', handler: countTokens('gemini') },
];
