import type { Engine } from './dispatch.js';

// Which engine serves which fakes instance: the server mode reaches the request pipeline of a
// `createFakes()` instance without widening its public type.
const engines = new WeakMap<object, Engine>();

/** Records the engine behind a fakes instance (called once by `createFakes`). */
export function attachEngine(fakes: object, engine: Engine): void {
  engines.set(fakes, engine);
}

/** The engine behind a fakes instance; throws for anything `createFakes()` did not make. */
export function engineOf(fakes: object, what = 'serve()'): Engine {
  const engine = engines.get(fakes);
  if (!engine) throw new TypeError(`stuntdouble: ${what} needs a fakes instance made by createFakes()`);
  return engine;
}

// What else an integration (the msw handlers) needs of an instance: to stop its guard, since msw then
// serves the faked hosts and a request to them is no longer a forgotten install().
const guardStoppers = new WeakMap<object, () => void>();

/** Records how to stop the guard of a fakes instance (called once by `createFakes`). */
export function attachGuardStopper(fakes: object, stop: () => void): void {
  guardStoppers.set(fakes, stop);
}

/** Stops the guard of a fakes instance (its hosts are served by something else, msw). */
export function stopGuard(fakes: object): void {
  guardStoppers.get(fakes)?.();
}
