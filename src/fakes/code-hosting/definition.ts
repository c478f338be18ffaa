import type { ServiceParts } from '../lazy-service.js';
import { githubError, renderGitHubError } from './core/errors.js';
import { type CodeHostingFacade, buildFacade } from './facade.js';
import type { CodeHostingOptions } from './core/options.js';
import { withRateHeaders } from './core/catalog/rate-limit.js';
import { companionBaseUrls, prepareTargets } from './core/hosts.js';
import { routeSpecs } from './routes.js';
import { type CodeHostingState, initialCodeHostingState } from './state.js';
import { finalizeResponse } from './core/wire.js';
import { conditional } from './core/conditional.js';
import { GRAPHQL_OPERATIONS, graphqlBaseUrls, graphqlPath } from './graphql/model.js';

// The code hosting fake's parts: everything but its name, hosts and options (index.ts). Evaluated on
// first use, not at import (see lazyService).

const PARTS: ServiceParts<CodeHostingState, CodeHostingOptions, CodeHostingFacade> = {
  initialState: initialCodeHostingState,
  // Every route is a catalog row served by a family or the generic engine (routes.ts, families.ts).
  // Built on first use (the first createFakes()), not at import: the catalog has hundreds of rows.
  get routes() {
    return routeSpecs();
  },
  // Tarball, zipball, logs and artifact archives redirect to these hosts; the fake answers there too
  // (codeload.github.com is also a default base URL). Those hosts answer only their own paths: their
  // requests route in their own namespaces.
  companionBaseUrls: (baseUrls) => [...companionBaseUrls(baseUrls), ...graphqlBaseUrls(baseUrls)],
  prepare: (req, path) => {
    const graphql = graphqlPath(req, path);
    return graphql ? { path: graphql } : prepareTargets(req, path);
  },
  renderError: (err) => renderGitHubError(err),
  notFound: () => githubError.notFound(),
  // Every answer carries the caller's x-ratelimit-* window (catalog routes count requests); GET
  // answers carry an ETag, and a matching If-None-Match answers 304 without counting.
  finalize: (res, ctx) => finalizeResponse(conditional(withRateHeaders(res, ctx), ctx), ctx),
  operations: () => GRAPHQL_OPERATIONS,
  facade: buildFacade,
};

/** The code hosting fake's routes, state, error rendering and facade. */
export function codeHostingParts(): ServiceParts<CodeHostingState, CodeHostingOptions, CodeHostingFacade> {
  return PARTS;
}
