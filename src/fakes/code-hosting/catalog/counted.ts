import type { Draft } from 'immer';
import type { FakeResponse } from '../../../http/response.js';
import type { RouteContext, RouteSpec } from '../../service.js';
import { authenticate } from '../auth.js';
import type { CodeHostingOptions } from '../options.js';
import type { CodeHostingState } from '../state.js';
import { type RateInfo, consume, limitFor, rateHeaders, rateLimitError } from './rate-limit.js';

type Ctx = RouteContext<CodeHostingState, CodeHostingOptions>;

function rateKeyOf(ctx: Ctx): { key: string; resource: 'core' | 'search'; authenticated: boolean } {
  const resource = ctx.path.startsWith('/search/') ? 'search' : 'core';
  const who = ctx.meta.token === null ? 'anonymous' : ctx.meta.token;
  return { key: `${resource}:${who}`, resource, authenticated: who !== 'anonymous' };
}

/**
 * Makes hand-written routes count against the caller's rate limit like catalog routes: the count
 * joins the route's own state change (one update per request), or takes an update of its own when
 * the route only reads. An exhausted window answers the rate-limit 403 before the route runs.
 */
export function countRequests(routes: ReadonlyArray<RouteSpec<CodeHostingState, CodeHostingOptions>>): RouteSpec<CodeHostingState, CodeHostingOptions>[] {
  return routes.map((route) => ({
    ...route,
    handler: async (ctx: Ctx): Promise<FakeResponse> => {
      const nowSec = Math.floor(ctx.clock.nowMs() / 1000);
      let info: RateInfo | undefined;
      const count = (draft: Draft<CodeHostingState>) => {
        const k = rateKeyOf(ctx);
        info = consume(draft.catalog.rate, k.key, limitFor(k.resource, k.authenticated), nowSec, k.resource);
      };
      try {
        authenticate(ctx);
      } catch {
        // The route answers its own authentication error.
      }
      const w = ctx.state.catalog.rate[rateKeyOf(ctx).key];
      const all = ctx.state.catalog.rate[`${rateKeyOf(ctx).resource}:*`];
      if (w?.exhausted || all?.exhausted || (w && w.reset > nowSec && w.used >= limitFor(rateKeyOf(ctx).resource, rateKeyOf(ctx).authenticated))) {
        ctx.update(count);
        throw rateLimitError(info as RateInfo, nowSec, ctx.meta.token ?? 'your IP address');
      }
      const proxied = new Proxy(ctx, {
        get(target, prop, receiver) {
          if (prop === 'update')
            return <R>(recipe: (d: Draft<CodeHostingState>) => R): R =>
              target.update((d) => {
                count(d);
                return recipe(d);
              });
          return Reflect.get(target, prop, receiver);
        },
      });
      let res: FakeResponse;
      try {
        res = await route.handler(proxied);
      } catch (err) {
        if (!info) ctx.update(count);
        throw err;
      }
      if (!info) ctx.update(count);
      return { ...res, headers: { ...rateHeaders(info as unknown as RateInfo), ...(res.headers ?? {}) } };
    },
  }));
}
