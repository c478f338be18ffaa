import { z } from 'zod';
import { defineService } from '../service.js';
import { googleError, renderGoogleError } from './errors.js';

/** Vertex AI regions with a regional endpoint `https://{region}-aiplatform.googleapis.com`. */
export const VERTEX_REGIONS = [
  'us-central1',
  'us-east1',
  'us-east4',
  'us-east5',
  'us-south1',
  'us-west1',
  'us-west4',
  'northamerica-northeast1',
  'southamerica-east1',
  'europe-west1',
  'europe-west2',
  'europe-west3',
  'europe-west4',
  'europe-west6',
  'europe-west8',
  'europe-west9',
  'europe-north1',
  'europe-central2',
  'europe-southwest1',
  'asia-east1',
  'asia-east2',
  'asia-northeast1',
  'asia-northeast3',
  'asia-south1',
  'asia-southeast1',
  'australia-southeast1',
  'me-central1',
  'me-west1',
] as const;

/** Options of the model cache fake (`createFakes({ modelCache })`). */
export const ModelCacheOptionsSchema = z
  .object({
    /** Base URLs answered; default every Vertex regional host, the global host and the Gemini API host. */
    baseUrls: z.array(z.url()).min(1).optional(),
  })
  .strict();
/** Resolved model cache options. */
export type ModelCacheOptions = z.output<typeof ModelCacheOptionsSchema>;

/** The model cache fake's state slice. */
export interface ModelCacheState {
  counters: Record<string, number>;
}

/** `fakes.modelCache`: seed helpers and controls of the model cache fake. */
export interface ModelCacheFacade {
  readonly baseUrls: readonly string[];
}

/** The model cache fake (Vertex AI and Gemini API `cachedContents` wire). */
export const modelCacheService = defineService<ModelCacheState, ModelCacheOptions, ModelCacheFacade>({
  name: 'modelCache',
  title: 'Vertex AI / Gemini cachedContents',
  defaultBaseUrls: [
    ...VERTEX_REGIONS.map((r) => `https://${r}-aiplatform.googleapis.com`),
    'https://aiplatform.googleapis.com',
    'https://generativelanguage.googleapis.com',
  ],
  parseOptions: (raw) => ModelCacheOptionsSchema.parse(raw ?? {}),
  initialState: () => ({ counters: {} }),
  routes: [],
  renderError: (err) => renderGoogleError(err),
  notFound: () => googleError('NOT_FOUND', 'Method not found.'),
  facade: (host) => ({ baseUrls: host.baseUrls }),
});
