import { afterEach, beforeEach, expect } from 'vitest';
import { type Fakes, createFakes } from '../create-fakes.js';
import type { FakesOptions } from '../options.js';
import { canonicalTemplate } from '../http/route-names.js';
import { type RecordedCall, splitRouteKey } from '../store/journal.js';
import { unknownName } from '../util/suggest.js';

/** What `toHaveReceived` can also check besides the route. */
export interface ReceivedExpectation {
  body?: unknown;
  query?: unknown;
  status?: number;
  headers?: unknown;
}

interface StuntdoubleMatchers<R = unknown> {
  /** The fakes received a call on a route (`'PUT /repos/{owner}/{repo}/import'`, or a concrete path), optionally with this body/query/status. */
  toHaveReceived(route: string, expected?: ReceivedExpectation): R;
  /** The fakes received exactly `times` calls on a route. */
  toHaveReceivedTimes(route: string, times: number): R;
  /** Some request reached a faked host but matched no route. */
  toHaveUnmatched(): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match vitest's own declaration of Matchers.
  interface Matchers<T = any> extends StuntdoubleMatchers<T> {}
}

function asFakes(received: unknown): Fakes {
  if (!received || typeof received !== 'object' || !('calls' in received) || !('unmatched' in received)) {
    throw new TypeError('stuntdouble matchers expect a fakes instance from createFakes()');
  }
  return received as Fakes;
}

const SERVICES = ['codeHosting', 'socialGraph', 'modelCache'] as const;

function routeCalls(fakes: Fakes, route: string): RecordedCall[] {
  const { method, template } = splitRouteKey(route);
  const canonical = canonicalTemplate(template);
  const same = (t: string | null) => t !== null && (t === template || canonicalTemplate(t) === canonical);
  const found = fakes.calls.filter((c) => (!method || c.method === method) && (template.includes('{') ? same(c.route) : c.path === template || same(c.route)));
  if (found.length === 0 && template.includes('{')) {
    // A misspelled route would make `not.toHaveReceived(...)` pass forever: it must name a real route.
    const known = SERVICES.flatMap((s) => fakes.routes(s));
    if (!known.some((r) => same(splitRouteKey(r).template))) throw unknownName('route', route, known, 'toHaveReceived()');
  }
  return found;
}

function pick(call: RecordedCall, expected: ReceivedExpectation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ('body' in expected) out.body = call.body;
  if ('query' in expected) out.query = call.query;
  if ('status' in expected) out.status = call.status;
  if ('headers' in expected) out.headers = call.headers;
  return out;
}

expect.extend({
  toHaveReceived(received: unknown, route: string, expected: ReceivedExpectation = {}) {
    const fakes = asFakes(received);
    const candidates = routeCalls(fakes, route);
    const want = expected as Record<string, unknown>;
    const hit = candidates.find((c) => this.equals(pick(c, expected), want));
    if (hit) return { pass: true, message: () => `expected no call ${route} matching ${this.utils.printExpected(expected)}, but #${hit.seq} matched` };
    // The closest call is the one that agrees with the most expected keys (the latest among equals), not simply the last.
    let closest: RecordedCall | undefined;
    let bestScore = -1;
    for (const c of candidates) {
      const got = pick(c, expected);
      const score = Object.keys(want).filter((k) => this.equals(got[k], want[k])).length;
      if (score >= bestScore) {
        bestScore = score;
        closest = c;
      }
    }
    return {
      pass: false,
      message: () => {
        if (!closest) {
          const seen = fakes.calls
            .slice(-10)
            .map((c) => `  #${c.seq} ${c.method} ${c.route ?? c.path} → ${c.status}`)
            .join('\n');
          return `expected a call ${route}, but none was received.\nRecent calls:\n${seen || '  (none)'}`;
        }
        return `expected a call ${route} matching the expectation; the closest recorded call is #${closest.seq} (${closest.method} ${closest.path} → ${closest.status}):\n${this.utils.diff(want, pick(closest, expected)) ?? ''}`;
      },
    };
  },
  toHaveReceivedTimes(received: unknown, route: string, times: number) {
    const fakes = asFakes(received);
    const n = routeCalls(fakes, route).length;
    return {
      pass: n === times,
      message: () => `expected ${route} to have been received ${this.isNot ? 'not ' : ''}${times} time(s), it was received ${n} time(s)`,
    };
  },
  toHaveUnmatched(received: unknown) {
    const fakes = asFakes(received);
    const list = fakes.unmatched;
    return {
      pass: list.length > 0,
      message: () =>
        list.length > 0
          ? `expected no unmatched requests, got ${list.length}:\n${list.map((u) => `  #${u.seq} ${u.method} ${u.url}${u.note ? `\n    ${u.note}` : ''}`).join('\n')}`
          : 'expected an unmatched request, got none',
    };
  },
});

/**
 * Creates fakes for a test file: installs them before each test, uninstalls and resets after.
 * A failure inside the fakes (an override or scenario that threw, a bug in the fake) fails the test
 * in afterEach, naming it (`fakes.verify()`); with `onUnmatched: 'error'`, so does an unmatched request.
 * @example
 * const fakes = useFakes({ clock: '2024-01-01T00:00:00Z' });
 * it('starts an import', async () => { ...; expect(fakes).toHaveReceived('PUT /repos/{owner}/{repo}/import') });
 */
export function useFakes(options: FakesOptions = {}): Fakes {
  const fakes = createFakes(options);
  beforeEach(() => {
    fakes.install();
  });
  afterEach(async () => {
    await fakes.flush();
    let failure: unknown;
    try {
      fakes.verify();
    } catch (err) {
      failure = err;
    }
    try {
      fakes.uninstall();
    } catch (err) {
      failure ??= err;
    }
    fakes.reset();
    if (failure) throw failure;
  });
  return fakes;
}

/** Throws an error naming every unmatched request (what `onUnmatched: 'error'` does in afterEach). */
export function assertNoUnmatched(unmatched: readonly RecordedCall[]): void {
  if (unmatched.length === 0) return;
  const list = unmatched.map((u) => `  ${u.method} ${u.url}${u.note ? ` (${u.note})` : ''}`).join('\n');
  throw new Error(`stuntdouble: ${unmatched.length} unmatched request(s):\n${list}`);
}

export type { Fakes };
