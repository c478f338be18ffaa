import { type Fakes, createFakes } from '../create-fakes.js';
import type { FakesOptions } from '../options.js';

/**
 * Options of `useFakes()` in every runner integration: the options of `createFakes()`, plus `seed`.
 */
export interface UseFakesOptions extends FakesOptions {
  /**
   * Seeds the fakes once, before the first test of the file (apply scenarios, seed repos, pages,
   * caches). What it leaves is the baseline that every test starts from: the reset after each test
   * goes back to it, not to empty fakes. May be async.
   * @example
   * useFakes({
   *   seed: (fakes) => {
   *     fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'web' });
   *     fakes.apply(scenarios.pageWithFeed({ posts: 3 }));
   *   },
   * })
   */
  seed?: (fakes: Fakes) => void | Promise<void>;
}

/** The hooks a runner integration wires: once before all tests, before each, after each. */
export interface Lifecycle {
  fakes: Fakes;
  beforeAll(): Promise<void>;
  beforeEach(): void;
  afterEach(): Promise<void>;
}

/**
 * The lifecycle every runner integration shares (vitest, Jest, node:test): install before each
 * test; after it, wait for queued deliveries, uninstall, reset to the baseline, and fail on
 * unmatched requests when `onUnmatched: 'error'`. The baseline is what the fakes hold when the
 * first test starts, so seeding in `beforeAll` (or with the `seed` option) survives each reset.
 */
export function createLifecycle(options: UseFakesOptions = {}): Lifecycle {
  const { seed, ...fakesOptions } = options;
  const fakes = createFakes(fakesOptions);
  let seeded = false;
  let baselineTaken = false;
  return {
    fakes,
    async beforeAll() {
      if (seed && !seeded) {
        seeded = true;
        await seed(fakes);
      }
    },
    beforeEach() {
      if (!baselineTaken) {
        baselineTaken = true;
        fakes.markBaseline();
      }
      fakes.install();
    },
    async afterEach() {
      await fakes.flush();
      // A failure inside the fakes (an override or scenario that threw, a bug in the fake) and, with
      // onUnmatched: 'error', an unmatched request fail the test, named by fakes.verify().
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
    },
  };
}
