import type { Draft } from 'immer';
import { type FakeFailure, RouteExistsError, UnhandledRequestError } from '../errors.js';
import type { AuthMode, BareContext, CallMeta, RouteContext, RouteSpec, ServiceDefinition, ServiceHost } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import type { Clock } from '../store/clock.js';
import type { Journal, RecordedCall } from '../store/journal.js';
import { splitRouteKey } from '../store/journal.js';
import type { Store } from '../store/store.js';
import { parseRequest } from './body.js';
import { BODY_LIMITS, MAX_URL_LENGTH } from './limits.js';
import { redactHeaders, redactQuery, redactText, redactUrl, requestSecrets } from './redact.js';
import type { FakeRequest, RawRequest } from './request.js';
import type { FakeResponse } from './response.js';
import { Router, trimSlashes } from './router.js';
import { canonicalTemplate, closestRoutes, routeKeyError } from './route-names.js';
import {
  HTTP_METHODS,
  type RouteIndex,
  buildRouteIndex,
  canonicalRouteKey,
  compareSpecificity,
  hasLiteral,
  parseRouteKey,
  probePath,
  routeShape,
} from './route-index.js';
import { suggest } from '../util/suggest.js';

// Captured at load so vi.useFakeTimers() cannot stall a latency fault on a real clock.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** A latency wait on the real clock, tracked so abort, reset() and uninstall() can end it. */
interface Wait {
  timer: ReturnType<typeof setTimeout>;
  finish(outcome: 'done' | 'aborted' | 'cancelled'): void;
}

// biome-ignore lint/suspicious/noExplicitAny: the engine stores services of different state types side by side.
type AnyService = ServiceDefinition<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyService.
type AnyRoute = RouteSpec<any, any>;

/** A handler that replaces one operation's answer (see `fakes.override`). */
// biome-ignore lint/suspicious/noExplicitAny: overrides see the service's context untyped.
export type OverrideHandler = (ctx: RouteContext<any, any>) => FakeResponse | Promise<FakeResponse>;

/** What a request looks like to a fault hook. */
export interface FaultProbe {
  readonly service: ServiceName;
  readonly method: string;
  readonly path: string;
  /** The route as the journal names it (e.g. Graph's `/{page-id}/feed`); `null` when unmatched. */
  readonly route: string | null;
  /** The router's own template when it differs from `route` (Graph's `/{id}/feed`), else the same. */
  readonly template: string | null;
  readonly operation: string;
}

/** What a fault hook decides for one request: answer, fail the connection, delay, or let it through. */
export interface FaultDecision {
  /** Recorded in the call's tags, e.g. `'flaky'`. */
  tag: string;
  /** Answer this instead of the route. */
  response?: FakeResponse;
  /** Render this error with the service's envelope instead of running the route. */
  error?: unknown;
  /** Fail at the connection level with this message (the client sees a network error). */
  networkError?: string;
  /** Delay the answer; on a frozen clock the fake clock advances instead of waiting. */
  delayMs?: number;
}

/** A fault hook, consulted for every request after routing. */
export type FaultHook = (probe: FaultProbe) => FaultDecision | undefined;

/** The outcome of handling one request. */
export type HandleResult =
  | { kind: 'response'; response: FakeResponse; call: RecordedCall }
  | { kind: 'network-error'; error: Error; call: RecordedCall }
  | { kind: 'unserved' };

interface BaseUrl {
  href: string;
  origin: string;
  prefix: string;
  /** Added by a server (`mount`): answered when a request arrives there, never intercepted by nock. */
  mounted?: boolean;
  /** A host the service's answers link to (`companionBaseUrls`): answered and intercepted, not one of its own base URLs. */
  companion?: boolean;
}

interface Entry {
  def: AnyService;
  host: ServiceHost<unknown, unknown>;
  router: Router<AnyRoute>;
  baseUrls: BaseUrl[];
}

// A service's routes never change after definition: build its router once, share it between
// instances (it was ~90% of createFakes() with the GitHub catalog's hundreds of routes).
const routers = new WeakMap<AnyService, Router<AnyRoute>>();
function routerOf(def: AnyService): Router<AnyRoute> {
  let router = routers.get(def);
  if (!router) {
    router = new Router<AnyRoute>();
    for (const r of def.routes) router.add(r.method, r.path, r);
    routers.set(def, router);
  }
  return router;
}

const indexes = new WeakMap<AnyService, RouteIndex>();
const listedParts = new WeakMap<AnyService, Array<{ method: string; template: string }>>();

/** `'METHOD /template'` with the template in its canonical spelling (the selectors' key). */
function routeKeyOf(name: string): string {
  const { method = 'GET', template } = splitRouteKey(name);
  return canonicalRouteKey(method, template);
}

/** What a route selector looks at: a journal entry or a fault probe. */
export interface RouteProbe {
  readonly service: ServiceName;
  readonly method: string;
  readonly path: string;
  /** The route as journaled. */
  readonly route: string | null;
  /** The router's template, when known and different (fault probes). */
  readonly template?: string | null;
  /** The operation as journaled (`graphql:IssueList`). */
  readonly operation?: string;
}

/** Whether a call (or a fault probe) is on the route a string names; see {@link Engine.routeSelector}. */
export type RouteSelector = (probe: RouteProbe) => boolean;

/** Parses a base URL into origin and path prefix (`https://ghe.example.com/api/v3`). */
export function parseBaseUrl(href: string): BaseUrl {
  const u = new URL(href);
  const prefix = trimSlashes(u.pathname, 'end');
  return { href: `${u.origin}${prefix}`, origin: u.origin, prefix };
}

/** The request pipeline shared by every transport: resolve service, route, run, render, journal. */
export class Engine {
  readonly #entries: Entry[] = [];
  readonly #overrides = new Map<string, OverrideHandler>();
  readonly faults: FaultHook[] = [];
  readonly #pending = new Set<Promise<unknown>>();
  readonly #waits = new Set<Wait>();
  readonly #custom = new Map<ServiceName, Router<AnyRoute>>();
  /** Failures inside the fake, an override, a custom route or a fault hook, in order (`fakes.errors`). */
  readonly errors: FakeFailure[] = [];
  #afterQueue: Array<(signal: AbortSignal) => void | Promise<void>> | undefined;
  /** Aborted (and replaced) by {@link cancelWaits}: side effects still in flight at reset()/uninstall() end with it. */
  #sideEffects = new AbortController();

  constructor(
    private readonly store: Store<Record<ServiceName, unknown>>,
    readonly clock: Clock,
    readonly journal: Journal,
    readonly auth: AuthMode,
  ) {}

  /** Adds a service with its resolved options and base URLs; returns its host. */
  register(def: AnyService, options: unknown, baseUrls: readonly string[]): ServiceHost<unknown, unknown> {
    const router = routerOf(def);
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
    const own = baseUrls.map(parseBaseUrl);
    const companions = (def.companionBaseUrls?.(baseUrls) ?? [])
      .map((h) => ({ ...parseBaseUrl(h), companion: true }))
      .filter((c) => !own.some((b) => b.href === c.href));
    this.#entries.push({ def, host, router, baseUrls: [...own, ...companions] });
    this.#byOrigin = undefined;
    return host;
  }

  /** Every origin some service answers on (the interceptors' hosts; base URLs mounted by a server excluded). */
  origins(): string[] {
    return [...new Set(this.#entries.flatMap((e) => e.baseUrls.filter((b) => !b.mounted).map((b) => b.origin)))];
  }

  /**
   * Makes a service answer on one more base URL (server mode: `http://127.0.0.1:4010/github`). Bodies'
   * URLs use it for requests that arrive on it. Returns a function that removes it again.
   */
  mount(service: ServiceName, href: string): () => void {
    const entry = this.#entries.find((e) => e.def.name === service);
    if (!entry) throw new Error(`stuntdouble: unknown service '${service}'`);
    const base: BaseUrl = { ...parseBaseUrl(href), mounted: true };
    if (entry.baseUrls.some((b) => b.href === base.href)) return () => undefined;
    entry.baseUrls.push(base);
    this.#byOrigin = undefined;
    return () => {
      const i = entry.baseUrls.indexOf(base);
      if (i >= 0) entry.baseUrls.splice(i, 1);
      this.#byOrigin = undefined;
    };
  }

  /** Base URLs by origin (rebuilt after a base URL is added or removed): a request looks up its origin only. */
  #byOrigin: Map<string, Array<{ entry: Entry; base: BaseUrl }>> | undefined;
  #basesByOrigin(): Map<string, Array<{ entry: Entry; base: BaseUrl }>> {
    if (this.#byOrigin) return this.#byOrigin;
    const map = new Map<string, Array<{ entry: Entry; base: BaseUrl }>>();
    for (const entry of this.#entries)
      for (const base of entry.baseUrls) {
        const list = map.get(base.origin);
        if (list) list.push({ entry, base });
        else map.set(base.origin, [{ entry, base }]);
      }
    this.#byOrigin = map;
    return map;
  }

  /** Which service (and base URL) answers a URL, if any. */
  resolve(url: URL): { entry: Entry; base: BaseUrl; path: string } | undefined {
    let best: { entry: Entry; base: BaseUrl; path: string } | undefined;
    const candidates = this.#basesByOrigin().get(url.origin);
    if (!candidates) return undefined;
    const p = url.pathname;
    for (const { entry, base } of candidates) {
      if (base.prefix && p !== base.prefix && !p.startsWith(`${base.prefix}/`)) continue;
      if (!best || base.prefix.length > best.base.prefix.length) best = { entry, base, path: p.slice(base.prefix.length) || '/' };
    }
    return best;
  }

  /** Whether a URL is served by a fake of this instance. */
  serves(url: URL): boolean {
    return this.resolve(url) !== undefined;
  }

  /** One atomic state change; work queued with `after()` inside it runs only if it lands. */
  update<R>(recipe: (draft: Draft<Record<ServiceName, unknown>>) => R): R {
    const outer = this.#afterQueue;
    const queue: Array<(signal: AbortSignal) => void | Promise<void>> = [];
    this.#afterQueue = queue;
    let result: R;
    try {
      result = this.store.update(recipe);
    } finally {
      this.#afterQueue = outer;
    }
    for (const fn of queue) this.after(fn);
    return result;
  }

  /**
   * Runs work after the current change lands; `flush()` awaits it. The work gets a signal that aborts
   * on reset() and uninstall(), so a delivery still in flight when a test ends cannot reach the next
   * test's receiver (or the network after the interceptors are gone).
   */
  after(fn: (signal: AbortSignal) => void | Promise<void>): void {
    if (this.#afterQueue) {
      this.#afterQueue.push(fn);
      return;
    }
    const { signal } = this.#sideEffects;
    const p = Promise.resolve()
      .then(() => (signal.aborted ? undefined : fn(signal)))
      .catch(() => undefined)
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  /**
   * Ends every latency wait in progress (reset(), uninstall()): its timer is cleared and its request
   * fails at the connection level, so no timer of the fakes outlives them. Side effects still in
   * flight (webhook deliveries) are aborted the same way.
   */
  cancelWaits(): void {
    this.#sideEffects.abort(new Error('stuntdouble: the fakes were reset or uninstalled'));
    this.#sideEffects = new AbortController();
    for (const w of [...this.#waits]) w.finish('cancelled');
  }

  /** How many latency waits are in progress (for tests of timer hygiene). */
  get waiting(): number {
    return this.#waits.size;
  }

  /** Resolves when every queued side effect (webhook deliveries) has finished. */
  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Applies due time-driven transitions of every service (lazy: called on requests and clock moves). */
  runTimers(): void {
    const now = this.clock.nowMs();
    for (const e of this.#entries) {
      const { dueAt, tick } = e.def;
      if (!dueAt || !tick) continue;
      const due = dueAt(this.store.get()[e.def.name]);
      if (due === undefined || due > now) continue;
      e.host.update((draft) => tick(draft, now, e.host));
    }
  }

  /** Replaces one operation's answer; returns a function that removes the override. */
  override(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    const { names } = this.resolveRouteKey(service, routeKey, 'fakes.override()', true);
    const keys = names.map((n) => `${service} ${n}`);
    for (const key of keys) this.#overrides.set(key, handler);
    return () => {
      for (const key of keys) if (this.#overrides.get(key) === handler) this.#overrides.delete(key);
    };
  }

  /**
   * Adds a route the fake does not have (`fakes.route()`). It wins over the service's own routes
   * that match a request only generically (Graph's `/{id}/{edge}`); a route the service already has,
   * in any spelling of its parameters, throws (use `override` for those). Returns a function that removes it.
   */
  addRoute(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    const entry = this.#entry(service, 'fakes.route()');
    const { method, template } = parseRouteKey(routeKey, 'fakes.route()', true) as { method: string; template: string };
    const existing = this.#index(entry).byShape.get(`${method} ${routeShape(template)}`);
    if (existing)
      throw new RouteExistsError(
        `stuntdouble: ${entry.def.title} already has '${existing}' (you wrote '${method} ${template}'); fakes.route() adds routes a fake lacks. Replace its answer with fakes.override('${service}', '${existing}', handler).`,
        existing,
      );
    let router = this.#custom.get(service);
    if (!router) {
      router = new Router<AnyRoute>();
      this.#custom.set(service, router);
    }
    const custom = this.#customRoutes(service).find((r) => r.method === method && routeShape(r.template) === routeShape(template));
    if (custom)
      throw new RouteExistsError(
        `stuntdouble: fakes.route() already added '${custom.method} ${custom.template}'; call the remover it returned first.`,
        `${custom.method} ${custom.template}`,
      );
    // The router takes parameter names of word characters: `{page-id}` is routed as `{page_id}`, and
    // the handler sees the value under both names; the journal keeps the spelling given.
    const renamed: Array<[given: string, routed: string]> = [];
    const routed = template.replace(/\{([+]?)([^}=]+)(=[^}]*)?\}/g, (_m, plus: string, name: string, pattern: string | undefined) => {
      const safe = name.replace(/[^\w.]/g, '_');
      if (safe !== name) renamed.push([name, safe]);
      return `{${plus}${safe}${pattern ?? ''}}`;
    });
    const run: OverrideHandler = renamed.length
      ? (ctx) => {
          const params = ctx.params as Record<string, string>;
          for (const [given, safe] of renamed) if (params[safe] !== undefined) params[given] = params[safe];
          return handler(ctx);
        }
      : handler;
    const spec: AnyRoute = { method, path: routed, name: template, operation: `custom ${method} ${template}`, handler: run };
    router.add(method, routed, spec);
    return () => {
      router.remove(method, routed);
    };
  }

  /** The custom routes of a service, in the spelling they were added with. */
  #customRoutes(service: ServiceName): Array<{ method: string; template: string }> {
    const router = this.#custom.get(service);
    if (!router) return [];
    return router.routes().map((r) => {
      const m = router.match(r.method, probePath(r.template));
      return { method: r.method, template: m.kind === 'match' ? (m.match.value.name ?? r.template) : r.template };
    });
  }

  /** Drops every custom route (reset). */
  clearCustomRoutes(): void {
    this.#custom.clear();
  }

  /** The route index of a service (built once per service definition). */
  #index(entry: Entry): RouteIndex {
    let index = indexes.get(entry.def);
    if (!index) {
      index = buildRouteIndex(entry.def.routes, entry.def.journalRoutes?.() ?? [], entry.router as Router<unknown>);
      indexes.set(entry.def, index);
    }
    return index;
  }

  /**
   * The route names (as journaled) a `'METHOD /template'` string stands for in one service, its own
   * and custom ones: any spelling of the parameters, and a generic or alias spelling, are accepted.
   * Undefined when it names none.
   */
  #namesIn(entry: Entry, method: string | undefined, template: string): string[] | undefined {
    const index = this.#index(entry);
    const canonical = canonicalTemplate(template);
    const out: string[] = [];
    for (const m of method ? [method] : HTTP_METHODS) {
      for (const n of index.byKey.get(`${m} ${canonical}`) ?? []) if (!out.includes(n)) out.push(n);
      for (const r of this.#customRoutes(entry.def.name))
        if (r.method === m && canonicalTemplate(r.template) === canonical) out.push(`${r.method} ${r.template}`);
    }
    return out.length ? out : undefined;
  }

  /**
   * Checks a `'METHOD /template'` string against a service's routes (its own and custom ones) and
   * returns the names it stands for, as the journal records them; an alias spelling of a parameter is
   * accepted. Throws an {@link UnknownNameError} with the nearest routes otherwise.
   */
  resolveRouteKey(service: ServiceName, routeKey: string, where: string, needMethod = false): { method: string | undefined; names: string[] } {
    const entry = this.#entry(service, where);
    const { method, template } = parseRouteKey(routeKey, where, needMethod);
    const names = this.#namesIn(entry, method, template);
    if (names) return { method, names };
    throw this.#unknownRoute(entry, where, method, template);
  }

  #unknownRoute(entry: Entry, where: string, method: string | undefined, template: string): Error {
    const all = this.routesOf(entry.def.name);
    return routeKeyError(entry.def.title, where, method, template, all, closestRoutes(this.#listedRoutes(entry), method ?? 'GET', probePath(template)));
  }

  /** The listed routes of a service as `{ method, template }` (for the closest-route diagnostics). */
  #listedRoutes(entry: Entry): Array<{ method: string; template: string }> {
    let list = listedParts.get(entry.def);
    if (!list) {
      list = this.#index(entry).listed.map((r) => {
        const { method = 'GET', template } = splitRouteKey(r);
        return { method, template };
      });
      listedParts.set(entry.def, list);
    }
    const custom = this.#customRoutes(entry.def.name);
    return custom.length ? [...list, ...custom] : list;
  }

  /**
   * A predicate for the calls (or fault probes) a route string names, in one service or any: a template
   * in any accepted spelling, or a concrete path (`'GET /repos/octo/hello'`) a route of the service
   * answers. Anything else throws an {@link UnknownNameError} naming the nearest routes, so a misspelt
   * route cannot select nothing silently (and a negated assertion pass forever).
   */
  routeSelector(service: ServiceName | undefined, routeKey: string, where: string): RouteSelector {
    // A GraphQL operation (`graphql:IssueList`) names the GraphQL calls journaled under it.
    if (/^graphql:\w+$/.test(routeKey.trim())) {
      const operation = routeKey.trim();
      return (c) => (!service || c.service === service) && c.operation === operation;
    }
    const { method, template } = parseRouteKey(routeKey, where);
    const entries = service ? [this.#entry(service, where)] : this.#entries;
    const keys = new Set<string>();
    for (const e of entries) for (const n of this.#namesIn(e, method, template) ?? []) keys.add(`${e.def.name} ${routeKeyOf(n)}`);
    if (keys.size > 0) {
      return (c) => {
        if (service && c.service !== service) return false;
        if (method && c.method !== method) return false;
        if (c.route !== null && keys.has(`${c.service} ${c.method} ${canonicalTemplate(c.route)}`)) return true;
        return c.template != null && c.template !== c.route && keys.has(`${c.service} ${c.method} ${canonicalTemplate(c.template)}`);
      };
    }
    if (!template.includes('{') && template.startsWith('/') && this.#servesPath(entries, method, template)) {
      const canonical = canonicalTemplate(template);
      return (c) =>
        (!service || c.service === service) &&
        (!method || c.method === method) &&
        (c.path === template || (c.route !== null && canonicalTemplate(c.route) === canonical));
    }
    const first = entries[0];
    if (entries.length === 1 && first) throw this.#unknownRoute(first, where, method, template);
    const all = entries.flatMap((e) => this.routesOf(e.def.name));
    const closest = entries.flatMap((e) => closestRoutes(this.#listedRoutes(e), method ?? 'GET', probePath(template), 1));
    throw routeKeyError('No fake', where, method, template, all, closest);
  }

  /**
   * Whether a route of one of the services answers a concrete path. A path only a generic route
   * matches (Graph's `/{id}`: any single segment) counts unless it looks like a misspelt route without
   * parameters of some service (`/rate_limitt`).
   */
  #servesPath(entries: readonly Entry[], method: string | undefined, path: string): boolean {
    let generic = false;
    for (const e of entries) {
      const p = e.def.prepare ? safePrepared(e.def, new URL(`http://x${path}`), path) : path;
      for (const m of method ? [method] : ['GET', 'POST']) {
        const custom = this.#custom.get(e.def.name)?.match(m, p);
        if (custom && custom.kind !== 'not-found') return true;
        const found = e.router.match(m, p);
        const t = found.kind === 'match' ? found.match.template : found.kind === 'method-not-allowed' && !method ? found.template : undefined;
        if (t === undefined) continue;
        if (hasLiteral(t)) return true;
        generic = true;
      }
    }
    if (!generic) return false;
    const literal = this.#entries.flatMap((e) =>
      this.#index(e)
        .listed.map((r) => splitRouteKey(r).template)
        .filter((t) => !t.includes('{')),
    );
    return suggest(path, literal).length === 0;
  }

  #entry(service: ServiceName, where: string): Entry {
    const entry = this.#entries.find((e) => e.def.name === service);
    if (!entry)
      throw routeKeyError(
        'stuntdouble',
        where,
        undefined,
        String(service),
        [],
        [],
        this.#entries.map((e) => e.def.name),
      );
    return entry;
  }

  /** Clears every service's meters (reset). */
  resetMeters(): void {
    for (const e of this.#entries) for (const k of Object.keys(e.host.meters)) delete e.host.meters[k];
  }

  /** Drops every override. */
  clearOverrides(): void {
    this.#overrides.clear();
  }

  /** Every route of a service (its own, one spelling each, then custom ones), as `'METHOD /template'`. */
  routesOf(service: ServiceName): string[] {
    const entry = this.#entries.find((e) => e.def.name === service);
    if (!entry) return [];
    const own = this.#index(entry).listed;
    const custom = this.#customRoutes(service).map((r) => `${r.method} ${r.template}`);
    return custom.length ? [...new Set([...own, ...custom])] : [...own];
  }

  /** Every operation id of a service (for validating `calls.where({ operation })`). */
  operationsOf(service: ServiceName): string[] {
    const entry = this.#entries.find((e) => e.def.name === service);
    if (!entry) return [];
    const ops = new Set<string>(entry.def.operations?.() ?? []);
    for (const r of entry.def.routes) ops.add(r.operation);
    for (const r of this.#customRoutes(service)) ops.add(`custom ${r.method} ${r.template}`);
    return [...ops];
  }

  /** Every service name registered. */
  serviceNames(): ServiceName[] {
    return this.#entries.map((e) => e.def.name);
  }

  /** One line on why a URL on no faked base URL may have been meant for a fake (GHES prefix, a missing base URL). */
  hostHint(url: URL): string {
    const segs = url.pathname.split('/').filter(Boolean);
    for (const entry of this.#entries) {
      for (let cut = 0; cut <= Math.min(2, segs.length - 1); cut++) {
        const rest = `/${segs.slice(cut).join('/')}`;
        const path = entry.def.prepare ? safePrepared(entry.def, url, rest) : rest;
        const m = entry.router.match('GET', path);
        const matched = m.kind === 'match' ? m.match.template : m.kind === 'method-not-allowed' ? m.template : '';
        // A template of bare parameters (Graph's `/{id}/{edge}`) matches anything: no evidence.
        if (!hasLiteral(matched)) continue;
        const base = `${url.origin}${cut ? `/${segs.slice(0, cut).join('/')}` : ''}`;
        return `It looks like a ${entry.def.title} request on a host no fake serves: to fake it, add '${base}' to createFakes({ ${entry.def.name}: { baseUrls: [...] } }) (now ${entry.baseUrls
          .filter((b) => !b.companion)
          .map((b) => b.href)
          .join(', ')}).`;
      }
    }
    return '';
  }

  /** The error for a URL on a faked origin but outside every base URL (e.g. a GHES path without its /api/v3 prefix). */
  unservedError(method: string, url: URL): Error {
    const bases = this.#entries.flatMap((e) => e.baseUrls.filter((b) => b.origin === url.origin).map((b) => b.href));
    return new UnhandledRequestError(
      `stuntdouble: ${method} ${url.origin}${url.pathname} is on a faked host but outside its base URLs (${bases.join(', ')}); it was refused so it could not reach the real service. Check the client's base URL (a GitHub Enterprise Server client needs the /api/v3 prefix).`,
    );
  }

  /**
   * Handles one request end to end. Never throws for a served URL: every failure becomes the service's
   * envelope. `signal` is the client's abort signal: an aborted request stops waiting (latency faults)
   * and fails at the connection level.
   */
  async handle(input: RawRequest | FakeRequest, signal?: AbortSignal): Promise<HandleResult> {
    // Resolve first: the service's body cap decides whether the body is parsed at all.
    const target = 'rawBody' in input ? input.url : input.url instanceof URL ? input.url : new URL(input.url);
    const resolved = this.resolve(target);
    if (!resolved) return { kind: 'unserved' };
    const limit = BODY_LIMITS[resolved.entry.def.name];
    const req = 'rawBody' in input ? input : await parseRequest({ ...input, url: target }, { maxBodyBytes: limit.maxBodyBytes });
    const { entry, base } = resolved;
    const def = entry.def;
    this.runTimers();
    const seq = this.journal.nextSeq();
    const at = this.clock.now().toISOString();
    const meta: CallMeta = { token: null, version: null, tags: [] };
    let path = resolved.path;
    let extras: Record<string, string> = {};
    let updates = 0;
    const host = entry.host;
    // One context object per request, filled in as the request is routed (no spreads: a spread
    // would copy the live `state` getter's value, and redefining it per request is slow).
    const bare: Mutable<RouteContext<unknown, unknown>> = {
      name: def.name,
      get state() {
        return host.state;
      },
      update: (recipe) => {
        updates += 1;
        if (updates > 1) throw new Error('stuntdouble bug: a request may change state only through one update()');
        return host.update(recipe);
      },
      clock: this.clock,
      options: host.options,
      auth: this.auth,
      baseUrls: host.baseUrls,
      after: host.after,
      meters: host.meters,
      req,
      path,
      baseUrl: base.href,
      seq,
      meta,
      extras,
      host,
      subrequest: async (sub) => {
        const r = await this.handle(sub);
        return r.kind === 'response' ? r.response : null;
      },
      params: {},
      template: null as unknown as string,
      operation: 'unmatched',
    };
    let response: FakeResponse;
    let route: AnyRoute | undefined;
    let params: Record<string, string> = {};
    let template: string | null = null;
    let note: string | undefined;
    let internal: { message: string; stack?: string } | undefined;
    let failed: { source: FakeFailure['source']; error: unknown } | undefined;
    let source: FakeFailure['source'] = 'fake';
    let networkError: Error | undefined;
    /** Set for a request that matched no route (or no method of its API): what the service's error message should say. */
    let explain: { closest: string[]; cause: string } | undefined;
    /** The answer is the service's not-found for it (not a fault's). */
    let carry = false;
    const render = (err: unknown, ctx: BareContext<unknown, unknown>): FakeResponse => {
      if (!isServiceError(err)) {
        internal = describeError(err);
        failed = { source, error: err };
      }
      try {
        return def.renderError(err, ctx);
      } catch (renderErr) {
        internal = describeError(renderErr);
        failed = { source: 'fake', error: renderErr };
        return { status: 500, headers: { 'content-type': 'text/plain' }, body: `stuntdouble: ${internal.message}` };
      }
    };
    const ctx: BareContext<unknown, unknown> = bare;
    try {
      if (def.prepare) {
        const prepared = def.prepare(req, path);
        path = prepared.path;
        extras = prepared.extras ?? {};
        bare.path = path;
        bare.extras = extras;
      }
      // An over-long URL is refused before routing: the router (and its cache) never sees it.
      const tooLong = req.url.href.length > MAX_URL_LENGTH;
      let found: ReturnType<typeof entry.router.match> = tooLong ? { kind: 'not-found' } : entry.router.match(req.method, path);
      let custom = false;
      const customRouter = tooLong ? undefined : this.#custom.get(def.name);
      if (customRouter) {
        // A user's route wins over the fake's own routes that match only more generically (Graph's `/{id}/{edge}`).
        const extra = customRouter.match(req.method, path);
        if (extra.kind === 'match' && (found.kind !== 'match' || compareSpecificity(extra.match.template, found.match.template) >= 0)) {
          found = extra;
          custom = true;
        }
      }
      let closest: string[] = [];
      let journalRoute: string | null = null;
      if (found.kind === 'match') {
        route = found.match.value;
        params = found.match.params;
        template = found.match.template;
        bare.params = params;
        bare.template = template;
        bare.operation = route.operation;
        if (route.name !== undefined) journalRoute = route.name;
        else if (def.refineRoute && !custom) {
          source = 'fake';
          journalRoute = def.refineRoute(bare as RouteContext<unknown, unknown>) ?? null;
        }
        if (journalRoute) meta.route ??= journalRoute;
      } else if (!tooLong) {
        closest = closestRoutes(this.#suggestable(entry, req.url, base), req.method, path);
        const cause = this.#likelyCause(entry, base, req.method, path);
        note = `${def.title}: no route for ${req.method} ${path}. Closest: ${closest.join('; ')}${cause ? `. Likely cause: ${cause}` : ''}`;
        explain = { closest, cause };
      }
      // Body limits and faults apply alike to matched and unmatched requests (an unavailable service is unavailable everywhere).
      source = 'fault';
      const decision =
        req.bodyError === 'too-large'
          ? { tag: 'too-large', error: limit.tooLarge(limit.maxBodyBytes) }
          : tooLong
            ? { tag: 'too-long', error: limit.uriTooLong(MAX_URL_LENGTH) }
            : this.#decide(def.name, req.method, path, journalRoute ?? template, template, route?.operation ?? 'unmatched');
      source = 'fake';
      if (decision) meta.tags.push(decision.tag);
      const waited = decision?.delayMs ? await this.#delay(decision.delayMs, signal) : 'done';
      if (waited !== 'done') {
        const message =
          waited === 'aborted' ? 'The operation was aborted' : 'stuntdouble: the fakes were reset or uninstalled while this request waited (latency fault)';
        networkError = Object.assign(new Error(message), { code: waited === 'aborted' ? 'ABORT_ERR' : 'ECONNRESET' });
        meta.tags.push(waited);
        response = { status: 0 };
      } else if (decision?.networkError) {
        networkError = Object.assign(new Error(decision.networkError), { code: 'ECONNRESET' });
        response = { status: 0 };
      } else if (decision?.response) response = decision.response;
      else if (decision?.error !== undefined) response = render(decision.error, ctx);
      else if (found.kind !== 'match' || !route) {
        carry = true;
        response = render(
          def.notFound(ctx, {
            kind: found.kind === 'match' ? 'not-found' : found.kind,
            closest,
            ...(found.kind === 'method-not-allowed' ? { allowed: found.allowed } : {}),
          }),
          ctx,
        );
      } else {
        const rctx: RouteContext<unknown, unknown> = bare;
        const override = this.#overrideFor(def.name, found.match.method, journalRoute, template);
        if (override) meta.tags.push('override');
        source = override ? 'override' : custom ? 'route' : 'fake';
        if (custom) meta.tags.push('custom');
        if (journalRoute) meta.route ??= journalRoute;
        try {
          response = await (override ?? route.handler)(rctx);
          if (!response || typeof response.status !== 'number') throw new Error(`handler of ${route.operation} returned no response`);
        } catch (err) {
          response = render(err, ctx);
        }
        source = 'fake';
      }
    } catch (err) {
      response = render(err, ctx);
    }
    // A route found the path is no method of the API the request speaks: diagnosed and journaled as unmatched.
    if (meta.noMethod && !note && !networkError) {
      const closest = closestRoutes(this.#suggestable(entry, req.url, base), req.method, path).filter((r) => r !== `${req.method} ${template}`);
      const cause = this.#likelyCause(entry, base, req.method, path);
      note = `${def.title}: no method ${req.method} ${path} on ${base.href}. Closest: ${closest.join('; ')}${cause ? `. Likely cause: ${cause}` : ''}`;
      explain = { closest, cause };
      carry = true;
      meta.operation = 'unmatched';
      delete meta.route;
      template = null;
      params = {};
    }
    // The service's own error message says it too (only for a request no route answers): the error
    // the SDK throws shows what was sent and what exists, without reading headers or the journal.
    if (explain && carry && !networkError && !failed)
      response = withExplanation(
        response,
        `stuntdouble: no route ${req.method} ${path}; closest: ${explain.closest.join(', ')}${explain.cause ? `; likely cause: ${explain.cause}` : ''}`,
      );
    if (def.finalize && !networkError) {
      try {
        response = def.finalize(response, ctx);
      } catch (err) {
        internal = describeError(err);
        failed = { source: 'fake', error: err };
      }
    }
    if (failed && internal) {
      // The thrower's message may quote the request's credentials: the answer and fakes.errors show it redacted.
      const secrets = requestSecrets(req);
      internal = { message: redactText(internal.message, secrets), ...(internal.stack ? { stack: redactText(internal.stack, secrets) } : {}) };
      response = blameTheFake(response, failed.source, `${req.method} ${template ?? path}`, internal.message);
      this.errors.push({
        seq,
        service: def.name,
        request: `${req.method} ${redactUrl(req.url)}`,
        source: failed.source,
        message: internal.message,
        ...(internal.stack ? { stack: internal.stack } : {}),
        error: failed.error,
      });
    }
    if (!note && meta.unserved) note = meta.unserved;
    if (!note && response.status === 401 && this.auth === 'strict' && meta.token === 'unseeded')
      note = `${def.title}: 401 because this token was never seeded. Likely cause: auth 'strict' accepts only tokens created with fakes.${def.name}.seed.token() (or a scenario); seed it, or use auth 'lenient'.`;
    // The same diagnosis the journal keeps, where the client's error shows it (response headers).
    if (note && !networkError) response = { ...response, headers: { ...(response.headers ?? {}), 'x-stuntdouble-note': asciiHeader(note) } };
    const call = buildCall({
      seq,
      service: def.name,
      operation: meta.operation ?? (route ? route.operation : 'unmatched'),
      req,
      path,
      route: meta.route ?? template,
      params,
      response,
      at,
      meta,
      bodies: this.journal.bodies,
      ...(internal ? { error: internal } : {}),
      ...(note ? { note } : {}),
    });
    this.journal.record(call, req);
    if (networkError) return { kind: 'network-error', error: networkError, call };
    return { kind: 'response', response, call };
  }

  /** The routes worth suggesting for a request to `url` (those of the API it speaks). */
  #suggestable(entry: Entry, url: URL, base: BaseUrl): Array<{ method: string; template: string }> {
    const all = this.#listedRoutes(entry);
    const suggests = entry.def.suggests;
    if (!suggests) return all;
    const own = all.filter((r) => suggests(url, base.href, r.template));
    return own.length ? own : all;
  }

  /** One line on why a request on a faked base URL matched nothing, when there is an obvious reason. */
  #likelyCause(entry: Entry, base: BaseUrl, method: string, path: string): string {
    const segs = path.split('/').filter(Boolean);
    for (let cut = 1; cut <= Math.min(2, segs.length - 1); cut++) {
      const rest = `/${segs.slice(cut).join('/')}`;
      const m = entry.router.match(method, rest);
      if (m.kind !== 'match') continue;
      // A template of bare parameters (Graph's `/{id}/{edge}`) matches anything: no evidence of a prefix.
      if (!hasLiteral(m.match.template)) continue;
      const prefix = `/${segs.slice(0, cut).join('/')}`;
      const ghes = prefix === '/api/v3' ? ' (a GitHub Enterprise Server prefix)' : '';
      return `the path starts with '${prefix}'${ghes}, which the base URL ${base.href} does not have: point the client at ${base.href}, or add '${base.origin}${base.prefix}${prefix}' to createFakes({ ${entry.def.name}: { baseUrls } })`;
    }
    if (entry.def.name === 'modelCache') {
      const vertexPath = /^\/v1(beta1)?\/projects\//.test(path);
      const geminiHost = base.origin.includes('generativelanguage');
      const env = process.env.GOOGLE_GENAI_USE_VERTEXAI;
      if (vertexPath && geminiHost)
        return `a Vertex AI path on the Gemini API host: the client was built for Vertex AI but sent to ${base.origin} (GOOGLE_GENAI_USE_VERTEXAI=${env ?? 'unset'}; check vertexai/baseUrl options)`;
      if (!vertexPath && !geminiHost && /^\/v1(beta1?|alpha)?\/(cachedContents|models)/.test(path)) {
        // @google/genai with vertexai on and an API key but no project/location: Vertex AI express mode, Gemini-shaped paths.
        if (/^(1|true)$/i.test(env ?? ''))
          return `a Gemini API path (no /projects/{project}/locations/{location}) on the Vertex AI host ${base.origin}: GOOGLE_GENAI_USE_VERTEXAI=${env} with an API key and no project and location makes @google/genai use Vertex AI express mode, which sends Gemini-shaped paths; set project and location (GOOGLE_CLOUD_PROJECT, GOOGLE_CLOUD_LOCATION), or unset GOOGLE_GENAI_USE_VERTEXAI to call the Gemini API`;
        return `a Gemini API path on a Vertex AI host: the client was built for the Gemini API but sent to ${base.origin} (GOOGLE_GENAI_USE_VERTEXAI=${env ?? 'unset'}; with Vertex AI set project and location)`;
      }
    }
    return '';
  }

  #overrideFor(service: ServiceName, method: string, journalRoute: string | null, template: string | null): OverrideHandler | undefined {
    if (this.#overrides.size === 0) return undefined;
    for (const t of journalRoute && journalRoute !== template ? [journalRoute, template] : [template]) {
      const o = this.#overrides.get(`${service} ${method} ${t}`) ?? (method === 'HEAD' ? this.#overrides.get(`${service} GET ${t}`) : undefined);
      if (o) return o;
    }
    return undefined;
  }

  #decide(service: ServiceName, method: string, path: string, route: string | null, template: string | null, operation: string): FaultDecision | undefined {
    for (const hook of this.faults) {
      const d = hook({ service, method, path, route, template, operation });
      if (d) return d;
    }
    return undefined;
  }

  /**
   * Waits `ms` on a real clock (on a frozen one the fake clock advances instead). The timer is tracked,
   * unref'd (a pending wait never keeps the process alive) and ends early on the client's abort or on
   * {@link cancelWaits}.
   */
  #delay(ms: number, signal?: AbortSignal): Promise<'done' | 'aborted' | 'cancelled'> {
    if (this.clock.mode === 'frozen') {
      this.clock.advance(ms);
      return Promise.resolve('done');
    }
    if (signal?.aborted) return Promise.resolve('aborted');
    return new Promise((resolve) => {
      const onAbort = () => wait.finish('aborted');
      const wait: Wait = {
        timer: realSetTimeout(() => wait.finish('done'), ms),
        finish: (outcome) => {
          if (!this.#waits.delete(wait)) return;
          realClearTimeout(wait.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      (wait.timer as { unref?: () => void }).unref?.();
      this.#waits.add(wait);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * Adds the diagnosis to the message of a not-found answer, in the service's envelope (GitHub's
 * `message`, Graph's and Google's `error.message`): `Not Found (stuntdouble: no route ...)`.
 */
function withExplanation(res: FakeResponse, text: string): FakeResponse {
  const body = res.body;
  if (!body || typeof body !== 'object' || body instanceof Uint8Array) return res;
  const b = body as Record<string, unknown>;
  const error = b.error as { message?: unknown } | undefined;
  if (error && typeof error === 'object' && typeof error.message === 'string')
    return { ...res, body: { ...b, error: { ...error, message: `${error.message} (${text})` } } };
  if (typeof b.message === 'string') return { ...res, body: { ...b, message: `${b.message} (${text})` } };
  return res;
}

/** A header value: one line of printable ASCII. */
function asciiHeader(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 2000);
}

function safePrepared(def: AnyService, url: URL, path: string): string {
  try {
    return def.prepare?.({ method: 'GET', url, path, query: {}, headers: {}, body: undefined } as unknown as FakeRequest, path).path ?? path;
  } catch {
    return path;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Service errors carry a `service` brand; anything else thrown inside a fake is a bug in the fake. */
export function isServiceError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { isServiceError?: unknown }).isServiceError === true;
}

const SOURCE_TEXT: Record<FakeFailure['source'], string> = {
  override: 'an override handler (fakes.override)',
  route: 'a custom route handler (fakes.route)',
  fault: 'a fault hook or scenario',
  fake: 'stuntdouble itself (a bug in the fake)',
  guard: 'the guard',
  connection: 'a connection no fake could intercept',
};

/**
 * Keeps the service's 500 envelope but says in its message who failed: the fake, not the service,
 * so a test reading the error (or a log) does not chase a real outage.
 */
function blameTheFake(res: FakeResponse, source: FakeFailure['source'], request: string, message: string): FakeResponse {
  const text = `stuntdouble: ${SOURCE_TEXT[source]} threw while answering ${request}: ${message}. This is an error in the fake or the test setup, not an answer of the real service; it is listed in fakes.errors and fails the test at uninstall().`;
  const body = res.body;
  const headers = { ...(res.headers ?? {}), 'x-stuntdouble-error': source };
  if (body && typeof body === 'object' && !(body instanceof Uint8Array)) {
    const b = body as Record<string, unknown>;
    if (b.error && typeof b.error === 'object' && typeof (b.error as { message?: unknown }).message === 'string')
      return { ...res, headers, body: { ...b, error: { ...(b.error as object), message: text } } };
    if (typeof b.message === 'string') return { ...res, headers, body: { ...b, message: text } };
  }
  return { ...res, headers };
}

function describeError(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error) return { message: err.message, ...(err.stack ? { stack: err.stack } : {}) };
  return { message: String(err) };
}

interface CallParts {
  seq: number;
  service: ServiceName;
  operation: string;
  req: FakeRequest;
  path: string;
  route: string | null;
  params: Record<string, string>;
  response: FakeResponse;
  at: string;
  meta: CallMeta;
  /** Keep the bodies (`journal: { bodies: false }` keeps neither). */
  bodies: boolean;
  error?: { message: string; stack?: string };
  note?: string;
}

/** Builds a journal entry; `Journal.record` redacts its bodies and answer (and cuts large bodies) before anything keeps it. */
function buildCall(p: CallParts): RecordedCall {
  const long = p.req.url.href.length > MAX_URL_LENGTH;
  const call = {
    seq: p.seq,
    service: p.service,
    operation: p.operation,
    method: p.req.method,
    // A URL over the length limit is kept only as its first 1,024 characters (the journal stays bounded).
    url: long ? clip(redactUrl(p.req.url)) : redactUrl(p.req.url),
    path: long ? clip(p.path) : p.path,
    route: p.route,
    params: p.params,
    query: long ? {} : redactQuery(p.req.query),
    headers: redactHeaders(p.req.headers),
    // Only the parsed bodies: the raw request bytes must not live on in the journal.
    body: p.bodies ? p.req.body : undefined,
    status: p.response.status,
    response: { headers: p.response.headers ?? {}, body: p.bodies ? p.response.body : undefined },
    at: p.at,
    token: p.meta.token,
    version: p.meta.version,
    tags: p.meta.tags,
    ...(p.error ? { error: p.error } : {}),
    ...(p.note ? { note: p.note } : {}),
  };
  return call;
}

function clip(s: string): string {
  return s.length > 1024 ? `${s.slice(0, 1024)}…` : s;
}
