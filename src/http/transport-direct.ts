import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { NotInstalledError, UnhandledRequestError } from '../errors.js';
import type { Engine } from './dispatch.js';
import { decide, holderOf, hooksNeeded, isGuarded } from './interception.js';
import { nockIfLoaded, requireLocal, socketLevelInterceptorActive } from './load-nock.js';
import { retainMockSocketFixes } from './mock-socket.js';
import { abortReason, abortableResponse } from './abort.js';
import { type Hop, nextHop } from './redirect.js';
import { serialize } from './response.js';
import { NockTransport, nockHooked, syncNockHooks, userNockOrigins } from './transport-nock.js';

// The direct transport answers requests to faked hosts inside the interception layer that is already
// there (the @mswjs/interceptors instances nock 14 and msw 2 run), or in its own ClientRequest
// interceptor when there is none, so a request costs what the fake's own work costs: no nock playback,
// no timers. global fetch and undici are answered by the global dispatcher (transport-undici.ts).
//
// Living beside nock: the interceptors' 'request' listeners are called through `emitter.listeners()`;
// on each instance we gate, that method hands out one listener of ours, which answers a faked host
// itself and calls the real listeners (nock's) for everything else, in their order. nock therefore
// never sees a faked host (no 'no match', no "Disallowed net connect" for it), keeps answering its own
// scopes, and its net-connect settings keep governing other hosts. uninstall() puts the method back.

/** The parts of an @mswjs/interceptors 0.41 RequestController we use. */
interface Controller {
  readyState: number;
  respondWith(response: Response): unknown;
  errorWith(reason?: unknown): unknown;
}
interface RequestEvent {
  request: Request;
  controller: Controller;
}
type Listener = (this: unknown, ...args: unknown[]) => unknown;
interface EmitterLike {
  listeners(type: string): Listener[];
  addListener(type: string, listener: Listener): unknown;
}
interface InterceptorLike {
  emitter: EmitterLike;
  apply(): void;
  dispose(): void;
}

const PENDING = 0;
const NULL_BODY = new Set([101, 204, 205, 304]);
/** The global-symbol names @mswjs/interceptors 0.41 keeps its running client interceptors under. */
const KINDS = new Set(['client-request-interceptor', 'fetch-interceptor', 'xhr-interceptor']);

/** Which direct transport serves which faked origin. */
const served = new Map<string, DirectTransport>();

function originOf(href: string): string {
  try {
    return new URL(href).origin;
  } catch {
    return '';
  }
}

/** One instance's direct transport: its origins answered by the engine, with nock as the fallback for origins the program mocks itself. */
export class DirectTransport {
  #installed = false;
  /** Origins the program registered its own nock interceptors for: served through nock, so theirs keep precedence. */
  readonly viaNock: NockTransport;

  constructor(private readonly engine: Engine) {
    this.viaNock = new NockTransport(engine, 'some');
  }

  /** Whether install() ran and the interception is in place. */
  get installed(): boolean {
    return this.#installed && gate !== undefined;
  }

  /** Whether this transport answers an origin itself (false when the program's own nock interceptors for it take precedence). */
  answers(origin: string): boolean {
    return this.#installed && served.get(origin) === this && !this.viaNock.holds(origin);
  }

  install(): void {
    if (this.#installed) return;
    this.#installed = true;
    for (const origin of this.engine.origins()) served.set(origin, this);
    this.viaNock.install();
    // The program's nock interceptors for a faked host, registered before install(), keep precedence.
    const nock = nockIfLoaded();
    if (nock) for (const origin of userNockOrigins(nock, this.engine.origins())) this.viaNock.addOrigin(origin);
  }

  uninstall(): void {
    if (!this.#installed) return;
    this.viaNock.uninstall();
    for (const origin of this.engine.origins()) if (served.get(origin) === this) served.delete(origin);
    this.#installed = false;
  }

  /** Answers one request with the fake, through an interceptor's controller. */
  async answer(request: Request, controller: Controller): Promise<void> {
    const method = request.method;
    try {
      const url = new URL(request.url);
      const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
      const result = await this.engine.handle({ method, url, headers: request.headers, ...(body ? { body } : {}) }, request.signal);
      if (controller.readyState !== PENDING) return;
      if (result.kind === 'network-error') return void (await controller.errorWith(result.error));
      if (result.kind === 'unserved') return void (await controller.errorWith(this.engine.unservedError(method, url)));
      const out = serialize(result.response);
      const payload = NULL_BODY.has(out.status) || method === 'HEAD' ? null : out.body;
      await controller.respondWith(new Response(payload as BodyInit | null, { status: out.status, headers: out.headers }));
    } catch (err) {
      if (controller.readyState === PENDING) await controller.errorWith(err instanceof Error ? err : new Error(String(err)));
    }
  }
}

/** The direct transport answering an origin itself, if any (undici's dispatcher asks too). */
export function directFor(origin: string): DirectTransport | undefined {
  const t = served.get(origin);
  return t?.answers(origin) ? t : undefined;
}

// ---- the gate on the interceptors' 'request' listeners, process-wide ---------------------------------

let gate:
  | {
      /** Our own ClientRequest interceptor, when none was running (kept across detach only when another library runs on it). */
      own: InterceptorLike | undefined;
      /** Gated emitters and the `listeners` method they had. */
      gated: Map<EmitterLike, EmitterLike['listeners']>;
      ownAddListener: EmitterLike['addListener'] | undefined;
      /** globalThis.fetch as found, when we wrapped it (no fetch interceptor was running). */
      fetchBefore: typeof fetch | undefined;
      /** Releases the fixes of the interceptors' mock sockets (mock-socket.ts). */
      releaseSocketFixes: () => void;
    }
  | undefined;

let ourFetch: typeof fetch | undefined;

/**
 * Our global `fetch` when no fetch interceptor runs: answers faked hosts (and refusals) itself, passes
 * everything else to the fetch it wrapped. It reaches `fetch` where undici's dispatcher cannot: a test
 * runner's own global object (Jest's environment), whose fetch reads the dispatcher of another realm.
 */
function wrapFetch(original: typeof fetch): typeof fetch {
  return async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    if (!gate) return original(input, init);
    // A host the nock transport holds is nock's to answer: handed over untouched.
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (holderOf(originOf(href)) && !directFor(originOf(href))) return original(input, init);
    let request = new Request(input, init);
    const { signal, redirect: mode } = request;
    // Without a signal of the caller's (none in `init`, the input no Request) nothing can abort the
    // request: the answer's body needs no abortable wrapper (a second Response and stream per request).
    const abortable = init?.signal != null || (typeof input === 'object' && !(input instanceof URL));
    // As fetch: an aborted request rejects with the signal's reason, before and while it is answered.
    signal.throwIfAborted();
    // Kept for a redirect (307/308 send it again) from a host we answer.
    const body = request.body && directFor(originOf(request.url)) ? new Uint8Array(await request.clone().arrayBuffer()) : undefined;
    let hop: Hop = { url: new URL(request.url), method: request.method, headers: request.headers, body };
    // A redirect from a faked host is followed as fetch follows it: to the fake, or past it to `original`.
    for (let count = 0; ; count++) {
      let response: Response | undefined;
      try {
        response = await answerHere(request);
      } catch (err) {
        throw abortReason(signal, err);
      }
      if (response) signal.throwIfAborted();
      if (!response) {
        // The request as built here: building it took the body of a Request passed in.
        if (count === 0) return original(request);
        return original(request.url, { method: hop.method, headers: hop.headers, signal, redirect: mode, ...(hop.body ? { body: hop.body as BodyInit } : {}) });
      }
      const next = nextHop(response.status, response.headers.get('location'), hop, mode, count);
      if (!next) {
        Object.defineProperty(response, 'url', { value: request.url });
        if (count > 0) Object.defineProperty(response, 'redirected', { value: true });
        return abortable ? abortableResponse(response, signal) : response;
      }
      hop = next;
      request = new Request(hop.url, { method: hop.method, headers: hop.headers, signal, ...(hop.body ? { body: hop.body as BodyInit } : {}) });
    }
  } as typeof fetch;
}

/** Offers one request to the fakes (and the refusal rules): their answer, undefined to pass it on, or fetch's error. */
async function answerHere(request: Request): Promise<Response | undefined> {
  let response: Response | undefined;
  let failure: unknown;
  const controller: Controller = {
    readyState: PENDING,
    respondWith(r) {
      this.readyState = 2;
      response = r;
    },
    errorWith(e) {
      this.readyState = 3;
      failure = e;
    },
  };
  await onRequest({ request, controller }, [], undefined);
  if (controller.readyState === 3) throw new TypeError('fetch failed', { cause: failure });
  return response;
}

/** The running @mswjs/interceptors 0.41 client interceptors (nock 14's, msw 2's, ours), by their global symbols. */
function runningInstances(): Map<string, InterceptorLike> {
  const out = new Map<string, InterceptorLike>();
  for (const s of Object.getOwnPropertySymbols(globalThis)) {
    if (!s.description || !KINDS.has(s.description)) continue;
    const v = (globalThis as unknown as Record<symbol, unknown>)[s] as Partial<InterceptorLike> | undefined;
    if (v && typeof v === 'object' && v.emitter && typeof v.emitter.listeners === 'function') out.set(s.description, v as InterceptorLike);
  }
  return out;
}

/** Routes one intercepted request: a faked host to its fake, everything else to the real listeners, then to onUnhandledRequest. */
async function onRequest(event: RequestEvent, real: readonly Listener[], self: unknown, fromFetch = false): Promise<void> {
  const { request, controller } = event;
  const forward = async () => {
    for (const listener of real) {
      try {
        await listener.apply(self, [event]);
      } catch (error) {
        // nock's listener throws our refusal from its 'no match' event (transport-nock's onNoMatch):
        // refuse the request with it as a refused connection fails, fetch with its own
        // TypeError('fetch failed') whose cause is ours (the fetch interceptor rejects with what it is given).
        if (!(error instanceof NotInstalledError || error instanceof UnhandledRequestError)) throw error;
        if (controller.readyState === PENDING) await controller.errorWith(fromFetch ? new TypeError('fetch failed', { cause: error }) : error);
        return;
      }
    }
  };
  const origin = originOf(request.url);
  if (holderOf(origin)) {
    const t = directFor(origin);
    // Held by the nock transport, or the program's own nock interceptors take precedence: nock answers.
    return t ? t.answer(request, controller) : forward();
  }
  // The program's own interceptors answer first (also for a guarded host: a user's nock scope for a
  // host we fake while nothing is installed is theirs, as with the nock transport).
  await forward();
  if (controller.readyState !== PENDING) return;
  const socketLevel = socketLevelInterceptorActive();
  // nock saw it (here, or at its socket below: nock 15) and applies onUnhandledRequest and the guard
  // through its 'no match' event; another socket-level interceptor (msw 3) decides about other hosts.
  if (nockHooked() && (real.length > 0 || socketLevel)) return;
  if (socketLevel && !isGuarded(origin)) return;
  const decision = decide(request.method, request.url);
  if (decision.kind === 'refuse') await controller.errorWith(decision.error);
}

function gateEmitter(emitter: EmitterLike, kind: string): void {
  if (!gate || gate.gated.has(emitter)) return;
  const original = emitter.listeners;
  const realListeners = (type: string) => original.call(emitter, type) as Listener[];
  const listener: Listener = function (this: unknown, event) {
    return onRequest(event as RequestEvent, realListeners('request'), this, kind === 'fetch-interceptor');
  };
  emitter.listeners = function listeners(type: string) {
    return type === 'request' ? [listener] : realListeners(type);
  };
  gate.gated.set(emitter, original);
}

/** Gates every running client interceptor; called at attach and when another instance joins ours (nock loaded later). */
function rescan(): void {
  if (!gate) return;
  for (const [kind, instance] of runningInstances()) gateEmitter(instance.emitter, kind);
  syncNockHooks();
}

/**
 * The ClientRequest interceptor we run when none is running: the one of @mswjs/interceptors' node
 * preset (CommonJS copy, the one nock 14 and msw 2 load). nock 14, when first loaded, disposes that
 * very instance (its recorder's restore()) and then applies it again: were ours another instance, that
 * dispose would clear the global slot ours is registered under (it clears whatever is there), nock
 * would then patch http a second time above ours, and every request would be normalised twice
 * (`https.get(url, cb)` throwing "Cannot convert undefined or null to object") and seen by our
 * listeners only, never nock's. On the preset's instance, nock's dispose undoes our patch and its
 * apply makes it again: one patch, one emitter (still gated), nock's listeners on it.
 */
function ownClientRequestInterceptor(): InterceptorLike {
  const preset = requireLocal<InterceptorLike[] | { default?: InterceptorLike[] }>('@mswjs/interceptors/presets/node');
  const list = Array.isArray(preset) ? preset : preset.default;
  const candidate = list?.find((i) => (i.constructor as { symbol?: symbol }).symbol?.description === 'client-request-interceptor');
  // An instance still marked applied would not apply again (no one else clears the slot of an applied one).
  if (candidate && (candidate as { readyState?: string }).readyState !== 'APPLIED') return candidate;
  const { ClientRequestInterceptor } = requireLocal<{ ClientRequestInterceptor: new () => InterceptorLike }>('@mswjs/interceptors/ClientRequest');
  return new ClientRequestInterceptor();
}

type RequestFunction = (...args: unknown[]) => http.ClientRequest;
type RequestFunctions = Record<'httpRequest' | 'httpGet' | 'httpsRequest' | 'httpsGet', RequestFunction>;

function requestFunctions(): RequestFunctions {
  return { httpRequest: http.request, httpGet: http.get, httpsRequest: https.request, httpsGet: https.get } as RequestFunctions;
}

/** The origin an http(s).request/get call addresses (url string, URL, options, url + options), or '' when unclear. */
function originOfCall(protocol: string, args: readonly unknown[]): string {
  const [first, second] = args;
  const options = (first && typeof first === 'object' && !(first instanceof URL) ? first : second) as
    | { protocol?: unknown; hostname?: unknown; host?: unknown; port?: unknown }
    | undefined;
  try {
    const url = typeof first === 'string' || first instanceof URL ? new URL(first) : new URL(`${protocol}//localhost`);
    if (options && typeof options === 'object') {
      if (typeof options.protocol === 'string') url.protocol = options.protocol;
      const host = typeof options.hostname === 'string' ? options.hostname : typeof options.host === 'string' ? options.host.replace(/:\d+$/, '') : undefined;
      if (host) url.hostname = host;
      if (options.port !== undefined && options.port !== null && options.port !== '') url.port = String(options.port);
    }
    return url.origin;
  } catch {
    return '';
  }
}

/**
 * Whether an http(s) request must go through our ClientRequest interceptor. Under a socket-level
 * interceptor (nock 15) only what we answer or refuse does: a request we would pass through would
 * reach nock 15 through @mswjs/interceptors 0.41's passthrough socket, which nock 15's mock socket
 * breaks (`read ENOTCONN`), so it goes to http's own function instead, below which nock 15 sees it.
 */
function throughInterceptor(protocol: string, args: readonly unknown[]): boolean {
  if (!gate || !socketLevelInterceptorActive()) return true;
  const own = gate.own;
  const realListeners = own ? gate.gated.get(own.emitter) : undefined;
  // Someone listens on our instance (msw 2): theirs to answer what we do not.
  if (own && realListeners && realListeners.call(own.emitter, 'request').length > 0) return true;
  const origin = originOfCall(protocol, args);
  if (holderOf(origin)) return directFor(origin) !== undefined;
  return !nockHooked() && isGuarded(origin);
}

/** Puts a router above our interceptor's http/https functions: what it needs not see goes to the functions as they were. */
function routeAroundInterceptor(before: RequestFunctions): void {
  const patched = requestFunctions();
  const route = (protocol: string, viaInterceptor: RequestFunction, direct: RequestFunction): RequestFunction =>
    function (this: unknown, ...args: unknown[]) {
      return (throughInterceptor(protocol, args) ? viaInterceptor : direct).apply(this, args);
    };
  http.request = route('http:', patched.httpRequest, before.httpRequest) as typeof http.request;
  http.get = route('http:', patched.httpGet, before.httpGet) as typeof http.get;
  https.request = route('https:', patched.httpsRequest, before.httpsRequest) as typeof https.request;
  https.get = route('https:', patched.httpsGet, before.httpsGet) as typeof https.get;
}

function attachGate(): void {
  if (gate) {
    rescan();
    return;
  }
  gate = { own: undefined, gated: new Map(), ownAddListener: undefined, fetchBefore: undefined, releaseSocketFixes: retainMockSocketFixes() };
  if (!runningInstances().has('client-request-interceptor')) {
    const own = ownClientRequestInterceptor();
    const before = requestFunctions();
    own.apply();
    routeAroundInterceptor(before);
    // `import { request } from 'node:https'` taken earlier sees the patched functions too.
    syncBuiltinESMExports();
    gate.own = own;
    const emitter = own.emitter;
    const add = emitter.addListener;
    gate.ownAddListener = add;
    emitter.addListener = function addListener(this: EmitterLike, type: string, l: Listener) {
      const result = add.call(this, type, l);
      // nock (or msw) joined our instance: gate its other interceptors once it has set them up.
      queueMicrotask(rescan);
      return result;
    };
  }
  if (!runningInstances().has('fetch-interceptor') && typeof globalThis.fetch === 'function') {
    // A fetch wrapped by us earlier (left in place under someone else's wrapper) is reused, never stacked.
    if (globalThis.fetch !== ourFetch) {
      gate.fetchBefore = globalThis.fetch;
      ourFetch = wrapFetch(globalThis.fetch);
      globalThis.fetch = ourFetch;
    }
  }
  rescan();
}

function detachGate(): void {
  const g = gate;
  if (!g) return;
  gate = undefined;
  g.releaseSocketFixes();
  // Put fetch back unless someone wrapped it after us (ours then passes everything through, gate gone).
  if (g.fetchBefore && globalThis.fetch === ourFetch) {
    globalThis.fetch = g.fetchBefore;
    ourFetch = undefined;
  }
  for (const [emitter, original] of g.gated) {
    if (Object.hasOwn(emitter, 'listeners')) delete (emitter as Partial<EmitterLike>).listeners;
    if (emitter.listeners !== original) emitter.listeners = original;
  }
  if (!g.own) return;
  const own = g.own;
  const emitter = own.emitter;
  if (g.ownAddListener && Object.hasOwn(emitter, 'addListener')) delete (emitter as Partial<EmitterLike>).addListener;
  // Someone started on our interceptor after us (msw, or a nock loaded after install(): its listeners
  // joined ours, or it stacked its own patch above ours). Disposing ours would restore http's functions
  // under their feet and break their interception: ours stays, passing every request through to them.
  const current = runningInstances().get('client-request-interceptor');
  if (current !== own || emitter.listeners('request').length > 0) return;
  own.dispose();
  syncBuiltinESMExports();
}

/** Puts the gate in place while anything needs the hooks and takes it away after. */
export function syncDirectHooks(): void {
  if (hooksNeeded()) attachGate();
  else detachGate();
}

/** Whether the gate is in place (for tests of what install()/uninstall() leave behind). */
export function directGateAttached(): boolean {
  return gate !== undefined;
}
