import { json } from '../../http/response.js';
import { type RouteSpec, defineService } from '../service.js';
import { githubError, renderGitHubError } from './errors.js';
import { type CodeHostingFacade, buildFacade } from './facade.js';
import { CodeHostingOptionsSchema, type CodeHostingOptions } from './options.js';
import { rateResource, rateTable, withRateHeaders } from './catalog/rate-limit.js';
import { countRequests } from './catalog/counted.js';
import { catalogRoutes } from './catalog/routes.js';
import { webhookRoutes } from './routes/hooks.js';
import { importRoutes } from './routes/imports.js';
import { repoRoutes } from './routes/repos.js';
import { LOG_ROUTES, companionBaseUrls, prepareTargets } from './redirects.js';
import { githubRoute } from './route.js';
import { type CodeHostingState, initialCodeHostingState } from './state.js';
import { finalizeResponse } from './wire.js';
import { conditional } from './conditional.js';
import { parseInput } from '../../util/parse.js';
import { ARCHIVE_ROUTES } from './relations/git/archive.js';
import { GRAPHQL_OPERATIONS, graphqlBaseUrls, graphqlPath, graphqlRoutes } from './graphql/routes.js';
import { graphqlRateResource } from './graphql/cost.js';

export { CodeHostingOptionsSchema } from './options.js';
export type { CodeHostingOptions } from './options.js';
export type { CodeHostingState } from './state.js';
export type { CodeHostingFacade, DeliveryView, ImportStartInput } from './facade.js';

/** Hand-written routes (their own models); the generic catalog serves every other catalog row. */
const handWritten: RouteSpec<CodeHostingState, CodeHostingOptions>[] = [
  // GET /rate_limit reports the caller's windows and does not count against them (as on GitHub).
  githubRoute({
    method: 'GET',
    path: '/rate_limit',
    operation: 'rate-limit/get',
    access: { permissions: [] },
    handler: (ctx) => {
      const now = Math.floor(ctx.clock.nowMs() / 1000);
      const core = rateResource(rateTable(ctx), ctx.meta.token, 'core', now);
      const search = rateResource(rateTable(ctx), ctx.meta.token, 'search', now);
      const graphql = graphqlRateResource(ctx, ctx.meta.token);
      return json(200, { resources: { core, search, graphql }, rate: core });
    },
  }),
  // Hand-written routes count against the caller's rate limit like catalog routes.
  ...countRequests([...repoRoutes, ...importRoutes, ...webhookRoutes]),
  // GraphQL meters its own `graphql` resource in points (graphql/cost.ts).
  ...graphqlRoutes,
  // The targets of GitHub's redirects: the archive host (codeload) that tarball/zipball redirect to,
  // and the log host of logs and artifacts. Not API calls, not counted.
  ...ARCHIVE_ROUTES,
  ...LOG_ROUTES,
];

let allRoutes: RouteSpec<CodeHostingState, CodeHostingOptions>[] | undefined;

/** The code hosting fake (GitHub REST wire). */
export const codeHostingService = defineService<CodeHostingState, CodeHostingOptions, CodeHostingFacade>({
  name: 'codeHosting',
  title: 'GitHub REST',
  defaultBaseUrls: ['https://api.github.com', 'https://codeload.github.com'],
  parseOptions: (raw) => parseInput(CodeHostingOptionsSchema, raw ?? {}, 'createFakes options', 'codeHosting.'),
  initialState: initialCodeHostingState,
  // Hand-written routes first; catalog rows with the same shape are skipped (registering twice throws).
  // Built on first use (the first createFakes()), not at import: the catalog has hundreds of rows.
  get routes() {
    allRoutes ??= [...handWritten, ...catalogRoutes(handWritten.map((r) => `${r.method} ${r.path}`))];
    return allRoutes;
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
});
