import type { FakeResponse } from '../../../../http/response.js';
import type { RouteContext, RouteSpec } from '../../../service.js';
import { type Principal, authenticate } from '../auth.js';
import type { CodeHostingOptions } from '../options.js';
import type { CodeHostingState } from '../../state.js';
import { consume, limitFor, rateHeaders, rateLimitError, rateLimitSubject, rateTable } from './rate-limit.js';

type Ctx = RouteContext<CodeHostingState, CodeHostingOptions>;

function rateKeyOf(ctx: Ctx): { key: string; resource: 'core' | 'search'; authenticated: boolean } {
  const resource = ctx.path.startsWith('/search/') ? 'search' : 'core';
  const who = ctx.meta.token === null ? 'anonymous' : ctx.meta.token;
  return { key: `${resource}:${who}`, resource, authenticated: who !== 'anonymous' };
}

/**
 * Makes hand-written routes count against the caller's rate limit like catalog routes (in the host's
 * meters, outside the state). An exhausted window answers the rate-limit 403 before the route runs.
 */
export function countRequests(routes: ReadonlyArray<RouteSpec<CodeHostingState, CodeHostingOptions>>): RouteSpec<CodeHostingState, CodeHostingOptions>[] {
  return routes.map((route) => ({
    ...route,
    handler: async (ctx: Ctx): Promise<FakeResponse> => {
      const nowSec = Math.floor(ctx.clock.nowMs() / 1000);
      let principal: Principal | null = null;
      try {
        principal = authenticate(ctx);
      } catch {
        // The route answers its own authentication error.
      }
      const k = rateKeyOf(ctx);
      const info = consume(rateTable(ctx), k.key, limitFor(k.resource, k.authenticated), nowSec, k.resource);
      if (info.exceeded) throw rateLimitError(info, nowSec, rateLimitSubject(ctx.state, principal));
      const res = await route.handler(ctx);
      return { ...res, headers: { ...rateHeaders(info), ...(res.headers ?? {}) } };
    },
  }));
}
