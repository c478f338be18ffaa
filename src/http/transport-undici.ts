import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { decide, holderOf, hooksNeeded, isGuarded } from './interception.js';
import { socketLevelInterceptorActive } from './load-nock.js';
import { directFor } from './transport-direct.js';
import { nockHooked } from './transport-nock.js';

function originOf(href: string): string {
  try {
    return new URL(href).origin;
  } catch {
    return '';
  }
}
import { serialize } from './response.js';

/**
 * undici's global dispatcher slot, shared by Node's bundled undici (global `fetch`, also a reference
 * captured before install) and the npm `undici` package (`request`, `fetch`, `stream`, ...).
 */
const SLOT = Symbol.for('undici.globalDispatcher.1');

type Handler = Record<string, unknown>;
interface DispatchOptions {
  origin?: string | URL;
  path?: string;
  method?: string;
  headers?: unknown;
  body?: unknown;
}
interface DispatcherLike {
  dispatch(opts: DispatchOptions, handler: Handler): boolean;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function headersOf(raw: unknown): Headers {
  const h = new Headers();
  const add = (k: unknown, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) for (const x of v) h.append(String(k), String(x));
    else h.append(String(k), String(v));
  };
  if (Array.isArray(raw)) {
    if (raw.length > 0 && Array.isArray(raw[0])) for (const [k, v] of raw as unknown[][]) add(k, v);
    else for (let i = 0; i + 1 < raw.length; i += 2) add(raw[i], raw[i + 1]);
  } else if (raw && typeof raw === 'object') {
    if (raw instanceof Headers)
      raw.forEach((v, k) => {
        h.append(k, v);
      });
    else for (const [k, v] of Object.entries(raw)) add(k, v);
  }
  return h;
}

async function bodyOf(body: unknown): Promise<Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof (body as Blob).arrayBuffer === 'function') return new Uint8Array(await (body as Blob).arrayBuffer());
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' || typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body as AsyncIterable<unknown>) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  return new TextEncoder().encode(String(body));
}

/** Feeds an answer to an undici handler, legacy (`onHeaders`) or new (`onResponseStart`, undici 7) style. */
function respond(handler: Handler, status: number, headers: Record<string, string>, body: Uint8Array | null): void {
  const call = (name: string, ...args: unknown[]) => (handler[name] as ((...a: unknown[]) => unknown) | undefined)?.apply(handler, args);
  if (typeof handler.onHeaders === 'function') {
    const raw: Buffer[] = [];
    for (const [k, v] of Object.entries(headers)) raw.push(Buffer.from(k), Buffer.from(v));
    call('onHeaders', status, raw, () => undefined, '');
    if (body && body.length > 0) call('onData', Buffer.from(body));
    call('onComplete', []);
    return;
  }
  const controller = { abort() {}, pause() {}, resume() {}, paused: false, aborted: false, reason: null };
  call('onResponseStart', controller, status, headers, '');
  if (body && body.length > 0) call('onResponseData', controller, Buffer.from(body));
  call('onResponseEnd', controller, {});
}

function fail(handler: Handler, error: Error): void {
  if (typeof handler.onError === 'function') (handler.onError as (e: Error) => void).call(handler, error);
  else if (typeof handler.onResponseError === 'function') (handler.onResponseError as (c: unknown, e: Error) => void).call(handler, {}, error);
}

function start(handler: Handler): { aborted: () => Error | undefined } {
  let reason: Error | undefined;
  const abort = (err?: Error) => {
    reason = err ?? Object.assign(new Error('Request aborted'), { name: 'AbortError' });
  };
  if (typeof handler.onConnect === 'function') (handler.onConnect as (a: typeof abort) => void).call(handler, abort);
  else if (typeof handler.onRequestStart === 'function') {
    const controller = { abort, pause() {}, resume() {}, paused: false, aborted: false, reason: null };
    (handler.onRequestStart as (c: unknown, ctx: unknown) => void).call(handler, controller, {});
  }
  return { aborted: () => reason };
}

/** Serves one undici dispatch by the fakes. */
async function serve(member: { engine: import('./dispatch.js').Engine }, href: string, opts: DispatchOptions, handler: Handler): Promise<void> {
  const state = start(handler);
  try {
    const method = (opts.method ?? 'GET').toUpperCase();
    const url = new URL(href);
    const body = await bodyOf(opts.body);
    const result = await member.engine.handle({ method, url, headers: headersOf(opts.headers), ...(body ? { body } : {}) });
    const aborted = state.aborted();
    if (aborted) return fail(handler, aborted);
    if (result.kind === 'network-error') return fail(handler, result.error);
    if (result.kind === 'unserved') return fail(handler, member.engine.unservedError(method, url));
    const out = serialize(result.response);
    const bytes = NULL_BODY.has(out.status) || method === 'HEAD' ? null : typeof out.body === 'string' ? new TextEncoder().encode(out.body) : out.body;
    respond(handler, out.status, out.headers, bytes);
  } catch (err) {
    fail(handler, err instanceof Error ? err : new Error(String(err)));
  }
}

function hrefOf(origin: string | URL | undefined, path: string | undefined): string | undefined {
  if (!origin) return undefined;
  try {
    return `${new URL(String(origin)).origin}${path ?? '/'}`;
  } catch {
    return undefined;
  }
}

/**
 * Routes one dispatch: a faked origin is served by the fakes; a refused request fails; anything else
 * goes on to `next`. Returns undefined when the request is not ours to answer.
 */
function route(opts: DispatchOptions, handler: Handler, href: string | undefined): boolean | undefined {
  if (!href) return undefined;
  const origin = originOf(href);
  // nock 15 intercepts undici below the dispatcher, at its sockets: what it should see goes on to it
  // (a faked origin served through nock, and other hosts: the program's own scopes answer first, its
  // 'no match' applies onUnhandledRequest).
  const socketLevel = socketLevelInterceptorActive();
  const method = (opts.method ?? 'GET').toUpperCase();
  const holder = holderOf(origin);
  if (holder) {
    if (socketLevel && !directFor(origin)) return undefined;
    void serve(holder, href, opts, handler);
    return true;
  }
  if (socketLevel && (nockHooked() || !isGuarded(origin))) return undefined;
  const decision = decide(method, href);
  if (decision.kind === 'fake') {
    void serve(decision.member, href, opts, handler);
    return true;
  }
  if (decision.kind === 'refuse') {
    start(handler);
    queueMicrotask(() => fail(handler, decision.error));
    return true;
  }
  return undefined;
}

/** The global dispatcher installed in front of whatever was there: faked origins to the fakes, the rest to the previous one. */
class FakeDispatcher extends EventEmitter {
  constructor(readonly previous: DispatcherLike) {
    super();
  }
  dispatch(opts: DispatchOptions, handler: Handler): boolean {
    return route(opts, handler, hrefOf(opts.origin, opts.path)) ?? this.previous.dispatch(opts, handler);
  }
  async close(): Promise<void> {}
  async destroy(): Promise<void> {}
}

let ours: FakeDispatcher | undefined;

function attachDispatcher(): void {
  const g = globalThis as unknown as Record<symbol, DispatcherLike | undefined>;
  if (ours && g[SLOT] === ours) return;
  // Node loads its bundled undici (and creates the default Agent) lazily, on first use of fetch/Headers.
  if (g[SLOT] === undefined) new Headers();
  const previous = g[SLOT];
  if (!previous) return;
  ours = new FakeDispatcher(previous);
  g[SLOT] = ours;
}

function detachDispatcher(): void {
  const g = globalThis as unknown as Record<symbol, DispatcherLike | undefined>;
  if (ours && g[SLOT] === ours) g[SLOT] = ours.previous;
  ours = undefined;
}

// ---- Pool / Client / Agent of the project's own undici ----------------------------------------------

let patched:
  | { proto: { dispatch: (opts: DispatchOptions, handler: Handler) => boolean }; original: (opts: DispatchOptions, handler: Handler) => boolean }
  | undefined;

/** The origin a Client or Pool was created for (undici keeps it under a private `url` symbol). */
function ownOrigin(self: object): string | undefined {
  for (const s of Object.getOwnPropertySymbols(self)) {
    if (s.description !== 'url') continue;
    const v = (self as Record<symbol, unknown>)[s];
    if (v && typeof v === 'object' && typeof (v as URL).origin === 'string') return (v as URL).origin;
  }
  return undefined;
}

/**
 * A `new Pool(origin)` / `new Client(origin)` of the npm undici package talks to its origin directly,
 * without the global dispatcher: patch their common base's `dispatch` in the copy the project resolves.
 */
function attachUndiciPatch(): void {
  if (patched) return;
  let Client: { prototype: object } | undefined;
  try {
    // Only a copy that is already loaded: loading undici for a project that does not use it would cost every test file.
    const req = createRequire(join(process.cwd(), 'noop.js'));
    const loaded = req.cache[req.resolve('undici')];
    if (!loaded) return;
    Client = (loaded.exports as { Client?: { prototype: object } }).Client;
  } catch {
    return;
  }
  if (!Client) return;
  const proto = Object.getPrototypeOf(Client.prototype) as { dispatch: (opts: DispatchOptions, handler: Handler) => boolean };
  if (typeof proto?.dispatch !== 'function') return;
  const original = proto.dispatch;
  proto.dispatch = function dispatch(this: object, opts: DispatchOptions, handler: Handler) {
    const href = hrefOf(opts?.origin ?? ownOrigin(this), opts?.path);
    return route(opts, handler, href) ?? original.call(this, opts, handler);
  };
  patched = { proto, original };
}

function detachUndiciPatch(): void {
  if (!patched) return;
  patched.proto.dispatch = patched.original;
  patched = undefined;
}

/** Puts the undici hooks in place while anything needs them, and takes them off after (restoring the previous dispatcher). */
export function syncUndiciHooks(): void {
  if (hooksNeeded()) {
    attachDispatcher();
    attachUndiciPatch();
  } else {
    detachDispatcher();
    detachUndiciPatch();
  }
}
