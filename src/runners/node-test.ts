import { after, afterEach, before, beforeEach } from 'node:test';
import type { Fakes } from '../create-fakes.js';
import { type UseFakesOptions, createLifecycle } from './lifecycle.js';

export type { ReceivedExpectation } from '../assert/index.js';
export type { UseFakesOptions, Fakes };
export { assertNoUnmatched, assertReceived, assertReceivedTimes } from '../assert/index.js';

/**
 * Creates fakes for a `node:test` file or `describe` block: installs them before each test; after
 * each test waits for queued deliveries, uninstalls and resets them to the baseline (what the `seed`
 * option or a `before` hook left, else empty). With `onUnmatched: 'error'`, a test that sent an
 * unmatched request fails, naming it. Assert with {@link assertReceived} and friends.
 * @example
 * const fakes = useFakes({ clock: '2024-01-01T00:00:00Z' });
 * test('starts an import', async () => { ...; assertReceived(fakes, 'PUT /repos/{owner}/{repo}/import') });
 */
export function useFakes(options: UseFakesOptions = {}): Fakes {
  const life = createLifecycle(options);
  before(() => life.beforeAll());
  beforeEach(() => life.beforeEach());
  afterEach(() => life.afterEach());
  after(() => {
    if (life.fakes.installed) life.fakes.uninstall();
  });
  return life.fakes;
}

/** What `withFakes(t)` needs of a `node:test` test context: its `after` hook. */
export interface TestContextLike {
  /** Registers a function to run after the test (node:test's `t.after`). */
  after(fn: () => unknown): unknown;
}

/**
 * Fakes for one `node:test` test: created and installed now, and on `t.after` flushed, uninstalled
 * and checked for unmatched requests (with `onUnmatched: 'error'`). Seed them in the test itself.
 * @example
 * test('starts an import', async (t) => {
 *   const fakes = await withFakes(t, { clock: '2024-01-01T00:00:00Z' });
 *   ...
 *   assertReceived(fakes, 'PUT /repos/{owner}/{repo}/import');
 * });
 */
export async function withFakes(t: TestContextLike, options: UseFakesOptions = {}): Promise<Fakes> {
  const life = createLifecycle(options);
  await life.beforeAll();
  life.beforeEach();
  t.after(() => life.afterEach());
  return life.fakes;
}
