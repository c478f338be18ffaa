/** `stuntdouble/model-cache`: the Vertex AI / Gemini cachedContents fake's types, errors and options. */
export { modelCacheService, ModelCacheOptionsSchema, VERTEX_REGIONS } from './index.js';
export type { ModelCacheFacade, ModelCacheOptions, ModelCacheState } from './index.js';
export { GoogleError, googleError } from './errors.js';
export { modelCacheScenarios } from '../../scenarios/model-cache.js';
