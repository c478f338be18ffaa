/** `stuntdouble/model-cache`: the Vertex AI / Gemini cachedContents fake's types, errors and options. */
export { modelCacheService, ModelCacheOptionsSchema, VERTEX_REGIONS } from './index.js';
export type { ModelCacheFacade, ModelCacheOptions, ModelCacheState } from './index.js';
export type { SeedCacheInput, SeedCredentialInput, SeededCache } from './facade.js';
export { GoogleError, googleError } from './errors.js';
export { KNOWN_MODELS } from './models/registry.js';
export { TOKEN_RULE } from './models/usage.js';
export { modelCacheScenarios } from '../../scenarios/model-cache.js';
