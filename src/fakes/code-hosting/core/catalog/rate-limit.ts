import { type Principal, extractToken } from '../auth.js';
import { own } from '../../../../store/records.js';
import { GitHubError } from '../errors.js';
import { accountOf } from '../lookup.js';
import type { CodeHostingState } from '../../state.js';
import type { RateWindow } from './state.js';

/**
 * The rate-limit windows of a fakes instance, by `<resource>:<token label | anonymous>`. They live in
 * the host's meters, not in the state: counting a rejected request must not change `snapshot()`.
 */
export function rateTable(host: { readonly meters: Record<string, unknown> }): Record<string, RateWindow> {
  host.meters.rate ??= {};
  return host.meters.rate as Record<string, RateWindow>;
}

/** The primary rate limit per hour: 5,000 for tokens, 60 without one; search has its own 30/10. */
export function limitFor(resource: 'core' | 'search', authenticated: boolean): number {
  if (resource === 'search') return authenticated ? 30 : 10;
  return authenticated ? 5000 : 60;
}

/** What a request's rate accounting decided. */
export interface RateInfo {
  limit: number;
  used: number;
  reset: number;
  resource: 'core' | 'search';
  exceeded: boolean;
}

/** Counts one request against a window (a new window opens when the old one has reset). */
export function consume(rate: Record<string, RateWindow>, key: string, limit: number, nowSec: number, resource: 'core' | 'search'): RateInfo {
  let w = rate[key];
  if (!w || w.reset <= nowSec) {
    w = { used: 0, reset: nowSec + (resource === 'search' ? 60 : 3600) };
    rate[key] = w;
  }
  const all = rate[`${resource}:*`];
  if (all?.exhausted) {
    all.exhausted = false;
    w.exhausted = true;
  }
  if (w.exhausted || w.used >= limit) {
    w.exhausted = false;
    w.used = limit;
    return { limit, used: limit, reset: w.reset, resource, exceeded: true };
  }
  w.used += 1;
  return { limit, used: w.used, reset: w.reset, resource, exceeded: false };
}

/** The `x-ratelimit-*` headers GitHub sends on every answer. */
export function rateHeaders(info: RateInfo): Record<string, string> {
  return {
    'x-ratelimit-limit': String(info.limit),
    'x-ratelimit-remaining': String(Math.max(0, info.limit - info.used)),
    'x-ratelimit-reset': String(info.reset),
    'x-ratelimit-used': String(info.used),
    'x-ratelimit-resource': info.resource,
  };
}

/**
 * Who the rate-limit message names, the same way on every route, as GitHub does: `user ID <id>` for
 * a user's token, `installation ID <id>` for an installation token, the caller's address (with
 * GitHub's hint that tokens get more) without a token.
 * @example rateLimitSubject(state, principal) // 'user ID 1'
 */
export function rateLimitSubject(state: Pick<CodeHostingState, 'accounts'>, principal: Principal | null): string {
  if (!principal || principal.kind === 'anonymous' || !principal.login) {
    return "127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)";
  }
  const id = accountOf(state as CodeHostingState, principal.login).id || 1;
  return principal.token?.type === 'installation' ? `installation ID ${id}` : `user ID ${id}`;
}

/** The primary rate-limit error: 403 with `retry-after` and remaining 0. */
export function rateLimitError(info: RateInfo, nowSec: number, who: string): GitHubError {
  return new GitHubError(403, `API rate limit exceeded for ${who}.`, {
    documentationUrl: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
    headers: { ...rateHeaders(info), 'retry-after': String(Math.max(1, info.reset - nowSec)) },
  });
}

/** The current window of an identity without counting a request (answers refused before accounting). */
export function peek(rate: Readonly<Record<string, RateWindow>>, key: string, resource: 'core' | 'search', nowSec: number, authenticated: boolean): RateInfo {
  const w = rate[key];
  const limit = limitFor(resource, authenticated);
  if (!w || w.reset <= nowSec) return { limit, used: 0, reset: nowSec + (resource === 'search' ? 60 : 3600), resource, exceeded: false };
  return { limit, used: Math.min(w.used, limit), reset: w.reset, resource, exceeded: false };
}

/**
 * Adds the caller's current `x-ratelimit-*` window to an answer that has none (hand-written routes,
 * unmatched paths): wraps the service's finalize. Only catalog routes count requests.
 */
export function withRateHeaders(
  res: { status: number; headers?: Record<string, string>; body?: unknown },
  ctx: {
    readonly meta: { token: string | null };
    readonly path: string;
    readonly meters: Record<string, unknown>;
    readonly clock: { nowMs(): number };
    readonly req?: { readonly headers: Readonly<Record<string, string>> };
    readonly state?: Pick<CodeHostingState, 'tokens'>;
  },
): { status: number; headers?: Record<string, string>; body?: unknown } {
  if (res.headers?.['x-ratelimit-limit']) return res;
  const resource = ctx.path.startsWith('/search/') ? 'search' : 'core';
  // No route authenticated the caller (a path nobody serves): the window of the token the request carries.
  const raw = ctx.meta.token === null && ctx.req ? extractToken(ctx.req.headers) : null;
  const sent = raw === null ? null : ((ctx.state ? own(ctx.state.tokens, raw)?.label : undefined) ?? 'unseeded');
  const who = ctx.meta.token ?? sent ?? 'anonymous';
  const info = peek(rateTable(ctx), `${resource}:${who}`, resource, Math.floor(ctx.clock.nowMs() / 1000), who !== 'anonymous');
  return { ...res, headers: { ...rateHeaders(info), ...(res.headers ?? {}) } };
}

/** The caller's window as `GET /rate_limit` reports it (`{ limit, used, remaining, reset, resource }`). */
export function rateResource(
  rate: Readonly<Record<string, RateWindow>>,
  token: string | null,
  resource: 'core' | 'search',
  nowSec: number,
): { limit: number; used: number; remaining: number; reset: number; resource: string } {
  const who = token === null ? 'anonymous' : token;
  const info = peek(rate, `${resource}:${who}`, resource, nowSec, who !== 'anonymous');
  return { limit: info.limit, used: info.used, remaining: info.limit - info.used, reset: info.reset, resource };
}
