import { RouteExistsError } from '../errors.js';
import type { RouteContext } from '../fakes/service.js';
import type { ServiceName } from '../fakes/service-name.js';
import { splitRouteKey } from '../store/journal.js';
import { suggest } from '../util/suggest.js';
import type { FakeResponse } from './response.js';
import { HTTP_METHODS, type RouteIndex, buildRouteIndex, canonicalRouteKey, hasLiteral, parseRouteKey, probePath, routeShape } from './route-index.js';
import { closestRoutes } from './closest-routes.js';
import { canonicalTemplate, routeKeyError } from './route-names.js';
import { Router } from './router.js';
import { type AnyRoute, type AnyService, type ServiceEntry, type ServiceRegistry, safePrepared } from './services.js';

// Naming routes: the routes each service lists, every spelling it accepts, the routes a test adds
// (`fakes.route()`) and the answers it replaces (`fakes.override()`); selectors and typo errors over them.

/** A handler that replaces one operation's answer (see `fakes.override`). */
// biome-ignore lint/suspicious/noExplicitAny: overrides see the service's context untyped.
export type OverrideHandler = (ctx: RouteContext<any, any>) => FakeResponse | Promise<FakeResponse>;

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

/** Whether a call (or a fault probe) is on the route a string names; see {@link RouteCatalog.routeSelector}. */
export type RouteSelector = (probe: RouteProbe) => boolean;

const indexes = new WeakMap<AnyService, RouteIndex>();
const listedParts = new WeakMap<AnyService, Array<{ method: string; template: string }>>();

/** `'METHOD /template'` with the template in its canonical spelling (the selectors' key). */
function routeKeyOf(name: string): string {
  const { method = 'GET', template } = splitRouteKey(name);
  return canonicalRouteKey(method, template);
}

/** The route names of one instance's services, their custom routes and their overrides. */
export class RouteCatalog {
  readonly #overrides = new Map<string, OverrideHandler>();
  readonly #custom = new Map<ServiceName, Router<AnyRoute>>();

  constructor(private readonly services: ServiceRegistry) {}

  /** Replaces one operation's answer; returns a function that removes the override. */
  override(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    const { names } = this.resolveRouteKey(service, routeKey, 'fakes.override()', true);
    const keys = names.map((n) => `${service} ${n}`);
    for (const key of keys) this.#overrides.set(key, handler);
    return () => {
      for (const key of keys) if (this.#overrides.get(key) === handler) this.#overrides.delete(key);
    };
  }

  /** The override of a route, by its journaled name or the router's template (a HEAD falls back to the GET's). */
  overrideFor(service: ServiceName, method: string, journalRoute: string | null, template: string | null): OverrideHandler | undefined {
    if (this.#overrides.size === 0) return undefined;
    for (const t of journalRoute && journalRoute !== template ? [journalRoute, template] : [template]) {
      const o = this.#overrides.get(`${service} ${method} ${t}`) ?? (method === 'HEAD' ? this.#overrides.get(`${service} GET ${t}`) : undefined);
      if (o) return o;
    }
    return undefined;
  }

  /** Drops every override. */
  clearOverrides(): void {
    this.#overrides.clear();
  }

  /**
   * Adds a route the fake does not have (`fakes.route()`). It wins over the service's own routes
   * that match a request only generically (Graph's `/{id}/{edge}`); a route the service already has,
   * in any spelling of its parameters, throws (use `override` for those). Returns a function that removes it.
   */
  addRoute(service: ServiceName, routeKey: string, handler: OverrideHandler): () => void {
    const entry = this.entry(service, 'fakes.route()');
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

  /** The router of a service's custom routes, if it has any. */
  customRouter(service: ServiceName): Router<AnyRoute> | undefined {
    return this.#custom.get(service);
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
  #index(entry: ServiceEntry): RouteIndex {
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
  #namesIn(entry: ServiceEntry, method: string | undefined, template: string): string[] | undefined {
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
    const entry = this.entry(service, where);
    const { method, template } = parseRouteKey(routeKey, where, needMethod);
    const names = this.#namesIn(entry, method, template);
    if (names) return { method, names };
    throw this.#unknownRoute(entry, where, method, template);
  }

  #unknownRoute(entry: ServiceEntry, where: string, method: string | undefined, template: string): Error {
    const all = this.routesOf(entry.def.name);
    return routeKeyError(entry.def.title, where, method, template, all, closestRoutes(this.listedRoutes(entry), method ?? 'GET', probePath(template)));
  }

  /** The listed routes of a service as `{ method, template }` (for the closest-route diagnostics). */
  listedRoutes(entry: ServiceEntry): Array<{ method: string; template: string }> {
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
    const entries = service ? [this.entry(service, where)] : this.services.entries;
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
    const closest = entries.flatMap((e) => closestRoutes(this.listedRoutes(e), method ?? 'GET', probePath(template), 1));
    throw routeKeyError(undefined, where, method, template, all, closest);
  }

  /**
   * Whether a route of one of the services answers a concrete path. A path only a generic route
   * matches (Graph's `/{id}`: any single segment) counts unless it looks like a misspelt route without
   * parameters of some service (`/rate_limitt`).
   */
  #servesPath(entries: readonly ServiceEntry[], method: string | undefined, path: string): boolean {
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
    const literal = this.services.entries.flatMap((e) =>
      this.#index(e)
        .listed.map((r) => splitRouteKey(r).template)
        .filter((t) => !t.includes('{')),
    );
    return suggest(path, literal).length === 0;
  }

  /** The entry of a service; an unknown name throws the named error with the nearest service names. */
  entry(service: ServiceName, where: string): ServiceEntry {
    const entry = this.services.find(service);
    if (!entry) throw routeKeyError('stuntdouble', where, undefined, String(service), [], [], this.services.names());
    return entry;
  }

  /** Every route of a service (its own, one spelling each, then custom ones), as `'METHOD /template'`. */
  routesOf(service: ServiceName): string[] {
    const entry = this.services.find(service);
    if (!entry) return [];
    const own = this.#index(entry).listed;
    const custom = this.#customRoutes(service).map((r) => `${r.method} ${r.template}`);
    return custom.length ? [...new Set([...own, ...custom])] : [...own];
  }

  /** Every operation id of a service (for validating `calls.where({ operation })`). */
  operationsOf(service: ServiceName): string[] {
    const entry = this.services.find(service);
    if (!entry) return [];
    const ops = new Set<string>(entry.def.operations?.() ?? []);
    for (const r of entry.def.routes) ops.add(r.operation);
    for (const r of this.#customRoutes(service)) ops.add(`custom ${r.method} ${r.template}`);
    return [...ops];
  }
}
