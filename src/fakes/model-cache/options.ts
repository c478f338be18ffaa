import { z } from 'zod';

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
