/** `stuntdouble/vitest`: `useFakes()` and the `toHaveReceived` matchers for vitest. */
export * from '../runners/vitest.js';
