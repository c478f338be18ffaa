/** `stuntdouble/node-test`: `useFakes()` / `withFakes(t)` and assertions for `node:test`. */
export * from '../runners/node-test.js';
