import { type CodeHostingFacade, type CodeHostingState, codeHostingService } from './fakes/code-hosting/index.js';
import { type ModelCacheFacade, type ModelCacheState, modelCacheService } from './fakes/model-cache/index.js';
import type { ServiceDefinition } from './fakes/service.js';
import type { ServiceName } from './fakes/service-name.js';
import { type SocialGraphFacade, type SocialGraphState, socialGraphService } from './fakes/social-graph/index.js';
import { type FakeFailure, FakeInternalError, type NotInstalledError, StuntdoubleError } from './errors.js';
import { Engine, type FaultHook, type OverrideHandler } from './http/dispatch.js';
import { attachEngine, attachGuardStopper } from './http/engines.js';
import { type GuardEntry, type Member, claim, guard, release, unguard } from './http/interception.js';
import { redactText } from './http/redact.js';
import type { RawRequest } from './http/request.js';
import { type FakeResponse, serialize } from './http/response.js';
import { type FakeFetch, createFetch } from './http/transport-fetch.js';
import { syncBackstop } from './http/backstop.js';
import { DirectTransport, syncDirectHooks } from './http/transport-direct.js';
import { NockTransport, syncNockHooks } from './http/transport-nock.js';
import { syncUndiciHooks } from './http/transport-undici.js';
import {
  FAKES_OPTION_KEYS,
  type FakesOptions,
  FakesOptionsSchema,
  type ResolvedFakesOptions,
  defaultTransport,
  underTestRunner,
  unhandledPolicy,
} from './options.js';
import { type Clock, createClock, toEpochMs } from './store/clock.js';
import { checkSnapshot } from './store/snapshot-check.js';
import { withTypoSeed } from './util/typo-proxy.js';
import { failCurrentTestOnce } from './runners/current-test.js';
import type { BodyOf } from './fakes/route-bodies.js';
import type { RouteKey, RoutesByService } from './fakes/route-keys.js';
import { type CallFilter, type CallList, type CallNames, Journal, type RecordedCall, attachNames } from './store/journal.js';
import { createStore } from './store/store.js';
import { assertKnownKeys } from './util/suggest.js';
import { unknownNameIn } from './util/parse.js';

/** The whole state tree, frozen. */
export interface FakesState {
  readonly codeHosting: CodeHostingState;
  readonly socialGraph: SocialGraphState;
  readonly modelCache: ModelCacheState;
}

/** A snapshot: the frozen state object itself (O(1) to take and to restore). */
export type FakesSnapshot = FakesState;

/** A named, typed recipe that puts the fakes into a state and returns what a test needs (handles); built by `defineScenario`. */
export interface Scenario<H = unknown> {
  readonly name: string;
  readonly description: string;
  /** The fake it concerns, or `'all'` for cross-service faults. */
  readonly service: ServiceName | 'all';
  /** The seed state it reaches, e.g. `import.status = auth_failed`. */
  readonly reaches?: string;
  /** The options it was built with (after validation). */
  readonly options: unknown;
  /** Applies the scenario to the fakes (prefer `fakes.apply(scenario)`, which also lists it in `fakes.applied`); returns its handles. */
  apply(fakes: Fakes): H;
  /** Verifies, through the public wire (fakes.fetch), that the fakes are in the state the scenario claims; throws if not. */
  check?(fakes: Fakes, handles: H): Promise<void>;
}

/** A scenario that was applied, as `fakes.applied` lists it. */
export interface AppliedScenario {
  readonly name: string;
  readonly service: string;
  readonly options: unknown;
  /** Journal sequence number at the time it was applied. */
  readonly afterSeq: number;
}

/** What `fakes.handle()` answers: status, headers and the body as sent on the wire (text). */
export interface HandledResponse {
  status: number;
  headers: Record<string, string>;
  /** The body text as sent ('' when none). */
  text: string;
  /** The body parsed as JSON when it is JSON, else undefined. */
  json: unknown;
  /** The journal entry for the call. */
  call: RecordedCall;
}

/**
 * The journal of a fakes instance: a {@link CallList} whose `where({ route })` knows the route's body
 * type. Editors complete the route strings.
 * @example fakes.calls.where({ route: 'PUT /repos/{owner}/{repo}/import' }).last()?.body.vcs
 */
export interface Calls extends CallList {
  /** Calls on a route (and every other given key), their bodies typed by the route (the `RouteBodies` type). */
  where<R extends RouteKey>(filter: Omit<CallFilter, 'route'> & { route: R }): CallList<BodyOf<R>>;
  /** Calls matching every key of the filter, in arrival order. */
  where(filter: CallFilter): CallList;
}

/** A live set of fakes: state, clock, journal, interceptors. Create one with {@link createFakes}. */
export interface Fakes {
  /**
   * Intercepts every request to a faked host, whatever the client: http/https, global fetch (also a
   * reference captured earlier) and undici (idempotent). The default `transport: 'direct'` answers in
   * the interception layer already running (nock's, msw's) or its own, with no timers; `'nock'` serves
   * through nock interceptors. Changes nothing else of the process: nock's net-connect settings, your
   * other nock scopes and the previous global dispatcher stay as they were. With `transport: 'nock'`,
   * throws when nock and Node do not go together.
   */
  install(): Fakes;
  /**
   * Removes this instance's interception and puts back what install() changed. Then, when
   * something failed inside the fakes since the last check (see {@link Fakes.errors}), throws a
   * `FakeInternalError` naming it, so the test fails.
   */
  uninstall(): Fakes;
  /** Whether the interception is active (false again after `nock.restore()` deactivated nock). */
  readonly installed: boolean;
  /**
   * Failures inside the fakes, an override, a custom route or a fault hook (each answered 500 with a
   * message saying so), and guard refusals, in order. Cleared by `reset()`.
   */
  readonly errors: readonly FakeFailure[];
  /**
   * Throws a `FakeInternalError` when something failed since the last check (see `errors`), or, with
   * `onUnmatched: 'error'`, when a request matched no route. What `useFakes`' afterEach calls;
   * framework integrations call it too.
   */
  verify(): void;
  /**
   * Adds a route the fake does not have; the handler sees the same context as built-in routes
   * (state, `update`, clock, journal). Throws when the route exists (use `override`). Returns a remover.
   * @example fakes.route('modelCache', 'POST /v1beta/models/{model}:predictLongRunning', (ctx) => ({ status: 200, body: { name: 'operations/1' } }))
   */
  route(service: ServiceName, route: string, handler: OverrideHandler): () => void;
  /**
   * Back to the baseline: empty fakes (or the state {@link Fakes.markBaseline} recorded), an empty
   * journal, the clock at its start, no overrides; faults and applied scenarios as at the baseline.
   */
  reset(): Fakes;
  /**
   * Records the current state, faults and applied scenarios as the baseline `reset()` returns to,
   * so seeding done once (in `beforeAll`) survives each test's reset. `useFakes()` calls it before
   * the first test. Returns the instance.
   */
  markBaseline(): Fakes;
  /** The frozen state object (O(1)). */
  snapshot(): FakesSnapshot;
  /**
   * Puts back a snapshot taken with `snapshot()` (or `state`) of this instance, or of another instance
   * of this version (same shape). Anything else (`{}`, `null`, a partial state) throws a TypeError and
   * leaves the state as it was.
   */
  restore(snapshot: FakesSnapshot): Fakes;
  /** The frozen state tree. */
  readonly state: FakesState;
  /** The fake clock. */
  readonly clock: Clock;
  /**
   * Every call, in arrival order, with `where()`, `last()`, `count()`, `bodies()`. `where({ route })`
   * on a route whose body schema is known (the `RouteBodies` type) types the bodies of the calls it returns.
   */
  readonly calls: Calls;
  /** Requests to a faked host that matched no route. */
  readonly unmatched: CallList;
  /** A fetch function served by the fakes, no nock or network involved. */
  readonly fetch: FakeFetch;
  /** Handles one request directly (no transport). Rejects for URLs no fake serves. */
  handle(request: RawRequest): Promise<HandledResponse>;
  /** Applies a scenario and returns its handles. */
  apply<H>(scenario: Scenario<H>): H;
  /** Scenarios applied since the last reset, in order. */
  readonly applied: readonly AppliedScenario[];
  /**
   * Replaces one operation's answer; the call is journaled like any other (tag `override`).
   * @example fakes.override('codeHosting', 'GET /rate_limit', () => ({ status: 503, body: { message: 'down' } }))
   */
  override<S extends ServiceName>(service: S, route: RoutesByService[S] | (string & {}), handler: OverrideHandler): () => void;
  /** Every route a service serves, as `'METHOD /template'`. */
  routes(service: ServiceName): string[];
  /**
   * Waits for queued side effects (webhook deliveries) to finish. Deliveries still in flight at
   * `reset()` or `uninstall()` are aborted instead, so await this first to keep them.
   */
  flush(): Promise<void>;
  /** A short human-readable summary of the state and the journal. */
  describe(): string;
  /** Options after defaults. */
  readonly options: ResolvedFakesOptions;
  /** Fault hooks consulted on every request (used by fault scenarios). */
  readonly faults: FaultHook[];
  /** The code hosting fake (GitHub REST). */
  readonly codeHosting: CodeHostingFacade;
  /** The social graph fake (Facebook Graph). */
  readonly socialGraph: SocialGraphFacade;
  /** The model cache fake (Vertex AI / Gemini cachedContents). */
  readonly modelCache: ModelCacheFacade;
}

/**
 * Creates an independent set of fakes (own store, clock, journal, interceptors).
 * @example
 * const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' }).install();
 * // ... run code under test with its real SDK ...
 * expect(fakes.calls.where({ method: 'PUT' }).count()).toBe(1);
 */
export function createFakes(options: FakesOptions = {}): Fakes {
  assertKnownKeys(options, FAKES_OPTION_KEYS, 'option', 'createFakes()');
  const parsed = FakesOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const named = unknownNameIn(FakesOptionsSchema, options, parsed.error.issues, 'createFakes()');
    if (named) throw named;
    throw new TypeError(
      `stuntdouble: invalid createFakes options: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  const opts = { ...parsed.data, transport: parsed.data.transport ?? defaultTransport() } as ResolvedFakesOptions;
  const defs = [codeHostingService, socialGraphService, modelCacheService] as const;
  const serviceOptions = defs.map((d) => {
    try {
      return d.parseOptions(opts[d.name]);
    } catch (err) {
      if (err instanceof StuntdoubleError) throw err;
      const msg =
        err && typeof err === 'object' && 'issues' in err
          ? (err as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues.map((i) => `${d.name}.${i.path.join('.')}: ${i.message}`).join('; ')
          : String(err);
      throw new TypeError(`stuntdouble: invalid createFakes options: ${msg}`);
    }
  });
  const initial = (): Record<ServiceName, unknown> => ({
    codeHosting: codeHostingService.initialState(),
    socialGraph: socialGraphService.initialState(),
    modelCache: modelCacheService.initialState(),
  });
  const store = createStore(initial);
  // What every snapshot of this version holds: the shape restore() checks against.
  const initialShape = store.get();
  let clockStart: 'real' | 'system' | number;
  try {
    clockStart = opts.clock === 'real' || opts.clock === 'system' ? opts.clock : toEpochMs(opts.clock);
  } catch (err) {
    throw new TypeError(`stuntdouble: invalid createFakes options: clock: ${(err as Error).message.replace(/^stuntdouble: /, '')}`);
  }
  let engine: Engine | undefined;
  let clock = createClock(clockStart, () => engine?.runTimers());
  const clockProxy: Clock = {
    now: () => clock.now(),
    nowMs: () => clock.nowMs(),
    get mode() {
      return clock.mode;
    },
    set: (at) => clock.set(at),
    advance: (by) => clock.advance(by),
    freeze: (at) => clock.freeze(at),
  };
  const journal = new Journal(opts.journal);
  engine = new Engine(store, clockProxy, journal, opts.auth);
  const eng = engine;
  const hosts = defs.map((d, i) => {
    const o = serviceOptions[i] as { baseUrls?: string[] };
    return eng.register(d as ServiceDefinition<unknown, unknown, unknown>, o, o.baseUrls ?? d.defaultBaseUrls);
  });
  const facades = defs.map((d, i) => withTypoSeed((d as ServiceDefinition<unknown, unknown, unknown>).facade(hosts[i] as never), d.name));
  const everyService = <T>(f: (s: ServiceName) => T[]) => eng.serviceNames().flatMap(f);
  const names: CallNames = {
    services: () => eng.serviceNames(),
    operations: (service) => (service ? eng.operationsOf(service as ServiceName) : everyService((s) => eng.operationsOf(s))),
    routes: (service) => (service ? eng.routesOf(service as ServiceName) : everyService((s) => eng.routesOf(s))),
    select: (route, service, where) => eng.routeSelector(service as ServiceName | undefined, route, where),
  };
  attachNames(journal.calls, names);
  attachNames(journal.unmatched, names);
  const transport = opts.transport === 'nock' ? new NockTransport(engine) : new DirectTransport(engine);
  const fetchFn = createFetch(engine);
  const applied: AppliedScenario[] = [];
  let baseline: { state: FakesState; applied: AppliedScenario[]; faults: FaultHook[] } | undefined;
  let reported = 0;
  const { policy, allowHost } = unhandledPolicy(opts);
  const member: Member = {
    owner: Symbol('stuntdouble'),
    engine: eng,
    policy,
    allowHost,
    report: (failure) => {
      eng.errors.push(failure);
    },
  };
  const guardOption = opts.guard ?? underTestRunner();
  let guardEntry: GuardEntry | undefined;
  if (guardOption) {
    const entry: GuardEntry = {
      report(error: NotInstalledError) {
        eng.errors.push({ seq: 0, request: error.message, source: 'guard', message: error.message, ...(error.stack ? { stack: error.stack } : {}), error });
        // Under vitest, the running test fails once (with the request's error, or this one at its end).
        if (typeof guardOption !== 'function') return failCurrentTestOnce(error) ? 'handled' : 'throw';
        guardOption(error);
        return 'handled';
      },
    };
    guard(eng.origins(), entry);
    guardEntry = entry;
    syncHooks();
  }
  const takeUnreported = (): FakeFailure[] => {
    const list = eng.errors.slice(reported);
    reported = eng.errors.length;
    return list;
  };

  const fakes: Fakes = {
    install() {
      if (transport.installed) return fakes;
      claim(member, eng.origins());
      try {
        transport.install();
      } catch (err) {
        release(member);
        throw err;
      } finally {
        syncHooks();
      }
      return fakes;
    },
    uninstall() {
      transport.uninstall();
      eng.cancelWaits();
      release(member);
      syncHooks();
      const failures = takeUnreported().filter((f) => f.source !== 'guard');
      if (failures.length) throw internalError(failures);
      return fakes;
    },
    get installed() {
      return transport.installed;
    },
    get errors() {
      return eng.errors;
    },
    verify() {
      const failures = takeUnreported();
      const unmatched = opts.onUnmatched === 'error' ? [...journal.unmatched] : [];
      if (failures.length) throw internalError(failures);
      if (unmatched.length) {
        const list = unmatched.map((u) => `  ${u.method} ${u.url}${u.note ? ` (${u.note})` : ''}`).join('\n');
        throw new FakeInternalError(`stuntdouble: ${unmatched.length} unmatched request(s):\n${list}`, []);
      }
    },
    route: (service, route, handler) => eng.addRoute(service, route, handler),
    reset() {
      eng.cancelWaits();
      if (baseline) store.restore(baseline.state as unknown as Record<ServiceName, unknown>);
      else store.reset();
      journal.clear();
      eng.errors.length = 0;
      reported = 0;
      eng.clearCustomRoutes();
      eng.clearOverrides();
      eng.resetMeters();
      eng.faults.length = 0;
      applied.length = 0;
      if (baseline) {
        eng.faults.push(...baseline.faults);
        applied.push(...baseline.applied);
      }
      clock = createClock(clockStart, () => eng.runTimers());
      return fakes;
    },
    markBaseline() {
      baseline = { state: store.snapshot() as unknown as FakesState, applied: [...applied], faults: [...eng.faults] };
      return fakes;
    },
    snapshot: () => store.snapshot() as unknown as FakesState,
    restore(snap) {
      checkSnapshot(snap, initialShape);
      store.restore(snap as unknown as Record<ServiceName, unknown>);
      return fakes;
    },
    get state() {
      return store.get() as unknown as FakesState;
    },
    clock: clockProxy,
    get calls() {
      return journal.calls;
    },
    get unmatched() {
      return journal.unmatched;
    },
    fetch: fetchFn,
    async handle(request) {
      const result = await eng.handle(request);
      if (result.kind === 'unserved') throw new Error(`stuntdouble: no fake serves ${String(request.url)}`);
      if (result.kind === 'network-error') throw result.error;
      return toHandled(result.response, result.call);
    },
    apply(scenario) {
      const handles = scenario.apply(fakes);
      applied.push({ name: scenario.name, service: scenario.service, options: scenario.options, afterSeq: journal.calls.count() });
      return handles;
    },
    get applied() {
      return applied;
    },
    override: (service, route, handler) => eng.override(service, route, handler),
    routes: (service) => eng.routesOf(service),
    flush: () => eng.flush(),
    describe: () => describeFakes(fakes),
    options: opts,
    faults: eng.faults,
    codeHosting: facades[0] as CodeHostingFacade,
    socialGraph: facades[1] as SocialGraphFacade,
    modelCache: facades[2] as ModelCacheFacade,
  };
  attachEngine(fakes, eng);
  attachGuardStopper(fakes, () => {
    if (!guardEntry) return;
    unguard(guardEntry);
    guardEntry = undefined;
    syncHooks();
  });
  return fakes;
}

/** Process-wide hooks (nock's 'no match' listener, the interceptor gate, undici's dispatcher, the connection backstop) follow what is installed or guarded. */
function syncHooks(): void {
  syncNockHooks();
  syncDirectHooks();
  syncUndiciHooks();
  syncBackstop();
}

function internalError(failures: readonly FakeFailure[]): FakeInternalError {
  // A failure's message is the thrower's own text: it may quote a request's credentials.
  const lines = failures.map((f) => `  - ${f.request}: ${redactText(f.message)} (from ${f.source})`);
  const first = failures[0]?.stack ? `\n\nFirst stack:\n${redactText(failures[0].stack)}` : '';
  return new FakeInternalError(
    `stuntdouble: ${failures.length} failure(s) inside the fakes during this test (answered 500 to the client, which may have hidden them):\n${lines.join('\n')}${first}`,
    failures,
  );
}

function toHandled(res: FakeResponse, call: RecordedCall): HandledResponse {
  const out = serialize(res);
  const text = typeof out.body === 'string' ? out.body : new TextDecoder().decode(out.body);
  let parsedJson: unknown;
  if ((out.headers['content-type'] ?? '').includes('json') && text) {
    try {
      parsedJson = JSON.parse(text);
    } catch {
      parsedJson = undefined;
    }
  }
  // A copy: the journal entry may hold the answer's own headers record.
  return { status: out.status, headers: { ...out.headers }, text, json: parsedJson, call };
}

// The servers (`serve()`) answering for an instance, by URL: describe() names them.
const servers = new WeakMap<Fakes, Set<string>>();

/**
 * @internal Records that a server answers for `fakes` at `url` (called by `serve()`), so that
 * `describe()` says where; returns the function that takes it back (on close).
 */
export function noteServing(fakes: Fakes, url: string): () => void {
  const urls = servers.get(fakes) ?? new Set<string>();
  servers.set(fakes, urls);
  urls.add(url);
  return () => void urls.delete(url);
}

/** A short summary: applied scenarios, clock, and the last calls. */
export function describeFakes(fakes: Fakes, lastN = 20): string {
  const lines: string[] = [];
  const serving = [...(servers.get(fakes) ?? [])];
  // "installed", "serving on http://127.0.0.1:4010", both, or "not installed".
  const how = [fakes.installed ? 'installed' : '', serving.length ? `serving on ${serving.join(', ')}` : ''].filter(Boolean).join('; ') || 'not installed';
  lines.push(`stuntdouble fakes (${how}), clock ${fakes.clock.mode} at ${fakes.clock.now().toISOString()}`);
  if (fakes.applied.length) lines.push(`scenarios: ${fakes.applied.map((a) => a.name).join(', ')}`);
  for (const name of ['codeHosting', 'socialGraph', 'modelCache'] as const) {
    const facade = fakes[name] as { describe?: () => string };
    const summary = facade.describe?.();
    if (summary) lines.push(`${name}: ${summary}`);
  }
  const calls = fakes.calls;
  const kept = calls.dropped > 0 ? ` (last ${calls.length} kept)` : '';
  lines.push(`calls: ${calls.count()}${kept}${fakes.unmatched.count() ? ` (${fakes.unmatched.count()} unmatched)` : ''}`);
  for (const c of calls.slice(-lastN)) {
    lines.push(
      `  #${c.seq} ${c.method} ${c.path} → ${c.status} ${c.operation}${c.token ? ` [token ${c.token}]` : ''}${c.tags.length ? ` {${c.tags.join(',')}}` : ''}`,
    );
  }
  for (const u of fakes.unmatched.slice(-5)) if (u.note) lines.push(`  unmatched #${u.seq}: ${u.note}`);
  // The same rules as the journal: a summary or a path may still spell a credential.
  return redactText(lines.join('\n'));
}
