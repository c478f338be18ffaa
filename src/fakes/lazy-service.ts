import type { ServiceDefinition } from './service.js';

/** What a service declares up front: enough to name it, find its hosts and read its options. */
export type ServiceBasics<S, O, F> = Pick<ServiceDefinition<S, O, F>, 'name' | 'title' | 'defaultBaseUrls' | 'parseOptions'>;

/** The rest of a service's definition: its state, routes, error rendering and facade. */
export type ServiceParts<S, O, F> = Omit<ServiceDefinition<S, O, F>, keyof ServiceBasics<S, O, F>>;

// Every member of ServiceParts, optional ones included: each becomes a getter that loads the parts.
const PART_KEYS = [
  'initialState',
  'routes',
  'companionBaseUrls',
  'prepare',
  'renderError',
  'notFound',
  'finalize',
  'dueAt',
  'tick',
  'journalRoutes',
  'suggests',
  'operations',
  'refineRoute',
  'facade',
] as const satisfies ReadonlyArray<keyof ServiceParts<unknown, unknown, unknown>>;

// A key of ServiceParts missing from PART_KEYS is a type error here: the getter would be missing.
type Missing = Exclude<keyof ServiceParts<unknown, unknown, unknown>, (typeof PART_KEYS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/**
 * A service definition whose parts (routes, models, schemas, generated tables: most of a service's
 * code) are read from `parts()` the first time one of them is used, which is when `createFakes()`
 * registers the service, not when the package is imported. Each part is a getter that returns the
 * parts' own member (a function, the routes, or `undefined` for an optional part the service lacks),
 * so `def.prepare?.(...)` behaves as on the parts themselves.
 *
 * The build makes `parts()` lazy: a service's `definition.ts` is an entry of its own
 * (`dist/parts/<service>`), loaded synchronously on the first call, so importing the package neither
 * compiles nor evaluates it (tsup.config.ts, `lazyServiceParts`). Unbundled (unit tests on the
 * sources) it is a plain import.
 */
export function lazyService<S, O, F>(basics: ServiceBasics<S, O, F>, parts: () => ServiceParts<S, O, F>): ServiceDefinition<S, O, F> {
  const def = { ...basics } as Record<string, unknown>;
  for (const key of PART_KEYS) Object.defineProperty(def, key, { get: () => parts()[key], enumerable: true });
  return def as unknown as ServiceDefinition<S, O, F>;
}
