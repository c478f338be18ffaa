import type { Draft } from 'immer';
import type { FakeFailure } from '../errors.js';
import type { AuthMode, ServiceHost } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import type { Clock } from '../store/clock.js';
import type { Journal } from '../store/journal.js';
import type { Store } from '../store/store.js';
import { Effects } from './effects.js';
import { hostHint, unservedError } from './explain.js';
import type { FakeRequest, RawRequest } from './request.js';
import { type OverrideHandler, RouteCatalog, type RouteSelector } from './route-catalog.js';
import { type FaultHook, type HandleResult, type Pipeline, runRequest } from './run.js';
import { type AnyService, type Resolved, ServiceRegistry } from './services.js';

// The engine: one instance's request pipeline, assembled from its parts. Each part has one job:
// services.ts resolves a service, route-catalog.ts names routes (custom routes, overrides, selectors),
// run.ts runs a request through its route, record.ts records the call, explain.ts blames and explains
// failures, effects.ts keeps state changes, side effects and latency waits.

export type { OverrideHandler, RouteProbe, RouteSelector } from './route-catalog.js';
export type { FaultDecision, FaultHook, FaultProbe, HandleResult } from './run.js';
export { isServiceError } from './explain.js';
export { parseBaseUrl } from './services.js';

/** The request pipeline shared by every transport: resolve service, route, run, render, journal. */
export class Engine {
  readonly faults: FaultHook[] = [];
  /** Failures inside the fake, an override, a custom route or a fault hook, in order (`fakes.errors`). */
  readonly errors: FakeFailure[] = [];
  readonly #services = new ServiceRegistry();
  readonly #catalog = new RouteCatalog(this.#services);
  readonly #effects: Effects;
  readonly #pipeline: Pipeline;

  constructor(
    private readonly store: Store<Record<ServiceName, unknown>>,
    readonly clock: Clock,
    readonly journal: Journal,
    readonly auth: AuthMode,
  ) {
    this.#effects = new Effects(store, clock);
    this.#pipeline = {
      services: this.#services,
      catalog: this.#catalog,
      effects: this.#effects,
      clock,
      journal,
      auth,
      faults: this.faults,
      errors: this.errors,
      runTimers: () => this.runTimers(),
      handle: (input, signal) => this.handle(input, signal),
    };
  }

  /** Adds a service with its resolved options and base URLs; returns its host. */
  register(def: AnyService, options: unknown, baseUrls: readonly string[]): ServiceHost<unknown, unknown> {
    const self = this;
    const name = def.name;
    const host: ServiceHost<unknown, unknown> = {
      name,
      get state() {
        return self.store.get()[name];
      },
      update: (recipe) => this.update((d) => recipe((d as Record<string, Draft<unknown>>)[name] as Draft<unknown>)),
      clock: this.clock,
      options,
      auth: this.auth,
      baseUrls,
      after: (fn) => this.after(fn),
      meters: {},
    };
    this.#services.add(def, host, baseUrls);
    return host;
  }

  /** Every origin some service answers on (the interceptors' hosts; base URLs mounted by a server excluded). */
  origins(): string[] {
    return this.#services.origins();
  }

  /**
   * Makes a service answer on one more base URL (server mode: `http://127.0.0.1:4010/github`). Bodies'
   * URLs use it for requests that arrive on it. Returns a function that removes it again.
   */
  mount(service: ServiceName, href: string): () => void {
    return this.#services.mount(service, href);
  }

  /** Which service (and base URL) answers a URL, if any. */
  resolve(url: URL): Resolved | undefined {
    return this.#services.resolve(url);
  }

  /** Whether a URL is served by a fake of this instance. */
  serves(url: URL): boolean {
    return this.#services.resolve(url) !== undefined;
  }

  /** One atomic state change; work queued with `after()` inside it runs only if it lands. */
  update<R>(recipe: (draft: Draft<Record<ServiceName, unknown>>) => R): R {
    return this.#effects.update(recipe);
  }

  /**
   * Runs work after the current change lands; `flush()` awaits it. The work gets a signal that aborts
   * on reset() and uninstall(), so a delivery still in flight when a test ends cannot reach the next
   * test's receiver (or the network after the interceptors are gone).
   */
  after(fn: (signal: AbortSignal) => void | Promise<void>): void {
    this.#effects.after(fn);
  }

  /**
   * Ends every latency wait in progress (reset(), uninstall()): its timer is cleared and its request
   * fails at the connection level, so no timer of the fakes outlives them. Side effects still in
   * flight (webhook deliveries) are aborted the same way.
   */
  cancelWaits(): void {
    this.#effects.cancel();
  }

  /** How many latency waits are in progress (for tests of timer hygiene). */
  get waiting(): number {
    return this.#effects.waiting;
  }

  /** Resolves when every queued side effect (webhook deliveries) has finished. */
  flush(): Promise<void> {
    return this.#effects.flush();
  }

  /** Applies due time-driven transitions of every service (lazy: called on requests and clock moves). */
  runTimers(): void {
    const now = this.clock.nowMs();
    for (const e of this.#services.entries) {
      const { dueAt, tick } = e.def;
      if (!dueAt || !tick) continue;
      const due = dueAt(this.store.get()[e.def.name]);
      if (due === undefined || due > now) continue;
      e.host.update((draft) => tick(draft, now, e.host));
    }
  }

  /** Replaces one operation's answer; returns a function that removes the override. */
  override(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    return this.#catalog.override(service, routeKey, handler);
  }

  /**
   * Adds a route the fake does not have (`fakes.route()`). It wins over the service's own routes
   * that match a request only generically (Graph's `/{id}/{edge}`); a route the service already has,
   * in any spelling of its parameters, throws (use `override` for those). Returns a function that removes it.
   */
  addRoute(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    return this.#catalog.addRoute(service, routeKey, handler);
  }

  /** Drops every custom route (reset). */
  clearCustomRoutes(): void {
    this.#catalog.clearCustomRoutes();
  }

  /** Drops every override. */
  clearOverrides(): void {
    this.#catalog.clearOverrides();
  }

  /**
   * Checks a `'METHOD /template'` string against a service's routes (its own and custom ones) and
   * returns the names it stands for, as the journal records them; an alias spelling of a parameter is
   * accepted. Throws an {@link UnknownNameError} with the nearest routes otherwise.
   */
  resolveRouteKey(service: ServiceName, routeKey: string, where: string, needMethod = false): { method: string | undefined; names: string[] } {
    return this.#catalog.resolveRouteKey(service, routeKey, where, needMethod);
  }

  /**
   * A predicate for the calls (or fault probes) a route string names, in one service or any: a template
   * in any accepted spelling, or a concrete path (`'GET /repos/octo/hello'`) a route of the service
   * answers. Anything else throws an {@link UnknownNameError} naming the nearest routes, so a misspelt
   * route cannot select nothing silently (and a negated assertion pass forever).
   */
  routeSelector(service: ServiceName | undefined, routeKey: string, where: string): RouteSelector {
    return this.#catalog.routeSelector(service, routeKey, where);
  }

  /** Clears every service's meters (reset). */
  resetMeters(): void {
    for (const e of this.#services.entries) for (const k of Object.keys(e.host.meters)) delete e.host.meters[k];
  }

  /** Every route of a service (its own, one spelling each, then custom ones), as `'METHOD /template'`. */
  routesOf(service: ServiceName): string[] {
    return this.#catalog.routesOf(service);
  }

  /** Every operation id of a service (for validating `calls.where({ operation })`). */
  operationsOf(service: ServiceName): string[] {
    return this.#catalog.operationsOf(service);
  }

  /** Every service name registered. */
  serviceNames(): ServiceName[] {
    return this.#services.names();
  }

  /** One line on why a URL on no faked base URL may have been meant for a fake (GHES prefix, a missing base URL). */
  hostHint(url: URL): string {
    return hostHint(this.#services.entries, url);
  }

  /** The error for a URL on a faked origin but outside every base URL (e.g. a GHES path without its /api/v3 prefix). */
  unservedError(method: string, url: URL): Error {
    return unservedError(this.#services.entries, method, url);
  }

  /**
   * Handles one request end to end. Never throws for a served URL: every failure becomes the service's
   * envelope. `signal` is the client's abort signal: an aborted request stops waiting (latency faults)
   * and fails at the connection level.
   */
  handle(input: RawRequest | FakeRequest, signal?: AbortSignal): Promise<HandleResult> {
    return runRequest(this.#pipeline, input, signal);
  }
}
