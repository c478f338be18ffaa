import { type Api, fieldError, GoogleError, googleError } from '../errors.js';
import { type Content, EMPTY_PART_MESSAGE, isEmptyPart } from '../schemas/cached-content.js';
import { type EmbedContentRequest, TASK_TYPES, type VertexPredictRequest } from '../schemas/embeddings.js';
import type { Placement } from './caches.js';
import type { ModelCacheState } from './state.js';
import { TOKEN_RULE } from './usage.js';

/** A published text-embedding model: its full vector size, its input limit and the wires that serve it. */
export interface EmbeddingModel {
  readonly id: string;
  /** Values in a full-size vector (the default `outputDimensionality`). */
  readonly dimensions: number;
  /** Input tokens per text; longer text is truncated (or refused on Vertex with `autoTruncate: false`). */
  readonly maxTokens: number;
  readonly apis: readonly Api[];
  /** Instances one Vertex `:predict` call may carry. */
  readonly maxInstances: number;
}

/**
 * The text-embedding models the fake serves, as published: gemini-embedding-001 (3,072 values, one
 * text per Vertex request), text-embedding-004 (768), and on Vertex AI text-embedding-005 and
 * text-multilingual-embedding-002 (768); 2,048 input tokens each.
 */
export const EMBEDDING_MODELS: readonly EmbeddingModel[] = [
  { id: 'gemini-embedding-001', dimensions: 3072, maxTokens: 2048, apis: ['gemini', 'vertex'], maxInstances: 1 },
  { id: 'text-embedding-004', dimensions: 768, maxTokens: 2048, apis: ['gemini', 'vertex'], maxInstances: 250 },
  { id: 'text-embedding-005', dimensions: 768, maxTokens: 2048, apis: ['vertex'], maxInstances: 250 },
  { id: 'text-multilingual-embedding-002', dimensions: 768, maxTokens: 2048, apis: ['vertex'], maxInstances: 250 },
];

const BY_ID = new Map(EMBEDDING_MODELS.map((m) => [m.id, m]));

/** Requests one `:batchEmbedContents` call may carry on the Gemini API. */
export const MAX_BATCH_REQUESTS = 100;

/** Gemini served through Vertex `:predict`: the real 400. */
export const GEMINI_VIA_PREDICT =
  'Gemini cannot be accessed through Vertex Predict/RawPredict API. Please follow https://cloud.google.com/vertex-ai/docs/generative-ai/start/quickstarts/quickstart-multimodal for Gemini usage.';

/**
 * The embedding model a call's URL names, or the wire's not-found: the Gemini API "models/x is not
 * found for API version v1beta, or is not supported for embedContent. ...", Vertex "Publisher Model
 * `...` not found."; a Gemini model sent to Vertex `:predict` answers the real 400 FAILED_PRECONDITION.
 */
export function embeddingModel(state: ModelCacheState, at: Placement, id: string, version: string, method: string, publisher = 'google'): EmbeddingModel {
  const m = BY_ID.get(id);
  if (m?.apis.includes(at.api) && !state.unavailableModels[id] && publisher === 'google') return m;
  if (at.api === 'gemini')
    throw googleError(
      'NOT_FOUND',
      `models/${id} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
    );
  if (publisher === 'google' && Object.hasOwn(state.models, id) && !state.unavailableModels[id])
    throw new GoogleError('FAILED_PRECONDITION', GEMINI_VIA_PREDICT);
  throw googleError('NOT_FOUND', `Publisher Model \`projects/${at.project}/locations/${at.location}/publishers/${publisher}/models/${id}\` not found.`);
}

/** 32-bit FNV-1a of a string's UTF-8 bytes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, 'utf8')) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The embedding of a text: a unit vector of the model's full size, seeded by a hash of the model id and
 * the text (the same text always gets the same vector, different texts practically never), cut to the
 * first `dimensions` values when a smaller `outputDimensionality` is asked for (as Matryoshka-trained
 * models are truncated: only the full-size vector has length 1). Values are float32, as the service sends.
 */
export function embeddingValues(model: EmbeddingModel, text: string, dimensions = model.dimensions): number[] {
  const next = generator(hash(`${model.id}\u0000${text}`));
  const full: number[] = new Array(model.dimensions);
  let norm = 0;
  for (let i = 0; i < model.dimensions; i++) {
    // Box-Muller: normal values make a direction uniform on the sphere.
    const v = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    full[i] = v;
    norm += v * v;
  }
  const scale = 1 / Math.sqrt(norm);
  return full.slice(0, dimensions).map((v) => Math.fround(v * scale));
}

/** Tokens of a text by the counting rule countTokens uses (4 characters a token). */
export const textTokens = (text: string) => Math.ceil([...text].length / TOKEN_RULE.charsPerToken);

/** A text cut to the model's input limit, and whether it was cut. */
export function truncateText(model: EmbeddingModel, text: string): { text: string; truncated: boolean; tokens: number } {
  const chars = [...text];
  const max = model.maxTokens * TOKEN_RULE.charsPerToken;
  if (chars.length <= max) return { text, truncated: false, tokens: textTokens(text) };
  return { text: chars.slice(0, max).join(''), truncated: true, tokens: model.maxTokens };
}

/** Checks one Gemini API request's content and dimension; returns its text (the text parts joined by newlines). */
function geminiText(model: EmbeddingModel, urlModel: string, req: EmbedContentRequest, prefix: string, request: string): string {
  if (req.model !== undefined && req.model !== urlModel && req.model !== urlModel.slice('models/'.length))
    throw fieldError('gemini', `${prefix}model`, `model '${req.model}' does not match the model in the URL, '${urlModel}'.`, request);
  const content: Content | undefined = req.content;
  if (!content || content.parts.length === 0) throw fieldError('gemini', `${prefix}content.parts`, 'contents.parts must not be empty.', request);
  const texts: string[] = [];
  content.parts.forEach((p, j) => {
    if (isEmptyPart(p)) throw fieldError('gemini', `${prefix}content.parts[${j}].data`, EMPTY_PART_MESSAGE, request);
    if (p.text === undefined) throw fieldError('gemini', `${prefix}content.parts[${j}]`, `${model.id} embeds text parts only.`, request);
    texts.push(p.text);
  });
  checkDimension('gemini', model, req.outputDimensionality, `${prefix}output_dimensionality`, request);
  return texts.join('\n');
}

/** `outputDimensionality`: unset or 0 is the full size; otherwise 1 to the model's size. */
function checkDimension(api: Api, model: EmbeddingModel, d: number | undefined, field: string, request: string): void {
  if (d === undefined || d === 0 || (d >= 1 && d <= model.dimensions)) return;
  const text = `output_dimensionality must be between 1 and ${model.dimensions} for ${model.id}, got ${d}.`;
  throw api === 'gemini' ? fieldError('gemini', field, text, request) : googleError('INVALID_ARGUMENT', text);
}

/** The Gemini API `:embedContent` answer: `{ embedding: { values } }`. */
export function embedOne(model: EmbeddingModel, urlModel: string, req: EmbedContentRequest): { embedding: { values: number[] } } {
  const text = geminiText(model, urlModel, req, '', 'EmbedContentRequest');
  return { embedding: { values: embeddingValues(model, truncateText(model, text).text, req.outputDimensionality || model.dimensions) } };
}

/** The Gemini API `:batchEmbedContents` answer: `{ embeddings: [{ values }] }`, one per request, in order. */
export function embedBatch(
  model: EmbeddingModel,
  urlModel: string,
  requests: readonly EmbedContentRequest[] | undefined,
): { embeddings: Array<{ values: number[] }> } {
  const request = 'BatchEmbedContentsRequest';
  if (!requests || requests.length === 0) throw fieldError('gemini', 'requests', 'requests must not be empty.', request);
  if (requests.length > MAX_BATCH_REQUESTS) throw fieldError('gemini', 'requests', `at most ${MAX_BATCH_REQUESTS} requests can be in one batch.`, request);
  const texts = requests.map((r, i) => geminiText(model, urlModel, r, `requests[${i}].`, request));
  return {
    embeddings: texts.map((t, i) => ({ values: embeddingValues(model, truncateText(model, t).text, requests[i]?.outputDimensionality || model.dimensions) })),
  };
}

const TASKS = new Set<string>(TASK_TYPES);
const LEARN_TOKENS = 'Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/embeddings/get-text-embeddings';

/**
 * The Vertex AI `:predict` answer of a text-embedding model: per instance `embeddings` with
 * `statistics` (`token_count`, `truncated`) then `values`, and `metadata.billableCharacterCount` (the
 * characters of all contents, whitespace excluded), key for key as the service sends them.
 */
export function predictEmbeddings(model: EmbeddingModel, req: VertexPredictRequest): Record<string, unknown> {
  const instances = req.instances ?? [];
  if (instances.length === 0) throw googleError('INVALID_ARGUMENT', 'The request must contain at least one instance.');
  if (instances.length > model.maxInstances)
    throw googleError('INVALID_ARGUMENT', `The maximum number of instances for ${model.id} is ${model.maxInstances}, got ${instances.length}.`);
  const d = req.parameters?.outputDimensionality;
  checkDimension('vertex', model, d, 'parameters.outputDimensionality', 'PredictRequest');
  const autoTruncate = req.parameters?.autoTruncate ?? true;
  let billable = 0;
  const predictions = instances.map((inst, i) => {
    if (inst.taskType !== undefined && !TASKS.has(inst.taskType))
      throw googleError('INVALID_ARGUMENT', `instances[${i}].task_type '${inst.taskType}' is not one of ${TASK_TYPES.slice(1).join(', ')}.`);
    const content = inst.content ?? '';
    if (content.trim() === '') throw googleError('INVALID_ARGUMENT', 'The text content is empty.');
    const cut = truncateText(model, content);
    if (cut.truncated && !autoTruncate)
      throw googleError(
        'INVALID_ARGUMENT',
        `Unable to submit request because the input token count is ${textTokens(content)} but the model supports up to ${model.maxTokens}. Reduce the input token count and try again. ${LEARN_TOKENS}`,
      );
    billable += [...content.replace(/\s+/g, '')].length;
    return {
      embeddings: { statistics: { truncated: cut.truncated, token_count: cut.tokens }, values: embeddingValues(model, cut.text, d || model.dimensions) },
    };
  });
  return { predictions, metadata: { billableCharacterCount: billable } };
}
