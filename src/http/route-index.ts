import type { RouteSpec } from '../fakes/service.js';
import { splitRouteKey } from '../store/journal.js';
import { unknownName } from '../util/suggest.js';
import { canonicalTemplate } from './route-names.js';
import { type Router, splitTemplate } from './router.js';

/** The HTTP methods a route string may start with. */
export const HTTP_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Splits `'METHOD /template'` and checks the method: `'GTE /x'` throws an UnknownNameError naming
 * `GET`. `needMethod` makes a bare template an error too.
 */
export function parseRouteKey(key: string, where: string, needMethod = false): { method?: string; template: string } {
  const parts = splitRouteKey(String(key));
  if (parts.method !== undefined && !HTTP_METHODS.includes(parts.method))
    throw unknownName('HTTP method', parts.method, HTTP_METHODS, `${where} (route '${key}')`);
  if (needMethod && (!parts.method || !parts.template.startsWith('/'))) throw new TypeError(`stuntdouble: ${where} needs 'METHOD /path/{param}', got '${key}'`);
  return parts;
}

/** A template with every parameter name dropped (`/repos/{}/{}`): the spellings of one route share it. */
export function routeShape(template: string): string {
  return template.replace(/\{([+]?)[^}=]+(=[^}]*)?\}/g, '{$1$2}');
}

/** A concrete path a template's requests could take (`/repos/x/x`), to ask the router which route answers it. */
export function probePath(template: string): string {
  return template.replace(/\{[+]?([^}=]+)(?:=([^}]*))?\}/g, (_m, _name: string, pattern: string | undefined) =>
    pattern ? pattern.replace(/\*\*?/g, 'x') : 'x',
  );
}

/** How specific a template segment is for routing: literal > affixed parameter > resource pattern > parameter > rest. */
function segmentRank(seg: string): number {
  if (!seg.includes('{')) return 4;
  if (/^\{\+/.test(seg)) return 0;
  if (/^\{[^}]*=/.test(seg)) return 2;
  if (/^\{[^}]*\}$/.test(seg)) return 1;
  return 3;
}

/**
 * Compares two templates that match the same path, segment by segment: > 0 when `a` is the more
 * specific (a literal where `b` has a parameter), < 0 when `b` is, 0 when they are alike.
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = splitTemplate(a);
  const sb = splitTemplate(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const d = segmentRank(sa[i] as string) - segmentRank(sb[i] as string);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether a template has a literal segment (Graph's `/{id}/{edge}` has none: it matches any path of two segments). */
export function hasLiteral(template: string): boolean {
  return splitTemplate(template).some((seg) => seg !== '' && !seg.includes('{'));
}

/**
 * One service's route names: the routes it lists (one spelling each, as the journal records them) and
 * every spelling it accepts, each pointing at the listed routes it stands for.
 */
export interface RouteIndex {
  /** `'METHOD /template'` as `fakes.routes()` lists them. */
  readonly listed: readonly string[];
  /** `'METHOD canonical-template'` of every accepted spelling → the route names it stands for (as journaled). */
  readonly byKey: ReadonlyMap<string, readonly string[]>;
  /** `'METHOD shape'` of every listed route and router template → the spelling to name it by. */
  readonly byShape: ReadonlyMap<string, string>;
}

/** `'METHOD /template'` with the template in its canonical spelling. */
export const canonicalRouteKey = (method: string, template: string): string => `${method} ${canonicalTemplate(template)}`;
const key = canonicalRouteKey;

/**
 * Builds a service's route index from its route specs, the names its journal uses (`journalRoutes`)
 * and its router. A spec with `name` is another spelling of that route; a spec with `listed: false`
 * is a generic route (Graph's `/{id}/feed`) standing for itself and every listed route the router
 * sends to it (`/{page-id}/feed`, `/{user-id}/feed`, ...).
 */
// biome-ignore lint/suspicious/noExplicitAny: route specs of any service.
export function buildRouteIndex(routes: ReadonlyArray<RouteSpec<any, any>>, journalRoutes: readonly string[], router: Router<unknown>): RouteIndex {
  const listed: string[] = [];
  const seen = new Set<string>();
  const add = (r: string) => {
    if (!seen.has(r)) {
      seen.add(r);
      listed.push(r);
    }
  };
  for (const r of routes) if (r.listed !== false && r.name === undefined) add(`${r.method} ${r.path}`);
  for (const r of journalRoutes) add(r);
  const byKey = new Map<string, string[]>();
  const put = (k: string, names: readonly string[]) => {
    const cur = byKey.get(k) ?? [];
    for (const n of names) if (!cur.includes(n)) cur.push(n);
    byKey.set(k, cur);
  };
  const byShape = new Map<string, string>();
  for (const r of listed) {
    const { method = 'GET', template } = splitRouteKey(r);
    put(key(method, template), [r]);
    byShape.set(`${method} ${routeShape(template)}`, r);
  }
  // Which listed routes each router template answers (the generic ones stand for them).
  const covered = new Map<string, string[]>();
  for (const r of journalRoutes) {
    const { method = 'GET', template } = splitRouteKey(r);
    const m = router.match(method, probePath(template));
    if (m.kind !== 'match' || m.match.template === template) continue;
    const k = `${method} ${m.match.template}`;
    covered.set(k, [...(covered.get(k) ?? []), r]);
  }
  for (const r of routes) {
    const self = `${r.method} ${r.path}`;
    if (r.name !== undefined) put(key(r.method, r.path), [`${r.method} ${r.name}`]);
    else if (r.listed === false) put(key(r.method, r.path), [self, ...(covered.get(self) ?? [])]);
    const shape = `${r.method} ${routeShape(r.path)}`;
    if (!byShape.has(shape)) byShape.set(shape, r.name !== undefined ? `${r.method} ${r.name}` : self);
  }
  return { listed, byKey, byShape };
}
