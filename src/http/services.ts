import type { RouteSpec, ServiceDefinition, ServiceHost } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import type { FakeRequest } from './request.js';
import { Router, trimSlashes } from './router.js';

// Resolving a service: which registered fake (and which of its base URLs) answers a URL.

// biome-ignore lint/suspicious/noExplicitAny: the engine stores services of different state types side by side.
export type AnyService = ServiceDefinition<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see AnyService.
export type AnyRoute = RouteSpec<any, any>;

/** One base URL a service answers on. */
export interface BaseUrl {
  href: string;
  origin: string;
  prefix: string;
  /** Added by a server (`mount`): answered when a request arrives there, never intercepted by nock. */
  mounted?: boolean;
  /** A host the service's answers link to (`companionBaseUrls`): answered and intercepted, not one of its own base URLs. */
  companion?: boolean;
}

/** A registered service: its definition, its host, its router and the base URLs it answers on. */
export interface ServiceEntry {
  def: AnyService;
  host: ServiceHost<unknown, unknown>;
  router: Router<AnyRoute>;
  baseUrls: BaseUrl[];
}

/** Where a URL lands: the service, the base URL it came in on, and the path below that base URL. */
export interface Resolved {
  entry: ServiceEntry;
  base: BaseUrl;
  path: string;
}

/** Parses a base URL into origin and path prefix (`https://ghe.example.com/api/v3`). */
export function parseBaseUrl(href: string): BaseUrl {
  const u = new URL(href);
  const prefix = trimSlashes(u.pathname, 'end');
  return { href: `${u.origin}${prefix}`, origin: u.origin, prefix };
}

// A service's routes never change after definition: build its router once, share it between
// instances (it was ~90% of createFakes() with the GitHub catalog's hundreds of routes).
const routers = new WeakMap<AnyService, Router<AnyRoute>>();

/** The router of a service definition (built once, shared by every instance). */
export function routerOf(def: AnyService): Router<AnyRoute> {
  let router = routers.get(def);
  if (!router) {
    router = new Router<AnyRoute>();
    for (const r of def.routes) router.add(r.method, r.path, r);
    routers.set(def, router);
  }
  return router;
}

/** The path a service's `prepare` step would route for a GET of `url` (the path itself when it throws). */
export function safePrepared(def: AnyService, url: URL, path: string): string {
  try {
    return def.prepare?.({ method: 'GET', url, path, query: {}, headers: {}, body: undefined } as unknown as FakeRequest, path).path ?? path;
  } catch {
    return path;
  }
}

/** The services of one instance and the base URLs they answer on, looked up by origin. */
export class ServiceRegistry {
  readonly entries: ServiceEntry[] = [];
  /** Base URLs by origin (rebuilt after a base URL is added or removed): a request looks up its origin only. */
  #byOrigin: Map<string, Array<{ entry: ServiceEntry; base: BaseUrl }>> | undefined;

  /** Adds a service with its own base URLs and the companion hosts its answers link to. */
  add(def: AnyService, host: ServiceHost<unknown, unknown>, baseUrls: readonly string[]): ServiceEntry {
    const own = baseUrls.map(parseBaseUrl);
    const companions = (def.companionBaseUrls?.(baseUrls) ?? [])
      .map((h) => ({ ...parseBaseUrl(h), companion: true }))
      .filter((c) => !own.some((b) => b.href === c.href));
    const entry: ServiceEntry = { def, host, router: routerOf(def), baseUrls: [...own, ...companions] };
    this.entries.push(entry);
    this.#byOrigin = undefined;
    return entry;
  }

  /** The entry of a service, if registered. */
  find(service: ServiceName): ServiceEntry | undefined {
    return this.entries.find((e) => e.def.name === service);
  }

  /** Every service name registered. */
  names(): ServiceName[] {
    return this.entries.map((e) => e.def.name);
  }

  /** Every origin some service answers on (the interceptors' hosts; base URLs mounted by a server excluded). */
  origins(): string[] {
    return [...new Set(this.entries.flatMap((e) => e.baseUrls.filter((b) => !b.mounted).map((b) => b.origin)))];
  }

  /** Makes a service answer on one more base URL; returns a function that removes it again. */
  mount(service: ServiceName, href: string): () => void {
    const entry = this.find(service);
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

  #basesByOrigin(): Map<string, Array<{ entry: ServiceEntry; base: BaseUrl }>> {
    if (this.#byOrigin) return this.#byOrigin;
    const map = new Map<string, Array<{ entry: ServiceEntry; base: BaseUrl }>>();
    for (const entry of this.entries)
      for (const base of entry.baseUrls) {
        const list = map.get(base.origin);
        if (list) list.push({ entry, base });
        else map.set(base.origin, [{ entry, base }]);
      }
    this.#byOrigin = map;
    return map;
  }

  /** Which service (and base URL) answers a URL, if any: the longest matching prefix on its origin. */
  resolve(url: URL): Resolved | undefined {
    let best: Resolved | undefined;
    const candidates = this.#basesByOrigin().get(url.origin);
    if (!candidates) return undefined;
    const p = url.pathname;
    for (const { entry, base } of candidates) {
      if (base.prefix && p !== base.prefix && !p.startsWith(`${base.prefix}/`)) continue;
      if (!best || base.prefix.length > best.base.prefix.length) best = { entry, base, path: p.slice(base.prefix.length) || '/' };
    }
    return best;
  }
}
