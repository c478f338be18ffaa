/** `stuntdouble/jest`: `useFakes()` and the `toHaveReceived` matchers for Jest (CommonJS or ESM). */
export * from '../runners/jest.js';
