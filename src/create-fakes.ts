import { type CodeHostingFacade, type CodeHostingState, codeHostingService } from './fakes/code-hosting/index.js';
import { type ModelCacheFacade, type ModelCacheState, modelCacheService } from './fakes/model-cache/index.js';
import type { ServiceDefinition } from './fakes/service.js';
import type { ServiceName } from './fakes/service-name.js';
import { type SocialGraphFacade, type SocialGraphState, socialGraphService } from './fakes/social-graph/index.js';
import { Engine, type FaultHook, type OverrideHandler } from './http/dispatch.js';
import { attachEngine } from './http/engines.js';
import type { RawRequest } from './http/request.js';
import { type FakeResponse, serialize } from './http/response.js';
import { type FakeFetch, createFetch } from './http/transport-fetch.js';
import { NockTransport } from './http/transport-nock.js';
import { type FakesOptions, FakesOptionsSchema, type ResolvedFakesOptions } from './options.js';
import type { Scenario } from './scenarios/define.js';
import { type Clock, createClock, toEpochMs } from './store/clock.js';
import { type CallList, Journal, type RecordedCall } from './store/journal.js';
import { createStore } from './store/store.js';

/** The whole state tree, frozen. */
export interface FakesState {
  readonly codeHosting: CodeHostingState;
  readonly socialGraph: SocialGraphState;
  readonly modelCache: ModelCacheState;
}

/** A snapshot: the frozen state object itself (O(1) to take and to restore). */
export type FakesSnapshot = FakesState;

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

/** A live set of fakes: state, clock, journal, interceptors. Create one with {@link createFakes}. */
export interface Fakes {
  /** Activates the nock interceptors for every faked host (idempotent). Returns the instance. */
  install(): Fakes;
  /** Removes this instance's interceptors only. */
  uninstall(): Fakes;
  /** Whether the interceptors are active. */
  readonly installed: boolean;
  /** Initial state, empty journal, clock back to its start, no overrides, faults or applied scenarios. */
  reset(): Fakes;
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
  /** Every call, in arrival order, with `where()`, `last()`, `count()`, `bodies()`. */
  readonly calls: CallList;
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
  override(service: ServiceName, route: string, handler: OverrideHandler): () => void;
  /** Every route a service serves, as `'METHOD /template'`. */
  routes(service: ServiceName): string[];
  /** Waits for queued side effects (webhook deliveries) to finish. */
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
  const parsed = FakesOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new TypeError(
      `stuntdouble: invalid createFakes options: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  const opts = parsed.data;
  const defs = [codeHostingService, socialGraphService, modelCacheService] as const;
  const serviceOptions = defs.map((d) => {
    try {
      return d.parseOptions(opts[d.name]);
    } catch (err) {
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
  let clockStart: 'real' | number;
  try {
    clockStart = opts.clock === 'real' ? 'real' : toEpochMs(opts.clock);
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
  const facades = defs.map((d, i) => (d as ServiceDefinition<unknown, unknown, unknown>).facade(hosts[i] as never));
  const transport = new NockTransport(engine, opts.allowNetConnect);
  const fetchFn = createFetch(engine);
  const applied: AppliedScenario[] = [];

  const fakes: Fakes = {
    install() {
      transport.install();
      return fakes;
    },
    uninstall() {
      transport.uninstall();
      eng.cancelWaits();
      return fakes;
    },
    get installed() {
      return transport.installed;
    },
    reset() {
      eng.cancelWaits();
      store.reset();
      journal.clear();
      eng.clearOverrides();
      eng.resetMeters();
      eng.faults.length = 0;
      applied.length = 0;
      clock = createClock(clockStart, () => eng.runTimers());
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
  return fakes;
}

/** The kind of a state node, for the shape check of restore(). */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/**
 * Refuses what no snapshot of this version looks like: a snapshot holds the three service slices, each
 * with every key of the initial state's slice, of the same kind (object, array, number...). Two levels
 * deep, so the check costs the same for any amount of state.
 */
function checkSnapshot(snap: unknown, current: Record<ServiceName, unknown>): void {
  const fail = (why: string): never => {
    throw new TypeError(`stuntdouble: restore() takes a snapshot from fakes.snapshot() (or fakes.state); ${why}`);
  };
  if (typeof snap !== 'object' || snap === null || Array.isArray(snap)) fail(`got ${snap === null ? 'null' : kindOf(snap)}`);
  const s = snap as Record<string, unknown>;
  for (const [name, slice] of Object.entries(current)) {
    const given = Object.hasOwn(s, name) ? s[name] : undefined;
    if (typeof given !== 'object' || given === null || Array.isArray(given)) fail(`'${name}' is missing or not an object`);
    const g = given as Record<string, unknown>;
    for (const [key, value] of Object.entries(slice as Record<string, unknown>)) {
      const expected = kindOf(value);
      const actual = Object.hasOwn(g, key) ? kindOf(g[key]) : 'missing';
      // Optional fields may be absent from either side.
      if (expected !== actual && expected !== 'undefined' && actual !== 'undefined')
        fail(`'${name}.${key}' is ${actual === 'missing' ? 'missing' : `a ${actual}, expected a ${expected}`}`);
    }
  }
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
  return { status: out.status, headers: out.headers, text, json: parsedJson, call };
}

/** A short summary: applied scenarios, clock, and the last calls. */
export function describeFakes(fakes: Fakes, lastN = 20): string {
  const lines: string[] = [];
  lines.push(`stuntdouble fakes (${fakes.installed ? 'installed' : 'not installed'}), clock ${fakes.clock.mode} at ${fakes.clock.now().toISOString()}`);
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
  return lines.join('\n');
}
