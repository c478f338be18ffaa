import { googleError } from '../errors.js';
import type { ModelJson } from '../schemas/models.js';
import { decodePageToken, effectivePageSize, encodePageToken } from './paging.js';
import type { ModelCacheState } from './state.js';

/** A published base model that can back a cache, with its minimum cacheable token count. */
export interface KnownModel {
  readonly id: string;
  readonly minTokens: number;
}

type Sampling = Pick<ModelJson, 'temperature' | 'topP' | 'topK' | 'maxTemperature'>;

/** One published model: what `models.get` shows, and for generate models the fewest tokens a cache of it may hold. */
export interface PublishedModel {
  readonly id: string;
  readonly version: string;
  readonly displayName: string;
  readonly description: string;
  readonly inputTokenLimit: number;
  readonly outputTokenLimit: number;
  readonly methods: readonly string[];
  readonly sampling?: Sampling;
  readonly thinking?: true;
  /** Set for models generateContent serves (the fake answers generate/count/cache calls on them). */
  readonly minTokens?: number;
}

const CHAT = ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'];
const IMAGE = ['generateContent', 'countTokens', 'batchGenerateContent'];
const GEN2: Sampling = { temperature: 1, topP: 0.95, topK: 40, maxTemperature: 2 };
const GEN25: Sampling = { temperature: 1, topP: 0.95, topK: 64, maxTemperature: 2 };
const M = 1_048_576;
const EMBED_TEXT = 'Obtain a distributed representation of a text.';

/**
 * The published models the fake serves, as the Gemini API's `models.list` shows them (the entries of
 * gemini-2.5-flash, -2.5-pro, -2.0-flash, -2.0-flash-001 and -2.0-flash-lite-001 as the service answered
 * them; the others as their model cards publish them). Minimum cache sizes from the caching docs:
 * 1,024 tokens for Flash models, 4,096 for Pro, 2,048 for the 2.0 generation. `gemini-3.8-flash` is
 * the model @google/genai's own examples call.
 */
export const PUBLISHED_MODELS: readonly PublishedModel[] = [
  {
    id: 'gemini-2.5-flash',
    version: '001',
    displayName: 'Gemini 2.5 Flash',
    description: 'Stable version of Gemini 2.5 Flash, our mid-size multimodal model that supports up to 1 million tokens, released in June of 2025.',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 1024,
  },
  {
    id: 'gemini-2.5-pro',
    version: '2.5',
    displayName: 'Gemini 2.5 Pro',
    description: 'Stable release (June 17th, 2025) of Gemini 2.5 Pro',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 4096,
  },
  {
    id: 'gemini-2.0-flash',
    version: '2.0',
    displayName: 'Gemini 2.0 Flash',
    description: 'Gemini 2.0 Flash',
    inputTokenLimit: M,
    outputTokenLimit: 8192,
    methods: CHAT,
    sampling: GEN2,
    minTokens: 2048,
  },
  {
    id: 'gemini-2.0-flash-001',
    version: '2.0',
    displayName: 'Gemini 2.0 Flash 001',
    description: 'Stable version of Gemini 2.0 Flash, our fast and versatile multimodal model for scaling across diverse tasks, released in January of 2025.',
    inputTokenLimit: M,
    outputTokenLimit: 8192,
    methods: CHAT,
    sampling: GEN2,
    minTokens: 2048,
  },
  {
    id: 'gemini-2.0-flash-preview-image-generation',
    version: '2.0',
    displayName: 'Gemini 2.0 Flash Preview Image Generation',
    description: 'Gemini 2.0 Flash Preview Image Generation',
    inputTokenLimit: 32768,
    outputTokenLimit: 8192,
    methods: IMAGE,
    sampling: GEN2,
    minTokens: 2048,
  },
  {
    id: 'gemini-2.0-flash-lite-001',
    version: '2.0',
    displayName: 'Gemini 2.0 Flash-Lite 001',
    description: 'Stable version of Gemini 2.0 Flash-Lite',
    inputTokenLimit: M,
    outputTokenLimit: 8192,
    methods: CHAT,
    sampling: GEN2,
    minTokens: 2048,
  },
  {
    id: 'gemini-2.0-flash-lite',
    version: '2.0',
    displayName: 'Gemini 2.0 Flash-Lite',
    description: 'Gemini 2.0 Flash-Lite',
    inputTokenLimit: M,
    outputTokenLimit: 8192,
    methods: CHAT,
    sampling: GEN2,
    minTokens: 2048,
  },
  {
    id: 'gemini-2.5-flash-lite',
    version: '001',
    displayName: 'Gemini 2.5 Flash-Lite',
    description: 'Stable version of Gemini 2.5 Flash-Lite, released in July of 2025',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 1024,
  },
  {
    id: 'gemini-2.5-flash-image',
    version: '2.0',
    displayName: 'Nano Banana',
    description: 'Gemini 2.5 Flash Image',
    inputTokenLimit: 32768,
    outputTokenLimit: 32768,
    methods: IMAGE,
    sampling: GEN25,
    minTokens: 1024,
  },
  {
    id: 'gemini-3-pro-preview',
    version: '3-pro-preview-11-2025',
    displayName: 'Gemini 3 Pro Preview',
    description: 'Gemini 3 Pro Preview',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 4096,
  },
  {
    id: 'gemini-3-flash-preview',
    version: '3-flash-preview-12-2025',
    displayName: 'Gemini 3 Flash Preview',
    description: 'Gemini 3 Flash Preview',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 1024,
  },
  {
    id: 'gemini-3.8-flash',
    version: '3.8',
    displayName: 'Gemini 3.8 Flash',
    description: 'Gemini 3.8 Flash',
    inputTokenLimit: M,
    outputTokenLimit: 65536,
    methods: CHAT,
    sampling: GEN25,
    thinking: true,
    minTokens: 1024,
  },
  {
    id: 'gemini-embedding-001',
    version: '001',
    displayName: 'Gemini Embedding 001',
    description: EMBED_TEXT,
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    methods: ['embedContent', 'countTextTokens', 'countTokens', 'asyncBatchEmbedContent'],
  },
  {
    id: 'text-embedding-004',
    version: '004',
    displayName: 'Text Embedding 004',
    description: EMBED_TEXT,
    inputTokenLimit: 2048,
    outputTokenLimit: 1,
    methods: ['embedContent'],
  },
];

const PUBLISHED = new Map(PUBLISHED_MODELS.map((m) => [m.id, m]));

/** The models generate, count and cache calls serve, with their minimum cacheable token count. Add more with `fakes.modelCache.seed.model({ id, minTokens })`. */
export const KNOWN_MODELS: readonly KnownModel[] = PUBLISHED_MODELS.flatMap((m) => (m.minTokens === undefined ? [] : [{ id: m.id, minTokens: m.minTokens }]));

/** A published model whose methods do not include `createCachedContent` (the image generation models): no cache may use it. */
export function cachingUnsupported(id: string): boolean {
  const m = PUBLISHED.get(id);
  return m !== undefined && !m.methods.includes('createCachedContent');
}

/** The built-in registry as a record, the initial `models` of the state. */
export function initialModels(): Record<string, number> {
  return Object.fromEntries(KNOWN_MODELS.map((m) => [m.id, m.minTokens]));
}

/** The one renderer of a Model: published fields in the service's order; a seeded model shows its name and the generate methods. */
export function renderModel(id: string): ModelJson {
  const m = PUBLISHED.get(id);
  if (!m) return { name: `models/${id}`, version: '001', displayName: id, supportedGenerationMethods: CHAT };
  return {
    name: `models/${m.id}`,
    version: m.version,
    displayName: m.displayName,
    description: m.description,
    inputTokenLimit: m.inputTokenLimit,
    outputTokenLimit: m.outputTokenLimit,
    supportedGenerationMethods: [...m.methods],
    ...(m.sampling ?? {}),
    ...(m.thinking ? { thinking: true } : {}),
  };
}

const listed = (state: ModelCacheState, id: string) => !state.unavailableModels[id];

/** `models.get`: a published or seeded model, or the real 404 (a model made unavailable is gone too). */
export function getModel(state: ModelCacheState, id: string, version: string): ModelJson {
  if ((PUBLISHED.has(id) || Object.hasOwn(state.models, id)) && listed(state, id)) return renderModel(id);
  throw googleError(
    'NOT_FOUND',
    `models/${id} is not found for API version ${version}, or is not supported for get. Call ListModels to see the list of available models and their supported methods.`,
  );
}

/** Page size of `models.list` when the request gives none (or 0). */
export const MODEL_PAGE_SIZE = 50;
const MODELS_SCOPE = 'models';

/** `models.list`: published models in the table's order, then seeded ones in seeding order, `pageSize` at a time. */
export function listModels(
  state: ModelCacheState,
  pageSize: number | undefined,
  pageToken: string | undefined,
): { models: ModelJson[]; nextPageToken?: string } {
  const ids = [...PUBLISHED.keys(), ...Object.keys(state.models).filter((id) => !PUBLISHED.has(id))].filter((id) => listed(state, id));
  const start = pageToken ? decodePageToken(MODELS_SCOPE, pageToken) : 0;
  const size = effectivePageSize(pageSize, MODEL_PAGE_SIZE);
  const page = ids.slice(start, start + size);
  const end = start + page.length;
  return { models: page.map(renderModel), ...(end < ids.length ? { nextPageToken: encodePageToken(MODELS_SCOPE, end) } : {}) };
}
