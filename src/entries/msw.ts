/**
 * `stuntdouble/msw`: the fakes as msw request handlers, for a suite that already intercepts with msw.
 * @example
 * import { setupServer } from 'msw/node';
 * import { createFakes } from 'stuntdouble/msw';
 * const fakes = createFakes();
 * const server = setupServer(...fakes.handlers(), ...myOwnHandlers);
 * @packageDocumentation
 */
import type { HttpHandler } from 'msw';
import { type Fakes, createFakes as createCoreFakes } from '../create-fakes.js';
import { engineOf, stopGuard } from '../http/engines.js';
import { mswHandlers } from '../http/transport-msw.js';
import type { FakesOptions } from '../options.js';

/** A fakes instance that can also hand itself to msw. */
export interface MswFakes extends Fakes {
  /**
   * msw request handlers answering every faked host with this instance (its state, journal, clock,
   * faults and scenarios): `setupServer(...fakes.handlers(), ...yours)`. Requests to other hosts are
   * msw's (its `onUnhandledRequest`). Do not also call `install()`: msw is the transport.
   */
  handlers(): HttpHandler[];
}

/**
 * msw request handlers for a fakes instance made by `createFakes()` of `stuntdouble`. msw then serves
 * the faked hosts, so the instance's guard (which refuses faked hosts while nothing is installed) is
 * turned off.
 * @example setupServer(...handlers(fakes))
 */
export function handlers(fakes: Fakes): HttpHandler[] {
  const engine = engineOf(fakes);
  stopGuard(fakes);
  return mswHandlers(engine);
}

/**
 * `createFakes()` of `stuntdouble`, plus {@link MswFakes.handlers}.
 * @example const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' }); setupServer(...fakes.handlers());
 */
export function createFakes(options: FakesOptions = {}): MswFakes {
  const fakes = createCoreFakes(options) as MswFakes;
  fakes.handlers = () => handlers(fakes);
  return fakes;
}
