import { defineService } from '../service.js';
import { googleError, renderGoogleError } from './errors.js';
import { type ModelCacheFacade, buildFacade } from './facade.js';
import { dueAt, expireDue } from './models/expiry.js';
import { initialModels } from './models/registry.js';
import type { ModelCacheState } from './models/state.js';
import { type ModelCacheOptions, ModelCacheOptionsSchema, VERTEX_REGIONS } from './options.js';
import { cachedContentRoutes } from './routes/cached-contents.js';
import { parseInput } from '../../util/parse.js';
import { embeddingRoutes } from './routes/embeddings.js';
import { generateRoutes } from './routes/generate.js';
import { modelRoutes } from './routes/models.js';
import { tokenRoutes } from './routes/tokens.js';
import { apiOfUrl, versionsOf, withVersion } from './routes/wire.js';

export { ModelCacheOptionsSchema, VERTEX_REGIONS };
export type { ModelCacheOptions, ModelCacheState, ModelCacheFacade };

const ROUTES = [...cachedContentRoutes, ...generateRoutes, ...tokenRoutes, ...embeddingRoutes, ...modelRoutes];

/** The model cache fake (Vertex AI and Gemini API `cachedContents`, and the generate/count calls that use a cache). */
export const modelCacheService = defineService<ModelCacheState, ModelCacheOptions, ModelCacheFacade>({
  name: 'modelCache',
  title: 'Vertex AI / Gemini cachedContents',
  defaultBaseUrls: [
    ...VERTEX_REGIONS.map((r) => `https://${r}-aiplatform.googleapis.com`),
    'https://aiplatform.googleapis.com',
    'https://generativelanguage.googleapis.com',
  ],
  parseOptions: (raw) => parseInput(ModelCacheOptionsSchema, raw ?? {}, 'createFakes options', 'modelCache.'),
  initialState: () => ({
    counters: {},
    caches: {},
    cacheCount: 0,
    lists: {},
    expiry: [],
    credentials: {},
    credentialCount: 0,
    models: initialModels(),
    unavailableModels: {},
    exhausted: {},
    unavailable: false,
    replies: [],
  }),
  // Routed with a `{version}` parameter; listed and journaled in the versions Google documents
  // (`POST /v1beta/models/{model}:generateContent`). The `{version}` spelling stays accepted, naming every version.
  routes: ROUTES.map((r) => ({ ...r, listed: false as const })),
  journalRoutes: () => ROUTES.flatMap((r) => versionsOf(r.path).map((v) => `${r.method} ${withVersion(r.path, v)}`)),
  refineRoute: (ctx) => {
    const v = ctx.params.version;
    return v !== undefined && versionsOf(ctx.template).includes(v) ? withVersion(ctx.template, v) : undefined;
  },
  renderError: (err, ctx) => renderGoogleError(err, ctx.req.url),
  notFound: () => googleError('NOT_FOUND', 'Method not found.'),
  // Vertex AI routes name projects and locations; the Gemini API's never do.
  suggests: (url, baseUrl, template) => (apiOfUrl(url, baseUrl) === 'gemini') !== /^\/[^/]+\/projects\//.test(template),
  dueAt,
  tick: (draft, now) => expireDue(draft, now),
  facade: (host) => buildFacade(host),
});
