import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type CheckResult, type ReceivedExpectation, checkReceived, checkReceivedTimes, checkUnmatched } from '../assert/index.js';
import type { Fakes } from '../create-fakes.js';
import { type UseFakesOptions, createLifecycle } from './lifecycle.js';
import type { RouteKey } from '../fakes/route-keys.js';

export type { ReceivedExpectation, UseFakesOptions, Fakes };
export { assertNoUnmatched, assertReceived, assertReceivedTimes } from '../assert/index.js';

interface StuntdoubleMatchers<R = unknown> {
  /** The fakes received a call on a route (`'PUT /repos/{owner}/{repo}/import'`, or a concrete path), optionally with this body/query/status. */
  toHaveReceived(route: RouteKey, expected?: ReceivedExpectation): R;
  /** The fakes received exactly `times` calls on a route. */
  toHaveReceivedTimes(route: RouteKey, times: number): R;
  /** Some request reached a faked host but matched no route. */
  toHaveUnmatched(): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must match vitest's own declaration of Matchers.
  interface Matchers<T = any> extends StuntdoubleMatchers<T> {}
}

function toMatcher(result: CheckResult, isNot: boolean) {
  // The message already holds the diff; no actual/expected, so the runner does not print a second one.
  return { pass: result.pass, message: () => result.message(isNot) };
}

expect.extend({
  toHaveReceived(received: unknown, route: string, expected: ReceivedExpectation = {}) {
    return toMatcher(
      checkReceived(received, route, expected, (a, b) => this.equals(a, b)),
      this.isNot,
    );
  },
  toHaveReceivedTimes(received: unknown, route: string, times: number) {
    return toMatcher(checkReceivedTimes(received, route, times), this.isNot);
  },
  toHaveUnmatched(received: unknown) {
    return toMatcher(checkUnmatched(received), this.isNot);
  },
});

/**
 * Creates fakes for a test file: installs them before each test; after each test waits for queued
 * deliveries, uninstalls and resets them to the baseline (what the `seed` option or `beforeAll`
 * left, else empty). With `onUnmatched: 'error'`, a test that sent an unmatched request fails in
 * afterEach, naming it.
 * @example
 * const fakes = useFakes({ clock: '2024-01-01T00:00:00Z' });
 * it('starts an import', async () => { ...; expect(fakes).toHaveReceived('PUT /repos/{owner}/{repo}/import') });
 */
export function useFakes(options: UseFakesOptions = {}): Fakes {
  const life = createLifecycle(options);
  beforeAll(() => life.beforeAll());
  beforeEach(() => life.beforeEach());
  afterEach(() => life.afterEach());
  return life.fakes;
}
