import type { ServiceParts } from '../lazy-service.js';
import { googleError, renderGoogleError } from './errors.js';
import { type ModelCacheFacade, buildFacade } from './facade.js';
import { dueAt, expireDue } from './models/expiry.js';
import { initialModels } from './models/registry.js';
import type { ModelCacheState } from './models/state.js';
import type { ModelCacheOptions } from './options.js';
import { cachedContentRoutes } from './routes/cached-contents.js';
import { embeddingRoutes } from './routes/embeddings.js';
import { generateRoutes } from './routes/generate.js';
import { modelRoutes } from './routes/models.js';
import { tokenRoutes } from './routes/tokens.js';
import { apiOfUrl, versionsOf, withVersion } from './routes/wire.js';

const ROUTES = [...cachedContentRoutes, ...generateRoutes, ...tokenRoutes, ...embeddingRoutes, ...modelRoutes];

// The model cache fake's parts: everything but its name, hosts and options (index.ts). Evaluated on
// first use, not at import (see lazyService).
const PARTS: ServiceParts<ModelCacheState, ModelCacheOptions, ModelCacheFacade> = {
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
};

/** The model cache fake's routes, state, error rendering and facade. */
export function modelCacheParts(): ServiceParts<ModelCacheState, ModelCacheOptions, ModelCacheFacade> {
  return PARTS;
}
