/**
 * The rate-limit family keeps no slice: each identity's window (used, reset, exhausted) lives in the
 * host's meters, outside the state tree, so that a refused request can count (as on GitHub) while the
 * state, and so `snapshot()`, stays the same object. The catalog pipeline counts every API call there
 * (core/catalog/rate-limit.ts); this family answers `GET /rate_limit` and exhausts windows for scenarios.
 */
export type { RateWindow } from '../core/catalog/state.js';
