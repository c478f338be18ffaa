import { afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { type CheckResult, type ReceivedExpectation, checkReceived, checkReceivedTimes, checkUnmatched } from '../assert/index.js';
import type { Fakes } from '../create-fakes.js';
import { type UseFakesOptions, createLifecycle } from './lifecycle.js';
import type { RouteKey } from '../fakes/route-keys.js';

export type { ReceivedExpectation, UseFakesOptions, Fakes };
export { assertNoUnmatched, assertReceived, assertReceivedTimes } from '../assert/index.js';

/** The matchers `stuntdouble/jest` adds to `expect` (the same as `stuntdouble/vitest`'s, with the same messages). */
export interface StuntdoubleMatchers<R = unknown> {
  /** The fakes received a call on a route (`'PUT /repos/{owner}/{repo}/import'`, or a concrete path), optionally with this body/query/status. */
  toHaveReceived(route: RouteKey, expected?: ReceivedExpectation): R;
  /** The fakes received exactly `times` calls on a route. */
  toHaveReceivedTimes(route: RouteKey, times: number): R;
  /** Some request reached a faked host but matched no route. */
  toHaveUnmatched(): R;
}

// `expect` from '@jest/globals' is typed by the `expect` package.
declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends StuntdoubleMatchers<R> {}
}

// The global `expect` (typed by @types/jest).
declare global {
  namespace jest {
    interface Matchers<R, T = {}> extends StuntdoubleMatchers<R> {}
  }
}

function toMatcher(result: CheckResult, isNot: boolean) {
  return { pass: result.pass, message: () => result.message(isNot) };
}

expect.extend({
  toHaveReceived(received: unknown, route: unknown, expected: unknown = {}) {
    return toMatcher(
      checkReceived(received, String(route), expected as ReceivedExpectation, (a, b) => this.equals(a, b)),
      this.isNot ?? false,
    );
  },
  toHaveReceivedTimes(received: unknown, route: unknown, times: unknown) {
    return toMatcher(checkReceivedTimes(received, String(route), Number(times)), this.isNot ?? false);
  },
  toHaveUnmatched(received: unknown) {
    return toMatcher(checkUnmatched(received), this.isNot ?? false);
  },
});

/**
 * Creates fakes for a Jest test file: installs them before each test; after each test waits for
 * queued deliveries, uninstalls and resets them to the baseline (what the `seed` option or
 * `beforeAll` left, else empty). With `onUnmatched: 'error'`, a test that sent an unmatched request
 * fails in afterEach, naming it. Works with CommonJS and ESM Jest set-ups (ts-jest, babel-jest, or no transform).
 * @example
 * const fakes = useFakes({ clock: '2024-01-01T00:00:00Z' });
 * test('starts an import', async () => { ...; expect(fakes).toHaveReceived('PUT /repos/{owner}/{repo}/import') });
 */
export function useFakes(options: UseFakesOptions = {}): Fakes {
  const life = createLifecycle(options);
  beforeAll(() => life.beforeAll());
  beforeEach(() => life.beforeEach());
  afterEach(() => life.afterEach());
  return life.fakes;
}
