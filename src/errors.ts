/** Base class of every error stuntdouble throws on purpose (as opposed to a service's own error answers). */
export class StuntdoubleError extends Error {
  override name = 'StuntdoubleError';
}

/**
 * A name in stuntdouble's own API that does not exist: an option key, a route, an operation, a
 * permission, a scope, a field. `suggestions` holds the nearest valid spellings.
 */
export class UnknownNameError extends StuntdoubleError {
  override name = 'UnknownNameError';
  constructor(
    message: string,
    /** What kind of name it was, e.g. `'option'`, `'route'`, `'operation'`. */
    readonly kind: string,
    /** The name as given. */
    readonly input: string,
    /** The nearest valid spellings, best first (possibly empty). */
    readonly suggestions: readonly string[],
  ) {
    super(message);
  }
}

/**
 * `fakes.route()` was given a route the fake already has (in any spelling of its parameters):
 * `existing` is its name, to pass to `fakes.override()` instead.
 */
export class RouteExistsError extends StuntdoubleError {
  override name = 'RouteExistsError';
  constructor(
    message: string,
    /** The existing route, as `fakes.routes()` lists it. */
    readonly existing: string,
  ) {
    super(message);
  }
}

/** A request to a host no fake serves, refused under `onUnhandledRequest: 'error'`. */
export class UnhandledRequestError extends StuntdoubleError {
  override name = 'UnhandledRequestError';
  readonly code = 'ESTUNTDOUBLE_UNHANDLED';
}

/** A request to a faked host while no fakes are installed (the guard), or after nock lost the fakes' interceptors. */
export class NotInstalledError extends StuntdoubleError {
  override name = 'NotInstalledError';
  readonly code = 'ESTUNTDOUBLE_NOT_INSTALLED';
}

/**
 * A connection to a faked host that no fake can intercept (an HTTP/2 session, a `Pool`/`Client` of an
 * undici copy stuntdouble did not patch, a raw `net`/`tls` socket): stopped before DNS, so it never
 * reaches the real service, and reported in `fakes.errors`.
 */
export class UninterceptableRequestError extends StuntdoubleError {
  override name = 'UninterceptableRequestError';
  readonly code = 'ESTUNTDOUBLE_UNINTERCEPTABLE';
  constructor(
    message: string,
    /** `host:port` the connection was for. */
    readonly target: string,
    /** What opened it, as far as the call stack tells: `'http2'`, `'undici'` or `'socket'`. */
    readonly via: 'http2' | 'undici' | 'socket',
  ) {
    super(message);
  }
}

/** nock's version does not work with this Node version (or is not supported at all). */
export class UnsupportedNockError extends StuntdoubleError {
  override name = 'UnsupportedNockError';
}

/** One failure inside the fake, an override, a custom route or a scenario, as `fakes.errors` lists it. */
export interface FakeFailure {
  /** The journal sequence number of the request that failed (0 when not tied to a request). */
  readonly seq: number;
  /** The service whose request failed, when there was one. */
  readonly service?: string;
  /** `'METHOD url'` of the request. */
  readonly request: string;
  /**
   * Where it happened: `'override'`, `'route'` (a custom `fakes.route()`), `'fault'` (a fault hook / scenario),
   * `'fake'` (stuntdouble itself), `'guard'`, `'connection'` (a connection to a faked host no fake could
   * intercept, stopped before it left: an {@link UninterceptableRequestError}).
   */
  readonly source: 'override' | 'route' | 'fault' | 'fake' | 'guard' | 'connection';
  readonly message: string;
  readonly stack?: string;
  /** The value that was thrown. */
  readonly error: unknown;
}

/** Thrown by `fakes.verify()` / `uninstall()` / `useFakes`' afterEach when something failed inside the fakes during the test. */
export class FakeInternalError extends StuntdoubleError {
  override name = 'FakeInternalError';
  constructor(
    message: string,
    /** Every failure reported by this error. */
    readonly failures: readonly FakeFailure[],
  ) {
    super(message, failures[0] ? { cause: failures[0].error } : undefined);
  }
}
