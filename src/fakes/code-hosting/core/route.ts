import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { type AccessRule, type Principal, authenticate, declareAccess } from './auth.js';
import type { GitHubRouteContext } from './context.js';
import type { CodeHostingOptions } from './options.js';
import type { CodeHostingState } from '../state.js';
import type { FamilyRoute, GitHubHandler } from './family.js';
import { selectVersion } from './wire.js';

/** A code hosting route: its permission rule and a handler that receives the authenticated caller. */
export interface GitHubRouteSpec {
  method: string;
  path: string;
  /** Operation id, e.g. `migrations/start-import`. */
  operation: string;
  /** What the route needs; announced in `X-Accepted-GitHub-Permissions` on every answer. */
  access: AccessRule;
  handler(ctx: GitHubRouteContext, principal: Principal): FakeResponse | Promise<FakeResponse>;
}

/**
 * Wraps a handler with the steps every GitHub route shares: API version (400 for an unknown one),
 * the accepted-permissions headers, and authentication (401 for an unknown token when the model is on).
 * The handler then calls `authorize(ctx, principal, access, resource)` once it knows the resource.
 * @example githubRoute({ method: 'GET', path: '/repos/{owner}/{repo}', operation: 'repos/get', access: READ_REPO, handler: getRepo })
 */
export function githubRoute(spec: GitHubRouteSpec): RouteSpec<CodeHostingState, CodeHostingOptions> {
  return {
    method: spec.method,
    path: spec.path,
    operation: spec.operation,
    handler: (ctx) => {
      selectVersion(ctx);
      declareAccess(ctx, spec.access);
      const principal = authenticate(ctx);
      return spec.handler(ctx, principal);
    },
  };
}

/**
 * A route a family answers itself (a `handle` serve), written as a route: the row it serves (`method`
 * and `path`, the catalog's spelling), the rule it announces and checks, and its handler.
 * @example handled({ method: 'GET', path: '/repos/{owner}/{repo}', access: RULES.readRepo, handler: getRepo })
 */
export function handled(spec: { method: string; path: string; access: AccessRule; handler: GitHubHandler; uncounted?: true }): FamilyRoute {
  return { row: `${spec.method} ${spec.path}`, handle: spec.handler, access: spec.access, ...(spec.uncounted ? { uncounted: true as const } : {}) };
}
