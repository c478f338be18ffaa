import { lazyService } from '../lazy-service.js';
import { parseInput } from '../../util/parse.js';
import { modelCacheParts } from './definition.js';
import type { ModelCacheFacade } from './facade.js';
import type { ModelCacheState } from './models/state.js';
import { type ModelCacheOptions, ModelCacheOptionsSchema, VERTEX_REGIONS } from './options.js';

export { ModelCacheOptionsSchema, VERTEX_REGIONS };
export type { ModelCacheOptions, ModelCacheState, ModelCacheFacade };

/** The model cache fake (Vertex AI and Gemini API `cachedContents`, and the generate/count calls that use a cache). Its routes and models load on first use (definition.ts). */
export const modelCacheService = lazyService<ModelCacheState, ModelCacheOptions, ModelCacheFacade>(
  {
    name: 'modelCache',
    title: 'Vertex AI / Gemini cachedContents',
    defaultBaseUrls: [
      ...VERTEX_REGIONS.map((r) => `https://${r}-aiplatform.googleapis.com`),
      'https://aiplatform.googleapis.com',
      'https://generativelanguage.googleapis.com',
    ],
    parseOptions: (raw) => parseInput(ModelCacheOptionsSchema, raw ?? {}, 'createFakes options', 'modelCache.'),
  },
  modelCacheParts,
);
