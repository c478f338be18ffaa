import type { ServiceName } from '../fakes/service-name.js';
import { canonicalTemplate } from '../http/route-names.js';
import { unknownName } from '../util/suggest.js';

/** Which fake answered a call. */
export type { ServiceName };

/**
 * One request the fakes answered, as recorded in the journal. Secrets are redacted. `B` is the type of
 * the request body: `unknown` unless the list came from `where({ route })` on a route whose body schema
 * is known.
 */
export interface RecordedCall<B = unknown> {
  /** 1-based arrival order within this fakes instance (survives nothing: reset() restarts it). */
  readonly seq: number;
  readonly service: ServiceName;
  /** The operation id, e.g. `migrations/start-import`, `page/feed.create`, `cachedContents.get`; `unmatched` when no route matched. */
  readonly operation: string;
  readonly method: string;
  /** The full URL with secrets in the query redacted. */
  readonly url: string;
  /** The concrete path relative to the service base URL, e.g. `/repos/octo/hello/import`. */
  readonly path: string;
  /** The route template that matched, e.g. `/repos/{owner}/{repo}/import`; `null` when unmatched. */
  readonly route: string | null;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[]>>;
  /** Request headers, lower-case, with authorization and API keys redacted. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed request body (JSON, form or multipart), secrets redacted. */
  readonly body: B;
  readonly status: number;
  readonly response: { readonly headers: Readonly<Record<string, string>>; readonly body: unknown };
  /** The fake-clock instant the call arrived, ISO 8601. */
  readonly at: string;
  /** The seeded label of the token used (`'unseeded'` for a token no seed knows, `null` when none was sent). */
  readonly token: string | null;
  /** The API version the client asked for, when the service has one (Graph `v24.0`, GitHub `2022-11-28`). */
  readonly version: string | null;
  /** Faults and overrides that shaped this answer, e.g. `['override']`, `['flaky']`. */
  readonly tags: readonly string[];
  /** Set when the fake itself failed (an answer of 500): the message and stack, for debugging. */
  readonly error?: { readonly message: string; readonly stack?: string };
  /** For unmatched calls: which routes look closest. */
  readonly note?: string;
}

/** Filter for {@link CallList.where}; every given key must match. */
export interface CallFilter {
  service?: ServiceName;
  method?: string;
  operation?: string;
  /** A route template such as `/repos/{owner}/{repo}/import`, optionally prefixed by a method: `'PUT /repos/{owner}/{repo}/import'`. */
  route?: string;
  /** A concrete path; a path containing `{` is compared with the route template instead. */
  path?: string;
  status?: number;
  token?: string | null;
}

/** Splits `'PUT /repos/{owner}/{repo}'` into a method and a template; a bare template has no method. */
export function splitRouteKey(key: string): { method?: string; template: string } {
  const m = /^([A-Za-z]+)\s+(\S.*)$/.exec(key.trim());
  return m ? { method: (m[1] as string).toUpperCase(), template: m[2] as string } : { template: key.trim() };
}

/** What `where()` checks the names in a filter against (given by `createFakes`). */
export interface CallNames {
  services(): readonly string[];
  /** Operation ids a service (or every service) can record. */
  operations(service?: string): readonly string[];
  /** Route templates (`'METHOD /template'`) of a service (or every service). */
  routes(service?: string): readonly string[];
  /**
   * A predicate for the calls a route string names (any spelling of a route, or a concrete path a
   * route answers); throws an UnknownNameError with the nearest routes for anything else.
   */
  select(route: string, service: string | undefined, where: string): (call: RecordedCall) => boolean;
}

const FILTER_KEYS = ['service', 'method', 'operation', 'route', 'path', 'status', 'token'];
const namesOf = new WeakMap<CallList, CallNames>();

/** Lets a call list (and every list `where()` derives from it) validate filter names. */
export function attachNames(list: CallList, names: CallNames): void {
  namesOf.set(list, names);
}

function sameTemplate(a: string | null, b: string): boolean {
  return a !== null && (a === b || canonicalTemplate(a) === canonicalTemplate(b));
}

/**
 * Throws an UnknownNameError for a filter key, service, operation or route that does not exist;
 * returns the predicates of the route and path keys (the same rules as `toHaveReceived`).
 */
function validateFilter(filter: CallFilter, names: CallNames, list: CallList): Array<(call: RecordedCall) => boolean> {
  for (const key of Object.keys(filter)) if (!FILTER_KEYS.includes(key)) throw unknownName('filter key', key, FILTER_KEYS, 'calls.where()');
  const service = filter.service;
  if (service !== undefined && !names.services().includes(service)) throw unknownName('service', String(service), names.services(), 'calls.where()');
  if (filter.operation !== undefined && filter.operation !== 'unmatched') {
    const op = filter.operation;
    const known = names.operations(service);
    // `prefix:*` stands for every operation id with that prefix (GraphQL calls: `graphql:<OperationName>`).
    const open = known.some((k) => k.endsWith(':*') && op.startsWith(k.slice(0, -1)));
    if (!open && !known.includes(op) && !list.some((c) => c.operation === op)) throw unknownName('operation', op, known, 'calls.where()');
  }
  const out: Array<(call: RecordedCall) => boolean> = [];
  if (filter.route !== undefined) out.push(names.select(filter.route, service, 'calls.where()'));
  if (filter.path?.includes('{')) out.push(names.select(filter.path, service, 'calls.where()'));
  return out;
}

/** Whether a recorded call satisfies a filter. */
export function callMatches(call: RecordedCall, f: CallFilter): boolean {
  if (f.service !== undefined && call.service !== f.service) return false;
  if (f.method !== undefined && call.method !== f.method.toUpperCase()) return false;
  if (f.operation !== undefined && call.operation !== f.operation) return false;
  if (f.status !== undefined && call.status !== f.status) return false;
  if (f.token !== undefined && call.token !== f.token) return false;
  if (f.route !== undefined) {
    const { method, template } = splitRouteKey(f.route);
    if (method && call.method !== method) return false;
    if (!sameTemplate(call.route, template)) return false;
  }
  if (f.path !== undefined) {
    const { method, template } = splitRouteKey(f.path);
    if (method && call.method !== method) return false;
    if (template.includes('{') ? !sameTemplate(call.route, template) : call.path !== template) return false;
  }
  return true;
}

/** The journal's list of calls: an array with queries that read like a test's intent. */
export class CallList<B = unknown> extends Array<RecordedCall<B>> {
  /** Array methods such as map() build plain arrays, not CallLists. */
  static override get [Symbol.species]() {
    return Array;
  }
  // Set on the journal's own lists only: how many calls were ever recorded (kept or dropped).
  #recorded: (() => number) | undefined;
  /** @internal The journal's own list, whose `count()` includes the calls its limit dropped. */
  static journaled(recorded: () => number): CallList {
    const list = new CallList();
    list.#recorded = recorded;
    return list;
  }
  /**
   * How many older calls the journal let go to stay within its limit (`journal: { limit }`, default
   * 10,000): the list holds the most recent calls only. Always 0 on lists `where()` returns.
   */
  get dropped(): number {
    return this.count() - this.length;
  }
  /** Calls matching every key of the filter, in arrival order. */
  where(filter: CallFilter): CallList<B> {
    const names = namesOf.get(this);
    const out = new CallList<B>();
    if (!names) {
      for (const c of this) if (callMatches(c, filter)) out.push(c);
      return out;
    }
    const selectors = validateFilter(filter, names, this);
    namesOf.set(out, names);
    // Route and path keys are decided by the selectors, the other keys as always.
    const rest: CallFilter = { ...filter };
    delete rest.route;
    if (filter.path?.includes('{')) delete rest.path;
    else if (filter.path !== undefined) {
      const { method, template } = splitRouteKey(filter.path);
      rest.path = template;
      if (method) selectors.push((c) => c.method === method);
    }
    for (const c of this) if (callMatches(c, rest) && selectors.every((s) => s(c))) out.push(c);
    return out;
  }
  /** The most recent call, or undefined. */
  last(): RecordedCall<B> | undefined {
    return this[this.length - 1];
  }
  /** The first call, or undefined. */
  first(): RecordedCall<B> | undefined {
    return this[0];
  }
  /**
   * Number of calls: on `fakes.calls` and `fakes.unmatched` every call since the last reset, those the
   * journal's limit dropped included (`length + dropped`); on a `where()` result, the calls it holds.
   */
  count(): number {
    return this.#recorded ? this.#recorded() : this.length;
  }
  /** The request bodies, in order. */
  bodies(): B[] {
    return Array.from(this, (c) => c.body);
  }
}

/** How the journal records: `true` (default), `false` (nothing), or a limit and whether to keep bodies. */
export type JournalOption = boolean | { limit?: number; bodies?: boolean };

/** How many calls the journal keeps by default (the most recent ones). */
export const DEFAULT_JOURNAL_LIMIT = 10_000;

/** The request journal of one fakes instance. */
export class Journal {
  readonly #calls = CallList.journaled(() => this.#recordedCalls);
  readonly #unmatched = CallList.journaled(() => this.#recordedUnmatched);
  /** The kept calls, oldest first: the most recent {@link Journal.limit} ones. */
  get calls(): CallList {
    return trim(this.#calls, this.limit);
  }
  /** The kept unmatched calls, oldest first: the most recent {@link Journal.limit} ones. */
  get unmatched(): CallList {
    return trim(this.#unmatched, this.limit);
  }
  #recordedCalls = 0;
  #recordedUnmatched = 0;
  /** Whether calls are recorded at all. */
  readonly enabled: boolean;
  /** At most this many calls (and this many unmatched ones) are kept; older ones are dropped and counted. */
  readonly limit: number;
  /** Whether request and response bodies are kept in journal entries. */
  readonly bodies: boolean;
  #seq = 0;
  constructor(option: JournalOption = true) {
    const o = typeof option === 'boolean' ? { enabled: option } : { enabled: true, ...option };
    this.enabled = o.enabled;
    this.limit = 'limit' in o && o.limit !== undefined ? o.limit : DEFAULT_JOURNAL_LIMIT;
    this.bodies = 'bodies' in o && o.bodies !== undefined ? o.bodies : true;
  }
  /** The next sequence number (also the source of deterministic request ids). */
  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }
  record(call: RecordedCall): void {
    if (!this.enabled) return;
    this.#recordedCalls += 1;
    keep(this.#calls, call, this.limit);
    // A call a route answered without serving all of it (tag `unserved`: a GraphQL field the fake does not resolve) is unmatched too.
    if (call.operation === 'unmatched' || call.tags.includes('unserved')) {
      this.#recordedUnmatched += 1;
      keep(this.#unmatched, call, this.limit);
    }
  }
  clear(): void {
    this.#calls.length = 0;
    this.#unmatched.length = 0;
    this.#recordedCalls = 0;
    this.#recordedUnmatched = 0;
    this.#seq = 0;
  }
}

/**
 * Appends a call; past the limit the oldest go in batches (a list may hold up to a sixteenth more
 * between batches; every read trims it to the limit first). One `shift()` per call was O(n): the
 * list is an Array subclass, which V8 does not shift in place, so a full journal of 10,000 made each
 * request move 10,000 entries.
 */
function keep(list: CallList, call: RecordedCall, limit: number): void {
  if (limit <= 0) return;
  list.push(call);
  if (list.length > limit + Math.max(64, limit >> 4)) list.splice(0, list.length - limit);
}

/** The list cut to its most recent `limit` calls. */
function trim(list: CallList, limit: number): CallList {
  if (list.length > limit) list.splice(0, list.length - limit);
  return list;
}
