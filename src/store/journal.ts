import type { ServiceName } from '../fakes/service-name.js';
import { type KnownSecrets, redactHeaders, redactText, redactValue, requestSecrets, scrubValue } from '../http/redact.js';
import { canonicalTemplate } from '../http/route-names.js';
import { unknownName } from '../util/suggest.js';
import { TextPack, cleanJsonText, forgetInflated, sentResponse } from './journal-texts.js';
import { CALL_OVERHEAD, fitBody, recordBytes, stringBytes } from './journal-size.js';

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
  /**
   * Set when a body was larger than the journal keeps (`journal: { maxBodyBytes }`, default 256 KiB):
   * `body` and/or `response` is `true`, and that body is kept cut, its cut ends marked with
   * `...[truncated by stuntdouble]`.
   */
  readonly truncated?: { readonly body?: true; readonly response?: true };
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

/**
 * How the journal records: `true` (default), `false` (nothing), or its limits and whether to keep
 * bodies. See {@link JournalLimits}.
 */
export type JournalOption = boolean | JournalLimits;

/** The limits of a journal (every key optional). */
export interface JournalLimits {
  /** Calls kept (the most recent), default 10,000; 0 keeps none but still counts them. */
  limit?: number;
  /** Keep request and response bodies in journal entries (default true). */
  bodies?: boolean;
  /** The byte budget of all kept calls together (default 64 MiB): the oldest go beyond it; the newest call is always kept. */
  maxBytes?: number;
  /** The most one body (request or response) keeps (default 256 KiB); a larger one is kept truncated. */
  maxBodyBytes?: number;
}

/** How many calls the journal keeps by default (the most recent ones). */
export const DEFAULT_JOURNAL_LIMIT = 10_000;
/** The journal's default byte budget: 64 MiB for all kept calls together. */
export const DEFAULT_JOURNAL_MAX_BYTES = 64 * 1024 * 1024;
/** The default size past which a body is kept truncated: 256 KiB. */
export const DEFAULT_JOURNAL_MAX_BODY_BYTES = 256 * 1024;

/** What the journal needs of the request behind a call: its credentials, to scrub them where the answer echoes them. */
export type RequestCredentials = Parameters<typeof requestSecrets>[0];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The request journal of one fakes instance. */
export class Journal {
  readonly #calls = CallList.journaled(() => this.#recordedCalls);
  readonly #unmatched = CallList.journaled(() => this.#recordedUnmatched);
  /** The estimated bytes of each kept call (calls leave it when neither list holds them any more). */
  // A Map, not a WeakMap: every call that leaves both lists is deleted from it, and a WeakMap entry per
  // request costs the garbage collector (ephemerons) and its insertion far more.
  readonly #sizes = new Map<RecordedCall, number>();
  #bytes = 0;
  /** Where the answers' JSON texts go (see journal-texts.ts). */
  #pack = new TextPack();
  /** The kept calls, oldest first: the most recent {@link Journal.limit} ones, within {@link Journal.maxBytes}. */
  get calls(): CallList {
    this.#trim(this.#calls, this.limit);
    return this.#calls;
  }
  /** The kept unmatched calls, oldest first: the most recent {@link Journal.limit} ones, within {@link Journal.maxBytes}. */
  get unmatched(): CallList {
    this.#trim(this.#unmatched, this.limit);
    return this.#unmatched;
  }
  #recordedCalls = 0;
  #recordedUnmatched = 0;
  /** Whether calls are recorded at all. */
  readonly enabled: boolean;
  /** At most this many calls (and this many unmatched ones) are kept; older ones are dropped and counted. */
  readonly limit: number;
  /** Whether request and response bodies are kept in journal entries. */
  readonly bodies: boolean;
  /** The byte budget of the kept calls together (estimated heap); older calls go beyond it. */
  readonly maxBytes: number;
  /** The most one body keeps; larger ones are kept truncated. */
  readonly maxBodyBytes: number;
  #seq = 0;
  readonly #listeners = new Set<(call: RecordedCall | null) => void>();
  constructor(option: JournalOption = true) {
    const o: JournalLimits & { enabled: boolean } = typeof option === 'boolean' ? { enabled: option } : { enabled: true, ...option };
    this.enabled = o.enabled;
    this.limit = o.limit ?? DEFAULT_JOURNAL_LIMIT;
    this.bodies = o.bodies ?? true;
    this.maxBytes = o.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES;
    this.maxBodyBytes = o.maxBodyBytes ?? DEFAULT_JOURNAL_MAX_BODY_BYTES;
  }
  /** The estimated heap the kept calls take (bodies, headers, URLs), in bytes. */
  get bytes(): number {
    return this.#bytes;
  }
  /** The next sequence number (also the source of deterministic request ids). */
  nextSeq(): number {
    this.#seq += 1;
    return this.#seq;
  }
  /**
   * Records a call. Its secrets go first, whatever the journal keeps (the call is also what
   * `fakes.handle()` answers): response headers, note and failure redacted by rule, and anything the
   * request's own credentials (`req`) reappear in scrubbed; bodies redacted and, past
   * {@link Journal.maxBodyBytes}, truncated. So the journal never holds a clear secret.
   */
  record(call: RecordedCall, req?: RequestCredentials): void {
    const known = req ? requestSecrets(req) : undefined;
    const c = call as Mutable<RecordedCall>;
    const text = (s: string) => redactText(s, known);
    if (known?.size) {
      c.url = known.scrub(c.url);
      c.path = known.scrub(c.path);
      c.headers = scrubRecord(c.headers, known);
      c.params = scrubRecord(c.params, known);
      c.query = scrubRecord(c.query, known);
    }
    const rawBody = call.body;
    const rawResponse = call.response.body;
    const responseHeaders = scrubRecord(redactHeaders(call.response.headers), known);
    if (c.note !== undefined) c.note = text(c.note);
    if (c.error) c.error = { message: text(c.error.message), ...(c.error.stack !== undefined ? { stack: text(c.error.stack) } : {}) };
    const clean = (v: unknown) => (known?.size ? scrubValue(redactValue(v), known, 0) : redactValue(v));
    if (!this.enabled) {
      // Nothing is kept: the bodies are redacted when (and if) the caller reads them.
      c.response = { headers: responseHeaders, body: undefined };
      lazy(c, 'body', () => clean(rawBody));
      lazy(c.response, 'body', () => clean(rawResponse));
      return;
    }
    let bytes = CALL_OVERHEAD + stringBytes(c.url) + stringBytes(c.path) + recordBytes(c.headers) + recordBytes(responseHeaders);
    bytes +=
      recordBytes(c.params) +
      recordBytes(c.query) +
      (c.note ? stringBytes(c.note) : 0) +
      (c.error ? stringBytes(c.error.message) + stringBytes(c.error.stack ?? '') : 0);
    let truncated: { body?: true; response?: true } | undefined;
    let body: unknown;
    let response: unknown;
    if (rawBody !== undefined) {
      const fitted = fitBody(clean(rawBody), this.maxBodyBytes);
      body = fitted.value;
      bytes += fitted.bytes;
      if (fitted.truncated) truncated = { body: true };
    }
    // A JSON answer is kept as the text that was sent (made once, for the ETag and the transport) when
    // it surely holds no secret and fits: one string instead of a copy of its object tree, parsed
    // when read. Anything else is redacted, cut and kept as a value.
    let sent = rawResponse !== undefined ? cleanJsonText(rawResponse, known) : undefined;
    if (sent !== undefined && stringBytes(sent) > this.maxBodyBytes) sent = undefined;
    if (sent !== undefined) {
      bytes += stringBytes(sent);
    } else if (rawResponse !== undefined) {
      const fitted = fitBody(clean(rawResponse), this.maxBodyBytes);
      response = fitted.value;
      bytes += fitted.bytes;
      if (fitted.truncated) truncated = { ...truncated, response: true };
    }
    c.body = body;
    c.response = sent !== undefined ? this.#sentJson(responseHeaders, sent) : { headers: responseHeaders, body: response };
    if (truncated) c.truncated = truncated;
    this.#recordedCalls += 1;
    const unmatched = isUnmatched(call);
    if (unmatched) this.#recordedUnmatched += 1;
    if (this.limit <= 0) {
      this.#notify(call);
      return;
    }
    this.#sizes.set(call, bytes);
    this.#bytes += bytes;
    this.#calls.push(call);
    if (unmatched) this.#unmatched.push(call);
    // Past the call limit the oldest go in batches (a list may hold up to a sixteenth more between
    // batches; every read trims it first). One `shift()` per call was O(n): the list is an Array
    // subclass, which V8 does not shift in place, so a full journal of 10,000 made each request move
    // 10,000 entries.
    const slack = Math.max(64, this.limit >> 4);
    if (this.#calls.length > this.limit + slack) this.#trim(this.#calls, this.limit);
    if (this.#unmatched.length > this.limit + slack) this.#trim(this.#unmatched, this.limit);
    // A thirty-second of the budget is margin for what the estimate misses (allocator slack).
    if (this.#bytes > this.maxBytes - (this.maxBytes >> 5)) this.#fitBudget(call);
    this.#notify(call);
  }
  /** An entry's `response` whose body is kept as the JSON text that was sent, packed with other entries' texts. */
  #sentJson(headers: Readonly<Record<string, string>>, text: string): RecordedCall['response'] {
    // A journal that keeps no call has nothing to pack.
    if (this.limit <= 0) return sentResponse(new TextPack(), headers, text);
    if (this.#pack.sealed) this.#pack = new TextPack();
    return sentResponse(this.#pack, headers, text);
  }
  #notify(call: RecordedCall): void {
    if (this.#listeners.size) for (const l of this.#listeners) l(call);
  }
  clear(): void {
    this.#pack = new TextPack();
    forgetInflated();
    this.#calls.length = 0;
    this.#unmatched.length = 0;
    this.#sizes.clear();
    this.#bytes = 0;
    this.#recordedCalls = 0;
    this.#recordedUnmatched = 0;
    this.#seq = 0;
    if (this.#listeners.size) for (const l of this.#listeners) l(null);
  }
  /**
   * Calls `listener` with every call recorded from now on, and with `null` when the journal is
   * cleared (reset). The server's live page streams the journal with it. Returns the unsubscriber.
   */
  subscribe(listener: (call: RecordedCall | null) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Cuts a list to its most recent `limit` calls. */
  #trim(list: CallList, limit: number): void {
    if (list.length > limit) this.#release(list, list.length - limit);
  }

  /** Removes the oldest `n` calls of a list; a call neither list holds any more leaves the byte count. */
  #release(list: CallList, n: number): void {
    if (n <= 0) return;
    const gone = list.splice(0, n);
    const other = list === this.#calls ? this.#unmatched : this.#calls;
    for (const call of gone) {
      const first = other[0];
      // Both lists hold the most recent calls of their kind: the other list holds this call when it is of its kind and not older than its oldest.
      const held = first !== undefined && call.seq >= first.seq && (other === this.#calls || isUnmatched(call));
      if (held) continue;
      this.#bytes -= this.#sizes.get(call) ?? 0;
      this.#sizes.delete(call);
    }
  }

  /**
   * Drops the oldest calls, of both lists in arrival order, until the kept ones take at most fifteen
   * sixteenths of the budget (so a full journal does not cut on every call). The newest call stays.
   */
  #fitBudget(newest: RecordedCall): void {
    const target = this.maxBytes - (this.maxBytes >> 4);
    const calls = this.#calls;
    const unmatched = this.#unmatched;
    let ci = 0;
    let ui = 0;
    let bytes = this.#bytes;
    while (bytes > target) {
      const c = calls[ci];
      const u = unmatched[ui];
      const next = u !== undefined && (c === undefined || u.seq <= c.seq) ? u : c;
      if (next === undefined || next === newest) break;
      bytes -= this.#sizes.get(next) ?? 0;
      if (next === c) ci += 1;
      if (next === u) ui += 1;
    }
    for (const call of calls.splice(0, ci)) this.#forget(call);
    for (const call of unmatched.splice(0, ui)) this.#forget(call);
  }

  #forget(call: RecordedCall): void {
    const size = this.#sizes.get(call);
    if (size === undefined) return;
    this.#bytes -= size;
    this.#sizes.delete(call);
  }
}

/** Whether the journal lists a call in `unmatched`: no route matched, or a route answered without serving all of it (tag `unserved`: a GraphQL field the fake does not resolve). */
function isUnmatched(call: RecordedCall): boolean {
  return call.operation === 'unmatched' || call.tags.includes('unserved');
}

function scrubRecord<T extends Readonly<Record<string, string | readonly string[]>>>(r: T, known: KnownSecrets | undefined): T {
  if (!known?.size) return r;
  let out: Record<string, string | readonly string[]> | undefined;
  // for...in over a plain record: Object.entries would make an array per header, on every request.
  for (const k in r) {
    const v = r[k] as string | readonly string[];
    const s = typeof v === 'string' ? known.scrub(v) : v.some((x) => known.scrub(x) !== x) ? v.map((x) => known.scrub(x)) : v;
    if (s !== v) {
      out ??= { ...r };
      out[k] = s;
    }
  }
  return (out ?? r) as T;
}

function lazy<T extends object>(obj: T, key: string, compute: () => unknown): void {
  Object.defineProperty(obj, key, {
    enumerable: true,
    configurable: true,
    get() {
      const value = compute();
      Object.defineProperty(obj, key, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
}
