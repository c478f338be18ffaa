import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fakes, FakesSnapshot } from '../create-fakes.js';
import { SERVICE_NAMES, type ServiceName } from '../fakes/service-name.js';
import type { Engine } from '../http/dispatch.js';
import { engineOf } from '../http/engines.js';
import { redactState, redactValue } from '../http/redact.js';
import { scenarios } from '../scenarios/index.js';
import type { RecordedCall } from '../store/journal.js';
import { callBySeq, intParam, pageOfCalls, parseCallQuery, streamCalls } from './calls.js';
import { AdminError, sendJson } from './json.js';
import { EventHub, streamPosition } from './live/events.js';
import { stateTree } from './live/state-tree.js';
import { type FaultView, liveData } from './live/summary.js';
import { didYouMean } from './nearest.js';
import { renderLivePage } from './page.js';
import { checkKeys, handlesView, originOf, viewOf } from './params.js';
import { rebaseForServer } from './rebase.js';
import { SERVICE_SPELLINGS, serviceOrUndefined } from './services.js';

type ScenarioFactory = (options?: unknown) => { name: string; service: string; apply(fakes: Fakes): unknown };
const SCENARIOS = scenarios as unknown as Record<string, ScenarioFactory & { description: string; service: string; handles: string; reaches?: string }>;
const FAULT_KINDS = Object.keys(SCENARIOS).filter((n) => SCENARIOS[n]?.service === 'all');

// Bounded: a long-running server that snapshots on every test keeps only the most recent ones.
const MAX_SNAPSHOTS = 256;
const MAX_HANDLES = 1024;
// Admin bodies are small JSON documents (options, seed inputs); bulk seeds stay well under this.
const MAX_ADMIN_BODY = 16 * 1024 * 1024;

interface Handle {
  id: number;
  scenario: string;
  options: unknown;
  value: Record<string, unknown>;
  fault: boolean;
}

/** What an admin route sees. */
interface AdminRequest {
  method: string;
  segments: string[];
  query: URLSearchParams;
  body: () => Promise<unknown>;
  /** The origin the request came in on (`http://127.0.0.1:4010`): seed and scenario JSON link there. */
  origin: string;
  /** `Last-Event-ID` of an event stream that reconnects. */
  lastEventId: string | undefined;
}

/** What a route answers: a JSON value, or a writer for answers streamed (the journal, the event stream). */
type AdminAnswer = { status?: number; body: unknown } | { stream: (res: ServerResponse) => void | Promise<void> };

/** The admin API under `/__stuntdouble/` (JSON) and the live page at `/__stuntdouble/`. */
export class AdminApi {
  readonly #snapshots = new Map<string, FakesSnapshot>();
  #nextSnapshot = 1;
  readonly #handles = new Map<number, Handle>();
  #nextHandle = 1;
  readonly #engine: Engine;
  readonly #events: EventHub;

  constructor(
    private readonly fakes: Fakes,
    private readonly info: { url: string; services: ServiceName[]; seed?: (fakes: Fakes) => unknown },
  ) {
    this.#engine = engineOf(fakes);
    this.#events = new EventHub(this.#engine.journal, () => clockJson(fakes));
  }

  /** Ends the event streams (the server is closing: they would hold it open). */
  close(): void {
    this.#events.close();
  }

  /** Answers one admin request; throws {@link AdminError} for bad calls. */
  async handle(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    const url = new URL(target, 'http://admin');
    const rest = url.pathname.slice('/__stuntdouble'.length);
    const method = (req.method ?? 'GET').toUpperCase();
    if (rest === '' || rest === '/') {
      if (method !== 'GET' && method !== 'HEAD') throw new AdminError(405, 'stuntdouble: the live page answers GET only');
      if (rest === '') {
        res.writeHead(308, { location: '/__stuntdouble/', 'content-length': '0' });
        return void res.end();
      }
      const page = renderLivePage(this.liveData(1000, true));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(page)) });
      return void res.end(method === 'HEAD' ? undefined : page);
    }
    let segments: string[];
    try {
      segments = rest.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new AdminError(400, `stuntdouble: malformed path ${rest}`);
    }
    let cached: Promise<unknown> | undefined;
    const body = () => {
      cached ??= readJson(req);
      return cached;
    };
    const lastEventId = req.headers['last-event-id'];
    const out = await this.route({
      method,
      segments,
      query: url.searchParams,
      body,
      origin: originOf(req.headers.host, this.info.url),
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
    });
    if (!cached) await drainBody(req);
    // The page (and any other listener) hears of every change made through the admin API.
    if (method !== 'GET' && method !== 'HEAD') this.#events.change(segments[0] ?? '');
    if ('stream' in out) return out.stream(res);
    sendJson(res, out.status ?? 200, out.body);
  }

  private async route(r: AdminRequest): Promise<AdminAnswer> {
    const [head, ...tail] = r.segments;
    const key = `${r.method} ${head ?? ''}`;
    const f = this.fakes;
    switch (key) {
      case 'GET health':
        return {
          body: {
            ok: true,
            url: this.info.url,
            services: this.info.services,
            clock: clockJson(f),
            calls: f.calls.length,
            lastSeq: f.calls.last()?.seq ?? 0,
            unmatched: f.unmatched.length,
          },
        };
      case 'GET state': {
        // Shown without its credentials: seeded tokens, hook and app secrets (readers are not all trusted alike).
        const raw = tail[0] ?? r.query.get('service');
        const service = raw ? this.service(raw) : undefined;
        if (viewOf(r.query) === 'tree') return { body: this.stateTree(service) };
        return { body: redactState(service ? (f.state as unknown as Record<string, unknown>)[service] : f.state) };
      }
      case 'GET describe':
        return { body: { text: f.describe() } };
      case 'POST reset':
        f.reset();
        this.#handles.clear();
        if (this.info.seed) await this.info.seed(f);
        return { body: { ok: true, clock: clockJson(f) } };
      case 'POST snapshot': {
        const id = String(this.#nextSnapshot++);
        this.#snapshots.set(id, f.snapshot());
        if (this.#snapshots.size > MAX_SNAPSHOTS) this.#snapshots.delete(this.#snapshots.keys().next().value as string);
        return { status: 201, body: { id } };
      }
      case 'POST restore': {
        const id = need(tail[0], 'a snapshot id: POST /__stuntdouble/restore/{id}');
        const snap = this.#snapshots.get(id);
        if (!snap)
          throw new AdminError(404, `stuntdouble: no snapshot '${id}' (POST /__stuntdouble/snapshot makes one)`, { snapshots: [...this.#snapshots.keys()] });
        f.restore(snap);
        return { body: { ok: true, id } };
      }
      case 'GET scenarios':
        return {
          body: Object.entries(SCENARIOS).map(([name, s]) => ({
            name,
            service: s.service,
            description: s.description,
            handles: s.handles,
            reaches: s.reaches,
          })),
        };
      case 'POST scenarios': {
        // `?view=redacted`: the handles under the journal's redaction rule (the live page shows them so).
        const redacted = handlesView(r.query) === 'redacted';
        const handles = this.rebase(r.origin, this.applyScenario(need(tail[0], 'a scenario name: POST /__stuntdouble/scenarios/{name}'), await r.body()));
        return { status: 201, body: redacted ? redactValue(handles) : handles };
      }
      case 'GET applied':
        return { body: redactValue(f.applied) };
      case 'GET clock':
        return { body: clockJson(f) };
      case 'POST clock':
        return { body: this.clock(tail[0], (await r.body()) ?? {}) };
      case 'GET calls':
        if (tail[0] !== undefined) return { body: callBySeq(f.calls, tail[0]) };
        return this.calls(f.calls, r.query, 'calls');
      case 'GET unmatched':
        return this.calls(f.unmatched, r.query, 'unmatched');
      case 'GET events': {
        checkKeys(r.query, ['after', 'epoch'], 'events');
        const from = streamPosition(r.lastEventId, r.query);
        return { stream: (res) => this.#events.open(res, from) };
      }
      case 'GET live':
        checkKeys(r.query, ['calls'], 'live');
        return { body: this.liveData(r.query.get('calls') === null ? 0 : Math.min(intParam('calls', r.query.get('calls') as string), 10_000), false) };
      case 'GET routes': {
        const service = r.query.get('service') ?? tail[0];
        const names = service ? [this.service(service)] : SERVICE_NAMES;
        return { body: Object.fromEntries(names.map((n) => [n, f.routes(n)])) };
      }
      case 'GET faults':
        return { body: redactValue([...this.#handles.values()].filter((h) => h.fault).map((h) => this.handleJson(h))) };
      case 'POST faults': {
        const input = (await r.body()) ?? {};
        if (!isObject(input) || typeof input.kind !== 'string')
          throw new AdminError(400, `stuntdouble: POST /__stuntdouble/faults takes { "kind": one of ${FAULT_KINDS.join(', ')}, ...options }`);
        const { kind, ...options } = input;
        if (!FAULT_KINDS.includes(kind))
          throw new AdminError(400, `stuntdouble: unknown fault kind '${kind}'.${didYouMean(kind, FAULT_KINDS)} Kinds: ${FAULT_KINDS.join(', ')}`);
        return { status: 201, body: this.rebase(r.origin, this.applyScenario(kind, options)) };
      }
      case 'DELETE faults': {
        const ids = tail[0] !== undefined ? [this.handleOf(tail[0]).id] : [...this.#handles.values()].filter((h) => h.fault).map((h) => h.id);
        for (const id of ids) {
          const h = this.#handles.get(id) as Handle;
          if (!h.fault) throw new AdminError(400, `stuntdouble: handle ${id} is not a fault`);
          (h.value.remove as () => void)();
          this.#handles.delete(id);
        }
        return { body: { removed: ids } };
      }
      case 'POST handles': {
        const h = this.handleOf(need(tail[0], 'a handle id: POST /__stuntdouble/handles/{id}/{function}'));
        const fnName = need(tail[1], `a function name: POST /__stuntdouble/handles/${h.id}/{function}`);
        const fns = functionsOf(h.value);
        if (!fns.includes(fnName))
          throw new AdminError(404, `stuntdouble: handle ${h.id} has no function '${fnName}'.${didYouMean(fnName, fns)} Functions: ${fns.join(', ')}`);
        const args = argsOf(await r.body());
        return { body: { result: await callUser(() => (h.value[fnName] as (...a: unknown[]) => unknown)(...args)) } };
      }
      case 'POST seed':
        return { status: 201, body: this.rebase(r.origin, await this.seed(tail, await r.body())) };
      case 'GET seed':
        return { body: Object.fromEntries(SERVICE_NAMES.map((n) => [n, Object.keys(this.seedHelpers(n))])) };
      default: {
        const known = [
          'GET health',
          'GET state',
          'GET describe',
          'POST reset',
          'POST snapshot',
          'POST restore',
          'GET scenarios',
          'POST scenarios',
          'GET applied',
          'GET clock',
          'POST clock',
          'GET calls',
          'GET unmatched',
          'GET events',
          'GET live',
          'GET routes',
          'GET faults',
          'POST faults',
          'DELETE faults',
          'POST handles',
          'GET seed',
          'POST seed',
        ];
        const sameName = known.filter((k) => k.endsWith(` ${head}`));
        if (sameName.length) throw new AdminError(405, `stuntdouble: ${r.method} is not allowed on /__stuntdouble/${head}; use ${sameName.join(' or ')}`);
        throw new AdminError(404, `stuntdouble: no admin route ${r.method} /__stuntdouble/${r.segments.join('/')}.${didYouMean(key, known)}`, {
          routes: known,
        });
      }
    }
  }

  private service(raw: string): ServiceName {
    const s = serviceOrUndefined(raw);
    if (!s) throw new AdminError(404, `stuntdouble: unknown service '${raw}'.${didYouMean(raw, SERVICE_SPELLINGS)} Services: ${SERVICE_NAMES.join(', ')}`);
    return s;
  }

  private applyScenario(name: string, options: unknown): Record<string, unknown> {
    const factory = Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined;
    if (!factory)
      throw new AdminError(404, `stuntdouble: unknown scenario '${name}'.${didYouMean(name, Object.keys(SCENARIOS))} GET /__stuntdouble/scenarios lists them`);
    if (options !== undefined && options !== null && !isObject(options))
      throw new AdminError(400, `stuntdouble: scenario ${name}: options must be a JSON object`);
    let scenario: ReturnType<ScenarioFactory>;
    try {
      scenario = factory(options ?? {});
    } catch (err) {
      throw new AdminError(400, (err as Error).message);
    }
    let value: unknown;
    try {
      value = this.fakes.apply(scenario as never);
    } catch (err) {
      throw new AdminError(409, `stuntdouble: scenario ${name} could not be applied: ${(err as Error).message}`);
    }
    const h = this.remember(name, (scenario as { options?: unknown }).options, value, factory.service === 'all');
    return h ? this.handleJson(h) : { scenario: name, handles: value };
  }

  /** Keeps handles that carry functions (fault controls) so they can be called over HTTP. */
  private remember(scenario: string, options: unknown, value: unknown, fault: boolean): Handle | undefined {
    if (!isObject(value) || functionsOf(value).length === 0) return undefined;
    const h: Handle = { id: this.#nextHandle++, scenario, options, value, fault };
    this.#handles.set(h.id, h);
    if (this.#handles.size > MAX_HANDLES) this.#handles.delete(this.#handles.keys().next().value as number);
    return h;
  }

  private handleJson(h: Handle): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(h.value)) if (typeof v !== 'function') data[k] = v;
    const hits = typeof h.value.hits === 'function' ? (h.value.hits as () => unknown)() : undefined;
    return { scenario: h.scenario, id: h.id, options: h.options, handles: data, functions: functionsOf(h.value), ...(hits !== undefined ? { hits } : {}) };
  }

  private handleOf(raw: string): Handle {
    const h = this.#handles.get(Number(raw));
    if (!h)
      throw new AdminError(
        404,
        `stuntdouble: no handle '${raw}' (handles of the scenarios applied since the last reset: ${[...this.#handles.keys()].join(', ') || 'none'})`,
      );
    return h;
  }

  private clock(action: string | undefined, input: unknown): unknown {
    const c = this.fakes.clock;
    if (!isObject(input)) throw new AdminError(400, 'stuntdouble: clock calls take a JSON object');
    try {
      if (action === 'advance') {
        const by = input.by;
        if (typeof by !== 'string' && typeof by !== 'number')
          throw new AdminError(400, `stuntdouble: clock/advance takes { "by": "10m" | "90s" | "2h" | "3d" | ms }`);
        c.advance(by as never);
      } else if (action === 'set') {
        const at = input.at;
        if (typeof at !== 'string' && typeof at !== 'number')
          throw new AdminError(400, 'stuntdouble: clock/set takes { "at": "2024-01-01T00:00:00Z" | epoch ms }');
        c.set(at);
      } else if (action === 'freeze') {
        const at = input.at;
        if (at !== undefined && typeof at !== 'string' && typeof at !== 'number')
          throw new AdminError(400, 'stuntdouble: clock/freeze takes { "at"?: ISO | epoch ms }');
        c.freeze(at);
      } else {
        const actions = ['advance', 'set', 'freeze'];
        throw new AdminError(404, `stuntdouble: no clock action '${action ?? ''}'.${didYouMean(action ?? '', actions)} Actions: ${actions.join(', ')}`);
      }
    } catch (err) {
      if (err instanceof AdminError) throw err;
      throw new AdminError(400, (err as Error).message);
    }
    return clockJson(this.fakes);
  }

  /** `GET calls` / `GET unmatched`: filtered, paged, streamed. */
  private calls(list: readonly RecordedCall[], q: URLSearchParams, route: 'calls' | 'unmatched'): AdminAnswer {
    const { calls, headers } = pageOfCalls(
      list,
      parseCallQuery(q, this.#engine, (raw) => this.service(raw)),
      q,
      route,
    );
    return { stream: (res) => streamCalls(res, calls, headers) };
  }

  /** The data of the live page (and of `GET live`). */
  private liveData(recent: number, withScenarios: boolean) {
    const faults: FaultView[] = [...this.#handles.values()]
      .filter((h) => h.fault)
      .map((h) => {
        const j = this.handleJson(h);
        return { id: h.id, scenario: h.scenario, options: h.options, ...(j.hits !== undefined ? { hits: j.hits } : {}) };
      });
    return liveData(
      this.fakes,
      {
        epoch: this.#events.epoch,
        url: this.info.url,
        services: this.info.services,
        faults,
        ...(withScenarios ? { scenarios: Object.entries(SCENARIOS).map(([name, s]) => ({ name, service: s.service, description: s.description })) } : {}),
      },
      recent,
    );
  }

  /** The state of one service (or each) as a readable tree, secrets left out. */
  private stateTree(service: ServiceName | undefined): unknown {
    const state = this.fakes.state as unknown as Record<string, unknown>;
    if (service) return stateTree(service, state[service]);
    return Object.fromEntries(SERVICE_NAMES.map((n) => [n, stateTree(n, state[n])]));
  }

  private rebase(origin: string, value: unknown): unknown {
    return rebaseForServer(this.fakes, this.info.services, origin)(value);
  }

  private seedHelpers(service: ServiceName): Record<string, (...args: unknown[]) => unknown> {
    const seed = (this.fakes[service] as unknown as { seed?: Record<string, unknown> }).seed ?? {};
    const out: Record<string, (...args: unknown[]) => unknown> = {};
    for (const [k, v] of Object.entries(seed)) if (typeof v === 'function') out[k] = (v as (...a: unknown[]) => unknown).bind(seed);
    return out;
  }

  private async seed(tail: string[], input: unknown): Promise<unknown> {
    const service = this.service(need(tail[0], 'a service: POST /__stuntdouble/seed/{service}/{helper}'));
    const helpers = this.seedHelpers(service);
    const name = need(tail[1], `a seed helper: POST /__stuntdouble/seed/${service}/{${Object.keys(helpers).join('|')}}`);
    const fn = Object.hasOwn(helpers, name) ? helpers[name] : undefined;
    if (!fn)
      throw new AdminError(
        404,
        `stuntdouble: ${service} has no seed helper '${name}'.${didYouMean(name, Object.keys(helpers))} Helpers: ${Object.keys(helpers).join(', ')}`,
      );
    return { result: await callUser(() => fn(...argsOf(input))) };
  }
}

/** `{ "args": [...] }` spreads as arguments; any other body is the one argument; no body, none. */
function argsOf(input: unknown): unknown[] {
  if (input === undefined) return [];
  if (isObject(input) && Object.keys(input).length === 1 && Array.isArray(input.args)) return input.args;
  return [input];
}

/** Runs a seed helper or handle function: its own errors (bad input) answer 400 with its message. */
async function callUser(fn: () => unknown): Promise<unknown> {
  try {
    return await fn();
  } catch (err) {
    throw new AdminError(400, err instanceof Error ? err.message : String(err));
  }
}

function functionsOf(v: Record<string, unknown>): string[] {
  return Object.keys(v).filter((k) => typeof v[k] === 'function');
}

function clockJson(f: Fakes): { now: string; mode: string } {
  return { now: f.clock.now().toISOString(), mode: f.clock.mode };
}

function need(v: string | undefined, what: string): string {
  if (v === undefined || v === '') throw new AdminError(400, `stuntdouble: this admin call needs ${what}`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads an admin request's JSON body: undefined when empty; 400 when it is not JSON; 413 past the cap. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.byteLength;
      if (size > MAX_ADMIN_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (tooLarge) return reject(new AdminError(413, `stuntdouble: admin bodies are limited to ${MAX_ADMIN_BODY} bytes`));
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(new AdminError(400, `stuntdouble: the body is not valid JSON: ${(err as Error).message}`));
      }
    });
  });
}

function drainBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.complete) return resolve();
    req.on('data', () => undefined);
    req.on('end', () => resolve());
    req.on('error', () => resolve());
  });
}
