import type { FakeResponse } from '../../../http/response.js';
import type { RouteSpec } from '../../service.js';
import { type AccessRule, type Principal, authenticate, declareAccess } from './auth.js';
import type { GitHubRouteContext } from './context.js';
import type { CodeHostingOptions } from './options.js';
import type { CodeHostingState } from '../state.js';
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
