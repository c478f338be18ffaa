import { rateTable } from '../../core/catalog/rate-limit.js';

/**
 * The `graphql` rate-limit resource: GitHub meters GraphQL in points, 5,000 per hour for a user (a
 * window of its own, next to REST's `core` and `search`). A query costs what {@link queryCost}
 * (execute side) computes; the window lives in the host's meters like REST's, outside the state.
 * This module does not load the `graphql` package: `GET /rate_limit` reads it too.
 */

/** Points per hour of a token (users, and installations at their base rate). */
export const GRAPHQL_POINTS = 5000;

/** A GraphQL window after a request: GitHub's `rateLimit` object and `x-ratelimit-*` headers come from it. */
export interface PointsInfo {
  limit: number;
  used: number;
  /** Epoch seconds. */
  reset: number;
  /** Whether the request was refused for want of points (nothing was counted). */
  exceeded: boolean;
}

interface Meters {
  readonly meters: Record<string, unknown>;
  readonly clock: { nowMs(): number };
}

const keyOf = (who: string) => `graphql:${who}`;
const nowSecOf = (host: Meters) => Math.floor(host.clock.nowMs() / 1000);

/** The caller's window without counting anything. */
export function peekPoints(host: Meters, who: string): PointsInfo {
  const nowSec = nowSecOf(host);
  const w = rateTable(host)[keyOf(who)];
  if (!w || w.reset <= nowSec) return { limit: GRAPHQL_POINTS, used: 0, reset: nowSec + 3600, exceeded: false };
  return { limit: GRAPHQL_POINTS, used: Math.min(w.used, GRAPHQL_POINTS), reset: w.reset, exceeded: false };
}

/**
 * Counts a request's points against the caller's window (a new window opens when the old one has
 * reset). A request that needs more points than remain is refused and counts nothing, as on GitHub.
 */
export function consumePoints(host: Meters, who: string, points: number): PointsInfo {
  const nowSec = nowSecOf(host);
  const rate = rateTable(host);
  const key = keyOf(who);
  let w = rate[key];
  if (!w || w.reset <= nowSec) {
    w = { used: 0, reset: nowSec + 3600 };
    rate[key] = w;
  }
  const all = rate['graphql:*'];
  if (all?.exhausted) {
    all.exhausted = false;
    w.exhausted = true;
  }
  if (w.exhausted || w.used + points > GRAPHQL_POINTS) {
    if (w.exhausted) {
      w.exhausted = false;
      w.used = GRAPHQL_POINTS;
    }
    return { limit: GRAPHQL_POINTS, used: w.used, reset: w.reset, exceeded: true };
  }
  w.used += points;
  return { limit: GRAPHQL_POINTS, used: w.used, reset: w.reset, exceeded: false };
}

/** GitHub's `x-ratelimit-*` headers of a GraphQL answer (`x-ratelimit-resource: graphql`). */
export function graphqlRateHeaders(info: PointsInfo): Record<string, string> {
  return {
    'x-ratelimit-limit': String(info.limit),
    'x-ratelimit-remaining': String(Math.max(0, info.limit - info.used)),
    'x-ratelimit-reset': String(info.reset),
    'x-ratelimit-used': String(info.used),
    'x-ratelimit-resource': 'graphql',
  };
}

/** The caller's `graphql` window as `GET /rate_limit` reports it under `resources.graphql`. */
export function graphqlRateResource(host: Meters, token: string | null): { limit: number; used: number; remaining: number; reset: number; resource: string } {
  const info = peekPoints(host, token ?? 'anonymous');
  return { limit: info.limit, used: info.used, remaining: info.limit - info.used, reset: info.reset, resource: 'graphql' };
}
