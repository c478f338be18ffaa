import type { GitHubRouteContext } from '../core/context.js';
import { rateResource, rateTable } from '../core/catalog/rate-limit.js';
import { graphqlRateResource } from '../graphql/model/cost.js';

/** GitHub's `GET /rate_limit` body: the caller's core, search and graphql windows, and `rate` (the core window again). */
export function rateLimitBody(ctx: GitHubRouteContext): Record<string, unknown> {
  const now = Math.floor(ctx.clock.nowMs() / 1000);
  const core = rateResource(rateTable(ctx), ctx.meta.token, 'core', now);
  const search = rateResource(rateTable(ctx), ctx.meta.token, 'search', now);
  const graphql = graphqlRateResource(ctx, ctx.meta.token);
  return { resources: { core, search, graphql }, rate: core };
}
