/** `stuntdouble/model-cache`: the Vertex AI / Gemini cachedContents fake's types, errors and options. */
export { modelCacheService, ModelCacheOptionsSchema, VERTEX_REGIONS } from '../fakes/model-cache/index.js';
export type { ModelCacheFacade, ModelCacheOptions, ModelCacheState } from '../fakes/model-cache/index.js';
export type { SeedCacheInput, SeedCredentialInput, SeededCache, SeedModelInput, SeedReplyInput } from '../fakes/model-cache/facade.js';
export { GoogleError, googleError } from '../fakes/model-cache/errors.js';
export { KNOWN_MODELS } from '../fakes/model-cache/models/registry.js';
export { TOKEN_RULE } from '../fakes/model-cache/models/usage.js';
export { modelCacheScenarios } from '../scenarios/model-cache.js';
export { CachedContentJsonSchema } from '../fakes/model-cache/schemas/cached-content.js';
export type { CachedContentJson } from '../fakes/model-cache/schemas/cached-content.js';
